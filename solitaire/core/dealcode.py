"""Deal codes: a short, copyable text for an exact deck order, and daily deals.

A code is the deck's rank ``V`` among all 52! orders (its Lehmer code) written
in Crockford base 32 (46 digits, case-insensitive, no I, L, O or U), then two
check digits: ``V mod 1009`` in base 32. It depends on no random number generator.

Why every single typo is caught: 1009 is a prime larger than 32.

- Changing one digit from ``a`` to ``b`` at place ``k`` changes ``V`` by
  ``(b - a) * 32**k``; ``0 < |b - a| < 32 < 1009``, so neither factor is a
  multiple of the prime and the check no longer matches.
- Swapping neighbours ``a, b`` at places ``k + 1, k`` changes ``V`` by
  ``(a - b) * 31 * 32**k``, again a product of numbers the prime does not divide.
- A typo in the check digits changes the check value (or makes it 1009 or more,
  which no code has); swapping the last digit ``d`` with the first check digit
  ``c`` only passes when ``33 * c == 33 * d`` modulo 1009, that is ``c == d``.

Codes are 48 characters long. The earlier 47-character codes (one check digit
taken from a hash, which let about 1 typo in 32 through) are still read, so
histories and records that hold them keep working; :func:`current_code` turns
one into today's form. A typo never changes a code's length, so a mistyped new
code can never be taken for an old one.

>>> from solitaire.core.cards import Deck
>>> code = deal_code(Deck.new())
>>> code
'000000000000000000000000000000000000000000000000'
>>> decode_deal(code) == Deck.new()
True
>>> decode_deal(deal_code(Deck.from_seed(7))) == Deck.from_seed(7)
True
>>> current_code("00000000000000000000000000000000000000000000006") == code
True
"""

from __future__ import annotations

import datetime as dt
import hashlib
from math import factorial
from typing import Final

from solitaire.core.cards import ALL_CARDS, Deck
from solitaire.core.errors import CribsolError
from solitaire.core.untrusted import safe_text

__all__ = [
    "CODE_CHARACTERS",
    "CODE_LENGTH",
    "DealCodeError",
    "current_code",
    "daily_seed",
    "deal_code",
    "decode_deal",
]

_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_DIGITS: Final = 46  # 32**46 > 52!
_CHECK: Final = 1009  # a prime above 32 that fits in two base-32 digits
_ALIASES: Final = {"O": "0", "I": "1", "L": "1"}
_IGNORED: Final = " -\t"
_LIMIT: Final = factorial(52)
_NORMALISE: Final = str.maketrans({**_ALIASES, **dict.fromkeys(_IGNORED)})
_TO_INT: Final = str.maketrans(_ALPHABET, "0123456789ABCDEFGHIJKLMNOPQRSTUV")
CODE_LENGTH: Final = _DIGITS + 2
_OLD_LENGTH: Final = _DIGITS + 1
CODE_CHARACTERS: Final = _ALPHABET
"""The characters of a deal code as written (typed codes may also use lower case, O, I, L,
spaces and dashes)."""


class DealCodeError(CribsolError):
    """Text that is not a deal code."""


def _invalid(code: str, reason: str) -> DealCodeError:
    return DealCodeError(f"invalid deal code '{safe_text(code, 60)}': {reason}")


def _old_check_digit(number: int) -> str:
    digest = hashlib.sha256(number.to_bytes(30, "big")).digest()
    return _ALPHABET[digest[0] % 32]


def _base32(value: int, digits: int) -> str:
    out = []
    for _ in range(digits):
        value, digit = divmod(value, 32)
        out.append(_ALPHABET[digit])
    return "".join(reversed(out))


def deal_code(deck: Deck) -> str:
    """The 48-character code of this exact deck order."""
    remaining = list(ALL_CARDS)
    number = 0
    for position, card in enumerate(deck):
        index = remaining.index(card)
        number = number * (52 - position) + index
        remaining.pop(index)
    return _base32(number, _DIGITS) + _base32(number % _CHECK, 2)


def decode_deal(code: str) -> Deck:
    """The deck a code stands for; spaces and dashes are ignored, case does not matter.

    Both today's 48-character codes and the earlier 47-character ones are read.
    """
    text = code.upper().translate(_NORMALISE)
    if len(text) not in (CODE_LENGTH, _OLD_LENGTH):
        raise _invalid(code, f"expected {CODE_LENGTH} characters, got {len(text)}")
    bad = text.strip(_ALPHABET)  # empty, or from the first character outside the alphabet
    if bad:
        raise _invalid(code, f"{bad[0]!r} is not a code character")
    # int() reads base 32 as 0-9 then A-V: map the code alphabet onto that.
    number = int(text[:_DIGITS].translate(_TO_INT), 32)
    if len(text) == CODE_LENGTH:
        valid = int(text[_DIGITS:].translate(_TO_INT), 32) == number % _CHECK
    else:
        valid = _old_check_digit(number) == text[-1]
    if number >= _LIMIT or not valid:
        raise _invalid(code, "it does not check out (a typo?)")
    indexes = []
    for base in range(1, 53):
        number, index = divmod(number, base)
        indexes.append(index)
    remaining = list(ALL_CARDS)
    return Deck(remaining.pop(index) for index in reversed(indexes))


def current_code(code: str) -> str:
    """Any accepted deal code (an earlier 47-character one too) in today's 48-character form."""
    return deal_code(decode_deal(code))


def daily_seed(day: dt.date) -> int:
    """The seed of the daily deal: the same for everyone on that date."""
    digest = hashlib.sha256(f"cribsol daily {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
