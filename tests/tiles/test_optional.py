"""The optional rules: the Servant and the Joker."""

from __future__ import annotations

from solitaire.tiles.game import TileGame
from solitaire.tiles.optional import JOKER_PENALTY, joker, servants
from solitaire.tiles.players import greedy


def test_the_servant_is_the_lowest_score_after_each_round_of_turns() -> None:
    assert servants([], 2) == ()
    assert servants([(12, 0)], 2) == ()  # the round is not complete
    assert servants([(12, 0), (12, 8)], 2) == (1,)
    assert servants([(12, 0), (12, 8), (14, 8)], 2) == (1,)
    assert servants([(12, 0), (12, 8), (14, 8), (14, 16)], 2) == (0,)
    assert servants([(5, 0), (5, 5)], 2) == (0, 1)
    assert servants([(5, 0, 0), (5, 3, 0), (5, 3, 4)], 3) == (1,)


def test_the_servant_follows_a_real_game() -> None:
    game = TileGame(3)
    for _ in range(6):
        game.apply(greedy(game.observation(game.current_player)))
    (lowest,) = servants(game.running_scores(), 2)
    assert game.scores[lowest] == min(game.scores)


def test_joker_takes_missed_points_and_costs_five_otherwise() -> None:
    call = joker(recorded=10, actual=16)
    assert call.caller == 6 and call.missed == 6
    assert joker(recorded=16, actual=16).caller == -JOKER_PENALTY
    assert joker(recorded=20, actual=16).caller == -JOKER_PENALTY
    early = joker(recorded=None, actual=16)
    assert early.caller == -JOKER_PENALTY and "before" in early.reason
