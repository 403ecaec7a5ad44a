"""Playing for a target: each discard's chance of finishing the game at N points or more.

A discard reaches N when this round's points t and the rest of the game (later rounds
and the final hand) together make up what is missing: the chance is the sum over t
of P(this round scores t) times P(the rest scores at least N - total - t).

* This round's distribution is exact (:func:`solitaire.patience.kernel.round_counts`).
* Round 6 is played with every card known and the final hand is the starters of
  rounds 3, 4, 5 and 2, all seen by then: in round 6 every chance is 0 or 1, exact.
* In round 5 the ten unseen cards are the two blind crib cards, the starter and the
  seven cards round 6 deals beside the round-1 starter. Every split (10 starters x
  36 blind pairs x 21 ways to pick round 6's blind pair = 7,560 equally likely
  outcomes) is scored, round 6 taking its best discard: exact.
* Rounds 1 to 4: the rest's distribution after round k comes from a table built by
  simulating ``best`` (``data/future.json``; ``scripts/build_future.py`` rebuilds it).
  It ignores what the seen cards say about the rest: an estimate.

>>> game = Game.from_seed(3)
>>> chances = target_chances(game, 90)
>>> len(chances), all(0 <= c.chance <= 1 for c in chances), chances[0].exact
(15, True, False)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from itertools import combinations
from typing import Final

import numpy as np
from numpy.typing import NDArray

from solitaire.core.cards import Card, shuffled_order
from solitaire.patience.advisor import DiscardOption, position_of
from solitaire.patience.game import ROUNDS, Game
from solitaire.patience.kernel import (
    DISCARDS,
    discard_points,
    final_points,
    four_points,
    play_decks,
    round_counts,
)

__all__ = [
    "FutureTable",
    "TargetChance",
    "build_future",
    "future_table",
    "rest_counts_round5",
    "target_chances",
    "target_disagreement",
    "target_discard",
]

Ints = NDArray[np.int64]
_J: Final = 10
TABLE_FILE: Final = "future.json"


@dataclass(frozen=True, slots=True)
class FutureTable:
    """How the rest of a game scored in simulated games of ``best``.

    ``rest[k - 1][x]`` is how many of ``games`` scored x points after round k (its later
    rounds and the final hand), for k = 1 to 6.
    """

    games: int
    seed: int
    rest: tuple[tuple[int, ...], ...]

    def tails(self, k: int) -> Ints:
        """``tails[x]``: games whose rest after round k scored x or more; 0 past the end."""
        counts = np.array(self.rest[k - 1] + (0,), dtype=np.int64)
        return np.cumsum(counts[::-1])[::-1]

    def chance_at_least(self, k: int, points: int) -> Fraction:
        """The estimated chance that the rest after round k scores ``points`` or more."""
        tails = self.tails(k)
        return Fraction(int(tails[min(max(points, 0), len(tails) - 1)]), self.games)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "games": self.games,
            "seed": self.seed,
            "strategy": "best",
            "rest_after_round": {str(k + 1): list(row) for k, row in enumerate(self.rest)},
        }

    @classmethod
    def from_dict(cls, data: object) -> FutureTable:
        """Read :meth:`to_dict`'s form back, checking every count."""
        if not isinstance(data, dict):
            raise ValueError("the future table is not a JSON object")
        games, seed, rows = data.get("games"), data.get("seed"), data.get("rest_after_round")
        if not isinstance(games, int) or games < 1 or not isinstance(seed, int):
            raise ValueError("the future table needs a positive 'games' and an integer 'seed'")
        if not isinstance(rows, dict) or sorted(rows) != [str(k) for k in range(1, 7)]:
            raise ValueError("the future table needs rest counts after rounds 1 to 6")
        rest = []
        for k in range(1, 7):
            row = rows[str(k)]
            if not isinstance(row, list) or not all(isinstance(n, int) and n >= 0 for n in row):
                raise ValueError(f"the rest counts after round {k} are not counts")
            if sum(row) != games:
                raise ValueError(f"the rest counts after round {k} do not add up to {games}")
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
    exact: bool  # False when the rest of the game comes from the simulated table

    @property
    def chance(self) -> Fraction:
        """The chance as a fraction."""
        return Fraction(self.reach, self.out_of)


def _rest_of_games(task: tuple[int, int]) -> list[list[int]]:
    first, count = task
    decks = np.array([shuffled_order(random.Random(s)) for s in range(first, first + count)])
    points = play_decks(decks.reshape(-1, 52), "best")
    return [np.bincount(points[:, k:].sum(axis=1)).tolist() for k in range(1, 7)]


