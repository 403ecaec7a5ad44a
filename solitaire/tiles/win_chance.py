"""The chance of winning from a position of the two-player tile game, learnt from
self-play: for the player to move with ``bag`` tiles left in the bag, how its final
margin differs from its margin now (a normal distribution per bag size, its mean the
mover's edge and its spread what the rest of the game may still swing).

``data/win-chance.json`` holds the fit; ``scripts/build_win_chance.py`` rebuilds it
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
            raise InputError("win chance: expected a mean and a spread for each bag size")
        if not all(math.isfinite(m) for m in self.means):
            raise InputError("win chance: every mean must be a finite number")
        if not all(math.isfinite(s) and s > 0 for s in self.spreads):
            raise InputError("win chance: every spread must be a positive number")

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
        """Read the JSON form (strictly: a wrong field is refused, never guessed)."""
        if not isinstance(data, dict):
            raise InputError("win chance: expected an object")
        numbers = []
        for key in ("means", "spreads"):
            values = data.get(key)
            if not isinstance(values, list) or not all(
                isinstance(v, int | float) and not isinstance(v, bool) for v in values
            ):
                raise InputError(f"win chance: expected {key} as a list of numbers")
            numbers.append(tuple(float(v) for v in values))
        counts = []
        for key in ("games", "positions", "seed"):
            value = data.get(key, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InputError(f"win chance: expected {key} as a whole number")
            counts.append(value)
        player = data.get("player", "expert")
        if player not in ("greedy", "expert", "planner"):
            raise InputError("win chance: expected player greedy, expert or planner")
        return cls(numbers[0], numbers[1], counts[0], counts[1], counts[2], str(player))


def load_win_chance(name: str = WIN_CHANCE_FILE) -> WinChance:
    """The chance of winning shipped with the package."""
    text = resources.files("solitaire.tiles").joinpath("data", name).read_text(encoding="utf-8")
    return WinChance.from_dict(json.loads(text))
