"""Scoring the play: what laying a card pegs, and how players call it.

The play scores only from the cards laid since the count last restarted (a
*series*): the card just laid makes fifteen or thirty-one, pairs the cards laid
just before it, or ends a run among the last cards laid.

>>> from solitaire.core.cards import parse_cards
>>> items = peg_items(parse_cards("4C 6D 5H"))
>>> [(item.kind.value, item.points) for item in items]
[('fifteen', 2), ('run', 3)]
>>> call(15, items)
'fifteen two, and a run of three for five'
>>> call(31, peg_items(parse_cards("KC QD 5H 6S")))
'thirty-one for two'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise
from typing import Final

from solitaire.core.cards import Card
from solitaire.core.scoring import spoken_number

__all__ = [
    "MAX_COUNT",
    "PegItem",
    "PegKind",
    "call",
    "count_of",
    "go_call",
    "peg_items",
    "peg_points",
]

MAX_COUNT: Final = 31


class PegKind(StrEnum):
    """The kinds of points pegged in the play."""

    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    PAIR_ROYAL = "pair royal"
    DOUBLE_PAIR_ROYAL = "double pair royal"
    RUN = "run"
    GO = "go"
    LAST = "last card"


@dataclass(frozen=True, slots=True)
class PegItem:
    """One scoring event of the play: its kind, the cards that make it, and its points."""

    kind: PegKind
    cards: tuple[Card, ...]
    points: int


_PAIR_KINDS: Final = {2: PegKind.PAIR, 3: PegKind.PAIR_ROYAL, 4: PegKind.DOUBLE_PAIR_ROYAL}
_PAIR_POINTS: Final = {2: 2, 3: 6, 4: 12}


def count_of(series: Sequence[Card]) -> int:
    """The running count of a series: the sum of its card values."""
    return sum(card.value for card in series)


def _run_length(series: Sequence[Card]) -> int:
    """The longest n >= 3 such that the last n cards are n consecutive ranks, else 0."""
    ranks = [card >> 2 for card in series]  # a card's rank less one (Card's int): runs alike
    for n in range(len(ranks), 2, -1):
        last = sorted(ranks[-n:])
        if all(b == a + 1 for a, b in pairwise(last)):
            return n
    return 0


def _same_rank(series: Sequence[Card]) -> int:
    """How many cards at the end of ``series`` (at most 4, at least 1) share the last's rank."""
    rank = series[-1] >> 2  # a card's rank less one (Card's int)
    same = 1
    while same < min(len(series), 4) and series[-same - 1] >> 2 == rank:
        same += 1
    return same


def peg_items(series: Sequence[Card]) -> tuple[PegItem, ...]:
    """What the last card of ``series`` pegs (the go and last card are the engine's)."""
    if not series:
        return ()
    items: list[PegItem] = []
    count = count_of(series)
    if count == 15:
        items.append(PegItem(PegKind.FIFTEEN, tuple(series), 2))
    elif count == MAX_COUNT:
        items.append(PegItem(PegKind.THIRTY_ONE, tuple(series), 2))
    same = _same_rank(series)
    if same > 1:
        items.append(PegItem(_PAIR_KINDS[same], tuple(series[-same:]), _PAIR_POINTS[same]))
    run = _run_length(series)
    if run:
        items.append(PegItem(PegKind.RUN, tuple(series[-run:]), run))
    return tuple(items)


def peg_points(series: Sequence[Card]) -> int:
    """The points the last card of ``series`` pegs (:func:`peg_items`' points, added up)."""
    if not series:
        return 0
    count = count_of(series)
    points = 2 if count == 15 or count == MAX_COUNT else 0
    return points + _PAIR_POINTS.get(_same_rank(series), 0) + _run_length(series)


def _phrase(item: PegItem) -> str:
    if item.kind is PegKind.RUN:
        return f"a run of {spoken_number(item.points)}"
    if item.kind is PegKind.PAIR:
        return "a pair"
    return f"a {item.kind.value}"


def call(count: int, items: Sequence[PegItem]) -> str:
    """What the player laying a card says: the count, then what it pegs and the total.

    ``fifteen two``, ``thirty-one for two``, ``twenty, and a pair for two``,
    ``twelve, and a pair royal for six``.
    """
    total = sum(item.points for item in items)
    rest = [item for item in items if item.kind not in (PegKind.FIFTEEN, PegKind.THIRTY_ONE)]
    made = len(rest) < len(items)
    if made and not rest:
        return f"{spoken_number(count)} {'two' if count == 15 else 'for two'}"
    head = f"{spoken_number(count)} two" if made and count == 15 else spoken_number(count)
    if made and count == MAX_COUNT:
        head = "thirty-one for two"
    if not rest:
        return head
    return f"{head}, and {' and '.join(_phrase(item) for item in rest)} for {spoken_number(total)}"


def go_call(item: PegItem) -> str:
    """What the player taking the go or the last card says: ``one for the go``, ``one for last``."""
    return "one for last" if item.kind is PegKind.LAST else "one for the go"
