"""Playing for a target: each discard's chance of finishing the game at N points or more.

A discard reaches N when this round's points t and the rest of the game (later rounds
and the final hand) together make up what is missing: the chance is the sum over t
of P(this round scores t) times P(the rest scores at least N - total - t).

* This round's distribution is exact (:func:`solitaire.patience.kernel.round_counts_many`).
* Round 6 is played with every card known and the final hand is the starters of
  rounds 3, 4, 5 and 2, all seen by then: in round 6 every chance is 0 or 1, exact.
* In round 5 the ten unseen cards are the two blind crib cards, the starter and the
  seven cards round 6 deals beside the round-1 starter. Every split (10 starters x
  36 blind pairs x 21 ways to pick round 6's blind pair = 7,560 equally likely
  outcomes) is scored, round 6 taking its best discard: exact.
* Rounds 1 to 4: the later rounds' points come from a table built by simulating
  ``best`` (``data/future.json``; ``scripts/build/build_future.py`` rebuilds it); the final
  hand is counted exactly from its seen starters and the unseen cards
  (:func:`final_counts`), and added as if independent: an estimate. ``targetN`` leaves
  ``best``'s discard on an estimate only beyond :data:`ESTIMATE_MARGIN`.

:func:`play_target` plays many games at once, each exactly as :func:`target_discard`
plays one.

>>> game = Game.from_seed(3)
>>> chances = target_chances(game, 90)
>>> len(chances), all(0 <= c.chance <= 1 for c in chances), chances[0].exact
(15, True, False)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from itertools import combinations, combinations_with_replacement
from typing import Final

import numpy as np
from numpy.typing import NDArray

from solitaire.core.cards import JACK_RANK, Card, shuffled_order
from solitaire.core.errors import InputError
from solitaire.core.kernel import (
    DISCARD_FIRST,
    DISCARD_SECOND,
    DISCARDS,
    KEEP,
    WIDTH,
    discard_points,
    expected_many,
    final_points,
    four_points,
    rank_tables,
    round_counts_many,
)
from solitaire.core.runs import Executor, run_tasks
from solitaire.patience.advisor import DiscardOption
from solitaire.patience.deal import FINAL_SLOTS, ROUND_SLOTS
from solitaire.patience.game import ROUNDS, Game
from solitaire.patience.kernel import choose, play_decks

__all__ = [
    "CANDIDATES",
    "ESTIMATE_MARGIN",
    "FutureTable",
    "TargetChance",
    "build_future",
    "final_counts",
    "future_table",
    "percent",
    "play_target",
    "rest_counts_round5",
    "target_chances",
    "target_disagreement",
    "target_discard",
]

Ints = NDArray[np.int64]
TABLE_FILE: Final = "future.json"
# Rounds 1-4 leave best's discard only for an estimated chance this much larger (a
# fraction of best's chance, then an absolute floor): below it the estimate cannot
# tell them apart (scripts/bench/bench_future.py measures its error).
ESTIMATE_MARGIN: Final = (Fraction(1, 10), Fraction(1, 10_000))
# Rounds 1-4 weigh only the discards this high in best's order (best's first): the
# estimate is too coarse to trade many expected points for a longer tail.
CANDIDATES: Final = 5


@dataclass(frozen=True, slots=True)
class FutureTable:
    """How the later rounds scored in simulated games of ``best`` (the final hand apart).

    ``rest[k - 1][x]`` is how many of ``games`` scored x points in rounds k + 1 to 6, for
    k = 1 to 5. The final hand is not in it: it is counted from the cards themselves.
    """

    games: int
    seed: int
    rest: tuple[tuple[int, ...], ...]

    def tails(self, k: int) -> Ints:
        """``tails[x]``: games whose rounds after round k scored x or more; 0 past the end."""
        counts = np.array(self.rest[k - 1] + (0,), dtype=np.int64)
        return np.cumsum(counts[::-1])[::-1]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "games": self.games,
            "seed": self.seed,
            "strategy": "best",
            "rounds_after_round": {str(k + 1): list(row) for k, row in enumerate(self.rest)},
        }

    @classmethod
    def from_dict(cls, data: object) -> FutureTable:
        """Read :meth:`to_dict`'s form back, checking every count."""
        if not isinstance(data, dict):
            raise InputError("the future table is not a JSON object")
        games, seed, rows = data.get("games"), data.get("seed"), data.get("rounds_after_round")
        if not isinstance(games, int) or games < 1 or not isinstance(seed, int):
            raise InputError("the future table needs a positive 'games' and an integer 'seed'")
        if not isinstance(rows, dict) or sorted(rows) != [str(k) for k in range(1, 6)]:
            raise InputError("the future table needs counts of the rounds after rounds 1 to 5")
        rest = []
        for k in range(1, 6):
            row = rows[str(k)]
            if not isinstance(row, list) or not all(isinstance(n, int) and n >= 0 for n in row):
                raise InputError(f"the counts after round {k} are not counts")
            if sum(row) != games:
                raise InputError(f"the counts after round {k} do not add up to {games}")
            rest.append(tuple(row))
        return cls(games, seed, tuple(rest))


