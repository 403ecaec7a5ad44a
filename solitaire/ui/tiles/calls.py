"""The Joker at the tile game's keyboard: a person counts their play, and the others
call on a count that missed points (j, then who). A part of
:class:`~solitaire.ui.tiles.session.TileSession`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solitaire.core.names import command
from solitaire.store import StoreError
from solitaire.tiles.game import count_result
from solitaire.tiles.joker import close_count
from solitaire.tiles.moves import Action, Play
from solitaire.ui.saved import saved_move
from solitaire.ui.tiles.stage import Stage

if TYPE_CHECKING:
    from solitaire.tiles.game import TileGame

__all__ = ["JokerCalls"]


class JokerCalls:
    """Counting one's own play, and calling Joker on another's."""

    game: TileGame
    names: list[str]
    counting: Play | None  # the play whose count is being typed
    count: str
    choosing: bool  # j was pressed, the caller's seat number is awaited
    filed: bool  # the last call was declined, so the game is filed
    message: str

    if TYPE_CHECKING:

        @property
        def people(self) -> list[int]: ...

        @property
        def shown_names(self) -> list[str]: ...

        @property
        def seat(self) -> int: ...

        @property
        def stage(self) -> Stage: ...

        @property
        def base_stage(self) -> Stage: ...

        def commit(self, action: Action, claim: int | None = None) -> None: ...

        def _save(self) -> None: ...

        def _answer(self) -> None: ...

        def _not_saved(self, error: StoreError) -> str: ...

    @property
    def joker(self) -> bool:
        """Players count their own plays and call Joker on missed points."""
        return self.game.joker

    def open_callers(self) -> list[int]:
        """The people who may call Joker on the count open to a call: all but its player."""
        turn = self.game.joker_open
        if turn is None or self.filed:
            return []
        return [seat for seat in self.people if seat != turn.player]

    @property
    def joker_callers(self) -> list[int]:
        """The people who may call Joker now: on the open count, or on the count being
        typed (an early call, 5 to pay)."""
        stage = self.base_stage
        if stage is Stage.COUNT:
            return [seat for seat in self.people if seat != self.seat]
        if stage in (Stage.HANDOVER, Stage.PLAY, Stage.EXCHANGE, Stage.LAST_CALL, Stage.WAIT):
            return self.open_callers()
        return []

    def hidden(self, index: int) -> bool:
        """Whether turn ``index``'s worth is kept off the screen: a count a person may call on."""
        return index == len(self.game.turns) - 1 and bool(self.open_callers())

    def count_result(self, index: int) -> str:
        """A counted play's outcome: what it was worth, what was missed, the calls."""
        return count_result(self.game, self.shown_names, index)

    def _commit_count(self) -> None:
        if not self.count:
            self.message = "Type what the play is worth (every Crib Hand it makes), then Enter."
            return
        assert self.counting is not None
        self.commit(self.counting, int(self.count))

    def _call_choices(self) -> str:
        return " · ".join(f"{seat + 1} {self.shown_names[seat]}" for seat in self.joker_callers) + (
            " (Esc: nobody)"
        )

    def call_joker(self) -> None:
        """j: a person at the keyboard calls Joker (their seat number next, when more than one
        may); while the player to move types a count it is an early call, 5 to pay."""
        if not self.joker:
            self.message = f"The Joker is played with {command('tiles --joker')}."
            return
        callers = self.joker_callers
        if self.stage is Stage.CALL:
            return
        if not callers:
            self.message = (
                "No one else at this keyboard can call Joker on this count."
                if self.stage is Stage.COUNT
                else "No count is open to a Joker call now."
            )
        elif len(callers) == 1:
            self._call(callers[0])
        else:
            self.choosing = True
            self.message = f"Joker! Who calls? {self._call_choices()}"

    @saved_move("game")
    def _call(self, caller: int) -> None:
        """``caller`` calls Joker now: early on the count being typed, or on the open count."""
        self.choosing = False
        if self.stage is Stage.COUNT:
            called = self.game.call_early(caller)
            self._save()
            player = self.shown_names[self.seat]
            self.message = (
                f"{self.shown_names[caller]} called Joker before {player} recorded a count: "
                f"{-called.points} to pay. {player}: carry on counting."
            )
            return
        index = len(self.game.turns) - 1
        self.game.call_joker(caller)
        self._save()
        player = self.shown_names[self.game.turns[index].player]
        said = self.game.turns[index].claim
        self.message = f"{player} said {said}: {self.count_result(index)}"
        self._answer()  # the count is closed: a computer waiting on it moves

    @saved_move("game")
    def file_game(self) -> None:
        """Enter at the last call: nobody at the keyboard calls; a computer due to call does,
        and the game is filed."""
        if self.stage is Stage.LAST_CALL:
            called = close_count(self.game, self.names)
            self.filed = True
            self._save()
            self.message = "The count stands: the game is over."
            if called is not None:
                index = len(self.game.turns) - 1
                self.message = f"The game is over. {self.count_result(index)}"
