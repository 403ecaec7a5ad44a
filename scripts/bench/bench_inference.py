"""How well the opponent's rack is guessed: drawn evenly, or inferred from its last turn.

    nice -n 10 .venv/bin/python scripts/bench/bench_inference.py [--games 24] [--jobs 2]

In expert self-play games (seeds apart from every other run's), at every turn with tiles
in the bag that follows the opponent's play or exchange, each way of guessing deals the
racks the expert's look uses (16) and is measured against the rack the opponent really
holds, side by side on the same positions:

* tiles in common with the real rack, on average over the racks;
* the error of the reply the look expects: the mean of the racks' best plays on the
  board as it stands, against the real rack's best play (root mean square, and the mean
  bias);
* CPU time to deal the racks.

``evenly`` is :func:`~solitaire.tiles.players.sample_racks` (the built-in look's),
``inferred`` :func:`~solitaire.tiles.players.infer_racks` with its default settings, and
``kept known`` a bound, not a player: the tiles the opponent really kept on its last
turn, the rest drawn evenly, as a perfect inference from that turn would deal them.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from solitaire.core.cards import shuffle
from solitaire.core.runs import run_tasks
from solitaire.tiles.game import PlayerView, TileGame
from solitaire.tiles.moves import Exchange, Play
from solitaire.tiles.players import (
    Inference,
    best_replies,
    built_in_expert,
    infer_racks,
    position_seed,
    sample_racks,
)
from solitaire.tiles.tiles import Tile, rack_less

Racks = list[tuple[Tile, ...]]
METHODS = ("evenly", "inferred", "kept known")


@dataclass(frozen=True)
class Task:
    """One self-play game to measure on."""

    seed: int
    samples: int


@dataclass
class Tally:
    """Sums over positions for one way of guessing."""

    positions: int = 0
    common: float = 0.0
    squared: float = 0.0
    bias: float = 0.0
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        """Add another game's sums."""
        self.positions += other.positions
        self.common += other.common
        self.squared += other.squared
        self.bias += other.bias
        self.seconds += other.seconds


def kept_known(view: PlayerView, kept: Sequence[Tile], count: int) -> Racks:
    """The opponent's real kept tiles, the rest of each rack drawn evenly."""
    rng = random.Random(position_seed(view) + 13)
    others = rack_less(view.unseen, kept)
    racks = []
    for _ in range(count):
        rest = list(others)
        shuffle(rest, rng)
        racks.append((*kept, *rest[: 5 - len(kept)]))
    return racks


def measure(task: Task) -> dict[str, Tally]:
    """Play one expert self-play game and measure every way of guessing on its positions."""
    expert = built_in_expert()
    how = Inference()
    tallies = {name: Tally() for name in METHODS}
    game = TileGame(task.seed)
    while not game.is_over:
        player = game.current_player
        view = game.observation(player)
        if view.bag_size and game.turns and view.opponents_tiles == 5:
            turn = game.turns[-1]
            if isinstance(turn.action, Play | Exchange):
                real = game.rack(1 - player)
                kept = rack_less(turn.rack, turn.action.tiles)
                best = best_replies(view, [real])[0]
                actual = best.score if best else 0
                for name in METHODS:
                    start = time.process_time()
                    if name == "evenly":
                        racks = sample_racks(view, task.samples)
                    elif name == "inferred":
                        racks = infer_racks(view, task.samples, expert.leaves.value, how)
                    else:
                        racks = kept_known(view, kept, task.samples)
                    seconds = time.process_time() - start
                    replies = best_replies(view, racks)
                    expected = sum(r.score if r else 0 for r in replies) / len(racks)
                    common = sum(sum((Counter(r) & Counter(real)).values()) for r in racks)
                    tally = tallies[name]
                    tally.positions += 1
                    tally.common += common / len(racks)
                    tally.squared += (expected - actual) ** 2
                    tally.bias += expected - actual
                    tally.seconds += seconds
        game.apply(expert.choose(view))
    return tallies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=24, help="self-play games (default 24)")
    parser.add_argument("--seed", type=int, default=3_000_000, help="first seed (default 3000000)")
    parser.add_argument("--samples", type=int, default=16, help="racks dealt a position")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args()
    tasks = [Task(s, args.samples) for s in range(args.seed, args.seed + args.games)]
    results, interrupted = run_tasks(measure, tasks, args.jobs)
    if interrupted:
        return 130
    totals = {name: Tally() for name in METHODS}
    for tallies in results:
        for name, tally in tallies.items():
            totals[name].add(tally)
    count = totals["evenly"].positions
    print(f"{count} positions of {len(results)} expert self-play games, {args.samples} racks each")
    print(f"{'':12} {'in common':>10} {'reply rmse':>11} {'bias':>7} {'ms a deal':>10}")
    base = math.sqrt(totals["evenly"].squared / max(1, count))
    for name, tally in totals.items():
        n = max(1, tally.positions)
        rmse = math.sqrt(tally.squared / n)
        print(
            f"{name:12} {tally.common / n:10.3f} {rmse:11.2f} {tally.bias / n:+7.2f} "
            f"{1000 * tally.seconds / n:10.1f}   ({rmse / base:.1%} of evenly's error)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
