"""What one player of a match can see: all a fair computer player (or a coach) is given.

:meth:`~solitaire.match.game.Match.observation` makes one; ``solitaire.match.game``
imports :class:`Observation` too.
"""

from __future__ import annotations

from dataclasses import dataclass

from solitaire.core.cards import Card
from solitaire.match.actions import Action, Phase

__all__ = ["Observation"]


@dataclass(frozen=True, slots=True)
class Observation:
    """What one player can see: never the opponent's hidden cards, the crib or an unturned starter.

    This is all a fair computer player (or a coach) may look at.
    """

    player: int
    phase: Phase
    to_act: int | None
    dealer: int
    scores: tuple[int, int]
    game_number: int
    deal_number: int
    dealt: tuple[Card, ...]  # the six cards this player was dealt
    discard: tuple[Card, Card] | None  # this player's own discard
    hand: tuple[Card, ...]  # cards still held: six before the discard, then those not yet laid
    starter: Card | None
    laid: tuple[tuple[int, Card], ...]  # every card laid this deal, with who laid it
    series: tuple[Card, ...]  # the cards since the count last restarted
    count: int
    opponent_held: int  # how many cards the opponent still holds
    opponent_said_go: bool
    legal: tuple[Action, ...]  # empty unless it is this player's turn
    counting: tuple[Card, ...] = ()  # the hand or crib this player is to count (the show)
    counting_crib: bool = False
    games: int = 1  # games in the series
    double_skunk: int = 3  # game points of a double skunk (3 or 4)

    @property
    def is_dealer(self) -> bool:
        """True when this player's crib it is."""
        return self.player == self.dealer

    def seen(self) -> frozenset[Card]:
        """Every card this player has seen this deal."""
        seen = set(self.dealt) | {card for _, card in self.laid}
        if self.starter is not None:
            seen.add(self.starter)
        return frozenset(seen)
