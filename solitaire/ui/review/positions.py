"""Each decision's position, by its spot, from the game replayed by the graders' own
decision-point functions (the same replay the review was graded on). No UI library is
imported here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # each game's engine is loaded only when its review is shown
    from solitaire.match.game import Match
    from solitaire.match.observation import Observation
    from solitaire.patience.game import Game
    from solitaire.patience.grading import DiscardPoint
    from solitaire.tiles.game import TileGame
    from solitaire.tiles.grading import TilePoint

__all__ = ["drill_positions", "match_positions", "patience_positions", "tile_positions"]


def match_positions(match: Match) -> dict[int, Observation]:
    """A finished match's decisions: what the seat saw, by spot."""
    from solitaire.match.grading import match_moments

    return {m.position.spot: m.position.view for m in match_moments(match)}


def drill_positions(matches: Iterable[Match]) -> dict[int, Observation]:
    """A drill's cards laid while they were a choice: what the seat saw, by spot."""
    from solitaire.match.grading import drill_moments

    return {m.position.spot: m.position.view for m in drill_moments(matches)}


def patience_positions(game: Game) -> dict[int, DiscardPoint]:
    """A finished patience game's discards, by spot."""
    from solitaire.patience.grading import decision_points

    return {point.spot: point for point in decision_points(game)}


def tile_positions(game: TileGame) -> dict[int, TilePoint]:
    """A finished tile game's decisions: what the mover saw before each, by spot."""
    from solitaire.tiles.grading import decision_points

    return {point.spot: point for point in decision_points(game)}
