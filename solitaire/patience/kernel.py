"""Array kernels (numpy): exact round distributions, and many games played at once.

Everything here is integer counting on rank tables built from the plain-Python
scorer (:data:`solitaire.core.scoring._RANK_POINTS`), which stays the reference:
tests hold every figure to it and to brute-force enumeration.

* :func:`round_counts`: for one position, how many (starter, blind pair) outcomes
  give each round total (heels + hand + crib), for each of the 15 discards.
* :func:`play_decks`: whole games of ``best``, ``hand`` or ``oracle`` for many decks
  in lock-step, one array operation per step for every game.
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

from solitaire.core.scoring import _RANK_POINTS

__all__ = [
    "BATCHED",
    "DISCARDS",
    "WIDTH",
    "RoundCounts",
    "discard_points",
    "final_points",
    "play_decks",
    "round_counts",
]

Ints = NDArray[np.int64]
Small = NDArray[np.int8]

DISCARDS: Final = tuple(combinations(range(6), 2))  # the advisor's order of the 15 discards
_KEEP: Final = np.array([[k for k in range(6) if k not in d] for d in DISCARDS], dtype=np.int64)
_DI: Final = np.array([d[0] for d in DISCARDS], dtype=np.int64)
_DJ: Final = np.array([d[1] for d in DISCARDS], dtype=np.int64)
_J: Final = 10  # the jack's rank index
_JACKS: Final = 40  # the jack of clubs; ``_JACKS + suit`` is the jack of a suit
_HAND_WIDTH: Final = 33  # heels + hand + the discard's nobs: at most 2 + 29 + 1
_CRIB_WIDTH: Final = 30  # a crib's rank points and a blind jack's nobs: at most 29
WIDTH: Final = _HAND_WIDTH + _CRIB_WIDTH - 1  # round totals 0..61 (a round scores at most 60)

_PAIRS: Final = tuple(combinations_with_replacement(range(13), 2))
_PX: Final = np.array([p[0] for p in _PAIRS], dtype=np.int64)
_PY: Final = np.array([p[1] for p in _PAIRS], dtype=np.int64)
_PAIR_OF: Final = np.zeros((13, 13), dtype=np.int64)
for _n, (_x, _y) in enumerate(_PAIRS):
    _PAIR_OF[_x, _y] = _PAIR_OF[_y, _x] = _n


_ROWS: Final = (np.arange(15 * 13) * _CRIB_WIDTH).reshape(15, 13, 1)
_EYE: Final = np.eye(13, dtype=np.int64)
_SPREAD: Final = (  # joint[d, a, v] adds to total a + v of discard d
    np.arange(15)[:, None, None] * WIDTH + np.arange(_HAND_WIDTH)[:, None] + np.arange(_CRIB_WIDTH)
).ravel()


@cache
def _tables() -> tuple[Small, Small, Small, Small]:
    """Dense rank tables: 5 ranks, 4 ranks, (discard, starter, blind pair), (discard, triple).

    One byte an entry (no count passes 29) keeps the tables in cache; what is read from
    them is widened to int64 before any sum.
    """
    keys = np.array(sorted(_RANK_POINTS), dtype=np.int64)
    values = np.array([_RANK_POINTS[k] for k in sorted(_RANK_POINTS)], dtype=np.int64)
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


@cache
def _triple_factors() -> tuple[Ints, Ints, Ints]:
    """For the 455 rank triples: indexes into a flat C(count, k) table; their product weighs it."""
    rows = []
    for triple in combinations_with_replacement(range(13), 3):
        row = [rank * 4 + triple.count(rank) for rank in sorted(set(triple))]
        rows.append(row + [0] * (3 - len(row)))  # index 0 is C(n, 0) = 1
    table = np.array(rows, dtype=np.int64)
    return table[:, 0], table[:, 1], table[:, 2]


@cache
def _suit_triples(m: int) -> Ints:
    """Every (starter, x, y) of m cards, x < y, the starter neither: index triples."""
    rows = [(s, x, y) for s in range(m) for x, y in combinations(range(m), 2) if s not in (x, y)]
    return np.array(rows, dtype=np.int64).reshape(-1, 3)


# -- one position: the exact distribution of each discard's round total -------------


class RoundCounts(NamedTuple):
    """Every discard's outcomes per round total, and its hand points summed over starters."""

    counts: Ints  # [discard, t]: (starter, blind pair) draws scoring t (heels + hand + crib)
    hand: Ints  # [discard]: hand points summed over the possible starters


