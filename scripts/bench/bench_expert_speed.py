"""Benchmark: the match expert's CPU, before and after pone's opening lead came from the table.

    nice -n 19 .venv/bin/python scripts/bench/bench_expert_speed.py               # 40 games a side
    nice -n 19 .venv/bin/python scripts/bench/bench_expert_speed.py --games 10 --arena-games 10
    nice -n 19 .venv/bin/python scripts/bench/bench_expert_speed.py --strength --b magmacrunch \\
        --strength-games 200 --jobs 2

"Before" is the package at git revision ``--rev`` (by default the tree whose expert
searched pone's opening lead under the honest model), extracted to a temporary folder;
"after" is this tree. Each side runs in processes of its own, the two taking turns
(before, after, after, before: a change of the machine's load weighs on both), and
every figure is CPU time (``time.process_time``), which the neighbours' jobs do not
change:

* every `expert` decision of ``--games`` games against `standard` (game ``i`` dealt
  from seed ``S + i``, the expert in seat ``i % 2``): median and 99th percentile, by
  kind, and the expert's CPU a game;
* the arena, `expert` against `standard` (``solitaire.match.arena.arena``, ``--arena-games``
  paired games from seed ``S``): games per CPU second of the whole run, both players and
  the referee.

The targets (issue 44): p99 at most 0.12 s, the arena at 1.4 games per CPU second or
more; each is printed met or missed.

``--strength`` instead plays the paired arena games (``play_game``: game ``i`` from seed
``S + i // 2``, the expert in seat ``i % 2``) of both sides against each outside player
of ``--b``, on the same seeds, and prints the after side's gain a game, after less
before, in wins and in game points won less lost, with a 95% interval over the games
(most are played alike, so the pairs cancel the cards' luck), and how many games went
otherwise.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BEFORE = "9191723"  # the expert searching pone's opening lead (the honest model's)
TARGETS = {"p99": 0.12, "arena": 1.4}
Z95 = 1.959964


def _kind(view: Any) -> str:
    from solitaire.match.game import Phase

    if view.phase is Phase.DISCARD:
        return "discard"
    if not view.laid and len(view.hand) == view.opponent_held == 4:
        return "opening lead"
    return f"play, {view.opponent_held} hidden"


def work_decisions(seed: int, games: range) -> dict[str, Any]:
    """Every expert decision of these games against standard, in CPU seconds, by kind."""
    from solitaire.match.expert import ExpertPlayer
    from solitaire.match.game import Match
    from solitaire.match.players import StandardPlayer

    expert, standard = ExpertPlayer(), StandardPlayer()
    times: dict[str, list[float]] = defaultdict(list)
    for game in games:
        match = Match(seed + game)
        seats = (expert, standard) if game % 2 == 0 else (standard, expert)
        while (player := match.current_player) is not None:
            view = match.observation(player)
            if seats[player] is expert:
                started = time.process_time()
                action = expert.choose(view)
                times[_kind(view)].append(time.process_time() - started)
            else:
                action = standard.choose(view)
            match.apply(action, player=player)
    return {"times": times}


def work_arena(seed: int, games: int) -> dict[str, Any]:
    """The arena's expert-standard run, its games and the CPU seconds it took."""
    from solitaire.match.arena import arena

    started = time.process_time()
    result = arena("expert", "standard", games, seed=seed)
    return {"games": result.games, "cpu": time.process_time() - started}


