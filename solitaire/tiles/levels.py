"""The tile game's computer players by name: plain data, light to import.

:func:`solitaire.tiles.registry.make_player` makes the players these name.
"""

from __future__ import annotations

# typing's own flag would load typing, which --help and --version otherwise skip
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

__all__ = ["DEFAULT_VS", "PLAYERS"]

PLAYERS: Final = ("expert", "greedy", "planner")
DEFAULT_VS: Final = "greedy"  # --auto's opponent when none is named
