"""Scoring a cribbage hand, crib or final hand.

Two paths give the same totals:

* :func:`score_hand` returns a :class:`Score`: every fifteen, pair, run, flush
  and nobs with its cards and points.
* :func:`hand_points`, :func:`crib_points` and :func:`final_points` return the
  total only, from a precomputed table of rank patterns, for hot loops.

>>> score_hand("5H 5C 5S JD", "5D").total
29
>>> score_hand("AH 2H 3H 4H", "5C", crib=True).total
7
>>> score_hand("7C 8D KH KS").spoken()
'fifteen two, and a pair is four'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from typing import Final, Protocol, TypeVar

from solitaire.core.cards import (
    JACK_OF_CLUBS,
    Card,
    CardError,
    CardLike,
    DuplicateCardError,
    Rank,
    to_card,
    to_cards,
)

__all__ = [
    "Combination",
    "Counted",
    "Kind",
    "Score",
    "ScoreItem",
    "count_groups",
    "crib_points",
    "final_points",
    "group_combinations",
    "hand_points",
    "rank_key",
    "rank_multiset_points",
    "rank_points",
    "say_count",
    "score_hand",
    "score_total",
    "spoken_number",
]


class Kind(StrEnum):
    """The kinds of scoring combination in a hand or crib."""

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: its kind, the cards that make it, and its points."""

    kind: Kind
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.kind} {' '.join(map(str, self.cards))} = {self.points}"


