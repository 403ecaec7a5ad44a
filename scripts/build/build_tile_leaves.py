"""Rebuild the tile game's leave values (solitaire/tiles/data/leaves.json) by simulation.

    nice -n 10 .venv/bin/python scripts/build/build_tile_leaves.py [--games 60] [--jobs 2]
    nice -n 10 .venv/bin/python scripts/build/build_tile_leaves.py --features pairs \
        --player expert --racks 16 --games 600 --jobs 2      # the planner's

The method (solitaire/tiles/leaves.py has it in full): play greedy against itself;
in every position after the opening while the bag holds a rack's worth, deal 8
random racks from the tiles that player could hold, call the first k tiles of each
(k from 0 to 4 at random) the leave, and score the rack's best play on that board.
Then fit those scores by least squares on the leave's features (a count per rank,
and over the pairs of tiles kept: equal ranks, fifteens, neighbours, two apart, one
colour) with each position's means taken out. Because the leave is dealt at random,
a weight is what keeping that tile or pair is worth next turn against a fresh draw,
not what the positions that make players keep it are worth. The same --games and
--seed always write the same file, whatever --jobs; 60 games take about a
CPU-minute.

With --features pairs (the planner's file, data/leaves-pairs.json) the features are a
count per rank, one per pair of ranks and the pairs of one colour; --player expert takes
the positions from the expert's self-play, more like the boards the planner meets.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from solitaire.cluster import run_on
from solitaire.tiles.fit_leaves import RACKS_PER_POSITION, SELF_PLAY, fit_leaves
from solitaire.tiles.leaves import FEATURE_SETS, LEAVES_FILE, PAIR_LEAVES_FILE

DATA = Path(__file__).resolve().parents[2] / "solitaire" / "tiles" / "data"
"""Where the shipped tables live."""


def self_play_parser(doc: str, games: int, seed: int, player: str) -> argparse.ArgumentParser:
    """The options of a table built from self-play games: how many, the first seed, the
    processes, whose games, the file written and a cluster to play them on."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument(
        "--games", type=int, default=games, help=f"self-play games (default {games})"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=seed,
        help=f"first seed (default {seed}, apart from the seeds the benchmark and tests use)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--player", choices=sorted(SELF_PLAY), default=player)
    parser.add_argument("--out", type=Path, help="the file written (default: the shipped one)")
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="a Dask scheduler whose workers play (docs/CLUSTER.md)"
    )
    return parser


def games_progress(total: int) -> Callable[[int], None]:
    """A counter of games played, kept on one line of standard error."""
    done = 0

    def progress(count: int) -> None:
        nonlocal done
        done += count
        print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

    return progress


def main() -> int:
    parser = self_play_parser(__doc__, 60, 1_000_000, "greedy")
    parser.add_argument(
        "--features", choices=sorted(FEATURE_SETS), default="basic", help="default basic"
    )
    parser.add_argument(
        "--racks", type=int, default=RACKS_PER_POSITION, help="racks dealt a position"
    )
    args = parser.parse_args()
    started = time.perf_counter()
    progress = games_progress(args.games)

    try:
        with run_on(args.cluster) as executor:
            model = fit_leaves(
                args.games,
                args.seed,
                jobs=args.jobs,
                progress=progress,
                executor=executor,
                features=args.features,
                player=args.player,
                racks=args.racks,
            )
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM or SIGHUP: a part of the games is no fit
        print(file=sys.stderr)
        print("build_tile_leaves: interrupted, nothing written", file=sys.stderr)
        raise SystemExit(130) from None
    print(file=sys.stderr)
    name = LEAVES_FILE if args.features == "basic" else PAIR_LEAVES_FILE
    path = args.out or DATA / name
    path.write_text(json.dumps(model.to_dict(), indent=2) + "\n", encoding="utf-8")
    print(
        f"{model.samples} leaves from {model.games} games in "
        f"{time.perf_counter() - started:.0f} s -> {path}"
    )
    for name, weight in model.to_dict()["weights"].items():  # type: ignore[attr-defined]
        print(f"  {name:>10}: {weight:+.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
