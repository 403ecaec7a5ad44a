"""Where the history lives: the data directory, and setting a damaged file aside."""

from __future__ import annotations

import datetime as dt
import errno
import os
import sqlite3
import stat
import sys
import tempfile
from enum import Enum
from pathlib import Path

from solitaire.core.errors import CribsolError
from solitaire.core.names import APP_NAME

__all__ = [
    "GameBusyError",
    "NotInProgressError",
    "SaveError",
    "StoreError",
    "default_data_dir",
    "problem",
    "reading_data_dir",
    "resolve_data_dir",
    "set_aside",
]


class StoreError(CribsolError):
    """The data directory or the history cannot be used for this."""


class SaveError(StoreError):
    """A move or a game could not be written; nothing of it was stored."""


class NotInProgressError(SaveError):
    """A move was saved to a game that is no longer in progress (filed, or gone)."""


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


def _not_a_directory(path: Path) -> None:
    """A StoreError when ``path``, or the nearest of its parents that exists, is there but is
    not a directory (a file, say): said so, not as the system's "File exists"."""
    for place in (path, *path.parents):
        try:
            found = place.stat()
        except FileNotFoundError:
            continue
        except OSError:  # a parent that is a file: NotADirectoryError, said below
            continue
        if not stat.S_ISDIR(found.st_mode):
            what = "it" if place == path else str(place)
            raise StoreError(f"cannot use data directory {path}: {what} is a file, not a directory")
        return


def reading_data_dir(option: str | None) -> Path:
    """The data directory for a command that only reads: nothing is created or written (a
    path that is a file is refused in one line)."""
    path = Path(option).expanduser() if option else default_data_dir()
    _not_a_directory(path)
    return path


def resolve_data_dir(option: str | None) -> Path:
    """The data directory to play in, created if missing; a one-line error if it cannot be."""
    path = reading_data_dir(option)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(f"cannot use data directory {path}: {problem(error)}") from None
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


class _Failure(Enum):
    FULL = "full"
    BUSY = "busy"
    READ_ONLY = "read-only"
    DAMAGED = "damaged"


# What failed, by SQLite's primary result code or the system's errno, never by an error's
# text (which a locale, or another version of SQLite, words differently).
_SQLITE = {
    sqlite3.SQLITE_FULL: _Failure.FULL,
    sqlite3.SQLITE_BUSY: _Failure.BUSY,
    sqlite3.SQLITE_LOCKED: _Failure.BUSY,
    sqlite3.SQLITE_READONLY: _Failure.READ_ONLY,
    sqlite3.SQLITE_PERM: _Failure.READ_ONLY,
    sqlite3.SQLITE_IOERR: _Failure.DAMAGED,
    sqlite3.SQLITE_CORRUPT: _Failure.DAMAGED,
}
_ERRNO = {
    errno.ENOSPC: _Failure.FULL,
    errno.EDQUOT: _Failure.FULL,
    errno.EBUSY: _Failure.BUSY,
    errno.EACCES: _Failure.READ_ONLY,
    errno.EPERM: _Failure.READ_ONLY,
    errno.EROFS: _Failure.READ_ONLY,
}


def _failure(error: BaseException) -> _Failure | None:
    if isinstance(error, OSError):
        return None if error.errno is None else _ERRNO.get(error.errno)
    code = getattr(error, "sqlite_errorcode", None) if isinstance(error, sqlite3.Error) else None
    return _SQLITE.get(code & 0xFF) if isinstance(code, int) else None  # an extended code's primary


def problem(error: BaseException, path: Path | None = None) -> str:
    """An OS or SQLite error in a few words a player understands, naming its real cause:
    the history file, its directory or its journal (``path``: the history file). The
    cause is read from the error's code (SQLite's result code, the system's errno); an
    error without a code we know is said in its own words."""
    failure = _failure(error)
    if failure is _Failure.FULL:
        return "the disk is full"
    if failure is _Failure.BUSY:
        return "the history is busy in another program"
    if failure is _Failure.READ_ONLY:
        if path is not None:
            return _read_only_cause(path)
        return "the data directory is read-only"
    if path is not None and failure is _Failure.DAMAGED:
        journal = _journal(path)
        if journal is not None:
            return f"its journal {journal} is damaged (move it away to use the history)"
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)


def _journal(path: Path) -> Path | None:
    for suffix in ("-journal", "-wal"):
        journal = path.with_name(path.name + suffix)
        if journal.exists():
            return journal
    return None


def _read_only_cause(path: Path) -> str:
    """Which of the history file, its journal or its directory cannot be written."""
    if path.exists() and not path.stat().st_mode & 0o222:
        return f"the history file {path} is read-only"
    journal = _journal(path)
    if journal is not None and not os.access(journal, os.W_OK):
        return f"its journal {journal} is read-only"
    if journal is not None:
        return f"its journal {journal} cannot be used (move it away to use the history)"
    return f"the data directory {path.parent} is read-only"
