"""One copy per game: a lock on each stored game, held while a program plays it."""

from __future__ import annotations

import os
import sys
from contextlib import suppress
from pathlib import Path

from solitaire.store.paths import StoreError, problem

__all__ = ["GameLock"]


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
            raise StoreError(f"cannot lock game: {problem(error)}") from None
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
