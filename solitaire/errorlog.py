"""Internal errors (bugs): their tracebacks kept in ``errors.log``, one line for the player.

The log lives in the data directory, is bounded (:data:`LIMIT` bytes, then moved to
``errors.log.1``, replacing the older one) and written only when a bug happens.
``CRIBSOL_DEBUG=1`` also prints the traceback where the error was caught.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

# typing's own flag would load typing, which --help and --version otherwise skip
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Final

__all__ = [
    "EXIT_INTERNAL",
    "LIMIT",
    "LOG_NAME",
    "begin",
    "debugging",
    "internal_error_line",
    "log_error",
]

EXIT_INTERNAL: Final = 70  # sysexits' EX_SOFTWARE: an internal error
LOG_NAME: Final = "errors.log"
LIMIT: Final = 256 * 1024  # bytes of one log; the one before is kept as errors.log.1


def debugging() -> bool:
    """Whether ``CRIBSOL_DEBUG`` asks for tracebacks in full."""
    return os.environ.get("CRIBSOL_DEBUG", "").strip() not in ("", "0")


_where: list[Path] = []  # the data directory this run uses, once the command line knows it
_arguments: list[str] = []  # the command line's words, logged beside a bug to reproduce it


def begin(words: Sequence[str], data_dir: Path | None) -> None:
    """Note this run's arguments, and keep the log in ``data_dir`` (``--data-dir``) when
    one is given rather than in the default data directory."""
    _arguments[:] = list(words)
    _where[:] = [] if data_dir is None else [data_dir]


def _data_dir() -> Path:
    if _where:
        return _where[0]
    from solitaire.store import default_data_dir

    return default_data_dir()


def log_error(error: BaseException, data_dir: Path | None = None) -> Path | None:
    """Append the error's traceback to the log; its path, or None when it cannot be written."""
    import traceback
    from datetime import datetime

    from solitaire.version import version

    text = "".join(traceback.format_exception(error))
    if debugging():
        sys.stderr.write(text)
    try:
        folder = data_dir if data_dir is not None else _data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / LOG_NAME
        if path.exists() and path.stat().st_size > LIMIT:
            path.replace(folder / f"{LOG_NAME}.1")
        stamp = datetime.now().isoformat(timespec="seconds")
        argv = " ".join(_arguments if _arguments else sys.argv[1:])[:500]
        entry = f"--- {stamp} cribsol {version()} (Python {sys.version.split()[0]})\n"
        entry += f"arguments: {argv!r}\n{text}\n"
        with path.open("a", encoding="utf-8", errors="backslashreplace") as log:
            log.write(entry[:LIMIT])
    except Exception:  # a log that cannot be written must not hide the error's own line
        return None
    return path


def internal_error_line(error: BaseException, data_dir: Path | None = None) -> str:
    """Log the error and say, in one line, that it is a bug and where its details are."""
    path = log_error(error, data_dir)
    where = f"details in {path}" if path else "its details could not be written to a log"
    return f"internal error ({type(error).__name__}): this is a bug, not your input; {where}"