def build_future(games: int, seed: int, jobs: int = 1, chunk: int = 2000) -> FutureTable:
    """Simulate ``games`` games of ``best`` (seeds ``seed`` on) and count the rest after
    each round; the same arguments give the same table for any ``jobs``."""
    tasks = [(seed + start, min(chunk, games - start)) for start in range(0, games, chunk)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_rest_of_games, tasks))
    else:
        parts = [_rest_of_games(task) for task in tasks]
    rest = []
    for k in range(6):
        row = [0] * max(len(part[k]) for part in parts)
        for part in parts:
            for x, n in enumerate(part[k]):
                row[x] += n
        rest.append(tuple(row))
    return FutureTable(games, seed, tuple(rest))


# -- round 5: every split of the ten unseen cards ---------------------------------


@cache
def _round5_splits(n: int) -> tuple[Ints, Ints, Ints, Ints, Ints, Ints]:
    """Index arrays for the round-5 enumeration over n unseen cards.

    Outcomes (starter, blind pair) index the starter, the pair and which of the C(n, 3)
    sets of three drawn cards they are; each set leaves seven cards that round 6 deals
    with the round-1 starter (index 7 of eight). Round 6's best discard is the best of
    the 70 ways to split those eight into hand and crib whose crib holds its blind pair.
    """
    triples = list(combinations(range(n), 3))
    index = {t: i for i, t in enumerate(triples)}
    starters, blinds, sets = [], [], []
    for s in range(n):
        for pair in combinations([c for c in range(n) if c != s], 2):
            starters.append(s)
            blinds.append(pair)
            low, mid, high = sorted((s, *pair))
            sets.append(index[low, mid, high])
    sevens = [[c for c in range(n) if c not in t] for t in triples]
    hands = list(combinations(range(8), 4))
    cribs = [[c for c in range(8) if c not in h] for h in hands]
    allowed = np.array(  # [round-6 blind pair, split]: the split's crib holds the pair
        [[x in crib and y in crib for crib in cribs] for x, y in combinations(range(7), 2)]
    )
    return (
        np.array(starters, dtype=np.int64),
        np.array(blinds, dtype=np.int64),
        np.array(sets, dtype=np.int64),
        np.array(sevens, dtype=np.int64),
        np.array([list(h) + c for h, c in zip(hands, cribs, strict=True)], dtype=np.int64),
        allowed,
    )


def _round5(game: Game) -> tuple[Ints, Ints, Ints]:
    """Round 5's points [outcome, discard], its hand points, and the rest [outcome, split]."""
    unseen = np.array(game.unseen(), dtype=np.int64)
    if game.round_number != 5 or len(unseen) != 10:
        raise ValueError("the round-5 enumeration needs a game at its fifth discard")
    s1, s2, s3, s4 = (int(r.starter) for r in game.rounds[:4])
    starter_at, blind_at, set_at, sevens, splits, allowed = _round5_splits(len(unseen))
    outcomes = len(starter_at)
    s5 = unseen[starter_at]
    six = np.broadcast_to(np.array(game.shown, dtype=np.int64), (outcomes, 6))
    hand, crib = discard_points(six, unseen[blind_at], s5)
    round5 = hand + crib + 2 * ((s5 >> 2) == _J)[:, None]
    eights = np.concatenate([unseen[sevens], np.full((len(sevens), 1), s1)], axis=1)
    cards = eights[:, splits]  # [set, split, 8]: hand then crib
    starter6 = np.full(cards.shape[:2], s2, dtype=np.int64)
    scores = four_points(cards[..., :4], starter6, crib=False)
    scores += four_points(cards[..., 4:], starter6, crib=True)
    best6 = np.where(allowed, scores[:, None, :], -1).max(axis=2)  # [set, round-6 blind pair]
    round6 = best6[set_at] + 2 * (s2 >> 2 == _J)
    finals = np.stack([np.full(outcomes, s3), np.full(outcomes, s4), s5, np.full(outcomes, s2)])
    rest = round6 + final_points(finals.T)[:, None]
    return round5, hand, rest


def rest_counts_round5(game: Game) -> Ints:
    """At the fifth discard, the exact counts of the rest (round 6 and the final hand) over
    the 7,560 outcomes: ``counts[x]`` outcomes leave x points to come after round 5."""
    _, _, rest = _round5(game)
    return np.bincount(rest.ravel())


