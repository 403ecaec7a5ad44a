"""The tile game a session plays and its seats: who moves, and who sits at this keyboard.

Every part of :class:`~solitaire.ui.tiles.session.TileSession` reads the game through
the one :class:`Table` the session owns, so a game replaced (a new game, a resumed one,
a move put back when it could not be saved) is the game every part sees.
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire.tiles.game import TileGame
from solitaire.tiles.levels import seat_names
from solitaire.tiles.registry import PLAYERS
from solitaire.tiles.tiles import Tile

__all__ = ["Table"]


class Table:
    """The game on the table and its seats: each a person at this keyboard (any name) or a
    computer player (a level's name)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.game: TileGame  # dealt when the session opens a game

    def is_person(self, seat: int) -> bool:
        """Whether a person at this keyboard plays this seat."""
        return self.names[seat] not in PLAYERS

    @property
    def shown_names(self) -> list[str]:
        """The seats' names as the screen says them: a computer seated twice numbered by
        seat (``expert 1``, ``expert 2``), as in the replay and the history."""
        return seat_names(self.names)

    @property
    def people(self) -> list[int]:
        """The seats played at this keyboard."""
        return [seat for seat in range(len(self.names)) if self.is_person(seat)]

    @property
    def seat(self) -> int:
        """The player to move."""
        return self.game.current_player

    @property
    def rack(self) -> tuple[Tile, ...]:
        """The rack of the player to move."""
        return self.game.rack(self.seat)

    @property
    def solitaire(self) -> bool:
        """One person plays both colours."""
        return self.game.solitaire

    @property
    def joker(self) -> bool:
        """Players count their own plays and call Joker on missed points."""
        return self.game.joker
