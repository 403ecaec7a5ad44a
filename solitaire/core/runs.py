"""Long runs of seeded games, shared by every game's simulator and arena.

:func:`run_tasks` plays tasks on an :class:`Executor` (this machine's processes by
default, or a cluster of machines: :mod:`solitaire.cluster`), a few at a time, and
returns their results in task order, so a run that derives everything from each
task's own seed gives the same answer for any number of processes or workers.
Ctrl-C, SIGTERM and SIGHUP stop it, end every process it started, and keep the first
tasks, all finished (the start of the same run).
:func:`chunk_size` sizes a run's tasks by their work; :func:`wilson` is the interval
every report gives beside a share of wins.

>>> run_tasks(abs, [-3, 2, -1], jobs=1)
([3, 2, 1], False)
>>> chunk_size(1000, slots=1, each=0.0012, setup=0.11)  # 1,000 games of target121
500
"""

from __future__ import annotations

import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

from solitaire.core.collector import pace_collector
from solitaire.core.errors import CribsolError
from solitaire.core.limits import MAX_JOBS
from solitaire.core.words import plural

if TYPE_CHECKING:
    from types import FrameType

    from solitaire.core.workers import Worker

__all__ = [
    "MAX_JOBS",
    "STOP_SIGNALS",
    "Z95",
    "Executor",
    "LocalPool",
    "RunStopped",
    "check_signals",
    "chunk_size",
    "run_tasks",
    "signals_polled",
    "stopped_by_signals",
    "wilson",
]

