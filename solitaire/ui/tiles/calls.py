"""The Joker at the tile game's keyboard: a person counts their play, and the others
call on a count that missed points (j, then who). A part
:class:`~solitaire.ui.tiles.session.TileSession` owns, built on its
:class:`~solitaire.ui.tiles.table.Table`; the session saves what a call changes."""

from __future__ import annotations

from collections.abc import Sequence

from solitaire.tiles.game import MAX_CLAIM, count_result
from solitaire.tiles.joker import close_count
from solitaire.tiles.moves import Play
from solitaire.ui.tiles.stage import Stage
from solitaire.ui.tiles.table import Table

__all__ = ["JokerCalls"]


class JokerCalls:
    """Counting one's own play, and calling Joker on another's."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.counting: Play | None = None
        """The play whose count is being typed."""
        self.count = ""
        """The count typed so far."""
        self.choosing = False
        """j was pressed: the caller's seat number is awaited."""
        self.filed = False
        """The last call was declined, so the game is filed."""

    def clear(self) -> None:
        """A new turn: no count typed, no caller asked for."""
        self.counting = None
        self.count = ""
        self.choosing = False

    @property
    def joker(self) -> bool:
        """Players count their own plays and call Joker on missed points."""
        return self.table.joker

    def open_callers(self) -> list[int]:
        """The people who may call Joker on the count open to a call: all but its player."""
        turn = self.table.game.joker_open
        if turn is None or self.filed:
            return []
        return [seat for seat in self.table.people if seat != turn.player]

    def callers(self, stage: Stage) -> list[int]:
        """The people who may call Joker in ``stage`` (the stage under the question of who
        calls): on the open count, or on the count being typed (an early call, 5 to pay)."""
        if stage is Stage.COUNT:
            return [seat for seat in self.table.people if seat != self.table.seat]
        if stage in (Stage.HANDOVER, Stage.PLAY, Stage.EXCHANGE, Stage.LAST_CALL, Stage.WAIT):
            return self.open_callers()
        return []

    def hidden(self, index: int) -> bool:
        """Whether turn ``index``'s worth is kept off the screen: a count a person may call on."""
        return index == len(self.table.game.turns) - 1 and bool(self.open_callers())

    def count_result(self, index: int) -> str:
        """A counted play's outcome: what it was worth, what was missed, the calls."""
        return count_result(self.table.game, self.table.shown_names, index)

    def count_play(self, play: Play) -> None:
        """Ask for ``play``'s count (the COUNT stage) before it is recorded."""
        self.counting = play
        self.count = ""

    def type_digit(self, digit: int) -> None:
        """A digit of the count being typed."""
        if len(self.count) < len(str(MAX_CLAIM)):
            self.count = (self.count + str(digit)).lstrip("0") or "0"

    def choices(self, callers: Sequence[int]) -> str:
        """Who may call, by seat number: ``1 Ann · 2 Bob (Esc: nobody)``."""
        names = self.table.shown_names
        return " · ".join(f"{seat + 1} {names[seat]}" for seat in callers) + " (Esc: nobody)"

    def call(self, caller: int, early: bool) -> str:
        """``caller`` calls Joker: ``early`` on the count being typed, else on the open
        count; what came of it, to say once it is saved."""
        self.choosing = False
        game, names = self.table.game, self.table.shown_names
        if early:
            called = game.call_early(caller)
            player = names[self.table.seat]
            return (
                f"{names[caller]} called Joker before {player} recorded a count: "
                f"{-called.points} to pay. {player}: carry on counting."
            )
        index = len(game.turns) - 1
        game.call_joker(caller)
        player = names[game.turns[index].player]
        said = game.turns[index].claim
        return f"{player} said {said}: {self.count_result(index)}"

    def file(self) -> str:
        """Nobody at the keyboard calls at the last call: a computer due to call does, and
        the game is filed; what came of it, to say once it is saved."""
        called = close_count(self.table.game, self.table.names)
        self.filed = True
        if called is None:
            return "The count stands: the game is over."
        return f"The game is over. {self.count_result(len(self.table.game.turns) - 1)}"
