"""Measure the future table's error against exact enumeration, in rounds 5 and 6.

Run: .venv/bin/python scripts/bench_future.py [--positions N]
Games (seeds from 7,000,000 on, apart from the table's and the README's) are played by
`best` to their fifth and sixth discards. There the target strategies enumerate the
rest exactly; here the same chances are also estimated the way rounds 1-4 are (this
round's exact distribution, the rest from the simulated table), and compared. Targets:
90, 121 and "par", a target about even for that position (the total so far plus the
points the rest is expected to bring).
"""

from __future__ import annotations

import argparse
import statistics
import time

from solitaire.patience.advisor import best_discard, position_of
from solitaire.patience.game import Game
from solitaire.patience.target import target_chances

PAR = {5: 31, 6: 16}  # about the mean of this round plus the rest, after rounds 4 and 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=300)
    args = parser.parse_args()
    errors: dict[tuple[int, str], list[float]] = {}
    lost: dict[tuple[int, str], list[float]] = {}
    timing: dict[str, list[float]] = {"exact": [], "table": []}
    for seed in range(7_000_000, 7_000_000 + args.positions):
        game = Game.from_seed(seed)
        while not game.is_over:
            k = game.round_number
            if k >= 5:
                for name, target in (("90", 90), ("121", 121), ("par", game.total + PAR[k])):
                    start = time.perf_counter()
                    exact = [c.chance for c in target_chances(game, target)]
                    middle = time.perf_counter()
                    table = [c.chance for c in target_chances(game, target, estimate=True)]
                    timing["exact"].append(middle - start)
                    timing["table"].append(time.perf_counter() - middle)
                    if all(p in (0, 1) for p in exact) and len(set(exact)) == 1:
                        continue  # out of reach or certain: nothing to choose
                    key = (k, name)
                    errors.setdefault(key, []).extend(
                        abs(float(e - t)) for e, t in zip(exact, table, strict=True)
                    )
                    chosen = max(range(15), key=lambda n: (table[n], -n))
                    lost.setdefault(key, []).append(float(max(exact) - exact[chosen]))
            game.discard(best_discard(position_of(game)))
    print(f"{args.positions} games of best, seeds 7,000,000 on; positions where the target is")
    print("in play (the exact chances are not all 0 or all 1):\n")
    print("round  target  positions  mean |error|  max |error|  choice differs  chance lost")
    for (k, name), values in sorted(errors.items()):
        losses = lost[(k, name)]
        differs = sum(x > 0 for x in losses) / len(losses)
        print(
            f"{k:5}  {name:>6}  {len(losses):9}  {statistics.fmean(values):12.4f}"
            f"  {max(values):11.4f}  {differs:14.1%}  {statistics.fmean(losses):11.5f}"
        )
    for kind, values in timing.items():
        print(f"{kind:5} chances of 15 discards: median {statistics.median(values) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
