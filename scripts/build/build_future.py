"""Rebuild the table of how the later rounds of a game score after each round (``best``).

Run: .venv/bin/python scripts/build/build_future.py [--games N] [--jobs J | --cluster ADDRESS]
[--out FILE]
Writes solitaire/patience/data/future.json, which the target strategies read for
rounds 1 to 4 (the final hand is not in it: it is counted from the cards).
Seeds start at 1,000,000,000, apart from every seed the README's
tables and the benchmarks play, so the table is never judged on its own games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from solitaire.cluster import run_on
from solitaire.patience.target import TABLE_FILE, build_future

SEED = 1_000_000_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="a Dask scheduler whose workers play (docs/CLUSTER.md)"
    )
    parser.add_argument("--out", type=Path, help="the file written (default: the shipped one)")
    args = parser.parse_args()
    start = time.perf_counter()
    try:
        with run_on(args.cluster) as executor:
            table = build_future(args.games, SEED, args.jobs, executor=executor)
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM or SIGHUP: a part of the games is no table
        print("build_future: interrupted, nothing written", file=sys.stderr)
        raise SystemExit(130) from None
    data = Path(__file__).resolve().parents[2] / "solitaire" / "patience" / "data"
    path = args.out or data / TABLE_FILE
    path.write_text(json.dumps(table.to_dict(), separators=(",", ":")) + "\n")
    seconds = time.perf_counter() - start
    print(f"{args.games:,} games of best in {seconds:.0f} s with --jobs {args.jobs}: {path}")
    for k in range(1, 6):
        mean = sum(x * n for x, n in enumerate(table.rest[k - 1])) / table.games
        print(f"rounds after round {k}: mean {mean:6.2f}")


if __name__ == "__main__":
    main()
