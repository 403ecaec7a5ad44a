"""Benchmark replaying a match record: what resuming a saved match and ``cribsol replay``
do, every card and score checked against the game.

Run: .venv/bin/python scripts/bench/bench_match_replay.py [--seeds N] [--repeat R]
Prints the median time to replay one whole two-game match (standard against easy).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from solitaire.match.game import Match
from solitaire.match.players import EasyPlayer, StandardPlayer, advance
from solitaire.match.record import match_record, replay_match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    texts = []
    for seed in range(args.seeds):
        match = Match(seed, games=2)
        advance(match, (StandardPlayer(), EasyPlayer(random.Random(seed))))
        texts.append(json.dumps(match_record(match, ("standard", "easy"))))
    times = []
    for _ in range(args.repeat):
        for text in texts:
            start = time.process_time()
            replay_match(json.loads(text))
            times.append(time.process_time() - start)
    print(f"replay of a two-game match: median {statistics.median(times) * 1000:.1f} ms CPU")


if __name__ == "__main__":
    main()
