"""Benchmark: the expert near the end of a game against a version of itself that plays it otherwise.

    .venv/bin/python scripts/bench/bench_near_end.py --compare skunks --series 2000 --games 3 \
        --jobs 2
    .venv/bin/python scripts/bench/bench_near_end.py --compare endgame --series 4000 --games 1 \
        --jobs 2

Two comparisons (``--compare``), each of ``expert`` as it plays (the new) against:

* ``skunks``: ``ExpertPlayer(skunks=False)``, which plays every game of a series to win
  it, where the expert weighs game points near the end of a series
  (:func:`~solitaire.match.decide.endgame.series_stakes`); ``--games`` 2 or more;
* ``endgame``: the expert whose play to win near the end lets the opponent see every
  card from its card on (``play_chances`` with the ``"open"`` model: the expert before
  its opponent answered blind there too).

Each series (``--games`` games, seed ``S + i``) is played by the expert in seat 0
against ``standard``, twice: once by the new and once by the old. The two play the
same cards until the first decision near the end where they differ, so a series is
played once up to there and then forked: the same deals, the same opponent
(``standard`` chooses the same card in the same position), only the expert's own
choices apart. Printed: how many series forked, the expert's net game points per
series (won less lost) both ways, and their paired difference with a 95% interval;
the wins and skunks both ways.

Series are played in blocks of ``--block``; each finished block is saved at once in
``--blocks`` (``results/match/``) as ``COMPARE-GAMES-SEED-N.json`` and read instead of
played the next time, so a stopped run loses only the block under way. Move the blocks
away when the expert's choices change: ``results/match/before-blind-end/`` keeps those
of the expert before its play to win answered blind (read them with ``--blocks``).
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

from solitaire.match.decide import endgame, values
from solitaire.match.decide.endgame import is_near_end
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Action, Match, Observation
from solitaire.match.players import StandardPlayer, advance

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "results" / "match"
EXPERT = 0  # the expert's seat
SIDES = {"skunks": ("weighing", "plain"), "endgame": ("blind", "open")}
"""What the new and the old are called in each comparison (and in its saved blocks)."""


class OpenEndgame(ExpertPlayer):
    """The expert whose play to win lets the opponent see every card from its card on."""

    def choose(self, view: Observation) -> Action:
        """As :class:`ExpertPlayer`, with ``play_chances`` on the open model."""
        names = vars(values)  # the values look play_chances up at each call
        names["play_chances"] = _open_chances
        try:
            return super().choose(view)
        finally:
            names["play_chances"] = endgame.play_chances


def _open_chances(
    view: Observation, hidden: Any = None, stakes: int = 0, model: Any = "honest"
) -> Any:
    return endgame.play_chances(view, hidden, stakes, "open")


def _players(compare: str) -> tuple[ExpertPlayer, ExpertPlayer]:
    if compare == "skunks":
        return ExpertPlayer(), ExpertPlayer(skunks=False)
    return ExpertPlayer(), OpenEndgame()


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


def play_series(task: tuple[str, int, int]) -> dict[str, Any]:
    """One series both ways, forked at the first decision where the two experts differ."""
    compare, seed, games = task
    (new, old), standard = _players(compare), StandardPlayer()
    match = Match(seed, games=games)
    while (seat := match.current_player) is not None:
        view = match.observation(seat)
        if seat != EXPERT:
            match.apply(standard.choose(view), player=seat)
            continue
        choice = new.choose(view)
        if is_near_end(view):
            other = old.choose(view)
            if other != choice:
                forked = copy.deepcopy(match)
                forked.apply(other, player=seat)
                match.apply(choice, player=seat)
                by_new, by_old = _finish(match, new), _finish(forked, old)
                return {"seed": seed, "forked": True, "new": by_new, "old": by_old}
        match.apply(choice, player=seat)
    same = _finish(match, new)
    return {"seed": seed, "forked": False, "new": same, "old": same}


def _read(path: Path, compare: str) -> list[dict[str, Any]]:
    """A saved block; the skunk blocks saved before both comparisons named their sides."""
    rows: list[dict[str, Any]] = json.loads(path.read_text())
    names = SIDES[compare]
    for row in rows:
        for side, name in zip(("new", "old"), names, strict=True):
            if name in row:
                row[side] = row.pop(name)
    return rows


def _blocks(args: argparse.Namespace, started: float) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    args.blocks.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(args.jobs) as pool:
        for first in range(args.seed, args.seed + args.series, args.block):
            path = args.blocks / f"{args.compare}-{args.games}-{first}-{args.block}.json"
            if path.exists():
                rows += _read(path, args.compare)
                continue
            if args.minutes is not None and time.perf_counter() - started > 60 * args.minutes:
                break
            tasks = [(args.compare, seed, args.games) for seed in range(first, first + args.block)]
            block = list(pool.map(play_series, tasks))
            path.write_text(json.dumps(block) + "\n")
            rows += block
            print(f"  {len(rows):,} series, {sum(r['forked'] for r in rows):,} forked", flush=True)
    return rows


def _report(rows: list[dict[str, Any]], compare: str, games: int) -> None:
    n = len(rows)
    if not n:
        print("no series played")
        return
    names = SIDES[compare]
    diffs = [r["new"]["net"] - r["old"]["net"] for r in rows]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1))
    half = 1.96 * sd / math.sqrt(n)
    print(f"{n:,} series of {games} games, expert (seat 0) v standard; "
          f"{sum(r['forked'] for r in rows):,} forked")  # fmt: skip
    for side, name in zip(("new", "old"), names, strict=True):
        total = {key: sum(r[side][key] for r in rows) for key in rows[0][side]}
        print(f"  {name:8}: net game points {total['net'] / n:+.4f} a series; "
              f"games won {total['wins'] / (n * games):.2%}; "
              f"skunks laid {total['skunks_laid']:,}, taken {total['skunks_taken']:,}")  # fmt: skip
    low, high = mean - half, mean + half
    print(f"  {names[0]} less {names[1]}: {mean:+.4f} game points a series "
          f"(95% {low:+.4f} to {high:+.4f}), {mean / games:+.4f} a game")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", choices=sorted(SIDES), default="skunks")
    parser.add_argument("--series", type=int, default=1000)
    parser.add_argument("--games", type=int, default=3, help="games a series")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--block", type=int, default=50, help="series per block")
    parser.add_argument("--minutes", type=float, help="stop after the block that passes this")
    parser.add_argument("--blocks", type=Path, default=RESULTS, help="where blocks are kept")
    args = parser.parse_args()
    if args.games < 1 or args.series % args.block:
        parser.error("--games must be 1 or more, and --block must divide --series")
    if args.compare == "skunks" and args.games < 2:
        parser.error("skunks count in a series: --games 2 or more")
    _report(_blocks(args, time.perf_counter()), args.compare, args.games)


if __name__ == "__main__":
    main()
