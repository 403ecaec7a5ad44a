"""What a person's keys do at the tile game: the cursor, laying rack tiles and taking
them back, a typed move, an exchange, the hints, the Joker's keys, Enter and Esc, each
read by the stage the screen is in. A part :class:`~solitaire.ui.tiles.session.TileSession`
owns: it works the session's other parts, and asks the session (:class:`Moves`) where it
stands and for the moves, which the session saves."""

from __future__ import annotations

from typing import Protocol

from solitaire.core.names import command
from solitaire.tiles.moves import Action, Exchange, IllegalMoveError, Pass, Play
from solitaire.tiles.tiles import TileError
from solitaire.ui.tiles.advice import Advice
from solitaire.ui.tiles.calls import JokerCalls
from solitaire.ui.tiles.draft import Draft
from solitaire.ui.tiles.panels import Panels
from solitaire.ui.tiles.stage import Stage
from solitaire.ui.tiles.table import Table

__all__ = ["Keys", "Moves"]


class Moves(Protocol):
    """What the keys ask of the session: the stage shown, the message line, and the moves
    (each saved, or not made when it cannot be)."""

    @property
    def stage(self) -> Stage:
        """What the screen shows now."""
        ...

    @property
    def base_stage(self) -> Stage:
        """What the screen shows under the question of who calls Joker."""
        ...

    def say(self, line: str) -> None:
        """Put ``line`` on the message line."""
        ...

    def commit(self, action: Action, claim: int | None = None) -> None:
        """Play ``action`` for the person to move (counted first in a Joker game)."""
        ...

    def take_keyboard(self) -> None:
        """The next person has the keyboard: show their rack."""
        ...

    def enter_offer(self) -> None:
        """Enter on the RESUME screen."""
        ...

    def release(self) -> None:
        """Enter while a computer waits on a count: it moves."""
        ...

    def call(self, caller: int) -> None:
        """``caller`` calls Joker now."""
        ...

    def file_game(self) -> None:
        """Enter at the last call: the count stands and the game is filed."""
        ...


