"""Storage: every game of every kind, finished or in progress, in one SQLite history.

The store knows no game: each game hands it a :class:`Kind` (how to check the
summary its rows carry, how to read an older history's row), through the layer
above (``solitaire.ui.kinds``). ``schema`` (the table, rows, digests),
``history`` (reading and writing), ``migration`` (older histories), ``locks``
(one copy per game) and ``paths`` (the data directory).
"""

from __future__ import annotations

from solitaire.store.history import History
from solitaire.store.locks import GameLock
from solitaire.store.paths import (
    GameBusyError,
    NotInProgressError,
    SaveError,
    StoreError,
    default_data_dir,
    reading_data_dir,
    resolve_data_dir,
    set_aside,
)
from solitaire.store.schema import SCHEMA_VERSION, YOU, GameRow, Kind, Summary

__all__ = [
    "SCHEMA_VERSION",
    "YOU",
    "GameBusyError",
    "GameLock",
    "GameRow",
    "History",
    "Kind",
    "NotInProgressError",
    "SaveError",
    "StoreError",
    "Summary",
    "default_data_dir",
    "reading_data_dir",
    "resolve_data_dir",
    "set_aside",
]
