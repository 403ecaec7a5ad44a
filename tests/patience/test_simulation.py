"""Simulation: determinism across jobs, statistics, the oracle bound, interruption."""

from __future__ import annotations

import math
import statistics
from typing import Any

import pytest

from solitaire.patience.advisor import hindsight
from solitaire.patience.game import Game
from solitaire.patience.simulation import (
    SimulationResult,
    oracle_total,
    play_one,
    simulate,
    wilson,
)
from solitaire.patience.strategy import best_strategy, play_out


@pytest.mark.parametrize("strategy", ["best", "hand", "random", "oracle"])
def test_results_are_identical_for_any_jobs(strategy: str) -> None:
    one = simulate(24, strategy, seed=5, jobs=1)
    two = simulate(24, strategy, seed=5, jobs=2, chunk=5)
    assert one.totals == two.totals
    assert one.totals == tuple(play_one(strategy, 5 + i) for i in range(24))


def test_game_i_is_seed_plus_i() -> None:
    result = simulate(3, "best", seed=100)
    assert result.totals == tuple(
        play_out(Game.from_seed(100 + i), best_strategy).total for i in range(3)
    )


def test_statistics_against_a_direct_computation() -> None:
    result = simulate(60, "random", seed=1)
    totals = list(result.totals)
    n = len(totals)
    assert result.games == n == 60
    assert result.mean == pytest.approx(sum(totals) / n)
    assert result.stdev == pytest.approx(statistics.stdev(totals))
    half = 1.959963984540054 * statistics.stdev(totals) / math.sqrt(n)
    assert result.mean_ci == pytest.approx((result.mean - half, result.mean + half))
    assert result.past_skunk == sum(1 for t in totals if t > 90)
    assert result.reached_great == sum(1 for t in totals if t >= 121)
    share, low, high = result.share(result.past_skunk)
    assert share == pytest.approx(result.past_skunk / n) and low <= share <= high
    histogram = result.histogram()
    assert sum(count for _, count in histogram) == n
    for start, count in histogram:
        assert count == sum(1 for t in totals if start <= t <= start + 9)
    assert result.to_dict()["min"] == min(totals) and result.to_dict()["max"] == max(totals)


def test_wilson_interval_matches_the_formula() -> None:
    # 30 of 100 at 95%: the textbook Wilson interval is 0.2189 to 0.3958.
    low, high = wilson(30, 100)
    assert low == pytest.approx(0.2189, abs=1e-4) and high == pytest.approx(0.3958, abs=1e-4)
    assert wilson(0, 50)[0] == pytest.approx(0.0, abs=1e-12)
    assert wilson(50, 50)[1] == pytest.approx(1.0)


def test_histogram_bins_start_at_the_lines() -> None:
    result = SimulationResult("best", 0, 4, (90, 91, 120, 121))
    assert result.histogram() == [(81, 1), (91, 1), (101, 0), (111, 1), (121, 1)]


def test_oracle_is_never_below_best_on_any_deal() -> None:
    best = simulate(40, "best", seed=7)
    oracle = simulate(40, "oracle", seed=7)
    assert all(o >= b for o, b in zip(oracle.totals, best.totals, strict=True))


def test_oracle_is_the_sum_of_hindsight_maxima() -> None:
    game = Game.from_seed(3)
    expected = 0
    replica = Game.from_seed(3)
    while not replica.is_over:
        six = replica.shown
        result = replica.discard(six[-2:])  # any discard walks the same deal
        expected += max(h.total for h in hindsight(six, result.crib_dealt, result.starter))
    assert replica.final is not None
    assert oracle_total(game) == expected + replica.final.points


@pytest.mark.parametrize("jobs", [1, 2])
def test_interrupting_keeps_every_finished_result(jobs: int) -> None:
    seen: list[int] = []

    def progress(count: int) -> None:
        seen.append(count)
        if len(seen) == 3:
            raise KeyboardInterrupt

    result = simulate(200, "best", seed=0, jobs=jobs, chunk=10, progress=progress)
    assert result.interrupted
    assert result.games >= sum(seen) >= 30
    assert result.games % 10 == 0  # whole chunks only: nothing half-counted
    # Every finished chunk is exactly what an uninterrupted run plays for those seeds.
    full = simulate(200, "best", seed=0, chunk=10).totals
    chunks = {full[i : i + 10] for i in range(0, 200, 10)}
    for i in range(0, result.games, 10):
        assert result.totals[i : i + 10] in chunks


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown strategy 'psychic'"):
        simulate(10, "psychic")
    with pytest.raises(ValueError, match="--games must be 1 to 10,000,000, got 0"):
        simulate(0, "best")
    with pytest.raises(ValueError, match="--jobs must be 1 to"):
        simulate(5, "best", jobs=0)


def test_work_is_handed_out_a_few_chunks_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire.core.workers import Worker

    sent: list[int] = []  # the tasks out, at each task handed out
    out = 0
    real_send, real_receive = Worker.send, Worker.receive

    def send(worker: Worker, work: Any, task: Any) -> None:
        nonlocal out
        out += 1
        sent.append(out)
        real_send(worker, work, task)

    def receive(worker: Worker) -> Any:
        nonlocal out
        result = real_receive(worker)
        out -= 1
        return result

    monkeypatch.setattr(Worker, "send", send)
    monkeypatch.setattr(Worker, "receive", receive)
    result = simulate(120, "hand", seed=3, jobs=2, chunk=1)
    assert result.totals == simulate(120, "hand", seed=3, chunk=1).totals
    # 120 chunks, each process given its next when it answers: never more than one each.
    assert len(sent) == 120 and max(sent) <= 2
