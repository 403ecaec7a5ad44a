"""How far each play of a game fell short of the best play open at that moment.

The game is played again from its seed; before each turn every legal play is
scored by the move generator, so ``best`` is exact (the highest total of any
legal play, 0 when only a pass or an exchange was possible).

>>> from solitaire.tiles.players import greedy
>>> game = TileGame(seed=3, solitaire=True)
>>> while not game.is_over:
...     _ = game.apply(greedy(game.observation(game.current_player)))
>>> all(m.best == m.points for m in move_gaps(game))  # greedy always takes the best
True
"""

from __future__ import annotations

from dataclasses import dataclass

from solitaire.tiles.game import TileGame

__all__ = ["MoveGap", "move_gaps"]


@dataclass(frozen=True, slots=True)
class MoveGap:
    """One turn: who, the points scored and the best points any legal play would have scored."""

    player: int
    points: int
    best: int

    @property
    def gap(self) -> int:
        """Points left on the board by this move."""
        return self.best - self.points


def move_gaps(game: TileGame) -> list[MoveGap]:
    """Each turn of ``game`` beside the best play available then."""
    again = TileGame(
        game.seed, game.players, game.board.size, solitaire=game.solitaire, rules=game.rules
    )
    gaps = []
    for turn in game.turns:
        best = max((p.score for p in again.legal_plays()), default=0)
        gaps.append(MoveGap(turn.player, turn.points, best))
        again.apply(turn.action)
    return gaps
