"""Print the README's table of strategies: N games each, seeds 0 to N-1.

Run: .venv/bin/python scripts/results_table.py --games 100000 --jobs 2
Each row is what `cribsol simulate --games N --strategy S --jobs J` reports.
"""

from __future__ import annotations

import argparse
import time

from solitaire.patience.simulation import SIMULATED, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    order = ("best", "hand", "random", "oracle")
    assert set(order) == set(SIMULATED)
    print(
        "| strategy | games | mean (95% CI) | sd | past 90 (95% CI) | reached 121 (95% CI) "
        "| min | max |"
    )
    print("| --- | ---: | --- | ---: | --- | --- | ---: | ---: |")
    started = time.perf_counter()
    for strategy in order:
        r = simulate(args.games, strategy, jobs=args.jobs)
        low, high = r.mean_ci
        skunk, great = r.share(r.past_skunk), r.share(r.reached_great)
        cells = [
            f"`{strategy}`",
            f"{r.games:,}",
            f"{r.mean:.2f} ({low:.2f} to {high:.2f})",
            f"{r.stdev:.2f}",
            f"{skunk[0]:.2%} ({skunk[1]:.2%} to {skunk[2]:.2%})",
            f"{great[0]:.3%} ({great[1]:.3%} to {great[2]:.3%})",
            str(min(r.totals)),
            str(max(r.totals)),
        ]
        print("| " + " | ".join(cells) + " |", flush=True)
    print(f"\n({time.perf_counter() - started:.0f} s with --jobs {args.jobs})")


if __name__ == "__main__":
    main()
