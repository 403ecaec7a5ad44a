"""How the match arena's memory grows with the games it plays: the main process's
resident size sampled as the games finish, with the totals kept (as ``cribsol arena``
does) and, beside it on fewer games, with every game kept (the old way).

    .venv/bin/python scripts/bench_arena_memory.py --games 200000 --jobs 2

Prints resident megabytes at each tenth of the run and the growth per 1,000 games.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from solitaire.match.arena import arena


def resident_mb() -> float:
    """This process's resident set size in megabytes (Linux)."""
    fields = Path("/proc/self/statm").read_text().split()
    import os

    return int(fields[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def measure(games: int, jobs: int, keep: bool) -> list[tuple[int, float]]:
    samples = [(0, resident_mb())]
    done = 0
    step = max(1, games // 10)

    def progress(count: int) -> None:
        nonlocal done
        before, done = done, done + count
        if done // step > before // step:
            samples.append((done, resident_mb()))

    arena("easy", "easy", games, jobs=jobs, progress=progress, keep_games=keep)
    return samples


def report(label: str, samples: list[tuple[int, float]], seconds: float) -> None:
    first, last = samples[1] if len(samples) > 1 else samples[0], samples[-1]
    growth = (last[1] - first[1]) / max(1, last[0] - first[0]) * 1000
    print(f"{label}: {last[0]:,} games in {seconds:.0f} s")
    print("  " + "  ".join(f"{n:,}: {mb:.1f} MB" for n, mb in samples))
    print(f"  growth after the first tenth: {growth:+.3f} MB per 1,000 games")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--kept-games", type=int, default=5_000, help="the old way's run")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    for label, games, keep in (
        ("totals only (cribsol arena)", args.games, False),
        ("every game kept", args.kept_games, True),
    ):
        started = time.perf_counter()
        samples = measure(games, args.jobs, keep)
        report(label, samples, time.perf_counter() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
