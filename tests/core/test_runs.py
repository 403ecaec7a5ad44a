"""Long runs over a pool of processes: results in task order, errors raised, any --jobs."""

from __future__ import annotations

import math
import os
import random
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from typing import Any, TypeVar

import pytest

from solitaire.core.runs import AIM_SECONDS, SPREAD, STOP_SIGNALS, chunk_size, run_tasks


@pytest.mark.parametrize("jobs", [1, 2])
def test_results_come_in_task_order_for_any_number_of_processes(jobs: int) -> None:
    seen: list[int] = []
    results, interrupted = run_tasks(abs, range(-40, 0), jobs, done=seen.append)
    assert results == list(range(40, 0, -1)) and not interrupted
    assert sorted(seen) == sorted(results)


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_error_in_a_task_stops_the_run_and_is_raised(jobs: int) -> None:
    with pytest.raises(ValueError, match="invalid literal"):
        run_tasks(int, ["1", "2", "x", *map(str, range(50))], jobs)


def test_tasks_are_drawn_lazily() -> None:
    drawn: list[int] = []

    def tasks() -> Iterator[int]:
        for i in range(10**9):
            drawn.append(i)
            yield i

    def stop(result: int) -> None:
        if result == 5:
            raise KeyboardInterrupt

    results, interrupted = run_tasks(abs, tasks(), 1, done=stop)
    assert interrupted and results == [0, 1, 2, 3, 4, 5] and len(drawn) == 6


@pytest.mark.parametrize("items", [1, 7, 64, 1000, 12_345, 1_000_000])
@pytest.mark.parametrize("slots", [1, 2, 16])
@pytest.mark.parametrize(("each", "setup"), [(1e-5, 0.0), (1e-4, 0.0), (1.2e-3, 0.11), (0.5, 0.0)])
def test_tasks_are_sized_by_their_work(items: int, slots: int, each: float, setup: float) -> None:
    size = chunk_size(items, slots, each, setup)
    tasks = math.ceil(items / size)
    assert 1 <= size <= items and (tasks - 1) * size < items  # no task left empty
    least = math.ceil(setup * 9 / each)  # the set-up at most a tenth of a task
    assert size == items or 2 * size >= least  # at most a fifth once the tasks are equal
    assert size <= max(1, least, math.ceil(AIM_SECONDS / each))  # about 2 s of work at most
    if least <= 1 and items >= slots * SPREAD and each * items / (slots * SPREAD) <= 2:
        assert tasks >= slots * SPREAD  # a short run: every process has tasks to even out


def test_short_runs_keep_every_process_busy_and_long_ones_make_few_tasks() -> None:
    assert chunk_size(4000, 2, 1e-4) == 500  # 8 tasks: 4 a process
    assert chunk_size(200_000, 2, 1e-4) == 20_000  # 2 s of work a task
    assert chunk_size(1000, 1, 1.2e-3, 0.11) == 500  # target121: not 20 tasks of set-up
    assert chunk_size(3, 4, 1.0) == 1


T = TypeVar("T")
R = TypeVar("R")


