"""A finished game's review for the screen: the one kept in the history read back, else
graded by the game's own reviewer (its registry entry's ``review``) in the coach's worker
while the player reads the result, and kept once done.

The worker runs in a process of its own, so the grader's progress reaches the screen
through a small file it rewrites after each decision (read when the screen is drawn).
Keeping the review writes to the history from the app's own thread, when the screen asks
(:meth:`ReviewJob.poll`), never from the worker's. No UI library is imported here.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, Future
from functools import partial

from solitaire.core.review import GameReview, review_from_json
from solitaire.core.untrusted import RecordError
from solitaire.games import game, resolve
from solitaire.store import History, StoreError

__all__ = ["ReviewJob", "grade_record"]


def grade_record(kind: str, text: str, progress_path: str | None = None) -> GameReview:
    """The review of a finished game's record of ``kind`` by its game's reviewer (the same
    as ``cribsol review``); each decision graded is written to ``progress_path``."""
    entry = game(kind)
    reviewer: Callable[..., GameReview] = resolve(entry.review)
    tell = None if progress_path is None else partial(_write_progress, progress_path)
    return reviewer(resolve(entry.load)(text), progress=tell)


def _write_progress(path: str, done: int, total: int) -> None:
    with open(path, "w", encoding="ascii") as file:
        file.write(f"{done} {total}")


class ReviewJob:
    """One finished game's review: kept, or under way in ``executor`` (at once without one),
    and kept in ``history`` once done. ``on_ready`` is called (from the worker's thread)
    when the work ends."""

    def __init__(
        self,
        history: History,
        kind: str,
        game_id: int,
        record: str,
        executor: Executor | None = None,
        on_ready: Callable[[], None] = lambda: None,
    ) -> None:
        self.history = history
        self.kind = kind
        self.game_id = game_id
        self.failed = ""  # why it could not be worked out
        self.not_kept = ""  # why it could not be kept (it is shown all the same)
        self.done, self.total = 0, 0
        self.reused = False  # read back from the history, not graded here
        self._future: Future[GameReview] | None = None
        self._path: str | None = None
        self.review: GameReview | None = self._kept()
        if self.review is not None:
            return
        if executor is None:
            self._set(grade_record(kind, record), keep=True)
            return
        handle, self._path = tempfile.mkstemp(prefix="cribsol-review-", suffix=".txt")
        os.close(handle)
        try:
            future = executor.submit(grade_record, kind, record, self._path)
        except (OSError, RuntimeError) as error:  # the worker could not start (or died)
            self.failed = f"the review could not start ({error})"
            self._drop_file()
            return
        self._future = future
        future.add_done_callback(lambda _: on_ready())

    @property
    def pending(self) -> bool:
        """True while the review is worked out."""
        return self._future is not None

    def _kept(self) -> GameReview | None:
        kept = self.history.kept_review(self.game_id, self.kind)
        if kept is None:
            return None
        try:
            review = review_from_json(kept)
        except RecordError:
            return None  # damaged: graded again
        if review.game != self.kind:
            return None
        self.reused = True
        return review

    def _set(self, review: GameReview, keep: bool) -> None:
        self.review = review
        self.done = self.total = sum(len(seat.decisions) for seat in review.seats)
        if not keep:
            return
        try:
            self.history.keep_review(self.game_id, self.kind, review.to_json())
        except (StoreError, ValueError) as error:
            self.not_kept = f"The review is shown but not kept: {error}"

    def poll(self, look_in_history: bool = False) -> bool:
        """Take the review once worked out (and keep it), else read how far it is;
        ``look_in_history``: use one another window kept meanwhile. True when it changed."""
        future = self._future
        if future is None:
            return False
        if look_in_history and not future.done() and (kept := self._kept()) is not None:
            future.cancel()
            self._end()
            self._set(kept, keep=False)
            return True
        if not future.done():
            return self._read_progress()
        self._end()
        try:
            self._set(future.result(), keep=True)
        except CancelledError:
            self.failed = "the review was stopped"
        except Exception as error:  # the worker's error, said in one line
            self.failed = f"the review could not be worked out ({type(error).__name__})"
        return True

    def _read_progress(self) -> bool:
        if self._path is None:
            return False
        try:
            with open(self._path, encoding="ascii") as file:
                done, total = (int(part) for part in file.read().split())
        except (OSError, ValueError):
            return False  # not written yet, or caught half-written
        changed = (done, total) != (self.done, self.total)
        self.done, self.total = done, total
        return changed

    def _end(self) -> None:
        self._future = None
        self._drop_file()

    def _drop_file(self) -> None:
        if self._path is not None:
            with contextlib.suppress(OSError):
                os.remove(self._path)
            self._path = None

    def status(self) -> str:
        """What the screen says while the review is worked out: ``reviewing… 12 of 58``."""
        if self.failed:
            return self.failed[:1].upper() + self.failed[1:] + "."
        if self.total:
            return f"reviewing… {self.done} of {self.total}"
        return "reviewing…"

    def close(self) -> None:
        """Stop the work under way (a new game, or leaving)."""
        if self._future is not None:
            self._future.cancel()
        self._end()
