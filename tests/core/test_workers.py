"""Worker processes answer over pipes of their own: one ended at any moment, even half-way
through sending a result, reads as lost (never as a wait for ever), errors come back with
their tracebacks, and a program never waits at its end for work it gave up.

The runs of many games (:mod:`solitaire.core.runs`) and the coach's process
(:mod:`solitaire.ui.worker`) both stand on these.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor, Future, wait
from pathlib import Path
from typing import Any, Final

import pytest

from solitaire.core.workers import Worker, WorkerExecutor, end_workers

ROOT: Final = Path(__file__).resolve().parents[2]
BIG: Final = 64 * 1024 * 1024  # bytes: far more than a pipe holds, so its sending takes a while


def big(size: int) -> bytes:
    return bytes(size)


class Stubborn(Exception):
    """An error that cannot be sent back: it holds a lock."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.lock = threading.Lock()


def stubborn(_: object) -> None:
    raise Stubborn("it would not come back")


def unpicklable(_: object) -> object:
    return threading.Lock()


@pytest.fixture
def worker() -> Iterator[Worker]:
    made = Worker(multiprocessing.get_context())
    yield made
    end_workers([made], seconds=2.0)
    made.close()


def _receive_within(worker: Worker, seconds: float) -> BaseException | object:
    """What ``worker.receive()`` returned or raised, failing the test if it still waited
    after ``seconds`` (it runs in a thread, so a wait for ever cannot hang the suite)."""
    outcome: list[BaseException | object] = []

    def receive() -> None:
        try:
            outcome.append(worker.receive())
        except BaseException as error:
            outcome.append(error)

    reader = threading.Thread(target=receive, daemon=True)
    reader.start()
    reader.join(seconds)
    assert not reader.is_alive(), f"receive() still waited {seconds} s later"
    return outcome[0]


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_a_worker_ended_half_way_through_its_answer_reads_as_lost(
    worker: Worker, how: signal.Signals
) -> None:
    worker.send(big, BIG)
    assert worker.connection.poll(60)  # its answer has begun to come ...
    time.sleep(0.2)  # ... and cannot all be in the pipe: the worker waits to write the rest
    assert worker.process.pid is not None
    os.kill(worker.process.pid, how)
    worker.process.join(30)
    outcome = _receive_within(worker, 30)
    assert isinstance(outcome, BrokenExecutor), outcome
    assert "ended before it answered" in str(outcome)


def test_an_answer_sent_whole_before_the_end_is_still_received(worker: Worker) -> None:
    worker.send(abs, -7)
    assert worker.connection.poll(60)
    end_workers([worker], seconds=2.0)
    assert _receive_within(worker, 30) == 7
    assert isinstance(_receive_within(worker, 30), BrokenExecutor)  # and then its end


def test_an_error_comes_back_with_its_traceback_and_the_worker_goes_on(worker: Worker) -> None:
    worker.send(int, "x")
    with pytest.raises(ValueError, match="invalid literal") as raised:
        worker.receive()
    (note,) = raised.value.__notes__
    assert note.startswith("Raised in the worker process:\nTraceback (most recent call last)")
    assert "ValueError: invalid literal" in note
    worker.send(abs, -3)
    assert worker.receive() == 3


@pytest.mark.parametrize(
    ("work", "kind", "said"),
    [
        (stubborn, RuntimeError, "Stubborn: it would not come back"),
        (unpicklable, TypeError, "cannot pickle '_thread.lock' object"),
    ],
    ids=["error-not-pickled", "result-not-pickled"],
)
def test_what_cannot_come_back_is_said_and_fails_its_task_alone(
    worker: Worker, work: Callable[[object], object], kind: type[Exception], said: str
) -> None:
    worker.send(work, None)
    with pytest.raises(kind) as raised:
        worker.receive()
    assert said in str(raised.value)
    worker.send(abs, -5)
    assert worker.receive() == 5


