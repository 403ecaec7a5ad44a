"""The interactive tile game's state: a plain object that key handlers call into.

A :class:`TileSession` holds the game, the seats (people at this keyboard or
computer players), the tiles laid so far this turn (not yet committed), the
cursor, and what the screen is showing. Computers move at once after a person's
move; the game is saved in the history after every move. No UI library is
imported here.

In a Joker game a person counts each play before it is recorded (the COUNT
stage). Every person at the keyboard but its player may call Joker on the count
open to a call, or early on a count being typed (5 to pay): ``j``, then the
caller's seat number when more than one may call (the CALL stage); the first to
call takes the missed points. A count still open to a person's call is not
revealed on screen.
When the game ends on such a count, the LAST_CALL stage lets them call before
the game is filed.

The session is made of parts, each a module: :mod:`~solitaire.ui.tiles.keys` (what a
person's keys do, and the verdict on the move being made), :mod:`~solitaire.ui.tiles.calls`
(the Joker's counts and calls), :mod:`~solitaire.ui.tiles.advice` (the planner's hints
and why), :mod:`~solitaire.ui.tiles.panels` (help, the rules, the whole explanation);
this module holds the seats, the turns, and starting, resuming and saving a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from solitaire.core.names import command
from solitaire.core.words import plural
from solitaire.store import History, StoreError, Summary
from solitaire.tiles.board import Placement
from solitaire.tiles.game import TileGame, Turn
from solitaire.tiles.joker import apply_counted
from solitaire.tiles.levels import seat_names
from solitaire.tiles.moves import Action, Exchange, IllegalMoveError, Play, announced
from solitaire.tiles.optional import servants
from solitaire.tiles.players import Appraisal
from solitaire.tiles.record import GAME, game_record, load_record, replay
from solitaire.tiles.registry import PLAYERS, make_player
from solitaire.tiles.summary import tile_summary
from solitaire.tiles.tiles import Tile
from solitaire.ui.saved import Claimed, SavedGame, Sitting, saved_move, seed_words
from solitaire.ui.tiles.advice import Hints, closing_text, keeps_text, why_lines
from solitaire.ui.tiles.calls import JokerCalls
from solitaire.ui.tiles.keys import Keys, Preview
from solitaire.ui.tiles.panels import Panels
from solitaire.ui.tiles.stage import Stage
from solitaire.ui.tiles.typed import parse_typed, typed_form

__all__ = [
    "TILES",
    "Preview",
    "Stage",
    "TileSession",
    "closing_text",
    "keeps_text",
    "parse_typed",
    "typed_form",
    "why_lines",
]

TILES: Final = GAME  # the history's kind for tile games


@dataclass(frozen=True, slots=True)
class Loaded:
    """A stored tile game replayed: the game, its seats, and whether the Servant rule is on."""

    game: TileGame
    names: tuple[str, ...]
    servant: bool


def _load_game(text: str) -> Loaded:
    """A stored tile game's record replayed, with its seats and whether the Servant rule is on."""
    data = load_record(text)
    game = replay(data, allow_unfinished=True)
    return Loaded(game, tuple(str(n) for n in data["players"]), data.get("servant") == 1)


