"""Benchmark: one computer level against another at the match table (default `standard`
against `easy`), in pairs on the same seeds with the seats swapped.

Prints the arena's table (wins with a 95% Wilson interval, game points, skunks, each
side's points per deal by role beside the published averages for strong play, the
decision times) and the speed in games per second, all measured in this one run.

    .venv/bin/python scripts/bench/bench_match.py            # 1,000 games
    .venv/bin/python scripts/bench/bench_match.py --games 200 --seed 7 --b magmacrunch
"""

from __future__ import annotations

import argparse
import os
import time

from rich.console import Console

from solitaire.cli.arena_commands import arena_table
from solitaire.match.arena import arena
from solitaire.ui.views import THEME


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="standard")
    parser.add_argument("--b", default="easy")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt from seed S + i // 2")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()

    started = time.perf_counter()
    result = arena(args.a, args.b, args.games, seed=args.seed, jobs=args.jobs)
    elapsed = time.perf_counter() - started
    Console(theme=THEME, width=100).print(arena_table(result))
    print(f"{result.games:,} games, seeds {args.seed}-{args.seed + (result.games - 1) // 2}")
    print(
        f"speed: {result.games / elapsed:.1f} games/s ({elapsed:.1f} s, {args.jobs} job(s), "
        f"load average {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
