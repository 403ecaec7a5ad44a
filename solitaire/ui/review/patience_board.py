"""A patience round's discard drawn for the review: the six cards of the round, the crib so
far (the two cards dealt to it blind, seen once the round was counted) and the total."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from solitaire.patience.game import Game
from solitaire.patience.grading import DiscardPoint
from solitaire.ui.views import card_text, cards_text

__all__ = ["patience_board"]


def patience_board(point: DiscardPoint, game: Game, ascii: bool = False) -> RenderableType:
    """The position of ``point`` in ``game``: the six, the crib so far, the total before."""
    result = game.rounds[point.round - 1]
    six = Text(f"Round {point.round}, the six: ").append_text(cards_text(point.position.six, ascii))
    crib = Text("The crib so far: ").append_text(cards_text(result.crib_dealt, ascii))
    crib.append(" (dealt blind), then your two", style="muted")
    total = Text(f"Total before the round {result.total_before}", style="muted")
    total.append("   the starter turned after: ").append_text(card_text(result.starter, ascii))
    return Group(six, crib, total)
