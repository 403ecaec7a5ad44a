"""Array kernels (numpy): exact round distributions and hand points, many at once.

Everything here is integer counting on rank tables built from the plain-Python
scorer (:func:`solitaire.core.scoring.rank_table`), which stays the reference:
tests hold every figure to it and to brute-force enumeration.

* :func:`round_counts`: for one position, how many (starter, blind pair) outcomes
  give each round total (heels + hand + crib), for each of the 15 discards.
* :func:`expected_many`: every discard's exact expected hand and crib for many
  positions at once; :func:`four_points`, :func:`discard_points`,
  :func:`final_points`: points of many hands at once.

The patience plays many games with these (:mod:`solitaire.patience.kernel`); the
match's endgame and keep model read the same tables.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final, NamedTuple

# Parallel runs are processes (--jobs); BLAS threads would only fight them for the
# cores. This must be set before numpy loads its BLAS.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np
from numpy.typing import NDArray

from solitaire.core.cards import DISCARDS, JACK_OF_CLUBS, JACK_RANK
from solitaire.core.scoring import rank_table

__all__ = [
    "DISCARDS",
    "DISCARD_FIRST",
    "DISCARD_SECOND",
    "KEEP",
    "WIDTH",
    "Ints",
    "RoundCounts",
    "Small",
    "discard_points",
    "expected_many",
    "final_points",
    "five_rank_points",
    "four_points",
    "rank_tables",
    "round_counts",
    "round_counts_many",
]

Ints = NDArray[np.int64]
Small = NDArray[np.int8]

KEEP: Final = np.array([[k for k in range(6) if k not in d] for d in DISCARDS], dtype=np.int64)
DISCARD_FIRST: Final = np.array([d[0] for d in DISCARDS], dtype=np.int64)
DISCARD_SECOND: Final = np.array([d[1] for d in DISCARDS], dtype=np.int64)
_HAND_WIDTH: Final = 33  # heels + hand + the discard's nobs: at most 2 + 29 + 1
_CRIB_WIDTH: Final = 30  # a crib's rank points and a blind jack's nobs: at most 29
WIDTH: Final = _HAND_WIDTH + _CRIB_WIDTH - 1  # round totals 0..61 (a round scores at most 60)

_PAIRS: Final = tuple(combinations_with_replacement(range(13), 2))
_PX: Final = np.array([p[0] for p in _PAIRS], dtype=np.int64)
_PY: Final = np.array([p[1] for p in _PAIRS], dtype=np.int64)
_PAIR_OF: Final = np.zeros((13, 13), dtype=np.int64)
for _n, (_x, _y) in enumerate(_PAIRS):
    _PAIR_OF[_x, _y] = _PAIR_OF[_y, _x] = _n


_EYE: Final = np.eye(13, dtype=np.int64)
_SLOT_TRIPLES: Final = np.array(  # (starter, x, y) of 13 same-suit slots, x < y, s neither
    [(s, x, y) for s in range(13) for x, y in combinations(range(13), 2) if s not in (x, y)],
    dtype=np.int64,
)
_SLOT_PAIRS: Final = np.array(list(combinations(range(13), 2)), dtype=np.int64)


@cache
def rank_tables() -> tuple[Small, Small, Small, Small]:
    """Dense rank tables: 5 ranks, 4 ranks, (discard, starter, blind pair), (discard, triple).

    One byte an entry (no count passes 29) keeps the tables in cache; what is read from
    them is widened to int64 before any sum.
    """
    table = rank_table()
    keys = np.array(sorted(table), dtype=np.int64)
    values = np.array([table[k] for k in sorted(table)], dtype=np.int64)
    power = 5 ** np.arange(13, dtype=np.int64)

    def lookup(key: Ints) -> Ints:
        # Keys of five cards of one rank are in no table (their weight is always 0).
        at = np.minimum(np.searchsorted(keys, key), len(keys) - 1)
        return np.where(keys[at] == key, values[at], 0)

    grid = np.ix_(*[power] * 5)
    five = lookup(grid[0] + grid[1] + grid[2] + grid[3] + grid[4]).astype(np.int8)
    grid4 = np.ix_(*[power] * 4)
    four = lookup(grid4[0] + grid4[1] + grid4[2] + grid4[3]).astype(np.int8)
    crib_pairs = five[:, :, :, _PX, _PY]  # [p, q, starter rank, blind rank pair]
    triples = np.array(list(combinations_with_replacement(range(13), 3)), dtype=np.int64)
    crib_triples = five[:, :, triples[:, 0], triples[:, 1], triples[:, 2]]
    return five, four, crib_pairs, crib_triples


def five_rank_points() -> Small:
    """Fifteens, pairs and runs of five ranks: [r0, r1, r2, r3, r4] by rank - 1 (0 for five
    of a rank)."""
    return rank_tables()[0]


@cache
def _flush_triples() -> Ints:
    """Rank points of a discard (lo, hi) with each starter and blind pair of
    :data:`_SLOT_TRIPLES` read as ranks: [lo, hi, triple]."""
    five = rank_tables()[0]
    s, x, y = _SLOT_TRIPLES.T
    return five[:, :, s, x, y].astype(np.int64)


@cache
def _triple_factors() -> tuple[Ints, Ints, Ints]:
    """For the 455 rank triples: indexes into a flat C(count, k) table; their product weighs it."""
    rows = []
    for triple in combinations_with_replacement(range(13), 3):
        row = [rank * 4 + triple.count(rank) for rank in sorted(set(triple))]
        rows.append(row + [0] * (3 - len(row)))  # index 0 is C(n, 0) = 1
    table = np.array(rows, dtype=np.int64)
    return table[:, 0], table[:, 1], table[:, 2]


# -- one position: the exact distribution of each discard's round total -------------


class RoundCounts(NamedTuple):
    """Every discard's outcomes per round total, and its hand points summed over starters."""

    counts: Ints  # [discard, t]: (starter, blind pair) draws scoring t (heels + hand + crib)
    hand: Ints  # [discard]: hand points summed over the possible starters