class Keys:
    """The keys of the PLAY, EXCHANGE, COUNT, CALL and HANDOVER stages, and Enter's and
    Esc's meaning in each."""

    def __init__(
        self,
        table: Table,
        draft: Draft,
        advice: Advice,
        calls: JokerCalls,
        panels: Panels,
        moves: Moves,
    ) -> None:
        self.table = table
        self.draft = draft
        self.advice = advice
        self.calls = calls
        self.panels = panels
        self.moves = moves

    def _callers(self) -> list[int]:
        return self.calls.callers(self.moves.base_stage)

    def _who_calls(self) -> str:
        return f"Who calls Joker? {self.calls.choices(self._callers())}"

    def digit(self, digit: int) -> None:
        """A digit key: who calls (CALL), part of a count (COUNT), else 1-5 lays or marks a
        rack tile."""
        stage = self.moves.stage
        hints = self.advice.hints
        if stage is Stage.CALL:
            if digit - 1 in self._callers():
                self.moves.call(digit - 1)
            else:
                self.moves.say(self._who_calls())
        elif stage is Stage.COUNT:
            self.calls.type_digit(digit)
        elif stage is Stage.PLAY and hints and 1 <= digit <= len(hints):
            self.lay_hint(digit - 1)
        elif 1 <= digit <= 5:
            self.rack_key(digit - 1)

    def rack_key(self, number: int) -> None:
        """1-5: lay that rack tile on the cursor (again: take it back); mark it in an exchange."""
        stage = self.moves.stage
        if stage is Stage.EXCHANGE:
            self.draft.mark(number)
        elif stage is Stage.PLAY and self.draft.lay(number):
            self.advice.hints = None

    def lay_hint(self, number: int) -> None:
        """1-9 while the hints are shown: lay hint ``number`` (from 0) on the board."""
        play = self.advice.take_hint(number)
        if play is not None:
            self.draft.lay_play(play)

    def hint(self) -> None:
        """?: the planner's best plays (PLAY only); with no play, its exchange and why."""
        if self.moves.stage is not Stage.PLAY:
            return
        said = self.advice.hint()
        if said is not None:
            self.moves.say(said)

    def explain_why(self) -> None:
        """w: why the planner's top play beats the play laid (not in a Joker game, where
        the hints do not count for you)."""
        if self.moves.stage is not Stage.PLAY or self.calls.joker:
            if self.calls.joker:
                self.moves.say("In a Joker game the hints do not count for you: no w.")
            return
        said = self.advice.explain_why(self.draft.preview(self.moves.base_stage))
        if said is not None:
            self.moves.say(said)

    def escape(self) -> None:
        """Esc: close what covers the game (help, the rules, the hints) first; then
        :meth:`clear`."""
        advice = self.advice
        if self.panels.covered:
            self.panels.show_help = self.panels.show_rules = False
        elif (advice.hints is not None or advice.why is not None) and (
            self.moves.stage is Stage.PLAY
        ):
            advice.clear()
        else:
            self.clear()

    def clear(self) -> None:
        """Take back every tile laid, leave typing, hints and the exchange; from a
        count, back to laying the play; from the question of who calls, nobody calls."""
        stage = self.moves.stage
        if stage is Stage.CALL:
            self.calls.choosing = False
            self.moves.say("Nobody called Joker.")
            return
        if stage is Stage.COUNT:
            self.calls.counting = None
            self.calls.count = ""
            return
        self.draft.clear()
        self.advice.clear()

    def enter(self) -> None:
        """Enter: the keyboard is taken, the typed move or the tiles laid are played."""
        stage = self.moves.stage
        draft = self.draft
        if stage is Stage.RESUME:
            self.moves.enter_offer()
        elif stage is Stage.CALL:
            self.moves.say(self._who_calls())
        elif stage is Stage.HANDOVER:
            self.moves.take_keyboard()
        elif stage is Stage.WAIT:
            self.moves.release()
        elif stage is Stage.COUNT:
            self._commit_count()
        elif stage is Stage.LAST_CALL:
            self.moves.file_game()
        elif stage is Stage.EXCHANGE:
            tiles = draft.marked_tiles()
            if not tiles:
                self.moves.say("Mark the tiles to exchange with 1-5 first (Esc: back).")
                return
            self.moves.commit(Exchange(tiles))
        elif stage is Stage.PLAY:
            if draft.typing is not None:
                self._commit_typed()
            elif draft.laid:
                self.moves.commit(Play(draft.laid, self.table.game.board.size))
            else:
                self.moves.say("Lay tiles with 1-5 first (or type a move with m).")

    def _commit_count(self) -> None:
        calls = self.calls
        if not calls.count:
            self.moves.say("Type what the play is worth (every Crib Hand it makes), then Enter.")
            return
        assert calls.counting is not None
        self.moves.commit(calls.counting, int(calls.count))

    def _commit_typed(self) -> None:
        draft = self.draft
        game = self.table.game
        try:
            action = draft.typed()
        except (TileError, ValueError) as error:
            self.moves.say(str(error))
            return
        try:
            game.check(action)
        except IllegalMoveError as error:  # the move typed stays, to be mended
            self.moves.say(str(error))
            return
        typed, draft.typing = draft.typing, None
        turns = len(game.turns)
        self.moves.commit(action)
        if self.calls.counting is None and len(self.table.game.turns) == turns:
            draft.typing = typed  # not saved, so nothing made: kept, as tiles laid are

    def start_typing(self) -> None:
        """m: type a move instead of laying tiles."""
        if self.moves.stage is Stage.PLAY:
            self.draft.start_typing()

    def backspace(self) -> None:
        """Take back a typed character or digit of a count, or the last tile laid."""
        stage = self.moves.stage
        draft = self.draft
        if stage is Stage.CALL:
            return
        if stage is Stage.COUNT:
            self.calls.count = self.calls.count[:-1]
        elif draft.typing is not None:
            draft.typing = draft.typing[:-1]
        else:
            draft.take_back()

    def _no_play(self) -> bool:
        """Whether the person to move may pass or exchange (no play is possible); if not,
        says why."""
        if self.moves.stage is not Stage.PLAY:
            return False
        try:
            self.table.game.check(Pass())
        except IllegalMoveError as error:
            self.moves.say(f"{error} (? shows some).")
            return False
        return True

    def pass_turn(self) -> None:
        """p: pass (only when no play is possible)."""
        if self._no_play():
            self.moves.commit(Pass())

    def exchange(self) -> None:
        """x: mark tiles to swap with the bag (only when no play is possible, and the bag
        holds a tile to swap: else it refuses at once, in one line)."""
        if not self._no_play():
            return
        if not self.table.game.exchanges():
            self.moves.say("The bag is empty, so no tile can be exchanged: p passes.")
            return
        self.clear()
        self.draft.exchanging = True

    def call_joker(self) -> None:
        """j: a person at the keyboard calls Joker (their seat number next, when more than one
        may); while the player to move types a count it is an early call, 5 to pay."""
        if not self.calls.joker:
            self.moves.say(f"The Joker is played with {command('tiles --joker')}.")
            return
        callers = self._callers()
        stage = self.moves.stage
        if stage is Stage.CALL:
            return
        if not callers:
            self.moves.say(
                "No one else at this keyboard can call Joker on this count."
                if stage is Stage.COUNT
                else "No count is open to a Joker call now."
            )
        elif len(callers) == 1:
            self.moves.call(callers[0])
        else:
            self.calls.choosing = True
            self.moves.say(f"Joker! Who calls? {self.calls.choices(callers)}")
