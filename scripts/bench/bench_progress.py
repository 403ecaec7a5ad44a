"""Benchmark ``cribsol stats`` with your progress: a history of mixed games, every finished
one reviewed, against the targets.

Run: .venv/bin/python scripts/bench/bench_progress.py [--games 10000] [--runs 3] [--quick]

Target (issue 45, today's limits of issue 24): ``stats`` on 10,000 mixed reviewed games
(patience, match, drill, tiles) in at most 1 s and 100 MB, the grades read as stored, not
recomputed. The history is the schema-2 test fixture's real games (every kind, finished
and not) stored again and again until it holds ``--games``; each finished one is given a
review of the size a real one has (the match's seats some 60 decisions each, the tile
game's some 30 a seat), its costs drawn from a seeded generator. ``stats`` runs as the
player runs it: a fresh interpreter, its modules' bytecode cached as an installed
package's is (the first run writes it and is not counted), timed wall-clock and in CPU
seconds with its own peak memory; the best of ``--runs`` by CPU time is shown with its
ratio to the target (met or missed by its CPU time: on a shared machine the wall time
waits for the others too), beside ``stats`` on the same history with its reviews taken out
(what the progress adds). ``--quick``: 2,000 games, one run.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from solitaire.core.review import POINTS, TILE_POINTS, Decision, GameReview, SeatReview
from solitaire.store import History, Summary
from solitaire.ui.kinds import KINDS

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "store" / "v2"
TARGET_SECONDS = 1.0
TARGET_MB = 100.0
# The command's own peak (VmHWM starts afresh with the new program).
_MEASURE = (
    "import sys; from solitaire.cli import main; status = main(sys.argv[1:]); "
    "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0]; "
    "print(peak.split()[1], file=sys.stderr); sys.exit(status)"
)
# (seats reviewed, deals, decisions a seat) for each kind: as a real review holds them
WHY = (  # a coach's why, of a real one's length
    "The 4 keeps your 5 back for the count: laid now, the 5 gives your opponent a fifteen "
    "with any ten-card, 16 of the 46 cards you cannot see, and the 4 gives them nothing."
)
SHAPES = {"patience": (1, 7, 7), "match": (2, 9, 60), "drill": (2, 4, 10), "tiles": (2, 14, 30)}


def review(kind: str, rng: random.Random) -> dict[str, Any]:
    """A review of ``kind`` of a real one's size, its costs drawn from ``rng``."""
    seats, deals, count = SHAPES[kind]
    scale = TILE_POINTS if kind == "tiles" else POINTS
    built = []
    for seat in range(seats):
        decisions = []
        for i in range(count):
            cost = 0.0 if rng.random() < 0.7 else round(rng.expovariate(1.0), 2)
            deal = i % deals + 1
            decisions.append(
                Decision(
                    seat * count + i,
                    seat,
                    deal,
                    "play",
                    f"deal {deal}, card {i % 4 + 1}",
                    "5♥ for a fifteen",
                    "4♣, holding the 5",
                    cost,
                    scale,
                    WHY,
                )
            )
        name = "you" if seat == 0 else "expert"
        built.append(SeatReview(seat, name, deals, tuple(decisions)))
    return GameReview(kind, tuple(built)).to_json()


def fill(data: Path, games: int) -> Counter[str]:
    """A history of ``games`` rows, the fixture's games over and over, each finished one
    reviewed; the count of rows by kind and of reviews."""
    shutil.copytree(FIXTURE, data, dirs_exist_ok=True)
    counts: Counter[str] = Counter()
    rng = random.Random(45)
    History.durable = False  # filling only: not what is timed
    with History(data, kinds=KINDS) as history:
        rows = [
            (row, history.stored_record(row.id, kind)[1])
            for kind in KINDS
            for row in history.games(kind=kind)
        ]
        reviews = {kind: [review(kind, rng) for _ in range(25)] for kind in KINDS}
        for row, _ in rows:
            counts[row.kind] += 1
            if row.finished:
                history.keep_review(row.id, row.kind, reviews[row.kind][row.id % 25])
                counts["reviewed"] += 1
        index = 0
        while counts.total() - counts["reviewed"] < games:
            row, text = rows[index % len(rows)]
            summary = Summary(row.seed, row.finished, row.summary)
            game_id = history.add(row.kind, text, summary, played_by=row.played_by)
            if row.finished:
                history.keep_review(game_id, row.kind, reviews[row.kind][index % 25])
                counts["reviewed"] += 1
            counts[row.kind] += 1
            index += 1
    return counts