def work_strength(seed: int, opponent: str, games: range) -> dict[str, Any]:
    """Paired arena games of expert against ``opponent``: each game's (win, game points won
    less lost) for the expert."""
    from solitaire.match.arena import play_game

    rows = []
    for game in games:
        played = play_game("expert", opponent, seed + game // 2, game % 2)
        mine, theirs = played.stats
        rows.append((game, mine.wins, mine.game_points - theirs.game_points))
    return {"rows": rows}


def _worker(task: list[Any]) -> None:
    kind, *args = task
    if kind == "decisions":
        out = work_decisions(args[0], range(args[1], args[2]))
    elif kind == "arena":
        out = work_arena(args[0], args[1])
    else:
        out = work_strength(args[0], args[1], range(args[2], args[3]))
    print(json.dumps(out))


def _run(package: Path, task: list[Any]) -> dict[str, Any]:
    """One task in a fresh interpreter importing the package at ``package``."""
    env = {**os.environ, "PYTHONPATH": str(package)}
    done = subprocess.run(
        [sys.executable, __file__, "--worker", json.dumps(task)],
        env=env,
        cwd=package,
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def _p99(times: Sequence[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]


def _speed(trees: dict[str, Path], args: argparse.Namespace) -> None:
    half = args.games // 2
    halves = [(0, half), (half, args.games)]
    times: dict[str, dict[str, list[float]]] = {side: defaultdict(list) for side in trees}
    arena_games = dict.fromkeys(trees, 0)
    arena_cpu = dict.fromkeys(trees, 0.0)
    arena_half = args.arena_games // 2 // 2 * 2  # whole pairs
    seeds = [(args.seed, arena_half), (args.seed + arena_half // 2, args.arena_games - arena_half)]
    for turn, order in enumerate((("before", "after"), ("after", "before"))):
        for side in order:
            start, stop = halves[turn]
            found = _run(trees[side], ["decisions", args.seed, start, stop])
            for kind, values in found["times"].items():
                times[side][kind].extend(values)
            first, count = seeds[turn]
            if count:
                ran = _run(trees[side], ["arena", first, count])
                arena_games[side] += ran["games"]
                arena_cpu[side] += ran["cpu"]
            print(f"  {side}: turn {turn + 1} done", flush=True)
    print(
        f"\nexpert's decisions in {args.games} games against standard (seeds {args.seed}-"
        f"{args.seed + args.games - 1}), CPU seconds; before: {args.rev}, after: this tree"
    )
    print(f"{'':<22}{'before':>30}{'after':>30}")
    kinds = sorted({kind for side in times.values() for kind in side})
    for kind in ["all", *kinds]:
        cells = []
        for side in trees:
            values = (
                [t for v in times[side].values() for t in v] if kind == "all" else times[side][kind]
            )
            cells.append(
                f"{len(values):5,}: {statistics.median(values):.4f} {_p99(values):.3f} "
                f"{max(values):.3f}"
                if values
                else "-"
            )
        print(f"{kind:<22}{cells[0]:>30}{cells[1]:>30}")
    print(f"{'':<22}{'(count: median, p99, max)':>60}")
    per_game = {side: sum(sum(v) for v in times[side].values()) / args.games for side in trees}
    print(
        f"expert's CPU a game: before {per_game['before']:.3f} s, after {per_game['after']:.3f} s"
    )
    rate = {side: arena_games[side] / arena_cpu[side] for side in trees if arena_cpu[side]}
    if rate:
        print(
            f"arena expert v standard, {args.arena_games} games a side (seeds {args.seed}-"
            f"{args.seed + args.arena_games // 2 - 1}): before {rate['before']:.2f}, after "
            f"{rate['after']:.2f} games per CPU second"
        )
    p99 = _p99([t for v in times["after"].values() for t in v])
    checks = [(f"p99 decision {p99:.3f} s CPU (target {TARGETS['p99']} s)", p99 <= TARGETS["p99"])]
    if rate:
        checks.append(
            (
                f"arena {rate['after']:.2f} games per CPU second (target {TARGETS['arena']})",
                rate["after"] >= TARGETS["arena"],
            )
        )
    for text, ok in checks:
        print(f"{text}: {'met' if ok else 'MISSED'}")
    print(f"load average {os.getloadavg()[0]:.1f}")


def _strength(trees: dict[str, Path], args: argparse.Namespace) -> None:
    deadline = time.monotonic() + 60 * args.minutes if args.minutes else math.inf
    jobs = [
        (opponent, side, start, min(start + args.block, args.strength_games))
        for start in range(0, args.strength_games, args.block)
        for opponent in args.b
        for side in trees
    ]

    def play(job: tuple[str, str, int, int]) -> tuple[str, str, dict[str, Any] | None]:
        opponent, side, start, stop = job
        if time.monotonic() > deadline:
            return opponent, side, None
        task = ["strength", args.seed, opponent, start, stop]
        return opponent, side, _run(trees[side], task)

    found: dict[tuple[str, str], dict[int, tuple[int, int]]] = defaultdict(dict)
    with ThreadPoolExecutor(args.jobs) as pool:
        for opponent, side, out in pool.map(play, jobs):
            if out is not None:
                for game, win, net in out["rows"]:
                    found[opponent, side][game] = (win, net)
    for opponent in args.b:
        before, after = found[opponent, "before"], found[opponent, "after"]
        games = sorted(set(before) & set(after))
        if len(games) < 2:
            print(f"expert against {opponent}: no games played in time")
            continue
        wins = [after[g][0] - before[g][0] for g in games]
        nets = [after[g][1] - before[g][1] for g in games]
        otherwise = sum(after[g] != before[g] for g in games)
        print(
            f"expert against {opponent}, {len(games)} paired games (game i from seed "
            f"{args.seed} + i // 2): before won {sum(before[g][0] for g in games)}, after "
            f"{sum(after[g][0] for g in games)}; {otherwise} games ended otherwise"
        )
        print(f"  after less before, a game: wins {_interval(wins)}")
        print(f"  game points won less lost {_interval(nets)}")
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)


def _interval(values: list[int]) -> str:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:+.4f} (95% {mean - half:+.4f} to {mean + half:+.4f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default=BEFORE, help="the git revision of the before side")
    parser.add_argument("--games", type=int, default=40, help="games whose decisions are timed")
    parser.add_argument("--arena-games", type=int, default=40, help="arena games a side")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--strength", action="store_true", help="the paired games instead")
    parser.add_argument("--b", nargs="+", default=["magmacrunch", "pycribbage"])
    parser.add_argument("--strength-games", type=int, default=200)
    parser.add_argument("--block", type=int, default=20, help="games a process (strength)")
    parser.add_argument("--jobs", type=int, default=1, help="processes at once (strength)")
    parser.add_argument("--minutes", type=float, help="start no block after this (strength)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(json.loads(args.worker))
        return
    if args.games < 2 or args.block < 2 or args.block % 2:
        parser.error("--games must be 2 or more, --block even")
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "archive", args.rev], cwd=ROOT, check=True, capture_output=True
        ).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(Path(folder) / "before", filter="data")
        trees = {"before": Path(folder) / "before", "after": ROOT}
        if args.strength:
            _strength(trees, args)
        else:
            _speed(trees, args)


if __name__ == "__main__":
    main()
