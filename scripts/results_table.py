"""Print the README's tables of strategies: N games each, seeds 0 to N-1.

Run: .venv/bin/python scripts/results_table.py --games 100000 --jobs 2
Each row is what `cribsol simulate --games N --strategy S --jobs J` reports. Every
strategy plays the same deals, so the target strategies are also compared with
`best` game by game: the paired difference in the chance of reaching 90 and 121,
with its 95% interval. A target strategy must never reach its own target less often
than `best` on these deals (checked: the script fails if it does).
`--strategies` plays a subset (best is always played when a target is).
"""

from __future__ import annotations

import argparse
import time

from solitaire.patience.simulation import SIMULATED, SimulationResult, paired_difference, simulate
from solitaire.patience.strategy import target_of

ORDER = ("best", "hand", "random", "oracle", "target90", "target121")
LINES = (90, 121)


def row(r: SimulationResult) -> str:
    low, high = r.mean_ci
    skunk, great = r.share(r.past_skunk), r.share(r.reached_great)
    cells = [
        f"`{r.strategy}`",
        f"{r.games:,}",
        f"{r.mean:.2f} ({low:.2f} to {high:.2f})",
        f"{r.stdev:.2f}",
        f"{skunk[0]:.2%} ({skunk[1]:.2%} to {skunk[2]:.2%})",
        f"{great[0]:.3%} ({great[1]:.3%} to {great[2]:.3%})",
        str(min(r.totals)),
        str(max(r.totals)),
    ]
    return "| " + " | ".join(cells) + " |"


def paired_row(r: SimulationResult, best: SimulationResult) -> str:
    cells = [f"`{r.strategy}`", f"{r.games:,}"]
    for line in LINES:
        share = sum(t >= line for t in r.totals) / r.games
        cells.append(f"{share:.3%}")
        if r is best:
            cells.append("")
            continue
        diff, low, high = paired_difference(r.totals, best.totals, line)
        cells.append(f"{diff:+.3%} ({low:+.3%} to {high:+.3%})")
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--strategies", nargs="+", choices=ORDER, default=list(ORDER))
    args = parser.parse_args()
    assert set(SIMULATED) <= set(ORDER)
    wanted = [s for s in ORDER if s in args.strategies or (s == "best" and args.strategies)]
    print(
        "| strategy | games | mean (95% CI) | sd | past 90 (95% CI) | reached 121 (95% CI) "
        "| min | max |"
    )
    print("| --- | ---: | --- | ---: | --- | --- | ---: | ---: |")
    results: dict[str, SimulationResult] = {}
    seconds: dict[str, float] = {}
    for strategy in wanted:
        started = time.perf_counter()
        results[strategy] = simulate(args.games, strategy, jobs=args.jobs)
        seconds[strategy] = time.perf_counter() - started
        print(row(results[strategy]), flush=True)
    targets = [s for s in wanted if target_of(s) is not None]
    if targets:
        best = results["best"]
        print("\nPaired with `best` on the same deals:\n")
        print(
            "| strategy | games | reached 90 | vs best (95% CI) | reached 121 | vs best (95% CI) |"
        )
        print("| --- | ---: | ---: | --- | ---: | --- |")
        for strategy in ("best", *targets):
            print(paired_row(results[strategy], best))
    print()
    for strategy in wanted:
        rate = args.games / seconds[strategy]
        print(f"{strategy}: {seconds[strategy]:.0f} s, {rate:,.0f} games/s with --jobs {args.jobs}")
    failed = False
    for strategy in targets:
        line = target_of(strategy)
        assert line is not None
        mine = sum(t >= line for t in results[strategy].totals)
        theirs = sum(t >= line for t in results["best"].totals)
        verdict = "ok" if mine >= theirs else "FAILED: below best"
        failed |= mine < theirs
        print(f"check {strategy}: reached {line} in {mine:,} games, best in {theirs:,}: {verdict}")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
