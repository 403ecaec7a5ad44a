"""Print the README's tables of strategies: N games each, seeds 0 to N-1.

Run: .venv/bin/python scripts/bench/results_table.py --games 1000000 --jobs 2
Each row is what `cribsol simulate --games N --strategy S` reports. Every strategy plays
the same deals, so the target strategies are also compared with `best` game by game: the
paired difference in the chance of reaching 90 and 121, with its 95% interval. A target
strategy must never reach its own target less often than `best` on these deals (checked:
the script fails if it does).

The games are played in chunks (``--chunk``, seeds ``start`` to ``start + chunk - 1``);
each finished chunk is saved at once as a small summary in ``results/`` (the totals'
histogram and, for a target strategy, its paired wins and losses against `best` at 90
and 121). A run that is stopped loses only the chunk under way; running the same
command again plays only the chunks missing. `--strategies` plays a subset (best is
always played when a target is); `--games` may differ per strategy with
`--games-of STRATEGY N`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path

from solitaire.core.runs import Z95
from solitaire.patience.simulation import SIMULATED, SimulationResult, simulate
from solitaire.patience.strategy import target_of

ORDER = ("best", "hand", "random", "oracle", "target90", "target121")
LINES = (90, 121)
RESULTS = Path(__file__).resolve().parents[2] / "results"


@dataclass
class Chunk:
    """One chunk's summary: totals by value, and paired (wins, losses) against best."""

    strategy: str
    start: int
    games: int
    histogram: dict[int, int]
    paired: dict[int, tuple[int, int]]

    def path(self, folder: Path) -> Path:
        return folder / f"{self.strategy}-{self.start}-{self.games}.json"

    def to_dict(self) -> dict[str, object]:
        return {
            "strategy": self.strategy,
            "start": self.start,
            "games": self.games,
            "histogram": {str(t): n for t, n in sorted(self.histogram.items())},
            "paired_vs_best": {str(line): list(wl) for line, wl in self.paired.items()},
        }

    @classmethod
    def read(cls, path: Path) -> Chunk:
        data = json.loads(path.read_text())
        histogram = {int(t): int(n) for t, n in data["histogram"].items()}
        if sum(histogram.values()) != data["games"]:
            raise ValueError(f"{path}: the histogram does not add up to its games")
        paired = {int(k): (int(v[0]), int(v[1])) for k, v in data["paired_vs_best"].items()}
        return cls(data["strategy"], data["start"], data["games"], histogram, paired)


def play_chunk(strategy: str, start: int, games: int, jobs: int) -> tuple[Chunk, tuple[int, ...]]:
    """Play one chunk (and best's same deals when pairing) and summarise it."""
    result = simulate(games, strategy, seed=start, jobs=jobs)
    if result.interrupted:
        raise KeyboardInterrupt
    histogram: dict[int, int] = {}
    for total in result.totals:
        histogram[total] = histogram.get(total, 0) + 1
    paired: dict[int, tuple[int, int]] = {}
    if strategy != "best":
        best = simulate(games, "best", seed=start, jobs=1).totals
        for line in LINES:
            pairs = list(zip(result.totals, best, strict=True))
            wins = sum(a >= line > b for a, b in pairs)
            losses = sum(b >= line > a for a, b in pairs)
            paired[line] = (wins, losses)
    return Chunk(strategy, start, games, histogram, paired), result.totals


def load_or_play(strategy: str, games: int, chunk: int, jobs: int, folder: Path) -> list[Chunk]:
    """Every chunk of a strategy's run: read when saved, else played and saved."""
    chunks = []
    for start in range(0, games, chunk):
        size = min(chunk, games - start)
        path = Chunk(strategy, start, size, {}, {}).path(folder)
        if path.exists():
            chunks.append(Chunk.read(path))
            continue
        began = time.perf_counter()
        summary, _ = play_chunk(strategy, start, size, jobs)
        folder.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".part")
        partial.write_text(json.dumps(summary.to_dict()) + "\n")
        os.replace(partial, path)  # a chunk is saved whole or not at all
        seconds = time.perf_counter() - began
        print(
            f"  {strategy} seeds {start:,} to {start + size - 1:,}: {seconds:.0f} s"
            f" ({size / seconds:,.0f} games/s, load {os.getloadavg()[0]:.1f})",
            flush=True,
        )
        chunks.append(summary)
    return chunks


