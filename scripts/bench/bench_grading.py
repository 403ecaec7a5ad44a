"""Benchmark the reviews: the CPU time of grading a patience game and a tile game.

Run: nice -n 19 .venv/bin/python scripts/bench/bench_grading.py [--seed 1] [--games 4]
     [--players planner,greedy] [--patience 20]
Targets (issue 45): a tile game reviewed in at most 30 s of CPU, every seat's every move
(the planner's ranking at each, as the hints compute it); a patience game, which the issue
gives no figure of its own, within a match's 5 s.

The games are played first (not timed): ``--patience`` patience games of ``random`` (a
game with costly rounds) from seed ``--seed`` on, and ``--games`` tile games of
``--players`` (2 to 4 computer levels) from the same seed. Each is then reviewed from its
record as ``cribsol review`` will (:func:`solitaire.patience.grading.review_game`,
:func:`solitaire.tiles.grading.review_game`), the CPU time taken by the process measured
around it. The patience's first review fills the advisor's caches, so it is
shown apart. The report: each tile game's decisions, CPU seconds and each seat's points
lost (the planner's seat, graded by its own valuation, should lose 0), then the median
and the slowest against the target, and "met" or "missed".
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from solitaire.core.words import plural
from solitaire.patience.game import Game
from solitaire.patience.grading import review_game as review_patience
from solitaire.patience.record import game_record
from solitaire.patience.strategy import make_strategy, play_out
from solitaire.tiles.game import TileGame
from solitaire.tiles.grading import review_game as review_tiles
from solitaire.tiles.levels import PLAYERS
from solitaire.tiles.record import load_record
from solitaire.tiles.registry import make_player

TILE_TARGET = 30.0
PATIENCE_TARGET = 5.0


def tile_record(names: list[str], seed: int) -> dict[str, Any]:
    """A tile game of these computer levels, played to its end, as its record reads back."""
    game = TileGame(seed, len(names))
    seats = [make_player(name, random.Random(seed)) for name in names]
    while not game.is_over:
        game.apply(seats[game.current_player].choose(game.observation(game.current_player)))
    return load_record(json.dumps(game.record(names)))


def cpu(run: Any) -> tuple[Any, float]:
    """What ``run()`` returns and the process's CPU seconds it took."""
    start = time.process_time()
    out = run()
    return out, time.process_time() - start


def verdict(worst: float, target: float) -> str:
    return "met" if worst <= target else "missed"


def bench_patience(seed: int, games: int) -> bool:
    """Time the patience's reviews; whether the slowest met the target."""
    records = []
    for number in range(seed, seed + games):
        game = play_out(Game.from_seed(number), make_strategy("random", random.Random(number)))
        records.append(json.loads(json.dumps(game_record(game))))
    times = []
    for record in records:
        _, spent = cpu(lambda record=record: review_patience(record))
        times.append(spent)
    first, rest = times[0], times[1:] or times
    worst = max(rest)
    print(f"patience: {plural(games, 'game')} of random from seed {seed}, each 6 discards graded")
    print(f"  first review (caches cold): {first:.3f} s CPU")
    print(
        f"  then: median {statistics.median(rest):.4f} s, slowest {worst:.4f} s CPU"
        f" (target {PATIENCE_TARGET:g} s): {verdict(max(times), PATIENCE_TARGET)}"
    )
    return max(times) <= PATIENCE_TARGET


def bench_tiles(seed: int, games: int, names: list[str]) -> bool:
    """Time the tile game's reviews; whether the slowest met the target."""
    print(f"tiles: {plural(games, 'game')} of {' against '.join(names)} from seed {seed}")
    times = []
    for number in range(seed, seed + games):
        record = tile_record(names, number)
        review, spent = cpu(lambda record=record: review_tiles(record))
        times.append(spent)
        decisions = len(review.decisions())
        lost = ", ".join(
            f"{s.name} {s.lost:.1f} lost ({s.accuracy:.0%} best)" for s in review.seats
        )
        print(
            f"  seed {number}: {plural(len(record['turns']), 'turn')},"
            f" {plural(decisions, 'decision')},"
            f" {spent:.1f} s CPU ({spent / max(1, decisions):.2f} s each); {lost}"
        )
    worst = max(times)
    print(
        f"  median {statistics.median(times):.1f} s, slowest {worst:.1f} s CPU a game"
        f" (target {TILE_TARGET:g} s): {verdict(worst, TILE_TARGET)}"
    )
    return worst <= TILE_TARGET


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--games", type=int, default=4, help="tile games (default 4)")
    parser.add_argument("--patience", type=int, default=20, help="patience games (default 20)")
    parser.add_argument(
        "--players", default="planner,greedy", help="the tile game's levels (planner,greedy)"
    )
    args = parser.parse_args(argv)
    names = args.players.split(",")
    if not 2 <= len(names) <= 4 or any(name not in PLAYERS for name in names):
        parser.error(f"--players: 2 to 4 of {', '.join(PLAYERS)}, by commas")
    if args.games < 1 or args.patience < 1 or args.seed < 0:
        parser.error("--games and --patience from 1, --seed from 0")
    met = bench_patience(args.seed, args.patience)
    met = bench_tiles(args.seed, args.games, names) and met
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
