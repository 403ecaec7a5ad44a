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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from solitaire.core.untrusted import safe_text
from solitaire.store import History, Summary, command
from solitaire.tiles.board import Placement, parse_square, square_name
from solitaire.tiles.game import MAX_CLAIM, TileGame, Turn
from solitaire.tiles.joker import apply_counted, close_count
from solitaire.tiles.movegen import ScoredPlay
from solitaire.tiles.moves import (
    Action,
    Exchange,
    IllegalMoveError,
    Pass,
    Play,
    Reason,
    announced,
    check_count,
    check_play,
    parse_action,
)
from solitaire.tiles.optional import count_result, servants
from solitaire.tiles.players import (
    Appraisal,
    ExchangeChoice,
    best_replies,
    built_in_expert,
    reply_cost,
    sample_racks,
)
from solitaire.tiles.record import GAME, game_record, load_record, replay
from solitaire.tiles.registry import PLAYERS, make_player
from solitaire.tiles.scoring import PlayScore
from solitaire.tiles.summary import tile_summary
from solitaire.tiles.tiles import Tile, TileError, format_tiles, parse_rank
from solitaire.ui.saved import Claimed, SavedGame, Sitting, saved_move

__all__ = [
    "TILES",
    "Preview",
    "Stage",
    "TileSession",
    "keeps_text",
    "parse_typed",
    "typed_form",
    "why_lines",
]

TILES: Final = GAME  # the history's kind for tile games
HINTS: Final = 9  # best plays the hint keeps (keys 1-9; the screen shows those that fit)


class Stage(StrEnum):
    """What the screen is showing."""

    RESUME = "resume"  # a saved game exists: resume it or start afresh
    HANDOVER = "handover"  # the rack is hidden: pass the keyboard to the next person
    PLAY = "play"  # a person lays tiles
    COUNT = "count"  # Joker: a person types what their play is worth
    EXCHANGE = "exchange"  # a person marks tiles to swap
    LAST_CALL = "last call"  # Joker: the game ended on a count a person may still call on
    CALL = "call"  # Joker: j was pressed and more than one person may call: who?
    WAIT = "wait"  # Joker: a computer is to move while a count is open to a person's call
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Preview:
    """The verdict on the move being made: a play's score if legal, else the engine's reason."""

    action: Action | None
    """The tiles laid, the move typed or the exchange marked (None: a typed move refused
    before it reads as one, such as six tiles)."""
    score: PlayScore | None
    error: IllegalMoveError | None


Loaded = tuple[TileGame, list[str], bool]  # a stored game: the game, the seats, the Servant rule


def _load_game(text: str) -> Loaded:
    """A stored tile game's record replayed, with its seats and whether the Servant rule is on."""
    data = load_record(text)
    game = replay(data, allow_unfinished=True)
    return game, [str(n) for n in data["players"]], data.get("servant") == 1


def _rank(token: str) -> int:
    rank = parse_rank(token)
    if rank is None:
        raise TileError(f"invalid rank '{safe_text(token, 20)}': expected A, 2-10, J, Q or K")
    return rank


def parse_typed(
    text: str, board_size: int, rack: Sequence[Tile], filled: Callable[[int], bool]
) -> Action:
    """A typed move: ``H7 across 5 5 J`` (ranks or tiles like 5D; ``6/9`` lays a 6 as a 9),
    ``H7:7D H8:8D``, ``pass`` or ``exchange 7D 8L``."""
    words = text.split()
    if len(words) < 2 or words[1].lower() not in ("across", "down", "a", "d"):
        return parse_action(text, board_size)
    check_count(len(words) - 2)
    square = parse_square(words[0], board_size)
    step = 1 if words[1].lower() in ("across", "a") else board_size
    left = list(rack)
    placements: list[Placement] = []
    for token in words[2:]:
        shown, _, turned = token.partition("/")
        if shown[-1:].upper() in ("L", "D") and len(shown) > 1:
            tile = Tile.parse(shown)  # one not on the rack is the engine's to refuse
        else:
            rank = _rank(shown)
            matches = [t for t in left if t.rank == rank]
            if not matches:
                raise TileError(f"no {shown.upper()} on your rack")
            tile = matches[0]
        if tile in left:
            left.remove(tile)
        face = _rank(turned) if turned else tile.rank
        while 0 <= square < board_size * board_size and filled(square):
            square += step
        if not 0 <= square < board_size * board_size or (
            step == 1 and placements and square // board_size != placements[-1][0] // board_size
        ):
            raise TileError("the move runs off the board")
        placements.append((square, tile, face))
        square += step
    return Play(placements, board_size)