def measure(data: Path, pycache: Path, *words: str) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak megabytes of one command run as a player runs it."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    paths = [str(ROOT), *(p for p in sys.path if p.endswith("site-packages"))]
    env |= {"PYTHONPATH": os.pathsep.join(paths), "PYTHONPYCACHEPREFIX": str(pycache)}
    argv = [sys.executable, "-S", "-c", _MEASURE, "--data-dir", str(data), *words]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False, env=env, cwd=pycache)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(words)} failed: {done.stderr.strip()}")
    return seconds, cpu, int(done.stderr.strip().splitlines()[-1]) / 1024


def best_of(runs: int, data: Path, pycache: Path, *words: str) -> tuple[float, float, float]:
    """The best of ``runs`` runs by CPU time (the first, writing the bytecode, not counted)."""
    measure(data, pycache, *words)
    return min((measure(data, pycache, *words) for _ in range(runs)), key=lambda f: f[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3, help="runs of each command (the best)")
    parser.add_argument("--quick", action="store_true", help="2,000 games, one run")
    args = parser.parse_args()
    if args.quick:
        args.games, args.runs = 2_000, 1
    with tempfile.TemporaryDirectory() as tmp:
        data, bare, pycache = Path(tmp) / "data", Path(tmp) / "bare", Path(tmp) / "pycache"
        pycache.mkdir()
        start = time.perf_counter()
        counts = fill(data, args.games)
        filled = time.perf_counter() - start
        shutil.copytree(data, bare)
        with sqlite3.connect(bare / "history.sqlite3") as conn:
            conn.execute("DELETE FROM reviews")
        size = os.path.getsize(data / "history.sqlite3") / 2**20
        games = counts.total() - counts["reviewed"]
        kinds = {k: v for k, v in counts.items() if k != "reviewed"}
        print(f"history of {games:,} games, {counts['reviewed']:,} of them reviewed: {kinds}")
        print(f"  ({size:.1f} MB, filled in {filled:.1f} s)")
        print(f"target: {TARGET_SECONDS:.0f} s and {TARGET_MB:.0f} MB; the best of "
              f"{args.runs} run(s) by CPU time")  # fmt: skip
        print(f"{'':40} {'wall':>6} {'CPU':>6} {'peak':>8}  {'CPU/1 s':>7} {'peak/100 MB':>11}"
              "  verdict")  # fmt: skip
        for label, where, words in (
            ("cribsol stats (reviewed)", data, ("stats",)),
            ("cribsol stats --json (reviewed)", data, ("stats", "--json")),
            ("cribsol stats --by week (reviewed)", data, ("stats", "--by", "week")),
            ("cribsol stats (no reviews, as before)", bare, ("stats",)),
        ):
            seconds, cpu, peak = best_of(args.runs, where, pycache, *words)
            met = cpu <= TARGET_SECONDS and peak <= TARGET_MB  # the wall waits for neighbours
            print(f"{label:40} {seconds:5.2f}s {cpu:5.2f}s {peak:5.1f} MB  "
                  f"{cpu / TARGET_SECONDS:7.2f} {peak / TARGET_MB:11.2f}  "
                  f"{'met' if met else 'MISSED'}")  # fmt: skip


if __name__ == "__main__":
    main()
