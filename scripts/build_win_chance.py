"""Rebuild the tile game's chance of winning (solitaire/tiles/data/win-chance.json) from
self-play.

    nice -n 10 .venv/bin/python scripts/build_win_chance.py [--games 480] [--jobs 2]

The method (solitaire/tiles/win_chance.py): play the expert against itself; at every
turn note the bag's size, the mover's margin then and its final margin (leftovers
deducted). At each bag size (pooled with the sizes either side; 30 and more as one) the
mean of final less present margin is the mover's edge and its spread what the rest of
the game may swing. The same --games and --seed always write the same file, whatever
--jobs; 480 games take about 30 CPU-minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from solitaire.cluster import run_on
from solitaire.tiles.fit_leaves import SELF_PLAY
from solitaire.tiles.fit_win_chance import fit_win_chance
from solitaire.tiles.win_chance import WIN_CHANCE_FILE


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=480, help="self-play games (default 480)")
    parser.add_argument(
        "--seed",
        type=int,
        default=2_000_000,
        help="first seed (default 2000000, apart from the seeds the benchmark and tests use)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--player", choices=sorted(SELF_PLAY), default="expert")
    parser.add_argument("--out", type=Path, help="the file written (default: the shipped one)")
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="a Dask scheduler whose workers play (docs/CLUSTER.md)"
    )
    args = parser.parse_args()
    started = time.perf_counter()
    done = 0

    def progress(count: int) -> None:
        nonlocal done
        done += count
        print(f"\r{done}/{args.games} games", end="", file=sys.stderr, flush=True)

    with run_on(args.cluster) as executor:
        model = fit_win_chance(
            args.games,
            args.seed,
            jobs=args.jobs,
            player=args.player,
            progress=progress,
            executor=executor,
        )
    print(file=sys.stderr)
    path = (
        args.out or Path(__file__).resolve().parents[1] / "solitaire/tiles/data" / WIN_CHANCE_FILE
    )
    path.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    print(f"{model.positions} positions of {model.games} games -> {path}")
    for bag in (0, 1, 2, 3, 5, 7, 10, 15, 20, 30):
        print(
            f"  bag {bag:>2}: mover's edge {model.means[bag]:+6.2f}, "
            f"spread {model.spreads[bag]:5.2f}"
        )
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
