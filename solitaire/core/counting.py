"""Counting practice: a hand and starter, or a crib, to count; the answer checked at once.

A :class:`CountPuzzle` is four cards and a starter, the crib or a hand; its count is
the core's own scorer's (:func:`~solitaire.core.scoring.score_hand`), breakdown and
all. Puzzles are dealt from a seeded deck, so a sitting can be dealt again.

>>> puzzle = CountPuzzle.from_json({"hand": ["5H", "5C", "5S", "JD"], "starter": "5D",
...                                 "crib": False})
>>> puzzle.score().total, puzzle.check(29), puzzle.check(28)
(29, True, False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from solitaire.core.cards import Card, check_card, shuffled_order
from solitaire.core.scoring import Score, score_hand
from solitaire.core.untrusted import Fields, RecordError

__all__ = ["CRIB_SHARE", "MAX_COUNT", "CountPuzzle", "deal_puzzle"]

CRIB_SHARE: Final = 0.25  # a crib one puzzle in four: its flush rule is the one to learn
MAX_COUNT: Final = 29  # the most a hand or crib can score


@dataclass(frozen=True, slots=True)
class CountPuzzle:
    """Four cards and a starter to count, as a hand or as the crib."""

    hand: tuple[Card, Card, Card, Card]
    starter: Card
    crib: bool

    def score(self) -> Score:
        """The count, with every combination that makes it."""
        return score_hand(self.hand, self.starter, crib=self.crib)

    def check(self, answer: int) -> bool:
        """Whether ``answer`` is the count."""
        return answer == self.score().total

    def to_json(self) -> dict[str, object]:
        """The puzzle as the history keeps it."""
        return {
            "hand": [str(c) for c in self.hand],
            "starter": str(self.starter),
            "crib": self.crib,
        }

    @classmethod
    def from_json(cls, data: object, where: str = "puzzle") -> CountPuzzle:
        """A puzzle read back strictly: five different cards, and a flag."""
        fields = Fields(data, where, required=("hand", "starter", "crib"))
        hand = tuple(check_card(card, name) for name, card in fields.items("hand", 4, 4))
        starter = check_card(fields.raw("starter"), fields.name("starter"))
        if len({*hand, starter}) != 5:
            raise RecordError(f"{where}: the same card twice")
        a, b, c, d = hand
        return cls((a, b, c, d), starter, fields.flag("crib"))


def deal_puzzle(rng: random.Random) -> CountPuzzle:
    """A puzzle dealt from a shuffled deck: a crib one time in four (:data:`CRIB_SHARE`)."""
    deck = [Card.from_index(index) for index in shuffled_order(rng)]
    crib = rng.random() < CRIB_SHARE
    return CountPuzzle((deck[0], deck[1], deck[2], deck[3]), deck[4], crib)
