"""What a player of a match may do: the rules' numbers, the phases, the actions, and
why an action is refused (each refusal a kind of the one
:class:`~solitaire.core.errors.IllegalMoveError`).

:class:`~solitaire.match.game.Match` checks and applies these; ``solitaire.match.game``
imports every name here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from solitaire.core.cards import Card, to_cards
from solitaire.core.errors import IllegalMoveError

__all__ = [
    "DOUBLE_SKUNK_LINE",
    "DOUBLE_SKUNK_POINTS",
    "GAME_POINTS",
    "GO",
    "HAND_SIZE",
    "HEELS_POINTS",
    "IMPOSSIBLE_COUNTS",
    "MAX_HAND_COUNT",
    "SHOW_ORDER",
    "SKUNK_LINE",
    "Action",
    "Claim",
    "Discard",
    "Go",
    "GoWhileCardFitsError",
    "IllegalMoveError",
    "Lay",
    "MatchOverError",
    "NotInHandError",
    "NotYourTurnError",
    "PassesThirtyOneError",
    "Phase",
    "WrongPhaseError",
    "parse_action",
    "skunk_of",
]

GAME_POINTS: Final = 121
SKUNK_LINE: Final = 90  # a loser who has not passed it is skunked
DOUBLE_SKUNK_LINE: Final = 60  # ... not passed this: double skunked
DOUBLE_SKUNK_POINTS: Final = (3, 4)  # what a double skunk may count, by the match's rule
HEELS_POINTS: Final = 2
HAND_SIZE: Final = 6
MAX_HAND_COUNT: Final = 29  # the most a hand or crib can make (three fives, a jack, a five)
IMPOSSIBLE_COUNTS: Final = frozenset({19, 25, 26, 27})  # no hand or crib makes these
SHOW_ORDER: Final = (("pone", "hand"), ("dealer", "hand"), ("dealer", "crib"))


# -- errors: each a kind of the one IllegalMoveError (solitaire.core.errors) -------------


class NotYourTurnError(IllegalMoveError):
    """The player is not the one to act."""

    reason = "not your turn"


class NotInHandError(IllegalMoveError):
    """A card that is not in the player's hand."""

    reason = "not in hand"


class PassesThirtyOneError(IllegalMoveError):
    """A card that would take the count past 31."""

    reason = "past 31"


class GoWhileCardFitsError(IllegalMoveError):
    """ "Go" said while a card in hand can still be laid."""

    reason = "a card fits"


class WrongPhaseError(IllegalMoveError):
    """A discard during the play, or a card laid during the discard."""

    reason = "wrong phase"


class MatchOverError(IllegalMoveError):
    """An action after the last game of the match has ended."""

    reason = "game over"


# -- actions ------------------------------------------------------------------------


class Phase(StrEnum):
    """What the match is waiting for."""

    DISCARD = "discard"
    PLAY = "play"
    SHOW = "show"  # a player who counts themselves is to claim their hand or crib
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Discard:
    """Two cards from the six dealt, into the dealer's crib."""

    cards: tuple[Card, Card]

    def __str__(self) -> str:
        return f"{self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True, slots=True)
class Lay:
    """One card laid in the play."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Go:
    """ "Go": no card in hand can be laid without passing 31."""

    def __str__(self) -> str:
        return "go"


GO: Final = Go()


@dataclass(frozen=True, slots=True)
class Claim:
    """A player's own count of the hand or crib being shown."""

    points: int

    def __str__(self) -> str:
        return f"count {self.points}"


Action = Discard | Lay | Go | Claim


def parse_action(text: str) -> Action:
    """An action from text: ``go``, one card (``5H``) or two cards (``5H JD``)."""
    tokens = text.replace(",", " ").split()
    if len(tokens) == 1 and tokens[0].lower() == "go":
        return GO
    cards = to_cards(tokens)
    if len(cards) == 1:
        return Lay(cards[0])
    if len(cards) == 2:
        return Discard((cards[0], cards[1]))
    raise IllegalMoveError(
        f"invalid action {text!r}: expected 'go', a card to lay or two cards to discard"
    )


def skunk_of(loser_score: int) -> int:
    """0 for a plain win over a loser at ``loser_score``, 1 for a skunk, 2 for a double."""
    return 2 if loser_score <= DOUBLE_SKUNK_LINE else 1 if loser_score <= SKUNK_LINE else 0
