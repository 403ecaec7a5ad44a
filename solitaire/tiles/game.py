"""A game of tiles: the bag, the racks, the board, whose turn it is, and the end.

The state keeps the engine contract (:mod:`solitaire.core.engine`):
:attr:`TileGame.current_player`, :meth:`TileGame.legal_actions`,
:meth:`TileGame.apply`, :attr:`TileGame.is_over`, :meth:`TileGame.observation`
(what one player may see: the board, their own rack, the scores and how many tiles
the others hold), and :meth:`TileGame.returns`. Every move has a check, a question
and an action: :meth:`check` raises :class:`~solitaire.tiles.moves.IllegalMoveError`
naming the rule and changes nothing, :meth:`can` answers yes or no, :meth:`apply`
acts and returns the turn.

The start: each player draws one tile from the seeded bag, the lowest rank plays
first (players tied for lowest draw again), the tiles go back and the bag is
mixed, then each player draws five, in seat order. The end: when the bag is
empty, the game ends at once when a player lays their last tile, or when every
player in turn has no play. A play that closes the board (no square can take a
tile, whatever is drawn: :func:`~solitaire.tiles.movegen.board_closed`) ends it at
once too. So that a game always ends, six turns in a row without a play (passes
and exchanges; three per player for more players) also end it, the rule word games
use. Each player then loses the face value of the tiles left on their rack;
:attr:`TileGame.ending` says which of these ended it.

Rules version 1 (records written before the closed board ended a game, which carry
no ``rules`` field) lacks the closed board: such a game went on to the six turns
without a play, and it replays that way (``rules=1``).

In a Joker game (``joker=True``) players count their own plays: a play is applied
with the player's ``claim`` and scores what was recorded (a claim above the play's
worth is struck out and records 0: were it corrected to the true worth, always
claiming too much would never miss a point and no call could ever pay). Until the
next turn, another player may :meth:`TileGame.call_joker` on it: missed points go
to the caller, a call when nothing was missed costs the caller 5. A call while the
player to move is still counting (:meth:`TileGame.call_early`) costs the caller 5
too (see :mod:`solitaire.tiles.optional`).

>>> game = TileGame(seed=7)
>>> game.first_player, len(game.rack(0)), len(game.bag)
(1, 5, 94)
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Any, Final

from solitaire.core import errors
from solitaire.core.errors import InputError
from solitaire.core.secret import chosen_field
from solitaire.core.words import plural
from solitaire.tiles.board import SIZE, Board
from solitaire.tiles.movegen import ScoredPlay, board_closed, generate, has_play
from solitaire.tiles.moves import (
    Action,
    Exchange,
    IllegalMoveError,
    Pass,
    Play,
    Reason,
    check_play,
    format_placement,
    rack_holds,
)
from solitaire.tiles.optional import JokerCall, joker
from solitaire.tiles.scoring import PlayScore
from solitaire.tiles.tiles import (
    FULL_SET,
    RACK_SIZE,
    Bag,
    Tile,
    format_tiles,
    rack_less,
    rack_pips,
)

__all__ = [
    "GAME",
    "MAX_CLAIM",
    "RECORD_VERSION",
    "RULES",
    "Called",
    "Ending",
    "PlayerView",
    "Seen",
    "TileGame",
    "Turn",
    "count_result",
]

MAX_CLAIM: Final = 999  # a count said for one play (the most a play can score is far less)
GAME: Final = "tiles"  # a record's "game"
RECORD_VERSION: Final = 1
RULES: Final = 2
"""The rules' version: 2 ends the game on a closed board; 1 (older records) did not."""
PASSES_EACH: Final = 3  # turns in a row without a play, per player, that end the game
_SHARED_ENTRIES: Final = frozenset({"turns", "_plays"})  # lists of frozen values: see __deepcopy__


