"""Benchmark: `expert` against `standard` and the outside players, paired on the same seeds.

For each opponent: the arena's table (wins with a 95% Wilson interval, game points,
skunks, points per deal by role beside the published averages, decision times),
then the issue's targets checked on this run's figures: the lower end of the
interval above 55%, pegging at or above about 3.5 (dealer) and 2.1 (pone) per
deal, each expert decision at most 0.1 s median and 0.5 s at the 99th percentile.
Times are wall-clock on a shared machine: the load average is printed beside them.

    .venv/bin/python scripts/bench_expert.py                          # 2,000 games each
    .venv/bin/python scripts/bench_expert.py --b standard --games 200 --jobs 2
    .venv/bin/python scripts/bench_expert.py --b standard --minutes 60  # stop at a time

``--cpu-games N`` first plays N games against ``standard`` in this process and
times every expert decision in CPU seconds as well (what the search costs, apart
from the machine's load), by the kind of decision.

Games are played in blocks of ``--block`` (whole pairs: block ``k`` starts at seed
``S + k * block / 2``, so the games are those of one long run); after each block a
line of progress is printed, and ``--minutes`` stops after the block that passes it.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections import defaultdict

from rich.console import Console

from solitaire.cli.arena_commands import arena_table
from solitaire.match.arena import ArenaResult, arena, arena_players
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Match, Observation, Phase
from solitaire.match.players import StandardPlayer
from solitaire.ui.views import THEME

TARGETS = {"win_low": 0.55, "dealer_pegs": 3.5, "pone_pegs": 2.1, "median": 0.1, "p99": 0.5}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--b",
        nargs="+",
        default=["standard", "magmacrunch", "pycribbage"],
        choices=[name for name in arena_players() if name != "expert"],
    )
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt from seed S + i // 2")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--block", type=int, default=100, help="games per block (even)")
    parser.add_argument("--minutes", type=float, help="stop after the block that passes this")
    parser.add_argument("--cpu-games", type=int, default=0, help="games timed in CPU seconds")
    args = parser.parse_args()
    if args.block < 2 or args.block % 2:
        parser.error("--block must be an even number of games, 2 or more")
    console = Console(theme=THEME, width=100)
    if args.cpu_games:
        cpu_times(args.cpu_games, args.seed)
    for opponent in args.b:
        started = time.perf_counter()
        result = _blocks(opponent, args, started)
        elapsed = time.perf_counter() - started
        console.print(arena_table(result))
        share, low, high = result.win_share(0)
        roles = result.stats(0).roles
        dealer = roles["dealer"].mean("pegged")
        pone = roles["pone"].mean("pegged")
        median, p99, decisions = result.times(0)
        checks = [
            (f"wins {share:.1%}, 95% {low:.1%} to {high:.1%}", low > TARGETS["win_low"]),
            (f"pegs {float(dealer or 0):.2f} as dealer", (dealer or 0) >= TARGETS["dealer_pegs"]),
            (f"{float(pone or 0):.2f} as pone", (pone or 0) >= TARGETS["pone_pegs"]),
            (f"decides in {median:.3f} s median", median <= TARGETS["median"]),
            (f"{p99:.3f} s p99 ({decisions:,} decisions)", p99 <= TARGETS["p99"]),
        ]
        print(
            f"expert v {opponent}: "
            + "; ".join(f"{text} [{'met' if ok else 'NOT met'}]" for text, ok in checks)
        )
        print(
            f"{result.games:,} games{' (interrupted)' if result.interrupted else ''}, "
            f"seeds {args.seed}-{args.seed + (result.games - 1) // 2}, {elapsed:.0f} s, "
            f"{args.jobs} job(s), load average {os.getloadavg()[0]:.1f}"
        )
        if result.interrupted:
            break


def _kind(view: Observation) -> str:
    if view.phase is Phase.DISCARD:
        return "discard"
    return f"play, {view.opponent_held} hidden"


def cpu_times(games: int, seed: int) -> None:
    """Every expert decision of ``games`` games against standard, in CPU and wall seconds."""
    expert, standard = ExpertPlayer(), StandardPlayer()
    cpu: dict[str, list[float]] = defaultdict(list)
    wall: list[float] = []
    for game in range(games):
        match = Match(seed + game)
        seats = (expert, standard) if game % 2 == 0 else (standard, expert)
        while (player := match.current_player) is not None:
            view = match.observation(player)
            if seats[player] is expert:
                started, clock = time.process_time(), time.perf_counter()
                action = expert.choose(view)
                cpu[_kind(view)].append(time.process_time() - started)
                wall.append(time.perf_counter() - clock)
            else:
                action = standard.choose(view)
            match.apply(player, action)
    every = sorted(t for times in cpu.values() for t in times)
    print(f"expert's decisions in {games} games against standard, seeds {seed}-{seed + games - 1}:")
    print(
        f"  all {len(every):,}: CPU median {statistics.median(every):.4f} s, "
        f"p99 {_p99(every):.3f} s, max {every[-1]:.3f} s; wall median "
        f"{statistics.median(wall):.4f} s, p99 {_p99(sorted(wall)):.3f} s "
        f"(load average {os.getloadavg()[0]:.1f})"
    )
    for kind, times in sorted(cpu.items()):
        times.sort()
        print(
            f"  {kind:<17} {len(times):5,}: CPU median {statistics.median(times):.4f} s, "
            f"p99 {_p99(times):.3f} s, max {times[-1]:.3f} s"
        )


def _p99(times: list[float]) -> float:
    return times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)]


def _blocks(opponent: str, args: argparse.Namespace, started: float) -> ArenaResult:
    """The games of one long run, played block by block, stopped early by --minutes."""
    games: list[ArenaResult] = []
    done = 0
    while done < args.games:
        size = min(args.block, args.games - done)
        block = arena("expert", opponent, size, seed=args.seed + done // 2, jobs=args.jobs)
        games.append(block)
        done += block.games
        minutes = (time.perf_counter() - started) / 60
        wins = sum(b.stats(0).wins for b in games)
        print(f"  {done:,} games, expert {wins:,} wins, {minutes:.1f} min", flush=True)
        if block.interrupted or (args.minutes is not None and minutes >= args.minutes):
            break
    results = tuple(game for block in games for game in block.results)
    return ArenaResult(
        "expert", opponent, args.seed, args.games, results, interrupted=done < args.games
    )


if __name__ == "__main__":
    main()