def round_counts(six: Sequence[int], unseen: Sequence[int], starter: int | None) -> RoundCounts:
    """Outcomes per round total of each discard ``DISCARDS[d]``, over every starter (or the
    known one) and every blind pair from the unseen cards."""
    known = None if starter is None else np.array([starter], dtype=np.int64)
    counts, hand = round_counts_many(
        np.array([six], dtype=np.int64), np.array([unseen], dtype=np.int64), known
    )
    return RoundCounts(counts[0], hand[0])


class _Outcomes(NamedTuple):
    """Every (starter, blind pair) outcome of every discard of many positions, grouped.

    A round total is a hand-side part ``a`` (heels, hand, the discard's nobs: fixed by
    the starter) plus a crib-side part ``v`` (the crib's rank points, plus one when the
    blind pair holds the jack of the starter's suit). Starters group by (jack free, rank):
    jack free when the jack of their suit is among the unseen and is not the starter.
    Five-card crib flushes are listed apart: each such outcome scores 5 more than counted.
    """

    groups: Ints  # [game, discard, (jack free, s rank), a]: starters
    crib_values: Ints  # [game, discard, s rank, blind rank pair]: v
    pair_weights: Ints  # [game, s rank, blind rank pair]: blind pairs of those ranks
    jack_values: Ints  # [game, discard, s rank, r]: v of the nobs jack with a card of rank r
    with_jack: Ints  # [game, s rank, r]: blind pairs of the nobs jack with a card of rank r
    flush_at: Ints  # [flush outcome]: game * discards + discard
    flush_total: Ints  # [flush outcome]: the total before the flush's 5
    hand: Ints  # [game, discard]: hand points summed over the possible starters