class Ending(StrEnum):
    """Why a game ended."""

    OUT = "the bag was empty and a player laid their last tile"
    BLOCKED = "the bag was empty and no player could play"
    CLOSED = "the board is closed: no square can take a tile, whatever is drawn"
    PASSES = "turns in a row without a play"


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn played: who, the rack before it, the action, its score and the tiles drawn."""

    player: int
    rack: tuple[Tile, ...]
    action: Action
    score: PlayScore | None
    drew: tuple[Tile, ...]
    claim: int | None = None
    """In a Joker game, the points the player said the play is worth (None otherwise)."""

    @property
    def points(self) -> int:
        """What the play is worth (0 for a pass or an exchange)."""
        return 0 if self.score is None else self.score.total

    @property
    def recorded(self) -> int:
        """Points written down for the player: the claim in a Joker game (0 when it is more
        than the play is worth), otherwise what the play is worth."""
        if self.claim is None:
            return self.points
        return self.claim if self.claim <= self.points else 0

    @property
    def missed(self) -> int:
        """Points the player did not record (a Joker call takes them)."""
        return self.points - self.recorded


@dataclass(frozen=True, slots=True)
class Called:
    """A Joker call on a turn: who called, and the judgement (points to the caller)."""

    turn: int
    caller: int
    judged: JokerCall

    @property
    def points(self) -> int:
        """Points to the caller: the missed points, or the 5-point penalty (negative)."""
        return self.judged.caller


@dataclass(frozen=True, slots=True)
class Seen:
    """A turn as every player saw it: the board before it, the tiles laid (none for an
    exchange or a pass), how many tiles were exchanged (never which), and the points."""

    player: int
    board: Board
    laid: tuple[Tile, ...]
    exchanged: int
    points: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one player may see: the board, their rack, the scores, and counts of the rest."""

    player: int
    board: Board
    rack: tuple[Tile, ...]
    scores: tuple[int, ...]
    rack_sizes: tuple[int, ...]
    bag_size: int
    unseen: tuple[Tile, ...]
    """Tiles neither on the board nor on this rack: the bag and the other racks."""
    rules: int = RULES
    """The rules' version: from 2, a play that closes the board ends the game."""
    last: Seen | None = None
    """The turn just before this one, as everyone saw it (None: the first turn)."""

    @property
    def opponents_tiles(self) -> int:
        """Tiles on the other racks."""
        return sum(self.rack_sizes) - len(self.rack)


