"""Storage: every game, finished or in progress, in one SQLite history.

The history lives in the data directory (``--data-dir``, else ``$CRIBSOL_DATA_DIR``,
else the platform's user data directory). How it never loses a game:

- **One row per game.** A game in progress is an unfinished row, rewritten after
  every move in one transaction; finishing it is the same row becoming finished,
  with its review, in one transaction. No game is ever both saved and filed, or
  neither, whatever moment a crash or a full disk strikes. Every unfinished game
  stays resumable; starting another deal never replaces one.
- **One copy per game.** A program playing a game holds a lock on it
  (``flock`` on ``locks/<kind>-<id>.lock``, released by the system when the
  process ends, however it ends). A second copy of the program on the same data
  directory never resumes, saves or files a game another copy holds: it says so
  and plays its own game.
- **Rows are checked when read.** Each row stores a digest of its fields; a row
  whose digest does not match was edited or damaged, and it is reported and
  skipped, so lists and statistics come from checked data only. A game's record
  is replayed (every card and count re-derived) when it is resumed or replayed.
- **Reading never writes.** ``stats``, ``history`` and ``replay`` open the database
  read-only: they work on a read-only directory, a full disk, and beside a copy
  that is playing; a missing database is simply no games.
- **Versions.** ``PRAGMA user_version`` is the schema version. Version 1 (seeds
  as INTEGER, which overflowed for 64-bit daily seeds, and the game in progress
  in ``current.json``) is migrated in one transaction; ``current.json`` is
  imported once and removed. A history from a newer version is refused as
  newer: never called damaged, never replaced. A database that is not one is
  set aside (renamed, kept) and a new one started.

The ``kind`` column says which game a row is (``patience`` here), so the other
games share this one store; ``played_by`` is ``you`` or the ``--auto`` strategy.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import sqlite3
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import quote

from solitaire.core.dealcode import CODE_CHARACTERS, deal_code
from solitaire.core.errors import CribsolError
from solitaire.core.limits import MAX_SEED_DIGITS
from solitaire.names import APP_NAME, command
from solitaire.patience.game import GREAT_LINE, SKUNK_LINE, Game
from solitaire.patience.record import RecordError, game_record, load_record, replay

if TYPE_CHECKING:
    from solitaire.patience.coach import GameReview

__all__ = [
    "MATCH",
    "PATIENCE",
    "SCHEMA_VERSION",
    "GameBusyError",
    "GameLock",
    "GameRow",
    "History",
    "RecordSummary",
    "SaveError",
    "Stats",
    "StoreError",
    "StoredGame",
    "command",
    "default_data_dir",
    "reading_data_dir",
    "resolve_data_dir",
]

SCHEMA_VERSION: Final = 2
PATIENCE: Final = "patience"
MATCH: Final = "match"  # the two-player match's records
YOU: Final = "you"
_KIND_NAMES: Final = {"tiles": "tile game"}  # a kind as a sentence says it (else its own name)
_MAX_RECORD: Final = 1 << 20  # characters; a record is a few kilobytes


class StoreError(CribsolError):
    """The data directory or the history cannot be used for this."""


class SaveError(StoreError):
    """A move or a game could not be written; nothing of it was stored."""


class GameBusyError(StoreError):
    """The game is held by another copy of the program (its lock is taken)."""


def default_data_dir() -> Path:
    """The platform's per-user data directory for this game."""
    env = os.environ.get("CRIBSOL_DATA_DIR")
    if env:
        return Path(env).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", home / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / APP_NAME


def reading_data_dir(option: str | None) -> Path:
    """The data directory for a command that only reads: nothing is created or tested."""
    return Path(option).expanduser() if option else default_data_dir()


def resolve_data_dir(option: str | None) -> Path:
    """The data directory to play in, created if missing; a one-line error if it cannot be."""
    path = reading_data_dir(option)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(f"cannot use data directory {path}: {error.strerror or error}") from None
    if not path.is_dir():
        raise StoreError(f"cannot use data directory {path}: not a directory")
    try:
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as error:
        raise StoreError(
            f"cannot write to data directory {path}: {error.strerror or error}"
        ) from None
    return path


