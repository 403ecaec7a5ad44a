"""Older histories brought to the current schema, losing nothing.

- **Version 1** (the first version): patience games only, seeds as INTEGER, the
  game in progress in ``current.json``, no digest. Each row is replayed from its
  record and checked against its columns.
- **Version 2**: every game in one table with the patience's own columns, rows
  digested with a plain SHA-256. Each row's old digest is checked, and its record
  read by its game's own code (the :class:`Kind` handed to the store) into the
  summary the game's statistics read.
- Every migrated row is digested again under the history's key. A row that does
  not check out is kept as it was (in its record column, as JSON) with the reason,
  reported and skipped, never lost.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Final

from solitaire.core.errors import CribsolError
from solitaire.core.words import plural
from solitaire.store.paths import StoreError, problem, set_aside
from solitaire.store.schema import COLUMNS, MAX_RECORD, SCHEMA, SCHEMA_VERSION, YOU, Kind, digest

__all__ = [
    "UNMIGRATED",
    "ForeignError",
    "check_shape",
    "check_version",
    "import_saved_game",
    "migrate",
    "tables",
    "transaction",
]

UNMIGRATED: Final = "unmigrated"  # the digest of a row kept as it was, with its reason
PATIENCE: Final = "patience"

_V1_COLUMNS: Final = (
    "id",
    "played_at",
    "deal_code",
    "seed",
    "daily",
    "total",
    "finished",
    "hints",
    "efficiency",
    "perfect_expected",
    "hindsight_best",
    "record",
)
_V2_COLUMNS: Final = (
    "id",
    "kind",
    "played_by",
    "played_at",
    "deal_code",
    "seed",
    "daily",
    "total",
    "finished",
    "rounds",
    "hints",
    "efficiency",
    "perfect_expected",
    "hindsight_best",
    "record",
    "digest",
)
_V2_DIGESTED: Final = tuple(c for c in _V2_COLUMNS if c not in ("id", "played_at", "digest"))
_SHAPES: Final = {
    1: set(_V1_COLUMNS),
    2: set(_V2_COLUMNS),
    SCHEMA_VERSION: {"id", *COLUMNS, "digest"},
}


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction, rolled back on any failure."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # SQLite may have rolled back already (a full disk)
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise


class ForeignError(StoreError):
    """The database is not one this program wrote (another schema)."""


def check_version(conn: sqlite3.Connection, path: Path) -> int:
    """The schema version; a StoreError for a newer one, DatabaseError for a damaged file."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if not isinstance(version, int) or version > SCHEMA_VERSION or version < 0:
        raise StoreError(
            f"the history {path} was written by a newer version of cribsol "
            f"(schema {version}; this one reads up to {SCHEMA_VERSION}): "
            "update cribsol to use it"
        )
    check = conn.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        raise sqlite3.DatabaseError(f"integrity check failed: {check}")
    return version


def tables(conn: sqlite3.Connection) -> list[str]:
    """The database's tables."""
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return sorted(str(name) for (name,) in rows)


def check_shape(conn: sqlite3.Connection, version: int) -> None:
    """ForeignError unless the database has this program's ``games`` table for its version."""
    names = tables(conn)
    if version == 0:
        if names:
            raise ForeignError(f"it has tables {', '.join(names[:3])} and no schema version")
        return
    if "games" not in names:
        raise ForeignError("it has no games table")
    columns = {str(row[1]) for row in conn.execute("PRAGMA table_info(games)")}
    missing = _SHAPES[version] - columns
    if missing:
        raise ForeignError(f"its games table has no {', '.join(sorted(missing))}")


def _plain_digest(values: Mapping[str, object]) -> str:
    """Version 2's digest: a plain SHA-256 of the fields (now keyed; see the schema)."""
    fields = [values[c] for c in _V2_DIGESTED]
    return hashlib.sha256(json.dumps(fields, default=repr).encode()).hexdigest()