Z95: Final = 1.959963984540054  # the 97.5th percentile of the standard normal
IN_FLIGHT: Final = 4  # a cluster's tasks queued per slot, to keep each busy across a network
AIM_SECONDS: Final = 2.0  # a task's work: far above any executor's cost of handing it over
SPREAD: Final = 4  # tasks per process at least, where there are games enough to even out
SETUP_SHARE: Final = 0.1  # at most this share of a task's time spent setting it up
STOP_SIGNALS: Final = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that stop a run as Ctrl-C does: its workers ended, its finished tasks kept."""
_STOPPED: Final = frozenset(-number for number in STOP_SIGNALS)  # a worker's exit code then

T = TypeVar("T")
R = TypeVar("R")


class RunStopped(CribsolError):
    """Raised by an executor that cannot go on (a cluster whose scheduler went away): the
    run ends as one interrupted does, its first tasks, all finished, kept; ``str()``
    says what happened, in one line."""


class Executor(Protocol):
    """Where a run's tasks are played: :class:`LocalPool` (this machine's processes) or a
    cluster (:class:`solitaire.cluster.DaskCluster`)."""

    @property
    def slots(self) -> int:
        """How many tasks it plays at once (what a run's tasks are sized by)."""
        ...

    @property
    def where(self) -> str:
        """Where the games were played, for a report: ``2 job(s)``, ``the cluster at ...``."""
        ...

    def play(
        self,
        work: Callable[[T], R],
        tasks: Iterable[tuple[int, T]],
        finished: Callable[[int, R], None],
    ) -> None:
        """``work`` applied to each ``(index, task)``; ``finished(index, result)`` called with
        each result as it comes. An error ``work`` raises stops the run and is raised here.
        On KeyboardInterrupt: no task is handed out any more, ``finished`` is called for each
        task that finished (or, here, finishes), and the KeyboardInterrupt raised again. An
        executor that cannot go on raises :class:`RunStopped`, its finished tasks reported."""
        ...


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def chunk_size(items: int, slots: int, each: float, setup: float = 0.0) -> int:
    """How many of a run's ``items`` (games) one task plays, given the seconds ``each``
    takes and the seconds a task spends ``setup`` whatever its size.

    About :data:`AIM_SECONDS` of work a task, so handing it over (to a process here, to a
    worker across a network) costs next to nothing; fewer when that would leave fewer
    than :data:`SPREAD` tasks to each of the ``slots`` playing at once (a short run still
    keeps every one busy); never so few that ``setup`` takes more than
    :data:`SETUP_SHARE` of a task. The tasks are then made equal. Only the speed
    depends on this: every game's result comes from its own seed.

    >>> chunk_size(200_000, slots=2, each=0.0001)  # best: 2 s of work
    20000
    >>> chunk_size(64, slots=1, each=0.005)  # a short run: 4 tasks
    16
    """
    if items < 1:
        return 1
    largest = math.ceil(AIM_SECONDS / each)
    spread = items // (max(1, slots) * SPREAD)
    least = math.ceil(setup * (1 - SETUP_SHARE) / SETUP_SHARE / each)
    size = min(items, max(1, least, min(largest, spread)))
    return math.ceil(items / math.ceil(items / size))  # the same size for every task


_signalled = threading.Event()  # a stop signal came during the run under way
_polled = threading.Event()  # the run looks at _signalled itself: its handler raises nothing
POLL_SECONDS: Final = 0.1  # between two looks at :func:`check_signals` while a run waits


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Within it, SIGTERM and SIGHUP stop what runs as Ctrl-C does (a KeyboardInterrupt in
    the main thread), so a run ends its workers and keeps its finished tasks whoever stops
    it. The first of these signals is raised; those that come while the run is stopping
    are let go, so they cannot cut short the ending of its workers. A signal ignored when
    it starts (``nohup``'s SIGHUP) or handled by the caller is left as it is; outside the
    main thread nothing is changed (only that thread receives signals)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        if not _signalled.is_set():
            _signalled.set()
            if not _polled.is_set():
                raise KeyboardInterrupt

    previous: dict[int, Any] = {}
    _signalled.clear()
    for number in STOP_SIGNALS:
        handler = signal.getsignal(number)
        if handler in (signal.SIG_DFL, signal.default_int_handler):
            previous[number] = signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        _signalled.clear()


def check_signals() -> None:
    """A KeyboardInterrupt if a stop signal came during the run under way."""
    if _signalled.is_set():
        raise KeyboardInterrupt


@contextmanager
def signals_polled() -> Iterator[None]:
    """Within it the stop signals raise nothing where they land: the executor looks at
    :func:`check_signals` itself, every :data:`POLL_SECONDS` at most. An exception raised
    at any point of a pool's start (inside a hook run after a fork, say) would be lost
    there, or leave the pool half made, its workers unknown to it; one raised inside a
    library's finalizer (a cluster client's future let go) is printed and dropped."""
    _polled.set()
    try:
        yield
    finally:
        _polled.clear()


_PR_SET_PDEATHSIG: Final = 1  # prctl(2): a signal sent to this process when its parent goes


def _start_worker(parent: int | None) -> None:
    """A worker's set-up: the signals that reach a whole terminal's processes (Ctrl-C, a
    hang-up) are its parent's to act on, which then ends it with SIGTERM; and on Linux
    it goes when its parent does, however that ends (even by SIGKILL); ``parent``, the
    run's process, if it is this one's parent."""
    pace_collector()  # a spawned worker starts at Python's pace, not its parent's
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, copied by fork
    if hasattr(signal, "pthread_sigmask"):  # held back while it was made: see _signals_held
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            prctl = ctypes.CDLL(None, use_errno=True).prctl
        except (OSError, AttributeError):
            return
        prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        if parent is not None and os.getppid() != parent:  # gone before that was asked
            os._exit(1)


@contextmanager
def _signals_held() -> Iterator[None]:
    """The stop signals held back in this thread: a worker started within inherits that,
    so none reaches it before its set-up has replaced the handlers it was forked with (a
    SIGTERM to end it would otherwise go to the run's handler, copied into it, and be let
    go)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


class LocalPool:
    """This machine's processes: ``jobs`` of them (with 1, the tasks are played here)."""

    def __init__(self, jobs: int = 1) -> None:
        self.jobs = jobs

    @property
    def slots(self) -> int:
        """As many tasks at once as processes."""
        return self.jobs

    @property
    def where(self) -> str:
        """``2 jobs``, ``1 job``."""
        return plural(self.jobs, "job")

    def play(
        self,
        work: Callable[[T], R],
        tasks: Iterable[tuple[int, T]],
        finished: Callable[[int, R], None],
    ) -> None:
        """See :meth:`Executor.play`: on Ctrl-C (or SIGTERM, SIGHUP: see
        :func:`stopped_by_signals`) the tasks finished are reported and the processes ended
        at once, the tasks under way with them."""
        if self.jobs == 1:
            for index, task in tasks:
                check_signals()
                finished(index, work(task))
            return
        import multiprocessing
        from concurrent.futures import BrokenExecutor
        from multiprocessing.connection import wait

        from solitaire.core.workers import END_SECONDS, Worker, end_workers

        context = multiprocessing.get_context()
        # A worker started afresh or forked knows its parent; one a fork server made does not.
        parent = os.getpid() if context.get_start_method() in ("fork", "spawn") else None
        workers: list[Worker] = []
        running: dict[Worker, int] = {}  # each busy worker's task
        todo = iter(tasks)

        def lost(worker: Worker, error: BrokenExecutor) -> BaseException:
            """What a worker gone means: the run stopped (a KeyboardInterrupt) if a stop
            signal ended it or reached the run (SIGTERM to the whole process group), else
            ``error``."""
            worker.process.join(END_SECONDS)
            if _signalled.is_set() or worker.process.exitcode in _STOPPED:
                return KeyboardInterrupt()
            return error

        def hand_on(worker: Worker) -> None:
            for index, task in todo:  # the next task, if any is left
                try:
                    worker.send(work, task)
                except BrokenExecutor as error:
                    raise lost(worker, error) from error
                running[worker] = index
                return

        with signals_polled():
            try:
                with _signals_held():
                    for _ in range(self.jobs):
                        workers.append(Worker(context, _start_worker, (parent,)))
                for worker in workers:
                    hand_on(worker)
                while running:
                    check_signals()
                    owners = {worker.connection: worker for worker in running}
                    for ready in wait(list(owners), timeout=POLL_SECONDS):
                        worker = owners[ready]  # type: ignore[index]
                        index = running.pop(worker)
                        try:
                            result = worker.receive()
                        except BrokenExecutor as error:
                            raise lost(worker, error) from error
                        try:
                            hand_on(worker)
                        finally:
                            finished(index, result)
                for worker in workers:
                    worker.stop()
                deadline = time.monotonic() + END_SECONDS
                for worker in workers:
                    worker.process.join(max(0.0, deadline - time.monotonic()))
            except BaseException as error:
                end_workers(workers)
                if isinstance(error, KeyboardInterrupt):
                    _finished_before_the_end(running, finished)
                raise
            finally:
                end_workers(workers)  # none left by now, but never one astray
                for worker in workers:
                    worker.close()
                    worker.process.close()  # its handles too, not left to the collector


def _finished_before_the_end(
    running: dict[Worker, int], finished: Callable[[int, R], None]
) -> None:
    """``finished`` for each task whose worker sent its result whole before it was ended."""
    for worker, index in running.items():
        if worker.connection.poll():  # its end reached (or the result): it cannot block
            try:
                result = worker.receive()
            except Exception:  # half an answer, or the task's own error: not finished
                continue
            finished(index, result)


def run_tasks(
    work: Callable[[T], R],
    tasks: Iterable[T],
    jobs: int = 1,
    done: Callable[[R], None] | None = None,
    *,
    keep: bool = True,
    executor: Executor | None = None,
) -> tuple[list[R], bool]:
    """``work`` applied to every task on ``executor`` (by default ``jobs`` processes of this
    machine): the results in task order, and True when Ctrl-C stopped the run.

    With ``keep=False`` no result is kept once ``done`` has seen it (the list comes back
    empty): a long run that adds its results up as they come stays in flat memory.

    Tasks are drawn from the iterable a few at a time, so memory does not grow with
    their number. ``done`` is called with each result in task order, once per task
    whatever the executor reports (a task a cluster played twice, after losing a
    worker, counts once: results are keyed by the task's index); a result that
    arrives early waits for those before it. On Ctrl-C (KeyboardInterrupt) tasks not
    started are dropped and the results of the first tasks, all finished, are
    returned: an interrupted run is the start of the same run played whole, never a
    sample of whichever tasks were quickest. ``work`` must be a module-level function
    (it is sent to the other processes by name); any error it raises stops the run
    and is raised here. SIGTERM and SIGHUP stop a run as Ctrl-C does
    (:func:`stopped_by_signals`): the run's processes ended, its first tasks returned; so
    does an executor that cannot go on (:class:`RunStopped`), which keeps why.
    """
    results: list[R] = []
    early: dict[int, R] = {}  # finished, waiting for a task before them
    count = 0  # the tasks handed to ``done`` so far: 0 .. count-1

    def finished(index: int, result: R) -> None:
        nonlocal count
        if index < count or index in early:
            return
        early[index] = result
        while count in early:
            ready = early.pop(count)
            count += 1
            if keep:
                results.append(ready)
            if done:
                done(ready)

    try:
        with stopped_by_signals():
            (executor or LocalPool(jobs)).play(work, enumerate(tasks), finished)
    except (KeyboardInterrupt, RunStopped):
        return results, True
    return results, False