def typed_form(play: Play) -> str:
    """A play as it may be typed: ``E3 down 4D 7L 9D/6 JD`` (the first square, the way, the
    tiles laid; squares already holding a tile are skipped when it is read back)."""
    size = play.size
    squares = play.squares
    down = len(squares) > 1 and squares[0] % size == squares[1] % size
    tiles = [
        f"{tile}/{face}" if face != tile.rank else str(tile) for _, tile, face in play.placements
    ]
    return f"{square_name(squares[0], size)} {'down' if down else 'across'} {' '.join(tiles)}"


def keeps_text(appraisal: Appraisal) -> str:
    """What a play keeps and what the expert makes of it: ``keeps 3D 7L (leave +2.1)``, or
    once the bag is empty ``keeps 3D 7L (-10 at the end)``; ``goes out``."""
    kept = appraisal.kept
    if not kept:
        return f"goes out ({appraisal.leave:+.1f}: the others' tiles)"
    deduction = appraisal.leave == -sum(t.pips for t in kept)
    said = f"{int(appraisal.leave)} at the end" if deduction else f"leave {appraisal.leave:+.1f}"
    return f"keeps {format_tiles(kept)} ({said})"


def why_lines(best: Appraisal, mine: Appraisal, size: int) -> list[str]:
    """Why the expert's top play beats ``mine``: each one's score, leave and reply risk,
    then the differences that decide it."""

    def worth(a: Appraisal) -> str:
        risk = "" if a.risk is None else f", the reply it fears {a.risk:.1f}"
        return f"{a.score} points, {keeps_text(a)}{risk}: {a.total:.1f} in all"

    if mine.play == best.play:
        return [f"Your play, {typed_form(mine.play)}, is the expert's own choice: {worth(mine)}."]
    lines = [
        f"The expert's choice: {typed_form(best.play)}: {worth(best)}.",
        f"Yours: {typed_form(mine.play)}: {worth(mine)}.",
    ]
    reasons = []
    if best.score != mine.score:
        reasons.append(f"scores {best.score - mine.score:+d} now")
    if abs(best.leave - mine.leave) >= 0.05:
        reasons.append(f"keeps tiles worth {best.leave - mine.leave:+.1f}")
    if best.risk is not None and mine.risk is not None and abs(best.risk - mine.risk) >= 0.05:
        reasons.append(f"gives the reply {best.risk - mine.risk:+.1f}")
    if best.closing is not None or mine.closing is not None:
        reasons.append("one of them closes the board, ending the game")
    lines.append(
        f"The choice {', '.join(reasons) or 'differs by a hair'}: {best.total - mine.total:+.1f}."
    )
    return lines


