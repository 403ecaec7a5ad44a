"""A tile game copied whole (what a session goes back to when a move cannot be saved) is the
game as it stood and stands apart from it: play on either and the other is unchanged."""

from __future__ import annotations

import copy
import json

import pytest

from solitaire.tiles.game import TileGame
from solitaire.tiles.joker import apply_counted
from solitaire.tiles.players import greedy
from solitaire.tiles.record import game_record

NAMES = {2: ["Ann", "greedy"], 3: ["Ann", "Bob", "greedy"]}


def state(game: TileGame) -> dict[str, object]:
    """Everything a game holds that a move changes (the record, and more), as it is now:
    each part a copy, compared by value."""
    return {
        "record": json.dumps(game_record(game, NAMES[game.players])),
        "bags": [bag.counts() for bag in game.bags],
        "next": [bag.draw(len(bag)) for bag in copy.deepcopy(game.bags)],  # in their order
        "board": (tuple(game.board.faces), tuple(game.board.colours), tuple(game.board.tiles)),
        "racks": tuple(game.racks),
        "scores": tuple(game.scores),
        "turn": (game.current_player, game.ending, game.without_play, game.deductions),
        "turns": tuple(game.turns),
        "calls": (tuple(game.calls.items()), tuple(game.early)),
        "seen": [copy.deepcopy(game.observation(seat)) for seat in range(game.players)],
        "plays": None if game.is_over else tuple(game.legal_plays()),
    }


def step(game: TileGame) -> None:
    """One turn: greedy's move, counted exactly but by the person at seat 0, who misses one
    point of it in a Joker game (seat 1 calls on it)."""
    names = NAMES[game.players]
    action = greedy(game.observation(game.current_player))
    worth = game.check(action)
    claim = None
    if game.joker and worth is not None and names[game.current_player] != "greedy":
        claim = max(0, worth.total - (game.current_player == 0))
    apply_counted(game, names, action, claim)
    if game.joker_open is not None and game.joker_open.player == 0:
        game.call_joker(1)


def play_on(game: TileGame) -> None:
    """The game played to its end (in a Joker game, with an early call first)."""
    if game.joker:
        game.call_early(0 if game.current_player else 1)
    while not game.is_over:
        step(game)


@pytest.mark.parametrize(
    "game",
    [
        lambda: TileGame(3),
        lambda: TileGame(5, 3),
        lambda: TileGame(6, solitaire=True),
        lambda: TileGame(7, joker=True),
    ],
    ids=["two", "three", "solitaire", "joker"],
)
def test_a_copy_is_the_game_as_it_stood_and_stands_apart(game: object) -> None:
    original: TileGame = game()  # type: ignore[operator]
    for _ in range(8):
        step(original)
    if original.joker:
        original.call_early(0 if original.current_player else 1)
        assert original.early and original.calls
    original.legal_plays()  # the plays found are kept, and copied with the game
    before = state(original)
    copied = copy.deepcopy(original)
    assert state(copied) == before
    shares_a_bag = not original.solitaire
    assert all((bag is copied.bags[0]) == shares_a_bag for bag in copied.bags[1:])
    assert not set(map(id, copied.bags)) & set(map(id, original.bags))
    play_on(copied)  # the copy played to its end: the game is unchanged
    assert state(original) == before
    again = copy.deepcopy(original)
    play_on(original)  # and the other way round
    assert state(again) == before
    assert game_record(original, NAMES[original.players]) == game_record(
        copied, NAMES[copied.players]
    )
