"""The history's tables, its rows as read back, the games' kinds, and the row digest.

Every game of every kind is one row of ``games``: who played it, when, its seed,
whether it is finished, a **summary** (a small JSON object of what the game's
statistics and listings need, written by the game's own code) and its **record**
(the JSON the game replays from). What a summary holds is the game's business:
the store is handed a :class:`Kind` per game, whose ``check`` says whether a
summary is one that game writes.

Beside ``games``, ``screens`` keeps a game in progress's screen state (how far the
player has looked through its events, say): a session's own, never part of the
game's record, gone once the game is finished; its digest covers the record it was
kept beside, so a record saved again without it (by an earlier release, say) leaves
it unread. ``reviews`` keeps a finished game's review (:mod:`solitaire.store.reviews`),
``practice`` and ``answers`` the practice (:mod:`solitaire.store.practice`).
These tables were added to schema 3
without a new version: a history of an earlier release gains it when opened for
play, and an earlier release reads a history that has it.

Each row carries a digest: HMAC-SHA256 of all its fields under the history's own
key, so a row cannot be edited by hand, or copied in from another history, and still
check out. The key is kept in the database itself (``history_key``, added to schema 3
like ``screens``), so a copy of the file carries it: an earlier release kept it in a
side file, ``history.key``, which is read into the table the first time the history
is opened for play. ``since`` is the first game id the key signed: a row below it was
stored under a key the history no longer has (the side file was lost), and is shown
unchecked rather than skipped.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from solitaire.core.limits import MAX_SEED_DIGITS
from solitaire.store.practice import ANSWERS, PRACTICE
from solitaire.store.reviews import REVIEWS

__all__ = [
    "KEYS",
    "SCHEMA",
    "SCHEMA_VERSION",
    "SCREENS",
    "YOU",
    "GameRow",
    "Kind",
    "Summary",
    "digest",
    "screen_digest",
    "unreadable",
]

SCHEMA_VERSION: Final = 3
YOU: Final = "you"
MAX_RECORD: Final = 1 << 20  # characters; a record is a few kilobytes
MAX_SUMMARY: Final = 1 << 14  # characters; a summary is a few hundred

SCREENS: Final = """CREATE TABLE IF NOT EXISTS screens (
    id INTEGER PRIMARY KEY,
    state TEXT NOT NULL,
    digest TEXT NOT NULL
)"""
KEYS: Final = """CREATE TABLE IF NOT EXISTS history_key (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    key BLOB NOT NULL,
    since INTEGER NOT NULL
)"""
SCHEMA: Final = (
    """CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    played_by TEXT NOT NULL,
    played_at TEXT NOT NULL,
    seed TEXT,
    finished INTEGER NOT NULL,
    summary TEXT NOT NULL,
    record TEXT NOT NULL,
    digest TEXT
)""",
    "CREATE INDEX IF NOT EXISTS games_by_state ON games (kind, finished)",
    SCREENS,
    KEYS,
    REVIEWS,
    PRACTICE,
    ANSWERS,
)
COLUMNS: Final = ("kind", "played_by", "played_at", "seed", "finished", "summary", "record")
DIGESTED: Final = tuple(c for c in COLUMNS if c != "played_at")  # it changes alone

_NAME: Final = re.compile(r"[a-z][a-z0-9-]{0,23}")  # a kind, "you" or a strategy or level
_SEED: Final = re.compile(f"[0-9]{{1,{MAX_SEED_DIGITS}}}")
_TIMESTAMP: Final = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


@dataclass(frozen=True, slots=True)
class Kind:
    """What the store is told of one game (by the layer above, from the game's own code).

    ``check(summary)`` says why a summary read back is not one this game writes (None
    when it is); ``migrate(record, old)`` makes the :class:`Summary` of a row of an
    older history from its record's text and its old columns (empty for a saved game
    of the first version), raising a ``CribsolError`` or ``ValueError`` when the
    record or a column does not check out.
    """

    name: str  # the kind column: "patience", "match", "drill", "tiles"
    noun: str  # in a sentence: "patience game", "match", "drill", "tile game"
    check: Callable[[Mapping[str, Any]], str | None]
    migrate: Callable[[str, Mapping[str, Any]], Summary]


@dataclass(frozen=True, slots=True)
class Summary:
    """What a game's row says beside its record: its seed, finished or not, and the
    game's own summary fields (what its statistics and listings read)."""

    seed: int | None
    finished: bool
    fields: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class GameRow:
    """One stored game, checked: every field's type, and its digest unless ``checked`` is
    False (stored under a key the history no longer has: shown, marked as unchecked)."""

    id: int
    kind: str
    played_by: str  # "you", or the --auto strategy
    played_at: str  # when it was last played
    seed: int | None
    finished: bool
    summary: Mapping[str, Any]  # checked by the game's Kind
    checked: bool = True  # False: its digest could not be checked (its key is lost)


def digest(key: bytes, game_id: int, values: Mapping[str, object]) -> str:
    """The row's digest under the history's key: its id and every stored field but when
    it was last played (checked for its form when read, never shown raw)."""
    parts = [str(game_id).encode()]
    add = parts.append  # (every row of a history is checked: 10,000 for a listing)
    for name in DIGESTED:  # each field tagged by its type and length: no two rows alike
        value = values[name]
        if isinstance(value, str):
            data = value.encode("utf-8", "surrogatepass")
            add(b"s%d:" % len(data))
        elif isinstance(value, bytes):
            data = value  # text read as its bytes (the record, when listing)
            add(b"s%d:" % len(data))
        elif value is None:
            data = b""
            add(b"n0:")
        else:
            data = repr(value).encode()
            add(b"%s%d:" % (type(value).__name__[:1].encode(), len(data)))
        add(data)
    return hmac.digest(key, b"".join(parts), hashlib.sha256).hex()


def screen_digest(key: bytes, game_id: int, kind: str, state: str, record: str) -> str:
    """A screen state's digest under the history's key: tied to its game's id and kind and
    to the record it was kept beside (a record saved again without it leaves it stale)."""
    parts = [b"screen %d %s" % (game_id, kind.encode())]
    for text in (state, record):
        data = text.encode("utf-8", "surrogatepass")
        parts += (b"%d:" % len(data), data)
    return hmac.digest(key, b"".join(parts), hashlib.sha256).hex()


def unreadable(values: Mapping[str, object]) -> str | None:
    """The first column that does not hold what this program writes there, or None."""
    for name in ("kind", "played_by"):
        value = values[name]
        if not (isinstance(value, str) and _NAME.fullmatch(value)):
            return f"its {name} is not one this program writes"
    seed = values["seed"]
    if seed is not None and not (isinstance(seed, str) and _SEED.fullmatch(seed)):
        return f"its seed is not a whole number of at most {MAX_SEED_DIGITS} digits"
    if type(values["finished"]) is not int or values["finished"] not in (0, 1):
        return "its finished flag is not 0 or 1"
    summary, record = values["summary"], values["record"]
    if not isinstance(summary, str) or len(summary) > MAX_SUMMARY:
        return f"its summary is not text of at most {MAX_SUMMARY} characters"
    if not isinstance(record, str | bytes) or len(record) > 4 * MAX_RECORD:
        return "its record is not text of at most 1 MB"  # bytes when listed: 4 a character
    return None


def when(value: object) -> str:
    """A row's time as stored, or a placeholder when it is not one this program writes."""
    if isinstance(value, str) and _TIMESTAMP.fullmatch(value):
        return value
    return "????-??-?? ??:??"
