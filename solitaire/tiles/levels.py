"""The tile game's computer players by name: plain data, light to import.

:func:`solitaire.tiles.registry.make_player` makes the players these name.
"""

from __future__ import annotations

# typing's own flag would load typing, which --help and --version otherwise skip
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Final

__all__ = ["DEFAULT_VS", "PLAYERS", "is_seat_name", "seat_names"]

PLAYERS: Final = ("expert", "greedy", "planner")
DEFAULT_VS: Final = "greedy"  # --auto's opponent when none is named


def seat_names(names: Sequence[str]) -> list[str]:
    """The players' names as shown: a computer seated twice or more numbered by seat
    (``Ann``, ``expert 2``, ``greedy``, ``expert 4``)."""
    return [
        f"{name} {seat + 1}" if names.count(name) > 1 else name for seat, name in enumerate(names)
    ]


def is_seat_name(name: str) -> bool:
    """Whether a name reads as a computer numbered by seat, as :func:`seat_names` shows
    one seated twice (``expert 2``, in any case), so a person may not take it."""
    level, _, number = name.lower().rpartition(" ")
    return level in PLAYERS and number.isdigit()
