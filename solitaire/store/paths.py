"""Where the history lives: the data directory, and setting a damaged file aside."""

from __future__ import annotations

import datetime as dt
import os
import sys
import tempfile
from pathlib import Path

from solitaire.core.errors import CribsolError
from solitaire.names import APP_NAME

__all__ = [
    "GameBusyError",
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


def problem(error: BaseException, path: Path | None = None) -> str:
    """An OS or SQLite error in a few words a player understands, naming its real cause:
    the history file, its directory or its journal (``path``: the history file)."""
    text = str(error)
    if isinstance(error, OSError):
        text = error.strerror or text
    lowered = text.lower()
    if "full" in lowered or "no space" in lowered:
        return "the disk is full"
    if "locked" in lowered or "busy" in lowered:
        return "the history is busy in another program"
    if "readonly" in lowered or "read-only" in lowered or "permission" in lowered:
        if path is not None:
            return _read_only_cause(path)
        return "the data directory is read-only"
    if path is not None and ("disk i/o" in lowered or "malformed" in lowered):
        journal = _journal(path)
        if journal is not None:
            return f"its journal {journal} is damaged (move it away to use the history)"
    return text


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
