"""Benchmark: the expert that weighs skunks in a series against the one that plays to win.

    .venv/bin/python scripts/bench_skunks.py --series 1000 --jobs 2
    .venv/bin/python scripts/bench_skunks.py --series 2000 --games 3 --minutes 40

Each series (``--games`` games, seed ``S + i``) is played by ``expert`` in seat 0
against ``standard``, twice: once by the expert as it plays (game points weighed near
the end of a series, :func:`~solitaire.match.decide.endgame.series_stakes`) and once
by ``ExpertPlayer(skunks=False)``, which plays every game to win it. The two play the
same cards until the first decision where they differ, so a series is played once up
to there and then forked: the same deals, the same opponent (``standard`` chooses the
same card in the same position), only the expert's own choices apart. Printed: how
many series forked, the expert's net game points per series (won less lost) both
ways, and their paired difference with a 95% interval; the wins and skunks both ways.

Series are played in blocks of ``--block``; each finished block is saved at once in
``results/match/skunks-GAMES-SEED-N.json`` and read instead of played the next time,
so a stopped run loses only the block under way. Delete the blocks when the expert's
choices change.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from solitaire.match.decide.endgame import is_near_end
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Match
from solitaire.match.players import StandardPlayer, advance

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "results" / "match"
EXPERT = 0  # the expert's seat


def _finish(match: Match, expert: ExpertPlayer) -> dict[str, int]:
    """Play the series to its end; the expert's net game points, wins and skunks."""
    advance(match, [expert, StandardPlayer()])
    won = [r for r in match.results if r.winner == EXPERT]
    lost = [r for r in match.results if r.winner != EXPERT]
    return {
        "net": sum(r.game_points for r in won) - sum(r.game_points for r in lost),
        "wins": len(won),
        "skunks_laid": sum(r.skunk > 0 for r in won),
        "skunks_taken": sum(r.skunk > 0 for r in lost),
    }


def play_series(task: tuple[int, int]) -> dict[str, Any]:
    """One series both ways, forked at the first decision where the two experts differ."""
    seed, games = task
    weighing, plain, standard = ExpertPlayer(), ExpertPlayer(skunks=False), StandardPlayer()
    match = Match(seed, games=games)
    while (seat := match.current_player) is not None:
        view = match.observation(seat)
        if seat != EXPERT:
            match.apply(standard.choose(view), player=seat)
            continue
        choice = weighing.choose(view)
        if is_near_end(view) and games > 1:
            other = plain.choose(view)
            if other != choice:
                forked = copy.deepcopy(match)
                forked.apply(other, player=seat)
                match.apply(choice, player=seat)
                weighed, played = _finish(match, weighing), _finish(forked, plain)
                return {"seed": seed, "forked": True, "weighing": weighed, "plain": played}
        match.apply(choice, player=seat)
    same = _finish(match, weighing)
    return {"seed": seed, "forked": False, "weighing": same, "plain": same}


def _blocks(args: argparse.Namespace, started: float) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    RESULTS.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(args.jobs) as pool:
        for first in range(args.seed, args.seed + args.series, args.block):
            path = RESULTS / f"skunks-{args.games}-{first}-{args.block}.json"
            if path.exists():
                rows += json.loads(path.read_text())
                continue
            if args.minutes is not None and time.perf_counter() - started > 60 * args.minutes:
                break
            tasks = [(seed, args.games) for seed in range(first, first + args.block)]
            block = list(pool.map(play_series, tasks))
            path.write_text(json.dumps(block) + "\n")
            rows += block
            print(f"  {len(rows):,} series, {sum(r['forked'] for r in rows):,} forked", flush=True)
    return rows


def _report(rows: list[dict[str, Any]], games: int) -> None:
    n = len(rows)
    if not n:
        print("no series played")
        return
    diffs = [r["weighing"]["net"] - r["plain"]["net"] for r in rows]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1))
    half = 1.96 * sd / math.sqrt(n)
    print(f"{n:,} series of {games} games, expert (seat 0) v standard; "
          f"{sum(r['forked'] for r in rows):,} forked")  # fmt: skip
    for side in ("weighing", "plain"):
        total = {key: sum(r[side][key] for r in rows) for key in rows[0][side]}
        print(f"  {side:8}: net game points {total['net'] / n:+.4f} a series; "
              f"games won {total['wins'] / (n * games):.2%}; "
              f"skunks laid {total['skunks_laid']:,}, taken {total['skunks_taken']:,}")  # fmt: skip
    low, high = mean - half, mean + half
    print(f"  weighing less plain: {mean:+.4f} game points a series "
          f"(95% {low:+.4f} to {high:+.4f}), {mean / games:+.4f} a game")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--series", type=int, default=1000)
    parser.add_argument("--games", type=int, default=3, help="games a series (2 or more)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--block", type=int, default=50, help="series per block")
    parser.add_argument("--minutes", type=float, help="stop after the block that passes this")
    args = parser.parse_args()
    if args.games < 2 or args.series % args.block:
        parser.error("--games must be 2 or more, and --block must divide --series")
    _report(_blocks(args, time.perf_counter()), args.games)


if __name__ == "__main__":
    main()
