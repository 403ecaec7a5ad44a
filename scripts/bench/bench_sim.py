"""Benchmark the simulator: games per second with --jobs 1 and --jobs 2, and the ratio.

Run: .venv/bin/python scripts/bench/bench_sim.py [--games N] [--strategy best]
Targets (2 cores): best >= 5,000 games/s per core; target121 plays 1,000,000 games
within an hour on 2 cores (139 games/s per core); --jobs 2 close to 2x --jobs 1.
A strategy other than best is timed beside best on the same games.
The same seeds are also played one game at a time through the reference engine
(``play_one``: a Game and the advisor, or ``target_discard`` for a target), the path
before the batched kernels, and the totals are checked equal. CPU time is printed
beside wall time: on a shared machine the wall clock also times the neighbours.
"""

from __future__ import annotations

import argparse
import math
import os
import time

from solitaire.patience.kernel import BATCHED
from solitaire.patience.simulation import SIMULATED, play_one, play_seeds, simulate
from solitaire.patience.strategy import strategy_name, target_of


def rate(games: int, strategy: str, jobs: int, seed: int) -> tuple[float, tuple[int, ...]]:
    start = time.perf_counter()
    result = simulate(games, strategy, seed=seed, jobs=jobs)
    return games / (time.perf_counter() - start), result.totals


def per_core(strategy: str, games: int, repeat: int = 5) -> tuple[float, float]:
    """Games/s on one core from the fastest of ``repeat`` runs of the same seeds (on a
    shared machine the slower runs also time the neighbours), by wall and by CPU time."""
    least = least_cpu = math.inf
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        play_seeds(strategy, range(20_000, 20_000 + games))
        least = min(least, time.perf_counter() - start)
        least_cpu = min(least_cpu, time.process_time() - cpu)
    return games / least, games / least_cpu


def simulated(name: str) -> str:
    """A strategy the simulator plays: one of SIMULATED or targetN."""
    return name if name in SIMULATED else strategy_name(name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--strategy", type=simulated, default="best", help="or targetN")
    parser.add_argument("--reference", type=int, default=300, help="games on the reference path")
    args = parser.parse_args()
    simulate(50, args.strategy)  # warm the lazily built tables
    one, totals_one = rate(args.games, args.strategy, 1, seed=10_000)
    two, totals_two = rate(args.games, args.strategy, 2, seed=10_000)
    assert totals_one == totals_two, "results differ between --jobs 1 and --jobs 2"
    start = time.perf_counter()
    reference = [play_one(args.strategy, 10_000 + i) for i in range(args.reference)]
    slow = args.reference / (time.perf_counter() - start)
    assert tuple(reference) == totals_one[: args.reference], "kernel and reference disagree"
    print(f"strategy {args.strategy}, {args.games:,} games each run, {os.cpu_count()} cores")
    print(f"--jobs 1: {one:10,.0f} games/s")
    print(f"--jobs 2: {two:10,.0f} games/s")
    print(f"ratio jobs 2 / jobs 1: {two / one:.2f}x (identical totals)")
    print(f"reference, one game at a time ({args.reference:,} games): {slow:10,.0f} games/s")
    print(f"ratio jobs 1 / reference: {one / slow:.1f}x (identical totals)")
    batched = args.strategy in BATCHED or target_of(args.strategy) is not None
    core, core_cpu = per_core(args.strategy, 250 if batched else 20)
    print(f"one core, fastest of 5 runs of the same games: {core:10,.0f} games/s")
    print(f"  by CPU time (what an idle core would do):   {core_cpu:10,.0f} games/s")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"1,000,000 games with --jobs 2 would take {1e6 / two / 60:,.1f} min at the --jobs 2 rate"
    )
    print(f"  and {1e6 / (2 * core_cpu) / 60:,.1f} min on 2 idle cores at the CPU-time rate")
    if args.strategy != "best":  # best side by side, the same games in the same run
        best, best_cpu = per_core("best", 250)
        print(f"best on the same games: {best:10,.0f} games/s wall, {best_cpu:10,.0f} by CPU time")
        print(f"ratio best / {args.strategy}: {best_cpu / core_cpu:.1f}x by CPU time")
    if args.strategy == "best":
        ratio = f"{core / 5000:.2f}x wall, {core_cpu / 5000:.2f}x CPU"
        print(f"target: >= 5,000 games/s per core -> {ratio}")
    else:  # the target: a million games of target121 within an hour on 2 cores
        hour = 2 * 3600 / 1e6
        print(
            f"target: 1,000,000 games within 60 min on 2 cores -> {core * hour:.2f}x wall,"
            f" {core_cpu * hour:.2f}x CPU"
        )


if __name__ == "__main__":
    main()
