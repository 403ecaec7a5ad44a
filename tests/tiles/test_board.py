"""The board: typed squares, lines across and down."""

from __future__ import annotations

import pytest

from solitaire.tiles.board import ACROSS, DOWN, SIZE, Board, parse_square, square_name
from solitaire.tiles.tiles import Tile, TileError


def test_every_square_round_trips_columns_a_to_m_rows_1_to_13() -> None:
    names = [square_name(s) for s in range(SIZE * SIZE)]
    assert names[0] == "A1" and names[12] == "M1" and names[-1] == "M13"
    assert len(set(names)) == 169
    for square, name in enumerate(names):
        assert parse_square(name) == square
        assert parse_square(name.lower()) == square


@pytest.mark.parametrize("token", ["", "H", "7H", "N1", "A0", "A14", "H7x", "HH"])
def test_a_bad_square_is_named(token: str) -> None:
    with pytest.raises(TileError, match="invalid square"):
        parse_square(token)


def test_lines_run_across_and_down_and_stop_at_a_gap() -> None:
    seven = Tile.parse("7D")
    squares = [parse_square(s) for s in ("C3", "D3", "E3", "G3", "E4")]
    board = Board().place([(s, seven, 7) for s in squares])
    e3 = parse_square("E3")
    assert [square_name(s) for s in board.line(e3, ACROSS)] == ["C3", "D3", "E3"]
    assert [square_name(s) for s in board.line(e3, DOWN)] == ["E3", "E4"]
    assert board.line(parse_square("F3"), ACROSS) == []
    filled = frozenset({parse_square("F3")})
    assert len(board.line(e3, ACROSS, filled)) == 5


def test_placing_returns_a_new_board_and_a_turned_tile_keeps_its_face() -> None:
    empty = Board()
    six = Tile.parse("6L")
    board = empty.place([(0, six, 9)])
    assert empty.is_empty and len(board) == 1
    assert board.face(0) == 9 and board.tiles[0] is six and not board.dark(0)
    assert board.placements() == [(0, six, 9)]
    assert board != empty and board == empty.place([(0, six, 9)])
