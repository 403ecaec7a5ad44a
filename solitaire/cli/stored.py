"""The history's games as ``stats`` and ``history`` read them: every row checked, its
summary read, nothing replayed (so nothing of an engine's search is loaded)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from solitaire.core.secret import SEED_CHOSEN
from solitaire.match.summary import drill_tally_of
from solitaire.match.tally import DrillTally
from solitaire.store import YOU, GameRow, History, StoreError
from solitaire.ui.kinds import DRILL, MATCH, TILES
from solitaire.ui.match.views import StoredMatch
from solitaire.ui.tiles.views import StoredTiles

__all__ = [
    "drill_tallies",
    "drills_of",
    "finished_matches",
    "finished_tile_games",
    "matches_of",
    "secret_ids",
    "stored_drills",
    "stored_matches",
    "stored_tile_games",
    "tile_games_of",
]


def secret_ids(history: History, rows: Iterable[GameRow]) -> set[int]:
    """The ids of those games whose seed is still secret: unfinished, and dealt from a
    random seed, as their records say (only an unfinished game's record is read; one that
    cannot be read is taken as secret)."""
    secret = set()
    for row in rows:
        if row.finished:
            continue
        try:
            data = json.loads(history.stored_record(row.id, row.kind)[1])
        except (StoreError, ValueError, RecursionError):
            secret.add(row.id)
            continue
        if not isinstance(data, dict) or data.get(SEED_CHOSEN, True) is not True:
            secret.add(row.id)
    return secret


def stored_matches(history: History, limit: int | None = None) -> list[StoredMatch]:
    """The history's matches that check out, newest first (finished or not)."""
    return matches_of(history.games(limit, kind=MATCH))


def matches_of(rows: Iterable[GameRow]) -> list[StoredMatch]:
    """Checked match rows as the listings read them."""
    return [StoredMatch(row, row.summary["opponent"], row.summary) for row in rows]


def finished_matches(rows: Iterable[GameRow]) -> list[Mapping[str, Any]]:
    """The checked summaries of your finished matches among these match rows."""
    return [row.summary for row in rows if row.finished and row.played_by == YOU]


def stored_drills(history: History, limit: int | None = None) -> list[tuple[GameRow, DrillTally]]:
    """Your drills that check out, newest first, each with its graded cards."""
    return drills_of(history.games(limit, kind=DRILL))


def drills_of(rows: Iterable[GameRow]) -> list[tuple[GameRow, DrillTally]]:
    """Checked drill rows, each with its graded cards."""
    return [(row, drill_tally_of(row.summary)) for row in rows]


def drill_tallies(history: History) -> list[DrillTally]:
    """Your drills' graded cards, newest first."""
    return [tally for _, tally in stored_drills(history)]


def stored_tile_games(history: History, limit: int | None = None) -> list[StoredTiles]:
    """The history's tile games that check out, newest first (finished or not)."""
    return tile_games_of(history.games(limit, kind=TILES))


def tile_games_of(rows: Iterable[GameRow]) -> list[StoredTiles]:
    """Checked tile rows as the listings read them."""
    return [StoredTiles(row, list(row.summary["names"]), row.summary) for row in rows]


def finished_tile_games(history: History) -> list[Mapping[str, Any]]:
    """The checked summaries of the finished tile games played at this keyboard."""
    return [s.summary for s in stored_tile_games(history) if s.row.finished]
