"""Storage: the game in progress (a JSON file) and the history of games (SQLite).

Both live in the data directory: ``--data-dir``, else ``$CRIBSOL_DATA_DIR``, else
the platform's user data directory. Files are replaced atomically, history rows
are written in transactions, and a damaged file is set aside with a clear
notice, never silently overwritten.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from solitaire.patience.coach import GameReview
from solitaire.patience.game import GREAT_LINE, SKUNK_LINE, Game
from solitaire.patience.record import RecordError, game_record, load_record, replay

__all__ = [
    "GameRow",
    "History",
    "SavedGame",
    "Stats",
    "StoreError",
    "default_data_dir",
    "resolve_data_dir",
]

APP_NAME: Final = "cribsol"
SCHEMA_VERSION: Final = 1


class StoreError(ValueError):
    """The data directory or a stored file cannot be used."""


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


def resolve_data_dir(option: str | None) -> Path:
    """The data directory to use, created if missing; a one-line error if it cannot be."""
    path = Path(option).expanduser() if option else default_data_dir()
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


def write_atomic(path: Path, text: str) -> None:
    """Replace a file's contents all at once: a crash leaves the old or the new, never half."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# -- the game in progress -------------------------------------------------------


class SavedGame:
    """The unfinished game, saved after every move so nothing is lost on quitting."""

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / "current.json"
        self.notice: str | None = None

    def save(self, game: Game, daily: str | None = None) -> None:
        """Write the game (finished or not) atomically."""
        write_atomic(self.path, json.dumps(game_record(game, daily=daily)))

    def load(self) -> tuple[Game, str | None] | None:
        """The saved game and its daily date, or None; a damaged file is set aside with a notice."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            moved = set_aside(self.path)
            self.notice = f"the saved game could not be read ({error}); it was set aside as {moved}"
            return None
        try:
            data = load_record(text)
            game = replay(data, allow_unfinished=True)
        except RecordError as error:
            moved = set_aside(self.path)
            self.notice = f"the saved game was damaged ({error}); it was set aside as {moved}"
            return None
        daily = data.get("daily")
        return game, daily if isinstance(daily, str) else None

    def clear(self) -> None:
        """Forget the game in progress (once it is safely in the history)."""
        self.path.unlink(missing_ok=True)


# -- the history ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRow:
    """One stored game."""

    id: int
    played_at: str
    deal_code: str
    seed: int | None
    daily: str | None
    total: int
    finished: bool
    hints: int
    efficiency: float | None
    perfect_expected: float | None
    hindsight_best: int | None


@dataclass(frozen=True, slots=True)
class Stats:
    """Summary of the finished games."""

    games: int
    mean: float
    best: int
    past_skunk: float
    reached_great: float
    mean_efficiency: float
    recent: tuple[int, ...]  # totals of the latest games, oldest first
    recent_mean: float
    earlier_mean: float | None


_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    played_at TEXT NOT NULL,
    deal_code TEXT NOT NULL,
    seed INTEGER,
    daily TEXT,
    total INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    efficiency REAL,
    perfect_expected REAL,
    hindsight_best INTEGER,
    record TEXT NOT NULL
);
"""


class History:
    """Finished (and set-aside unfinished) games in SQLite."""

    def __init__(self, data_dir: Path, timeout: float = 5.0) -> None:
        self.path = data_dir / "history.sqlite3"
        self.notice: str | None = None
        self._timeout = timeout  # seconds to wait for another process's lock
        self._conn = self._open()

    def _open(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except sqlite3.OperationalError as error:  # locked or unreadable: not damage
            raise StoreError(f"cannot open the history {self.path}: {error}") from None
        except sqlite3.DatabaseError as error:
            moved = set_aside(self.path)
            self.notice = (
                f"the history database was damaged ({error}); it was set aside as {moved} "
                "and a new one started"
            )
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=self._timeout)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"schema version {version} is newer than this game")
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check}")
            with conn:
                conn.executescript(_SCHEMA)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("SELECT id, record FROM games LIMIT 1").fetchall()
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    def close(self) -> None:
        """Close the database."""
        self._conn.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._conn:
            yield self._conn

    def add(self, game: Game, review: GameReview | None, daily: str | None = None) -> int:
        """Store a game (with its review when finished) in one transaction; returns its id."""
        record = game_record(game, daily=daily)
        with self._transaction() as conn:
            cursor = conn.execute(
                "INSERT INTO games (played_at, deal_code, seed, daily, total, finished, hints,"
                " efficiency, perfect_expected, hindsight_best, record)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    dt.datetime.now().isoformat(timespec="seconds"),
                    record["deal_code"],
                    game.seed,
                    daily,
                    game.total,
                    int(game.is_over),
                    len(game.hints),
                    None if review is None else review.efficiency,
                    None if review is None else float(review.perfect_expected),
                    None if review is None else review.hindsight_best,
                    json.dumps(record),
                ),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def games(self, limit: int | None = None) -> list[GameRow]:
        """Stored games, newest first."""
        sql = (
            "SELECT id, played_at, deal_code, seed, daily, total, finished, hints, efficiency,"
            " perfect_expected, hindsight_best FROM games ORDER BY id DESC"
        )
        rows = self._conn.execute(sql + (f" LIMIT {int(limit)}" if limit else "")).fetchall()
        return [
            GameRow(
                id=row[0],
                played_at=row[1],
                deal_code=row[2],
                seed=row[3],
                daily=row[4],
                total=row[5],
                finished=bool(row[6]),
                hints=row[7],
                efficiency=row[8],
                perfect_expected=row[9],
                hindsight_best=row[10],
            )
            for row in rows
        ]

    def record(self, game_id: int) -> dict[str, Any]:
        """The stored record of one game."""
        row = self._conn.execute("SELECT record FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"no game {game_id} in the history (see cribsol history)")
        return load_record(row[0])

    def stats(self, recent: int = 10) -> Stats | None:
        """Summary of finished games, or None when there are none."""
        totals = [
            row[0]
            for row in self._conn.execute("SELECT total FROM games WHERE finished = 1 ORDER BY id")
        ]
        if not totals:
            return None
        effs = [
            row[0]
            for row in self._conn.execute(
                "SELECT efficiency FROM games WHERE finished = 1 AND efficiency IS NOT NULL"
            )
        ]
        latest = totals[-recent:]
        earlier = totals[-2 * recent : -recent]
        n = len(totals)
        return Stats(
            games=n,
            mean=sum(totals) / n,
            best=max(totals),
            past_skunk=sum(t > SKUNK_LINE for t in totals) / n,
            reached_great=sum(t >= GREAT_LINE for t in totals) / n,
            mean_efficiency=sum(effs) / len(effs) if effs else 0.0,
            recent=tuple(latest),
            recent_mean=sum(latest) / len(latest),
            earlier_mean=sum(earlier) / len(earlier) if earlier else None,
        )
