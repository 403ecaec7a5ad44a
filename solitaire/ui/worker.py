"""The worker process the games' coaches and reviews run in, started after the first frame.

:func:`coach_executor` makes one process, started afresh (not forked from the app) once
the app has drawn its first screen (:func:`open_after_first_frame`): work asked for
before then is held, so a first screen never waits for multiprocessing. No game is
imported here: the match's coach (:mod:`solitaire.ui.match.coaching`) and every game's
review (:mod:`solitaire.ui.review`) hand it their work.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from functools import partial
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

if TYPE_CHECKING:
    from prompt_toolkit.application import Application

__all__ = ["NotStarted", "coach_executor", "open_after_first_frame"]

P = ParamSpec("P")
T = TypeVar("T")


def coach_executor(*, at_once: bool = False) -> Executor:
    """One worker process for the coach, started afresh (not forked from the app) once the
    first screen is drawn (see :func:`start_after_first_frame`); ``at_once`` where no
    screen is drawn (a script)."""
    executor = _AfterFirstFrame()
    if at_once:
        executor.open()
    return executor


def open_after_first_frame(app: Application[Any], executor: Executor | None) -> None:
    """Let ``executor`` (one of :func:`coach_executor`) start its process once ``app`` has
    drawn its first frame; any other executor is left as it is."""
    if not isinstance(executor, _AfterFirstFrame):
        return

    opened = [False]

    def first(_: object) -> None:
        # Not removed from the event while it fires: the handler after it would be skipped.
        if not opened[0]:
            opened[0] = True
            executor.open()

    app.after_render += first


class _AfterFirstFrame(Executor):
    """A process pool made when opened (or at a submit once opened): work submitted
    before then is held, and handed to the pool when it starts."""

    def __init__(self) -> None:
        self._pool: Executor | None = None
        self._opened = False
        self._held: list[tuple[Future[Any], Callable[[], Any]]] = []

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        if not self._opened:
            held: Future[T] = Future()
            self._held.append((held, partial(fn, *args, **kwargs)))
            return held
        return self._start().submit(fn, *args, **kwargs)

    def open(self) -> None:
        """Start the pool (if work waits) and hand it the work held so far."""
        self._opened = True
        held, self._held = self._held, []
        for future, work in held:
            if not future.set_running_or_notify_cancel():
                continue  # cancelled while it waited
            try:
                started = self._start().submit(work)
            except (OSError, RuntimeError) as error:
                future.set_exception(NotStarted(error))
                continue
            started.add_done_callback(partial(_pass_on, future))

    def _start(self) -> Executor:
        if self._pool is None:
            import multiprocessing

            from solitaire.core.collector import pace_collector
            from solitaire.core.workers import WorkerExecutor

            self._pool = WorkerExecutor(multiprocessing.get_context("spawn"), setup=pace_collector)
        return self._pool

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the pool; without ``wait``, the work under way is dropped too (its process
        ended), so that quitting never waits for a review still being graded."""
        for future, _ in self._held:
            future.cancel()
        self._held.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)


class NotStarted(Exception):
    """The coach's process could not start for work held until the first frame."""


def _pass_on(future: Future[Any], done: Future[Any]) -> None:
    """Give ``future`` the outcome of the pool's ``done``."""
    if done.cancelled():
        future.cancel()
    elif (error := done.exception()) is not None:
        future.set_exception(error)
    else:
        future.set_result(done.result())
