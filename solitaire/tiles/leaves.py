"""Leave values: what the tiles kept on the rack are worth to the next turn.

The method: play ``games`` seeded games of ``greedy`` against itself; after every
play that is followed by a draw, note the tiles kept (the *leave*) and the points
the same player scores on their next turn. A least-squares fit (with a small ridge
term, solved exactly in pure Python) of those points on features of the leave
gives a weight per feature:

* one count per rank (keeping a 5 rather than drawing an unknown tile),
* pairs of equal rank, pairs of tiles making fifteen, and pairs of neighbouring
  ranks (run material) within the leave.

Two controls enter the fit and are then dropped: the points of the play itself and
the tiles left in the bag, so that a leave is not blamed for a closed board or a
late stage of the game. The intercept (the worth of a fresh draw) is the same for
every choice and is dropped too, so :meth:`LeaveModel.value` is the expected gain
of a leave over drawing.
``scripts/build_tile_leaves.py`` rebuilds ``leaves.json`` with this one function.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from importlib import resources
from itertools import combinations
from typing import Final

from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import Exchange, Play
from solitaire.tiles.tiles import Tile

__all__ = ["FEATURES", "LeaveModel", "fit_leaves", "leave_features", "load_leaves"]

FEATURES: Final = (*(f"rank {r}" for r in range(1, 14)), "pairs", "fifteens", "neighbours")
CONTROLS: Final = ("points this turn", "tiles in the bag")
LEAVES_FILE: Final = "leaves.json"


def leave_features(kept: Sequence[Tile]) -> list[int]:
    """The feature counts of a leave, in :data:`FEATURES` order."""
    counts = [0] * len(FEATURES)
    for tile in kept:
        counts[tile.rank - 1] += 1
    for a, b in combinations(kept, 2):
        counts[13] += a.rank == b.rank
        counts[14] += a.pips + b.pips == 15
        counts[15] += abs(a.rank - b.rank) == 1
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
            "method": "least squares of the next turn's points on leave features, greedy self-play",
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
            raise ValueError("leave values: expected a weight for every feature")
        values = [weights[name] for name in FEATURES]
        if not all(isinstance(v, int | float) for v in values):
            raise ValueError("leave values: every weight must be a number")
        games, samples, seed = (data.get(k, 0) for k in ("games", "samples", "seed"))
        return cls(
            tuple(float(v) for v in values),
            int(games) if isinstance(games, int) else 0,
            int(samples) if isinstance(samples, int) else 0,
            int(seed) if isinstance(seed, int) else 0,
        )


def load_leaves() -> LeaveModel:
    """The leave values shipped with the package."""
    text = resources.files("solitaire.tiles").joinpath(LEAVES_FILE).read_text(encoding="utf-8")
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


def leave_samples(game: TileGame) -> list[tuple[list[int], int]]:
    """(features of a leave and the controls, the same player's points next turn) for each
    play followed by a draw; the controls are the play's own points and the tiles left in
    the bag, which stand for how open the board is and how far the game has gone."""
    samples = []
    in_bag = 104 - game.players * 5
    for i, turn in enumerate(game.turns):
        in_bag -= len(turn.drew) - (
            len(turn.action.tiles) if isinstance(turn.action, Exchange) else 0
        )
        if not isinstance(turn.action, Play) or not turn.drew:
            continue
        following = next((t for t in game.turns[i + 1 :] if t.player == turn.player), None)
        if following is None:
            continue
        kept = list(turn.rack)
        for tile in turn.action.tiles:
            kept.remove(tile)
        samples.append(([*leave_features(kept), turn.points, in_bag], following.points))
    return samples


def _self_play_samples(seed: int) -> list[tuple[list[int], int]]:
    from solitaire.tiles.players import greedy  # players read this module's data file

    game = TileGame(seed)
    while not game.is_over:
        game.apply(greedy(game.view(game.current_player)))
    return leave_samples(game)


def fit_leaves(
    games: int,
    seed: int = 0,
    ridge: float = 1.0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> LeaveModel:
    """Fit leave weights on ``games`` greedy self-play games seeded ``seed``, ``seed + 1`` ...

    The games may be played over ``jobs`` processes; the sums are taken in game order,
    so the weights are the same for any ``jobs``.
    """
    size = len(FEATURES) + len(CONTROLS) + 1  # the features, the controls, the intercept
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    count = 0
    seeds = range(seed, seed + games)
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        results = pool.map(_self_play_samples, seeds) if pool else map(_self_play_samples, seeds)
        for samples in results:
            for features, points in samples:
                x = [*features, 1]
                for i, xi in enumerate(x):
                    if xi:
                        xty[i] += xi * points
                        row = xtx[i]
                        for j, xj in enumerate(x):
                            row[j] += xi * xj
                count += 1
            if progress:
                progress(1)
    for i in range(len(FEATURES)):
        xtx[i][i] += ridge
    weights = _solve(xtx, xty)
    return LeaveModel(tuple(weights[: len(FEATURES)]), games, count, seed)