def result_of(strategy: str, chunks: list[Chunk]) -> SimulationResult:
    totals = tuple(t for c in chunks for t, n in sorted(c.histogram.items()) for _ in range(n))
    return SimulationResult(strategy, 0, len(totals), totals)


def row(r: SimulationResult) -> str:
    low, high = r.mean_ci
    skunk, great = r.share(r.past_skunk), r.share(r.reached_great)
    cells = [
        f"`{r.strategy}`",
        f"{r.games:,}",
        f"{r.mean:.2f} ({low:.2f} to {high:.2f})",
        f"{r.stdev:.2f}",
        f"{skunk[0]:.2%} ({skunk[1]:.2%} to {skunk[2]:.2%})",
        f"{great[0]:.3%} ({great[1]:.3%} to {great[2]:.3%})",
        str(min(r.totals)),
        str(max(r.totals)),
    ]
    return "| " + " | ".join(cells) + " |"


def paired_interval(wins: int, losses: int, n: int) -> tuple[float, float, float]:
    """The mean of n paired differences (wins +1, losses -1, the rest 0) and its 95%
    interval, as :func:`solitaire.patience.simulation.paired_difference` computes it."""
    mean = (wins - losses) / n
    variance = (wins + losses - n * mean * mean) / (n - 1)
    half = Z95 * math.sqrt(max(variance, 0.0) / n)
    return mean, mean - half, mean + half


def paired_row(strategy: str, chunks: list[Chunk], best: list[Chunk]) -> str:
    n = sum(c.games for c in chunks)
    cells = [f"`{strategy}`", f"{n:,}"]
    for line in LINES:
        reached = sum(k for c in chunks for t, k in c.histogram.items() if t >= line)
        cells.append(f"{reached / n:.3%}")
        if strategy == "best":
            cells.append("")
            continue
        wins = sum(c.paired[line][0] for c in chunks)
        losses = sum(c.paired[line][1] for c in chunks)
        diff, low, high = paired_interval(wins, losses, n)
        cells.append(f"{diff:+.3%} ({low:+.3%} to {high:+.3%}); {wins:,} won, {losses:,} lost")
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--games-of", nargs=2, action="append", default=[], metavar=("S", "N"))
    parser.add_argument("--chunk", type=int, default=50_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--strategies", nargs="+", choices=ORDER, default=list(ORDER))
    parser.add_argument("--results", type=Path, default=RESULTS, help="where chunks are saved")
    args = parser.parse_args()
    assert set(SIMULATED) <= set(ORDER)
    games = {s: args.games for s in ORDER} | {s: int(n) for s, n in args.games_of}
    wanted = [s for s in ORDER if s in args.strategies or (s == "best" and args.strategies)]
    chunks = {s: load_or_play(s, games[s], args.chunk, args.jobs, args.results) for s in wanted}
    print(
        "| strategy | games | mean (95% CI) | sd | past 90 (95% CI) | reached 121 (95% CI) "
        "| min | max |"
    )
    print("| --- | ---: | --- | ---: | --- | --- | ---: | ---: |")
    for strategy in wanted:
        print(row(result_of(strategy, chunks[strategy])))
    targets = [s for s in wanted if target_of(s) is not None]
    failed = False
    if targets:
        print("\nPaired with `best` on the same deals (seeds 0 on):\n")
        print(
            "| strategy | games | reached 90 | vs best (95% CI) | reached 121 | vs best (95% CI) |"
        )
        print("| --- | ---: | ---: | --- | ---: | --- |")
        for strategy in ("best", *targets):
            print(paired_row(strategy, chunks[strategy], chunks["best"]))
        print()
        for strategy in targets:
            line = target_of(strategy)
            assert line is not None
            wins = sum(c.paired[line][0] for c in chunks[strategy])
            losses = sum(c.paired[line][1] for c in chunks[strategy])
            verdict = "ok" if wins >= losses else "FAILED: below best"
            failed |= wins < losses
            print(
                f"check {strategy}: reached {line} where best did not in {wins:,} games,"
                f" missed it where best reached it in {losses:,}: {verdict}"
            )
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
