"""The match's computer levels by name: the one place a level is made.

It sits above the players it makes (:mod:`~solitaire.match.players` and
:mod:`~solitaire.match.expert`), so neither imports it; their names are in
:mod:`~solitaire.match.levels`, which the command line reads without loading any.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from solitaire.core.errors import InputError
from solitaire.match.levels import PLAYERS
from solitaire.match.players import EasyPlayer, Player, StandardPlayer

if TYPE_CHECKING:
    from solitaire.match.decide.search import Model

__all__ = ["PLAYERS", "make_player"]


def make_player(
    name: str, rng: random.Random, model: Model = "honest", searched_lead: bool = False
) -> Player:
    """The computer level of this name; ``rng`` feeds the ones that draw at random.
    ``model`` is ``expert``'s model of the opponent's play (``"open"``: the expert before
    the honest model, for replaying what it played); ``searched_lead`` has ``expert``
    search pone's opening lead under that model instead of reading the lead table
    (:class:`~solitaire.match.expert.ExpertPlayer`)."""
    if name == "easy":
        return EasyPlayer(rng)
    if name == "standard":
        return StandardPlayer()
    if name == "expert":
        from solitaire.match.expert import ExpertPlayer  # the search and numpy load with it

        return ExpertPlayer(model, searched_lead=searched_lead)
    raise InputError(f"unknown player {name!r}: expected one of {', '.join(PLAYERS)}")
