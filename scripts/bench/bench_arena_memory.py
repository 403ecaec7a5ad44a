"""How the arenas' memory grows with the games they play: the main process's resident
size sampled block by block, for the match arena (``cribsol arena``) and the tile arena
(``cribsol tiles arena``), each as the command runs it (totals only).

Two ways for each arena:

- **played**: real games (``easy`` v ``easy``, ``greedy`` v ``greedy``) over ``--jobs``
  processes, as many as fit in minutes on a shared machine (``--match-games``,
  ``--tile-games``: a match game takes about 10 ms of CPU, a tile game about half a
  second, so 200,000 real tile games would take a day);
- **bookkeeping**: ``--games`` (200,000) games through the same run, totals and decision
  time summary, each game's result made up in this process (real results and decision
  times drawn at random) instead of played: what the run itself keeps, at full length.

Each block prints its games, resident megabytes and the growth since the end of the
first block, as it finishes (``--out FILE`` appends each block as a JSON line too, so a
stopped run loses little); each run ends with its growth per 1,000 games and that growth
projected to ``--games``. Target (issue 24): flat, whatever the number of games.

    nice -n 15 .venv/bin/python scripts/bench/bench_arena_memory.py
    nice -n 15 .venv/bin/python scripts/bench/bench_arena_memory.py --quick
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solitaire.match import arena as match_arena
from solitaire.tiles import arena as tile_arena

Run = Callable[[int, Callable[[int], None]], object]


def resident_mb() -> float:
    """This process's resident set size in megabytes (Linux)."""
    fields = Path("/proc/self/statm").read_text().split()
    return int(fields[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


class Blocks:
    """The resident size at the end of each block of games, printed as it comes."""

    def __init__(self, label: str, games: int, block: int, out: Path | None) -> None:
        self.label, self.games, self.block, self.out = label, games, block, out
        self.done = 0
        self.samples: list[tuple[int, float]] = [(0, resident_mb())]
        self.started = time.perf_counter()
        print(f"{label}: {games:,} games, blocks of {block:,}", flush=True)

    def advance(self, count: int) -> None:
        before, self.done = self.done, self.done + count
        if self.done // self.block > before // self.block or self.done == self.games:
            self.samples.append((self.done, resident_mb()))
            self.report_block()

    def report_block(self) -> None:
        done, mb = self.samples[-1]
        base = self.samples[min(1, len(self.samples) - 1)][1]
        seconds = time.perf_counter() - self.started
        print(f"  {done:>9,} games {mb:7.1f} MB  ({mb - base:+.1f} since the first block, "
              f"{seconds:.0f} s)", flush=True)  # fmt: skip
        if self.out is not None:
            with self.out.open("a") as handle:
                line = {"run": self.label, "games": done, "mb": round(mb, 2), "s": round(seconds)}
                handle.write(json.dumps(line) + "\n")

    def summary(self, projected: int) -> None:
        (first, low), (last, high) = self.samples[min(1, len(self.samples) - 1)], self.samples[-1]
        per = (high - low) / max(1, last - first) * 1000
        over = per * projected / 1000
        print(f"  growth after the first block: {per:+.4f} MB per 1,000 games "
              f"({over:+.1f} MB over {projected:,} games)", flush=True)  # fmt: skip


def made_up_match_game(rng: random.Random, sample: list[Any], index: int) -> Any:
    """A played game's results with decision times drawn at random (from 0.1 ms to 1 s)."""
    game = sample[index % len(sample)]
    a, b = (tuple(rng.lognormvariate(-7, 1.5) for _ in side) for side in game.times)
    return match_arena.ArenaGame(index // 2, index % 2, game.stats, (a, b))


def bookkeeping_match(games: int, advance: Callable[[int], None]) -> object:
    """The match arena's run with each game made up here (a chunk of them a task)."""
    sample = [match_arena.play_game("easy", "easy", seed, seed % 2) for seed in range(20)]
    rng = random.Random(0)

    def chunk(task: tuple[str, str, int, int, int]) -> list[Any]:
        _, _, _, start, count = task
        return [made_up_match_game(rng, sample, i) for i in range(start, start + count)]

    played = match_arena._play_chunk
    match_arena._play_chunk = chunk
    try:
        return match_arena.arena("easy", "easy", games, progress=advance, keep_games=False)
    finally:
        match_arena._play_chunk = played


def bookkeeping_tiles(games: int, advance: Callable[[int], None]) -> object:
    """The tile arena's run with each game's result made up here (one game a task)."""
    sample = [tile_arena.play_game("greedy", "greedy", seed, seed % 2) for seed in range(4)]

    def task(one: tuple[str, str, int, int]) -> tile_arena.ArenaResult:
        a, b, seed, i = one
        return tile_arena.ArenaResult(a, b, seed, 1).add(sample[i % len(sample)])

    played = tile_arena._play_task
    tile_arena._play_task = task  # type: ignore[assignment]
    try:
        return tile_arena.arena("greedy", "greedy", games, progress=advance)
    finally:
        tile_arena._play_task = played


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200_000, help="the bookkeeping runs")
    parser.add_argument("--match-games", type=int, default=20_000, help="played match games")
    parser.add_argument("--tile-games", type=int, default=200, help="played tile games")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a tenth of each run")
    parser.add_argument("--out", type=Path, help="append each block to this file (JSON lines)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.match_games, args.tile_games = (
            max(10, n // 10) for n in (args.games, args.match_games, args.tile_games)
        )
    jobs = args.jobs
    runs: list[tuple[str, int, Run]] = [
        ("match arena, bookkeeping", args.games, bookkeeping_match),
        ("tile arena, bookkeeping", args.games, bookkeeping_tiles),
        ("match arena, played (easy v easy)", args.match_games,
         lambda n, advance: match_arena.arena("easy", "easy", n, jobs=jobs, progress=advance,
                                              keep_games=False)),
        ("tile arena, played (greedy v greedy)", args.tile_games,
         lambda n, advance: tile_arena.arena("greedy", "greedy", n, jobs=jobs, progress=advance)),
    ]  # fmt: skip
    for label, games, run in runs:
        blocks = Blocks(label, games, max(1, games // 10), args.out)
        run(games, blocks.advance)
        blocks.summary(args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