class TileSession(Sitting[Loaded, TileGame]):
    """One sitting at the tile game: 2 to 4 seats, each a person or a computer."""

    noun = "tile game"
    command_name = "tiles"

    show_rules: bool = False
    """The rules page (k) covers the game."""
    rules_page: int = 0
    """The rules page shown (from 0)."""
    help_page: int = 0
    """The help page shown on a small terminal: 0 the keys, 1 the board's marks."""
    _why: list[str] | None = None
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
        """``defer``: a new game's first computer moves wait for :meth:`settle_deferred`, so
        the app can draw the board before the computers think (the start's speed)."""
        self.history = history
        self.deferred = False  # a new game's computers have yet to make their first moves
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
        self._defer = defer
        self._open(resume_id, new_game() if explicit else None, new_game, history.notice)
        self._defer = False

    # -- seats ------------------------------------------------------------------------

    def is_person(self, seat: int) -> bool:
        """Whether a person at this keyboard plays this seat."""
        return self.names[seat] not in PLAYERS

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

    # -- starting, resuming, saving -----------------------------------------------------

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
        if self._defer or self.busy_offer:  # the computers wait for the board, or for n
            self.deferred = self._computer_to_move()
        else:
            self._settle()

    def _go_on(self) -> None:
        self.settle_deferred()

    def _enter(self, loaded: Loaded) -> None:
        self.game, self.names, servant = loaded
        self.names = list(self.names)
        self.servant = self.asked_servant or servant
        self.seen_by = None
        self._clear()
        if self.saved.pending is None:  # resumed, not offered: the computers go on
            self._settle()

    def _describe(self, loaded: Loaded) -> str:
        game, names, _ = loaded
        return f"seed {game.seed}, {' against '.join(names)}"

    def _standing(self, loaded: Loaded) -> str:
        game, names, _ = loaded
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, game.returns(), strict=True))
        return f"{scores}; turn {len(game.turns) + 1}"

    def _current_standing(self) -> str:
        return self.score_line()

    def _deal_name(self, game: TileGame) -> str:
        return f"seed {game.seed}"

    def _computer_to_move(self) -> bool:
        return not self.game.is_over and not self.is_person(self.game.current_player)

    def settle_deferred(self) -> bool:
        """Make the computers' first moves of a deferred start; whether there were any."""
        if not self.deferred or self.offering:
            return False
        self._first_moves()
        return True

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

    # -- turns --------------------------------------------------------------------------

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
            self.message = f"{self.names[turn.player]}: {announced(turn.action)}, {turn.points}."

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
        self._settle()

    def _done(self, turn: Turn) -> str:
        """What a person's turn came to."""
        name = self.names[turn.player]
        if isinstance(turn.action, Exchange):  # the others learn the count only
            count = len(turn.action.tiles)
            return f"{name}: exchanged {count} tile{'s' * (count != 1)}."
        if turn.claim is None:
            return f"{name}: {turn.action}, {turn.points} points."
        said = f"{name} said {turn.claim}"
        if self.hidden(len(self.game.turns) - 1):
            return f"{said}; the count stays hidden until the next move or a Joker call."
        return f"{said}: {self.count_result(len(self.game.turns) - 1)}"

    # -- the Joker ------------------------------------------------------------------------

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
        return count_result(self.game, self.names, index)

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

    def _commit_count(self) -> None:
        if not self.count:
            self.message = "Type what the play is worth (every Crib Hand it makes), then Enter."
            return
        assert self.counting is not None
        self.commit(self.counting, int(self.count))

    def _call_choices(self) -> str:
        return " · ".join(f"{seat + 1} {self.names[seat]}" for seat in self.joker_callers) + (
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
            player = self.names[self.seat]
            self.message = (
                f"{self.names[caller]} called Joker before {player} recorded a count: "
                f"{-called.points} to pay. {player}: carry on counting."
            )
            return
        index = len(self.game.turns) - 1
        self.game.call_joker(caller)
        self._save()
        player = self.names[self.game.turns[index].player]
        said = self.game.turns[index].claim
        self.message = f"{player} said {said}: {self.count_result(index)}"
        self._settle()  # the count is closed: a computer waiting on it moves

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

    # -- what a person can do -----------------------------------------------------------

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

    def _unlaid(self) -> list[int]:
        """Rack positions not laid this turn."""
        used = [index for index, _ in self._laid_positions()]
        return [i for i in range(len(self.rack)) if i not in used]

    def _laid_positions(self) -> list[tuple[int, Placement]]:
        """Each tentative tile with the rack position it came from."""
        taken: list[int] = []
        out = []
        for placement in self.laid:
            index = next(i for i, t in enumerate(self.rack) if t == placement[1] and i not in taken)
            taken.append(index)
            out.append((index, placement))
        return out

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

    @property
    def covered(self) -> bool:
        """Help or the rules cover the game: its keys do nothing."""
        return self.show_help or self.show_rules

    def toggle_help(self) -> None:
        """h: the keys and the board's marks, or back to the game."""
        self.show_help = not self.show_help
        self.show_rules = False
        self.help_page = 0

    def turn_help_page(self, step: int) -> None:
        """The help's other page (the keys, the marks) on a small terminal."""
        if self.show_help:
            self.help_page = max(0, min(1, self.help_page + step))

    def toggle_rules(self) -> None:
        """k: the rules, from their first page, or back to the game."""
        self.show_rules = not self.show_rules
        self.show_help = False
        self.rules_page = 0

    def turn_rules_page(self, step: int, pages: int) -> None:
        """The rules' next or previous page (of ``pages``)."""
        if self.show_rules:
            self.rules_page = max(0, min(pages - 1, self.rules_page + step))

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
        self._settle()

    def _commit_typed(self) -> None:
        try:
            action = self._typed()
        except (TileError, ValueError) as error:
            self.message = str(error)
            return
        self.typing = None
        self.commit(action)

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

    def pass_turn(self) -> None:
        """p: pass (only when no play is possible)."""
        if self.stage is Stage.PLAY:
            self.commit(Pass())

    def exchange(self) -> None:
        """x: mark tiles to swap with the bag (only when no play is possible)."""
        if self.stage is not Stage.PLAY:
            return
        try:
            self.game.check(Pass())
        except IllegalMoveError as error:
            self.message = f"{error} (? shows some)."
            return
        self.clear()
        self.exchanging = True

    def hint(self) -> None:
        """?: the best plays by the expert's own valuation (score, leave, the reply it
        fears), best first; with no play, the exchange it would make and why."""
        if self.stage is not Stage.PLAY:
            return
        self.why = None
        advisor = built_in_expert()
        view = self.game.observation(self.seat)
        ranked = advisor.ranked(view)
        distinct: dict[tuple[object, ...], Appraisal] = {}
        for appraisal in ranked:  # the same tiles in another order along a line: the best
            distinct.setdefault((appraisal.score, *sorted(appraisal.play.tiles)), appraisal)
        self.hints = list(distinct.values())[:HINTS]
        if not ranked:
            self.message = self._exchange_advice(advisor.exchange_choice(view))

    def _exchange_advice(self, choice: ExchangeChoice) -> str:
        """With no play: the expert's exchange (or pass) and why."""
        if isinstance(choice.action, Pass):
            return "No play, and the bag is too short to exchange: pass (p)."
        kept = format_tiles(choice.kept) or "nothing"
        return (
            f"No play. The expert would exchange {format_tiles(choice.action.tiles)} "
            f"(x, then mark them) and keep {kept}: the best leave it can keep "
            f"({choice.value:+.1f} points on later turns). Or pass (p)."
        )

    def lay_hint(self, number: int) -> None:
        """1-9 while the hints are shown: lay hint ``number`` (from 0) on the board."""
        if self.hints is None or not 0 <= number < len(self.hints):
            return
        chosen = self.hints[number]
        self.laid = list(chosen.play.placements)
        self.typing = None
        self.hints = None
        self.why = None
        self.cursor = self.laid[-1][0]

    def explain_why(self) -> None:
        """w: why the expert's top play beats the play laid (score, leave, reply risk)."""
        if self.stage is not Stage.PLAY or self.joker:
            if self.joker:
                self.message = "In a Joker game the hints do not count for you: no w."
            return
        preview = self.preview
        if preview is None or not isinstance(preview.action, Play) or preview.score is None:
            self.message = "Lay a legal play first (or one of the hints), then w compares it."
            return
        advisor = built_in_expert()
        view = self.game.observation(self.seat)
        ranked = advisor.ranked(view)
        best = ranked[0]
        mine = next((a for a in ranked if a.play == preview.action), None)
        if mine is None:  # a play the ranking lists under another order of squares
            mine = advisor.appraise(view, [ScoredPlay(preview.action, preview.score.total)])[0]
        if best.risk is not None and mine.risk is None:
            racks = sample_racks(view, advisor.samples)
            risk = reply_cost(view, mine.play, racks, best_replies(view, racks))
            mine = replace(mine, risk=risk)
        self.why = why_lines(best, mine, self.game.board.size)

    @property
    def why(self) -> list[str] | None:
        """The comparison ``w`` made (None: none shown)."""
        return self._why

    @why.setter
    def why(self, lines: list[str] | None) -> None:
        self._why = lines

    # -- what the screen says -----------------------------------------------------------

    def score_line(self) -> str:
        """Everyone's score, e.g. ``Ann 12, expert 20``."""
        return ", ".join(f"{n} {s}" for n, s in zip(self.names, self.game.returns(), strict=True))

    def toggle_whole(self) -> None:
        """Tab: open the whole explanation below the board (from its first page), or close it."""
        self.whole = 0 if self.whole is None else None

    def turn_whole_page(self, step: int, pages: int) -> None:
        """The whole explanation's next or previous page (of ``pages``)."""
        if self.whole is not None:
            self.whole = max(0, min(pages - 1, self.whole + step))
