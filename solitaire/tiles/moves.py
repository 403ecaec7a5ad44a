"""Moves and the rules they must keep: a play of tiles, a pass, an exchange.

:func:`check_play` is the rules written out plainly: it either scores a play in
full (every line, every combination, every bonus) or refuses it with an
:class:`IllegalMoveError` whose :class:`Reason` names the broken rule. It changes
nothing, so a screen can call it on every tentative move.

>>> from solitaire.tiles.tiles import parse_tiles
>>> board = Board()
>>> play = Play.parse("G7:7D H7:8D")
>>> check_play(board, parse_tiles("7D 8D 2L 3L 4L"), play).total
12
>>> check_play(board, parse_tiles("7D 8D 2L 3L 4L"), Play.parse("G7:7D I7:8D"))
Traceback (most recent call last):
...
solitaire.tiles.moves.IllegalMoveError: the tiles leave a gap at H7: a play is one unbroken line
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from solitaire.core import errors
from solitaire.core.untrusted import safe_text
from solitaire.core.words import plural
from solitaire.tiles.board import ACROSS, DOWN, Board, Placement, parse_square, square_name
from solitaire.tiles.scoring import (
    MAX_LINE,
    Bonus,
    BonusKind,
    PlayScore,
    score_line,
)
from solitaire.tiles.tiles import RACK_SIZE, Tile, TileError, format_tiles

__all__ = [
    "Action",
    "Exchange",
    "IllegalMoveError",
    "Pass",
    "Play",
    "Reason",
    "announced",
    "as_laid",
    "check_count",
    "check_play",
    "format_placement",
    "parse_action",
    "rack_holds",
]


class Reason(StrEnum):
    """Why a move is refused."""

    COUNT = "count"
    OFF_BOARD = "off board"
    SAME_SQUARE = "same square"
    OCCUPIED = "occupied"
    BAD_FACE = "bad face"
    NOT_ON_RACK = "not on rack"
    NOT_IN_LINE = "not in one line"
    GAP = "gap"
    FIRST_TOO_SHORT = "first play too short"
    NOT_TOUCHING = "not touching"
    TOO_LONG = "line too long"
    NO_POINTS = "tile scores nothing"
    MUST_PLAY = "a play is possible"
    BAG_SHORT = "bag too small"
    GAME_OVER = "game over"


class IllegalMoveError(errors.IllegalMoveError):
    """A move that breaks a rule; ``reason`` says which (the one IllegalMoveError of
    :mod:`solitaire.core.errors`, its reason one of the tile game's)."""

    reason: Reason

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message, reason)


def format_placement(placement: Placement, size: int) -> str:
    """``H7:7D``, or ``H7:6D/9`` for a 6 turned round to be a 9."""
    square, tile, face = placement
    turned = f"/{face}" if face != tile.rank else ""
    return f"{square_name(square, size)}:{tile}{turned}"


def as_laid(tile: Tile, face: int) -> str:
    """A tile named as it is laid: ``7D``, or ``6D laid as a 9`` for a turned 6."""
    return str(tile) if face == tile.rank else f"{tile} laid as a {face}"


@dataclass(frozen=True, slots=True)
class Play:
    """Tiles laid in one turn: (square, tile, rank laid as), in square order."""

    placements: tuple[Placement, ...]
    size: int = 13

    def __init__(self, placements: Iterable[Placement], size: int = 13) -> None:
        object.__setattr__(self, "placements", tuple(sorted(placements)))
        object.__setattr__(self, "size", size)

    @classmethod
    def parse(cls, text: str, size: int = 13) -> Play:
        """Read ``G7:7D H7:8D`` (``H7:6D/9`` lays a 6 as a 9; the face may be left out)."""
        placements = []
        for token in text.replace(",", " ").split():
            square_text, sep, tile_text = token.partition(":")
            if not sep:
                raise TileError(
                    f"invalid placement '{safe_text(token, 20)}': expected a square:tile like H7:7D"
                )
            tile_text, turned, face_text = tile_text.partition("/")
            tile = Tile.parse(tile_text)
            face = tile.rank
            if turned:
                if not (face_text.isascii() and face_text.isdigit() and len(face_text) <= 2):
                    raise TileError(
                        f"invalid placement '{safe_text(token, 20)}': after / comes 6 or 9"
                    )
                face = int(face_text)
            placements.append((parse_square(square_text, size), tile, face))
        return cls(placements, size)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles laid."""
        return tuple(tile for _, tile, _ in self.placements)

    @property
    def squares(self) -> tuple[int, ...]:
        """The squares covered."""
        return tuple(square for square, _, _ in self.placements)

    def __str__(self) -> str:
        return " ".join(format_placement(p, self.size) for p in self.placements)


@dataclass(frozen=True, slots=True)
class Pass:
    """Missing the turn: allowed only when no play is possible."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Missing the turn and swapping 1-5 tiles with the bag (no play possible, bag big enough)."""

    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return f"exchange {format_tiles(self.tiles)}"


Action = Play | Pass | Exchange


