"""The first stage of a decision: the model of the cards this player cannot see.

A computer player's decision runs one way (:mod:`solitaire.match.decide`): the
observation, then this model of the hidden hands, built once per decision
(:class:`Hidden`), then the values of the choices, then the choice. This module
reads the observation alone and calls no stage above it.

An opponent does not keep four random cards: they keep the four of their six
that score best. So the hands they can still hold in the play are weighted by a
*keep model* rather than counted as equally likely:

* **The model** (:func:`keeps`): from any six ranks a player keeps the four whose
  hand scores most on average over the 13 starter ranks (each weighted by the
  cards of it not among the six), plus the crib's average from the two thrown
  with three more ranks at random (for the dealer), or minus it (for pone).
  Ranks only: flushes and nobs are left out, as they are by most players when
  they weigh a discard. Every value is an integer numerator over one common
  denominator, so the choice of keep is exact and the same on every machine.
* **The weights** (:func:`kept_weights`): the opponent's six cards are any six of
  the cards this player has not seen dealt (their own six and the starter
  apart). Each six whose model keep holds the cards the opponent has laid so
  far leaves a hidden hand (the keep less what was laid); its weight is the
  number of card hands that make that six with that keep. Integers throughout.
* **The hidden hands** (:func:`card_hands`): the opponent holds ``opponent_held``
  of the cards this player has not seen (the opponent's discards and the undealt
  cards among them), except those the play has ruled out: an opponent who could
  not lay at count ``c`` while holding cards holds none worth ``31 - c`` or less.
  Pegging depends on ranks only, so the hands are rank multisets (about 1,800 for
  four hidden cards instead of 150,000 hands), each with how many card hands make
  it (the product of ``C(unseen of the rank, taken)``).
* **The blend** (:func:`blend`): a player who discards otherwise is not ruled
  out. Each hidden hand's chance is :data:`MODEL_SHARE` of the model's plus the
  rest of the chance that every hand is equally likely, as integer weights, so
  the search's values stay integer sums divided once.

On 3,000 duplicate deals (``scripts/bench/bench_deals.py``'s way) against the expert
that counted every hidden hand alike, weighing them by the model gained 0.14
points of pegging a deal, and 0.10 with three tenths left to equal chances; the
blend of one tenth lies between. :func:`crib_shift` uses the same model for the
two cards the opponent throws to the crib (+0.07 a deal).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from types import MappingProxyType
from typing import Final

import numpy as np
from numpy.typing import NDArray

from solitaire.core.cards import ALL_CARDS
from solitaire.core.kernel import five_rank_points
from solitaire.match.game import Observation
from solitaire.match.pegging import MAX_COUNT

__all__ = [
    "MODEL_SHARE",
    "Hand",
    "Hidden",
    "blend",
    "blend_factors",
    "card_hands",
    "crib_shift",
    "hidden_hands",
    "keeps",
    "kept_weights",
    "model_of",
    "six_ranks",
]

Hand = tuple[int, ...]  # ranks 1-13, ascending: a hand as the play sees it

MODEL_SHARE: Final = Fraction(9, 10)  # the rest: every hidden hand equally likely
_KEEP_SLOTS: Final = np.array(list(combinations(range(6), 4)), dtype=np.intp)
_THROW_SLOTS: Final = np.array(
    [[i for i in range(6) if i not in keep] for keep in _KEEP_SLOTS], dtype=np.intp
)
_COMB: Final = np.array([[comb(n, k) for k in range(7)] for n in range(7)], dtype=np.int64)
_CODE: Final = 5 ** np.arange(14, dtype=np.int64)  # a rank multiset as base-5 counts


@cache
def six_ranks() -> NDArray[np.intp]:
    """Every multiset of six ranks (1-13) with at most four of a rank, ascending: [six, 6]."""
    sixes = [
        six
        for six in combinations_with_replacement(range(1, 14), 6)
        if max(six.count(rank) for rank in set(six)) <= 4
    ]
    return np.array(sixes, dtype=np.intp)


def _counts(ranks: NDArray[np.intp]) -> NDArray[np.intp]:
    """[..., k] ranks 1-13 -> [..., 14] how many of each rank (index 0 unused)."""
    counts: NDArray[np.intp] = (ranks[..., None] == np.arange(14)).sum(axis=-2)
    return counts


@cache
def keeps() -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.intp]]:
    """The keep model: for each of :func:`six_ranks`, its rank counts and the counts of the
    four kept as dealer and as pone: ([six, 14], [six, 14], [six, 14])."""
    five = five_rank_points()  # [r0..r4] by rank - 1
    sixes = six_ranks()
    counts = _counts(sixes)
    kept = sixes[:, _KEEP_SLOTS]  # [six, keep, 4]
    thrown = sixes[:, _THROW_SLOTS]  # [six, keep, 2]
    k = kept - 1
    starters = np.arange(13)
    hand = five[
        k[..., 0, None], k[..., 1, None], k[..., 2, None], k[..., 3, None], starters
    ].astype(np.int64)  # [six, keep, starter]
    left = (4 - counts[:, 1:])[:, None, :]  # the starter's rank among the other 46 cards
    hand_sum = (hand * left).sum(axis=2)  # over 46 starters
    crib_sum = five.astype(np.int64).sum(axis=(2, 3, 4))  # [lo, hi] over 13**3 triples
    crib = crib_sum[thrown[..., 0] - 1, thrown[..., 1] - 1]
    # hand / 46 + crib / 13**3, over the common denominator 46 * 13**3
    scale_hand, scale_crib = 13**3, 46
    dealer = np.argmax(hand_sum * scale_hand + crib * scale_crib, axis=1)
    pone = np.argmax(hand_sum * scale_hand - crib * scale_crib, axis=1)
    rows = np.arange(len(sixes))
    return counts, _counts(kept[rows, dealer]), _counts(kept[rows, pone])


def kept_weights(view: Observation) -> Mapping[tuple[int, ...], int]:
    """The model's weight of each rank multiset the opponent may still hold (ascending ranks).

    The opponent's role decides their keep (dealer or pone). Hands the model
    never leaves (the opponent has laid cards it would not have kept) are absent;
    so is every hand when nothing the model keeps fits what was laid.
    """
    laid = [0] * 14
    for who, card in view.laid:
        if who != view.player:
            laid[card.rank] += 1
    return _kept_weights(not view.is_dealer, tuple(_available(view).tolist()), tuple(laid))


@lru_cache(maxsize=64)  # a decision, and the coach's card by card, ask for the same deal
def _kept_weights(
    dealer: bool, unseen: tuple[int, ...], laid_ranks: tuple[int, ...]
) -> Mapping[tuple[int, ...], int]:
    sixes, as_dealer, as_pone = keeps()
    kept = as_dealer if dealer else as_pone
    available = np.array(unseen, dtype=np.intp)
    laid = np.array(laid_ranks, dtype=np.intp)
    free = available - laid  # cards of each rank the opponent's unlaid cards may be
    hidden = kept - laid
    thrown = sixes - kept
    fits = (hidden >= 0).all(axis=1) & (hidden <= free).all(axis=1)
    fits &= (thrown <= free - hidden).all(axis=1)
    hidden, thrown = hidden[fits], thrown[fits]
    room = np.broadcast_to(free, hidden.shape)
    ways = (_COMB[room, hidden] * _COMB[room - hidden, thrown]).prod(axis=1)
    codes, where = np.unique(hidden @ _CODE, return_inverse=True)
    sums = np.zeros(len(codes), dtype=np.int64)
    np.add.at(sums, where.reshape(-1), ways)
    weights = {}
    for code, weight in zip(codes.tolist(), sums.tolist(), strict=True):
        hand = tuple(rank for rank in range(1, 14) for _ in range(code // 5**rank % 5))
        weights[hand] = weight
    return MappingProxyType(weights)


def blend_factors(uniform: int, modelled: int) -> tuple[int, int]:
    """``(a, b)`` such that ``a * model + b * cards`` weighs a hidden hand as :func:`blend`
    does, given the sums of the model's weights and of the card hands' counts."""
    a = MODEL_SHARE.numerator * uniform
    b = (MODEL_SHARE.denominator - MODEL_SHARE.numerator) * modelled
    return a, b


def blend(
    hands: Sequence[tuple[tuple[int, ...], int]], model: Mapping[tuple[int, ...], int]
) -> list[tuple[tuple[int, ...], int]]:
    """The hidden hands with integer weights: :data:`MODEL_SHARE` of the model's chance plus
    the rest of equal chances (``hands`` weighted by card hands). Without a model weight
    for any of them, ``hands`` as they are."""
    uniform = sum(weight for _, weight in hands)
    modelled = sum(model.get(hand, 0) for hand, _ in hands)
    if not modelled or not uniform:
        return list(hands)
    a, b = blend_factors(uniform, modelled)
    return [(hand, model.get(hand, 0) * a + weight * b) for hand, weight in hands]


def _available(view: Observation) -> NDArray[np.intp]:
    """[14] cards of each rank this player has not seen dealt (their six, the starter)."""
    available = np.full(14, 4, dtype=np.intp)
    available[0] = 0
    for card in view.dealt:
        available[card.rank] -= 1
    if view.starter is not None:
        available[view.starter.rank] -= 1
    return available


def crib_shift(view: Observation) -> dict[tuple[int, int], Fraction]:
    """For each two ranks this player may discard (ascending), how much more the crib's
    fifteens, pairs and runs make on average when the opponent throws their two as the
    keep model does than when they throw two random unseen cards.

    The opponent's six are any six of the 46 cards this player has not seen, the
    starter any of the 40 left (for random throws, any of the 44 left beside the two);
    each average is an integer sum divided once. Flushes and nobs are left as they are.
    """
    mine = tuple(int(card.rank) for card in view.dealt)
    available = tuple(_available(view).tolist())
    return dict(_crib_shift(view.is_dealer, available, mine))


@lru_cache(maxsize=64)  # the expert's discard, the coach's and the review's ask for the same six
def _crib_shift(
    dealer: bool, unseen: tuple[int, ...], mine: tuple[int, ...]
) -> Mapping[tuple[int, int], Fraction]:
    sixes, as_dealer, as_pone = keeps()
    kept = as_pone if dealer else as_dealer
    available = np.array(unseen, dtype=np.intp)
    fits = (sixes <= available).all(axis=1)
    sixes, kept = sixes[fits], kept[fits]
    ways = _COMB[np.broadcast_to(available, sixes.shape), sixes].prod(axis=1)
    thrown = _pairs_of(sixes - kept)  # [six, 2] ranks
    starters = (available - sixes)[:, 1:] * ways[:, None]  # [six, starter rank]
    model = np.zeros((13, 13, 13), dtype=np.int64)  # [lo, hi, starter] by rank - 1
    np.add.at(model, (thrown[:, 0] - 1, thrown[:, 1] - 1), starters)
    lo, hi = np.triu_indices(13)
    pair_ways = _COMB[available[lo + 1], 1] * _COMB[available[hi + 1], 1]
    same = lo == hi
    pair_ways[same] = _COMB[available[lo[same] + 1], 2]
    left = np.broadcast_to(available[1:], (len(lo), 13)).copy()
    left[np.arange(len(lo)), lo] -= 1
    left[np.arange(len(lo)), hi] -= 1
    uniform = np.zeros((13, 13, 13), dtype=np.int64)
    uniform[lo, hi] = pair_ways[:, None] * left
    five = five_rank_points().astype(np.int64)
    shifts = {}
    for a, b in {tuple(sorted(pair)) for pair in combinations(mine, 2)}:
        points = five[a - 1, b - 1]  # [lo, hi, starter]
        modelled = Fraction(int((points * model).sum()), int(model.sum()))
        random = Fraction(int((points * uniform).sum()), int(uniform.sum()))
        shifts[(a, b)] = modelled - random
    return MappingProxyType(shifts)


def _pairs_of(counts: NDArray[np.intp]) -> NDArray[np.intp]:
    """[n, 14] counts of two ranks -> [n, 2] the two ranks, ascending."""
    ranks = np.repeat(np.tile(np.arange(14), (len(counts), 1)).ravel(), counts.ravel())
    return ranks.reshape(len(counts), 2)


def _value_floor(view: Observation) -> int:
    """The least value a card the opponent still holds can have, from the goes seen this deal.

    Whenever the opponent held cards and did not lay at count ``c`` (they said go, or
    this player laid twice running), none of their cards was worth ``31 - c`` or less.
    """
    opponent = 1 - view.player
    floor = 1
    held = view.opponent_held + sum(1 for who, _ in view.laid if who == opponent)
    count = 0
    previous: int | None = None
    for index, (who, card) in enumerate(view.laid):
        if count + card.value > MAX_COUNT:
            # the count restarted: neither player could lay at ``count``
            if held and previous is not None:
                floor = max(floor, MAX_COUNT - count + 1)
            count = 0
        elif index and who == previous == view.player and held:
            floor = max(floor, MAX_COUNT - count + 1)
        count += card.value
        if who == opponent:
            held -= 1
        previous = who
        if count == MAX_COUNT:
            count, previous = 0, None
    if held and (view.opponent_said_go or (count and not view.series)):
        floor = max(floor, MAX_COUNT - count + 1)  # a go now, or the go that ended the series
    return floor


def hidden_hands(view: Observation) -> tuple[list[tuple[Hand, int]], int]:
    """Every rank multiset the opponent can hold with its integer weight, and their sum.

    The weight is the blend of :func:`blend`: mostly how often a sound discarder
    keeps the hand, partly how many card hands make it.
    """
    hands = blend(card_hands(view), kept_weights(view))
    return hands, sum(weight for _, weight in hands)


def card_hands(view: Observation) -> list[tuple[Hand, int]]:
    """Every rank multiset the opponent can hold with how many card hands make it."""
    floor = _value_floor(view)
    seen = view.seen()
    available = [0] * 14
    for card in ALL_CARDS:
        if card not in seen and card.value >= floor:
            available[card.rank] += 1
    return list(_multisets(available, 1, view.opponent_held))


def _multisets(available: Sequence[int], rank: int, size: int) -> Iterator[tuple[Hand, int]]:
    if size == 0:
        yield (), 1
        return
    if rank > 13:
        return
    for take in range(min(size, available[rank]), -1, -1):
        ways = comb(available[rank], take)
        for rest, weight in _multisets(available, rank + 1, size - take):
            yield (rank,) * take + rest, ways * weight


class Hidden:
    """The model of the hidden cards for one decision, built once and handed down.

    Each part is worked out the first time a value asks for it and kept for the rest
    of the decision: :attr:`kept` (:func:`kept_weights`), :attr:`hands` and
    :attr:`total` (:func:`hidden_hands`), :attr:`crib_shift` (:func:`crib_shift`).
    """

    def __init__(self, view: Observation) -> None:
        self.view: Final = view

    @cached_property
    def kept(self) -> Mapping[Hand, int]:
        """The keep model's weight of each rank multiset the opponent may still hold."""
        return kept_weights(self.view)

    @cached_property
    def _blended(self) -> tuple[list[tuple[Hand, int]], int]:
        hands = blend(card_hands(self.view), self.kept)
        return hands, sum(weight for _, weight in hands)

    @property
    def hands(self) -> list[tuple[Hand, int]]:
        """Every rank multiset the opponent can hold, with its blended integer weight."""
        return self._blended[0]

    @property
    def total(self) -> int:
        """The sum of :attr:`hands`' weights (what a value is divided by, once)."""
        return self._blended[1]

    @cached_property
    def crib_shift(self) -> dict[tuple[int, int], Fraction]:
        """:func:`crib_shift` for this player's six."""
        return crib_shift(self.view)


def model_of(view: Observation, hidden: Hidden | None = None) -> Hidden:
    """``hidden`` when a decision has built it already, else the model of ``view``."""
    return Hidden(view) if hidden is None else hidden
