"""The solitaire: dark against light from two bags, records, and each move beside the best."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.tiles.game import TileGame
from solitaire.tiles.record import game_record, replay
from solitaire.tiles.review import move_gaps


@pytest.mark.slow
@settings(max_examples=2, deadline=None)  # whole games with every legal play listed each turn
@given(st.integers(0, 10**9), st.integers(0, 1000))
def test_each_colour_draws_its_own_bag_and_gaps_match_the_live_best(seed: int, dice: int) -> None:
    game = TileGame(seed, solitaire=True)
    rng = random.Random(dice)
    live = []
    assert all(t.dark for t in game.rack(0)) and not any(t.dark for t in game.rack(1))
    while not game.is_over:
        plays = game.legal_plays()
        best = max((p.score for p in plays), default=0)
        action = rng.choice(game.legal_actions())
        turn = game.apply(action)
        live.append((turn.player, turn.points, best))
        for seat in (0, 1):
            assert all(t.dark == (seat == 0) for t in game.rack(seat))
    assert len(game.bag_of(0)) + len(game.bag_of(1)) < 104
    assert [(g.player, g.points, g.best) for g in move_gaps(game)] == live
    again = replay(game_record(game, ["dark", "light"]))
    assert again.solitaire and again.returns() == game.returns()