@dataclass(frozen=True, slots=True)
class Score:
    """A scored hand, crib or final hand: the cards and every combination found."""

    hand: tuple[Card, ...]
    starter: Card | None
    crib: bool
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        """All points."""
        return sum(item.points for item in self.items)

    def points(self, kind: Kind) -> int:
        """Points of one kind."""
        return sum(item.points for item in self.items if item.kind is kind)

    @property
    def fifteens(self) -> int:
        """Points from fifteens."""
        return self.points(Kind.FIFTEEN)

    @property
    def pairs(self) -> int:
        """Points from pairs."""
        return self.points(Kind.PAIR)

    @property
    def runs(self) -> int:
        """Points from runs."""
        return self.points(Kind.RUN)

    @property
    def flush(self) -> int:
        """Points from a flush."""
        return self.points(Kind.FLUSH)

    @property
    def nobs(self) -> int:
        """Points from his nobs."""
        return self.points(Kind.NOBS)

    def by_kind(self) -> dict[str, int]:
        """Points per kind, every kind present (zero where nothing scored)."""
        return {kind.value: self.points(kind) for kind in Kind}

    def spoken(self) -> str:
        """The count as a player says it: ``fifteen two, fifteen four, and a pair is six``."""
        return _speak(self.items)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready breakdown."""
        return {
            "hand": [str(c) for c in self.hand],
            "starter": None if self.starter is None else str(self.starter),
            "crib": self.crib,
            "fifteens": self.fifteens,
            "pairs": self.pairs,
            "runs": self.runs,
            "flush": self.flush,
            "nobs": self.nobs,
            "total": self.total,
            "items": [
                {
                    "kind": item.kind.value,
                    "cards": [str(c) for c in item.cards],
                    "points": item.points,
                }
                for item in self.items
            ],
        }


# -- the breakdown scorer ---------------------------------------------------


def _fifteens(cards: Sequence[Card]) -> Iterator[ScoreItem]:
    for size in range(2, len(cards) + 1):
        for combo in combinations(cards, size):
            if sum(c.value for c in combo) == 15:
                yield ScoreItem(Kind.FIFTEEN, combo, 2)


def _pairs(cards: Sequence[Card]) -> Iterator[ScoreItem]:
    for a, b in combinations(cards, 2):
        if a.rank == b.rank:
            yield ScoreItem(Kind.PAIR, (a, b), 2)


def _runs(cards: Sequence[Card]) -> Iterator[ScoreItem]:
    by_rank = Counter(c.rank for c in cards)
    ranks = sorted(by_rank)
    # Find the longest stretch of consecutive ranks of length >= 3.
    best: list[int] = []
    stretch: list[int] = []
    for rank in ranks:
        if stretch and rank == stretch[-1] + 1:
            stretch.append(rank)
        else:
            stretch = [rank]
        if len(stretch) > len(best):
            best = list(stretch)
    if len(best) < 3:
        return
    groups = [[c for c in cards if c.rank == rank] for rank in best]
    for combo in product(*groups):
        yield ScoreItem(Kind.RUN, tuple(combo), len(combo))


def _rank_items(cards: Sequence[Card]) -> list[ScoreItem]:
    return [*_fifteens(cards), *_pairs(cards), *_runs(cards)]


def _suit_items(hand: Sequence[Card], starter: Card | None, crib: bool) -> Iterator[ScoreItem]:
    suit = hand[0].suit
    if all(c.suit == suit for c in hand):
        if starter is not None and starter.suit == suit:
            yield ScoreItem(Kind.FLUSH, (*hand, starter), 5)
        elif not crib:
            yield ScoreItem(Kind.FLUSH, tuple(hand), 4)
    if starter is not None:
        for card in hand:
            if card.rank == Rank.JACK and card.suit == starter.suit:
                yield ScoreItem(Kind.NOBS, (card,), 1)


def _check_hand(hand: tuple[Card, ...], starter: Card | None) -> None:
    if len(hand) != 4:
        raise CardError(f"a hand needs 4 cards, got {len(hand)}")
    if starter is not None and starter in hand:
        raise DuplicateCardError(
            f"duplicate card {starter.symbol()}: the starter is also in the hand"
        )


def score_hand(
    cards: str | Iterable[CardLike], starter: CardLike | None = None, *, crib: bool = False
) -> Score:
    """Score four cards with an optional starter; ``crib=True`` applies the crib flush rule.

    With no starter the four cards are the final hand: a four-card flush counts 4.
    """
    hand = to_cards(cards)
    start = None if starter is None else to_card(starter)
    _check_hand(hand, start)
    all_cards = hand if start is None else (*hand, start)
    items = _rank_items(all_cards)
    items.extend(_suit_items(hand, start, crib))
    return Score(hand, start, crib, tuple(items))


# -- the total-only fast path -----------------------------------------------

CARD_KEY: Final[tuple[int, ...]] = tuple(5 ** (c >> 2) for c in range(52))
"""Each card's share of :func:`rank_key`: the table key of some cards is their keys' sum."""


def rank_key(ranks: Iterable[int]) -> int:
    """The table key of a multiset of ranks (1-13): a base-5 count per rank."""
    return sum(5 ** (r - 1) for r in ranks)


def rank_multiset_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs of any multiset of ranks (1-13), counted without listing them."""
    ways = [1] + [0] * 15  # ways[s]: subsets whose pips sum to s
    for rank in ranks:
        pips = min(rank, 10)
        for total in range(15, pips - 1, -1):
            ways[total] += ways[total - pips]
    counts = Counter(ranks)
    points = 2 * ways[15] + sum(n * (n - 1) for n in counts.values())
    best_length, best_ways, length, run_ways = 0, 0, 0, 1
    for rank in range(1, 15):
        n = counts.get(rank, 0)
        if n:
            length, run_ways = length + 1, run_ways * n
            continue
        if length >= 3 and length > best_length:
            best_length, best_ways = length, run_ways
        length, run_ways = 0, 1
    return points + best_length * best_ways


def _build_rank_table() -> dict[int, int]:
    return {
        rank_key(ranks): rank_multiset_points(ranks)
        for size in (4, 5)
        for ranks in _multisets(size)
    }


