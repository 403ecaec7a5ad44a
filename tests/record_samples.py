"""Real records of every kind, written by the current code, for the tests that attack them.

Each is made once per test process (``functools.cache``): a finished patience game with
every optional field, a finished match and one where the players count themselves with
muggins, a finished drill, a finished tile game, and a finished Joker tile game with
claims and calls. Every tile game is walked with the tests' quick greedy.
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from solitaire.match.drill import Drill, drill_record
from solitaire.match.game import Match
from solitaire.match.players import EasyPlayer, StandardPlayer, advance
from solitaire.match.record import match_record
from solitaire.patience.game import Game
from solitaire.patience.record import game_record
from solitaire.tiles.game import TileGame
from solitaire.tiles.joker import apply_counted
from solitaire.tiles.moves import Play
from tests.tiles.quick_greedy import quick_greedy


@functools.cache
def _patience() -> dict[str, Any]:
    game = Game.from_seed(21)
    game.discard(game.shown[:2])
    game.undo()
    game.hints.add(2)
    while not game.is_over:
        game.discard(game.shown[1:3])
    return game_record(game, daily="2026-11-29")


@functools.cache
def _match() -> dict[str, Any]:
    match = Match(3, games=1)
    advance(match, (StandardPlayer(), EasyPlayer(random.Random(3))))
    return match_record(match, ("standard", "easy"))


@functools.cache
def _match_counting() -> dict[str, Any]:
    match = Match(8, games=1, counting=[0, 1], muggins=True)
    advance(match, (EasyPlayer(random.Random(1)), EasyPlayer(random.Random(2))))
    return match_record(match, ("easy", "easy"))


@functools.cache
def _drill() -> dict[str, Any]:
    drill = Drill(3, hands=2, opponent="easy")
    while not drill.is_over:
        if drill.hand_over:
            drill.next_hand()
        else:
            drill.lay(drill.playable()[-1])
    return drill_record(drill)


@functools.cache
def _tiles() -> dict[str, Any]:
    game = TileGame(17)
    while not game.is_over:
        game.apply(quick_greedy(game.observation(game.current_player)))
    return game.record(["greedy", "greedy"])


@functools.cache
def _tiles_joker() -> dict[str, Any]:
    """Ann (a person) claims two points less than each play is worth; greedy calls Joker."""
    names = ["Ann", "greedy"]
    game = TileGame(4, joker=True)
    while not game.is_over:
        action = quick_greedy(game.observation(game.current_player))
        claim = None
        if isinstance(action, Play):
            worth = game.check(action)
            assert worth is not None
            claim = max(worth.total - 2, 0)
        apply_counted(game, names, action, claim)
    return game.record(names)


MAKERS: Final[dict[str, Callable[[], dict[str, Any]]]] = {
    "patience": _patience,
    "match": _match,
    "match-counting": _match_counting,
    "drill": _drill,
    "tiles": _tiles,
    "tiles-joker": _tiles_joker,
}
KINDS: Final = tuple(MAKERS)


def record(kind: str) -> dict[str, Any]:
    """A fresh copy of the sample record of ``kind`` (one of :data:`KINDS`)."""
    return copy.deepcopy(MAKERS[kind]())


def tampered(data: Any, path: Sequence[str | int], value: object) -> Any:
    """A deep copy of ``data`` with the item at ``path`` (keys and indexes) set to ``value``."""
    data = copy.deepcopy(data)
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return data


def game_of(kind: str) -> str:
    """The record's game (``match-counting`` is a match)."""
    return kind.split("-")[0]