def _outcomes(six: Ints, unseen: Ints, starter: Ints | None, discards: Ints) -> _Outcomes:
    five, _, crib_pairs, _ = rank_tables()
    games, size = unseen.shape
    width = discards.shape[1]
    di, dj = (
        DISCARD_FIRST[discards],
        DISCARD_SECOND[discards],
    )  # [game, discard]: the two discarded of six
    g = np.arange(games)
    in_pool = np.zeros((games, 52), dtype=bool)
    in_pool[g[:, None], unseen] = True
    counts = np.bincount((g[:, None] * 13 + (unseen >> 2)).ravel(), minlength=games * 13)
    counts = counts.reshape(games, 13)
    drawn = starter is None
    starters = unseen if starter is None else starter[:, None]  # [game, starter]
    # Blind-pair counts by rank once the starter is drawn: one fewer of its rank.
    pool = counts[:, None, :] - (_EYE if drawn else 0)  # [game, starter rank, rank]
    px, py = pool[:, :, _PX], pool[:, :, _PY]
    pair_weights = np.where(_PX == _PY, px * (px - 1) // 2, px * py)

    ranks, suits = six >> 2, six & 3
    g1 = g[:, None]
    lo = np.minimum(ranks[g1, di], ranks[g1, dj])  # [game, discard]
    hi = np.maximum(ranks[g1, di], ranks[g1, dj])
    crib_values = crib_pairs[lo, hi].astype(np.int64)
    with_jack = pool - (np.arange(13) == JACK_RANK)

    # What the starter alone decides: heels, the hand, the discard's nobs. [game, discard, s]
    s_rank, s_suit = (starters >> 2)[:, None, :], (starters & 3)[:, None, :]
    keep = six[g[:, None, None], KEEP[discards]]  # [game, discard, 4]
    keep_suit, kept = keep & 3, keep >> 2
    hand = five[kept[..., 0:1], kept[..., 1:2], kept[..., 2:3], kept[..., 3:4], s_rank]
    hand = hand.astype(np.int64)
    flush = (keep_suit == keep_suit[..., :1]).all(axis=2)[..., None]
    hand += np.where(flush, 4 + (s_suit == keep_suit[..., :1]), 0)
    nobs_card = JACK_OF_CLUBS + s_suit  # [game, 1, s]
    hand += (keep[..., None] == nobs_card[:, :, None, :]).any(axis=2)
    discard = np.stack([six[g1, di], six[g1, dj]], axis=2)  # [game, discard, 2]
    nobs = (discard[..., None] == nobs_card[:, :, None, :]).any(2)
    fixed = hand + 2 * (s_rank == JACK_RANK) + nobs
    jack_free = in_pool[g[:, None], nobs_card[:, 0]] & (starters != nobs_card[:, 0])
    group = ((g[:, None, None] * width + np.arange(width)[:, None]) * 2 + jack_free[:, None]) * 13
    groups = np.bincount(
        ((group + s_rank) * _HAND_WIDTH + fixed).ravel(),
        minlength=games * width * 26 * _HAND_WIDTH,
    ).reshape(games, width, 26, _HAND_WIDTH)

    # Five-card crib flushes: a suited discard, a starter and both blind cards of its suit.
    # Each game's unseen cards of a suit sit in 13 slots by rank (-1: seen).
    slots = np.full((games, 4, 13), -1, dtype=np.int64)
    slots[g[:, None], unseen & 3, unseen >> 2] = unseen
    suited_g, suited_d = np.nonzero(suits[g1, di] == suits[g1, dj])
    suit = suits[suited_g, di[suited_g, suited_d]][:, None]
    same = slots[suited_g, suit[:, 0]]  # [suited discard, 13]
    if starter is None:  # slots are ranks: a triple's ranks, nobs and points are fixed
        sx, xx, yx = _SLOT_TRIPLES.T
        place = np.zeros((games, 52), dtype=np.int64)
        place[g[:, None], unseen] = np.arange(size)
        at = place[suited_g[:, None], np.maximum(same, 0)]  # [suited discard, slot]
        value = fixed[suited_g[:, None], suited_d[:, None], at][:, sx]
        value += _flush_triples()[lo[suited_g, suited_d], hi[suited_g, suited_d]]
        value += (xx == JACK_RANK) | (yx == JACK_RANK)
        valid = (same[:, sx] >= 0) & (same[:, xx] >= 0) & (same[:, yx] >= 0)
    else:
        x, y = same[:, _SLOT_PAIRS[:, 0]], same[:, _SLOT_PAIRS[:, 1]]
        s = np.broadcast_to(starter[suited_g, None], x.shape)
        value = fixed[suited_g[:, None], suited_d[:, None], 0]
        gd = suited_g[:, None], suited_d[:, None]
        value = value + five[lo[gd], hi[gd], s >> 2, x >> 2, y >> 2]
        value += (x == JACK_OF_CLUBS + suit) | (y == JACK_OF_CLUBS + suit)
        valid = (x >= 0) & (y >= 0) & ((s & 3) == suit)
    flush_at = np.broadcast_to((suited_g * width + suited_d)[:, None], value.shape)[valid]
    return _Outcomes(
        groups,
        crib_values,
        pair_weights,
        crib_values[..., _PAIR_OF[JACK_RANK]],
        with_jack,
        flush_at,
        value[valid],
        hand.sum(axis=2),
    )


def round_counts_many(
    six: Ints, unseen: Ints, starter: Ints | None = None, discards: Ints | None = None
) -> tuple[Ints, Ints]:
    """:func:`round_counts` for many positions at once: [game, discard, t] and [game, discard].

    ``six`` is [game, 6], ``unseen`` [game, n] (the same n for every game) and ``starter``
    None (drawn from the unseen) or each game's known starter [game], not among the unseen.
    ``discards`` [game, c] picks which discards (indexes of :data:`DISCARDS`) are counted,
    in that order; all 15 by default.
    """
    games = len(six)
    if discards is None:
        discards = np.broadcast_to(np.arange(15), (games, 15))
    width = discards.shape[1]
    o = _outcomes(six, unseen, starter, discards)
    rows = (np.arange(games * width * 13) * _CRIB_WIDTH).reshape(games, width, 13, 1)
    size = games * width * 13 * _CRIB_WIDTH
    weights = np.broadcast_to(o.pair_weights[:, None], o.crib_values.shape)
    plain = np.bincount((rows + o.crib_values).ravel(), weights.ravel(), size)
    with_jack = np.broadcast_to(o.with_jack[:, None], o.jack_values.shape).ravel()
    moved = np.bincount((rows + o.jack_values + 1).ravel(), with_jack, size)
    moved -= np.bincount((rows + o.jack_values).ravel(), with_jack, size)
    shape = (games, width, 13, _CRIB_WIDTH)
    crib = np.stack([plain.reshape(shape), (plain + moved).reshape(shape)], axis=2)
    by_crib = crib.reshape(games, width, 26, _CRIB_WIDTH)  # [game, discard, group, v]
    # Float products and sums of integers far below 2**53 are exact.
    joint = np.matmul(o.groups.transpose(0, 1, 3, 2).astype(np.float64), by_crib)
    out = np.zeros((games, width, WIDTH), dtype=np.float64)
    for a in range(_HAND_WIDTH):  # hand-side a and crib-side v add to total a + v
        out[:, :, a : a + _CRIB_WIDTH] += joint[:, :, a]
    flat = np.rint(out).astype(np.int64).reshape(-1)  # exact: far below 2**53
    index = o.flush_at * WIDTH + o.flush_total
    flat -= np.bincount(index, minlength=flat.size)
    flat += np.bincount(index + 5, minlength=flat.size)
    return flat.reshape(games, width, WIDTH), o.hand


def four_points(cards: Ints, starter: Ints, *, crib: bool) -> Ints:
    """Points of four-card hands or cribs ([..., 4] card ints) with their starters ([...])."""
    five = rank_tables()[0]
    s_rank, s_suit = starter >> 2, starter & 3
    ranks, suits = cards >> 2, cards & 3
    r0, r1, r2, r3 = ranks[..., 0], ranks[..., 1], ranks[..., 2], ranks[..., 3]
    points: Ints = five[r0, r1, r2, r3, s_rank].astype(np.int64)
    suited = (suits == suits[..., :1]).all(axis=-1)
    if crib:  # only a five-card flush
        points += 5 * (suited & (suits[..., 0] == s_suit))
    else:
        points += np.where(suited, 4 + (suits[..., 0] == s_suit), 0)
    points += (cards == (JACK_OF_CLUBS + s_suit)[..., None]).any(axis=-1)  # nobs
    return points


def discard_points(six: Ints, blind: Ints, starter: Ints) -> tuple[Ints, Ints]:
    """Hand and crib points of all 15 discards of each game: [game, discard] twice.

    ``six`` is [game, 6], ``blind`` the two blind crib cards [game, 2], ``starter`` [game].
    """
    starters = np.broadcast_to(starter[:, None], (len(six), 15))
    hand = four_points(six[:, KEEP], starters, crib=False)
    crib_cards = np.concatenate(
        [
            six[:, DISCARD_FIRST, None],
            six[:, DISCARD_SECOND, None],
            np.broadcast_to(blind[:, None, :], (len(six), 15, 2)),
        ],
        axis=2,
    )
    return hand, four_points(crib_cards, starters, crib=True)


def expected_many(six: Ints, unseen: Ints) -> tuple[Ints, Ints, int, int]:
    """The advisor's integer sums for games whose starter is unknown (``expected_numerators``).

    Returns hand and crib numerators [game, discard] and their denominators.
    """
    five = rank_tables()[0]
    games, size = unseen.shape
    rows = np.arange(games)[:, None]
    counts = np.bincount((rows * 13 + (unseen >> 2)).ravel(), minlength=games * 13)
    counts = counts.reshape(games, 13)
    suits = np.bincount((rows * 4 + (unseen & 3)).ravel(), minlength=games * 4).reshape(games, 4)
    jacks = unseen[:, :, None] == JACK_OF_CLUBS + np.arange(4)
    jack_suits = jacks.sum(axis=1)  # [game, suit]: 0 or 1
    pair_configs = (size - 1) * (size - 2) // 2

    keep = six[:, KEEP]
    kr, ks = keep >> 2, keep & 3
    hand_rank = five[kr[..., 0], kr[..., 1], kr[..., 2], kr[..., 3]].astype(np.int64)
    hand = (hand_rank * counts[:, None, :]).sum(axis=2)
    flush = (ks == ks[..., :1]).all(axis=2)
    hand += np.where(flush, 4 * size + np.take_along_axis(suits, ks[..., 0], axis=1), 0)
    is_jack = (keep >> 2) == JACK_RANK
    hand += (is_jack * np.take_along_axis(suits[:, None, :], ks, axis=2)).sum(axis=2)

    n = counts[:, :, None]
    choose = np.concatenate([np.ones_like(n), n, n * (n - 1) // 2, n * (n - 1) * (n - 2) // 6], 2)
    flat = choose.reshape(games, 52)
    f0, f1, f2 = _triple_factors()
    weights = flat[:, f0] * flat[:, f1] * flat[:, f2]  # [game, rank triple]
    by_pair = weights.astype(np.float32) @ _crib_triples_f32()  # [game, p * 13 + q]
    a, b = six[:, DISCARD_FIRST], six[:, DISCARD_SECOND]
    lo, hi = np.minimum(a >> 2, b >> 2), np.maximum(a >> 2, b >> 2)
    crib = 3 * np.rint(np.take_along_axis(by_pair, lo * 13 + hi, axis=1)).astype(np.int64)
    crib += ((suits - 1) * jack_suits).sum(axis=1, keepdims=True) * (size - 2)  # blind nobs
    m = np.take_along_axis(suits, a & 3, axis=1)
    crib += np.where((a & 3) == (b & 3), 5 * m * (m - 1) * (m - 2) // 2, 0)
    for card in (a, b):
        suited = np.take_along_axis(suits, card & 3, axis=1)
        crib += ((card >> 2) == JACK_RANK) * suited * pair_configs
    return hand, crib, size, size * pair_configs


@cache
def _crib_triples_f32() -> NDArray[np.float32]:
    """Rank points of discard ranks (p, q) with each rank triple: [triple, p * 13 + q].

    float32 sums are exact here: every weight is at most 64, every point count at most
    28 and every sum an integer below 2**24 (at most 28 * C(46, 3)).
    """
    return np.ascontiguousarray(rank_tables()[3].reshape(169, -1).T, dtype=np.float32)


def final_points(cards: Ints) -> Ints:
    """Points of final hands ([..., 4] card ints, no starter)."""
    four = rank_tables()[1]
    ranks, suits = cards >> 2, cards & 3
    points: Ints = four[ranks[..., 0], ranks[..., 1], ranks[..., 2], ranks[..., 3]].astype(np.int64)
    points += 4 * (suits == suits[..., :1]).all(axis=-1)
    return points