def _multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Rank multisets of this size with no rank more than four times, ascending."""
    for ranks in combinations_with_replacement(range(1, 14), size):
        if all(ranks.count(r) <= 4 for r in set(ranks)):
            yield ranks


def _representatives(ranks: Sequence[int]) -> tuple[Card, ...]:
    """Cards with these ranks, repeated ranks getting distinct suits."""
    used: Counter[int] = Counter()
    cards = []
    for rank in ranks:
        cards.append(Card(rank, used[rank]))
        used[rank] += 1
    return tuple(cards)


@cache
def rank_table() -> dict[int, int]:
    """Fifteens, pairs and runs of every multiset of 4 or 5 ranks, by :func:`rank_key`.

    Built on first use (tens of milliseconds), then shared; callers must not change it.
    """
    return _build_rank_table()


def rank_points(ranks: Iterable[int]) -> int:
    """Fifteens, pairs and runs of 4 or 5 ranks (what does not depend on suits)."""
    return rank_table()[rank_key(ranks)]


def hand_points(a: int, b: int, c: int, d: int, starter: int) -> int:
    """Total of a four-card hand (card ints) with a starter."""
    k = CARD_KEY
    total = rank_table()[k[a] + k[b] + k[c] + k[d] + k[starter]]
    suit = a & 3
    if b & 3 == suit and c & 3 == suit and d & 3 == suit:
        total += 5 if starter & 3 == suit else 4
    nobs = JACK_OF_CLUBS | (starter & 3)  # the jack of the starter's suit
    if nobs in (a, b, c, d):
        total += 1
    return total


def crib_points(a: int, b: int, c: int, d: int, starter: int) -> int:
    """Total of a four-card crib (card ints) with a starter: only a five-card flush counts."""
    k = CARD_KEY
    total = rank_table()[k[a] + k[b] + k[c] + k[d] + k[starter]]
    suit = starter & 3
    if a & 3 == suit and b & 3 == suit and c & 3 == suit and d & 3 == suit:
        total += 5
    nobs = JACK_OF_CLUBS | suit
    if nobs in (a, b, c, d):
        total += 1
    return total


def final_points(a: int, b: int, c: int, d: int) -> int:
    """Total of the final four-card hand (card ints), scored with no starter."""
    k = CARD_KEY
    total = rank_table()[k[a] + k[b] + k[c] + k[d]]
    suit = a & 3
    if b & 3 == suit and c & 3 == suit and d & 3 == suit:
        total += 4
    return total


def score_total(
    cards: str | Iterable[CardLike], starter: CardLike | None = None, *, crib: bool = False
) -> int:
    """The total of :func:`score_hand`, through the fast path."""
    hand = to_cards(cards)
    start = None if starter is None else to_card(starter)
    _check_hand(hand, start)
    a, b, c, d = hand
    if start is None:
        return final_points(a, b, c, d)
    return (crib_points if crib else hand_points)(a, b, c, d, start)


# -- saying the count --------------------------------------------------------

_ONES: Final = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    " fifteen sixteen seventeen eighteen nineteen"
).split(" ")
_TENS: Final = " _ twenty thirty forty fifty sixty seventy eighty ninety".split(" ")


def spoken_number(n: int) -> str:
    """English words for 0-999: ``spoken_number(29) == 'twenty-nine'``."""
    if n < 0:
        return "minus " + spoken_number(-n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + ("" if ones == 0 else "-" + _ONES[ones])
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return _ONES[hundreds] + " hundred" + ("" if rest == 0 else " and " + spoken_number(rest))
    return str(n)


_PAIR_NAMES: Final = {
    1: "a pair",
    3: "a pair royal",
    6: "a double pair royal",
    10: "five of a kind",
}


class Combination(Protocol):
    """What grouping needs of a combination: its kind and its points."""

    @property
    def kind(self) -> Kind: ...

    @property
    def points(self) -> int: ...


C = TypeVar("C", bound=Combination)
M = TypeVar("M", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Counted:
    """One group of a count as a player names it: ``a double run of three`` for 8 points."""

    name: str
    points: int
    items: tuple[ScoreItem, ...]


def _run_name(
    runs: Sequence[C], members: Callable[[C], Sequence[M]], rank: Callable[[M], int]
) -> str:
    length = len(members(runs[0]))
    of = f" of {spoken_number(length)}"
    multiples = sorted(
        Counter(rank(m) for m in {m for item in runs for m in members(item)}).values()
    )
    if len(runs) == 1:
        return f"a run{of}"
    if multiples.count(1) == length - 1:  # one rank doubled or tripled
        if multiples[-1] == 2:
            return f"a double run{of}"
        if multiples[-1] == 3:  # "a triple run" alone is of three, as players say it
            return "a triple run" + ("" if length == 3 else of)
    if multiples.count(2) == 2 and multiples.count(1) == length - 2:
        return "a double double run" + ("" if length == 3 else of)
    return f"{spoken_number(len(runs))} runs{of} with their pairs"


def group_combinations(
    items: Sequence[C], members: Callable[[C], Sequence[M]], rank: Callable[[M], int]
) -> list[tuple[str, tuple[C, ...]]]:
    """Combinations of any things with ranks (cards, tiles along a line) grouped and named as
    players count them, in counting order: ``members`` gives what a combination is made of,
    ``rank`` the rank of one of them. :func:`count_groups` says the rules."""
    groups: list[tuple[str, tuple[C, ...]]] = [
        ("fifteen", (i,)) for i in items if i.kind is Kind.FIFTEEN
    ]
    runs = [i for i in items if i.kind is Kind.RUN]
    run_ranks = {rank(m) for i in runs for m in members(i)}
    in_run = [i for i in items if i.kind is Kind.PAIR and rank(members(i)[0]) in run_ranks]
    by_rank: dict[int, list[C]] = {}
    for item in items:
        if item.kind is Kind.PAIR and rank(members(item)[0]) not in run_ranks:
            by_rank.setdefault(rank(members(item)[0]), []).append(item)
    pair_groups = [(_PAIR_NAMES.get(len(g), f"{len(g)} pairs"), tuple(g)) for g in by_rank.values()]
    if [name for name, _ in pair_groups] == ["a pair", "a pair"]:
        pair_groups = [("two pairs", pair_groups[0][1] + pair_groups[1][1])]
    groups += pair_groups
    if runs:
        groups.append((_run_name(runs, members, rank), (*runs, *in_run)))
    for item in items:
        if item.kind is Kind.FLUSH:
            groups.append((f"a flush of {spoken_number(item.points)}", (item,)))
        elif item.kind is Kind.NOBS:
            groups.append(("one for his nobs", (item,)))
    return groups


def count_groups(items: Sequence[ScoreItem]) -> tuple[Counted, ...]:
    """The combinations grouped as players count them, in counting order.

    Each fifteen is its own group; pairs inside a run go with the run (a double
    run of three is 8: two runs and a pair); other pairs go by rank (a pair royal
    is 6, a double pair royal 12) and two plain pairs are "two pairs" (4); then
    the flush and his nobs. The points of the groups add up to the total.
    """
    return tuple(
        Counted(name, sum(i.points for i in group), group)
        for name, group in group_combinations(items, _cards_of, _rank_of)
    )


def _cards_of(item: ScoreItem) -> tuple[Card, ...]:
    return item.cards


def _rank_of(card: Card) -> int:
    return card.rank


def say_count(groups: Iterable[tuple[str, int]], nothing: str) -> str:
    """A count said aloud from its named groups and their points, each with the running total:
    ``fifteen two, fifteen four, and a pair is six``; ``nothing`` when there are none. A name
    that says its own points (``a pair``, ``ten for one colour``) is not followed by them, nor
    is the first (``a pair royal is six``: its points are the total)."""
    phrases: list[str] = []
    total = 0
    for name, points in groups:
        total += points
        said = spoken_number(total)
        if name == "fifteen":
            phrases.append(f"fifteen {said}")
        elif (
            name in ("a pair", "two pairs")
            or " for " in name
            or name.startswith(("a run of", "a flush of"))
            or total == points
        ):
            phrases.append(f"{name} is {said}")  # the name says the points
        else:
            phrases.append(f"{name} for {spoken_number(points)} is {said}")
    if not phrases:
        return nothing
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + ", and " + phrases[-1]


def _speak(items: Sequence[ScoreItem]) -> str:
    return say_count(((g.name, g.points) for g in count_groups(items)), "nineteen (no score)")
