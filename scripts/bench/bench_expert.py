"""Benchmark: `expert` against `standard` and the outside players, paired on the same seeds.

For each opponent: the arena's table (wins with a 95% Wilson interval, game points,
skunks, points per deal by role beside the published averages), then the issue's
targets checked on these figures: the lower end of the interval above 55%, pegging
about 3.5 (dealer) and 2.1 (pone) per deal or more (at one decimal), and (with ``--cpu-games``)
each expert decision at most 0.1 s median and 0.5 s at the 99th percentile.

    .venv/bin/python scripts/bench/bench_expert.py                          # 2,000 games each
    .venv/bin/python scripts/bench/bench_expert.py --b standard --games 200 --jobs 2
    .venv/bin/python scripts/bench/bench_expert.py --b standard --minutes 60  # stop at a time

Games are played in blocks of ``--block`` games (whole pairs: block ``k`` starts at
seed ``S + k * block / 2``, so the blocks are the games of one long run). Each
finished block is saved at once in ``results/match/`` as what ``cribsol arena
--json`` prints for it (``expert-OPPONENT-SEED-GAMES.json``); a block already saved
is read instead of played, so a stopped run loses only the block under way, and
running the same command again plays only what is missing. The saved blocks are
the results of the code they were played with: delete them when expert's choices
change. ``--minutes`` stops playing after the block that passes it.

``--cpu-games N`` first plays N games against ``standard`` in this process and
times every expert decision in CPU seconds (what the search costs, apart from the
machine's load), by the kind of decision: the speed targets are checked on these.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

from rich.console import Console

from solitaire.cli.arena_commands import results_table
from solitaire.cluster import run_on
from solitaire.core.errors import InputError
from solitaire.core.runs import Executor, wilson
from solitaire.match.arena import arena, arena_players, read_block
from solitaire.match.decide.search import Model
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Match, Observation, Phase
from solitaire.match.players import StandardPlayer
from solitaire.match.stats import MatchStats, combined
from solitaire.ui.views import THEME

TARGETS = {"win_low": 0.55, "dealer_pegs": 3.5, "pone_pegs": 2.1, "median": 0.1, "p99": 0.5}
RESULTS = Path(__file__).resolve().parents[2] / "results" / "match"
MAX_BLOCK_BYTES = 100_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--b",
        nargs="+",
        default=["standard", "magmacrunch", "pycribbage", "pycribbage-random"],
        choices=[name for name in arena_players() if name != "expert"],
    )
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt from seed S + i // 2")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play on this Dask scheduler's workers (docs/CLUSTER.md)",
    )
    parser.add_argument("--block", type=int, default=100, help="games per block (even)")
    parser.add_argument("--minutes", type=float, help="stop after the block that passes this")
    parser.add_argument("--cpu-games", type=int, default=0, help="games timed in CPU seconds")
    args = parser.parse_args()
    if args.block < 2 or args.block % 2 or args.games % args.block:
        parser.error("--block must be an even number of games, 2 or more, dividing --games")
    console = Console(theme=THEME, width=100)
    speed = cpu_times(args.cpu_games, args.seed) if args.cpu_games else None
    started = time.perf_counter()
    with run_on(args.cluster) as executor:
        for opponent in args.b:
            _report(console, opponent, args, speed, *_blocks(opponent, args, started, executor))


def _report(
    console: Console,
    opponent: str,
    args: argparse.Namespace,
    speed: tuple[float, float] | None,
    games: int,
    stats: tuple[MatchStats, MatchStats],
) -> None:
    """The table against one opponent, and the targets checked on it."""
    console.print(results_table(("expert", opponent), stats, games))
    wins = stats[0].wins
    low, high = wilson(wins, games)
    dealer = stats[0].roles["dealer"].mean("pegged")
    pone = stats[0].roles["pone"].mean("pegged")
    checks = [
        (
            f"wins {wins / max(games, 1):.1%}, 95% {low:.1%} to {high:.1%}",
            low > TARGETS["win_low"] and games >= args.games,
        ),
        (
            f"pegs {float(dealer or 0):.2f} as dealer (about 3.5)",
            _about(dealer, TARGETS["dealer_pegs"]),
        ),
        (f"{float(pone or 0):.2f} as pone (about 2.1)", _about(pone, TARGETS["pone_pegs"])),
    ]
    if speed is not None:
        median, p99 = speed
        checks.append((f"decides in {median:.3f} s CPU median", median <= TARGETS["median"]))
        checks.append((f"{p99:.3f} s CPU p99", p99 <= TARGETS["p99"]))
    print(
        f"expert v {opponent}: "
        + "; ".join(f"{text} [{'met' if ok else 'NOT met'}]" for text, ok in checks)
    )
    print(
        f"{games:,} of {args.games:,} games, seeds {args.seed}-"
        f"{args.seed + (games - 1) // 2}; load average {os.getloadavg()[0]:.1f}\n"
    )


def _about(mean: Fraction | None, published: float) -> bool:
    """Within the published average ("about 3.5") or above: at one decimal, at least it."""
    return mean is not None and round(float(mean), 1) >= published


def _blocks(
    opponent: str, args: argparse.Namespace, started: float, executor: Executor | None
) -> tuple[int, tuple[MatchStats, MatchStats]]:
    """Every block of the run against ``opponent``: read when saved, else played and saved."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    games = 0
    parts: tuple[list[MatchStats], list[MatchStats]] = ([], [])
    for first in range(0, args.games, args.block):
        seed = args.seed + first // 2
        path = RESULTS / f"expert-{opponent}-{seed}-{args.block}.json"
        if path.exists():
            summary = path.read_bytes()[:MAX_BLOCK_BYTES]
            how = "saved"
        else:
            if args.minutes is not None and (time.perf_counter() - started) / 60 >= args.minutes:
                break
            block = arena(
                "expert", opponent, args.block, seed=seed, jobs=args.jobs, executor=executor
            )
            if block.interrupted:
                break
            summary = json.dumps(block.to_dict(), indent=1).encode()
            temporary = path.with_suffix(".tmp")
            temporary.write_bytes(summary)
            temporary.replace(path)
            how = f"played, {(time.perf_counter() - started) / 60:.1f} min"
        try:
            sides = read_block(json.loads(summary), "expert", opponent, seed, args.block)
        except InputError as error:
            raise SystemExit(f"results/match: {error}") from None
        for side, part in enumerate(sides):
            parts[side].append(part)
        games += args.block
        wins = sum(part.wins for part in parts[0])
        print(f"  {opponent}: {games:,} games ({how}), expert {wins:,} wins", flush=True)
    return games, (combined(parts[0]), combined(parts[1]))


def _kind(view: Observation) -> str:
    if view.phase is Phase.DISCARD:
        return "discard"
    return f"play, {view.opponent_held} hidden"


def cpu_times(games: int, seed: int) -> tuple[float, float]:
    """Every expert decision of ``games`` games against standard, in CPU and wall seconds,
    by kind: the expert's, then beside it the open model's (the expert before its honest
    model of the opponent, on the same games); returns the expert's CPU median and 99th
    percentile of all."""
    speed = _cpu_times(games, seed, "honest")
    _cpu_times(games, seed, "open")
    return speed


def _cpu_times(games: int, seed: int, model: Model) -> tuple[float, float]:
    expert, standard = ExpertPlayer(model), StandardPlayer()
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
            match.apply(action, player=player)
    every = sorted(t for times in cpu.values() for t in times)
    print(
        f"expert's decisions ({model} model) in {games} games against standard, "
        f"seeds {seed}-{seed + games - 1}:"
    )
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
    return statistics.median(every), _p99(every)


def _p99(times: list[float]) -> float:
    return times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)]


if __name__ == "__main__":
    main()
