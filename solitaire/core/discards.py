"""Exact expected values of every discard of six cards (hand, crib, heels).

For six cards shown and the cards already seen, the starter and the two blind
crib cards are drawn from the unseen cards (or the starter is known, as in
round 6). Expected values are sums of integer counts divided once:

* the fifteens, pairs and runs of a hand or crib depend on ranks only, so the
  crib is summed over the 455 multisets of three unseen ranks, each weighted by
  how many ways the unseen cards make it (the ``C(n, k)`` of each rank);
* flush, nobs and his heels are counted from the unseen suits.

That is about 7,000 table look-ups per position instead of 683,100 scorings.
Each discard's whole distribution (outcomes per round total, hence its min and
max) comes from :func:`solitaire.core.kernel.round_counts`.

>>> best = advise("5H 5C 5S JD 4C 9S")[0]
>>> [str(c) for c in best.discard], round(float(best.total), 3)
(['4C', '9S'], 20.806)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from operator import itemgetter, mul
from typing import TYPE_CHECKING, Final

from solitaire.core.cards import (
    ALL_CARDS,
    DISCARDS,
    JACK_OF_CLUBS,
    JACK_RANK,
    Card,
    CardLike,
    DuplicateCardError,
    to_card,
    to_cards,
)
from solitaire.core.errors import CribsolError, InputError
from solitaire.core.scoring import CARD_KEY, hand_points, rank_table

if TYPE_CHECKING:  # numpy loads with the first distribution asked for, not at import
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "DISCARDS",
    "HEELS",
    "AdviceError",
    "DiscardOption",
    "ExpectedSums",
    "Position",
    "advise",
    "advise_position",
    "best_discard",
    "expected_numerators",
]


HEELS: Final = 2  # his heels: a jack turned as the starter


class AdviceError(CribsolError):
    """A position that cannot be advised: wrong card count, overlaps, too few unseen."""


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One of the 15 discards with its exact expected points, range and distribution.

    ``outcomes[t]`` is how many of the equally likely (starter, blind pair) draws give
    this discard a round total (heels + hand + crib) of ``t`` points; it is empty when
    the advice was asked without ranges.
    """

    discard: tuple[Card, Card]
    keep: tuple[Card, Card, Card, Card]
    hand: Fraction
    crib: Fraction
    heels: Fraction
    min_total: int
    max_total: int
    outcomes: tuple[int, ...] = ()

    @property
    def total(self) -> Fraction:
        """Expected hand, crib and heels points together."""
        return self.hand + self.crib + self.heels

    def chance_at_least(self, points: int) -> Fraction:
        """The exact chance that the round scores ``points`` or more."""
        if not self.outcomes:
            raise InputError("this advice was computed without distributions (ranges=False)")
        start = min(max(points, 0), len(self.outcomes))
        return Fraction(sum(self.outcomes[start:]), sum(self.outcomes))

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: floats for reading, exact fractions as strings, and the distribution
        as integer counts: ``distribution[t]`` of ``outcomes`` draws score t points."""
        shape = {"outcomes": sum(self.outcomes), "distribution": list(self.outcomes)}
        return {
            "discard": [str(c) for c in self.discard],
            "keep": [str(c) for c in self.keep],
            "hand": float(self.hand),
            "crib": float(self.crib),
            "heels": float(self.heels),
            "total": float(self.total),
            "min": self.min_total,
            "max": self.max_total,
            "exact": {
                "hand": str(self.hand),
                "crib": str(self.crib),
                "heels": str(self.heels),
                "total": str(self.total),
            },
            **(shape if self.outcomes else {}),
        }


@dataclass(frozen=True, slots=True)
class Position:
    """Six cards shown, the unseen cards the crib and starter come from, and a known starter."""

    six: tuple[Card, ...]
    unseen: tuple[Card, ...]
    starter: Card | None

    @classmethod
    def make(
        cls,
        six: str | Iterable[CardLike],
        seen: str | Iterable[CardLike] = (),
        starter: CardLike | None = None,
    ) -> Position:
        """Check a position: six distinct cards, seen cards apart from them, enough unseen."""
        shown = to_cards(six)
        if len(shown) != 6:
            raise AdviceError(f"advice needs the 6 cards shown, got {len(shown)}")
        out = to_cards(seen)
        for card in out:
            if card in shown:
                raise DuplicateCardError(
                    f"{card.symbol()} is both in your hand and among the seen cards"
                )
        start = None if starter is None else to_card(starter)
        if start is not None and (start in shown):
            raise DuplicateCardError(f"the starter {start.symbol()} is also in your hand")
        gone = set(shown) | set(out)
        if start is not None:
            gone.add(start)
        unseen = tuple(c for c in ALL_CARDS if c not in gone)
        need = 2 if start is not None else 3
        if len(unseen) < need:
            raise AdviceError(
                f"only {len(unseen)} unseen cards left: the crib's 2 blind cards"
                + ("" if start is not None else " and the starter")
                + " must come from them"
            )
        return cls(shown, unseen, start)


# -- precomputed rank tables ----------------------------------------------------

_POW: Final = tuple(5**r for r in range(13))  # rank index 0-12 -> key part
_TRIPLES: Final = tuple(combinations_with_replacement(range(13), 3))
_PAIRS: Final = tuple(combinations_with_replacement(range(13), 2))


def _factor_indexes(multiset: tuple[int, ...]) -> list[int]:
    """Indexes into the flattened ``C(n_rank, k)`` table whose product counts the multiset."""
    out = []
    for rank in sorted(set(multiset)):
        out.append(rank * 4 + multiset.count(rank))
    while len(out) < len(multiset):
        out.append(0)  # C(n_0, 0) = 1
    return out


def _getters(multisets: Sequence[tuple[int, ...]], width: int) -> tuple[itemgetter[int], ...]:
    columns = list(zip(*(_factor_indexes(m) for m in multisets), strict=True))
    assert len(columns) == width
    return tuple(itemgetter(*column) for column in columns)


_TRIPLE_GETTERS: Final = _getters(_TRIPLES, 3)
_PAIR_GETTERS: Final = _getters(_PAIRS, 2)


@cache
def _crib_triples(p: int, q: int) -> tuple[int, ...]:
    """Rank points of the discard ranks p, q with each of the 455 rank triples."""
    base = _POW[p] + _POW[q]
    points = rank_table()
    return tuple(
        points.get(base + _POW[a] + _POW[b] + _POW[c], 0) for a, b, c in _TRIPLES
    )  # .get: five of a rank cannot be dealt, and its weight is 0


@cache
def _crib_pairs(p: int, q: int, s: int) -> tuple[int, ...]:
    """Rank points of discard ranks p, q and starter rank s with each of the 91 rank pairs."""
    base = _POW[p] + _POW[q] + _POW[s]
    points = rank_table()
    return tuple(points.get(base + _POW[a] + _POW[b], 0) for a, b in _PAIRS)


def _choose_table(counts: Sequence[int]) -> list[int]:
    """Flattened ``C(counts[rank], k)`` for k = 0..3."""
    table: list[int] = []
    for n in counts:
        table += (1, n, n * (n - 1) // 2, n * (n - 1) * (n - 2) // 6)
    return table


def _weights(counts: Sequence[int], getters: tuple[itemgetter[int], ...]) -> list[int]:
    table = _choose_table(counts)
    columns = [getter(table) for getter in getters]
    if len(columns) == 3:
        return list(map(mul, map(mul, columns[0], columns[1]), columns[2]))
    return list(map(mul, columns[0], columns[1]))


# -- expected values ---------------------------------------------------------------

_DISCARDS: Final = DISCARDS


@dataclass(frozen=True, slots=True)
class ExpectedSums:
    """Integer sums over every outcome, per discard; an expected value is sum / denominator."""

    hand: tuple[int, ...]  # per discard, over hand_den
    crib: tuple[int, ...]  # per discard, over crib_den
    heels: int  # over hand_den
    hand_den: int
    crib_den: int


def expected_numerators(position: Position) -> ExpectedSums:
    """Exact sums of hand, crib and heels points over every outcome, for all 15 discards."""
    six, unseen, starter = position.six, position.unseen, position.starter
    counts = [0] * 13
    suits = [0] * 4
    for card in unseen:
        counts[card >> 2] += 1
        suits[card & 3] += 1
    size = len(unseen)
    jacks = [card & 3 for card in unseen if card >> 2 == JACK_RANK]
    hand_nums: list[int] = []
    crib_nums: list[int] = []
    key = CARD_KEY
    points = rank_table()

    if starter is None:
        hand_den = size
        pair_configs = comb(size - 1, 2)
        crib_den = size * pair_configs
        heels = HEELS * len(jacks)
        weights = _weights(counts, _TRIPLE_GETTERS)
        # Blind-card nobs: a jack in the blind pair and a starter of its suit.
        blind_nobs = sum(suits[suit] - 1 for suit in jacks) * (size - 2)
        by_ranks: dict[int, int] = {}  # discards of the same two ranks share the rank sum
        for i, j in _DISCARDS:
            a, b = six[i], six[j]
            keep = [c for k, c in enumerate(six) if k != i and k != j]
            keep_key = key[keep[0]] + key[keep[1]] + key[keep[2]] + key[keep[3]]
            hand = 0
            for rank, n in enumerate(counts):
                if n:
                    hand += n * points.get(keep_key + _POW[rank], 0)
            suit = keep[0] & 3
            if keep[1] & 3 == suit and keep[2] & 3 == suit and keep[3] & 3 == suit:
                hand += 4 * size + suits[suit]
            for card in keep:
                if card >> 2 == JACK_RANK:
                    hand += suits[card & 3]
            hand_nums.append(hand)

            p, q = (a >> 2, b >> 2) if a >> 2 <= b >> 2 else (b >> 2, a >> 2)
            ranked = by_ranks.get(p * 13 + q)
            if ranked is None:
                ranked = by_ranks[p * 13 + q] = 3 * sum(map(mul, _crib_triples(p, q), weights))
            crib = ranked + blind_nobs
            if a & 3 == b & 3:
                m = suits[a & 3]
                crib += 5 * m * (m - 1) * (m - 2) // 2
            for card in (a, b):
                if card >> 2 == JACK_RANK:
                    crib += suits[card & 3] * pair_configs
            crib_nums.append(crib)
        return ExpectedSums(tuple(hand_nums), tuple(crib_nums), heels, hand_den, crib_den)

    # The starter is known: the hand is certain, the crib is summed over blind pairs.
    s_rank, s_suit = starter >> 2, starter & 3
    crib_den = comb(size, 2)
    weights = _weights(counts, _PAIR_GETTERS)
    blind_nobs = (size - 1) if s_suit in jacks else 0
    m = suits[s_suit]
    for i, j in _DISCARDS:
        a, b = six[i], six[j]
        keep = [c for k, c in enumerate(six) if k != i and k != j]
        hand_nums.append(hand_points(keep[0], keep[1], keep[2], keep[3], starter))
        p, q = (a >> 2, b >> 2) if a >> 2 <= b >> 2 else (b >> 2, a >> 2)
        crib = sum(map(mul, _crib_pairs(p, q, s_rank), weights)) + blind_nobs
        if a & 3 == s_suit and b & 3 == s_suit:
            crib += 5 * m * (m - 1) // 2
        nobs = JACK_OF_CLUBS | s_suit  # the jack of the starter's suit
        if a == nobs or b == nobs:
            crib += crib_den
        crib_nums.append(crib)
    heels = HEELS if s_rank == JACK_RANK else 0
    return ExpectedSums(tuple(hand_nums), tuple(crib_nums), heels, 1, crib_den)


# -- the public entry points ------------------------------------------------------


def best_discard(position: Position, hand_only: bool = False) -> tuple[Card, Card]:
    """The discard :func:`advise` ranks first (or the best expected hand, ``hand_only``)."""
    nums = expected_numerators(position)
    hd, cd = nums.hand_den, nums.crib_den
    best, best_key = 0, (-1, -1)
    for index, (hand, crib) in enumerate(zip(nums.hand, nums.crib, strict=True)):
        key = (hand, 0) if hand_only else (hand * cd + crib * hd, hand)
        if key > best_key:
            best, best_key = index, key
    i, j = _DISCARDS[best]
    return position.six[i], position.six[j]


def advise(
    six: str | Iterable[CardLike],
    seen: str | Iterable[CardLike] = (),
    starter: CardLike | None = None,
    *,
    ranges: bool = True,
) -> tuple[DiscardOption, ...]:
    """All 15 discards with exact expected points, best expected total first.

    ``seen`` are cards already out of play; ``starter`` is given when it is known.
    With ``ranges=False`` the min and max are left at 0 (faster).
    """
    return advise_position(Position.make(six, seen, starter), ranges=ranges)


def _sums_of(
    position: Position, counts: NDArray[np.int64], hands: NDArray[np.int64]
) -> ExpectedSums:
    """The integer sums of :func:`expected_numerators`, read off the round distributions."""
    size = len(position.unseen)
    import numpy as np

    totals = counts @ np.arange(counts.shape[1])  # points summed over every outcome
    if position.starter is None:
        heels = HEELS * sum(1 for c in position.unseen if c >> 2 == JACK_RANK)
        hand_den, crib_den = size, size * comb(size - 1, 2)
    else:
        heels = HEELS if position.starter >> 2 == JACK_RANK else 0
        hand_den, crib_den = 1, comb(size, 2)
    # Every starter comes with crib_den // hand_den blind pairs.
    crib = totals - (hands + heels) * (crib_den // hand_den)
    return ExpectedSums(tuple(hands.tolist()), tuple(crib.tolist()), heels, hand_den, crib_den)


def advise_position(position: Position, *, ranges: bool = True) -> tuple[DiscardOption, ...]:
    """:func:`advise` for a checked position."""
    counts = None
    if ranges:
        from solitaire.core.kernel import round_counts

        counts, hands = round_counts(position.six, position.unseen, position.starter)
        nums = _sums_of(position, counts, hands)
    else:
        nums = expected_numerators(position)
    heels = Fraction(nums.heels, nums.hand_den)
    options = []
    for index, (i, j) in enumerate(_DISCARDS):
        six_cards = position.six
        keep = tuple(c for k, c in enumerate(six_cards) if k not in (i, j))
        outcomes: tuple[int, ...] = ()
        low = high = 0
        if counts is not None:
            scored = counts[index].nonzero()[0]
            low, high = int(scored[0]), int(scored[-1])
            outcomes = tuple(counts[index, : high + 1].tolist())
        options.append(
            DiscardOption(
                discard=(six_cards[i], six_cards[j]),
                keep=(keep[0], keep[1], keep[2], keep[3]),
                hand=Fraction(nums.hand[index], nums.hand_den),
                crib=Fraction(nums.crib[index], nums.crib_den),
                heels=heels,
                min_total=low,
                max_total=high,
                outcomes=outcomes,
            )
        )
    return tuple(sorted(options, key=lambda o: (-o.total, -o.hand)))