# -- the chances -----------------------------------------------------------------


def _chances(game: Game, target: int, estimate: bool = False) -> tuple[Ints, int, bool, Ints, Ints]:
    """Per discard: reach numerators, their denominator, exactness, and the expected
    total and hand numerators that break ties as ``best`` does."""
    need = target - game.total
    k = game.round_number
    if k == 5 and not estimate:
        round5, hand, rest = _round5(game)
        reach = (round5[:, :, None] + rest[:, None, :] >= need).sum(axis=(0, 2))
        return reach, rest.size, True, round5.sum(axis=0), hand.sum(axis=0)
    if (
        k == ROUNDS and not estimate
    ):  # every card known; the final hand is the starters of rounds 3, 4, 5, 2
        blind = np.array([game.unseen()], dtype=np.int64)
        hand, crib = discard_points(
            np.array([game.shown], dtype=np.int64), blind, np.array([game.rounds[1].starter])
        )
        points = (hand + crib)[0] + 2 * (game.rounds[1].starter.rank == 11)
        final = [int(r.starter) for r in (*game.rounds[2:5], game.rounds[1])]
        reached = points + int(final_points(np.array(final, dtype=np.int64))) >= need
        return reached.astype(np.int64), 1, True, points, hand[0]
    position = position_of(game)
    counts, hands = round_counts(position.six, position.unseen, position.starter)
    totals = counts @ np.arange(counts.shape[1])
    outcomes = int(counts[0].sum())
    missing = need - np.arange(counts.shape[1])  # what the rest must score after t points
    table = future_table()
    tails = table.tails(k)
    weights = tails[np.clip(missing, 0, len(tails) - 1)]
    return counts @ weights, outcomes * table.games, False, totals, hands


def target_chances(game: Game, target: int, *, estimate: bool = False) -> tuple[TargetChance, ...]:
    """Every discard's chance of finishing at ``target`` points or more, in the order
    of :data:`solitaire.patience.kernel.DISCARDS` over ``game.shown``.

    ``estimate`` takes the rest from the simulated table in rounds 5 and 6 too, to
    measure the table against the exact enumeration.
    """
    reach, out_of, exact, _, _ = _chances(game, target, estimate)
    six = game.shown
    return tuple(
        TargetChance((six[i], six[j]), int(n), out_of, exact)
        for (i, j), n in zip(DISCARDS, reach.tolist(), strict=True)
    )


def target_discard(game: Game, target: int) -> tuple[Card, Card]:
    """The discard with the best chance of reaching ``target``; ties go to ``best``'s order
    (expected total, then expected hand), so a target out of reach or certain plays best."""
    reach, _, _, totals, hands = _chances(game, target)
    keys = [
        (int(r), int(t), int(h))
        for r, t, h in zip(reach.tolist(), totals.tolist(), hands.tolist(), strict=True)
    ]
    index = max(range(15), key=lambda n: (keys[n], -n))
    i, j = DISCARDS[index]
    return game.shown[i], game.shown[j]


def target_disagreement(
    options: Sequence[DiscardOption], chances: Sequence[TargetChance], target: int, total: int
) -> str | None:
    """When the discard with the best chance of reaching ``target`` is not the discard with
    the best expected points, one sentence saying so and why; else None.

    ``options`` are the advisor's (with distributions), best first; ``total`` the points so far.
    """
    by_discard = {frozenset(c.discard): c for c in chances}
    best = options[0]
    best_chance = by_discard[frozenset(best.discard)]
    top = max(chances, key=lambda c: c.chance)
    if top.chance <= best_chance.chance:
        return None
    pick = next(o for o in options if frozenset(o.discard) == frozenset(top.discard))
    # Why: the round score where the target's discard gains the most chance over best's.
    width = max(len(pick.outcomes), len(best.outcomes))
    gain = [pick.chance_at_least(t) - best.chance_at_least(t) for t in range(width)]
    points = max(range(width), key=lambda t: gain[t])
    names = [" ".join(map(str, o.discard)) for o in (pick, best)]
    return (
        f"For {target} ({target - total} to go): {names[0]} reaches it {float(top.chance):.1%}"
        f" against {float(best_chance.chance):.1%} for {names[1]}, the best for points. It"
        f" expects {float(best.total - pick.total):.2f} fewer points but scores {points}+ in"
        f" {float(pick.chance_at_least(points)):.1%} of rounds against"
        f" {float(best.chance_at_least(points)):.1%}."
    )
