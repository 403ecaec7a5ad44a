"""What a person's keys do at the tile game: the cursor, laying rack tiles and taking
them back, a typed move, an exchange, Enter and Esc; and the engine's verdict on the
move being made. A part of :class:`~solitaire.ui.tiles.session.TileSession`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solitaire.store import StoreError
from solitaire.tiles.board import Placement
from solitaire.tiles.game import MAX_CLAIM
from solitaire.tiles.moves import (
    Action,
    Exchange,
    IllegalMoveError,
    Pass,
    Play,
    Reason,
    check_play,
)
from solitaire.tiles.players import Appraisal
from solitaire.tiles.scoring import PlayScore
from solitaire.tiles.tiles import Tile, TileError
from solitaire.ui.saved import saved_move
from solitaire.ui.tiles.stage import Stage
from solitaire.ui.tiles.typed import parse_typed

if TYPE_CHECKING:
    from solitaire.tiles.game import TileGame

__all__ = ["Keys", "Preview"]


@dataclass(frozen=True, slots=True)
class Preview:
    """The verdict on the move being made: a play's score if legal, else the engine's reason."""

    action: Action | None
    """The tiles laid, the move typed or the exchange marked (None: a typed move refused
    before it reads as one, such as six tiles)."""
    score: PlayScore | None
    error: IllegalMoveError | None


class Keys:
    """The keys of the PLAY, EXCHANGE, COUNT, CALL and HANDOVER stages, and Enter's and
    Esc's meaning in each."""

    game: TileGame
    laid: list[Placement]
    cursor: int
    marked: set[int]
    exchanging: bool
    typing: str | None
    hints: list[Appraisal] | None
    counting: Play | None
    count: str
    choosing: bool
    released: bool
    handover: bool
    seen_by: int | None
    show_help: bool
    show_rules: bool
    message: str

    if TYPE_CHECKING:

        @property
        def stage(self) -> Stage: ...

        @property
        def base_stage(self) -> Stage: ...

        @property
        def seat(self) -> int: ...

        @property
        def rack(self) -> tuple[Tile, ...]: ...

        @property
        def covered(self) -> bool: ...

        @property
        def joker_callers(self) -> list[int]: ...

        @property
        def why(self) -> list[str] | None: ...

        @why.setter
        def why(self, lines: list[str] | None) -> None: ...

        def commit(self, action: Action, claim: int | None = None) -> None: ...

        def enter_offer(self) -> None: ...

        def file_game(self) -> None: ...

        def lay_hint(self, number: int) -> None: ...

        def _call(self, caller: int) -> None: ...

        def _call_choices(self) -> str: ...

        def _commit_count(self) -> None: ...

        def _answer(self) -> None: ...

        def _not_saved(self, error: StoreError) -> str: ...

    def take_keyboard(self) -> None:
        """The next person has the keyboard: show their rack."""
        if self.stage is Stage.HANDOVER:
            self.handover = False
            self.seen_by = self.seat

    def move(self, rows: int, cols: int) -> None:
        """Move the cursor (stops at the edges)."""
        size = self.game.board.size
        row = min(max(self.cursor // size + rows, 0), size - 1)
        col = min(max(self.cursor % size + cols, 0), size - 1)
        self.cursor = row * size + col

    def digit(self, digit: int) -> None:
        """A digit key: who calls (CALL), part of a count (COUNT), else 1-5 lays or marks a
        rack tile."""
        stage = self.stage
        if stage is Stage.CALL:
            if digit - 1 in self.joker_callers:
                self._call(digit - 1)
            else:
                self.message = f"Who calls Joker? {self._call_choices()}"
        elif stage is Stage.COUNT:
            if len(self.count) < len(str(MAX_CLAIM)):
                self.count = (self.count + str(digit)).lstrip("0") or "0"
        elif stage is Stage.PLAY and self.hints and 1 <= digit <= len(self.hints):
            self.lay_hint(digit - 1)
        elif 1 <= digit <= 5:
            self.rack_key(digit - 1)

    def _unlaid(self) -> list[int]:
        """Rack positions not laid this turn."""
        used = [index for index, _ in self._laid_positions()]
        return [i for i in range(len(self.rack)) if i not in used]

    def _laid_positions(self) -> list[tuple[int, Placement]]:
        """Each tentative tile with the rack position it came from."""
        return self._positions(self.laid)

    def _positions(self, placements: Sequence[Placement]) -> list[tuple[int, Placement]]:
        """Each placement with the rack position its tile comes from (a tile the rack does
        not hold, in a typed move, has none)."""
        taken: list[int] = []
        out = []
        for placement in placements:
            index = next(
                (i for i, t in enumerate(self.rack) if t == placement[1] and i not in taken), None
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
            action = self._typed()
        except ValueError:
            return []
        if not isinstance(action, Play):
            return []
        board = self.game.board
        n = board.size * board.size
        return [p for p in action.placements if 0 <= p[0] < n and not board.faces[p[0]]]

    def laid_from_rack(self) -> set[int]:
        """The rack positions of the tiles shown as laid this turn, by keys or typed."""
        return {index for index, _ in self._positions(self.shown_laid)}

    def rack_key(self, number: int) -> None:
        """1-5: lay that rack tile on the cursor (again: take it back); mark it in an exchange."""
        if self.stage is Stage.EXCHANGE:
            if number < len(self.rack):
                self.marked ^= {number}
            return
        if self.stage is not Stage.PLAY or number >= len(self.rack):
            return
        for index, placement in self._laid_positions():
            if index == number:
                self.laid.remove(placement)
                return
        tile = self.rack[number]
        placement = (self.cursor, tile, tile.rank)
        try:
            check_play(self.game.board, self.rack, Play([*self.laid, placement]))
        except IllegalMoveError as error:
            if error.reason in (Reason.OCCUPIED, Reason.SAME_SQUARE):
                self.message = str(error)  # the square is taken: the tile stays on the rack
                return
        self.laid.append(placement)
        self.hints = None
        self._advance()

    def _advance(self) -> None:
        """After laying, step the cursor along the line being built to the next empty square:
        the line of the tiles laid, or after the first, the line it joins (across when it
        joins tiles both ways, or none)."""
        size = self.game.board.size
        faces = self.game.board.faces
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
            if not self.game.board.faces[square] and square not in taken:
                self.cursor = square
                return

    def turn_tile(self) -> None:
        """Lay the 6 or 9 under the cursor the other way up."""
        for i, (square, tile, face) in enumerate(self.laid):
            if square == self.cursor and len(tile.faces) > 1:
                other = next(f for f in tile.faces if f != face)
                self.laid[i] = (square, tile, other)
                return
        self.message = "t turns a 6 or 9 you have laid under the cursor"

    def take_back(self) -> None:
        """Take back the last tile laid this turn."""
        if self.laid:
            square, _, _ = self.laid.pop()
            self.cursor = square

    def escape(self) -> None:
        """Esc: close what covers the game (help, the rules, the hints) first; then
        :meth:`clear`."""
        if self.covered:
            self.show_help = self.show_rules = False
        elif (self.hints is not None or self.why is not None) and self.stage is Stage.PLAY:
            self.hints = None
            self.why = None
        else:
            self.clear()

    def clear(self) -> None:
        """Take back every tile laid, leave typing, hints and the exchange; from a
        count, back to laying the play; from the question of who calls, nobody calls."""
        if self.stage is Stage.CALL:
            self.choosing = False
            self.message = "Nobody called Joker."
            return
        if self.stage is Stage.COUNT:
            self.counting = None
            self.count = ""
            return
        self.laid = []
        self.marked = set()
        self.exchanging = False
        self.typing = None
        self.hints = None
        self.why = None

    @property
    def preview(self) -> Preview | None:
        """The engine's verdict on the move being made: the tiles laid, the move typed (once
        it reads as a move) or the tiles marked to exchange; None before any."""
        try:
            action = self._making()
        except IllegalMoveError as error:
            return Preview(None, None, error)
        if action is None:
            return None
        try:
            return Preview(action, self.game.check(action), None)
        except IllegalMoveError as error:
            return Preview(action, None, error)

    def _making(self) -> Action | None:
        """The move being made, if any (IllegalMoveError: a typed one the engine refuses as
        it is read)."""
        stage = self.base_stage
        if stage is Stage.EXCHANGE:
            marked = tuple(self.rack[i] for i in sorted(self.marked))
            return Exchange(marked) if marked else None
        if stage is not Stage.PLAY:
            return None
        if self.typing is None:
            return Play(self.laid, self.game.board.size) if self.laid else None
        try:
            return self._typed()
        except IllegalMoveError:
            raise
        except ValueError:  # a TileError: not a move yet, and Enter says why
            return None

    def _typed(self) -> Action:
        board = self.game.board
        return parse_typed(self.typing or "", board.size, self.rack, lambda s: bool(board.faces[s]))

    def enter(self) -> None:
        """Enter: the keyboard is taken, the typed move or the tiles laid are played."""
        stage = self.stage
        if stage is Stage.RESUME:
            self.enter_offer()
        elif stage is Stage.CALL:
            self.message = f"Who calls Joker? {self._call_choices()}"
        elif stage is Stage.HANDOVER:
            self.take_keyboard()
        elif stage is Stage.WAIT:
            self._release()
        elif stage is Stage.COUNT:
            self._commit_count()
        elif stage is Stage.LAST_CALL:
            self.file_game()
        elif stage is Stage.EXCHANGE:
            tiles = tuple(self.rack[i] for i in sorted(self.marked))
            if not tiles:
                self.message = "Mark the tiles to exchange with 1-5 first (Esc: back)."
                return
            self.commit(Exchange(tiles))
        elif stage is Stage.PLAY:
            if self.typing is not None:
                self._commit_typed()
            elif self.laid:
                self.commit(Play(self.laid, self.game.board.size))
            else:
                self.message = "Lay tiles with 1-5 first (or type a move with m)."

    @saved_move("game")
    def _release(self) -> None:
        """Enter while a computer waits on a count: it moves."""
        self.released = True
        self._answer()

    def _commit_typed(self) -> None:
        try:
            action = self._typed()
        except (TileError, ValueError) as error:
            self.message = str(error)
            return
        try:
            self.game.check(action)
        except IllegalMoveError as error:  # the move typed stays, to be mended
            self.message = str(error)
            return
        typed, self.typing = self.typing, None
        turns = len(self.game.turns)
        self.commit(action)
        if self.counting is None and len(self.game.turns) == turns:  # not saved: nothing made
            self.typing = typed  # kept, as the tiles laid with keys are: Enter tries again

    def start_typing(self) -> None:
        """m: type a move instead of laying tiles."""
        if self.stage is Stage.PLAY:
            self.laid = []
            self.typing = ""

    def type_char(self, char: str) -> None:
        """A character of the typed move."""
        if self.typing is not None and len(self.typing) < 60 and char.isprintable():
            self.typing += char

    def backspace(self) -> None:
        """Take back a typed character or digit of a count, or the last tile laid."""
        if self.stage is Stage.CALL:
            return
        if self.stage is Stage.COUNT:
            self.count = self.count[:-1]
        elif self.typing is not None:
            self.typing = self.typing[:-1]
        else:
            self.take_back()

    def _no_play(self) -> bool:
        """Whether the person to move may pass or exchange (no play is possible); if not,
        says why."""
        if self.stage is not Stage.PLAY:
            return False
        try:
            self.game.check(Pass())
        except IllegalMoveError as error:
            self.message = f"{error} (? shows some)."
            return False
        return True

    def pass_turn(self) -> None:
        """p: pass (only when no play is possible)."""
        if self._no_play():
            self.commit(Pass())

    def exchange(self) -> None:
        """x: mark tiles to swap with the bag (only when no play is possible, and the bag
        holds a tile to swap: else it refuses at once, in one line)."""
        if not self._no_play():
            return
        if not self.game.exchanges():
            self.message = "The bag is empty, so no tile can be exchanged: p passes."
            return
        self.clear()
        self.exchanging = True