def _stamp() -> str:
    return dt.datetime.now().strftime("%Y%m%d-%H%M%S")


def set_aside(path: Path) -> Path:
    """Rename a damaged file out of the way, keeping it for the user; returns the new name."""
    target = path.with_name(f"{path.name}.damaged-{_stamp()}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{_stamp()}-{n}")
        n += 1
    path.replace(target)
    return target


def _problem(error: BaseException) -> str:
    """An OS or SQLite error in a few words a player understands."""
    text = str(error)
    if isinstance(error, OSError):
        text = error.strerror or text
    lowered = text.lower()
    if "full" in lowered or "no space" in lowered:
        return "the disk is full"
    if "locked" in lowered or "busy" in lowered:
        return "the history is busy in another program"
    if "readonly" in lowered or "read-only" in lowered or "permission" in lowered:
        return "the data directory is read-only"
    return text


# -- one copy per game ------------------------------------------------------------


class GameLock:
    """A lock on one stored game, held while a program plays it; the system drops it on exit."""

    def __init__(self, data_dir: Path, kind: str, game_id: int) -> None:
        self.path = data_dir / "locks" / f"{kind}-{game_id}.lock"
        self._fd: int | None = None

    def acquire(self) -> bool:
        """Take the lock; False when another program holds it."""
        if self._fd is not None:
            return True
        try:
            self.path.parent.mkdir(exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise StoreError(f"cannot lock game: {_problem(error)}") from None
        if not _try_lock(fd):
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self, finished: bool = False) -> None:
        """Let another program have the game; a finished game's lock file is removed.

        A finished game is never played again, so nobody needs its lock file; it
        is removed while still held, and a program that opened it just before
        finds the game finished once it reads it.
        """
        if self._fd is not None:
            if finished:
                with suppress(OSError):
                    self.path.unlink()
            os.close(self._fd)  # closing drops the lock
            self._fd = None

    @property
    def held(self) -> bool:
        """True while this program holds the lock."""
        return self._fd is not None


if sys.platform == "win32":  # pragma: no cover - the tests run on POSIX
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True


# -- rows ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRow:
    """One stored game, checked."""

    id: int
    kind: str
    played_by: str  # "you", or the --auto strategy
    played_at: str  # when it was last played
    deal_code: str
    seed: int | None
    daily: str | None
    total: int
    finished: bool
    rounds: int  # rounds played
    hints: int
    efficiency: float | None
    perfect_expected: float | None
    hindsight_best: int | None
    undos: int = 0  # discards taken back


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A stored game replayed from its record: its row, the game and its daily date."""

    row: GameRow
    game: Game
    daily: str | None


@dataclass(frozen=True, slots=True)
class RecordSummary:
    """What another game's row says of its record: seed, your points, finished, deals played."""

    seed: int
    total: int
    finished: bool
    rounds: int


@dataclass(frozen=True, slots=True)
class Stats:
    """Summary of your finished games."""

    games: int
    mean: float
    best: int
    past_skunk: float
    reached_great: float
    mean_efficiency: float | None  # None when no game has a review
    recent: tuple[int, ...]  # totals of the latest games, oldest first
    recent_mean: float
    earlier_mean: float | None
    aided: int = 0  # games played with a hint or an undo
    unaided_mean: float | None = None  # mean total of the games without either
    aided_mean: float | None = None


_COLUMNS: Final = (
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
)
_DIGESTED: Final = tuple(c for c in _COLUMNS if c != "played_at")
_TIMESTAMP: Final = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")
# What each column may hold when read back; a row that breaks one is skipped, whatever its
# digest says, so nothing raw from the file reaches the screen or a computation.
_NAME: Final = re.compile(r"[a-z][a-z0-9-]{0,23}")  # a kind, "you" or a strategy or level
_DEAL: Final = re.compile(f"[{CODE_CHARACTERS}]{{0,64}}")
_DATE: Final = re.compile(r"\d{4}-\d\d-\d\d")
_SEED: Final = re.compile(f"[0-9]{{1,{MAX_SEED_DIGITS}}}")
_SMALL: Final = 10**6  # a bound on every count column (points, rounds, hints)


