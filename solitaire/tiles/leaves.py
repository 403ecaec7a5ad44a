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

Two sets of features. The first (:data:`FEATURES`, ``basic``): a count per rank; and,
over the pairs of tiles in the leave, equal ranks, fifteens, neighbouring ranks and
ranks two apart (run material) and tiles of one colour (the one-colour bonus). The
second (:data:`PAIR_FEATURES`, ``pairs``): a count per rank, a count for each of the
91 pairs of ranks a leave can hold (so 5 with 10 and 6 with 9 each have their own
worth, not a share of "fifteens"), and the pairs of one colour. Since every rack is
random, a leave's value is measured against the average random tiles: an empty
leave is worth 0, a leave worse than a fresh draw less than 0.
``scripts/build/build_tile_leaves.py`` rebuilds ``data/leaves.json`` (``basic``, the expert's)
and ``data/leaves-pairs.json`` (``pairs``, the planner's) with
:func:`solitaire.tiles.fit_leaves.fit_leaves`; the same games and seed give the same
file whatever the number of processes. This module only reads and applies them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import combinations
from typing import Final

from solitaire.core.errors import InputError
from solitaire.tiles.tiles import Tile

__all__ = [
    "FEATURES",
    "FEATURE_SETS",
    "PAIR_FEATURES",
    "LeaveModel",
    "leave_features",
    "load_leaves",
    "pair_features",
]

FEATURES: Final = (
    *(f"rank {r}" for r in range(1, 14)),
    "pairs",
    "fifteens",
    "neighbours",
    "two apart",
    "one colour",
)
RANK_NAMES: Final = "A23456789TJQK"
PAIR_FEATURES: Final = (
    *(f"rank {r}" for r in range(1, 14)),
    *(f"{RANK_NAMES[a]}{RANK_NAMES[b]}" for a in range(13) for b in range(a, 13)),
    "one colour",
)
LEAVES_FILE: Final = "leaves.json"
PAIR_LEAVES_FILE: Final = "leaves-pairs.json"


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


def _pair_index(low: int, high: int) -> int:
    """Where the pair of ranks ``low <= high`` (0 for ace) counts in :data:`PAIR_FEATURES`."""
    return 13 + low * 13 - low * (low - 1) // 2 + high - low


def pair_features(kept: Sequence[Tile]) -> list[int]:
    """The feature counts of a leave, in :data:`PAIR_FEATURES` order."""
    counts = [0] * len(PAIR_FEATURES)
    for tile in kept:
        counts[tile.rank - 1] += 1
    for a, b in combinations(kept, 2):
        low, high = sorted((a.rank - 1, b.rank - 1))
        counts[_pair_index(low, high)] += 1
        counts[-1] += a.dark == b.dark
    return counts


FEATURE_SETS: Final[dict[str, tuple[tuple[str, ...], Callable[[Sequence[Tile]], list[int]]]]] = {
    "basic": (FEATURES, leave_features),
    "pairs": (PAIR_FEATURES, pair_features),
}
"""Each set of features by name: the names, and the counts of a leave."""


@dataclass(frozen=True, slots=True)
class LeaveModel:
    """A weight per feature; the value of a leave is the weighted sum of its features."""

    weights: tuple[float, ...]
    games: int = 0
    samples: int = 0
    seed: int = 0
    features: str = "basic"
    """The set of features (:data:`FEATURE_SETS`)."""
    player: str = "greedy"
    """Whose self-play gave the positions."""

    def __post_init__(self) -> None:
        names = FEATURE_SETS.get(self.features)
        if names is None or len(names[0]) != len(self.weights):
            raise InputError(f"leave values: {len(self.weights)} weights for {self.features!r}")

    def value(self, kept: Sequence[Tile]) -> float:
        """Expected extra points next turn from keeping these tiles rather than drawing."""
        counts = FEATURE_SETS[self.features][1](kept)
        return sum(w * x for w, x in zip(self.weights, counts, strict=True) if x)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form, with the method named."""
        names = FEATURE_SETS[self.features][0]
        data: dict[str, object] = {
            "method": "least squares of the best next play on the features of random leaves, "
            f"within positions of {self.player} self-play",
            "games": self.games,
            "samples": self.samples,
            "seed": self.seed,
        }
        if self.features != "basic":  # the first files had one set, and no name for it
            data["features"] = self.features
        if self.player != "greedy":  # nor a player: greedy's
            data["player"] = self.player
        data["weights"] = {name: round(w, 4) for name, w in zip(names, self.weights, strict=True)}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> LeaveModel:
        """Read the JSON form."""
        kind = data.get("features", "basic")
        if not isinstance(kind, str) or kind not in FEATURE_SETS:
            raise InputError(f"leave values: expected features one of {', '.join(FEATURE_SETS)}")
        names = FEATURE_SETS[kind][0]
        weights = data.get("weights")
        if not isinstance(weights, dict) or set(weights) != set(names):
            raise InputError("leave values: expected a weight for every feature")
        values = [weights[name] for name in names]
        if not all(isinstance(v, int | float) for v in values):
            raise InputError("leave values: every weight must be a number")
        games, samples, seed = (data.get(k, 0) for k in ("games", "samples", "seed"))
        player = data.get("player", "greedy")
        if not isinstance(player, str) or player not in ("greedy", "expert"):
            raise InputError("leave values: expected player greedy or expert")
        return cls(
            tuple(float(v) for v in values),
            int(games) if isinstance(games, int) else 0,
            int(samples) if isinstance(samples, int) else 0,
            int(seed) if isinstance(seed, int) else 0,
            kind,
            player,
        )


def load_leaves(name: str = LEAVES_FILE) -> LeaveModel:
    """Leave values shipped with the package: by default the expert's (``basic``)."""
    text = resources.files("solitaire.tiles").joinpath("data", name).read_text(encoding="utf-8")
    return LeaveModel.from_dict(json.loads(text))