class Shuffled:
    """An executor whose tasks finish in a seeded random order, some reported twice (a
    cluster replaying a lost worker's task), and Ctrl-C after ``stop`` reports."""

    slots = 4
    where = "a shuffled test executor"

    def __init__(self, seed: int, stop: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.stop = stop

    def play(
        self,
        work: Callable[[T], R],
        tasks: Iterable[tuple[int, T]],
        finished: Callable[[int, R], None],
    ) -> None:
        listed = list(tasks)
        order = [*listed, *self.rng.sample(listed, len(listed) // 4)]  # some twice
        self.rng.shuffle(order)
        for reported, (index, task) in enumerate(order):
            if reported == self.stop:
                raise KeyboardInterrupt
            finished(index, work(task))


@pytest.mark.parametrize("seed", range(40))
def test_results_arriving_in_any_order_are_taken_in_task_order(seed: int) -> None:
    seen: list[int] = []
    results, interrupted = run_tasks(abs, range(-30, 0), executor=Shuffled(seed), done=seen.append)
    assert results == seen == list(range(30, 0, -1)) and not interrupted


@pytest.mark.parametrize("seed", range(40))
def test_an_interrupted_run_keeps_its_first_tasks_whatever_finished_first(seed: int) -> None:
    stop = random.Random(seed).randrange(0, 30)
    seen: list[int] = []
    executor = Shuffled(seed, stop)
    results, interrupted = run_tasks(abs, range(-30, 0), executor=executor, done=seen.append)
    assert interrupted
    assert results == seen == list(range(30, 30 - len(results), -1))  # a prefix, in order
    running, _ = run_tasks(
        abs, range(-30, 0), executor=Shuffled(seed, stop), done=lambda r: None, keep=False
    )
    assert running == []


class _Shuffled:
    """An executor that reports each task's result twice, a window of them in reverse
    order (as a cluster may, after losing a worker)."""

    slots = 1
    where = "here"

    def play(self, work: Any, tasks: Any, finished: Any) -> None:
        window: list[tuple[int, Any]] = []
        for index, task in tasks:
            window.append((index, work(task)))
            if len(window) == 8:
                for pair in [*reversed(window), *window]:
                    finished(*pair)
                window.clear()
        for pair in [*reversed(window), *window]:
            finished(*pair)


def test_a_long_run_counts_every_task_once_in_flat_memory() -> None:
    """Every result reaches ``done`` once, however late or often it is reported, and what
    is kept to know that does not grow with the tasks (a million-game arena)."""
    seen: list[int] = []
    run_tasks(abs, range(-20, 0), done=seen.append, keep=False, executor=_Shuffled())
    assert sorted(seen) == list(range(1, 21))
    count = 0

    def counted(_: int) -> None:
        nonlocal count
        count += 1

    tracemalloc.start()
    try:
        run_tasks(abs, range(200_000), done=counted, keep=False, executor=_Shuffled())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 200_000
    assert peak < 100_000  # bytes: a set of every index seen would take megabytes


def test_a_run_leaves_the_signal_handlers_as_it_found_them() -> None:
    """Its own handlers for the run's length only; a signal ignored (``nohup``'s SIGHUP)
    stays ignored during the run."""
    before = {number: signal.getsignal(number) for number in STOP_SIGNALS}
    during: list[dict[int, object]] = []
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        run_tasks(abs, range(3), 2, done=lambda _: during.append(
            {number: signal.getsignal(number) for number in STOP_SIGNALS}
        ))  # fmt: skip
    finally:
        signal.signal(signal.SIGHUP, previous)
    assert {number: signal.getsignal(number) for number in STOP_SIGNALS} == before
    assert during[0][signal.SIGHUP] == signal.SIG_IGN
    assert during[0][signal.SIGTERM] not in (signal.SIG_DFL, before[signal.SIGTERM])


_STOPPED_HERE = """
import os, signal
from solitaire.core.runs import run_tasks

def stop(result):
    if result == 3:
        os.kill(os.getpid(), signal.{name})

print(run_tasks(abs, range(10**9), 1, done=stop, keep=True))
"""


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_each_signal_stops_a_run_in_this_process_keeping_its_first_tasks(name: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", _STOPPED_HERE.format(name=name)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stdout) == (0, "([0, 1, 2, 3], True)\n"), result.stderr


_STOPPED_MID_ANSWER = """
import os, signal, time
from solitaire.core.runs import run_tasks

def big(index):
    return index, bytes(16 * 1024 * 1024)  # far more than a pipe holds

seen = []

def stop(result):
    seen.append(result[0])
    if len(seen) == 4:
        time.sleep(0.3)  # meanwhile the other worker has begun to send its answer
        os.kill(os.getpid(), signal.{name})

print(run_tasks(big, range(10**6), 2, done=stop, keep=False)[1], seen)
"""


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_run_stopped_while_a_worker_sends_its_answer_ends_at_once(name: str) -> None:
    """A worker ended half-way through sending a result: the run neither waits for the rest
    for ever nor takes half an answer, and keeps its first tasks."""
    result = subprocess.run(
        [sys.executable, "-c", _STOPPED_MID_ANSWER.format(name=name)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    interrupted, seen = result.stdout.split(" ", 1)
    assert interrupted == "True"
    kept = [int(index) for index in seen.strip("[]\n").split(",")]
    assert len(kept) >= 4 and kept == list(range(len(kept)))


_STOPPED_WITH_ITS_GROUP = """
import sys, time
from solitaire.core.runs import run_tasks

def slow(index):
    time.sleep(0.05)
    return index

def said(result):
    if result == 0:
        print("first", flush=True)

results, interrupted = run_tasks(slow, range(10**6), 2, done=said)
print(interrupted, results == list(range(len(results))), flush=True)
"""


@pytest.mark.parametrize("attempt", range(4))
def test_a_stop_signal_to_the_whole_process_group_stops_the_run(attempt: int) -> None:
    """SIGTERM to the run and its workers at once (a service manager's stop, ``kill --
    -PGID``): the workers die by it as the run learns of it, and the run stops as
    interrupted, keeping its first tasks, rather than failing on a worker gone."""
    process = subprocess.Popen(
        [sys.executable, "-c", _STOPPED_WITH_ITS_GROUP],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "first\n"
        time.sleep(0.02 * attempt)  # a worker at work, or between two tasks
        os.killpg(process.pid, signal.SIGTERM)
        out, err = process.communicate(timeout=60)
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    assert (process.returncode, out) == (0, "True True\n"), err