def _unreadable(values: Mapping[str, object]) -> str | None:
    """The first column that does not hold what this program writes there, or None."""

    def whole(name: str, low: int = -_SMALL) -> bool:
        value = values[name]
        return type(value) is int and low <= value <= _SMALL

    texts = {"kind": _NAME, "played_by": _NAME, "deal_code": _DEAL}
    for name, pattern in texts.items():
        value = values[name]
        if not (isinstance(value, str) and pattern.fullmatch(value)):
            return f"its {name} is not one this program writes"
    seed, daily = values["seed"], values["daily"]
    if seed is not None and not (isinstance(seed, str | int) and _SEED.fullmatch(str(seed))):
        return "its seed is not a whole number of at most 40 digits"
    if daily is not None and not (isinstance(daily, str) and _DATE.fullmatch(daily)):
        return "its daily date is not a date"
    for name in ("total", "rounds", "hints"):
        if not whole(name):
            return f"its {name} is not a whole number"
    if values["finished"] not in (0, 1) or type(values["finished"]) is not int:
        return "its finished flag is not 0 or 1"
    for name in ("efficiency", "perfect_expected"):
        value = values[name]
        if value is None:
            continue
        if not (isinstance(value, int | float) and type(value) is not bool):
            return f"its {name} is not a number"
        if not -_SMALL < value < _SMALL:
            return f"its {name} is out of range"
    best = values["hindsight_best"]
    if best is not None and not whole("hindsight_best"):
        return "its hindsight_best is not a whole number"
    if not isinstance(values["record"], str):
        return "its record is not text"
    return None


_SCHEMA: Final = (
    """CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL DEFAULT 'patience',
    played_by TEXT NOT NULL DEFAULT 'you',
    played_at TEXT NOT NULL,
    deal_code TEXT NOT NULL,
    seed TEXT,
    daily TEXT,
    total INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    efficiency REAL,
    perfect_expected REAL,
    hindsight_best INTEGER,
    record TEXT NOT NULL,
    digest TEXT
)""",
    "CREATE INDEX IF NOT EXISTS games_by_state ON games (kind, finished)",
)

_V1_SELECT: Final = (
    "SELECT id, 'patience' AS kind, 'you' AS played_by, played_at, deal_code, seed, daily,"
    " total, finished, NULL AS rounds, hints, efficiency, perfect_expected, hindsight_best,"
    " record, NULL AS digest FROM games"
)
_V2_SELECT: Final = f"SELECT id, {', '.join(_COLUMNS)}, digest FROM games"


def _digest(values: Sequence[object]) -> str:
    """The digest that ties a row's fields together (played_at may change alone)."""
    return hashlib.sha256(json.dumps(list(values), default=repr).encode()).hexdigest()


def _row_values(
    game: Game, review: GameReview | None, daily: str | None, played_by: str, kind: str = PATIENCE
) -> dict[str, object]:
    return {
        "kind": kind,
        "played_by": played_by,
        "played_at": dt.datetime.now().isoformat(timespec="seconds"),
        "deal_code": deal_code(game.deck),
        "seed": None if game.seed is None else str(game.seed),
        "daily": daily,
        "total": game.total,
        "finished": int(game.is_over),
        "rounds": len(game.rounds),
        "hints": len(game.hints),
        "efficiency": None if review is None else float(review.efficiency),
        "perfect_expected": None if review is None else float(review.perfect_expected),
        "hindsight_best": None if review is None else review.hindsight_best,
        "record": json.dumps(game_record(game, daily=daily)),
    }


