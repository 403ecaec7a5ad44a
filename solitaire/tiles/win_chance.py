"""The chance of winning from a position of the two-player tile game, learnt from
self-play: for the player to move with ``bag`` tiles left in the bag, how its final
margin differs from its margin now (a normal distribution per bag size, its mean the
mover's edge and its spread what the rest of the game may still swing).

``data/win-chance.json`` holds the fit; ``scripts/build/build_win_chance.py`` rebuilds it
(:mod:`solitaire.tiles.fit_win_chance`). The planner's ``win=1`` variant judges its plays
by this chance once the bag is nearly empty (:class:`~solitaire.tiles.players.Expert`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Final

from solitaire.core.errors import InputError

__all__ = ["WIN_CHANCE_FILE", "WinChance", "load_win_chance"]

WIN_CHANCE_FILE: Final = "win-chance.json"
MAX_BAG: Final = 120
"""More bag sizes than a file may list (a set has 104 tiles)."""
MIN_SPREAD: Final = 1.0
"""Points of spread at least: less would make the chance a step no game's end is."""


@dataclass(frozen=True, slots=True)
class WinChance:
    """Per bag size (0 up; a larger bag takes the last), the mean and the spread of the
    mover's final margin less its margin now."""

    means: tuple[float, ...]
    spreads: tuple[float, ...]
    games: int = 0
    positions: int = 0
    seed: int = 0
    player: str = "expert"
    """Whose self-play gave the positions."""

    def __post_init__(self) -> None:
        if not 0 < len(self.means) == len(self.spreads) <= MAX_BAG:
            raise InputError(
                f"win chance: {len(self.means)} means and {len(self.spreads)} spreads; "
                "expected one of each for every bag size"
            )
        if not all(math.isfinite(m) for m in self.means):
            raise InputError("win chance: every mean must be a finite number")
        if not all(math.isfinite(s) and s >= MIN_SPREAD for s in self.spreads):
            raise InputError(f"win chance: every spread must be at least {MIN_SPREAD:g} points")

    def chance(self, margin: float, bag: int) -> float:
        """The chance that the player to move, ``margin`` points ahead with ``bag`` tiles in
        the bag, finishes ahead (a tie counts a half, as a continuous margin has none)."""
        index = min(max(bag, 0), len(self.means) - 1)
        spread = self.spreads[index]
        return 0.5 * (1.0 + math.erf((margin + self.means[index]) / (spread * math.sqrt(2.0))))

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form, with the method named."""
        return {
            "method": "mean and spread of the mover's final margin less its margin now, "
            f"by bag size, over the positions of {self.player} self-play",
            "games": self.games,
            "positions": self.positions,
            "seed": self.seed,
            "player": self.player,
            "means": [round(m, 3) for m in self.means],
            "spreads": [round(s, 3) for s in self.spreads],
        }

    @classmethod
    def from_dict(cls, data: object) -> WinChance:
        """Read the JSON form (strictly: a field missing, unknown or of the wrong kind is
        refused by name, never guessed)."""
        if not isinstance(data, dict):
            raise InputError("win chance: expected an object")
        unknown = sorted(set(data) - _FIELDS)
        if unknown:
            raise InputError(f"win chance: unknown field {str(unknown[0])[:40]!r}")
        missing = [key for key in sorted(_FIELDS) if key not in data]
        if missing:
            raise InputError(f"win chance: missing field {missing[0]!r}")
        numbers = [_numbers(data, "means"), _numbers(data, "spreads")]
        counts = []
        for key in ("games", "positions", "seed"):
            value = data[key]
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**63:
                raise InputError(f"win chance: expected {key} as a whole number")
            counts.append(value)
        player = data["player"]
        if player not in ("greedy", "expert"):
            raise InputError("win chance: expected player greedy or expert")
        if not isinstance(data["method"], str):
            raise InputError("win chance: expected method as text")
        return cls(numbers[0], numbers[1], counts[0], counts[1], counts[2], str(player))


_FIELDS: Final = frozenset({"method", "games", "positions", "seed", "player", "means", "spreads"})
_BOUND: Final = 1_000.0
"""Points no mean or spread comes near (a game scores about 300)."""


def _numbers(data: dict[object, object], key: str) -> tuple[float, ...]:
    values = data[key]
    if not isinstance(values, list) or not 0 < len(values) <= MAX_BAG:
        raise InputError(f"win chance: expected {key} as a list of 1 to {MAX_BAG} numbers")
    if not all(
        isinstance(v, int | float) and not isinstance(v, bool) and abs(v) <= _BOUND for v in values
    ):
        raise InputError(f"win chance: expected {key} as numbers within {_BOUND:g} of 0")
    return tuple(float(v) for v in values)


def load_win_chance(name: str = WIN_CHANCE_FILE) -> WinChance:
    """The chance of winning shipped with the package."""
    text = resources.files("solitaire.tiles").joinpath("data", name).read_text(encoding="utf-8")
    return WinChance.from_dict(json.loads(text))
