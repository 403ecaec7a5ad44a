"""The patience's deal, defined once: where each card of a game comes from in the deck.

Each round deals from the top of the stock 3 cards to the hand, 2 blind to the crib and
3 more to the hand (:data:`ROUND_ORDER`), then turns the starter, which goes to the
bottom of the stock after the round is counted. After :data:`ROUNDS` rounds the four
cards left are the final hand. Playing that rule on the deck's positions 0-51 gives
every position (:data:`ROUND_SLOTS`, :data:`FINAL_SLOTS`): round 6 deals round 1's
starter as its last card and turns round 2's, and the final hand is the starters of
rounds 3, 4, 5 and 2. The game, the tracker, the kernel and the target tables all read
the deal from here.

>>> ROUND_SLOTS[0]
RoundSlots(shown=(0, 1, 2, 5, 6, 7), crib=(3, 4), starter=8)
>>> ROUND_SLOTS[5], FINAL_SLOTS
(RoundSlots(shown=(45, 46, 47, 50, 51, 8), crib=(48, 49), starter=17), (26, 35, 44, 17))
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

__all__ = [
    "DEALT_BEFORE_STARTER",
    "DECK_SIZE",
    "FINAL_SLOTS",
    "ROUNDS",
    "ROUND_ORDER",
    "ROUND_SLOTS",
    "Deal",
    "RoundSlots",
]

DECK_SIZE: Final = 52
ROUNDS: Final = 6


class Deal(StrEnum):
    """Where a card leaving the stock goes."""

    HAND = "hand"
    CRIB = "crib"
    STARTER = "starter"


ROUND_ORDER: Final = (Deal.HAND,) * 3 + (Deal.CRIB,) * 2 + (Deal.HAND,) * 3 + (Deal.STARTER,)
"""A round's cards in the order they leave the stock; the starter goes back to the bottom."""
DEALT_BEFORE_STARTER: Final = ROUND_ORDER.index(Deal.STARTER)


@dataclass(frozen=True, slots=True)
class RoundSlots:
    """A round's deck positions: the six shown (in the order dealt), the blind crib pair
    and the starter."""

    shown: tuple[int, ...]
    crib: tuple[int, int]
    starter: int

    def unseen(self, earlier: tuple[RoundSlots, ...]) -> tuple[int, ...]:
        """The positions a player has not seen once this round's six are shown: its blind
        pair, then every position not yet dealt (``earlier``: the rounds before it)."""
        seen = set(self.shown)
        for past in earlier:
            seen.update(past.shown, past.crib, (past.starter,))
        return (*self.crib, *(p for p in range(DECK_SIZE) if p not in seen and p not in self.crib))


def _deal_positions() -> tuple[tuple[RoundSlots, ...], tuple[int, ...]]:
    stock = deque(range(DECK_SIZE))
    rounds = []
    for _ in range(ROUNDS):
        dealt: dict[Deal, list[int]] = {place: [] for place in Deal}
        for place in ROUND_ORDER:
            dealt[place].append(stock.popleft())
        (starter,) = dealt[Deal.STARTER]
        first, second = dealt[Deal.CRIB]
        rounds.append(RoundSlots(tuple(dealt[Deal.HAND]), (first, second), starter))
        stock.append(starter)
    return tuple(rounds), tuple(stock)


ROUND_SLOTS, FINAL_SLOTS = _deal_positions()
