"""Greedy's move, found by the generator's best-only search: for tests that use greedy only
to walk games to their positions.

:func:`solitaire.tiles.players.greedy` lists every play and takes the first of the top
score. ``generate(..., best_only=True)`` finds that same play without listing the rest
(test_movegen pins it to the first play of the top score), several times faster.
test_tile_players checks the two choose alike at every turn of whole games.
"""

from __future__ import annotations

from solitaire.tiles.game import PlayerView
from solitaire.tiles.movegen import centre, generate
from solitaire.tiles.moves import Action
from solitaire.tiles.players import closing_margin, greedy


def quick_greedy(view: PlayerView) -> Action:
    """The action :func:`greedy` takes in this view."""
    board = view.board
    through = centre(board) if board.is_empty else None
    best = generate(board, view.rack, through=through, best_only=True)
    if best:
        margin = closing_margin(view, best[0])
        if margin is None or margin >= 0:
            return best[0].play
    return greedy(view)  # no play, or the best closes the board on a loss: greedy's own
