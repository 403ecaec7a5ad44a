"""Simulating many games with a strategy, in parallel, with exact reproducibility.

Game ``i`` of a run is dealt from seed ``seed + i`` and the random strategy draws
from a generator seeded by the game's own seed, so a run's totals do not depend
on how many processes play it. ``oracle`` is the hindsight bound: each round's
best actual discard, which no strategy can beat on any deal.

>>> result = simulate(4, "best", seed=0)
>>> len(result.totals), result.totals == simulate(4, "best", seed=0, jobs=2).totals
(4, True)
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from solitaire.core.cards import SEED_LIMIT, shuffled_order
from solitaire.core.errors import InputError
from solitaire.core.runs import MAX_JOBS, Z95, Executor, chunk_size, run_tasks, wilson
from solitaire.core.untrusted import MAX_SEED_DIGITS
from solitaire.patience.advisor import hindsight
from solitaire.patience.game import GREAT_LINE, SKUNK_LINE, Game
from solitaire.patience.kernel import BATCHED, play_decks
from solitaire.patience.levels import MAX_GAMES, MAX_TARGET, SIMULATED, target_of
from solitaire.patience.strategy import make_strategy, play_out
from solitaire.patience.target import play_target

__all__ = [
    "MAX_GAMES",
    "MAX_JOBS",
    "SIMULATED",
    "SimulationResult",
    "check_run",
    "oracle_total",
    "paired_difference",
    "play_one",
    "play_seeds",
    "simulate",
    "wilson",
]


def oracle_total(game: Game) -> int:
    """The best total anyone could score on this deal: the best actual discard every round.

    Every round's cards are the same whatever is discarded, so the deal can be walked
    with any discard and each round's hindsight maximum taken.
    """
    total = 0
    while not game.is_over:
        six = game.shown
        result = game.discard(six[:2])
        total += hindsight(six, result.crib_dealt, result.starter)[0].total
    assert game.final is not None
    return total + game.final.points


def play_one(strategy: str, seed: int) -> int:
    """The total of one game dealt from ``seed`` and played by ``strategy``."""
    game = Game.from_seed(seed)
    if strategy == "oracle":
        return oracle_total(game)
    rng = random.Random(f"cribsol {strategy} {seed}")
    return play_out(game, make_strategy(strategy, rng)).total


def play_seeds(strategy: str, seeds: range) -> list[int]:
    """The totals of the games dealt from these seeds, each equal to :func:`play_one`'s.

    ``best``, ``hand``, ``oracle`` and ``targetN`` play all the games at once on arrays.
    """
    target = target_of(strategy)
    if strategy in BATCHED or target is not None:
        decks = np.array([shuffled_order(random.Random(seed)) for seed in seeds], dtype=np.int64)
        decks = decks.reshape(-1, 52)
        points = play_decks(decks, strategy) if target is None else play_target(decks, target)
        totals: list[int] = points.sum(axis=1).tolist()
        return totals
    return [play_one(strategy, seed) for seed in seeds]


def _play_chunk(task: tuple[str, int, int, int]) -> tuple[int, list[int]]:
    strategy, seed, start, count = task
    return start, play_seeds(strategy, range(seed + start, seed + start + count))


def paired_difference(
    a: Sequence[int], b: Sequence[int], line: int, z: float = Z95
) -> tuple[float, float, float]:
    """P(a >= line) - P(b >= line) over paired games (the same deals), with its 95% interval.

    Each game gives a difference of -1, 0 or 1; the interval is the normal one for
    their mean, which pairing makes far narrower than two separate proportions.
    """
    if len(a) != len(b) or len(a) < 2:
        raise InputError("a paired difference needs two runs of the same games, at least 2")
    diffs = [(x >= line) - (y >= line) for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(diffs)
    half = z * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return mean, mean - half, mean + half


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The totals of a run, in game order, and their statistics."""

    strategy: str
    seed: int
    requested: int
    totals: tuple[int, ...]
    interrupted: bool = False

    @property
    def games(self) -> int:
        """Games that finished."""
        return len(self.totals)

    @property
    def mean(self) -> float:
        """Mean total."""
        return statistics.fmean(self.totals) if self.totals else math.nan

    @property
    def stdev(self) -> float:
        """Sample standard deviation of the total."""
        return statistics.stdev(self.totals) if len(self.totals) > 1 else math.nan

    @property
    def mean_ci(self) -> tuple[float, float]:
        """95% confidence interval of the mean (normal approximation)."""
        half = Z95 * self.stdev / math.sqrt(self.games) if self.games > 1 else math.nan
        return (self.mean - half, self.mean + half)

    @property
    def past_skunk(self) -> int:
        """Games whose total passed 90."""
        return sum(t > SKUNK_LINE for t in self.totals)

    @property
    def reached_great(self) -> int:
        """Games whose total reached 121."""
        return sum(t >= GREAT_LINE for t in self.totals)

    def share(self, count: int) -> tuple[float, float, float]:
        """A count as a share of the games, with its 95% Wilson interval."""
        n = self.games
        low, high = wilson(count, n)
        return (count / n if n else math.nan, low, high)

    def histogram(self, width: int = 10) -> list[tuple[int, int]]:
        """(bin start, games) for bins of ``width`` points starting at 1, 11, ... 91, ... 121.

        Bins start one past a multiple of ten so that the skunk line (past 90) and 121
        each begin a bin.
        """
        if not self.totals:
            return []
        low, high = (min(self.totals) - 1) // width, (max(self.totals) - 1) // width
        counts = [0] * (high - low + 1)
        for total in self.totals:
            counts[(total - 1) // width - low] += 1
        return [((low + i) * width + 1, n) for i, n in enumerate(counts)]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready summary."""
        skunk, great = self.share(self.past_skunk), self.share(self.reached_great)
        return {
            "strategy": self.strategy,
            "seed": self.seed,
            "games": self.games,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "mean": self.mean,
            "stdev": self.stdev,
            "mean_ci95": list(self.mean_ci),
            "past_90": {"share": skunk[0], "ci95": [skunk[1], skunk[2]]},
            "reached_121": {"share": great[0], "ci95": [great[1], great[2]]},
            "min": min(self.totals, default=None),
            "max": max(self.totals, default=None),
            "histogram": {str(start): n for start, n in self.histogram()},
        }


def check_run(games: int, strategy: str, jobs: int, seed: int = 0) -> None:
    """Refuse a run that cannot be played, naming the bad value and the allowed range."""
    if strategy not in SIMULATED and target_of(strategy) is None:
        raise InputError(
            f"unknown strategy {strategy!r}: expected one of {', '.join(SIMULATED)} "
            f"or targetN with N from 1 to {MAX_TARGET}"
        )
    if not 1 <= games <= MAX_GAMES:
        raise InputError(f"--games must be 1 to {MAX_GAMES:,}, got {games:,}")
    if not 1 <= jobs <= MAX_JOBS:
        raise InputError(f"--jobs must be 1 to {MAX_JOBS} on this machine, got {jobs:,}")
    last = seed + games - 1
    if seed < 0 or last >= SEED_LIMIT:
        raise InputError(
            f"--seed must be 0 or more and seed + games - 1 of at most {MAX_SEED_DIGITS} digits"
        )


# Seconds of one core a game takes, and a task whatever its size (the batched kernels'
# arrays, a target's tables), measured by scripts/bench/bench_cluster.py: they size the tasks.
_SECONDS_A_GAME: Final = {"best": 1e-4, "hand": 1e-4, "random": 7e-5, "oracle": 1.5e-5}
_SECONDS_TARGET: Final = (1.2e-3, 0.11)


def game_cost(strategy: str) -> tuple[float, float]:
    """The seconds a game of ``strategy`` takes, and a task's set-up whatever its size."""
    if target_of(strategy) is not None:
        return _SECONDS_TARGET
    return (_SECONDS_A_GAME.get(strategy, 1e-4), 0.0)


def _chunks(strategy: str, seed: int, games: int, size: int) -> Iterator[tuple[str, int, int, int]]:
    for start in range(0, games, size):
        yield (strategy, seed, start, min(size, games - start))


def simulate(
    games: int,
    strategy: str,
    *,
    seed: int = 0,
    jobs: int = 1,
    chunk: int | None = None,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> SimulationResult:
    """Play ``games`` games with a strategy over ``jobs`` processes (or on ``executor``: a
    cluster), in tasks of ``chunk`` games (by default about two seconds of work each).

    Work is handed out a few chunks at a time, so memory does not grow with the
    number of games beyond their totals. ``progress`` is called with the number of
    games just finished. Ctrl-C (KeyboardInterrupt), SIGTERM or SIGHUP stops the run:
    chunks not finished are dropped, the processes ended, and the first chunks, all
    finished, returned, marked ``interrupted``.
    """
    check_run(games, strategy, jobs, seed)
    slots = executor.slots if executor else jobs
    size = chunk or chunk_size(games, slots, *game_cost(strategy))
    chunks, interrupted = run_tasks(
        _play_chunk,
        _chunks(strategy, seed, games, size),
        jobs,
        done=(lambda finished: progress(len(finished[1]))) if progress else None,
        executor=executor,
    )
    ordered = tuple(total for _, totals in chunks for total in totals)
    return SimulationResult(strategy, seed, games, ordered, interrupted)
