"""Benchmark: the program's garbage-collector pace against Python's, side by side.

Each workload runs in a fresh interpreter twice per round, once at Python's default
pace and once at the program's (:func:`~solitaire.core.collector.pace_collector`, which
``cribsol`` sets first thing), the two alternated for ``--rounds`` rounds; the CPU
seconds of each run (its own ``time.process_time``) are printed with the ratio of the
medians, and every pair of runs must give the same results (a digest of the records and
reviews they make), or the run fails. Target: the program's pace takes at most 0.85x the
CPU of Python's on the tile workload, and no other is slower beyond the noise (1.03x).

Workloads: ``tiles`` plays a seeded game of the built-in planner against greedy and
reviews it as ``cribsol review`` does; ``match`` plays a seeded match of expert against
standard and reviews it; ``patience`` simulates seeded games with the best strategy.

    nice -n 10 .venv/bin/python scripts/bench/bench_collector.py [--rounds 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from solitaire.core.collector import THRESHOLDS, pace_collector

TARGET_TILES = 0.85  # the program's pace against Python's, CPU, at most
TARGET_OTHERS = 1.03


def _digest(*parts: Any) -> str:
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def tiles(seed: int) -> str:
    """A planner-greedy tile game played and reviewed."""
    from solitaire.tiles.game import TileGame
    from solitaire.tiles.grading import review_game
    from solitaire.tiles.record import load_record
    from solitaire.tiles.registry import make_player

    names = ["planner", "greedy"]
    game = TileGame(seed, len(names))
    seats = [make_player(name, random.Random(seed)) for name in names]
    while not game.is_over:
        game.apply(seats[game.current_player].choose(game.observation(game.current_player)))
    record = game.record(names)
    review = review_game(load_record(json.dumps(record)))
    return _digest(record, review.to_json())


def match(seed: int) -> str:
    """An expert-standard match played and reviewed."""
    from solitaire.match.game import Match
    from solitaire.match.grading import review_match
    from solitaire.match.players import advance
    from solitaire.match.record import load_match_record
    from solitaire.match.registry import make_player

    names = ("expert", "standard")
    played = Match(seed)
    rng = random.Random(seed)
    advance(played, tuple(make_player(name, rng) for name in names))
    record = played.record(names)
    review = review_match(load_match_record(json.dumps(record)))
    return _digest(record, review.to_json())


def patience(seed: int) -> str:
    """Seeded patience games played by the advisor."""
    from solitaire.patience.simulation import simulate

    return _digest(simulate(2000, "best", seed=seed).totals)


WORKLOADS: dict[str, Callable[[int], str]] = {
    "tiles": tiles,
    "match": match,
    "patience": patience,
}


def one(name: str, seed: int, paced: bool) -> dict[str, Any]:
    """Run one workload in this process at the pace asked; its CPU seconds and digest."""
    if paced:
        pace_collector()
    start = time.process_time()
    digest = WORKLOADS[name](seed)
    return {"cpu": time.process_time() - start, "digest": digest}


def _run(name: str, seed: int, paced: bool) -> dict[str, Any]:
    argv = [sys.executable, __file__, "--one", name, "--seed", str(seed)]
    if paced:
        argv.append("--paced")
    out = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out.splitlines()[-1])
    return result


def _each(runs: list[dict[str, Any]]) -> str:
    return ", ".join(f"{run['cpu']:.2f}" for run in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=sorted(WORKLOADS), nargs="+")
    parser.add_argument("--one", choices=sorted(WORKLOADS), help=argparse.SUPPRESS)
    parser.add_argument("--paced", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one, args.seed, args.paced)))
        return 0
    print(f"Python's pace {gc.get_threshold()} against the program's {THRESHOLDS}, ", end="")
    print(f"{args.rounds} rounds, seed {args.seed}; CPU seconds of each run")
    failed = False
    for name in args.only or list(WORKLOADS):
        runs: dict[bool, list[dict[str, Any]]] = {False: [], True: []}
        for round_ in range(args.rounds):
            order = (False, True) if round_ % 2 == 0 else (True, False)
            for paced in order:
                runs[paced].append(_run(name, args.seed, paced))
        digests = {run["digest"] for both in runs.values() for run in both}
        python = statistics.median(run["cpu"] for run in runs[False])
        program = statistics.median(run["cpu"] for run in runs[True])
        ratio = program / python
        target = TARGET_TILES if name == "tiles" else TARGET_OTHERS
        met = ratio <= target and len(digests) == 1
        failed = failed or not met
        same = "same results" if len(digests) == 1 else f"RESULTS DIFFER: {sorted(digests)}"
        print(
            f"{name:9} Python's {python:6.2f} s ({_each(runs[False])})  "
            f"program's {program:6.2f} s ({_each(runs[True])})  "
            f"ratio {ratio:.2f} (target <= {target:.2f}: {'met' if met else 'MISSED'})  {same}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