def test_an_executor_runs_its_work_in_order_and_waits_for_it_at_shutdown() -> None:
    executor = WorkerExecutor(multiprocessing.get_context("spawn"))
    futures = [executor.submit(pow, 2, power) for power in range(6)]
    executor.shutdown(wait=True)
    assert [future.result(timeout=0) for future in futures] == [1, 2, 4, 8, 16, 32]
    assert executor.process.exitcode == 0  # it went by itself
    with pytest.raises(RuntimeError, match="after shutdown"):
        executor.submit(abs, -1)


def test_an_executor_whose_process_dies_fails_its_work_and_says_so_after() -> None:
    executor = WorkerExecutor(multiprocessing.get_context("spawn"))
    assert executor.submit(abs, -2).result(timeout=60) == 2
    running: Future[None] = executor.submit(time.sleep, 60)
    waiting: Future[int] = executor.submit(abs, -3)
    time.sleep(0.2)
    assert executor.process.pid is not None
    os.kill(executor.process.pid, signal.SIGKILL)
    assert wait([running], timeout=30).done == {running}
    assert wait([waiting], timeout=30).done == {waiting}
    assert isinstance(running.exception(), BrokenExecutor)
    assert isinstance(waiting.exception(), BrokenExecutor)
    with pytest.raises(BrokenExecutor):
        executor.submit(abs, -4)
    executor.shutdown(wait=True)  # returns: nothing left to wait for


def test_work_given_up_at_shutdown_never_runs() -> None:
    executor = WorkerExecutor(multiprocessing.get_context("spawn"))
    running = executor.submit(time.sleep, 0.5)
    dropped = executor.submit(abs, -1)
    executor.shutdown(wait=True, cancel_futures=True)
    assert running.result(timeout=0) is None and dropped.cancelled()


_QUITS: Final = """
import multiprocessing, sys, time

if __name__ == "__main__":
    if sys.argv[2] == "coach":
        from solitaire.ui.worker import coach_executor

        executor = coach_executor(at_once=True)
    else:
        from solitaire.core.workers import WorkerExecutor

        executor = WorkerExecutor(multiprocessing.get_context("spawn"))
    executor.submit(time.sleep, 1).result(timeout=60)  # under way, then
    executor.submit(time.sleep, 120)
    executor.submit(bytes, {size})
    time.sleep(0.2)
    if sys.argv[1] == "shutdown":
        executor.shutdown(wait=False)
    print("quit", flush=True)
"""


