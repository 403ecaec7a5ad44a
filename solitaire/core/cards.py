"""Cards, ranks, suits and decks.

A :class:`Card` is an int from 0 to 51 (``(rank - 1) * 4 + suit``), so it is
immutable, hashable, ordered by rank then suit, and cheap to use as a table
index in the scorer's hot loops, the way python-chess backs squares with ints.

>>> Card.parse("10S") == Card.parse("TS") == Card.parse("t♠")
True
>>> str(Card.parse("5h")), repr(Card.parse("jd"))
('5H', "Card.parse('JD')")
>>> parse_cards("5H 10S,jd")
(Card.parse('5H'), Card.parse('TS'), Card.parse('JD'))
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Sequence
from enum import IntEnum
from itertools import combinations
from typing import Final, Self, SupportsIndex, TypeVar, overload

from solitaire.core.errors import CribsolError, InputError
from solitaire.core.limits import MAX_SEED_DIGITS, SEED_LIMIT
from solitaire.core.untrusted import RecordError, check_text, safe_text

__all__ = [
    "ALL_CARDS",
    "DISCARDS",
    "JACK_OF_CLUBS",
    "JACK_RANK",
    "SEED_LIMIT",
    "Card",
    "CardError",
    "CardLike",
    "Deck",
    "DuplicateCardError",
    "InvalidCardError",
    "Rank",
    "Suit",
    "check_card",
    "format_cards",
    "named",
    "parse_cards",
    "shuffle",
    "shuffled_order",
    "suit_letters",
    "to_card",
    "to_cards",
]


class CardError(CribsolError):
    """Base class of every card error; a ValueError naming the bad token."""


class InvalidCardError(CardError):
    """A token is not a card."""


class DuplicateCardError(CardError):
    """The same card appears twice where cards must be distinct."""


class Rank(IntEnum):
    """Card rank, ace low: A=1 ... K=13, so runs are plain arithmetic."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The canonical one-character name: A, 2-9, T, J, Q, K."""
        return "A23456789TJQK"[self - 1]

    @property
    def pips(self) -> int:
        """The value counted toward fifteens: ace 1, faces 10."""
        return min(int(self), 10)

    @classmethod
    def parse(cls, token: str) -> Rank:
        """Read a rank alone: ``A`` or ``1``, ``2``-``10`` or ``T``, ``J``, ``Q``, ``K`` (any
        case)."""
        rank = _RANK_TOKENS.get(token.strip().upper())
        if rank is None:
            raise InvalidCardError(f"invalid rank {_quoted(token)}: {_RANK_HELP}")
        return cls(rank)