class TileGame:
    """A seeded game of tiles for 2 to 4 players.

    ``solitaire`` splits the set into two bags of 52, dark for seat 0 and light
    for seat 1: one colour plays the other, each drawing only from its own bag.
    """

    def __init__(
        self,
        seed: int,
        players: int = 2,
        size: int = SIZE,
        *,
        solitaire: bool = False,
        joker: bool = False,
        rules: int = RULES,
    ) -> None:
        if not 1 <= rules <= RULES:
            raise InputError(f"the rules' version is 1 to {RULES}, not {rules}")
        if not 2 <= players <= 4:
            raise InputError(f"a game is for 2 to 4 players, not {players}")
        if solitaire and players != 2:
            raise InputError("the solitaire is one colour against the other: 2 seats")
        if solitaire and joker:
            raise InputError("the Joker needs players who check each other's counts")
        self.seed = seed
        self.seed_chosen = True  # False: a random seed, secret until the game ends
        self.players = players
        self.solitaire = solitaire
        self.joker = joker
        self.rules = rules
        self.ending: Ending | None = None
        """Why the game ended (None while it goes on)."""
        self.calls: dict[int, Called] = {}
        """Joker calls by the index of the turn called on."""
        self.early: list[Called] = []
        """Joker calls made before a score was recorded, in order; each ``turn`` is the index
        of the turn being counted (``len(turns)`` while it is still being counted)."""
        if solitaire:
            # Seeds of their own: the same shuffle would put equal ranks in the same order.
            self.bags = [
                Bag.from_seed(2 * seed + colour, [t for t in FULL_SET if t.dark == (colour == 0)])
                for colour in (0, 1)
            ]
        else:
            self.bags = [Bag.from_seed(seed, FULL_SET)] * players
        self.board = Board(size)
        self.opening_draws: list[tuple[Tile, ...]] = []
        self.first_player = self._draw_for_first()
        self.current_player = self.first_player
        self.racks: list[tuple[Tile, ...]] = [self.bags[p].draw(RACK_SIZE) for p in range(players)]
        self.scores = [0] * players
        self.turns: list[Turn] = []
        self.deductions: tuple[int, ...] | None = None
        self._without_play = 0
        self._plays: list[ScoredPlay] | None = None
        self._seen: Seen | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> TileGame:
        """A copy whole, to go back to (a move that could not be saved): the turns and the
        plays found are lists of frozen values, so the copy's lists hold the same ones;
        everything else (bags, board, racks, scores, calls) is copied deep."""
        new = TileGame.__new__(TileGame)
        memo[id(self)] = new
        for name, value in vars(self).items():
            if name in _SHARED_ENTRIES and value is not None:
                value = list(value)
            else:
                value = copy.deepcopy(value, memo)
            setattr(new, name, value)
        return new

    @property
    def bag(self) -> Bag:
        """The bag the player to move draws from (the one bag, but in the solitaire)."""
        return self.bags[self.current_player] if self.solitaire else self.bags[0]

    @bag.setter
    def bag(self, bag: Bag) -> None:
        if self.solitaire:
            self.bags[self.current_player] = bag
        else:
            self.bags = [bag] * self.players

    def bag_of(self, player: int) -> Bag:
        """The bag this player draws from."""
        return self.bags[player]

    def _draw_for_first(self) -> int:
        """Draw one tile each (the tied lowest again) until one player is lowest."""
        drawing = list(range(self.players))
        drawn: list[list[Tile]] = [[] for _ in self.bags]
        while True:
            if self.solitaire:
                tiles = tuple(t for p in drawing for t in self.bags[p].draw(1))
            else:
                tiles = self.bags[0].draw(len(drawing))
            self.opening_draws.append(tiles)
            for p, t in zip(drawing, tiles, strict=True):
                drawn[p if self.solitaire else 0].append(t)
            low = min(t.rank for t in tiles)
            drawing = [p for p, t in zip(drawing, tiles, strict=True) if t.rank == low]
            if len(drawing) == 1:
                for bag, back in zip(self.bags, drawn, strict=True):
                    if back:
                        bag.put_back(back)
                return drawing[0]

    # -- what a player sees -------------------------------------------------

    def rack(self, player: int) -> tuple[Tile, ...]:
        """A player's rack."""
        return self.racks[player]

    def observation(self, player: int) -> PlayerView:
        """What ``player`` may see: never another rack, nor the order of a bag."""
        unseen = Counter(
            t for bag in {id(b): b for b in self.bags}.values() for t in bag.counts().elements()
        )
        unseen.update(t for p, r in enumerate(self.racks) if p != player for t in r)
        return PlayerView(
            player=player,
            board=self.board,
            rack=self.racks[player],
            scores=tuple(self.scores),
            rack_sizes=tuple(len(r) for r in self.racks),
            bag_size=len(self.bags[player]),
            unseen=tuple(sorted(unseen.elements())),
            rules=self.rules,
            last=self._seen,
        )

    # -- questions ------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """The game has ended and the leftovers are deducted."""
        return self.deductions is not None

    def legal_plays(self) -> list[ScoredPlay]:
        """Every legal play of the player to move, with its score (an opening: every square)."""
        if self._plays is None:
            self._plays = generate(self.board, self.racks[self.current_player])
        return self._plays

    def can_play(self) -> bool:
        """Whether the player to move has any legal play."""
        if self._plays is not None:
            return bool(self._plays)
        return has_play(self.board, self.racks[self.current_player])

    def exchanges(self) -> list[Exchange]:
        """Every distinct exchange open to the player to move (none when a play is possible)."""
        if self.is_over or self.can_play():
            return []
        rack = self.racks[self.current_player]
        options = {
            tuple(sorted(chosen))
            for k in range(1, min(len(rack), len(self.bag)) + 1)
            for chosen in combinations(rack, k)
        }
        return [Exchange(tiles) for tiles in sorted(options, key=lambda t: (len(t), t))]

    def legal_actions(self) -> list[Action]:
        """Every legal play; or, when there is none, a pass and every exchange."""
        if self.is_over:
            return []
        plays = self.legal_plays()
        if plays:
            return [p.play for p in plays]
        return [Pass(), *self.exchanges()]

    def check(self, action: Action) -> PlayScore | None:
        """Raise IllegalMoveError if ``action`` is not legal now; a play's score otherwise."""
        if self.is_over:
            raise IllegalMoveError(Reason.GAME_OVER, "the game is over")
        rack = self.racks[self.current_player]
        if isinstance(action, Play):
            return check_play(self.board, rack, action)
        if self.can_play():
            raise IllegalMoveError(
                Reason.MUST_PLAY,
                "a play is possible, so you may not pass or exchange",
            )
        if isinstance(action, Exchange):
            count = len(action.tiles)
            if not 1 <= count <= RACK_SIZE:
                raise IllegalMoveError(
                    Reason.COUNT, f"an exchange swaps 1 to {RACK_SIZE} tiles, not {count}"
                )
            missing = rack_holds(rack, action.tiles)
            if missing is not None:
                raise IllegalMoveError(
                    Reason.NOT_ON_RACK, f"{missing} is not on your rack ({format_tiles(rack)})"
                )
            if count > len(self.bag):
                raise IllegalMoveError(
                    Reason.BAG_SHORT,
                    f"the bag holds {plural(len(self.bag), 'tile')}; you cannot exchange {count}",
                )
        return None

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.check(action)
        except errors.IllegalMoveError:
            return False
        return True

    # -- actions ----------------------------------------------------------------

    def apply(self, action: Action, claim: int | None = None) -> Turn:
        """Play, pass or exchange for the player to move; returns the turn recorded.

        In a Joker game a play needs the player's ``claim`` of its points.
        """
        score = self.check(action)
        if self.joker and isinstance(action, Play):
            if claim is None or not 0 <= claim <= MAX_CLAIM:
                raise InputError(f"in a Joker game a play needs its count, 0 to {MAX_CLAIM}")
        elif claim is not None:
            raise InputError("only a play in a Joker game is counted by its player")
        player = self.current_player
        rack = self.racks[player]
        bag = self.bags[player]
        before = self.board
        kept = rack
        drew: tuple[Tile, ...] = ()
        if isinstance(action, Play):
            assert score is not None
            kept = rack_less(rack, action.tiles)
            self.board = self.board.place(action.placements)
            self._without_play = 0
            drew = bag.draw(RACK_SIZE - (len(rack) - len(action.tiles)))
        else:
            self._without_play += 1
            if isinstance(action, Exchange):
                kept = rack_less(rack, action.tiles)
                drew = bag.draw(len(action.tiles))
                bag.put_back(action.tiles)
        self.racks[player] = (*kept, *drew)
        turn = Turn(player, rack, action, score, drew, claim)
        laid = action.tiles if isinstance(action, Play) else ()
        swapped = len(action.tiles) if isinstance(action, Exchange) else 0
        self._seen = Seen(player, before, laid, swapped, turn.points)
        self.scores[player] += turn.recorded
        self.turns.append(turn)
        self._plays = None
        self.current_player = (player + 1) % self.players
        self.ending = self._ended(turn)
        if self.ending is not None:
            self.deductions = tuple(rack_pips(r) for r in self.racks)
        return turn

    def _ended(self, turn: Turn) -> Ending | None:
        if isinstance(turn.action, Play):
            if not self.bags[turn.player] and not self.racks[turn.player]:
                return Ending.OUT
            if self.rules >= 2 and board_closed(self.board):
                return Ending.CLOSED
            return None
        if not any(self.bags) and self._without_play >= self.players:
            return Ending.BLOCKED  # every player in turn had no play and nothing can change
        if self._without_play >= PASSES_EACH * self.players:
            return Ending.PASSES
        return None

    @property
    def passes_left(self) -> int:
        """Turns in a row without a play still to come before the game ends (the count
        starts again at each play)."""
        limit = self.players if not any(self.bags) else PASSES_EACH * self.players
        return max(0, limit - self._without_play)

    @property
    def without_play(self) -> int:
        """Turns in a row without a play (passes and exchanges) so far."""
        return self._without_play

    def closes(self, play: Play) -> bool:
        """Whether ``play`` (legal) would end the game by closing the board."""
        if self.rules < 2:
            return False
        return board_closed(self.board.place(play.placements))

    def play(self, play: Play) -> Turn:
        """Lay tiles (see :meth:`apply`)."""
        return self.apply(play)

    # -- the Joker --------------------------------------------------------------------

    @property
    def joker_open(self) -> Turn | None:
        """The play a Joker call may be made on: the last turn, a counted play not yet called."""
        if not self.joker or not self.turns:
            return None
        turn = self.turns[-1]
        if turn.claim is None or len(self.turns) - 1 in self.calls:
            return None
        return turn

    def check_call(self, caller: int) -> Turn:
        """The turn ``caller`` may call Joker on; ValueError naming why not."""
        if not self.joker:
            raise InputError("the Joker is not played in this game")
        turn = self.joker_open
        if turn is None:
            raise InputError("no count is open to a Joker call: the last play was called or passed")
        if not 0 <= caller < self.players:
            raise InputError(f"there is no player {caller + 1}")
        if caller == turn.player:
            raise InputError("a player does not call Joker on their own count")
        return turn

    def call_joker(self, caller: int) -> Called:
        """``caller`` calls Joker on the open count: takes the missed points, or pays 5."""
        turn = self.check_call(caller)
        called = Called(len(self.turns) - 1, caller, joker(turn.recorded, turn.points))
        self.calls[called.turn] = called
        self.scores[caller] += called.points
        return called

    def call_early(self, caller: int) -> Called:
        """``caller`` calls Joker while the player to move has not recorded a score: pays 5."""
        if not self.joker:
            raise InputError("the Joker is not played in this game")
        if self.is_over:
            raise InputError("the game is over: no count is to come")
        if not 0 <= caller < self.players:
            raise InputError(f"there is no player {caller + 1}")
        if caller == self.current_player:
            raise InputError("a player does not call Joker on their own count")
        if not self.can_play():
            raise InputError("the player to move has no play: no count is coming")
        called = Called(len(self.turns), caller, joker(None, 0))
        self.early.append(called)
        self.scores[caller] += called.points
        return called

    def early_calls(self, index: int) -> list[Called]:
        """The calls made before turn ``index`` was recorded."""
        return [called for called in self.early if called.turn == index]

    def running_scores(self) -> list[tuple[int, ...]]:
        """Everyone's score after each turn (with the calls made while it was counted and
        the Joker call on it)."""
        running = [0] * self.players
        out = []
        for index, turn in enumerate(self.turns):
            for early in self.early_calls(index):
                running[early.caller] += early.points
            running[turn.player] += turn.recorded
            called = self.calls.get(index)
            if called is not None:
                running[called.caller] += called.points
            out.append(tuple(running))
        return out

    # -- the result ---------------------------------------------------------------

    def returns(self) -> tuple[int, ...]:
        """Final scores: points scored less the leftovers (running scores before the end)."""
        if self.deductions is None:
            return tuple(self.scores)
        return tuple(s - d for s, d in zip(self.scores, self.deductions, strict=True))

    def winners(self) -> tuple[int, ...]:
        """The players with the highest final score (more than one on a tie)."""
        final = self.returns()
        best = max(final)
        return tuple(p for p, s in enumerate(final) if s == best)

    # -- the record -------------------------------------------------------------------

    def record(self, players: Sequence[str], *, servant: bool = False) -> dict[str, Any]:
        """The JSON-ready record of the game, finished or in progress; ``players`` names the
        seats. :func:`solitaire.tiles.record.replay` plays it again.

        ``servant`` notes that the Servant is shown (a display option, kept for resuming).
        """
        scores = self.running_scores()
        return {
            "game": GAME,
            "version": RECORD_VERSION,
            **({"rules": self.rules} if self.rules != 1 else {}),
            "seed": str(self.seed),
            **chosen_field(self.seed_chosen),
            "players": list(players),
            "first_player": self.first_player,
            "opening_draws": [_tiles(d) for d in self.opening_draws],
            "racks": [_tiles(r) for r in _starting_racks(self)],
            "turns": [_turn_record(self, index, s) for index, s in enumerate(scores)],
            "deductions": None if self.deductions is None else list(self.deductions),
            "final": list(self.returns()) if self.is_over else None,
            **({"solitaire": 1} if self.solitaire else {}),
            **({"servant": 1} if servant else {}),
            **({"joker": 1} if self.joker else {}),
            **({"early_calls": [_early_record(c) for c in self.early]} if self.early else {}),
        }


