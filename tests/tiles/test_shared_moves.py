"""The tile tests' shared move generator (``shared_moves`` in tests/conftest.py) answers as
the generator does, and never lets a caller change an answer another caller gets."""

from __future__ import annotations

from solitaire.tiles import movegen
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import generate as own_generate
from solitaire.tiles.players import greedy


def test_the_shared_answers_are_the_generators_and_each_caller_gets_a_copy() -> None:
    assert movegen.generate is not own_generate  # this module's tests share (conftest.py)
    game = TileGame(3)
    for _ in range(6):
        view = game.observation(game.current_player)
        for best_only, above in ((False, -1), (True, -1), (True, 10)):
            expected = own_generate(view.board, view.rack, best_only=best_only, above=above)
            first = movegen.generate(view.board, view.rack, best_only=best_only, above=above)
            first.clear()  # a caller's copy: the next caller's answer is whole
            rack = view.rack[::-1]  # the same rack in another order: the same answer
            again = movegen.generate(view.board, rack, best_only=best_only, above=above)
            assert again == expected
        game.apply(greedy(view))
