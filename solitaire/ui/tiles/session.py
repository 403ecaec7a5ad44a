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

The session owns its parts, each an object built with what it needs, not a mixin:
the :class:`~solitaire.ui.tiles.table.Table` (the game and its seats, which every part
reads the game through), the :class:`~solitaire.ui.tiles.draft.Draft` (the move being
made), :class:`~solitaire.ui.tiles.advice.Advice` (the planner's hints and why),
:class:`~solitaire.ui.tiles.calls.JokerCalls` (the Joker's counts and calls),
:class:`~solitaire.ui.tiles.panels.Panels` (help, the rules, the whole explanation) and
:class:`~solitaire.ui.tiles.keys.Keys` (what a person's keys do, asking the session for
the moves through the :class:`~solitaire.ui.tiles.keys.Moves` protocol). The session
holds the turns, and starting, resuming and saving a game; a move that cannot be saved
puts the session and every part back as they were. Its names the parts own are
forwarded to them (:class:`~solitaire.ui.tiles.forward.Forward`), so the app, the screen
and the tests read one surface.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Concatenate, Final, ParamSpec, TypeVar

from solitaire.core.names import command
from solitaire.core.words import plural
from solitaire.store import History, StoreError, Summary
from solitaire.tiles.board import Placement
from solitaire.tiles.game import TileGame, Turn
from solitaire.tiles.grading import TilePoint
from solitaire.tiles.joker import apply_counted
from solitaire.tiles.levels import seat_names
from solitaire.tiles.moves import Action, Exchange, IllegalMoveError, Play, announced
from solitaire.tiles.optional import servants
from solitaire.tiles.players import Appraisal
from solitaire.tiles.record import GAME, game_record, load_record, replay
from solitaire.tiles.registry import make_player
from solitaire.tiles.summary import tile_summary
from solitaire.tiles.tiles import Tile
from solitaire.ui.review.positions import tile_positions
from solitaire.ui.review.steps import Reviewing
from solitaire.ui.saved import Claimed, SavedGame, Sitting, kept_if_saved, seed_words
from solitaire.ui.tiles.advice import Advice, closing_text, keeps_text, why_lines
from solitaire.ui.tiles.calls import JokerCalls
from solitaire.ui.tiles.draft import Draft, Preview
from solitaire.ui.tiles.forward import Forward
from solitaire.ui.tiles.keys import Keys
from solitaire.ui.tiles.panels import Panels
from solitaire.ui.tiles.stage import Stage
from solitaire.ui.tiles.table import Table
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

P = ParamSpec("P")
R = TypeVar("R")


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


def saved_move(
    method: Callable[Concatenate[TileSession, P], R],
) -> Callable[Concatenate[TileSession, P], R | None]:
    """A session method that is a move: when saving it fails, the session and its parts
    are put back as they were before it (:meth:`TileSession.kept`), the message line
    says why, and it returns None."""

    @functools.wraps(method)
    def move(self: TileSession, /, *args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            with self.kept():
                return method(self, *args, **kwargs)
        except StoreError as error:
            self.message = self._not_saved(error)
            return None

    return move


class TileSession(Sitting[Loaded, TileGame]):
    """One sitting at the tile game: 2 to 4 seats, each a person or a computer."""

    noun = "tile game"
    command_name = "tiles"

    pause: float = 0.0
    """Seconds between the moves of a game of computers only (0: all at once)."""

    # The names each part owns, read and set on it.
    game: Forward[TileGame] = Forward("table")
    names: Forward[list[str]] = Forward("table")
    is_person: Forward[Callable[[int], bool]] = Forward("table")
    shown_names: Forward[list[str]] = Forward("table")
    people: Forward[list[int]] = Forward("table")
    seat: Forward[int] = Forward("table")
    rack: Forward[tuple[Tile, ...]] = Forward("table")
    solitaire: Forward[bool] = Forward("table")
    laid: Forward[list[Placement]] = Forward("draft")
    cursor: Forward[int] = Forward("draft")
    marked: Forward[set[int]] = Forward("draft")
    exchanging: Forward[bool] = Forward("draft")
    typing: Forward[str | None] = Forward("draft")
    shown_laid: Forward[list[Placement]] = Forward("draft")
    laid_from_rack: Forward[Callable[[], set[int]]] = Forward("draft")
    move: Forward[Callable[[int, int], None]] = Forward("draft")
    turn_tile: Forward[Callable[[], None]] = Forward("draft")
    take_back: Forward[Callable[[], None]] = Forward("draft")
    type_char: Forward[Callable[[str], None]] = Forward("draft")
    hints: Forward[list[Appraisal] | None] = Forward("advice")
    why: Forward[list[str] | None] = Forward("advice")
    looked: Forward[int] = Forward("advice")
    drawing: Forward[bool] = Forward("advice")
    counting: Forward[Play | None] = Forward("calls")
    count: Forward[str] = Forward("calls")
    choosing: Forward[bool] = Forward("calls")
    filed: Forward[bool] = Forward("calls")
    joker: Forward[bool] = Forward("calls")
    open_callers: Forward[Callable[[], list[int]]] = Forward("calls")
    hidden: Forward[Callable[[int], bool]] = Forward("calls")
    count_result: Forward[Callable[[int], str]] = Forward("calls")
    show_help: Forward[bool] = Forward("panels")
    help_page: Forward[int] = Forward("panels")
    show_rules: Forward[bool] = Forward("panels")
    rules_page: Forward[int] = Forward("panels")
    whole: Forward[int | None] = Forward("panels")
    covered: Forward[bool] = Forward("panels")
    toggle_help: Forward[Callable[[], None]] = Forward("panels")
    turn_help_page: Forward[Callable[[int], None]] = Forward("panels")
    toggle_rules: Forward[Callable[[], None]] = Forward("panels")
    turn_rules_page: Forward[Callable[[int, int], None]] = Forward("panels")
    toggle_whole: Forward[Callable[[], None]] = Forward("panels")
    turn_whole_page: Forward[Callable[[int, int], None]] = Forward("panels")
    digit: Forward[Callable[[int], None]] = Forward("keys")
    rack_key: Forward[Callable[[int], None]] = Forward("keys")
    lay_hint: Forward[Callable[[int], None]] = Forward("keys")
    hint: Forward[Callable[[], None]] = Forward("keys")
    explain_why: Forward[Callable[[], None]] = Forward("keys")
    escape: Forward[Callable[[], None]] = Forward("keys")
    clear: Forward[Callable[[], None]] = Forward("keys")
    enter: Forward[Callable[[], None]] = Forward("keys")
    start_typing: Forward[Callable[[], None]] = Forward("keys")
    backspace: Forward[Callable[[], None]] = Forward("keys")
    pass_turn: Forward[Callable[[], None]] = Forward("keys")
    exchange: Forward[Callable[[], None]] = Forward("keys")
    call_joker: Forward[Callable[[], None]] = Forward("keys")

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
        executor: Executor | None = None,
    ) -> None:
        """``defer``: the computers' moves wait for :meth:`settle_deferred`, so the app can
        draw the board (a new game's, or the person's move) before the computers think.
        ``executor``: the worker a finished game is reviewed in (none: at once)."""
        self.history = history
        self.deferred = False  # computers are to move once the screen shows the board
        self._answering = False  # making the deferred moves (a failed save says so)
        self.defer_answers = defer
        self.servant = servant
        self.asked = list(names)  # the seats of a new game (a resumed one brings its own)
        self.new_game = new_game
        self.ascii = ascii
        self.released = False  # Joker: Enter let the computer to move go on (WAIT)
        self.handover = False
        self.seen_by: int | None = None  # the person whose rack was last shown
        self.message = ""
        self.table = Table(names)
        self.draft = Draft(self.table, self.say)
        self.advice = Advice(self.table)
        self.calls = JokerCalls(self.table)
        self.panels = Panels()
        self.keys = Keys(self.table, self.draft, self.advice, self.calls, self.panels, self)
        self.saved: SavedGame[Loaded] = SavedGame(history, TILES, "tile game", _load_game)
        self.reviewing: Reviewing[TilePoint] = Reviewing(history, TILES, executor, when_shown=True)
        self.asked_servant = servant  # the Servant rule of a new game
        self._open(resume_id, new_game() if explicit else None, new_game, history.notice)

    def say(self, line: str) -> None:
        """Put ``line`` on the message line."""
        self.message = line

    @contextmanager
    def kept(self) -> Iterator[None]:
        """A move that stands only once saved: a StoreError puts the session and every part
        back as they were (the game copied whole), and goes on to the caller."""
        with ExitStack() as stack:
            stack.enter_context(kept_if_saved(self, ()))
            stack.enter_context(kept_if_saved(self.table, ("game",)))
            for part in (self.draft, self.advice, self.calls, self.panels):
                stack.enter_context(kept_if_saved(part, ()))
            yield

    # -- seats -------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """Whose rack the screen may show: the person to move, once the keyboard is theirs."""
        if self.stage in (Stage.PLAY, Stage.COUNT, Stage.EXCHANGE) and self.is_person(self.seat):
            return self.seat
        return None

    def take_keyboard(self) -> None:
        """The next person has the keyboard: show their rack."""
        if self.stage is Stage.HANDOVER:
            self.handover = False
            self.seen_by = self.seat

    @property
    def joker_callers(self) -> list[int]:
        """The people who may call Joker now: on the open count, or on the count being
        typed (an early call, 5 to pay)."""
        return self.calls.callers(self.base_stage)

    @property
    def preview(self) -> Preview | None:
        """The engine's verdict on the move being made: the tiles laid, the move typed (once
        it reads as a move) or the tiles marked to exchange; None before any."""
        return self.draft.preview(self.base_stage)

    # -- starting, resuming, saving ----------------------------------------------

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
        """Write the game after a move; a finished game is filed in the same step, and its
        review started beside it (shown on ``?``)."""
        record = game_record(self.game, self.names, servant=self.servant)
        summary = self._summary()
        self.saved.save(record, summary)
        if summary.finished and self.game_id is not None and not self.reviewing.started:
            game = self.game
            self.reviewing.start(self.game_id, json.dumps(record), lambda: tile_positions(game))

    def toggle_review(self) -> None:
        """? or Esc once the game is over: show its review, or go back to the board."""
        self.message = self.reviewing.toggle()

    def _begin(self, game: TileGame) -> None:
        self.reviewing.forget()
        self.saved.new_row()
        self.table.names = list(self.asked)
        self.servant = self.asked_servant
        self.table.game = game
        self.calls.filed = False
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
        self.reviewing.forget()
        self.table.game, self.table.names = loaded.game, list(loaded.names)
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
            said = f"{name} has not moved: {error}"
            return f"{said}; any key tries again."
        return super()._not_saved(error)

    @saved_move
    def _first_moves(self) -> None:
        self.deferred = False
        self._settle()

    def close(self) -> None:
        """Let other windows have the game, and stop its review's work."""
        self.saved.close()
        self.reviewing.close()

    def quit(self) -> str:
        """The parting message."""
        if self.pending is None and self.game_id is not None and not self._summary().finished:
            resume = command(f"tiles --resume {self.game_id}")
            return f"Tile game {self.game_id} saved: {resume} resumes it."
        return "Goodbye."

    # -- turns -------------------------------------------------------------------

    def _clear(self) -> None:
        """A new turn: nothing laid, typed, counted or advised, the cursor home."""
        self.draft.home()
        self.advice.clear()
        self.calls.clear()

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

    @saved_move
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

    @saved_move
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
            self.calls.count_play(action)
            self.advice.hints = None
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

    @saved_move
    def release(self) -> None:
        """Enter while a computer waits on a count: it moves."""
        self.released = True
        self._answer()

    @saved_move
    def call(self, caller: int) -> None:
        """``caller`` calls Joker now: early on the count being typed, or on the open count."""
        early = self.base_stage is Stage.COUNT  # the question of who calls is answered
        said = self.calls.call(caller, early)
        self._save()
        self.message = said
        if not early:
            self._answer()  # the count is closed: a computer waiting on it moves

    @saved_move
    def file_game(self) -> None:
        """Enter at the last call: nobody at the keyboard calls; a computer due to call does,
        and the game is filed."""
        if self.stage is Stage.LAST_CALL:
            said = self.calls.file()
            self._save()
            self.message = said

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
        return Stage.CALL if self.calls.choosing else self.base_stage

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
        if self.draft.exchanging:
            return Stage.EXCHANGE
        if self.calls.counting is not None:
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
