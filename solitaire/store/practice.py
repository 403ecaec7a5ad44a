"""Practice kept in the history: each position's box, and every answer given.

``practice`` holds one row a position: its kind ("count", and the kinds drawn from
reviewed games), where it comes from (``source``: the cards of a counting puzzle, or
the game and decision it was drawn from) and where it stands in the schedule
(``state``: :func:`solitaire.core.schedule.box_json`). ``answers`` holds one row an
answer: right or not, what was answered and the seconds it took. Every row is signed
with the history's key like the games, so a row edited by hand is left out, never
believed; all of it is still untrusted JSON for the caller to read strictly.

The tables were added to schema 3 without a new version, like ``screens``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from solitaire.store.paths import SaveError

__all__ = [
    "ANSWERS",
    "MAX_PRACTICE_TEXT",
    "PRACTICE",
    "StoredAnswer",
    "StoredItem",
    "add_answer",
    "add_item",
    "read_answers",
    "read_items",
]

PRACTICE: Final = """CREATE TABLE IF NOT EXISTS practice (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    source TEXT NOT NULL,
    state TEXT NOT NULL,
    digest TEXT NOT NULL
)"""
ANSWERS: Final = """CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY,
    item INTEGER NOT NULL,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    digest TEXT NOT NULL
)"""
MAX_PRACTICE_TEXT: Final = 1 << 12  # characters of a source, a state or an answer


@dataclass(frozen=True, slots=True)
class StoredItem:
    """A practice position as kept: its id, kind, source and state (untrusted JSON)."""

    id: int
    kind: str
    source: Any
    state: Any


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    """An answer as kept: its id, the position it answered, and its body (untrusted)."""

    id: int
    item: int
    body: Any


def _sign(key: bytes, table: str, row_id: int, *texts: str) -> str:
    parts = [b"%s %d" % (table.encode(), row_id)]
    for text in texts:
        data = text.encode("utf-8", "surrogatepass")
        parts += (b"%d:" % len(data), data)
    return hmac.digest(key, b"".join(parts), hashlib.sha256).hex()


def _signed(keys: Sequence[bytes], stored: object, table: str, row_id: int, *texts: str) -> bool:
    return isinstance(stored, str) and any(
        hmac.compare_digest(stored, _sign(key, table, row_id, *texts)) for key in keys
    )


def _text(value: Mapping[str, Any]) -> str:
    text = json.dumps(dict(value), separators=(",", ":"))
    if len(text) > MAX_PRACTICE_TEXT:
        raise SaveError("the practice position is larger than the history keeps")
    return text


def add_item(
    conn: sqlite3.Connection,
    key: bytes,
    kind: str,
    source: Mapping[str, Any],
    state: Mapping[str, Any],
    item_id: int | None = None,
) -> int:
    """Add a position (or, with ``item_id``, put its new state), in the caller's
    transaction; returns its id."""
    if item_id is None:
        item_id = int(conn.execute("SELECT coalesce(max(id), 0) + 1 FROM practice").fetchone()[0])
    source_text, state_text = _text(source), _text(state)
    conn.execute(
        "INSERT OR REPLACE INTO practice (id, kind, source, state, digest) VALUES (?, ?, ?, ?, ?)",
        (
            item_id,
            kind,
            source_text,
            state_text,
            _sign(key, "practice", item_id, kind, source_text, state_text),
        ),
    )
    return item_id


def add_answer(
    conn: sqlite3.Connection, key: bytes, item_id: int, kind: str, body: Mapping[str, Any]
) -> None:
    """Add an answer to a position, in the caller's transaction."""
    answer_id = int(conn.execute("SELECT coalesce(max(id), 0) + 1 FROM answers").fetchone()[0])
    text = _text(body)
    conn.execute(
        "INSERT INTO answers (id, item, kind, body, digest) VALUES (?, ?, ?, ?, ?)",
        (
            answer_id,
            item_id,
            kind,
            text,
            _sign(key, "answers", answer_id, str(item_id), kind, text),
        ),
    )


def _loaded(text: object) -> Any:
    if not isinstance(text, str) or len(text) > MAX_PRACTICE_TEXT:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def read_items(conn: sqlite3.Connection, keys: Sequence[bytes], kind: str) -> list[StoredItem]:
    """Every position of ``kind`` that checks out, by id."""
    try:
        rows = conn.execute(
            "SELECT id, kind, source, state, digest FROM practice WHERE kind = ? ORDER BY id",
            (kind,),
        ).fetchall()
    except sqlite3.OperationalError:  # an earlier release's history, read as it is
        return []
    found = []
    for item_id, stored_kind, source, state, stored in rows:
        if not (type(item_id) is int and isinstance(source, str) and isinstance(state, str)):
            continue
        if _signed(keys, stored, "practice", item_id, stored_kind, source, state):
            found.append(StoredItem(item_id, kind, _loaded(source), _loaded(state)))
    return found


def read_answers(conn: sqlite3.Connection, keys: Sequence[bytes], kind: str) -> list[StoredAnswer]:
    """Every answer to positions of ``kind`` that checks out, in the order given."""
    try:
        rows = conn.execute(
            "SELECT id, item, kind, body, digest FROM answers WHERE kind = ? ORDER BY id", (kind,)
        ).fetchall()
    except sqlite3.OperationalError:
        return []
    found = []
    for answer_id, item_id, stored_kind, body, stored in rows:
        if not (type(answer_id) is int and type(item_id) is int and isinstance(body, str)):
            continue
        if _signed(keys, stored, "answers", answer_id, str(item_id), stored_kind, body):
            found.append(StoredAnswer(answer_id, item_id, _loaded(body)))
    return found