def round_counts(six: Sequence[int], unseen: Sequence[int], starter: int | None) -> RoundCounts:
    """Outcomes per round total of each discard ``DISCARDS[d]``, over every starter (or the
    known one) and every blind pair from the unseen cards."""
    five, _, crib_pairs, _ = _tables()
    cards = np.array(six, dtype=np.int64)
    pool_cards = np.array(unseen, dtype=np.int64)
    in_pool = np.zeros(52, dtype=bool)
    in_pool[pool_cards] = True
    counts = np.bincount(pool_cards >> 2, minlength=13)
    starters = pool_cards if starter is None else np.array([starter], dtype=np.int64)
    # Blind-pair counts once the starter is drawn: one fewer of its rank.
    pool = counts - _EYE if starter is None else np.broadcast_to(counts, (13, 13))
    px, py = pool[:, _PX], pool[:, _PY]
    pair_weights = np.where(_PX == _PY, px * (px - 1) // 2, px * py)  # [starter rank, pair]

    ranks, suits = cards >> 2, cards & 3
    lo = np.minimum(ranks[_DI], ranks[_DJ])
    hi = np.maximum(ranks[_DI], ranks[_DJ])
    crib_values = crib_pairs[lo, hi].astype(np.int64)  # [discard, starter rank, blind pair]
    rows = _ROWS
    size = 15 * 13 * _CRIB_WIDTH
    weights = np.broadcast_to(pair_weights, crib_values.shape)
    plain = np.bincount((rows + crib_values).ravel(), weights.ravel(), size)
    # A blind pair holding the jack of the starter's suit scores nobs: its pairs move up one.
    jack_values = crib_values[:, :, _PAIR_OF[_J]]  # [discard, starter rank, other blind rank]
    with_jack = np.broadcast_to(pool - (np.arange(13) == _J), jack_values.shape)
    moved = np.bincount((rows + jack_values + 1).ravel(), with_jack.ravel(), size)
    moved -= np.bincount((rows + jack_values).ravel(), with_jack.ravel(), size)
    crib = np.stack([plain, plain + moved]).reshape(2, 15, 13, _CRIB_WIDTH)

    # What the starter alone decides: heels, the hand, the discard's nobs.
    s_rank, s_suit = starters >> 2, starters & 3
    keep = cards[_KEEP]  # [discard, 4]
    keep_suit = keep & 3
    kept = ranks[_KEEP]
    hand = five[kept[:, 0:1], kept[:, 1:2], kept[:, 2:3], kept[:, 3:4], s_rank].astype(np.int64)
    flush = (keep_suit == keep_suit[:, :1]).all(axis=1)[:, None]
    hand += np.where(flush, 4 + (s_suit == keep_suit[:, :1]), 0)
    nobs_card = _JACKS + s_suit
    hand += (keep[:, :, None] == nobs_card).any(axis=1)
    discard = np.stack([cards[_DI], cards[_DJ]], axis=1)
    fixed = hand + 2 * (s_rank == _J) + (discard[:, :, None] == nobs_card).any(axis=1)
    jack_free = in_pool[nobs_card] & (starters != nobs_card)

    groups = np.bincount(
        (((np.arange(15)[:, None] * 2 + jack_free) * 13 + s_rank) * _HAND_WIDTH + fixed).ravel(),
        minlength=15 * 2 * 13 * _HAND_WIDTH,
    ).reshape(15, 26, _HAND_WIDTH)
    by_crib = crib.transpose(1, 0, 2, 3).reshape(15, 26, _CRIB_WIDTH)
    # Float products and sums of integers far below 2**53 are exact.
    joint = np.matmul(groups.transpose(0, 2, 1).astype(np.float64), by_crib)
    totals = np.bincount(_SPREAD, joint.ravel(), 15 * WIDTH)
    out = np.rint(totals).astype(np.int64).reshape(15, WIDTH)  # exact: far below 2**53

    # Five-card crib flushes: a suited discard, a starter and both blind cards of its suit.
    suited = suits[_DI] == suits[_DJ]
    place = np.full(52, -1, dtype=np.int64)
    place[starters] = np.arange(len(starters))
    for suit in np.unique(suits[_DI][suited]).tolist():
        rows_d = np.flatnonzero(suited & (suits[_DI] == suit))[:, None]  # [discard, 1]
        same = pool_cards[(pool_cards & 3) == suit]
        if starter is None:
            idx = _suit_triples(len(same))
            s, x, y = same[idx[:, 0]], same[idx[:, 1]], same[idx[:, 2]]
        elif starter & 3 == suit:
            pairs = np.array(list(combinations(same, 2)), dtype=np.int64).reshape(-1, 2)
            s = np.full(len(pairs), starter, dtype=np.int64)
            x, y = pairs[:, 0], pairs[:, 1]
        else:
            continue
        value = (
            fixed[rows_d, place[s]]
            + five[lo[rows_d], hi[rows_d], s >> 2, x >> 2, y >> 2].astype(np.int64)
            + ((x == _JACKS + suit) | (y == _JACKS + suit))
        )
        at = (rows_d * WIDTH + value).ravel()
        flat = out.reshape(-1)
        flat -= np.bincount(at, minlength=flat.size)
        flat += np.bincount(at + 5, minlength=flat.size)
    return RoundCounts(out, hand.sum(axis=1))


# -- many games at once ------------------------------------------------------------

BATCHED: Final = ("best", "hand", "oracle")
_SHOWN_AT: Final = (0, 1, 2, 5, 6, 7)  # a round's six cards among its nine deck places
_ROUND6_SHOWN: Final = np.array([45, 46, 47, 50, 51, 8])  # round 6 deals the round-1 starter
_FINAL_AT: Final = np.array([26, 35, 44, 17])  # the starters of rounds 3, 4, 5 and 2


def four_points(cards: Ints, starter: Ints, *, crib: bool) -> Ints:
    """Points of four-card hands or cribs ([..., 4] card ints) with their starters ([...])."""
    five = _tables()[0]
    s_rank, s_suit = starter >> 2, starter & 3
    ranks, suits = cards >> 2, cards & 3
    r0, r1, r2, r3 = ranks[..., 0], ranks[..., 1], ranks[..., 2], ranks[..., 3]
    points: Ints = five[r0, r1, r2, r3, s_rank].astype(np.int64)
    suited = (suits == suits[..., :1]).all(axis=-1)
    if crib:  # only a five-card flush
        points += 5 * (suited & (suits[..., 0] == s_suit))
    else:
        points += np.where(suited, 4 + (suits[..., 0] == s_suit), 0)
    points += (cards == (_JACKS + s_suit)[..., None]).any(axis=-1)  # nobs
    return points


def discard_points(six: Ints, blind: Ints, starter: Ints) -> tuple[Ints, Ints]:
    """Hand and crib points of all 15 discards of each game: [game, discard] twice.

    ``six`` is [game, 6], ``blind`` the two blind crib cards [game, 2], ``starter`` [game].
    """
    starters = np.broadcast_to(starter[:, None], (len(six), 15))
    hand = four_points(six[:, _KEEP], starters, crib=False)
    crib_cards = np.concatenate(
        [
            six[:, _DI, None],
            six[:, _DJ, None],
            np.broadcast_to(blind[:, None, :], (len(six), 15, 2)),
        ],
        axis=2,
    )
    return hand, four_points(crib_cards, starters, crib=True)


def _expected(six: Ints, unseen: Ints) -> tuple[Ints, Ints, int, int]:
    """The advisor's integer sums for games whose starter is unknown (``expected_numerators``).

    Returns hand and crib numerators [game, discard] and their denominators.
    """
    five = _tables()[0]
    games, size = unseen.shape
    rows = np.arange(games)[:, None]
    counts = np.bincount((rows * 13 + (unseen >> 2)).ravel(), minlength=games * 13)
    counts = counts.reshape(games, 13)
    suits = np.bincount((rows * 4 + (unseen & 3)).ravel(), minlength=games * 4).reshape(games, 4)
    jack_suits = (unseen[:, :, None] == _JACKS + np.arange(4)).sum(axis=1)  # [game, suit]: 0 or 1
    pair_configs = (size - 1) * (size - 2) // 2

    keep = six[:, _KEEP]
    kr, ks = keep >> 2, keep & 3
    hand_rank = five[kr[..., 0], kr[..., 1], kr[..., 2], kr[..., 3]].astype(np.int64)
    hand = (hand_rank * counts[:, None, :]).sum(axis=2)
    flush = (ks == ks[..., :1]).all(axis=2)
    hand += np.where(flush, 4 * size + np.take_along_axis(suits, ks[..., 0], axis=1), 0)
    is_jack = (keep >> 2) == _J
    hand += (is_jack * np.take_along_axis(suits[:, None, :], ks, axis=2)).sum(axis=2)

    n = counts[:, :, None]
    choose = np.concatenate([np.ones_like(n), n, n * (n - 1) // 2, n * (n - 1) * (n - 2) // 6], 2)
    flat = choose.reshape(games, 52)
    f0, f1, f2 = _triple_factors()
    weights = flat[:, f0] * flat[:, f1] * flat[:, f2]  # [game, rank triple]
    by_pair = weights.astype(np.float32) @ _crib_triples_f32()  # [game, p * 13 + q]
    a, b = six[:, _DI], six[:, _DJ]
    lo, hi = np.minimum(a >> 2, b >> 2), np.maximum(a >> 2, b >> 2)
    crib = 3 * np.rint(np.take_along_axis(by_pair, lo * 13 + hi, axis=1)).astype(np.int64)
    crib += ((suits - 1) * jack_suits).sum(axis=1, keepdims=True) * (size - 2)  # blind nobs
    m = np.take_along_axis(suits, a & 3, axis=1)
    crib += np.where((a & 3) == (b & 3), 5 * m * (m - 1) * (m - 2) // 2, 0)
    for card in (a, b):
        crib += ((card >> 2) == _J) * np.take_along_axis(suits, card & 3, axis=1) * pair_configs
    return hand, crib, size, size * pair_configs


@cache
def _crib_triples_f32() -> NDArray[np.float32]:
    """Rank points of discard ranks (p, q) with each rank triple: [triple, p * 13 + q].

    float32 sums are exact here: every weight is at most 64, every point count at most
    28 and every sum an integer below 2**24 (at most 28 * C(46, 3)).
    """
    return np.ascontiguousarray(_tables()[3].reshape(169, -1).T, dtype=np.float32)


def _choose(strategy: str, hand: Ints, crib: Ints, hand_den: int, crib_den: int) -> Ints:
    """The discard index ``best_discard`` picks: the first of the largest keys."""
    # ``best``: the expected total, then the expected hand (hand numerators stay below 4096).
    key = hand if strategy == "hand" else (hand * crib_den + crib * hand_den) * 4096 + hand
    return np.asarray(np.argmax(key, axis=1), dtype=np.int64)


def play_decks(decks: Ints, strategy: str) -> Ints:
    """Points of every round and of the final hand ([game, 7]) of games dealt from these
    deck orders ([game, 52] card ints); a game's total is its row's sum.

    ``best`` and ``hand`` choose as the advisor's :func:`best_discard` does; ``oracle``
    takes each round's best actual discard.
    """
    if strategy not in BATCHED:
        raise ValueError(f"no batched play for {strategy!r}: expected one of {BATCHED}")
    games = np.arange(len(decks))
    points = np.zeros((len(decks), 7), dtype=np.int64)
    for k in range(6):
        if k < 5:
            at = 9 * k
            six = decks[:, [at + i for i in _SHOWN_AT]]
            blind, starter = decks[:, at + 3 : at + 5], decks[:, at + 8]
        else:  # round 6: every card is known, the starter is round 2's
            six, blind, starter = decks[:, _ROUND6_SHOWN], decks[:, 48:50], decks[:, 17]
        hand, crib = discard_points(six, blind, starter)
        if strategy == "oracle":
            choice = np.argmax(hand + crib, axis=1)
        elif k < 5:
            unseen = np.concatenate([blind, decks[:, at + 8 :]], axis=1)
            choice = _choose(strategy, *_expected(six, unseen))
        else:
            choice = _choose(strategy, hand, crib, 1, 1)
        points[:, k] = hand[games, choice] + crib[games, choice] + 2 * ((starter >> 2) == _J)
    points[:, 6] = final_points(decks[:, _FINAL_AT])
    return points


def final_points(cards: Ints) -> Ints:
    """Points of final hands ([..., 4] card ints, no starter)."""
    four = _tables()[1]
    ranks, suits = cards >> 2, cards & 3
    points: Ints = four[ranks[..., 0], ranks[..., 1], ranks[..., 2], ranks[..., 3]].astype(np.int64)
    points += 4 * (suits == suits[..., :1]).all(axis=-1)
    return points
