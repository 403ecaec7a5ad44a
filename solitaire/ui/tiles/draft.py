"""The move a person is making at the tile game, before it is played: the tiles laid on
the board with the rack's keys, a move typed, the tiles marked to exchange, the cursor;
and the engine's verdict on it. A part :class:`~solitaire.ui.tiles.session.TileSession`
owns, built on the session's :class:`~solitaire.ui.tiles.table.Table`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solitaire.tiles.board import Placement
from solitaire.tiles.moves import Action, Exchange, IllegalMoveError, Play, Reason, check_play
from solitaire.tiles.scoring import PlayScore
from solitaire.tiles.tiles import Tile
from solitaire.ui.tiles.stage import Stage
from solitaire.ui.tiles.table import Table
from solitaire.ui.tiles.typed import parse_typed

__all__ = ["Draft", "Preview"]


@dataclass(frozen=True, slots=True)
class Preview:
    """The verdict on the move being made: a play's score if legal, else the engine's reason."""

    action: Action | None
    """The tiles laid, the move typed or the exchange marked (None: a typed move refused
    before it reads as one, such as six tiles)."""
    score: PlayScore | None
    error: IllegalMoveError | None


class Draft:
    """The move being made by the person to move; ``say`` puts a line on the message line."""

    def __init__(self, table: Table, say: Callable[[str], None]) -> None:
        self.table = table
        self.say = say
        self.laid: list[Placement] = []
        """The tiles laid this turn, not yet played."""
        self.cursor = 0
        """The square under the cursor."""
        self.marked: set[int] = set()
        """The rack positions marked to exchange."""
        self.exchanging = False
        """Tiles are being marked to exchange (x)."""
        self.typing: str | None = None
        """The move being typed (m; None: not typing)."""

    def clear(self) -> None:
        """Take back every tile laid, leave typing and the exchange."""
        self.laid = []
        self.marked = set()
        self.exchanging = False
        self.typing = None

    def home(self) -> None:
        """A new turn: nothing laid, the cursor on the middle square."""
        self.clear()
        size = self.table.game.board.size
        self.cursor = (size // 2) * size + size // 2

    def move(self, rows: int, cols: int) -> None:
        """Move the cursor (stops at the edges)."""
        size = self.table.game.board.size
        row = min(max(self.cursor // size + rows, 0), size - 1)
        col = min(max(self.cursor % size + cols, 0), size - 1)
        self.cursor = row * size + col

    def _laid_positions(self) -> list[tuple[int, Placement]]:
        """Each tentative tile with the rack position it came from."""
        return self._positions(self.laid)

    def _positions(self, placements: Sequence[Placement]) -> list[tuple[int, Placement]]:
        """Each placement with the rack position its tile comes from (a tile the rack does
        not hold, in a typed move, has none)."""
        rack = self.table.rack
        taken: list[int] = []
        out = []
        for placement in placements:
            index = next(
                (i for i, t in enumerate(rack) if t == placement[1] and i not in taken), None
            )
            if index is not None:
                taken.append(index)
                out.append((index, placement))
        return out

    @property
    def shown_laid(self) -> list[Placement]:
        """The tiles shown as laid this turn: laid by keys, or in the move being typed (on
        empty squares of the board)."""
        if self.typing is None:
            return self.laid
        try:
            action = self.typed()
        except ValueError:
            return []
        if not isinstance(action, Play):
            return []
        board = self.table.game.board
        n = board.size * board.size
        return [p for p in action.placements if 0 <= p[0] < n and not board.faces[p[0]]]

    def laid_from_rack(self) -> set[int]:
        """The rack positions of the tiles shown as laid this turn, by keys or typed."""
        return {index for index, _ in self._positions(self.shown_laid)}

    def mark(self, number: int) -> None:
        """Mark rack tile ``number`` (from 0) to exchange, or unmark it."""
        if number < len(self.table.rack):
            self.marked ^= {number}

    def lay(self, number: int) -> bool:
        """Lay rack tile ``number`` (from 0) on the cursor, or take it back when laid;
        whether a tile was laid (a square already taken says so, and the tile stays)."""
        rack = self.table.rack
        if number >= len(rack):
            return False
        for index, placement in self._laid_positions():
            if index == number:
                self.laid.remove(placement)
                return False
        tile = rack[number]
        placement = (self.cursor, tile, tile.rank)
        try:
            check_play(self.table.game.board, rack, Play([*self.laid, placement]))
        except IllegalMoveError as error:
            if error.reason in (Reason.OCCUPIED, Reason.SAME_SQUARE):
                self.say(str(error))  # the square is taken: the tile stays on the rack
                return False
        self.laid.append(placement)
        self._advance()
        return True

    def _advance(self) -> None:
        """After laying, step the cursor along the line being built to the next empty square:
        the line of the tiles laid, or after the first, the line it joins (across when it
        joins tiles both ways, or none)."""
        size = self.table.game.board.size
        faces = self.table.game.board.faces
        squares = [s for s, _, _ in self.laid]
        if len(squares) >= 2:
            down = squares[0] % size == squares[1] % size
        else:
            row, col = divmod(squares[0], size)
            across = any(0 <= col + d < size and faces[row * size + col + d] for d in (-1, 1))
            vertical = any(0 <= row + d < size and faces[(row + d) * size + col] for d in (-1, 1))
            down = vertical and not across
        step = size if down else 1
        square = self.cursor
        taken = {s for s, _, _ in self.laid}
        while True:
            nxt = square + step
            if nxt >= size * size or (step == 1 and nxt // size != square // size):
                return
            square = nxt
            if not faces[square] and square not in taken:
                self.cursor = square
                return

    def turn_tile(self) -> None:
        """Lay the 6 or 9 under the cursor the other way up."""
        for i, (square, tile, face) in enumerate(self.laid):
            if square == self.cursor and len(tile.faces) > 1:
                other = next(f for f in tile.faces if f != face)
                self.laid[i] = (square, tile, other)
                return
        self.say("t turns a 6 or 9 you have laid under the cursor")

    def take_back(self) -> None:
        """Take back the last tile laid this turn."""
        if self.laid:
            square, _, _ = self.laid.pop()
            self.cursor = square

    def lay_play(self, play: Play) -> None:
        """Lay a whole play on the board (a hint chosen), the cursor on its last tile."""
        self.laid = list(play.placements)
        self.typing = None
        self.cursor = self.laid[-1][0]

    def marked_tiles(self) -> tuple[Tile, ...]:
        """The tiles marked to exchange, in rack order."""
        rack = self.table.rack
        return tuple(rack[i] for i in sorted(self.marked))

    def preview(self, stage: Stage) -> Preview | None:
        """The engine's verdict on the move being made in ``stage`` (the stage under the
        question of who calls Joker): the tiles laid, the move typed (once it reads as a
        move) or the tiles marked to exchange; None before any."""
        try:
            action = self._making(stage)
        except IllegalMoveError as error:
            return Preview(None, None, error)
        if action is None:
            return None
        try:
            return Preview(action, self.table.game.check(action), None)
        except IllegalMoveError as error:
            return Preview(action, None, error)

    def _making(self, stage: Stage) -> Action | None:
        """The move being made, if any (IllegalMoveError: a typed one the engine refuses as
        it is read)."""
        if stage is Stage.EXCHANGE:
            marked = self.marked_tiles()
            return Exchange(marked) if marked else None
        if stage is not Stage.PLAY:
            return None
        if self.typing is None:
            return Play(self.laid, self.table.game.board.size) if self.laid else None
        try:
            return self.typed()
        except IllegalMoveError:
            raise
        except ValueError:  # a TileError: not a move yet, and Enter says why
            return None

    def typed(self) -> Action:
        """The move typed, read (ValueError: it does not read as one)."""
        board = self.table.game.board
        return parse_typed(
            self.typing or "", board.size, self.table.rack, lambda s: bool(board.faces[s])
        )

    def start_typing(self) -> None:
        """Type a move instead of laying tiles (those laid are taken back)."""
        self.laid = []
        self.typing = ""

    def type_char(self, char: str) -> None:
        """A character of the typed move."""
        if self.typing is not None and len(self.typing) < 60 and char.isprintable():
            self.typing += char
