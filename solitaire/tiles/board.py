"""The board: a square grid (13 x 13 in play), columns A-M and rows 1-13, like a word game.

A square is an int ``row * size + column`` with row 0 written ``1``. A board is
immutable: :meth:`Board.place` returns a new board.

>>> board = Board().place([(parse_square("H7"), Tile.parse("7D"), 7)])
>>> square_name(parse_square("H7")), board.face(parse_square("H7")), len(board)
('H7', 7, 1)
>>> [square_name(s) for s in board.line(parse_square("H7"), ACROSS)]
['H7']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from solitaire.core.errors import InputError
from solitaire.core.untrusted import safe_text
from solitaire.tiles.tiles import Tile, TileError

__all__ = [
    "ACROSS",
    "DOWN",
    "SIZE",
    "Board",
    "Placement",
    "parse_square",
    "square_name",
]

SIZE: Final = 13
ACROSS: Final = 0
"""Along a row (columns A, B, C ...)."""
DOWN: Final = 1
"""Along a column (rows 1, 2, 3 ...)."""
_LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

Placement = tuple[int, Tile, int]
"""A tile laid: (square, tile, the rank it is laid as)."""


def square_name(square: int, size: int = SIZE) -> str:
    """``H7`` for column H, row 7."""
    row, col = divmod(square, size)
    return f"{_LETTERS[col]}{row + 1}"


_ASCII_DIGITS: Final = frozenset("0123456789")  # not "٣" or "³", which isdigit() takes


def parse_square(token: str, size: int = SIZE) -> int:
    """Read a square such as ``H7`` or ``h7``."""
    text = token.strip().upper()
    last = _LETTERS[size - 1]
    row_text = text[1:]
    if 2 <= len(text) <= 3 and text[0] in _LETTERS[:size] and _ASCII_DIGITS.issuperset(row_text):
        row = int(row_text)
        if 1 <= row <= size:
            return (row - 1) * size + _LETTERS.index(text[0])
    raise TileError(
        f"invalid square '{safe_text(token, 20)}': expected a column A-{last} then a row "
        f"1-{size}, like H7"
    )


class Board:
    """Tiles laid on a square grid: each square empty or holding a tile fixed at one rank."""

    __slots__ = ("colours", "faces", "size", "tiles")

    def __init__(self, size: int = SIZE) -> None:
        if not 2 <= size <= len(_LETTERS):
            raise InputError(f"a board is 2 to {len(_LETTERS)} squares wide, not {size}")
        self.size = size
        cells = size * size
        self.faces: list[int] = [0] * cells
        """The rank each tile was laid as; 0 for an empty square."""
        self.colours: list[int] = [0] * cells
        """1 for a light tile, 2 for a dark one, 0 for an empty square."""
        self.tiles: list[Tile | None] = [None] * cells

    def copy(self) -> Board:
        """An independent copy."""
        new = Board.__new__(Board)
        new.size = self.size
        new.faces = self.faces.copy()
        new.colours = self.colours.copy()
        new.tiles = self.tiles.copy()
        return new

    def place(self, placements: Iterable[Placement]) -> Board:
        """A new board with these tiles laid (no rule is checked here)."""
        new = self.copy()
        for square, tile, face in placements:
            new.faces[square] = face
            new.colours[square] = 2 if tile.dark else 1
            new.tiles[square] = tile
        return new

    def __len__(self) -> int:
        """Tiles on the board."""
        return sum(1 for f in self.faces if f)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Board)
            and other.size == self.size
            and other.faces == self.faces
            and other.tiles == self.tiles
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def is_empty(self) -> bool:
        """No tile has been laid."""
        return not any(self.faces)

    def face(self, square: int) -> int:
        """The rank of the tile on a square, 0 when empty."""
        return self.faces[square]

    def dark(self, square: int) -> bool:
        """Whether the tile on a square is dark."""
        return self.colours[square] == 2

    def on_board(self, row: int, col: int) -> bool:
        """Whether a row and column index is on the grid."""
        return 0 <= row < self.size and 0 <= col < self.size

    def step(self, direction: int) -> tuple[int, int]:
        """(row, column) offsets of one step along a direction."""
        return (0, 1) if direction == ACROSS else (1, 0)

    def neighbours(self, square: int) -> Iterator[int]:
        """The up to four squares next to one, across and down."""
        row, col = divmod(square, self.size)
        for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            if self.on_board(row + dr, col + dc):
                yield (row + dr) * self.size + col + dc

    def line(self, square: int, direction: int, filled: frozenset[int] = frozenset()) -> list[int]:
        """The unbroken line of occupied squares through ``square`` along a direction.

        Squares in ``filled`` count as occupied (tiles about to be laid); an empty
        square has no line.
        """
        dr, dc = self.step(direction)
        row, col = divmod(square, self.size)
        size, faces = self.size, self.faces

        def occupied(r: int, c: int) -> bool:
            return self.on_board(r, c) and (faces[r * size + c] != 0 or r * size + c in filled)

        if not occupied(row, col):
            return []
        start_r, start_c = row, col
        while occupied(start_r - dr, start_c - dc):
            start_r, start_c = start_r - dr, start_c - dc
        squares = []
        r, c = start_r, start_c
        while occupied(r, c):
            squares.append(r * size + c)
            r, c = r + dr, c + dc
        return squares

    def rows(self) -> list[list[int]]:
        """The faces row by row (0 for empty), for display and tests."""
        n = self.size
        return [self.faces[r * n : (r + 1) * n] for r in range(n)]

    def placements(self) -> list[Placement]:
        """Every tile on the board as (square, tile, face), in square order."""
        return [
            (square, tile, self.faces[square])
            for square, tile in enumerate(self.tiles)
            if tile is not None
        ]
