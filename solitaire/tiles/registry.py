"""The tile game's computer players by name: the one place a player is made.

It sits above the players it makes (:mod:`~solitaire.tiles.players`), which do not
import it; their names are in :mod:`~solitaire.tiles.levels`, which the command line
reads without loading any.
"""

from __future__ import annotations

import random

from solitaire.core.errors import InputError
from solitaire.tiles.levels import PLAYERS
from solitaire.tiles.planner import _planner
from solitaire.tiles.players import GreedyPlayer, Player, _expert

__all__ = ["PLAYERS", "make_player"]


def make_player(name: str, rng: random.Random) -> Player:
    """The computer player of this name; ``rng`` feeds the ones that draw at random (no
    tile player does yet).

    The expert is the one built-in :class:`~solitaire.tiles.players.Expert`, made on
    first use: the leave values it looks up are kept from game to game. The planner is
    the one built-in :class:`~solitaire.tiles.planner.Planner`, made on first use too.
    """
    if name == "greedy":
        return GreedyPlayer()
    if name == "expert":
        return _expert()
    if name == "planner":
        return _planner()
    raise InputError(f"unknown player {name!r}: expected one of {', '.join(PLAYERS)}")