def announced(action: Action) -> str:
    """A move as the other players learn it: an exchange by its count only."""
    if isinstance(action, Exchange):
        count = len(action.tiles)
        return f"exchange {plural(count, 'tile')}"
    return str(action)


def parse_action(text: str, size: int = 13) -> Action:
    """``pass``, ``exchange 7D 8L``, or a play like ``G7:7D H7:8D``."""
    words = text.strip().split()
    if not words:
        raise TileError("empty move: type a play like H7:7D, 'pass' or 'exchange 7D 8L'")
    head = words[0].lower()
    if head == "pass" and len(words) == 1:
        return Pass()
    if head == "exchange":
        return Exchange(tuple(Tile.parse(w) for w in words[1:]))
    return Play.parse(text, size)


def rack_holds(rack: Sequence[Tile], tiles: Iterable[Tile]) -> Tile | None:
    """The first tile that the rack does not hold (counting repeats), or None."""
    left = Counter(rack)
    for tile in tiles:
        if left[tile] == 0:
            return tile
        left[tile] -= 1
    return None


_DIRECTIONS: Final = (ACROSS, DOWN)


def check_count(count: int) -> None:
    """Raise :class:`IllegalMoveError` unless a play of ``count`` tiles may be laid."""
    if not 1 <= count <= RACK_SIZE:
        raise IllegalMoveError(Reason.COUNT, f"a play lays 1 to {RACK_SIZE} tiles, not {count}")


def check_play(board: Board, rack: Sequence[Tile], play: Play) -> PlayScore:
    """Score a play on a board from a rack, or raise :class:`IllegalMoveError` with the rule."""
    size = board.size
    placements = play.placements
    count = len(placements)
    check_count(count)
    squares = [square for square, _, _ in placements]
    for square, tile, face in placements:
        if not 0 <= square < size * size:
            raise IllegalMoveError(Reason.OFF_BOARD, f"square {square} is off the board")
        if squares.count(square) > 1:
            name = square_name(square, size)
            raise IllegalMoveError(Reason.SAME_SQUARE, f"two tiles on {name}")
        if board.faces[square]:
            name = square_name(square, size)
            raise IllegalMoveError(Reason.OCCUPIED, f"{name} already holds a tile")
        if face not in tile.faces:
            turns = " (a 6 or 9 may be laid either way)" if len(tile.faces) > 1 else ""
            raise IllegalMoveError(
                Reason.BAD_FACE, f"{tile} cannot be laid as {face}: it is a {tile.rank}{turns}"
            )
    missing = rack_holds(rack, play.tiles)
    if missing is not None:
        raise IllegalMoveError(
            Reason.NOT_ON_RACK, f"{missing} is not on your rack ({format_tiles(rack)})"
        )
    rows = {square // size for square in squares}
    cols = {square % size for square in squares}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMoveError(Reason.NOT_IN_LINE, "the tiles are not in one row or one column")
    new = frozenset(squares)
    direction = ACROSS if len(rows) == 1 else DOWN
    step = 1 if direction == ACROSS else size
    for square in range(min(squares), max(squares), step):
        if not board.faces[square] and square not in new:
            name = square_name(square, size)
            raise IllegalMoveError(
                Reason.GAP, f"the tiles leave a gap at {name}: a play is one unbroken line"
            )
    first = board.is_empty
    if first and count < 2:
        raise IllegalMoveError(
            Reason.FIRST_TOO_SHORT, "the first play is a Crib Hand of 2 to 5 tiles"
        )
    if not first and not any(board.faces[n] for s in squares for n in board.neighbours(s)):
        raise IllegalMoveError(
            Reason.NOT_TOUCHING, "the play must join the tiles already on the board"
        )
    after = board.place(placements)
    lines = []
    for line in _lines_through(after, new):
        if len(line) > MAX_LINE:
            ends = f"{square_name(line[0], size)}-{square_name(line[-1], size)}"
            raise IllegalMoveError(
                Reason.TOO_LONG,
                f"the line {ends} would be {len(line)} tiles long; at most {MAX_LINE}",
            )
        lines.append(
            score_line([after.faces[s] for s in line], [after.dark(s) for s in line], line)
        )
    for square, tile, face in placements:
        if not any(
            line.squares.index(square) in line.scoring_positions()
            for line in lines
            if square in line.squares
        ):
            raise IllegalMoveError(
                Reason.NO_POINTS,
                f"{as_laid(tile, face)} on {square_name(square, size)} scores nothing: every "
                "tile laid must be in a fifteen, pair or run",
            )
    bonuses = []
    if first:
        bonuses.append(Bonus(BonusKind.FIRST_PLAY))
    if count == RACK_SIZE:
        bonuses.append(Bonus(BonusKind.ALL_FIVE))
    return PlayScore(tuple(lines), tuple(bonuses))


def _lines_through(after: Board, new: frozenset[int]) -> list[tuple[int, ...]]:
    """Every line of 2+ tiles through a tile laid, each once, on the board after the play."""
    lines: list[tuple[int, ...]] = []
    for square in sorted(new):
        for direction in _DIRECTIONS:
            line = tuple(after.line(square, direction))
            if len(line) >= 2 and line not in lines:
                lines.append(line)
    return lines