@cache
def future_table() -> FutureTable:
    """The table shipped with the game (``solitaire/patience/data/future.json``)."""
    text = resources.files("solitaire.patience").joinpath("data", TABLE_FILE).read_text()
    return FutureTable.from_dict(json.loads(text))


@dataclass(frozen=True, slots=True)
class TargetChance:
    """One discard's chance of finishing at the target or more: ``reach`` in ``out_of``."""

    discard: tuple[Card, Card]
    reach: int
    out_of: int
    exact: bool  # False when the later rounds come from the simulated table

    @property
    def chance(self) -> Fraction:
        """The chance as a fraction."""
        return Fraction(self.reach, self.out_of)


def _rounds_of_games(task: tuple[int, int]) -> list[list[int]]:
    first, count = task
    decks = np.array([shuffled_order(random.Random(s)) for s in range(first, first + count)])
    points = play_decks(decks.reshape(-1, 52), "best")
    return [np.bincount(points[:, k:6].sum(axis=1)).tolist() for k in range(1, 6)]


def build_future(
    games: int, seed: int, jobs: int = 1, chunk: int = 2000, executor: Executor | None = None
) -> FutureTable:
    """Simulate ``games`` games of ``best`` (seeds ``seed`` on) over ``jobs`` processes (or
    on ``executor``: a cluster) and count the points of the rounds after each round; the
    same arguments give the same table for any ``jobs`` or cluster."""
    tasks = [(seed + start, min(chunk, games - start)) for start in range(0, games, chunk)]
    parts, interrupted = run_tasks(_rounds_of_games, tasks, jobs, executor=executor)
    if interrupted:
        raise KeyboardInterrupt  # a part of the games is no table
    rest = []
    for k in range(5):
        row = [0] * max(len(part[k]) for part in parts)
        for part in parts:
            for x, n in enumerate(part[k]):
                row[x] += n
        rest.append(tuple(row))
    return FutureTable(games, seed, tuple(rest))


# -- the final hand: the starters of rounds 3, 4, 5 and 2 -------------------------

FINAL_WIDTH: Final = 25  # a final hand scores at most 20 (5-5-5-5) or a flush's 4 more


@cache
def _final_multisets(u: int) -> tuple[Ints, Ints, Ints]:
    """The rank multisets of u cards: their ranks [set, u], indexes into a flat
    C(count, k) table [set, u] whose product weighs them, and whether their ranks differ."""
    sets = list(combinations_with_replacement(range(13), u))
    ranks = np.array(sets, dtype=np.int64).reshape(len(sets), u)
    factors = []
    for ranks_of in sets:
        row = [r * 5 + ranks_of.count(r) for r in sorted(set(ranks_of))]
        factors.append(row + [0] * (u - len(row)))  # index 0 is C(n, 0) = 1
    distinct = np.array([len(set(r)) == u for r in sets], dtype=bool)
    return ranks, np.array(factors, dtype=np.int64).reshape(len(sets), u), distinct