def _record_values(
    kind: str, record: Mapping[str, Any], summary: RecordSummary, played_by: str
) -> dict[str, object]:
    """A row for another game's record (the patience's own columns left empty)."""
    return {
        "kind": kind,
        "played_by": played_by,
        "played_at": dt.datetime.now().isoformat(timespec="seconds"),
        "deal_code": "",
        "seed": str(summary.seed),
        "daily": None,
        "total": summary.total,
        "finished": int(summary.finished),
        "rounds": summary.rounds,
        "hints": 0,
        "efficiency": None,
        "perfect_expected": None,
        "hindsight_best": None,
        "record": json.dumps(record),
    }


def _replayed(record_text: object, where: str) -> tuple[Game, str | None]:
    """The game a stored record replays to, and its daily date; RecordError when it does not."""
    if not isinstance(record_text, str) or len(record_text) > _MAX_RECORD:
        raise RecordError(f"{where}: the record is not a game record")
    data = load_record(record_text)
    game = replay(data, allow_unfinished=True)
    daily = data.get("daily")
    return game, daily if isinstance(daily, str) else None


def _undo_count(record_text: object) -> int:
    """How many discards a stored record took back (its row has checked out already).

    Checked rows hold records this program wrote, so plain JSON parsing is safe,
    and a record without undos (most of them) is not parsed at all.
    """
    text = str(record_text)
    if '"undos"' not in text or '"undos": []' in text:
        return 0
    try:
        undos = json.loads(text).get("undos", [])
    except (ValueError, AttributeError, RecursionError):
        return 0
    return len(undos) if isinstance(undos, list) else 0


def _record_daily(record_text: object) -> str | None:
    """The daily date a stored record names, if any."""
    try:
        daily = load_record(str(record_text)).get("daily")
    except RecordError:
        return None
    return daily if isinstance(daily, str) else None


def _optional_float(value: object) -> float | None:
    return float(value) if isinstance(value, float | int) and not isinstance(value, bool) else None


