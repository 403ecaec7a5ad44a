"""Long runs of seeded games, shared by every game's simulator and arena.

:func:`run_tasks` plays tasks on an :class:`Executor` (this machine's processes by
default, or a cluster of machines: :mod:`solitaire.cluster`), a few at a time, and
returns their results in task order, so a run that derives everything from each
task's own seed gives the same answer for any number of processes or workers.
Ctrl-C stops it and keeps every task that finished. :func:`chunk_size` sizes a
run's tasks by their work; :func:`wilson` is the interval every report gives beside
a share of wins.

>>> run_tasks(abs, [-3, 2, -1], jobs=1)
([3, 2, 1], False)
>>> chunk_size(1000, slots=1, each=0.0012, setup=0.11)  # 1,000 games of target121
500
"""

from __future__ import annotations

import math
import signal
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final, Protocol, TypeVar

from solitaire.core.limits import MAX_JOBS

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = ["MAX_JOBS", "Z95", "Executor", "LocalPool", "chunk_size", "run_tasks", "wilson"]

Z95: Final = 1.959963984540054  # the 97.5th percentile of the standard normal
IN_FLIGHT: Final = 4  # tasks queued per process: enough to keep each one busy
AIM_SECONDS: Final = 2.0  # a task's work: far above any executor's cost of handing it over
SPREAD: Final = 4  # tasks per process at least, where there are games enough to even out
SETUP_SHARE: Final = 0.1  # at most this share of a task's time spent setting it up

T = TypeVar("T")
R = TypeVar("R")


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
        task that finished (or, here, finishes), and the KeyboardInterrupt raised again."""
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


def _ignore_sigint() -> None:
    # Workers leave Ctrl-C to the parent, which stops them and keeps what finished.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
        """``N job(s)``."""
        return f"{self.jobs} job(s)"

    def play(
        self,
        work: Callable[[T], R],
        tasks: Iterable[tuple[int, T]],
        finished: Callable[[int, R], None],
    ) -> None:
        """See :meth:`Executor.play`: on Ctrl-C the tasks under way finish and are reported."""
        if self.jobs == 1:
            for index, task in tasks:
                finished(index, work(task))
            return
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        with ProcessPoolExecutor(self.jobs, initializer=_ignore_sigint) as pool:
            pending: dict[Future[R], int] = {}

            def collect() -> None:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    finished(pending.pop(future), future.result())

            try:
                for index, task in tasks:
                    pending[pool.submit(work, task)] = index
                    if len(pending) >= self.jobs * IN_FLIGHT:
                        collect()
                while pending:
                    collect()
            except KeyboardInterrupt:
                # Stop what has not started; tasks under way finish and are kept.
                for future in pending:
                    future.cancel()
                wait(pending)
                for future, index in pending.items():
                    if not future.cancelled() and future.exception() is None:
                        finished(index, future.result())
                raise
            except BaseException:
                for future in pending:
                    future.cancel()
                raise


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
    their number. ``done`` is called with each result as it arrives, once per task
    whatever the executor reports (a task a cluster played twice, after losing a
    worker, counts once: results are keyed by the task's index). On Ctrl-C
    (KeyboardInterrupt) tasks not started are dropped and the results of every
    finished task are returned. ``work`` must be a module-level function (it is sent
    to the other processes by name); any error it raises stops the run and is raised
    here.
    """
    results: dict[int, R] = {}
    # The tasks seen: every index under ``below``, and those above it that finished early
    # (a few: as many as are played at once), so a run of a million tasks stays flat.
    below = 0
    seen: set[int] = set()

    def finished(index: int, result: R) -> None:
        nonlocal below
        if index < below or index in seen:
            return
        seen.add(index)
        while below in seen:
            seen.remove(below)
            below += 1
        if keep:
            results[index] = result
        if done:
            done(result)

    try:
        (executor or LocalPool(jobs)).play(work, enumerate(tasks), finished)
    except KeyboardInterrupt:
        return [results[i] for i in sorted(results)], True
    return [results[i] for i in sorted(results)], False