@pytest.mark.parametrize("executor", ["worker", "coach"])
@pytest.mark.parametrize("how", ["shutdown", "exit"])
def test_a_program_that_quits_while_its_worker_works_ends_at_once(
    tmp_path: Path, how: str, executor: str
) -> None:
    """Quitting with a review under way: shut down without waiting, or not shut down at all
    (the process is a daemon, and nothing of the program waits on its pipe); the same for
    the games' coach (:func:`solitaire.ui.worker.coach_executor`)."""
    script = tmp_path / "quits.py"
    script.write_text(_QUITS.format(size=BIG))
    result = subprocess.run(
        [sys.executable, str(script), how, executor],
        capture_output=True,
        text=True,
        timeout=60,  # the work given up would take two minutes
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert (result.returncode, result.stdout) == (0, "quit\n"), result.stderr


def test_a_callback_may_use_the_executor_whatever_settles_its_future() -> None:
    """Futures are settled outside the executor's lock: a callback of work that could not
    be sent (it does not pickle) submits more, and everything still runs."""
    executor = WorkerExecutor(multiprocessing.get_context("spawn"))
    first = executor.submit(time.sleep, 0.3)
    unsent: Future[int] = executor.submit(lambda: 1)  # sent when the first is done
    again: list[Future[int]] = []
    unsent.add_done_callback(lambda _: again.append(executor.submit(abs, -6)))
    assert first.result(timeout=60) is None
    assert isinstance(unsent.exception(timeout=60), Exception)
    deadline = time.monotonic() + 60
    while not again and time.monotonic() < deadline:
        time.sleep(0.01)
    assert again and again[0].result(timeout=60) == 6
    executor.shutdown(wait=True)


def test_work_cancelled_while_it_waits_stays_cancelled_when_the_process_dies() -> None:
    executor = WorkerExecutor(multiprocessing.get_context("spawn"))
    running: Future[None] = executor.submit(time.sleep, 60)
    waiting: Future[int] = executor.submit(abs, -1)
    assert waiting.cancel()
    time.sleep(0.2)
    assert executor.process.pid is not None
    os.kill(executor.process.pid, signal.SIGKILL)
    assert isinstance(running.exception(timeout=30), BrokenExecutor)
    assert wait([waiting], timeout=30).done == {waiting} and waiting.cancelled()
    executor.shutdown(wait=True)


def test_a_forked_worker_goes_once_the_program_lets_go_of_its_pipe() -> None:
    """Each forked worker lets go of the program's ends of every pipe (its own and those of
    the workers before it), so it reads the end of its pipe when the program closes it."""
    context = multiprocessing.get_context("fork")
    first, second = Worker(context), Worker(context)
    try:
        for worker in (first, second):
            worker.send(abs, -2)
            assert worker.receive() == 2
        first.close()
        first.process.join(30)
        assert first.process.exitcode == 0
        assert second.process.is_alive()
    finally:
        end_workers([first, second], seconds=2.0)
        second.close()


def test_runs_whose_tasks_fail_leave_no_file_open() -> None:
    """The error a worker sent back holds nothing of the run once it is let go, even with
    the garbage collector's cycles never collected."""
    from solitaire.core.runs import run_tasks

    def open_files() -> int:
        return len(os.listdir("/proc/self/fd"))

    if not Path("/proc/self/fd").is_dir():
        pytest.skip("counts this process's files in /proc")
    gc.collect()
    gc.disable()
    try:
        before = open_files()
        for _ in range(5):
            try:
                run_tasks(int, ["1", "x", "2", "3"], jobs=2)
            except ValueError:
                pass
            else:
                pytest.fail("the task's error was not raised")
        assert open_files() == before
    finally:
        gc.enable()


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_runs_play_under_every_way_of_starting_a_process(method: str) -> None:
    """Python 3.14 starts processes from a fork server by default on Linux."""
    script = (
        "import multiprocessing\n"
        "from solitaire.core.runs import run_tasks\n"
        "if __name__ == '__main__':\n"
        f"    multiprocessing.set_start_method({method!r})\n"
        "    print(run_tasks(abs, range(-6, 0), jobs=2))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert (result.returncode, result.stdout) == (0, "([6, 5, 4, 3, 2, 1], False)\n"), result.stderr


def test_only_the_thread_that_ends_a_worker_reaps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reading thread never asks the process's state: had it reaped the process while
    the program's thread ended it, that thread could read it as still alive."""
    import multiprocessing.popen_fork

    askers: set[str] = set()
    real_poll = multiprocessing.popen_fork.Popen.poll

    def poll(popen: Any, *args: Any) -> Any:
        askers.add(threading.current_thread().name)
        return real_poll(popen, *args)

    monkeypatch.setattr(multiprocessing.popen_fork.Popen, "poll", poll)
    executor = WorkerExecutor(multiprocessing.get_context("spawn"))
    running: Future[None] = executor.submit(time.sleep, 60)
    time.sleep(0.2)
    assert executor.process.pid is not None
    os.kill(executor.process.pid, signal.SIGKILL)  # the reading thread meets its end first
    assert isinstance(running.exception(timeout=30), BrokenExecutor)
    executor.shutdown(wait=False)
    assert not executor.process.is_alive()
    assert askers == {threading.current_thread().name}
