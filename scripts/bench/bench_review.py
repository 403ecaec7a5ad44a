"""Benchmark: the CPU time of ``cribsol review`` a match and a drill, against the target.

Plays seeded one-game matches (``--a`` against ``--b``) and seeded drills, then reviews
each record (:func:`~solitaire.match.grading.review_match`,
:func:`~solitaire.match.grading.review_drill`) in this process and prints each one's
CPU seconds (the process's, ``time.process_time``), the decisions graded, and the
worst and the median against the target: a whole match reviewed in 5 s of CPU or less.
The first review of the run also loads the coaches' tables; it is timed apart.

    nice -n 19 .venv/bin/python scripts/bench/bench_review.py --seeds 3 4 5 6 7
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from solitaire.match.drill import Drill, drill_record
from solitaire.match.game import Match
from solitaire.match.grading import review_drill, review_match
from solitaire.match.players import advance
from solitaire.match.registry import make_player

TARGET_MATCH = 5.0  # CPU seconds a whole match


def match_record(seed: int, a: str, b: str) -> dict[str, Any]:
    import random

    match = Match(seed)
    rng = random.Random(seed)
    advance(match, (make_player(a, rng), make_player(b, rng)))
    return match.record((a, b))


def drill_of(seed: int, hands: int) -> dict[str, Any]:
    drill = Drill(seed, hands=hands)
    while not drill.is_over:
        if drill.hand_over:
            drill.next_hand()
        else:
            drill.lay(drill.playable()[-1])
    return drill_record(drill)


def timed(review: Any, data: dict[str, Any]) -> tuple[float, int]:
    started = time.process_time()
    graded = review(data)
    return time.process_time() - started, len(graded.decisions())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[3, 4, 5, 6, 7, 8])
    parser.add_argument("--a", default="expert", help="the first seat (default expert)")
    parser.add_argument("--b", default="standard", help="the second seat (default standard)")
    parser.add_argument("--hands", type=int, default=8, help="a drill's hands (default 8)")
    args = parser.parse_args()

    first, _ = timed(review_drill, drill_of(0, 1))  # the tables load with the first review
    print(f"first review of the run (a one-hand drill, tables loaded): {first:.2f} s CPU")

    matches = []
    for seed in args.seeds:
        seconds, graded = timed(review_match, match_record(seed, args.a, args.b))
        matches.append(seconds)
        print(f"match seed {seed} ({args.a} v {args.b}): {graded} decisions, {seconds:.2f} s CPU")
    drills = []
    for seed in args.seeds:
        seconds, graded = timed(review_drill, drill_of(seed, args.hands))
        drills.append(seconds)
        print(f"drill seed {seed} ({args.hands} hands): {graded} decisions, {seconds:.2f} s CPU")

    worst = max(matches)
    print(
        f"a match: median {statistics.median(matches):.2f} s CPU, worst {worst:.2f} s; "
        f"target {TARGET_MATCH:.0f} s: {'met' if worst <= TARGET_MATCH else 'missed'}"
    )
    print(
        f"a drill of {args.hands} hands: median {statistics.median(drills):.2f} s CPU, "
        f"worst {max(drills):.2f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