class Suit(IntEnum):
    """Card suit, in bridge order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The canonical letter: C, D, H or S."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_RANK_TOKENS: Final = {
    "A": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "T": 10, "J": 11, "Q": 12, "K": 13,
}  # fmt: skip
_SUIT_TOKENS: Final = {
    "C": 0, "♣": 0, "♧": 0,
    "D": 1, "♦": 1, "♢": 1,
    "H": 2, "♥": 2, "♡": 2,
    "S": 3, "♠": 3, "♤": 3,
}  # fmt: skip
_RANK_HELP: Final = "rank must be A or 1, 2-10 or T, J, Q or K"
_SUIT_HELP: Final = "suit must be C, D, H or S (or ♣ ♦ ♥ ♠)"


class Card(int):
    """One of the 52 cards; an int ``(rank - 1) * 4 + suit`` with card behaviour.

    The 52 instances are interned: ``Card(Rank.FIVE, Suit.HEARTS) is
    Card.parse("5H")``.
    """

    __slots__ = ()

    def __new__(cls, rank: int, suit: int) -> Self:
        if not 1 <= rank <= 13:
            raise InvalidCardError(f"invalid rank {rank!r}: expected 1 (ace) to 13 (king)")
        if not 0 <= suit <= 3:
            raise InvalidCardError(f"invalid suit {suit!r}: expected 0 to 3")
        return _CARDS[(rank - 1) * 4 + suit]  # type: ignore[return-value]

    @classmethod
    def _make(cls, index: int) -> Card:
        return int.__new__(cls, index)

    @classmethod
    def from_index(cls, index: SupportsIndex) -> Card:
        """The card with this 0-51 index."""
        i = int(index)
        if not 0 <= i < 52:
            raise InvalidCardError(f"invalid card index {i}: expected 0 to 51")
        return _CARDS[i]

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read a card such as ``5H``, ``10S``, ``TS``, ``ts``, ``5♥``, ``AH`` or ``1H``."""
        text = token.strip()
        if len(text) < 2:
            raise InvalidCardError(
                f"invalid card {_quoted(token)}: expected a rank then a suit, like 5H or 10S"
            )
        rank_text, suit_text = text[:-1].upper(), text[-1].upper()
        rank = _RANK_TOKENS.get(rank_text)
        if rank is None:
            raise InvalidCardError(f"invalid card {_quoted(token)}: {_RANK_HELP}")
        suit = _SUIT_TOKENS.get(suit_text)
        if suit is None:
            raise InvalidCardError(f"invalid card {_quoted(token)}: {_SUIT_HELP}")
        return _CARDS[(rank - 1) * 4 + suit]

    @property
    def index(self) -> int:
        """The plain int 0-51."""
        return int(self)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANK_OF[self]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUIT_OF[self]

    @property
    def value(self) -> int:
        """The card's value toward fifteens: ace 1, faces 10."""
        return _VALUE_OF[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return _SUIT_OF[self].is_red

    def symbol(self, ascii: bool = False) -> str:
        """Display form: ``5♥`` (``10♠`` for tens), or ``5H`` when ``ascii``."""
        rank, suit = _RANK_OF[self], _SUIT_OF[self]
        rank_text = "10" if rank == Rank.TEN else rank.letter
        return rank_text + (suit.letter if ascii else suit.symbol)

    def __str__(self) -> str:
        return _RANK_OF[self].letter + _SUIT_OF[self].letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(52))