def count_result(game: TileGame, names: Sequence[str], index: int) -> str:
    """A Joker game's counted play: what it was worth, what was missed, the calls on it."""
    turn = game.turns[index]
    assert turn.claim is not None
    called = game.calls.get(index)
    if turn.claim > turn.points:
        text = f"more than the play's {turn.points}: struck out, 0 recorded"
    elif turn.missed:
        text = f"the play is worth {turn.points}: {turn.missed} missed"
    else:
        text = f"right, the play is worth {turn.points}"
    for early in game.early_calls(index):
        text += f"; {names[early.caller]} called Joker before the count: {-early.points} to pay"
    if called is not None:
        caller = names[called.caller]
        if called.points > 0:
            text += f"; {caller} called Joker and took {called.points}"
        else:
            text += f"; {caller} called Joker on nothing missed: {-called.points} to pay"
    elif turn.missed:
        text += "; nobody called Joker"
    return text + "."


# -- the record: what TileGame.record() writes (solitaire.tiles.record reads it back)


def _tiles(tiles: Sequence[Tile]) -> list[str]:
    return [str(t) for t in tiles]


def _turn_record(game: TileGame, index: int, scores: Sequence[int]) -> dict[str, Any]:
    turn = game.turns[index]
    action = turn.action
    size = game.board.size
    if isinstance(action, Play):
        kind, tiles = "play", [format_placement(p, size) for p in action.placements]
    elif isinstance(action, Exchange):
        kind, tiles = "exchange", _tiles(action.tiles)
    else:
        kind, tiles = "pass", []
    out: dict[str, Any] = {
        "player": turn.player,
        "rack": _tiles(turn.rack),
        "action": kind,
        "tiles": tiles,
        "score": turn.points,
        "drew": _tiles(turn.drew),
        "scores": list(scores),
    }
    if turn.claim is not None:
        called = game.calls.get(index)
        out["claim"] = turn.claim
        out["call"] = None if called is None else {"caller": called.caller, "points": called.points}
    return out


def _early_record(called: Called) -> dict[str, int]:
    return {"turn": called.turn + 1, "caller": called.caller, "points": called.points}


def _starting_racks(game: TileGame) -> list[tuple[Tile, ...]]:
    racks = list(game.racks)
    for turn in reversed(game.turns):
        racks[turn.player] = turn.rack
    return racks
