"""Long runs of seeded games, shared by every game's simulator and arena.

:func:`run_tasks` plays tasks over a pool of processes, a few at a time, and
returns their results in task order, so a run that derives everything from each
task's own seed gives the same answer for any number of processes. Ctrl-C stops
it and keeps every task that finished. :func:`wilson` is the interval every
report gives beside a share of wins.

>>> run_tasks(abs, [-3, 2, -1], jobs=1)
([3, 2, 1], False)
"""

from __future__ import annotations

import math
import signal
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final, TypeVar

from solitaire.core.limits import MAX_JOBS

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = ["MAX_JOBS", "Z95", "run_tasks", "wilson"]

Z95: Final = 1.959963984540054  # the 97.5th percentile of the standard normal
_IN_FLIGHT: Final = 4  # tasks queued per process: enough to keep each one busy

T = TypeVar("T")
R = TypeVar("R")


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def _ignore_sigint() -> None:
    # Workers leave Ctrl-C to the parent, which stops them and keeps what finished.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_tasks(
    work: Callable[[T], R],
    tasks: Iterable[T],
    jobs: int = 1,
    done: Callable[[R], None] | None = None,
    *,
    keep: bool = True,
) -> tuple[list[R], bool]:
    """``work`` applied to every task over ``jobs`` processes: the results in task order,
    and True when Ctrl-C stopped the run.

    With ``keep=False`` no result is kept once ``done`` has seen it (the list comes back
    empty): a long run that adds its results up as they come stays in flat memory.

    Tasks are drawn from the iterable a few at a time, so memory does not grow with
    their number. ``done`` is called with each result as it arrives. On Ctrl-C
    (KeyboardInterrupt) tasks not started are dropped, those under way finish, and
    the results of every finished task are returned. ``work`` must be a module-level
    function (it is sent to the other processes by name); any error it raises stops
    the run and is raised here.
    """
    results: dict[int, R] = {}
    try:
        if jobs == 1:
            for index, task in enumerate(tasks):
                results[index] = work(task)
                if done:
                    done(results[index])
                if not keep:
                    del results[index]
        else:
            _run_pool(work, tasks, jobs, done, results, keep)
    except KeyboardInterrupt:
        return [results[i] for i in sorted(results)], True
    return [results[i] for i in sorted(results)], False


def _run_pool(
    work: Callable[[T], R],
    tasks: Iterable[T],
    jobs: int,
    done: Callable[[R], None] | None,
    results: dict[int, R],
    keep: bool = True,
) -> None:
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    with ProcessPoolExecutor(jobs, initializer=_ignore_sigint) as pool:
        pending: dict[Future[R], int] = {}

        def collect() -> None:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                index = pending.pop(future)
                results[index] = future.result()
                if done:
                    done(results[index])
                if not keep:
                    del results[index]

        try:
            for index, task in enumerate(tasks):
                pending[pool.submit(work, task)] = index
                if len(pending) >= jobs * _IN_FLIGHT:
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
                    if keep:
                        results.setdefault(index, future.result())
                    elif done:
                        done(future.result())  # not kept: added up by the caller
            raise
        except BaseException:
            for future in pending:
                future.cancel()
            raise
