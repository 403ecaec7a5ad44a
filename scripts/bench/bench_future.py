"""Measure the target strategies' estimate: against exact enumeration in round 5, against
simulation in rounds 1 to 4.

Run: .venv/bin/python scripts/bench/bench_future.py [--positions N] [--samples M]
Games (seeds from 7,000,000 on, apart from the table's and the README's) are played by
`best` to each discard. Targets: 90, 121 and "par", a target about even for that
position (the total so far plus the points still expected).

* Round 5: the exact chances (every split of the ten unseen cards) beside the estimate
  that rounds 1 to 4 use (this round exact, the later round from the simulated table, the
  final hand counted from the seen starters), for all 15 discards.
* Rounds 1 to 4: for `best`'s discard and the one the estimate ranks first among the
  five best for points (where they differ), the estimate beside a simulation: M deals
  of the unseen cards in a random order (the same M for both discards), that discard,
  then `best` to the end. The difference between the two chances (the gain) decides a
  discard: its mean estimated and simulated values, the simulation's standard error of
  that mean, the mean absolute error, and in how many positions the simulated gain was
  negative (some of it is the simulation's own noise).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import numpy as np
from numpy.typing import NDArray

from solitaire.core.cards import shuffled_order
from solitaire.patience.advisor import best_discard, position_of
from solitaire.patience.game import Game
from solitaire.patience.kernel import play_decks
from solitaire.patience.target import CANDIDATES, _for_points, _game_reach, target_chances

Bools = NDArray[np.bool_]
PAR = {1: 85, 2: 71, 3: 57, 4: 43, 5: 29}  # about what a round k and the rest bring (best)


def simulated(seed: int, k: int, total: int, discards: list[int], target: int, m: int) -> Bools:
    """Whether the game reaches ``target`` with each discard forced in round k, then best,
    in m random orders of the unseen cards: [discard, order] (the same orders for each)."""
    deck = np.array(shuffled_order(random.Random(seed)), dtype=np.int64)
    at = 9 * (k - 1)
    places = np.array([at + 3, at + 4, *range(at + 8, 52)])
    rng = np.random.default_rng(seed)
    decks = np.repeat(deck[None], m, axis=0)
    decks[:, places] = deck[places][rng.permuted(np.tile(np.arange(len(places)), (m, 1)), axis=1)]
    out = []
    for d in discards:
        points = play_decks(decks, "best", first=k, forced=np.full(m, d)).sum(axis=1) + total
        out.append(points >= target)
    return np.array(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--samples", type=int, default=4000)
    args = parser.parse_args()
    start = time.perf_counter()
    exact_err: dict[str, list[float]] = {}
    exact_lost: dict[str, list[float]] = {}
    sim: dict[tuple[int, str], list[tuple[float, float, float, float, float]]] = {}
    for seed in range(7_000_000, 7_000_000 + args.positions):
        game = Game.from_seed(seed)
        while game.round_number <= 5:
            k = game.round_number
            targets = {"90": 90, "121": 121, "par": game.total + PAR[k]}
            if k == 5:
                for name, target in targets.items():
                    exact = [c.chance for c in target_chances(game, target)]
                    table = [c.chance for c in target_chances(game, target, estimate=True)]
                    if len(set(exact)) == 1:
                        continue  # every discard alike: nothing to choose
                    errors = exact_err.setdefault(name, [])
                    errors.extend(abs(float(e - t)) for e, t in zip(exact, table, strict=True))
                    chosen = max(range(15), key=lambda n: (table[n], -n))
                    exact_lost.setdefault(name, []).append(float(max(exact) - exact[chosen]))
            else:
                six = np.array([game.shown]), np.array([game.unseen()])
                order = _for_points(*six)[0]
                best = int(order[0])
                for name, target in targets.items():
                    reach, out_of, _ = _game_reach(game, target, False, order[None, :CANDIDATES])
                    top = int(np.argmax(reach))
                    if top == best:
                        continue
                    guess = [float(reach[best] / out_of), float(reach[top] / out_of)]
                    got = simulated(seed, k, game.total, [best, top], target, args.samples)
                    diff = got[1].astype(float) - got[0]
                    noise = float(diff.std() / math.sqrt(len(diff)))
                    row = (guess[0], guess[1], float(got[0].mean()), float(got[1].mean()), noise)
                    sim.setdefault((k, name), []).append(row)
            game.discard(best_discard(position_of(game)))
    print(f"{args.positions} games of best, seeds 7,000,000 on\n")
    print("Round 5, the estimate against exact enumeration (positions where discards differ):")
    print("target  positions  mean |error|  max |error|  estimate's choice loses (mean)")
    for name, values in exact_err.items():
        lost = exact_lost[name]
        print(
            f"{name:>6}  {len(lost):9}  {statistics.fmean(values):12.4f}  {max(values):11.4f}"
            f"  {statistics.fmean(lost):.5f} ({sum(x > 0 for x in lost) / len(lost):.0%} of them)"
        )
    print(
        f"\nRounds 1-4, positions where the estimate ranks another discard than best's first,"
        f" against {args.samples:,} simulated deals each:"
    )
    print(
        "round  target  positions  best's chance: estimated  simulated"
        "  gain: estimated  simulated  its s.e.  |error|  wrong sign"
    )
    for (k, name), rows in sorted(sim.items()):
        est_best = statistics.fmean(r[0] for r in rows)
        sim_best = statistics.fmean(r[2] for r in rows)
        est_gain = statistics.fmean(r[1] - r[0] for r in rows)
        sim_gain = statistics.fmean(r[3] - r[2] for r in rows)
        noise = math.sqrt(sum(r[4] ** 2 for r in rows)) / len(rows)
        error = statistics.fmean(abs((r[1] - r[0]) - (r[3] - r[2])) for r in rows)
        wrong = sum(r[3] - r[2] < 0 for r in rows)
        print(
            f"{k:5}  {name:>6}  {len(rows):9}  {est_best:24.4f}  {sim_best:9.4f}"
            f"  {est_gain:15.4f}  {sim_gain:9.4f}  {noise:8.4f}  {error:7.4f}"
            f"  {wrong:4} of {len(rows)}"
        )
    print(f"\n{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
