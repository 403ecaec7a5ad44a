"""The card tracker: what a player who watched every card knows about the cards to come.

Starters go to the bottom of the stock, so each comes back at a place the rules
fix: the round-1 starter is the last card of round 6's hand, the round-2 starter
is round 6's starter, and the final hand is the starters of rounds 3, 4, 5 and 2.
:func:`track` works this out from what the player has seen alone (the rounds
played, the cards on the table and the number of cards left), never from the
hidden order of the stock.

>>> from solitaire.patience.game import Game
>>> game = Game.from_seed(1)
>>> tracker = track(game)
>>> len(tracker.unseen), tracker.returns, tracker.fully_known
(46, (), False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from solitaire.core.cards import ALL_CARDS, Card, Rank
from solitaire.patience.deal import DEALT_BEFORE_STARTER, ROUND_ORDER, Deal
from solitaire.patience.game import ROUNDS, Game

__all__ = ["Place", "Return", "Tracker", "track"]


class Place(StrEnum):
    """Where a known card comes back."""

    HAND = "hand"  # among the six cards dealt to the hand
    CRIB = "crib"  # one of the two dealt blind to the crib
    STARTER = "starter"
    FINAL = "final hand"


@dataclass(frozen=True, slots=True)
class Return:
    """A card already seen that will be dealt again: when, where, and whose starter it was."""

    card: Card
    starter_of: int  # the round it was first turned as the starter
    round: int | None  # the round it is dealt in, or None for the final hand
    place: Place


@dataclass(frozen=True, slots=True)
class Tracker:
    """What is known at one moment: the unseen cards, the cards coming back, and whether
    the rest of the game is fully known (every card still to come, and where)."""

    unseen: tuple[Card, ...]
    returns: tuple[Return, ...]
    fully_known: bool
    cards_left: int  # cards not yet dealt to the player

    def unseen_by_rank(self) -> tuple[tuple[Rank, tuple[Card, ...]], ...]:
        """The unseen cards grouped by rank, ace to king (a rank with none is listed empty)."""
        return tuple((rank, tuple(c for c in self.unseen if c.rank == rank)) for rank in Rank)

    @property
    def blind_crib(self) -> tuple[Card, ...]:
        """Once the rest is fully known, the unseen cards are the two dealt blind to the crib."""
        return self.unseen if self.fully_known else ()


def track(game: Game, dealt: bool = True) -> Tracker:
    """The tracker for a game as the player sees it.

    ``dealt`` says whether the cards the engine has dealt next (the next round's six,
    or the final hand) are on the table yet; while a round's result is shown they
    are not, and the tracker describes the moment before that deal.
    """
    played = game.rounds
    seen: set[Card] = set()
    # The stock as the player knows it: None for a card not seen, else (card, starter of).
    stock: list[tuple[Card, int] | None] = [None] * len(game.deck)
    for result in played:
        seen.update(result.shown, result.crib_dealt, (result.starter,))
        del stock[:DEALT_BEFORE_STARTER]
        turned = stock.pop(0)
        stock.append(turned if turned is not None else (result.starter, result.number))
    on_table = dealt and game.final is None
    if on_table:
        seen.update(game.shown)
        del stock[:DEALT_BEFORE_STARTER]
    elif dealt:
        seen.update(card for card, _ in filter(None, stock))
        stock.clear()

    left = len(stock)
    returns: list[Return] = []
    fully_known = True
    # Deal out what is left as the rules do; a known card turned as a starter goes
    # to the bottom again (the round-2 starter is round 6's and then in the final hand).
    for number in range(len(played) + 1, ROUNDS + 1):
        places = (
            ROUND_ORDER[DEALT_BEFORE_STARTER:]
            if on_table and number == len(played) + 1
            else ROUND_ORDER
        )
        for place in places:
            entry = stock.pop(0)
            if place is Deal.STARTER:
                stock.append(entry)
            if entry is None:
                fully_known = False
            else:
                returns.append(Return(entry[0], entry[1], number, Place(place)))
    for entry in stock:
        if entry is None:
            fully_known = False
        else:
            returns.append(Return(entry[0], entry[1], None, Place.FINAL))
    return Tracker(
        unseen=tuple(c for c in ALL_CARDS if c not in seen),
        returns=tuple(returns),
        fully_known=fully_known,
        cards_left=left,
    )
