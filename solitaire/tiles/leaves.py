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
``scripts/build_tile_leaves.py`` rebuilds ``data/leaves.json`` with
:func:`solitaire.tiles.fit_leaves.fit_leaves`; the same games and seed give the same
file whatever the number of processes. This module only reads and applies them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import combinations
from typing import Final

from solitaire.core.errors import InputError
from solitaire.tiles.tiles import Tile

__all__ = [
    "FEATURES",
    "LeaveModel",
    "leave_features",
    "load_leaves",
]

FEATURES: Final = (
    *(f"rank {r}" for r in range(1, 14)),
    "pairs",
    "fifteens",
    "neighbours",
    "two apart",
    "one colour",
)
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
