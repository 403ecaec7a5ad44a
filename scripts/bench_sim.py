"""Benchmark the simulator: games per second with --jobs 1 and --jobs 2, and the ratio.

Run: .venv/bin/python scripts/bench_sim.py [--games N] [--strategy best]
Target (2 cores): best >= 200 games/s per core; --jobs 2 close to 2x --jobs 1.
"""

from __future__ import annotations

import argparse
import os
import time

from solitaire.patience.simulation import SIMULATED, simulate


def rate(games: int, strategy: str, jobs: int, seed: int) -> tuple[float, tuple[int, ...]]:
    start = time.perf_counter()
    result = simulate(games, strategy, seed=seed, jobs=jobs)
    return games / (time.perf_counter() - start), result.totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--strategy", choices=SIMULATED, default="best")
    args = parser.parse_args()
    simulate(50, args.strategy)  # warm the lazily built tables
    one, totals_one = rate(args.games, args.strategy, 1, seed=10_000)
    two, totals_two = rate(args.games, args.strategy, 2, seed=10_000)
    assert totals_one == totals_two, "results differ between --jobs 1 and --jobs 2"
    print(f"strategy {args.strategy}, {args.games:,} games each run, {os.cpu_count()} cores")
    print(f"--jobs 1: {one:10,.0f} games/s")
    print(f"--jobs 2: {two:10,.0f} games/s")
    print(f"ratio jobs 2 / jobs 1: {two / one:.2f}x (identical totals)")
    print(f"target: >= 200 games/s per core -> {one / 200:.2f}x of target on one core")


if __name__ == "__main__":
    main()
