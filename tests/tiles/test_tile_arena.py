"""The arena: deterministic for any number of processes, statistics from A's side."""

from __future__ import annotations

import pytest

from solitaire.tiles.arena import arena, check_arena, play_game
from solitaire.tiles.scoring import BonusKind


def test_the_same_games_for_any_jobs_and_seats_alternate() -> None:
    one = arena("expert", "greedy", 4, seed=30)
    two = arena("expert", "greedy", 4, seed=30, jobs=2)
    assert one == two
    assert [r.seed for r in one.results] == [30, 31, 32, 33]
    assert one.results[1] == play_game("expert", "greedy", 31, 1)


def test_statistics_add_up() -> None:
    result = arena("greedy", "greedy", 3, seed=3)
    assert result.wins(0) + result.wins(1) + result.ties == 3
    share, low, high = result.win_share(0)
    assert low <= share <= high
    assert result.mean_score(0) == sum(r.final[0] for r in result.results) / 3
    first = sum(r.bonuses[s][0] for r in result.results for s in (0, 1))
    assert first == 3  # exactly one first play a game
    assert result.bonus_rate(0, BonusKind.FIRST_PLAY) + result.bonus_rate(
        1, BonusKind.FIRST_PLAY
    ) == pytest.approx(1.0)
    data = result.to_dict()
    assert data["games"] == 3 and data["a"]["player"] == "greedy"  # type: ignore[index]


def test_greedy_against_itself_mirrors_the_seat() -> None:
    a_first = play_game("greedy", "greedy", 8, 0)
    b_first = play_game("greedy", "greedy", 8, 1)
    assert a_first.final == b_first.final[::-1]


@pytest.mark.parametrize(
    ("a", "b", "games", "jobs", "message"),
    [("x", "greedy", 1, 1, "--a: unknown player"), ("expert", "greedy", 0, 1, "--games"),
     ("expert", "greedy", 1, 0, "--jobs")],
)  # fmt: skip
def test_bad_runs_are_named(a: str, b: str, games: int, jobs: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_arena(a, b, games, jobs)