def final_counts(known: Ints, unseen: Ints) -> Ints:
    """How the final hand scores when ``known`` [game, m] of its cards are seen starters and
    the other 4 - m are any of the ``unseen`` [game, n]: [game, points], C(n, 4 - m) ways."""
    games, m = known.shape
    u = 4 - m
    ranks, factors, distinct = _final_multisets(u)
    g = np.arange(games)
    counts = np.bincount((g[:, None] * 13 + (unseen >> 2)).ravel(), minlength=games * 13)
    n = counts.reshape(games, 13, 1)
    choose = np.concatenate([np.ones_like(n), n, n * (n - 1) // 2, n * (n - 1) * (n - 2) // 6], 2)
    choose = np.concatenate([choose, choose[..., 3:] * (n - 3) // 4], 2).reshape(games, 65)
    ways = np.prod(choose[:, factors], axis=2)  # [game, set]
    every = [known[:, i, None] >> 2 for i in range(m)] + [ranks[None, :, j] for j in range(u)]
    four = _four_table()
    points = np.broadcast_to(four[every[0], every[1], every[2], every[3]], ways.shape)
    points = points.astype(np.int64)
    # A flush: all four of one suit (so their ranks differ); the seen ones fix the suit.
    avail = np.zeros((games, 4, 13), dtype=np.uint8)
    avail[g[:, None], unseen & 3, unseen >> 2] = 1
    suits = known & 3
    can = np.ones((games, 4), dtype=bool) if m == 0 else (suits == suits[:, :1]).all(axis=1)
    if m:
        can = can[:, None] & (np.arange(4) == suits[:, :1])
    ranks_d = ranks[distinct]  # flushes have four different ranks
    suited = avail[:, :, ranks_d[:, 0]].astype(bool)  # [game, suit, set]
    for j in range(1, u):
        suited &= avail[:, :, ranks_d[:, j]].astype(bool)
    flushes = (suited & can[:, :, None]).sum(axis=1)  # [game, distinct set]
    flat = points[:, distinct]
    rows = g[:, None] * FINAL_WIDTH
    size = games * FINAL_WIDTH
    out = np.bincount((rows + points).ravel(), ways.ravel(), size)
    out += np.bincount((rows + flat + 4).ravel(), flushes.ravel(), size)
    out -= np.bincount((rows + flat).ravel(), flushes.ravel(), size)
    return np.rint(out).astype(np.int64).reshape(games, FINAL_WIDTH)


@cache
def _four_table() -> NDArray[np.int8]:
    """Rank points of four cards with no starter, by their ranks (the kernel's table)."""
    four: NDArray[np.int8] = rank_tables()[1]
    return four


# -- rounds 1 to 5 estimated: this round exact, the later rounds from the table ------


def _future_weights(k: int, need: Ints, known: Ints, unseen: Ints) -> tuple[Ints, Ints]:
    """``weights[game, t]``: the ways the rest reaches ``need - t`` (later rounds from the
    table, the final hand counted from the known starters and the unseen), and their
    denominator [game]."""
    table = future_table()
    later = np.array(table.rest[k - 1], dtype=np.int64)
    finals = final_counts(known, unseen)
    rest = np.zeros((len(need), len(later) + FINAL_WIDTH), dtype=np.int64)
    for f in range(FINAL_WIDTH):
        rest[:, f : f + len(later)] += finals[:, f : f + 1] * later
    tails = np.cumsum(rest[:, ::-1], axis=1)[:, ::-1]
    tails = np.concatenate([tails, np.zeros((len(need), 1), dtype=np.int64)], axis=1)
    missing = np.clip(need[:, None] - np.arange(WIDTH), 0, tails.shape[1] - 1)
    return np.take_along_axis(tails, missing, axis=1), tails[:, 0]


def _estimated(
    k: int, six: Ints, unseen: Ints, known: Ints, need: Ints, discards: Ints | None
) -> tuple[Ints, Ints]:
    """Per game and discard, the estimated reach numerators and their denominator [game].

    ``discards`` [game, c]: only these are weighed (the others get -1); None: all 15.
    """
    counts, _ = round_counts_many(six, unseen, None, discards)
    weights, ways = _future_weights(k, need, known, unseen)
    outcomes = counts[:, 0].sum(axis=1)
    reach = np.einsum("gdt,gt->gd", counts, weights)
    if discards is None:
        return reach, outcomes * ways
    full = np.full((len(six), 15), -1, dtype=np.int64)
    full[np.arange(len(six))[:, None], discards] = reach
    return full, outcomes * ways


def _for_points(six: Ints, unseen: Ints) -> Ints:
    """Rounds 1-5: the discards in ``best``'s order [game, 15] (its choice first)."""
    hand, crib, hand_den, crib_den = expected_many(six, unseen)
    key = (hand * crib_den + crib * hand_den) * 4096 + hand  # as ``choose`` orders them
    return np.argsort(-key, axis=1, kind="stable")


# -- round 5: every split of the ten unseen cards ---------------------------------


@cache
def _round5_splits() -> tuple[Ints, Ints, Ints, Ints, Ints, Ints, Ints]:
    """Index arrays for the round-5 enumeration over the ten unseen cards.

    Outcomes (starter, blind pair) index the starter, the pair and which of the C(10, 3)
    sets of three drawn cards they are; each set leaves seven cards that round 6 deals
    with the round-1 starter. Round 6 can deal only four-card hands and cribs from those
    eleven cards (the round-1 starter is index 10): ``fours`` lists the 330, and each of
    the 70 ways to split a set's eight into hand and crib names its hand's and its crib's.
    Round 6's best discard is the best of the 15 splits whose crib holds its blind pair
    (``allowed``).
    """
    n = 10
    triples = list(combinations(range(n), 3))
    index = {t: i for i, t in enumerate(triples)}
    starters, blinds, sets = [], [], []
    for s in range(n):
        for pair in combinations([c for c in range(n) if c != s], 2):
            starters.append(s)
            blinds.append(pair)
            low, mid, high = sorted((s, *pair))
            sets.append(index[low, mid, high])
    fours = list(combinations(range(n + 1), 4))
    four_at: dict[tuple[int, ...], int] = {f: i for i, f in enumerate(fours)}
    hands = list(combinations(range(8), 4))
    cribs = [tuple(c for c in range(8) if c not in h) for h in hands]
    hand_at, crib_at = [], []
    for t in triples:
        eight = [c for c in range(n) if c not in t] + [n]
        hand_at.append([four_at[tuple(eight[i] for i in h)] for h in hands])
        crib_at.append([four_at[tuple(eight[i] for i in c)] for c in cribs])
    allowed = [  # [round-6 blind pair, 15]: the splits whose crib holds the pair
        [n for n, crib in enumerate(cribs) if x in crib and y in crib]
        for x, y in combinations(range(7), 2)
    ]
    return (
        np.array(starters, dtype=np.int64),
        np.array(blinds, dtype=np.int64),
        np.array(sets, dtype=np.int64),
        np.array(fours, dtype=np.int64),
        np.array(hand_at, dtype=np.int64),
        np.array(crib_at, dtype=np.int64),
        np.array(allowed, dtype=np.int64),
    )


def _round5_points(six: Ints, unseen: Ints) -> tuple[Ints, Ints]:
    """Round 5's points and hand points [game, outcome, discard] over its 360 outcomes."""
    starter_at, blind_at = _round5_splits()[:2]
    games, outcomes = len(six), len(starter_at)
    size = unseen.shape[1]
    s5 = unseen[:, starter_at]  # [game, outcome]
    keep = np.broadcast_to(six[:, KEEP][:, None], (games, size, 15, 4))
    by_starter = four_points(keep, np.broadcast_to(unseen[:, :, None], keep.shape[:3]), crib=False)
    hand = by_starter[:, starter_at]  # [game, outcome, discard]
    blind = unseen[:, blind_at]  # [game, outcome, 2]
    crib_cards = np.concatenate(
        [
            np.broadcast_to(six[:, None, DISCARD_FIRST, None], (games, outcomes, 15, 1)),
            np.broadcast_to(six[:, None, DISCARD_SECOND, None], (games, outcomes, 15, 1)),
            np.broadcast_to(blind[:, :, None, :], (games, outcomes, 15, 2)),
        ],
        axis=3,
    )
    crib = four_points(crib_cards, np.broadcast_to(s5[:, :, None], hand.shape), crib=True)
    heels = 2 * ((s5 >> 2) == JACK_RANK)[:, :, None]
    return hand + crib + heels, hand


@cache
def _crib_most() -> Ints:
    """The most rank points a crib holds with discard ranks (lo, hi) and a starter rank,
    whatever the blind pair: [lo, hi, starter rank]."""
    crib_pairs = rank_tables()[2]  # [lo, hi, starter rank, blind rank pair]
    most: Ints = crib_pairs.max(axis=3).astype(np.int64)
    return most


def _round5_most(six: Ints, unseen: Ints) -> Ints:
    """An upper bound on round 5's points [game]: for each discard and starter, heels,
    the hand, the crib's most rank points, a nobs and (a suited discard) a crib flush."""
    games, size = unseen.shape
    keep = np.broadcast_to(six[:, KEEP][:, :, None, :], (games, 15, size, 4))
    starter = np.broadcast_to(unseen[:, None, :], (games, 15, size))
    hand = four_points(keep, starter, crib=False)
    a, b = six[:, DISCARD_FIRST] >> 2, six[:, DISCARD_SECOND] >> 2
    lo, hi = np.minimum(a, b)[:, :, None], np.maximum(a, b)[:, :, None]
    crib = (
        _crib_most()[lo, hi, starter >> 2]
        + 1
        + 5 * ((six[:, DISCARD_FIRST] & 3) == (six[:, DISCARD_SECOND] & 3))[:, :, None]
    )
    heels = 2 * ((starter >> 2) == JACK_RANK)
    most: Ints = (hand + crib + heels).max(axis=(1, 2))
    return most


def _round6_fours(unseen: Ints, starters: Ints) -> tuple[Ints, Ints]:
    """Hand and crib points [game, 330] of every four of the eleven cards round 6 can deal,
    with the round-2 starter."""
    fours = _round5_splits()[3]
    eleven = np.concatenate([unseen, starters[:, :1]], axis=1)[:, fours]  # [game, 330, 4]
    s2 = np.broadcast_to(starters[:, 1:2], eleven.shape[:2])
    return four_points(eleven, s2, crib=False), four_points(eleven, s2, crib=True)


def _finals(unseen: Ints, starters: Ints) -> Ints:
    """The final hand's points for each unseen card as round 5's starter [game, unseen]."""
    s2, s3, s4 = starters[:, 1:2], starters[:, 2:3], starters[:, 3:4]
    cards = np.stack(np.broadcast_arrays(s3, s4, unseen, s2), axis=2)
    points: Ints = final_points(cards)
    return points


def _round5_rest(unseen: Ints, starters: Ints, fours: tuple[Ints, Ints]) -> Ints:
    """The rest (round 6 played best, the final hand) [game, outcome, round-6 blind pair]."""
    starter_at, _, set_at, _, hand_at, crib_at, allowed = _round5_splits()
    hand, crib = fours
    scores = hand[:, hand_at] + crib[:, crib_at]  # [game, set, split]
    best6 = scores[:, :, allowed].max(axis=3)  # [game, set, round-6 blind pair]
    round6 = best6[:, set_at] + 2 * (starters[:, 1] >> 2 == JACK_RANK)[:, None, None]
    rest: Ints = round6 + _finals(unseen, starters)[:, starter_at, None]
    return rest


def _round5_reach(six: Ints, unseen: Ints, starters: Ints, need: Ints) -> Ints:
    """Round 5, exact: per game and discard, the outcomes of 7,560 that reach ``need``.

    Games that no outcome can bring to ``need`` skip the enumeration (every count is 0):
    upper bounds on round 5 (:func:`_round5_most`) and on the rest (round 6's heels, its
    best hand and its best crib from any four of the eleven cards it can deal, the best
    final hand) tell.
    """
    most = _round5_most(six, unseen)
    hand, crib = _round6_fours(unseen, starters)
    heels = 2 * (starters[:, 1] >> 2 == JACK_RANK)
    bound = hand.max(axis=1) + crib.max(axis=1) + heels + _finals(unseen, starters).max(axis=1)
    reach = np.zeros((len(six), 15), dtype=np.int64)
    live = np.flatnonzero(most + bound >= need)
    if len(live):
        round5, _ = _round5_points(six[live], unseen[live])
        rest = _round5_rest(unseen[live], starters[live], (hand[live], crib[live]))
        enough = (need[live, None, None] - round5)[..., None]  # [game, outcome, d, 1]
        reach[live] = (rest[:, :, None, :] >= enough).sum(axis=(1, 3))
    return reach


def _round5(game: Game) -> tuple[Ints, Ints, Ints]:
    """Round 5's points [outcome, discard], its hand points, and the rest [outcome, pair]."""
    six, unseen, starters = _arrays(game)
    if game.round_number != 5 or unseen.shape[1] != 10:
        raise InputError("the round-5 enumeration needs a game at its fifth discard")
    round5, hand = _round5_points(six, unseen)
    fours = _round6_fours(unseen, starters)
    return round5[0], hand[0], _round5_rest(unseen, starters, fours)[0]


def rest_counts_round5(game: Game) -> Ints:
    """At the fifth discard, the exact counts of the rest (round 6 and the final hand) over
    the 7,560 outcomes: ``counts[x]`` outcomes leave x points to come after round 5."""
    _, _, rest = _round5(game)
    return np.bincount(rest.ravel())


# -- the choice, for one game or many at once --------------------------------------


_BLOCK: Final = 16  # games weighed together: their arrays stay in the processor's cache


def _reach(
    k: int,
    six: Ints,
    unseen: Ints,
    starters: Ints,
    need: Ints,
    estimate: bool = False,
    candidates: Ints | None = None,
) -> tuple[Ints, Ints, bool]:
    """Per game and discard, reach numerators; their denominators [game]; exactness.

    ``starters`` [game, k - 1] are the starters of the rounds before round k (1 to 5).
    ``candidates`` [game, c]: an estimate weighs only these (the others get -1).
    """
    exact = k == 5 and not estimate
    parts = []
    for at in range(0, len(six), _BLOCK):
        block = slice(at, at + _BLOCK)
        if exact:
            reach = _round5_reach(six[block], unseen[block], starters[block], need[block])
            parts.append((reach, np.full(len(reach), 7560, dtype=np.int64)))
        else:  # the final hand's starters seen: rounds 2 to k - 1
            known = starters[block, 1 : k - 1]
            picked = None if candidates is None else candidates[block]
            parts.append(_estimated(k, six[block], unseen[block], known, need[block], picked))
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]), exact


def _decide(reach: Ints, out_of: Ints, exact: bool, best: Ints) -> Ints:
    """The discard index per game: the largest chance, unless best's is as large, or (an
    estimate) within :data:`ESTIMATE_MARGIN` of it; then best's."""
    top = np.argmax(reach, axis=1)
    g = np.arange(len(reach))
    mine, theirs = reach[g, top], reach[g, best]
    if exact:
        return np.where(mine > theirs, top, best)
    rel, floor = ESTIMATE_MARGIN
    leave = [  # mine > theirs * (1 + rel) + floor * out_of, in exact integers
        m * rel.denominator * floor.denominator
        > t * (rel.denominator + rel.numerator) * floor.denominator
        + n * floor.numerator * rel.denominator
        for m, t, n in zip(mine.tolist(), theirs.tolist(), out_of.tolist(), strict=True)
    ]
    return np.where(leave, top, best)


def _best_index(six: Ints, blind: Ints, starter: Ints) -> Ints:
    """Round 6: the discard ``best`` plays, every card known."""
    hand, crib = discard_points(six, blind, starter)
    return choose("best", hand, crib, 1, 1)


def play_target(decks: Ints, target: int) -> Ints:
    """Points of every round and of the final hand ([game, 7]) of games dealt from these
    deck orders, played by ``targetN``: :func:`target_discard` for each game at once."""
    games = np.arange(len(decks))
    points = np.zeros((len(decks), 7), dtype=np.int64)
    starters = decks[:, [slots.starter for slots in ROUND_SLOTS[: ROUNDS - 1]]]
    for k in range(1, ROUNDS + 1):
        slots = ROUND_SLOTS[k - 1]
        six, blind = decks[:, list(slots.shown)], decks[:, list(slots.crib)]
        starter = decks[:, slots.starter]
        unseen = decks[:, list(slots.unseen(ROUND_SLOTS[: k - 1]))]  # round 6: the blind pair
        need = target - points.sum(axis=1)
        if k < ROUNDS:
            order = _for_points(six, unseen)
            choice = order[:, 0]
            reach, out_of, exact = _reach(
                k, six, unseen, starters[:, : k - 1], need, candidates=order[:, :CANDIDATES]
            )
            choice = _decide(reach, out_of, exact, choice)
        else:
            choice = _best_index(six, blind, starter)
        hand, crib = discard_points(six, blind, starter)
        heels = 2 * ((starter >> 2) == JACK_RANK)
        points[:, k - 1] = hand[games, choice] + crib[games, choice] + heels
    points[:, 6] = final_points(decks[:, list(FINAL_SLOTS)])
    return points


def _arrays(game: Game) -> tuple[Ints, Ints, Ints]:
    """One game's six cards [1, 6], unseen cards [1, n] and starters so far [1, k - 1]."""
    return (
        np.array([game.shown], dtype=np.int64),
        np.array([game.unseen()], dtype=np.int64),
        np.array([[r.starter for r in game.rounds]], dtype=np.int64).reshape(1, -1),
    )


def _game_reach(
    game: Game, target: int, estimate: bool, candidates: Ints | None = None
) -> tuple[Ints, int, bool]:
    """One game's reach numerators per discard, their denominator, exactness."""
    need = np.array([target - game.total], dtype=np.int64)
    six, unseen, starters = _arrays(game)
    k = game.round_number
    if k < ROUNDS:
        reach, out_of, exact = _reach(k, six, unseen, starters, need, estimate, candidates)
        return reach[0], int(out_of[0]), exact
    # Round 6: every card known; the final hand is the starters of rounds 3, 4, 5, 2.
    s2 = starters[:, 1]
    hand, crib = discard_points(six, unseen, s2)
    points = (hand + crib)[0] + 2 * (s2[0] >> 2 == JACK_RANK)
    final = int(final_points(starters[0, [2, 3, 4, 1]]))
    return (points + final >= need[0]).astype(np.int64), 1, True


def target_chances(game: Game, target: int, *, estimate: bool = False) -> tuple[TargetChance, ...]:
    """Every discard's chance of finishing at ``target`` points or more, in the order
    of :data:`solitaire.patience.kernel.DISCARDS` over ``game.shown``.

    ``estimate`` takes round 5's later round from the simulated table too, to measure
    the table against the exact enumeration.
    """
    reach, out_of, exact = _game_reach(game, target, estimate)
    six = game.shown
    return tuple(
        TargetChance((six[i], six[j]), int(n), out_of, exact)
        for (i, j), n in zip(DISCARDS, reach.tolist(), strict=True)
    )


def target_discard(game: Game, target: int) -> tuple[Card, Card]:
    """The discard ``targetN`` plays: the best chance of reaching ``target``, but ``best``'s
    discard when its chance is as large (exact rounds 5 and 6) or within the estimate's
    margin (rounds 1 to 4), so a target out of reach or certain plays best."""
    six, unseen, starters = _arrays(game)
    if game.round_number < ROUNDS:
        order = _for_points(six, unseen)
        reach, out_of, exact = _game_reach(game, target, False, order[:, :CANDIDATES])
        index = int(_decide(reach[None], np.array([out_of]), exact, order[:, 0])[0])
    else:  # every card known: the most points reach whatever any discard reaches
        index = int(_best_index(six, unseen, starters[:, 1])[0])
    i, j = DISCARDS[index]
    return game.shown[i], game.shown[j]


def percent(chance: Fraction) -> str:
    """A chance as a percentage, with the digits that tell small chances apart."""
    value = float(chance)
    digits = 1 if value >= 0.1 or value == 0 else 2 if value >= 0.01 else 3
    return f"{value:.{digits}%}"


def target_disagreement(
    options: Sequence[DiscardOption],
    chances: Sequence[TargetChance],
    target: int,
    total: int,
    chosen: tuple[Card, Card] | None = None,
) -> str | None:
    """When ``targetN`` would play another discard than the best for points, one note
    saying so and why; else None. ``chosen``: the player's discard, said after the round.

    ``options`` are the advisor's (with distributions), best first; ``total`` the points
    before this round. Estimated chances disagree only beyond :data:`ESTIMATE_MARGIN`, and
    only for the :data:`CANDIDATES` discards best for points, as ``targetN`` plays.
    """
    at = {frozenset(c.discard): n for n, c in enumerate(chances)}
    best = options[0]
    best_at = at[frozenset(best.discard)]
    out_of, exact = np.array([chances[0].out_of]), chances[0].exact
    weighed = {at[frozenset(o.discard)] for o in (options if exact else options[:CANDIDATES])}
    reach = np.array([[c.reach if n in weighed else -1 for n, c in enumerate(chances)]])
    pick_at = int(_decide(reach, out_of, exact, np.array([best_at]))[0])
    if pick_at == best_at:
        return None
    top, best_chance = chances[pick_at], chances[best_at]
    pick = next(o for o in options if frozenset(o.discard) == frozenset(top.discard))
    # Why: the round score where the target's discard gains the most chance over best's.
    width = max(len(pick.outcomes), len(best.outcomes))
    gain = [pick.chance_at_least(t) - best.chance_at_least(t) for t in range(width)]
    points = max(range(width), key=lambda t: gain[t])
    names = [" ".join(map(str, o.discard)) for o in (pick, best)]
    how = "exact" if exact else "estimated"
    note = (
        f"For {target} ({target - total} to go): {names[0]} reaches it {percent(top.chance)}"
        f" against {percent(best_chance.chance)} for {names[1]}, the best for points ({how})."
        f" It expects {float(best.total - pick.total):.2f} fewer points but scores {points}+"
        f" in {percent(pick.chance_at_least(points))} of rounds against"
        f" {percent(best.chance_at_least(points))}."
    )
    if chosen is not None and frozenset(chosen) not in (
        frozenset(top.discard),
        frozenset(best.discard),
    ):
        mine = chances[at[frozenset(chosen)]]
        note += f" Yours, {' '.join(map(str, chosen))}: {percent(mine.chance)}."
    return note
