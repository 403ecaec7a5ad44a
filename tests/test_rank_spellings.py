"""Everywhere a card or a tile is typed, an ace is ``A`` or ``1`` and a ten ``T`` or ``10``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.core.cards import Card, Rank, parse_cards
from solitaire.patience.game import Game
from solitaire.tiles.board import SIZE
from solitaire.tiles.moves import Exchange, parse_action
from solitaire.tiles.tiles import Tile, parse_rank, parse_tiles
from solitaire.ui.tiles.typed import parse_typed

SPELLINGS = [("A", "1"), ("T", "10")]


def _cribsol(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solitaire", "--data-dir", str(tmp_path), *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(("one", "other"), SPELLINGS)
@pytest.mark.parametrize("case", [str.upper, str.lower])
def test_cards_read_either_spelling(one: str, other: str, case: object) -> None:
    assert callable(case)
    assert Rank.parse(case(one)) == Rank.parse(case(other))
    for suit in "CDHS♥":
        assert Card.parse(case(one + suit)) is Card.parse(case(other + suit))
    assert parse_cards(f"{one}H 5C") == parse_cards(f"{other}H 5C")


@pytest.mark.parametrize(("one", "other"), SPELLINGS)
def test_tiles_read_either_spelling(one: str, other: str) -> None:
    assert parse_rank(one) == parse_rank(other) is not None
    for colour in "LDld":
        assert Tile.parse(one + colour) is Tile.parse(other + colour)
    assert parse_tiles(f"{one}D {one}L") == parse_tiles(f"{other}D {other}L")
    assert parse_action(f"exchange {one}D", SIZE) == parse_action(f"exchange {other}D", SIZE)
    assert parse_action(f"G7:{one}D H7:5L", SIZE) == parse_action(f"G7:{other}D H7:5L", SIZE)


@pytest.mark.parametrize(("one", "other"), SPELLINGS)
def test_a_typed_tile_move_reads_either_spelling(one: str, other: str) -> None:
    rank = parse_rank(one)
    assert rank is not None
    rack = (Tile(rank, True), Tile(rank, False), Tile(5, True), Tile(9, False), Tile(13, True))

    def empty(square: int) -> bool:
        return False

    for form in ("{} 5D", "{}D 5D", "{}L 5D"):
        mine = parse_typed(f"G7 across {form.format(one)}", SIZE, rack, empty)
        theirs = parse_typed(f"G7 across {form.format(other)}", SIZE, rack, empty)
        assert mine == theirs
    typed = parse_typed(f"exchange {one}D", SIZE, rack, empty)
    assert typed == Exchange((Tile(rank, True),))


def test_a_patience_discard_reads_either_spelling() -> None:
    game = Game.from_seed(5)  # deals 3S 5H 3D 7S KD 10C
    assert game.check_discard("10c 5h") == game.check_discard("tc 5h")
    assert game.check_discard("10 5") == game.check_discard("t 5")


@pytest.mark.parametrize(("one", "other"), SPELLINGS)
def test_the_score_commands_read_either_spelling(tmp_path: Path, one: str, other: str) -> None:
    cards = [
        _cribsol(tmp_path, "score", f"{r}H", "5C", "5S", "JD", "4D", "--json") for r in (one, other)
    ]
    assert cards[0].returncode == cards[1].returncode == 0, cards[0].stderr
    assert json.loads(cards[0].stdout) == json.loads(cards[1].stdout)
    tiles = [_cribsol(tmp_path, "tiles", "score", r, "2", "3", "--json") for r in (one, other)]
    assert tiles[0].returncode == tiles[1].returncode == 0, tiles[0].stderr
    assert json.loads(tiles[0].stdout) == json.loads(tiles[1].stdout)
    coloured = [_cribsol(tmp_path, "tiles", "score", f"{r}D", "2D", "--json") for r in (one, other)]
    assert coloured[0].returncode == coloured[1].returncode == 0, coloured[0].stderr
    assert json.loads(coloured[0].stdout) == json.loads(coloured[1].stdout)
