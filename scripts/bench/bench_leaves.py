"""How well leave values predict, on positions none of them was fitted on.

    nice -n 10 .venv/bin/python scripts/bench/bench_leaves.py [--games 60] [--jobs 2] [FILE ...]

Samples leaves the way the fit does (solitaire/tiles/leaves.py): in every position of
self-play games from seeds apart from the fits' own, racks dealt at random, the first k
tiles of each the leave, the target the rack's best score on that board. Each model
predicts the leave's worth; within a position (its means taken out, as in the fit)
the share of the target's variance a model explains is its R^2, and its error the root
mean square. The models are the shipped files (the expert's and the planner's) and any
FILE given, all measured on the same samples side by side.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from solitaire.core.runs import run_tasks
from solitaire.tiles.fit_leaves import SELF_PLAY, SelfPlay, self_play_leaves
from solitaire.tiles.leaves import LEAVES_FILE, PAIR_LEAVES_FILE, LeaveModel, load_leaves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="more leave files to measure")
    parser.add_argument("--games", type=int, default=60, help="self-play games (default 60)")
    parser.add_argument("--seed", type=int, default=2_000_000, help="first seed (default 2000000)")
    parser.add_argument("--player", choices=sorted(SELF_PLAY), default="expert")
    parser.add_argument("--racks", type=int, default=16, help="racks dealt a position")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args()
    models = {LEAVES_FILE: load_leaves(), PAIR_LEAVES_FILE: load_leaves(PAIR_LEAVES_FILE)}
    for path in args.files:
        models[path.name] = LeaveModel.from_dict(json.loads(path.read_text(encoding="utf-8")))
    tasks = [SelfPlay(s, args.player, args.racks) for s in range(args.seed, args.seed + args.games)]
    results, interrupted = run_tasks(self_play_leaves, tasks, args.jobs)
    if interrupted:
        return 130
    groups = [group for games in results for group in games]
    total = 0.0
    errors = dict.fromkeys(models, 0.0)
    count = 0
    for group in groups:
        mean = sum(p for _, p in group) / len(group)
        total += sum((p - mean) ** 2 for _, p in group)
        count += len(group)
        for name, model in models.items():
            values = [model.value(kept) for kept, _ in group]
            value_mean = sum(values) / len(values)
            errors[name] += sum(
                (p - mean - (v - value_mean)) ** 2 for (_, p), v in zip(group, values, strict=True)
            )
    print(f"{count} leaves in {len(groups)} positions of {args.games} {args.player} games")
    print(f"spread of the target within a position: {math.sqrt(total / count):.3f} points (rms)")
    for name, error in errors.items():
        model = models[name]
        print(
            f"  {name:<28} {model.features:<6} from {model.samples:>7} samples: "
            f"R^2 {1 - error / total:.4f}, error {math.sqrt(error / count):.3f} (rms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