class History:
    """Every game in SQLite: finished ones, and those in progress (resumable).

    ``readonly=True`` opens for reading only: nothing is created, migrated,
    imported or set aside, and a missing database reads as no games.
    """

    def __init__(self, data_dir: Path, timeout: float = 5.0, *, readonly: bool = False) -> None:
        self.data_dir = data_dir
        self.path = data_dir / "history.sqlite3"
        self.readonly = readonly
        self.notices: list[str] = []  # set-aside files, imports: one line each
        self.skipped: dict[int, str] = {}  # rows that do not check out: id -> why
        self._timeout = timeout  # seconds to wait for another program's write
        self._version = SCHEMA_VERSION
        self._conn: sqlite3.Connection | None = self._open()
        if not readonly:
            self._import_saved_game()

    @property
    def notice(self) -> str | None:
        """Everything worth telling about opening the history, in one line (or None)."""
        return " ".join(self.notices) or None

    # -- opening ----------------------------------------------------------------

    def _open(self) -> sqlite3.Connection | None:
        if self.path.exists() and not self.path.is_file():  # a FIFO or a device would hang
            if self.readonly:
                raise StoreError(f"cannot open the history {self.path}: not a regular file")
            moved = set_aside(self.path)
            self.notices.append(
                f"The history {self.path} was not a regular file; it was set aside as {moved} "
                "and a new one started."
            )
        if self.readonly:
            return self._open_for_reading()
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            return self._connect()
        except OSError as error:
            raise StoreError(
                f"cannot use data directory {self.data_dir}: {_problem(error)}"
            ) from None
        except StoreError:
            raise
        except sqlite3.OperationalError as error:  # locked or unreadable: not damage
            raise StoreError(f"cannot open the history {self.path}: {_problem(error)}") from None
        except sqlite3.DatabaseError as error:
            moved = set_aside(self.path)
            self.notices.append(
                f"The history database was damaged ({error}); it was set aside as {moved} "
                "and a new one started."
            )
            return self._connect()

    def _open_for_reading(self) -> sqlite3.Connection | None:
        if not self.path.exists():
            return None
        uri = f"file:{quote(str(self.path.resolve()))}?mode=ro"
        try:
            conn = sqlite3.connect(uri, uri=True, timeout=self._timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise StoreError(f"cannot read the history {self.path}: {_problem(error)}") from None
        try:
            self._version = self._check_version(conn)
            if self._version == 0:  # an empty file: created, never written
                conn.close()
                return None
            conn.execute("SELECT id, record FROM games LIMIT 1").fetchall()
        except StoreError:
            conn.close()
            raise
        except sqlite3.OperationalError as error:
            conn.close()
            raise StoreError(f"cannot read the history {self.path}: {_problem(error)}") from None
        except sqlite3.DatabaseError as error:
            conn.close()
            raise StoreError(
                f"the history {self.path} is damaged ({error}); {command('play')} sets it aside"
            ) from None
        return conn

    def _check_version(self, conn: sqlite3.Connection) -> int:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if not isinstance(version, int) or version > SCHEMA_VERSION:
            raise StoreError(
                f"the history {self.path} was written by a newer version of cribsol "
                f"(schema {version}; this one reads up to {SCHEMA_VERSION}): "
                "update cribsol to use it"
            )
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {check}")
        return version

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=self._timeout, isolation_level=None)
        try:
            version = self._check_version(conn)
            if version < SCHEMA_VERSION:
                with self._transaction(conn):
                    if version == 1:
                        self._migrate_v1(conn)
                    for statement in _SCHEMA:
                        conn.execute(statement)
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("SELECT id, record FROM games LIMIT 1").fetchall()
        except BaseException:
            conn.close()
            raise
        return conn

    @staticmethod
    @contextmanager
    def _transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # SQLite may have rolled back already (a full disk)
                with suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            raise

    def _migrate_v1(self, conn: sqlite3.Connection) -> None:
        """Version 1 to 2: seeds become text; every row gets a kind, a round count and a digest.

        Rows are replayed from their records; a row that does not replay is kept
        as it was, without a digest, so it is reported and skipped, never lost.
        """
        old = conn.execute(_V1_SELECT).fetchall()
        conn.execute("ALTER TABLE games RENAME TO games_v1")
        conn.execute("DROP INDEX IF EXISTS games_by_state")
        for statement in _SCHEMA:
            conn.execute(statement)
        for row in old:
            values = dict(zip(("id", *_COLUMNS, "digest"), row, strict=True))
            values["seed"] = None if values["seed"] is None else str(values["seed"])
            try:
                game, _ = _replayed(values["record"], f"game {values['id']}")
                values["rounds"] = len(game.rounds)
                if self._disagreement(values, game) is None:
                    values["digest"] = _digest([values[c] for c in _DIGESTED])
            except (RecordError, TypeError, ValueError):
                values["rounds"] = 0
            names = ", ".join(values)
            conn.execute(
                f"INSERT INTO games ({names}) VALUES ({', '.join('?' * len(values))})",
                tuple(values.values()),
            )
        conn.execute("DROP TABLE games_v1")

    def _import_saved_game(self) -> None:
        """Bring version 1's ``current.json`` (its game in progress) into the history, once."""
        path = self.data_dir / "current.json"
        if not path.exists():
            return
        try:
            with path.open("rb") as handle:
                raw = handle.read(_MAX_RECORD + 1)
            game, daily = _replayed(raw.decode("utf-8"), "the saved game")
        except (OSError, UnicodeDecodeError, RecordError, RecursionError, ValueError) as error:
            try:
                moved = set_aside(path)
            except OSError:
                return
            self.notices.append(
                f"The saved game could not be loaded ({error}); it was set aside as {moved}."
            )
            return
        record = json.dumps(game_record(game, daily=daily))
        assert self._conn is not None
        try:
            with self._transaction(self._conn) as conn:
                known = conn.execute(
                    "SELECT id FROM games WHERE kind = ? AND record = ?", (PATIENCE, record)
                ).fetchone()
                values = _row_values(game, None, daily, YOU)
                game_id = known[0] if known else self._insert(conn, values)
            path.unlink()
        except (sqlite3.Error, OSError) as error:
            self.notices.append(f"The saved game could not be imported yet: {_problem(error)}.")
            return
        state = "finished" if game.is_over else "kept, resumable,"
        self.notices.append(f"Your saved game was {state} in the history as game {game_id}.")

    def close(self) -> None:
        """Close the database."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -----------------------------------------------------------------

    def _writable(self) -> sqlite3.Connection:
        if self.readonly or self._conn is None:
            raise StoreError("the history was opened for reading only")
        return self._conn

    @contextmanager
    def _writing(self, what: str) -> Iterator[sqlite3.Connection]:
        """One transaction; a failure is a SaveError naming what was not saved and why."""
        conn = self._writable()
        try:
            with self._transaction(conn):
                yield conn
        except sqlite3.Error as error:
            raise SaveError(f"{what} could not be saved: {_problem(error)}") from None

    def _write(
        self, conn: sqlite3.Connection, sql: str, params: Sequence[object]
    ) -> sqlite3.Cursor:
        """Every write goes through here (a seam for fault injection in tests)."""
        return conn.execute(sql, params)

    def _insert(self, conn: sqlite3.Connection, values: dict[str, object]) -> int:
        """A new row with its digest; returns its id."""
        digest = _digest([values[c] for c in _DIGESTED])
        cursor = self._write(
            conn,
            f"INSERT INTO games ({', '.join(values)}, digest)"
            f" VALUES ({', '.join('?' * (len(values) + 1))})",
            (*values.values(), digest),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def _update(self, game_id: int, values: dict[str, object]) -> None:
        """Rewrite a game in progress (of the same kind) with its digest, in one transaction."""
        digest = _digest([values[c] for c in _DIGESTED])
        with self._writing("the game" if values["finished"] else "the move") as conn:
            cursor = self._write(
                conn,
                f"UPDATE games SET {', '.join(f'{c} = ?' for c in values)}, digest = ?"
                " WHERE id = ? AND kind = ? AND finished = 0",
                (*values.values(), digest, game_id, values["kind"]),
            )
            if cursor.rowcount != 1:
                raise sqlite3.OperationalError(f"game {game_id} is no longer in progress")

    def add(
        self,
        game: Game,
        review: GameReview | None,
        daily: str | None = None,
        played_by: str = YOU,
    ) -> int:
        """Store a game as a new row (finished with its review, or in progress); returns its id."""
        with self._writing("the game") as conn:
            return self._insert(conn, _row_values(game, review, daily, played_by))

    def save(
        self, game_id: int, game: Game, daily: str | None, review: GameReview | None = None
    ) -> None:
        """Rewrite a game in progress after a move; once over (with its review) it is filed."""
        self._update(game_id, _row_values(game, review, daily, YOU))

    def add_record(
        self,
        kind: str,
        record: Mapping[str, Any],
        summary: RecordSummary,
        played_by: str = YOU,
    ) -> int:
        """Store another game's record (the match, the tiles) as a new row; returns its id."""
        with self._writing("the game") as conn:
            return self._insert(conn, _record_values(kind, record, summary, played_by))

    def save_record(
        self, game_id: int, kind: str, record: Mapping[str, Any], summary: RecordSummary
    ) -> None:
        """Rewrite another game's row in progress after a move; once finished it is filed."""
        self._update(game_id, _record_values(kind, record, summary, YOU))

    def stored_record(self, game_id: int, kind: str) -> tuple[GameRow, str]:
        """Another game's checked row and its record's text (the caller replays it)."""
        raws = list(self._rows("AND id = ? AND kind = ?", (game_id, kind)))
        other = None if raws else self.kind_of(game_id)
        name = _KIND_NAMES.get(kind, kind)
        if other is not None:
            raise StoreError(
                f"game {game_id} is a {_KIND_NAMES.get(other, f'{other} game')}, not a {name} "
                f"(see {command('history')})"
            )
        if not raws:
            raise StoreError(f"no {name} {game_id} in the history (see {command('history')})")
        row = self._checked(raws[0])
        if row is None:
            raise StoreError(
                f"{name} {game_id} in the history does not check out ({self.skipped[game_id]})"
            )
        text = raws[0][_COLUMNS.index("record") + 1]
        if not isinstance(text, str) or len(text) > _MAX_RECORD:
            raise StoreError(f"{name} {game_id} in the history has no readable record")
        return row, text

    # -- reading -----------------------------------------------------------------

    def _rows(self, where: str = "", params: Sequence[object] = ()) -> Iterator[tuple[Any, ...]]:
        if self._conn is None:
            return
        if self._version == 1:
            sql = f"SELECT * FROM ({_V1_SELECT}) WHERE 1 {where}"
        else:
            sql = f"{_V2_SELECT} WHERE 1 {where}"
        try:
            yield from self._conn.execute(sql, params)
        except sqlite3.OperationalError as error:
            raise StoreError(f"cannot read the history {self.path}: {_problem(error)}") from None

    def _checked(self, raw: tuple[Any, ...]) -> GameRow | None:
        """The row if it checks out; else None, and the reason is kept in ``skipped``."""
        game_id, *fields, digest = raw
        values = dict(zip(_COLUMNS, fields, strict=True))
        if digest is None:  # a version 1 row read in place: check it against its record
            try:
                game, _ = _replayed(values["record"], f"game {game_id}")
                values["rounds"] = len(game.rounds)
                values["seed"] = None if values["seed"] is None else str(values["seed"])
                why = self._disagreement(values, game)
            except (RecordError, TypeError, ValueError, RecursionError) as error:
                why = str(error)
        elif digest == _digest([values[c] for c in _DIGESTED]):
            why = None
        else:
            why = "its fields were changed after it was stored"
        if why is None:
            why = _unreadable(values)
        if why is not None or not isinstance(game_id, int):
            self.skipped[game_id if isinstance(game_id, int) else -1] = why or "bad id"
            return None
        seed = values["seed"]
        played_at = values["played_at"]  # not in the digest: it changes with every move
        if not (isinstance(played_at, str) and _TIMESTAMP.fullmatch(played_at)):
            played_at = "????-??-?? ??:??"
        return GameRow(
            id=game_id,
            kind=str(values["kind"]),
            played_by=str(values["played_by"]),
            played_at=played_at,
            deal_code=str(values["deal_code"]),
            seed=None if seed is None else int(str(seed)),
            daily=None if values["daily"] is None else str(values["daily"]),
            total=int(values["total"]),
            finished=bool(values["finished"]),
            rounds=int(values["rounds"]),
            hints=int(values["hints"]),
            efficiency=_optional_float(values["efficiency"]),
            perfect_expected=_optional_float(values["perfect_expected"]),
            hindsight_best=(
                values["hindsight_best"] if isinstance(values["hindsight_best"], int) else None
            ),
            undos=_undo_count(values["record"]),
        )

    @staticmethod
    def _disagreement(values: dict[str, object], game: Game) -> str | None:
        """What a row's columns say that its replayed record does not, or None."""
        expected = {
            "deal_code": deal_code(game.deck),
            "seed": None if game.seed is None else str(game.seed),
            "total": game.total,
            "finished": int(game.is_over),
            "hints": len(game.hints),
        }
        if values["daily"] is not None and values["daily"] != _record_daily(values["record"]):
            return "its daily is not its record's"
        for name, value in expected.items():
            if values[name] != value:
                return f"its {name} is not its record's"
        return None

    def report(self) -> str | None:
        """One line about the rows skipped so far, or None."""
        if not self.skipped:
            return None
        ids = ", ".join(str(i) for i in sorted(self.skipped)[:10])
        more = "..." if len(self.skipped) > 10 else ""
        count = len(self.skipped)
        return (
            f"{count} game{'s' if count != 1 else ''} in the history "
            f"{'do' if count != 1 else 'does'} not check out and "
            f"{'were' if count != 1 else 'was'} skipped (edited or damaged): {ids}{more}"
        )

    def games(self, limit: int | None = None, kind: str = PATIENCE) -> list[GameRow]:
        """Stored games that check out, newest first (``limit`` of them when given)."""
        rows: list[GameRow] = []
        for raw in self._rows("AND kind = ? ORDER BY id DESC", (kind,)):
            row = self._checked(raw)
            if row is not None:
                rows.append(row)
                if limit is not None and len(rows) >= limit:
                    break
        return rows

    def unfinished(self, kind: str = PATIENCE) -> list[GameRow]:
        """Games in progress that check out, the latest played first."""
        rows = [
            row
            for raw in self._rows("AND kind = ? AND finished = 0 ORDER BY id DESC", (kind,))
            if (row := self._checked(raw)) is not None
        ]
        return sorted(rows, key=lambda r: r.played_at, reverse=True)

    def load(self, game_id: int) -> StoredGame:
        """A stored game, replayed from its record; a StoreError says why it cannot be."""
        raws = list(self._rows("AND id = ?", (game_id,)))
        if not raws:
            raise StoreError(f"no game {game_id} in the history (see {command('history')})")
        row = self._checked(raws[0])
        if row is None:
            raise StoreError(
                f"game {game_id} in the history does not check out ({self.skipped[game_id]})"
            )
        if row.kind != PATIENCE:  # the match's and the tile game's own commands play them
            then = "resumes" if not row.finished else "replays"
            words = f"{row.kind} --resume {game_id}" if not row.finished else f"replay {game_id}"
            noun = "a match" if row.kind == MATCH else f"a {row.kind} game"
            raise StoreError(f"game {game_id} is {noun}: {command(words)} {then} it")
        try:
            game, daily = _replayed(raws[0][_COLUMNS.index("record") + 1], f"game {game_id}")
        except (RecordError, RecursionError) as error:
            raise StoreError(f"game {game_id} in the history cannot be replayed: {error}") from None
        return StoredGame(row, game, daily)

    def kind_of(self, game_id: int) -> str | None:
        """The kind of a stored game (``patience``, ``match``), or None when there is none."""
        for raw in self._rows("AND id = ?", (game_id,)):
            return str(raw[1])
        return None

    def record(self, game_id: int) -> dict[str, Any]:
        """The stored record of one game, once it checks out."""
        stored = self.load(game_id)
        return game_record(stored.game, daily=stored.daily)

    def stats(self, recent: int = 10) -> Stats | None:
        """Summary of your finished games that check out, or None when there are none."""
        rows = [r for r in reversed(self.games()) if r.finished and r.played_by == YOU]
        if not rows:
            return None
        totals = [r.total for r in rows]
        effs = [r.efficiency for r in rows if r.efficiency is not None]
        latest = totals[-recent:]
        earlier = totals[-2 * recent : -recent]
        n = len(totals)
        aided = [r.total for r in rows if r.hints or r.undos]
        unaided = [r.total for r in rows if not (r.hints or r.undos)]
        return Stats(
            games=n,
            mean=sum(totals) / n,
            best=max(totals),
            past_skunk=sum(t > SKUNK_LINE for t in totals) / n,
            reached_great=sum(t >= GREAT_LINE for t in totals) / n,
            mean_efficiency=sum(effs) / len(effs) if effs else None,
            recent=tuple(latest),
            recent_mean=sum(latest) / len(latest),
            earlier_mean=sum(earlier) / len(earlier) if earlier else None,
            aided=len(aided),
            unaided_mean=sum(unaided) / len(unaided) if unaided else None,
            aided_mean=sum(aided) / len(aided) if aided else None,
        )
