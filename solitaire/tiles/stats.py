"""Results over finished tile games: games, wins, mean score, best move and bonuses.

The seats that count are the people's (a name that is not a computer level); in
the solitaire both colours are the player's. Means are exact fractions.

>>> from solitaire.tiles.players import greedy
>>> game = TileGame(seed=3)
>>> while not game.is_over:
...     _ = game.apply(greedy(game.observation(game.current_player)))
>>> stats = tile_stats([(game, ["Ann", "expert"])])
>>> stats.games, stats.scores == 1, stats.mean_score == game.returns()[0]
(1, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from solitaire.tiles.game import TileGame
from solitaire.tiles.players import PLAYERS
from solitaire.tiles.scoring import BonusKind

__all__ = ["TileStats", "tile_stats"]


@dataclass(slots=True)
class TileStats:
    """Integer sums over the people's seats of finished games."""

    games: int = 0  # with a person at this keyboard
    solitaires: int = 0
    against_computer: int = 0
    wins: int = 0
    scores: int = 0  # seats counted
    total: int = 0
    best_move: int = 0
    bonuses: dict[str, int] = field(default_factory=lambda: {k.value: 0 for k in BonusKind})
    jokers: int = 0  # Joker games among them
    joker_calls: int = 0  # Joker calls the people made
    joker_points: int = 0  # what those calls won, less their penalties
    missed: int = 0  # points the people did not record in a Joker game
    winners: dict[str, int] = field(default_factory=dict)  # wins by the person's name
    computers_only: int = 0  # games with no person seated: counted here alone

    @property
    def people_only(self) -> int:
        """Games of people alone at this keyboard, the solitaires apart."""
        return self.games - self.solitaires - self.against_computer

    @property
    def mean_score(self) -> Fraction | None:
        """The exact mean final score of a seat (None without games)."""
        return Fraction(self.total, self.scores) if self.scores else None


def tile_stats(games: Iterable[tuple[TileGame, Sequence[str]]]) -> TileStats:
    """Sum the people's results over finished games with their seat names."""
    stats = TileStats()
    for game, names in games:
        people = [seat for seat, name in enumerate(names) if name not in PLAYERS]
        if not game.is_over:
            continue
        if not people:
            stats.computers_only += 1
            continue
        stats.games += 1
        stats.jokers += game.joker
        final = game.returns()
        if game.solitaire:
            stats.solitaires += 1
        elif len(people) < len(names):
            stats.against_computer += 1
            stats.wins += any(seat in game.winners() for seat in people)
        for seat in people:
            stats.scores += 1
            stats.total += final[seat]
        for turn in game.turns:
            if turn.player in people and turn.score is not None:
                stats.best_move = max(stats.best_move, turn.points)
                for kind in turn.score.bonus_kinds():
                    stats.bonuses[kind.value] += 1
    return stats