def _converted(
    old: dict[str, Any], kinds: Mapping[str, Kind], key: bytes
) -> tuple[int, dict[str, object], str]:
    """A row of an older history as the current schema stores it, with its digest."""
    game_id = old["id"]
    kind = old["kind"]
    values: dict[str, object] = {
        "kind": kind,
        "played_by": old["played_by"],
        "played_at": old["played_at"],
        "seed": None if old["seed"] is None else str(old["seed"]),
    }
    why = None
    if "digest" in old and old["digest"] != _plain_digest(old):
        why = "its fields were changed after it was stored"
    elif kind not in kinds:
        why = "its kind is not one this program knows"
    elif not isinstance(old["record"], str) or len(old["record"]) > MAX_RECORD:
        why = "its record is not text"
    else:
        try:
            summary = kinds[kind].migrate(old["record"], old)
        except (CribsolError, ValueError, TypeError, KeyError, RecursionError) as error:
            why = str(error) or type(error).__name__
        else:
            if summary.seed != (None if old["seed"] is None else int(str(old["seed"]))):
                why = "its seed is not its record's"
            elif summary.finished != bool(old["finished"]):
                why = "its finished flag is not its record's"
            else:
                values["finished"] = int(summary.finished)
                values["summary"] = json.dumps(dict(summary.fields), separators=(",", ":"))
                values["record"] = old["record"]
                return game_id, values, digest(key, game_id, values)
    kept = {name: value for name, value in old.items() if name != "id"}
    values["finished"] = 1 if old["finished"] == 1 else 0
    values["summary"] = why
    values["record"] = json.dumps(kept, default=repr)
    return game_id, values, UNMIGRATED


def migrate(
    conn: sqlite3.Connection, version: int, kinds: Mapping[str, Kind], key: bytes
) -> list[str]:
    """Bring the database from ``version`` to the current schema, in the caller's
    transaction, digesting every row under ``key``; returns what to tell the player."""
    notices: list[str] = []
    if version in (1, 2):
        columns = _V1_COLUMNS if version == 1 else _V2_COLUMNS
        old = conn.execute(f"SELECT {', '.join(columns)} FROM games ORDER BY id").fetchall()
        conn.execute("ALTER TABLE games RENAME TO games_old")
        conn.execute("DROP INDEX IF EXISTS games_by_state")
        for statement in SCHEMA:
            conn.execute(statement)
        kept = 0
        for row in old:
            values = dict(zip(columns, row, strict=True))
            if version == 1:
                values["kind"], values["played_by"] = PATIENCE, YOU
            game_id, new, row_digest = _converted(values, kinds, key)
            kept += row_digest == UNMIGRATED
            conn.execute(
                f"INSERT INTO games (id, {', '.join(COLUMNS)}, digest)"
                f" VALUES ({', '.join('?' * (len(COLUMNS) + 2))})",
                (game_id, *(new[c] for c in COLUMNS), row_digest),
            )
        conn.execute("DROP TABLE games_old")
        if kept:
            notices.append(
                f"{plural(kept, 'game')} of the history did not check out "
                "when it was brought to this version; kept as they were, and skipped."
            )
    else:
        for statement in SCHEMA:
            conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return notices


def import_saved_game(
    data_dir: Path,
    conn: sqlite3.Connection,
    kinds: Mapping[str, Kind],
    add: Callable[[sqlite3.Connection, Mapping[str, object]], int],
) -> list[str]:
    """Bring version 1's ``current.json`` (its game in progress) into the history, once."""
    path = data_dir / "current.json"
    if not path.exists() or PATIENCE not in kinds:
        return []
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_RECORD + 1)
        text = raw.decode("utf-8")
        summary = kinds[PATIENCE].migrate(text, {})
    except (OSError, UnicodeDecodeError, CribsolError, ValueError, RecursionError) as error:
        try:
            moved = set_aside(path)
        except OSError:
            return []
        return [f"The saved game could not be loaded ({error}); it was set aside as {moved}."]
    values = {
        "kind": PATIENCE,
        "played_by": YOU,
        "played_at": dt.datetime.now().isoformat(timespec="seconds"),
        "seed": None if summary.seed is None else str(summary.seed),
        "finished": int(summary.finished),
        "summary": json.dumps(dict(summary.fields), separators=(",", ":")),
        "record": text,
    }
    try:
        with transaction(conn):
            known = conn.execute(
                "SELECT id FROM games WHERE kind = ? AND record = ?", (PATIENCE, text)
            ).fetchone()
            game_id = known[0] if known else add(conn, values)
        path.unlink()
    except (sqlite3.Error, OSError) as error:
        return [f"The saved game could not be imported yet: {problem(error)}."]
    state = "finished" if summary.finished else "kept, resumable,"
    return [f"Your saved game was {state} in the history as game {game_id}."]