_RANK_OF: Final[tuple[Rank, ...]] = tuple(Rank(i // 4 + 1) for i in range(52))
_SUIT_OF: Final[tuple[Suit, ...]] = tuple(Suit(i % 4) for i in range(52))
_VALUE_OF: Final[tuple[int, ...]] = tuple(rank.pips for rank in _RANK_OF)  # a hot path

ALL_CARDS: Final[tuple[Card, ...]] = _CARDS
"""The 52 cards in order: AC AD AH AS 2C ... KS."""
DISCARDS: Final = tuple(combinations(range(6), 2))
"""The 15 ways to throw two cards of six, as index pairs, in the order every table uses."""
JACK_RANK: Final = Rank.JACK - 1
"""The jack's rank index in a card int (``card >> 2``)."""
JACK_OF_CLUBS: Final = JACK_RANK * 4
"""The jack of clubs as a card int; ``JACK_OF_CLUBS | suit`` is the jack of any suit."""
"""Seeds are whole numbers from 0 to ``SEED_LIMIT - 1``."""

CardLike = Card | str
"""A Card, or a card string such as ``"5H"``."""

T = TypeVar("T")

_SEPARATORS: Final = re.compile(r"[\s,;]+")


def to_card(card: CardLike) -> Card:
    """A Card from a Card or a card string."""
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise InvalidCardError(f"invalid card {card!r}: expected a Card or a string like '5H'")


def _quoted(token: object) -> str:
    """What a player typed, quoted in an error: short, controls escaped (not Python's repr)."""
    return f"'{safe_text(token, 20)}'"


def check_card(value: object, where: str) -> Card:
    """A card as records write it: ``5H``, ``TS`` (strictly: no spaces, no other spelling);
    anything else is a :class:`~solitaire.core.untrusted.RecordError` naming ``where``."""
    text = check_text(value, where, 3)
    try:
        card = Card.parse(text)
    except CardError as error:
        raise RecordError(f"{where}: {error}") from None
    if str(card) != text:
        raise RecordError(f"{where}: expected a card written like {card}, got {_quoted(text)}")
    return card


def _check_distinct(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCardError(
                f"duplicate card {named(card)}: each card can appear only once"
            )
        seen.add(card)


def to_cards(cards: str | Iterable[CardLike], *, distinct: bool = True) -> tuple[Card, ...]:
    """Cards from a string like ``"5H 10S,jd"`` or an iterable of Cards and strings."""
    if isinstance(cards, str):
        return parse_cards(cards, distinct=distinct)
    result = tuple(to_card(card) for card in cards)
    if distinct:
        _check_distinct(result)
    return result


def parse_cards(text: str, *, distinct: bool = True) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas; duplicates are refused by default."""
    cards = tuple(Card.parse(token) for token in _SEPARATORS.split(text.strip()) if token)
    if distinct:
        _check_distinct(cards)
    return cards


def named(cards: Card | Iterable[Card]) -> str:
    """Cards as every screen and message names them: ``10♣``, ``5♥ J♦`` (never ``TC``).

    >>> named(Card.parse("TC")), named(parse_cards("5H JD"))
    ('10♣', '5♥ J♦')
    """
    if isinstance(cards, Card):
        return cards.symbol()
    return " ".join(c.symbol() for c in cards)


def suit_letters(text: str) -> str:
    """A message for a screen drawn in ASCII: each suit symbol written as its letter, so that
    ``10♣`` reads ``10C`` as the cards there do."""
    return text.translate(_SUIT_LETTERS)


_SUIT_LETTERS: Final = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})


def format_cards(cards: Iterable[Card], ascii: bool = True) -> str:
    """Cards joined by spaces, in canonical (``ascii``) or symbol form."""
    return " ".join(str(c) if ascii else c.symbol() for c in cards)


_BITS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1))


def shuffled_order(rng: random.Random) -> list[int]:
    """The card ints of a Fisher-Yates shuffle, top first (what :meth:`Deck.shuffled` deals).

    Each swap index is a uniform int from ``getrandbits`` alone (draws past the range
    are redrawn), so a seed deals the same deck on every Python version.
    """
    order = list(range(52))
    draw = rng.getrandbits
    for i, n, bits in _BITS:
        j = draw(bits)
        while j >= n:
            j = draw(bits)
        order[i], order[j] = order[j], order[i]
    return order


def shuffle(items: list[T], rng: random.Random) -> None:
    """Fisher-Yates in place for any list, drawn as :func:`shuffled_order` draws.

    Used by the tile game's bag; a seed gives the same order on every Python version.
    """
    draw = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = draw(bits)
        while j >= n:
            j = draw(bits)
        items[i], items[j] = items[j], items[i]


class Deck(Sequence[Card]):
    """An ordered deck of the 52 cards, top card first."""

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[CardLike]) -> None:
        order = to_cards(cards, distinct=False)
        if len(order) != 52:
            raise CardError(f"a deck needs 52 cards, got {len(order)}")
        _check_distinct(order)  # 52 distinct cards are exactly the deck
        self._cards = order

    @classmethod
    def new(cls) -> Deck:
        """A deck in the fixed order AC AD AH AS 2C ... KS."""
        return cls(_CARDS)

    @classmethod
    def shuffled(cls, rng: random.Random) -> Deck:
        """A deck shuffled by Fisher-Yates with the injected generator."""
        return cls([_CARDS[i] for i in shuffled_order(rng)])

    @classmethod
    def from_seed(cls, seed: int) -> Deck:
        """The deck for a seed ``0 <= seed < SEED_LIMIT``; the same seed deals the same everywhere.

        A negative seed is refused rather than dealt: the generator would give it the
        deck of its absolute value.
        """
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
            raise InputError(
                f"a seed is a whole number from 0 up, of at most {MAX_SEED_DIGITS} digits, "
                f"got {seed}"
            )
        return cls.shuffled(random.Random(seed))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, top first."""
        return self._cards

    def __len__(self) -> int:
        return 52

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...

    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        return self._cards[index]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and other._cards == self._cards

    def __hash__(self) -> int:
        return hash(self._cards)

    def __repr__(self) -> str:
        return f"Deck({format_cards(self._cards)!r})"
