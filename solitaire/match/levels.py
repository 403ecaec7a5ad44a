"""The match's computer levels, the outside players and the bounds of a run: plain data.

The command line checks its options against these before any engine loads;
:mod:`solitaire.match.players` and :mod:`solitaire.match.outside` make the players
they name.
"""

from __future__ import annotations

# typing's own flag would load typing, which --help and --version otherwise skip
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "DEFAULT_HANDS",
    "DEFAULT_LEVEL",
    "DRILL_LEVEL",
    "MAX_ARENA_GAMES",
    "MAX_DEALS",
    "MAX_GAMES",
    "MAX_HANDS",
    "OUTSIDE",
    "PLAYERS",
    "arena_players",
]

PLAYERS: Final = ("easy", "standard", "expert")
DEFAULT_LEVEL: Final = "standard"  # the opponent when none is named
OUTSIDE: Final = ("magmacrunch", "pycribbage", "pycribbage-random")  # from PyPI, seated by us
MAX_GAMES: Final = 25  # a series longer than this is not a record we write
MAX_ARENA_GAMES: Final = 1_000_000
MAX_DEALS: Final = 60  # deals in a game: one always ends well before (each deal pegs the go)
DEFAULT_HANDS: Final = 8  # hands in a pegging drill
DRILL_LEVEL: Final = "expert"  # the drill's opponent when none is named
MAX_HANDS: Final = 40


def arena_players() -> tuple[str, ...]:
    """Every name that can sit at the table: our levels, then the outside players."""
    return (*PLAYERS, *OUTSIDE)
