"""The patience's discard advice: the exact values of :mod:`solitaire.core.discards` for the
position a player who watched every card is in, and what each discard would have scored.

>>> best = advise("5H 5C 5S JD 4C 9S")[0]
>>> [str(c) for c in best.discard], round(float(best.total), 3)
(['4C', '9S'], 20.806)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from solitaire.core.cards import JACK_RANK, Card, CardLike, to_card, to_cards
from solitaire.core.discards import (
    DISCARDS,
    HEELS,
    AdviceError,
    DiscardOption,
    ExpectedSums,
    Position,
    advise,
    advise_position,
    best_discard,
    expected_numerators,
)
from solitaire.core.scoring import crib_points, hand_points
from solitaire.patience.game import Game

__all__ = [
    "AdviceError",
    "DiscardOption",
    "ExpectedSums",
    "Hindsight",
    "Position",
    "advise",
    "advise_position",
    "best_discard",
    "expected_numerators",
    "hindsight",
    "position_of",
]


def position_of(game: Game) -> Position:
    """The position a player who watched every card is in at this discard."""
    if game.is_over:
        raise AdviceError("the game is over: there is no discard to weigh")
    starter = game.known_starter()
    unseen = tuple(c for c in game.unseen() if c != starter)
    return Position(game.shown, unseen, starter)


@dataclass(frozen=True, slots=True)
class Hindsight:
    """What one discard would actually have scored with the real starter and blind cards."""

    discard: tuple[Card, Card]
    keep: tuple[Card, ...]
    hand: int
    crib: int
    heels: int

    @property
    def total(self) -> int:
        """Hand, crib and heels."""
        return self.hand + self.crib + self.heels


def hindsight(
    six: str | Iterable[CardLike],
    crib_dealt: str | Iterable[CardLike],
    starter: CardLike,
) -> tuple[Hindsight, ...]:
    """Every discard's actual score given the real blind crib cards and starter, best first."""
    shown = to_cards(six)
    blind = to_cards(crib_dealt)
    start = to_card(starter)
    if len(shown) != 6 or len(blind) != 2:
        raise AdviceError("hindsight needs the 6 cards shown and the 2 blind crib cards")
    to_cards((*shown, *blind, start))  # all distinct
    heels = HEELS if start >> 2 == JACK_RANK else 0
    out = []
    for i, j in DISCARDS:
        keep = tuple(c for k, c in enumerate(shown) if k not in (i, j))
        hand = hand_points(keep[0], keep[1], keep[2], keep[3], start)
        crib = crib_points(blind[0], blind[1], shown[i], shown[j], start)
        out.append(Hindsight((shown[i], shown[j]), keep, hand, crib, heels))
    return tuple(sorted(out, key=lambda h: (-h.total, -h.hand)))
