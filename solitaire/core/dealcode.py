"""Deal codes: a short, copyable text for an exact deck order, and daily deals.

A code is the deck's rank among all 52! orders (its Lehmer code) written in
Crockford base 32 (46 digits, case-insensitive, no I, L, O or U), then one
check digit. It depends on no random number generator.

>>> from solitaire.core.cards import Deck
>>> code = deal_code(Deck.new())
>>> code
'00000000000000000000000000000000000000000000006'
>>> decode_deal(code) == Deck.new()
True
>>> decode_deal(deal_code(Deck.from_seed(7))) == Deck.from_seed(7)
True
"""

from __future__ import annotations

import datetime as dt
import hashlib
from math import factorial
from typing import Final

from solitaire.core.cards import ALL_CARDS, Deck

__all__ = ["DealCodeError", "daily_seed", "deal_code", "decode_deal"]

_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_DIGITS: Final = 46  # 32**46 > 52!
_ALIASES: Final = {"O": "0", "I": "1", "L": "1"}
_LIMIT: Final = factorial(52)


class DealCodeError(ValueError):
    """Text that is not a deal code."""


def _check_digit(number: int) -> str:
    digest = hashlib.sha256(number.to_bytes(30, "big")).digest()
    return _ALPHABET[digest[0] % 32]


def deal_code(deck: Deck) -> str:
    """The 47-character code of this exact deck order."""
    remaining = list(ALL_CARDS)
    number = 0
    for position, card in enumerate(deck):
        index = remaining.index(card)
        number = number * (52 - position) + index
        remaining.pop(index)
    digits = []
    value = number
    for _ in range(_DIGITS):
        value, digit = divmod(value, 32)
        digits.append(_ALPHABET[digit])
    return "".join(reversed(digits)) + _check_digit(number)


def decode_deal(code: str) -> Deck:
    """The deck a code stands for; spaces and dashes are ignored, case does not matter."""
    text = "".join(ch for ch in code.upper() if ch not in " -\t")
    text = "".join(_ALIASES.get(ch, ch) for ch in text)
    if len(text) != _DIGITS + 1:
        raise DealCodeError(
            f"invalid deal code {code!r}: expected {_DIGITS + 1} characters, got {len(text)}"
        )
    number = 0
    for ch in text[:-1]:
        digit = _ALPHABET.find(ch)
        if digit < 0:
            raise DealCodeError(f"invalid deal code {code!r}: {ch!r} is not a code character")
        number = number * 32 + digit
    if number >= _LIMIT or _check_digit(number) != text[-1]:
        raise DealCodeError(f"invalid deal code {code!r}: it does not check out (a typo?)")
    indexes = []
    for base in range(1, 53):
        number, index = divmod(number, base)
        indexes.append(index)
    remaining = list(ALL_CARDS)
    return Deck(remaining.pop(index) for index in reversed(indexes))


def daily_seed(day: dt.date) -> int:
    """The seed of the daily deal: the same for everyone on that date."""
    digest = hashlib.sha256(f"cribsol daily {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
