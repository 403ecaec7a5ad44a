"""Coaching reviews agree with the advisor, the scorer, the best strategy and the oracle."""

from __future__ import annotations

import random

import pytest

from solitaire.patience.advisor import position_of
from solitaire.patience.coach import position_before, review_game, review_round
from solitaire.patience.game import Game
from solitaire.patience.simulation import oracle_total
from solitaire.patience.strategy import best_strategy, make_strategy, play_out


def random_game(seed: int) -> Game:
    return play_out(Game.from_seed(seed), make_strategy("random", random.Random(seed)))


def test_positions_rebuilt_after_the_fact_equal_the_live_ones() -> None:
    game = Game.from_seed(31)
    live = []
    while not game.is_over:
        live.append(position_of(game))
        game.discard(game.shown[2:4])
    for number, position in enumerate(live, start=1):
        result = game.rounds[number - 1]
        assert position_before(game.rounds[: number - 1], result.shown, result.starter) == position


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_round_review(seed: int) -> None:
    game = random_game(seed)
    for result in game.rounds:
        review = review_round(game, result.number)
        assert set(review.chosen) == set(result.discard)
        assert review.chosen_scored == result.points
        assert review.given_up == review.best_option.total - review.chosen_option.total >= 0
        assert review.is_best == (review.given_up == 0)
        assert review.hindsight_best.total == max(h.total for h in review.actual)
        assert review.best_option.total == max(o.total for o in review.options)


@pytest.mark.parametrize("seed", [4, 5, 6, 7])
def test_game_review_against_best_play_and_the_oracle(seed: int) -> None:
    review = review_game(random_game(seed))
    # Perfect play's actual total is what the best strategy scores on this deal.
    assert review.perfect_scored == play_out(Game.from_seed(seed), best_strategy).total
    assert review.hindsight_best == oracle_total(Game.from_seed(seed))
    assert review.hindsight_best >= review.perfect_scored
    assert review.hindsight_best >= review.total
    expected_given_up = sum(r.given_up for r in review.rounds)
    assert review.expected_given_up == expected_given_up
    if expected_given_up > 0:
        assert review.efficiency < 1.0
    costly = review.costliest()
    assert list(costly) == sorted(costly, key=lambda r: -r.given_up)
    assert all(r.given_up > 0 for r in costly) and len(costly) <= 3


def test_best_play_is_perfectly_efficient() -> None:
    review = review_game(play_out(Game.from_seed(8), best_strategy))
    assert review.efficiency == 1.0 and review.costliest() == ()
    assert review.total == review.perfect_scored


def test_only_finished_games_are_reviewed() -> None:
    with pytest.raises(ValueError, match="only a finished game"):
        review_game(Game.from_seed(1))
