"""Strategies: best and hand agree with the advisor; random replays from its generator."""

from __future__ import annotations

import random

import pytest

from solitaire.patience.advisor import advise_position, position_of
from solitaire.patience.game import Game
from solitaire.patience.strategy import STRATEGIES, make_strategy, play_out


def test_best_and_hand_pick_what_the_advisor_ranks_first() -> None:
    for seed in range(6):
        game = Game.from_seed(seed)
        while not game.is_over:
            options = advise_position(position_of(game), ranges=False)
            best = make_strategy("best", random.Random(0))(game)
            hand = make_strategy("hand", random.Random(0))(game)
            assert set(best) == set(options[0].discard)
            top_hand = max(o.hand for o in options)
            assert next(o for o in options if set(o.discard) == set(hand)).hand == top_hand
            game.discard(best)


def test_random_replays_from_its_generator() -> None:
    a = play_out(Game.from_seed(3), make_strategy("random", random.Random(9)))
    b = play_out(Game.from_seed(3), make_strategy("random", random.Random(9)))
    assert [r.discard for r in a.rounds] == [r.discard for r in b.rounds]


def test_every_strategy_finishes_a_game() -> None:
    for name in STRATEGIES:
        assert play_out(Game.from_seed(1), make_strategy(name, random.Random(1))).is_over


def test_unknown_strategy() -> None:
    with pytest.raises(ValueError, match="unknown strategy 'psychic'"):
        make_strategy("psychic", random.Random(0))
