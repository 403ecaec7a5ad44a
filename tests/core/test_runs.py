"""Long runs over a pool of processes: results in task order, errors raised, any --jobs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from solitaire.core.runs import run_tasks


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