class TileSession(Keys, JokerCalls, Hints, Panels, Sitting[Loaded, TileGame]):
    """One sitting at the tile game: 2 to 4 seats, each a person or a computer."""

    noun = "tile game"
    command_name = "tiles"

    pause: float = 0.0
    """Seconds between the moves of a game of computers only (0: all at once)."""

    def __init__(
        self,
        history: History,
        names: Sequence[str],
        new_game: Callable[[], TileGame],
        *,
        explicit: bool = False,
        resume_id: int | None = None,
        ascii: bool = False,
        servant: bool = False,
        defer: bool = False,
    ) -> None:
        """``defer``: the computers' moves wait for :meth:`settle_deferred`, so the app can
        draw the board (a new game's, or the person's move) before the computers think."""
        self.history = history
        self.deferred = False  # computers are to move once the screen shows the board
        self._answering = False  # making the deferred moves (a failed save says so)
        self.defer_answers = defer
        self.servant = servant
        self.names = list(names)
        self.asked = list(names)  # the seats of a new game (a resumed one brings its own)
        self.new_game = new_game
        self.ascii = ascii
        self.game: TileGame
        self.laid: list[Placement] = []
        self.cursor = 0
        self.marked: set[int] = set()
        self.exchanging = False
        self.typing: str | None = None
        self.hints: list[Appraisal] | None = None
        self.counting: Play | None = None  # Joker: the play whose count is being typed
        self.count = ""
        self.choosing = False  # Joker: j was pressed, the caller's seat number is awaited
        self.released = False  # Joker: Enter let the computer to move go on (WAIT)
        self.filed = False  # Joker: the last call was declined, so the game is filed
        self.handover = False
        self.seen_by: int | None = None  # the person whose rack was last shown
        self.show_help = False
        self.whole: int | None = None  # the page of the whole explanation shown (None: closed)
        self.message = ""
        self.saved: SavedGame[Loaded] = SavedGame(history, TILES, "tile game", _load_game)
        self.asked_servant = servant  # the Servant rule of a new game
        self._open(resume_id, new_game() if explicit else None, new_game, history.notice)

    # -- seats -------------------------------------------------------------------

    def is_person(self, seat: int) -> bool:
        """Whether a person at this keyboard plays this seat."""
        return self.names[seat] not in PLAYERS

    @property
    def shown_names(self) -> list[str]:
        """The seats' names as the screen says them: a computer seated twice numbered by
        seat (``expert 1``, ``expert 2``), as in the replay and the history."""
        return seat_names(self.names)

    @property
    def people(self) -> list[int]:
        """The seats played at this keyboard."""
        return [seat for seat in range(len(self.names)) if self.is_person(seat)]

    @property
    def seat(self) -> int:
        """The player to move."""
        return self.game.current_player

    @property
    def rack(self) -> tuple[Tile, ...]:
        """The rack of the player to move."""
        return self.game.rack(self.seat)

    @property
    def viewer(self) -> int | None:
        """Whose rack the screen may show: the person to move, once the keyboard is theirs."""
        if self.stage in (Stage.PLAY, Stage.COUNT, Stage.EXCHANGE) and self.is_person(self.seat):
            return self.seat
        return None

    # -- starting, resuming, saving ----------------------------------------------

    @property
    def solitaire(self) -> bool:
        """One person plays both colours."""
        return self.game.solitaire

    def servants(self) -> tuple[int, ...]:
        """The Servant(s): the lowest score after the last full round of turns."""
        game = self.game
        return servants(game.running_scores(), game.players)

    @property
    def game_id(self) -> int | None:
        """The game's row in the history, once saved."""
        return self.saved.game_id

    @property
    def pending(self) -> Claimed[Loaded] | None:
        """The saved game the RESUME screen offers."""
        return self.saved.pending

    def _summary(self) -> Summary:
        finished = self.game.is_over and not self.open_callers()
        return Summary(self.game.seed, finished, tile_summary(self.game, self.names, self.servant))

    def _save(self) -> None:
        """Write the game after a move; a finished game is filed in the same step."""
        self.saved.save(game_record(self.game, self.names, servant=self.servant), self._summary())

    def _begin(self, game: TileGame) -> None:
        self.saved.new_row()
        self.names = list(self.asked)
        self.servant = self.asked_servant
        self.game = game
        self.filed = False
        self._clear()
        self.seen_by = None
        if self.defer_answers or self.busy_offer:  # they wait for the board, or for n
            self.deferred = self._computer_to_move()
            if not self.deferred:
                self._hand_over()
        else:
            self._settle()

    def _go_on(self) -> None:
        self.settle_deferred()

    def _enter(self, loaded: Loaded) -> None:
        self.game, self.names = loaded.game, list(loaded.names)
        self.servant = self.asked_servant or loaded.servant
        self.seen_by = None
        self._clear()
        if self.saved.pending is None:  # resumed, not offered: the computers go on
            self._settle()

    def _describe(self, loaded: Loaded) -> str:
        return f"{seed_words(loaded.game)}, {' against '.join(seat_names(loaded.names))}"

    def _standing(self, loaded: Loaded) -> str:
        shown = seat_names(loaded.names)
        scores = ", ".join(f"{n} {s}" for n, s in zip(shown, loaded.game.returns(), strict=True))
        return f"{scores}; turn {len(loaded.game.turns) + 1}"

    def _current_standing(self) -> str:
        return self.score_line()

    def _deal_name(self, game: TileGame) -> str:
        return seed_words(game)

    def _computer_to_move(self) -> bool:
        return not self.game.is_over and not self.is_person(self.game.current_player)

    def settle_deferred(self) -> bool:
        """Make the computers' deferred moves; whether they were made (not when none were
        deferred, nor when they could not be saved: they then wait for the next key)."""
        if not self.deferred or self.offering:
            return False
        self._answering = True
        try:
            self._first_moves()
        finally:
            self._answering = False
        return not self.deferred

    def _not_saved(self, error: StoreError) -> str:
        if self._answering:  # no key made this move: any key tries it again
            name = self.shown_names[self.seat]
            said = f"{name} has not moved, as its move could not be saved: {error}"
            return f"{said}; any key tries again."
        return super()._not_saved(error)

    @saved_move("game")
    def _first_moves(self) -> None:
        self.deferred = False
        self._settle()

    def close(self) -> None:
        """Let other windows have the game."""
        self.saved.close()

    def quit(self) -> str:
        """The parting message."""
        if self.pending is None and self.game_id is not None and not self._summary().finished:
            resume = command(f"tiles --resume {self.game_id}")
            return f"Tile game {self.game_id} saved: {resume} resumes it."
        return "Goodbye."

    # -- turns -------------------------------------------------------------------

    def _clear(self) -> None:
        self.laid = []
        self.marked = set()
        self.exchanging = False
        self.typing = None
        self.hints = None
        self.why = None
        self.counting = None
        self.count = ""
        self.choosing = False
        self.cursor = self._home()

    def _home(self) -> int:
        size = self.game.board.size
        return (size // 2) * size + size // 2

    def _settle(self) -> None:
        """Let the computers move until a person must choose or the game ends; in a Joker
        game a computer waits while a count is open to a person's call (WAIT: Enter lets it
        move, a call closes the count)."""
        game = self.game
        if self.paced:
            return  # computers only, one move a pause: see tick()
        while not game.is_over and not self.is_person(game.current_player):
            if self.open_callers() and not self.released:
                return
            self.released = False
            self._computer_move()
        self._hand_over()

    def _hand_over(self) -> None:
        """With two or more people at the keyboard, hide the rack until the one to move
        takes the keyboard (HANDOVER), the first mover too."""
        game = self.game
        sharing = len(self.people) > 1 and not game.solitaire
        if not game.is_over and sharing and self.seen_by != game.current_player:
            self.handover = True

    def _computer_move(self) -> None:
        game = self.game
        seat = game.current_player
        rng = random.Random(f"cribsol tiles {game.seed} turn {len(game.turns)} seat {seat}")
        self._apply(make_player(self.names[seat], rng).choose(game.observation(seat)), None)

    @property
    def paced(self) -> bool:
        """Computers only, shown one move a pause (:attr:`pause` seconds, as the match)."""
        return self.pause > 0 and not self.people

    @property
    def tick_due(self) -> bool:
        """A paced game has a computer's move to come."""
        return self.paced and not self.game.is_over and self.pending is None

    @saved_move("game")
    def tick(self) -> None:
        """The pause is over: the next computer moves (a paced game)."""
        if self.tick_due:
            self._computer_move()
            turn = self.game.turns[-1]
            name = self.shown_names[turn.player]
            self.message = f"{name}: {announced(turn.action)}, {_points(turn.points)}."

    def _apply(self, action: Action, claim: int | None) -> Turn:
        """One turn (counted and called on in a Joker game), saved."""
        turn = apply_counted(self.game, self.names, action, claim)
        self._save()
        return turn

    @saved_move("game")
    def commit(self, action: Action, claim: int | None = None) -> None:
        """Play an action for the person to move, then let the computers answer.

        In a Joker game a play is first counted: it waits in the COUNT stage.
        """
        try:
            self.game.check(action)
        except IllegalMoveError as error:
            self.message = str(error)
            return
        if self.joker and isinstance(action, Play) and claim is None:
            self.counting = action
            self.count = ""
            self.hints = None
            self.message = ""
            return
        turn = self._apply(action, claim)
        self._clear()
        self.message = self._done(turn)
        self._answer()

    def _answer(self) -> None:
        """After a person's move, the computers move: at once, or with ``defer`` once the
        app has drawn it (:meth:`settle_deferred`), so the screen never waits on them."""
        if self.defer_answers and self._computer_to_move() and not self.open_callers():
            self.deferred = True
        else:
            self._settle()

    def _done(self, turn: Turn) -> str:
        """What a person's turn came to."""
        name = self.shown_names[turn.player]
        if isinstance(turn.action, Exchange):  # the others learn the count only
            count = len(turn.action.tiles)
            return f"{name}: exchanged {plural(count, 'tile')}."
        if turn.score is None:  # a pass scores nothing, and says so by its name alone
            return f"{name}: {turn.action}."
        if turn.claim is None:
            return f"{name}: {turn.action}, {_points(turn.points)}."
        said = f"{name} said {turn.claim}"
        if self.hidden(len(self.game.turns) - 1):
            return f"{said}; the count stays hidden until the next move or a Joker call."
        return f"{said}: {self.count_result(len(self.game.turns) - 1)}"

    # -- what the screen shows ---------------------------------------------------

    @property
    def stage(self) -> Stage:
        """What the screen shows now."""
        return Stage.CALL if self.choosing else self.base_stage

    @property
    def base_stage(self) -> Stage:
        """What the screen shows under the question of who calls Joker."""
        if self.offering:
            return Stage.RESUME
        if self.game.is_over:
            return Stage.LAST_CALL if not self._summary().finished else Stage.OVER
        if not self.is_person(self.seat):
            return Stage.WAIT
        if self.handover:
            return Stage.HANDOVER
        if self.exchanging:
            return Stage.EXCHANGE
        if self.counting is not None:
            return Stage.COUNT
        return Stage.PLAY

    def score_line(self) -> str:
        """Everyone's score, e.g. ``Ann 12, expert 20``."""
        return ", ".join(
            f"{n} {s}" for n, s in zip(self.shown_names, self.game.returns(), strict=True)
        )


def _points(count: int) -> str:
    """``1 point``, ``28 points``."""
    return plural(count, "point")
