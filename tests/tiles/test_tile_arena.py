"""The arena: streamed, deterministic for any number of processes, totals from A's side."""

from __future__ import annotations

import math
import statistics
import tracemalloc
from dataclasses import replace

import pytest

from solitaire.tiles.arena import ArenaResult, arena, check_arena, play_game
from solitaire.tiles.scoring import BonusKind

# Runs compared across processes, and a run's memory measured: each finds its own moves.
pytestmark = pytest.mark.own_moves


@pytest.mark.slow
def test_the_same_totals_for_any_jobs() -> None:
    # Greedy shows the chunks adding up alike for any jobs; the expert (whose caches live
    # in each process) in two jobs is checked game by game against one process below.
    one = arena("greedy", "greedy", 3, seed=30)
    assert one == arena("greedy", "greedy", 3, seed=30, jobs=2)
    assert one == arena("greedy", "greedy", 3, seed=30, jobs=3)
    assert one.games == 3 and not one.interrupted


@pytest.mark.slow
def test_the_totals_are_those_of_each_game_in_pairs_with_the_seats_swapped() -> None:
    # One pair (the expert's games cost seconds): its two games, seats swapped, in two jobs.
    result = arena("greedy", "expert", 2, seed=11, jobs=2)
    games = [play_game("greedy", "expert", 11 + i // 2, i % 2) for i in range(2)]
    finals = [g.final for g in games]
    assert result.score_sums == (sum(f[0] for f in finals), sum(f[1] for f in finals))
    assert result.wins(0) == sum(a > b for a, b in finals)
    assert result.wins(1) == sum(a < b for a, b in finals)
    assert result.ties == sum(a == b for a, b in finals)
    plays = sum(g.plays[1] for g in games)
    assert result.mean_move(1) == sum(g.move_points[1] for g in games) / plays
    margins = [a - b for a, b in finals]
    mean, low, high = result.margin()
    assert mean == pytest.approx(statistics.fmean(margins))
    half = 1.959963984540054 * statistics.stdev(margins) / math.sqrt(len(margins))
    assert (low, high) == pytest.approx((mean - half, mean + half))
    # Game 1 is game 0's deal with the seats swapped: B in the first seat.
    assert games[1].final == play_game("expert", "greedy", 11, 0).final[::-1]


def test_statistics_add_up() -> None:
    result = arena("greedy", "greedy", 3, seed=3)
    assert result.wins(0) + result.wins(1) + result.ties == 3
    share, low, high = result.win_share(0)
    assert low <= share <= high
    first = result.bonus_rate(0, BonusKind.FIRST_PLAY) + result.bonus_rate(1, BonusKind.FIRST_PLAY)
    assert first == pytest.approx(1.0)  # exactly one first play a game
    data = result.to_dict()
    assert data["games"] == 3 and data["a"]["player"] == "greedy"  # type: ignore[index]


def test_an_empty_result_has_no_figures() -> None:
    empty = ArenaResult("greedy", "greedy", 0, 10)
    assert empty.games == 0 and math.isnan(empty.mean_score(0))
    assert all(math.isnan(x) for x in empty.margin())


def test_greedy_against_itself_mirrors_the_seat() -> None:
    a_first = play_game("greedy", "greedy", 8, 0)
    b_first = play_game("greedy", "greedy", 8, 1)
    assert a_first.final == b_first.final[::-1]


@pytest.mark.parametrize("jobs", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_ctrl_c_keeps_the_finished_games(jobs: int) -> None:
    seen = 0

    def progress(count: int) -> None:  # Ctrl-C pressed once, when three games are in
        nonlocal seen
        seen += count
        if seen - count < 3 <= seen:
            raise KeyboardInterrupt

    result = arena("greedy", "greedy", 200, seed=40, jobs=jobs, progress=progress)
    assert result.interrupted and 3 <= result.games < 200
    if jobs == 1:  # one process plays in order: exactly the first three games
        first = arena("greedy", "greedy", 3, seed=40)
        assert result == replace(first, requested=200, interrupted=True)


@pytest.mark.parametrize(
    ("a", "b", "games", "jobs", "seed", "message"),
    [("x", "greedy", 1, 1, 0, "--a: unknown player"), ("expert", "greedy", 0, 1, 0, "--games"),
     ("expert", "greedy", 1, 0, 0, "--jobs"), ("greedy", "greedy", 3, 1, 10**40 - 1, "--seed")],
)  # fmt: skip
def test_bad_runs_are_named(a: str, b: str, games: int, jobs: int, seed: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_arena(a, b, games, jobs, seed)


def test_a_long_run_keeps_its_totals_in_flat_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game is added to the totals as it finishes and let go: 100,000 games (each
    made up here, a real one takes a second) take no more memory than a few."""
    one = ArenaResult("greedy", "greedy", 0, 1).add(play_game("greedy", "greedy", 3, 0))
    monkeypatch.setattr("solitaire.tiles.arena._play_task", lambda task: one)
    tracemalloc.start()
    try:
        result = arena("greedy", "greedy", 100_000, jobs=1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.games == 100_000 and result.score_sums == tuple(
        100_000 * s for s in one.score_sums
    )
    assert peak < 200_000  # bytes: every game's result kept would take tens of megabytes
