"""Leave values: what the tiles kept on the rack are worth to the next turn.

The value of a leave is the points it adds, on average, to the same player's next
play, against drawing unknown tiles instead. It is fitted by simulation so that the
leave is the only thing that varies (keeping a tile is never confused with the
position that made a player keep it):

1. Positions: every turn of ``games`` seeded games of ``greedy`` against itself,
   after the opening, while the bag still holds a rack's worth of tiles.
2. In each position, ``RACKS_PER_POSITION`` racks are dealt at random from the
   tiles that player could hold (their rack and the bag); the first ``k`` tiles of
   each (``k`` drawn from 0 to 4) are the leave, the rest the draw. The target is
   the best score of that rack on that board (every legal play searched).
3. Least squares of the target on the leave's features, with each position's
   means taken out (so a closed or an open board weighs on no weight) and a small
   ridge term, solved exactly in pure Python.

The features (:data:`FEATURES`): a count per rank; and, over the pairs of tiles in
the leave, equal ranks, fifteens, neighbouring ranks and ranks two apart (run
material) and tiles of one colour (the one-colour bonus). Since every rack is
random, a leave's value is measured against the average random tiles: an empty
leave is worth 0, a leave worse than a fresh draw less than 0.
``scripts/build_tile_leaves.py`` rebuilds ``leaves.json`` with :func:`fit_leaves`;
the same games and seed give the same file whatever the number of processes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from importlib import resources
from itertools import combinations
from typing import Final

from solitaire.core.cards import shuffle
from solitaire.core.errors import InputError
from solitaire.tiles.board import Board
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import generate
from solitaire.tiles.tiles import RACK_SIZE, Tile

__all__ = [
    "FEATURES",
    "LeaveModel",
    "fit_leaves",
    "leave_features",
    "load_leaves",
    "position_samples",
    "within_positions_fit",
]

FEATURES: Final = (
    *(f"rank {r}" for r in range(1, 14)),
    "pairs",
    "fifteens",
    "neighbours",
    "two apart",
    "one colour",
)
RACKS_PER_POSITION: Final = 8
LEAVES_FILE: Final = "leaves.json"


def leave_features(kept: Sequence[Tile]) -> list[int]:
    """The feature counts of a leave, in :data:`FEATURES` order."""
    counts = [0] * len(FEATURES)
    for tile in kept:
        counts[tile.rank - 1] += 1
    for a, b in combinations(kept, 2):
        counts[13] += a.rank == b.rank
        counts[14] += a.pips + b.pips == 15
        gap = abs(a.rank - b.rank)
        counts[15] += gap == 1
        counts[16] += gap == 2
        counts[17] += a.dark == b.dark
    return counts


@dataclass(frozen=True, slots=True)
class LeaveModel:
    """A weight per feature; the value of a leave is the weighted sum of its features."""

    weights: tuple[float, ...]
    games: int = 0
    samples: int = 0
    seed: int = 0

    def value(self, kept: Sequence[Tile]) -> float:
        """Expected extra points next turn from keeping these tiles rather than drawing."""
        return sum(w * x for w, x in zip(self.weights, leave_features(kept), strict=True) if x)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form, with the method named."""
        return {
            "method": "least squares of the best next play on the features of random leaves, "
            "within positions of greedy self-play",
            "games": self.games,
            "samples": self.samples,
            "seed": self.seed,
            "weights": {name: round(w, 4) for name, w in zip(FEATURES, self.weights, strict=True)},
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> LeaveModel:
        """Read the JSON form."""
        weights = data.get("weights")
        if not isinstance(weights, dict) or set(weights) != set(FEATURES):
            raise InputError("leave values: expected a weight for every feature")
        values = [weights[name] for name in FEATURES]
        if not all(isinstance(v, int | float) for v in values):
            raise InputError("leave values: every weight must be a number")
        games, samples, seed = (data.get(k, 0) for k in ("games", "samples", "seed"))
        return cls(
            tuple(float(v) for v in values),
            int(games) if isinstance(games, int) else 0,
            int(samples) if isinstance(samples, int) else 0,
            int(seed) if isinstance(seed, int) else 0,
        )


def load_leaves() -> LeaveModel:
    """The leave values shipped with the package."""
    text = (
        resources.files("solitaire.tiles").joinpath("data", LEAVES_FILE).read_text(encoding="utf-8")
    )
    return LeaveModel.from_dict(json.loads(text))


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(rhs)
    a = [[*row, rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col] / a[col][col]
                for c in range(col, n + 1):
                    a[r][c] -= factor * a[col][c]
    return [a[i][n] / a[i][i] for i in range(n)]


def _draw_count(rng: random.Random, below: int) -> int:
    """A uniform int from 0 to ``below - 1`` from ``getrandbits`` alone (the same on any Python)."""
    bits = below.bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < below:
            return value


Group = list[tuple[list[int], float]]


def position_samples(board: Board, pool: Sequence[Tile], rng: random.Random) -> Group:
    """(features of a random leave, the best score of the rack it is part of) for
    :data:`RACKS_PER_POSITION` racks dealt from ``pool`` onto ``board``."""
    group: Group = []
    for _ in range(RACKS_PER_POSITION):
        tiles = list(pool)
        shuffle(tiles, rng)
        rack = tiles[:RACK_SIZE]
        best = generate(board, rack, best_only=True)
        kept = rack[: _draw_count(rng, RACK_SIZE)]
        group.append((leave_features(kept), best[0].score if best else 0))
    return group


def _self_play_samples(seed: int) -> list[Group]:
    from solitaire.tiles.players import greedy  # players read this module's data file

    game = TileGame(seed)
    rng = random.Random(seed)
    groups = []
    while not game.is_over:
        view = game.view(game.current_player)
        bag = sorted(game.bag.counts().elements())
        if not view.board.is_empty and len(bag) >= RACK_SIZE:
            groups.append(position_samples(view.board, [*view.rack, *bag], rng))
        game.apply(greedy(view))
    return groups


def fit_leaves(
    games: int,
    seed: int = 0,
    ridge: float = 1.0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> LeaveModel:
    """Fit leave weights on the positions of ``games`` greedy self-play games seeded
    ``seed``, ``seed + 1`` ...

    The games may be played over ``jobs`` processes; the sums are taken in game order,
    so the weights are the same for any ``jobs``.
    """
    seeds = range(seed, seed + games)
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        results = pool.map(_self_play_samples, seeds) if pool else map(_self_play_samples, seeds)

        def every_group() -> Iterator[Group]:
            for groups in results:
                yield from groups
                if progress:
                    progress(1)

        weights, count = within_positions_fit(every_group(), len(FEATURES), ridge)
    return LeaveModel(weights, games, count, seed)


def within_positions_fit(
    groups: Iterable[Group], size: int, ridge: float
) -> tuple[tuple[float, ...], int]:
    """Ridge least squares of points on ``size`` features, each group's means taken out;
    the weights and the number of samples."""
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    count = 0
    for group in groups:
        means = [sum(f[i] for f, _ in group) / len(group) for i in range(size)]
        mean_points = sum(p for _, p in group) / len(group)
        for features, points in group:
            x = [f - m for f, m in zip(features, means, strict=True)]
            y = points - mean_points
            for i, xi in enumerate(x):
                if xi:
                    xty[i] += xi * y
                    row = xtx[i]
                    for j, xj in enumerate(x):
                        row[j] += xi * xj
            count += 1
    for i in range(size):
        xtx[i][i] += ridge
    return tuple(_solve(xtx, xty)), count
