"""Computer players: objects with a ``name`` that see one player's observation and
``choose`` an action (the engine contract's players, :mod:`solitaire.core.engine`);
:mod:`solitaire.tiles.registry` makes them by name.

* ``greedy`` lays the highest-scoring play now; with no play it exchanges its
  whole rack when the bag allows, and passes otherwise.
* ``expert`` values each play by its score now plus the value of the tiles it
  keeps (the *leave*, learnt by simulation: see :mod:`solitaire.tiles.leaves`);
  once the bag is empty, the face value of the tiles it would be left holding
  counts against it instead (and going out gains what the opponent holds). Its
  best few plays by that value are then looked at one turn further: the
  opponent's best reply on the board after each (the defence: most points come
  from completing lines of five that the other player left open), averaged over
  racks the opponent might hold (drawn from the tiles it cannot see, the same
  racks for every play; once the bag is empty the opponent's rack is known and is
  the one used), and a reply that ends the game costs the tiles still held too.
  Only replies near the play are searched again: elsewhere the best reply is the
  one before the play. With no play it keeps the best leave and exchanges the rest.
* Both know the closed board (:func:`closing_margin`): a play that closes it ends
  the game, so neither closes a board it expects to lose on; the expert closes one
  it expects to win on first of all.

Ties go to the first play in the generator's order, and the sampled racks are
seeded by the position, so a seeded game is the same on every run.

:func:`greedy` and :func:`expert` are the two choices as plain functions of an
observation (the expert's the one built-in :class:`Expert`, made on first use).
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations
from typing import Final, NamedTuple, TypeAlias

from solitaire.core import engine
from solitaire.core.cards import shuffle
from solitaire.core.errors import CribsolError
from solitaire.tiles.board import ACROSS, DOWN, Board
from solitaire.tiles.game import PlayerView
from solitaire.tiles.leaves import LeaveModel, load_leaves
from solitaire.tiles.levels import PLAYERS
from solitaire.tiles.movegen import ScoredPlay, board_closed, centre, generate
from solitaire.tiles.moves import Action, Exchange, Pass, Play
from solitaire.tiles.tiles import RACK_SIZE, Tile, rack_less, rack_pips
from solitaire.tiles.win_chance import WinChance

__all__ = [
    "CHANCE_BAG",
    "CHANCE_WEIGHT",
    "PLAYERS",
    "Appraisal",
    "ExchangeChoice",
    "Expert",
    "GreedyPlayer",
    "Inference",
    "Player",
    "Reply",
    "best_replies",
    "built_in_expert",
    "closing_margin",
    "expert",
    "greedy",
    "infer_racks",
    "iter_replies",
    "mean_cost",
    "position_seed",
    "reply_cost",
    "reply_floors",
    "reply_outcomes",
    "reply_region",
    "same_play",
    "sample_racks",
]

CLOSING: Final = 10_000.0  # a play that ends the game on a closed board: first or last
CHANCE_BAG: Final = 10
"""Tiles in the bag at most for an expert given a :class:`WinChance` to judge by it."""
CHANCE_WEIGHT: Final = 50.0
"""Points a certain win is worth over a certain loss, for such an expert."""

Player: TypeAlias = engine.Player[PlayerView, Action]
"""A seat at the table: a ``name`` and ``choose(observation) -> action``."""


def _plays(view: PlayerView) -> list[ScoredPlay]:
    board = view.board
    return generate(board, view.rack, through=centre(board) if board.is_empty else None)


def greedy(view: PlayerView) -> Action:
    """The highest score now, unless it closes the board on a loss (:func:`closing_margin`):
    then the next that does not (with none, the closing play of the best margin). Of plays
    that score alike, the first the generator lists."""
    board = view.board
    through = centre(board) if board.is_empty else None
    # The first play of the top score, found without listing the rest: most turns end here.
    top = generate(board, view.rack, through=through, best_only=True)
    if not top:
        return _no_play(view)
    margin = closing_margin(view, top[0])
    if margin is None or margin >= 0:
        return top[0].play
    plays = _plays(view)
    margins: list[tuple[float, int]] = []
    for index, play in sorted(enumerate(plays), key=lambda item: -item[1].score):
        margin = closing_margin(view, play)
        if margin is None or margin >= 0:
            return play.play
        margins.append((margin, -index))
    return plays[-max(margins)[1]].play


def _no_play(view: PlayerView) -> Action:
    """Greedy with no play: the whole rack exchanged, or a pass when the bag is too small."""
    if view.bag_size >= len(view.rack):
        return Exchange(tuple(view.rack))
    return Pass()


class GreedyPlayer:
    """The highest score now (:func:`greedy`)."""

    name: Final = "greedy"

    def choose(self, view: PlayerView) -> Action:
        """The highest-scoring play; with none, the whole rack exchanged, or a pass."""
        return greedy(view)


def closing_margin(view: PlayerView, play: ScoredPlay) -> float | None:
    """When ``play`` closes the board (ending the game at once, from rules 2): this player's
    final score less the best of the others', as it expects them. Its own leftovers are the
    tiles it keeps and those it draws; the others' are their tiles, each at the unseen
    tiles' mean face value (their very tiles once the bag is empty and one other holds all
    the unseen). None when the play does not close the board."""
    if view.rules < 2 or not board_closed(view.board.place(play.play.placements)):
        return None
    kept = rack_less(view.rack, play.play.tiles)
    pips = sum(t.pips for t in view.unseen)
    mean = pips / max(1, len(view.unseen))
    drawn = min(view.bag_size, RACK_SIZE - len(kept))
    me = view.player
    mine = view.scores[me] + play.score - rack_pips(kept) - mean * drawn
    others = [
        view.scores[p] - (pips if size == len(view.unseen) else mean * size)
        for p, size in enumerate(view.rack_sizes)
        if p != me
    ]
    return mine - max(others)


@dataclass(frozen=True, slots=True)
class Appraisal:
    """One play as the expert sees it: its score, the tiles it keeps and what they are
    worth, and once looked a turn further, the points it expects the opponent to take
    back."""

    scored: ScoredPlay
    order: int
    """The play's place in the generator's order (ties go to the first)."""
    kept: tuple[Tile, ...]
    leave: float
    """What the tiles kept are worth: the leave's value while tiles are drawn; once the
    bag is empty, minus their face value (or, going out, plus what the others hold)."""
    risk: float | None = None
    """The opponent's mean best reply after it (None: not looked at)."""
    closing: float | None = None
    """When it closes the board, ending the game: the final margin it expects over the
    best of the others (None: it does not, or was not looked at)."""
    chance: float | None = None
    """Near the end, its mean chance of winning after the opponent's reply (None: not
    judged by it)."""
    rest: int | None = None
    """With the bag empty and the endgame searched to the end: the margin the rest of the
    game makes for this player after the play, both playing their best, leftovers
    included (None: not searched; the leave and the reply then stand for it)."""

    @property
    def play(self) -> Play:
        """The play."""
        return self.scored.play

    @property
    def score(self) -> int:
        """Its points now."""
        return self.scored.score

    @property
    def value(self) -> float:
        """Score and leave."""
        return self.scored.score + self.leave

    @property
    def total(self) -> float:
        """Score and leave, less the reply risk when it was looked at, and near the end
        :data:`CHANCE_WEIGHT` points for a certain win; a play that closes the board is
        first when it wins and last when it loses, by its margin. Once the endgame was
        searched to the end: the score and the rest of the game, exactly."""
        if self.rest is not None:
            return float(self.scored.score + self.rest)
        if self.closing is not None:
            return (CLOSING if self.closing >= 0 else -CLOSING) + self.closing
        total = self.value if self.risk is None else self.value - self.risk
        return total if self.chance is None else total + CHANCE_WEIGHT * self.chance


def same_play(item: Appraisal) -> tuple[object, ...]:
    """What a play's placings share: its score and its tiles (another order along the
    line, or another place, is the same play)."""
    return (item.score, *sorted(item.play.tiles))


def _best_first(item: Appraisal) -> tuple[float, int]:
    """Score and leave, ties to the first in the generator's order (a key, largest first)."""
    return (item.value, -item.order)


@dataclass(frozen=True, slots=True)
class ExchangeChoice:
    """The expert's move with no play: the tiles it swaps (none: a pass), those it keeps
    and the kept tiles' leave value."""

    action: Exchange | Pass
    kept: tuple[Tile, ...]
    value: float


class Expert:
    """Score now, the leave, the opponent's best reply and the endgame deductions.

    A choice is a pipeline, each step a method the hints call too: :meth:`candidates`
    (every legal play), :meth:`appraise` (score and leave, the valuation),
    :meth:`look_ahead` (the ``shortlist`` best by value, each with the opponent's reply
    over ``samples`` racks) and :meth:`pick` (the best total). The leave values it has
    looked up are kept for its next choices.
    """

    name: Final = "expert"

    def __init__(
        self,
        leaves: LeaveModel | None = None,
        shortlist: int = 8,
        samples: int = 8,
        infer: Inference | None = None,
        win: WinChance | None = None,
        arrangements: int = 0,
    ) -> None:
        self.leaves = leaves or load_leaves()
        self.shortlist = shortlist
        self.samples = samples
        self.arrangements = arrangements
        """With ``arrangements`` (a setting for measuring, 0 in the built-in players), the
        look takes the best ``shortlist`` plays that differ in their tiles or score, and up
        to ``arrangements`` placings of each (the same tiles for the same score, in another
        order or place), rather than the best ``shortlist`` plays, where placings of one
        play crowd out the others (:meth:`shortlisted`)."""
        self.infer = infer
        """With ``infer``, the opponent's racks are guessed from its last turn
        (:func:`infer_racks`); without, drawn from the unseen tiles (:func:`sample_racks`)."""
        self.win = win
        """With ``win``, once the bag holds at most :data:`CHANCE_BAG` tiles in a game of two,
        the plays looked at count their chance of winning too (:meth:`chance`)."""
        self._leave_cache: dict[tuple[Tile, ...], float] = {}

    def _leave(self, kept: Sequence[Tile]) -> float:
        key = tuple(sorted(kept))
        value = self._leave_cache.get(key)
        if value is None:
            if len(self._leave_cache) > 100_000:
                self._leave_cache.clear()
            value = self._leave_cache[key] = self.leaves.value(key)
        return value

    def candidates(self, view: PlayerView) -> list[ScoredPlay]:
        """Every legal play (an opening: those through the centre)."""
        return _plays(view)

    def appraise(self, view: PlayerView, plays: Sequence[ScoredPlay]) -> list[Appraisal]:
        """Each play valued by its score and the worth of the tiles it keeps."""
        return [self._appraisal(view, play, index) for index, play in enumerate(plays)]

    def _appraisal(self, view: PlayerView, play: ScoredPlay, order: int) -> Appraisal:
        kept = tuple(rack_less(view.rack, play.play.tiles))
        drawn = min(view.bag_size, RACK_SIZE - len(kept))
        if drawn > 0:
            leave = self._leave(kept)
        elif not kept:  # going out ends the game: the others keep their tiles
            mean = sum(t.pips for t in view.unseen) / max(1, len(view.unseen))
            leave = mean * view.opponents_tiles
        else:
            leave = -rack_pips(kept)
        return Appraisal(play, order, kept, leave)

    def shortlisted(self, appraised: Sequence[Appraisal]) -> list[Appraisal]:
        """The plays the look weighs: the best ``shortlist`` by value (ties to the first in
        the generator's order); with ``arrangements``, the best ``shortlist`` distinct
        plays (tiles and score), each with up to ``arrangements`` of its placings."""
        if not self.arrangements:
            return heapq.nlargest(self.shortlist, appraised, key=_best_first)
        groups: dict[tuple[object, ...], list[Appraisal]] = {}
        for item in sorted(appraised, key=_best_first, reverse=True):
            key = same_play(item)
            group = groups.get(key)
            if group is None:
                if len(groups) == self.shortlist:
                    continue
                group = groups[key] = []
            if len(group) < self.arrangements:
                group.append(item)
        return [item for group in groups.values() for item in group]

    def look_ahead(self, view: PlayerView, appraised: Sequence[Appraisal]) -> list[Appraisal]:
        """The best few by value, each with the opponent's mean best reply after it (none
        is looked at when there is one play, or no opponent's tile is unseen); a play
        that closes the board has no reply but the game's end (:func:`closing_margin`)."""
        shortlist = self.shortlisted(appraised)
        racks = self.opponent_racks(view)
        before = best_replies(view, racks) if racks and len(shortlist) > 1 else None
        judged = self.win is not None and view.bag_size <= CHANCE_BAG and len(view.rack_sizes) == 2
        looked = []
        for item in shortlist:
            closing = closing_margin(view, item.scored)
            if closing is not None:
                looked.append(replace(item, risk=0.0, closing=closing))
            elif before is None:
                looked.append(item)
            elif judged:
                outcomes = reply_outcomes(view, item.play, racks, before, leave=item.leave)
                chance = self.chance(view, item, outcomes)
                looked.append(replace(item, risk=mean_cost(outcomes), chance=chance))
            else:
                risk = reply_cost(view, item.play, racks, before, leave=item.leave)
                looked.append(replace(item, risk=risk))
        return looked

    def chance(self, view: PlayerView, item: Appraisal, outcomes: Sequence[Reply]) -> float:
        """The mean chance of winning after the play and each reply (:func:`reply_outcomes`).
        When the game is then over, certain, from the final margin; otherwise from the
        margin after the reply (the score, the leave while tiles are drawn, less the reply)
        and the bag then, by the expert's :class:`WinChance`."""
        if self.win is None:
            raise CribsolError("Expert.chance: this expert was given no WinChance")
        me = view.player
        now = view.scores[me] - view.scores[1 - me]
        drawn = min(view.bag_size, RACK_SIZE - len(item.kept))
        if not item.kept and not drawn:  # out with the bag empty: the game ends here
            return _won(now + item.value)  # its leave: the tiles the opponent holds
        going = now + item.score + (item.leave if drawn else 0.0)
        total = 0.0
        for reply in outcomes:
            if reply.over:  # the reply went out: its cost holds this player's leftovers
                total += _won(now + item.score - reply.lost)
            else:
                bag = max(0, view.bag_size - drawn - reply.laid)
                total += self.win.chance(going - reply.cost, bag)
        return total / len(outcomes)

    def opponent_racks(self, view: PlayerView) -> list[tuple[Tile, ...]]:
        """The ``samples`` racks the opponent might hold that a play is looked at over."""
        if self.infer is None:
            return sample_racks(view, self.samples)
        return infer_racks(view, self.samples, self._leave, self.infer)

    def pick(self, looked: Sequence[Appraisal]) -> Appraisal:
        """The best total; a tie to the first in the generator's order."""
        return max(looked, key=lambda a: (a.total, -a.order))

    def ranked(self, view: PlayerView) -> list[Appraisal]:
        """Every play, best first: those looked at by total, then the rest by value."""
        appraised = self.appraise(view, self.candidates(view))
        looked = sorted(self.look_ahead(view, appraised), key=lambda a: (-a.total, a.order))
        seen = {a.order for a in looked}
        rest = sorted(
            (a for a in appraised if a.order not in seen), key=lambda a: (-a.value, a.order)
        )
        return [*looked, *rest]

    def best(self, view: PlayerView, appraised: Sequence[Appraisal]) -> Appraisal:
        """The play :meth:`pick` chooses from :meth:`look_ahead`, found without searching
        the replies to a play that cannot beat the best so far.

        A reply never costs less than the opponent's best play before this one when the
        play leaves that play untouched (it is still there, worth the same), nor less
        than nothing; so score and leave less those floors bound a play's total from
        above. Plays are looked at best bound first, each rack's reply searched in turn
        and the rest skipped once the bound falls below the best (ties to the first in
        the generator's order, as in :meth:`pick`); the last bounds every play left.
        """
        shortlist = self.shortlisted(appraised)
        racks = self.opponent_racks(view)
        judged = self.win is not None and view.bag_size <= CHANCE_BAG and len(view.rack_sizes) == 2
        if not racks or len(shortlist) < 2 or judged:
            return self.pick(self.look_ahead(view, shortlist))
        before = best_replies(view, racks)
        count = len(racks)
        best: Appraisal | None = None
        bounded: list[tuple[float, int, Appraisal, list[float]]] = []
        for item in shortlist:
            closing = closing_margin(view, item.scored)
            if closing is not None:
                closed = replace(item, risk=0.0, closing=closing)
                if best is None or (closed.total, -closed.order) > (best.total, -best.order):
                    best = closed
            else:
                floors = reply_floors(view, item.play, before, leave=item.leave)
                bounded.append((item.value - sum(floors) / count, -item.order, item, floors))
        bounded.sort(key=lambda entry: (entry[0], entry[1]), reverse=True)
        for bound, order, item, floors in bounded:
            if best is not None and (bound, order) < (best.total, -best.order):
                break
            spent, floor = 0.0, sum(floors)
            for reply, least in zip(
                iter_replies(view, item.play, racks, before, leave=item.leave), floors, strict=True
            ):
                spent += reply.cost
                floor -= least
                if best is not None and (
                    item.value - (spent + floor) / count,
                    order,
                ) < (best.total, -best.order):
                    break
            else:
                looked = replace(item, risk=spent / count)
                if best is None or (looked.total, order) > (best.total, -best.order):
                    best = looked
        assert best is not None  # every play is either closing or bounded, and one is first
        return best

    def choose(self, view: PlayerView) -> Action:
        """The play of the best value, a turn looked further; with none, an exchange."""
        plays = self.candidates(view)
        if not plays:
            return self.exchange_choice(view).action
        return self.best(view, self.appraise(view, plays)).play

    def exchange_choice(self, view: PlayerView) -> ExchangeChoice:
        """With no play: keep the tiles of the best leave, swap the rest (a pass when the
        bag is too short for any swap)."""
        rack = view.rack
        best: tuple[float, tuple[Tile, ...], tuple[Tile, ...]] | None = None
        for k in range(len(rack)):
            for keep in combinations(rack, k):
                given = rack_less(rack, keep)
                if len(given) > view.bag_size:
                    continue
                value = self.leaves.value(keep)
                if best is None or value > best[0]:
                    best = (value, tuple(given), keep)
        if best is None:
            return ExchangeChoice(Pass(), tuple(rack), 0.0)
        return ExchangeChoice(Exchange(best[1]), best[2], best[0])


@cache
def _expert() -> Expert:
    """The one expert with the built-in leave values, made on first use (and kept, with
    the leave values it has looked up)."""
    return Expert()


def expert(view: PlayerView) -> Action:
    """The built-in expert's choice."""
    return _expert().choose(view)


def built_in_expert() -> Expert:
    """The one expert with the built-in leave values (the hints ask it)."""
    return _expert()


def sample_racks(view: PlayerView, count: int, salt: int = 0) -> list[tuple[Tile, ...]]:
    """``count`` racks the opponent might hold, drawn from the unseen tiles.

    The generator is seeded from the position itself (plus ``salt``, for racks dealt
    apart from the look's own), so a decision is the same on every run and every Python.
    """
    size = min(RACK_SIZE, view.opponents_tiles, len(view.unseen))
    if size == 0:
        return []
    if size == len(view.unseen):  # the bag is empty: the opponent's rack is known
        return [view.unseen]
    rng = random.Random(position_seed(view) + salt)
    racks = []
    for _ in range(count):
        pool = list(view.unseen)
        shuffle(pool, rng)
        racks.append(tuple(pool[:size]))
    return racks


@dataclass(frozen=True, slots=True)
class Inference:
    """How the opponent's rack is guessed from its last turn (:func:`infer_racks`)."""

    tries: int = 64
    """Guesses at the tiles it kept, drawn from the unseen tiles before weighing."""
    temperature: float = 4.0
    """Points of leave value that make a kept set e (2.718) times likelier."""
    slack: int = 8
    """Points above its play that a play it did not lay may score at most."""


def infer_racks(
    view: PlayerView, count: int, leave: Callable[[Sequence[Tile]], float], how: Inference
) -> list[tuple[Tile, ...]]:
    """``count`` racks the opponent might hold, guessed from what its last turn showed.

    The tiles it kept on that turn are still on its rack. Each guess at them, drawn from
    the unseen tiles, is weighed by how much a player who values its leave would want to
    keep them (``exp(leave / temperature)``), and dropped when the rack it then held had
    a play scoring more than ``slack`` above the one it laid (after an exchange or a pass:
    any play, since neither is allowed with a play). The tiles it drew since come
    uniformly from the rest. With two players only, and a last turn to go on; otherwise
    (or when every guess is dropped) :func:`sample_racks`.
    """
    last = view.last
    size = min(RACK_SIZE, view.opponents_tiles, len(view.unseen))
    if (
        last is None
        or last.player == view.player
        or len(view.rack_sizes) != 2
        or size != RACK_SIZE
        or size == len(view.unseen)
    ):
        return sample_racks(view, count)
    kept_size = RACK_SIZE - (len(last.laid) or last.exchanged)
    if not kept_size:
        return sample_racks(view, count)
    board = last.board
    through = centre(board) if board.is_empty else None
    rng = random.Random(position_seed(view) + 11)
    unseen = list(view.unseen)
    guesses: list[tuple[Tile, ...]] = []
    weights: list[float] = []
    for _ in range(how.tries):
        shuffle(unseen, rng)
        kept = tuple(sorted(unseen[:kept_size]))
        held = (*kept, *last.laid)
        if last.laid:
            bar = last.points + how.slack
            better = generate(board, held, through=through, best_only=True, above=bar)
        else:
            better = generate(board, kept, through=through, best_only=True)
        if better:
            continue
        guesses.append(kept)
        weights.append(math.exp(leave(kept) / how.temperature))
    if not guesses:
        return sample_racks(view, count)
    total = sum(weights)
    racks = []
    for _ in range(count):
        # A weighted draw by rng.random() alone, the same on every Python.
        point, index = rng.random() * total, 0
        while index < len(weights) - 1 and point >= weights[index]:
            point -= weights[index]
            index += 1
        kept = guesses[index]
        rest = list(rack_less(view.unseen, kept))
        shuffle(rest, rng)
        racks.append((*kept, *rest[: size - kept_size]))
    return racks


def position_seed(view: PlayerView) -> int:
    """A seed from the board and the rack, so that a position's random draws repeat."""
    seed = sum((i + 1) * f for i, f in enumerate(view.board.faces)) * 1_000_003
    return seed + sum((i + 1) * int(t) for i, t in enumerate(view.rack))


def best_replies(view: PlayerView, racks: Sequence[Sequence[Tile]]) -> list[ScoredPlay | None]:
    """The opponent's best play on the board as it stands, for each rack."""
    return [next(iter(generate(view.board, rack, best_only=True)), None) for rack in racks]


def reply_region(board: Board, squares: Sequence[int]) -> set[int]:
    """The empty squares next to any line through these squares: a play that lays no tile
    on one of them is legal and scores the same with or without the tiles on ``squares``."""
    region: set[int] = set()
    for square in squares:
        for direction in (ACROSS, DOWN):
            for tile in board.line(square, direction):
                region.update(s for s in board.neighbours(tile) if not board.faces[s])
    return region


class Reply(NamedTuple):
    """The opponent's best reply to a play, from one rack it might hold."""

    cost: float
    """What it costs this player against the play's score and leave: the reply's score;
    when it ends the game (going out with the bag empty), also the tiles this player then
    holds, in place of the leave the play was valued with (so the leave is not counted
    twice: once the bag is empty the leave already is those tiles, and the total is the
    play's score less the reply and the leftovers)."""
    laid: int
    """Tiles it lays (and so draws, as far as the bag goes)."""
    over: bool
    """Whether the game is then over: the play or the reply went out with the bag empty,
    or with the bag empty the reply closed the board (while tiles are drawn a reply that
    closes the board is not told apart, as in the risk)."""
    lost: int = 0
    """When the reply ends the game: its score and the tiles this player then holds (the
    play's score less this is the margin the play makes to the end)."""


def reply_cost(
    view: PlayerView,
    play: Play,
    racks: Sequence[Sequence[Tile]],
    before: Sequence[ScoredPlay | None] | None = None,
    *,
    leave: float | None = None,
) -> float:
    """Mean points the opponent takes back after ``play``, over the racks it might hold
    (:func:`reply_outcomes`)."""
    return mean_cost(reply_outcomes(view, play, racks, before, leave=leave))


def mean_cost(outcomes: Sequence[Reply]) -> float:
    """The mean points taken back over the replies (0 with none)."""
    if not outcomes:
        return 0.0
    return sum(reply.cost for reply in outcomes) / len(outcomes)


def _won(final: float) -> float:
    """A game over with this final margin: 1 won, a half tied, 0 lost."""
    return 1.0 if final > 0 else 0.5 if final == 0 else 0.0


def reply_outcomes(
    view: PlayerView,
    play: Play,
    racks: Sequence[Sequence[Tile]],
    before: Sequence[ScoredPlay | None] | None = None,
    *,
    leave: float | None = None,
) -> list[Reply]:
    """For each rack the opponent might hold, its reply to ``play`` (:class:`Reply`).

    Its best reply on the board after the play; when that reply empties its rack and
    the bag, the game ends and the tiles this player then holds count against it too
    (those it kept, and those it drew: the unseen tiles not on that rack); when, with the
    bag empty, it closes the board, the game ends with both keeping their tiles; each in
    place of
    ``leave``, the value the play was given for the tiles it keeps (by default the
    expert's own once the bag is empty, minus their face value; 0 while tiles are
    drawn). A play that ends the game (out with nothing left to draw) leaves no reply.
    With ``before`` (:func:`best_replies` for the same racks), only the replies near the
    play are searched: the best reply elsewhere is the one before the play, when the
    play does not touch it.
    """
    return list(iter_replies(view, play, racks, before, leave=leave))


def reply_floors(
    view: PlayerView,
    play: Play,
    before: Sequence[ScoredPlay | None],
    *,
    leave: float | None = None,
) -> list[float]:
    """For each rack, the least its reply to ``play`` can cost (:func:`reply_outcomes`,
    with the same ``leave``), found without searching: the opponent's best play before
    it (``before``) when the play leaves that untouched, since it is then still there and
    scores the same; else 0. A reply that ends the game trades the leave for the tiles
    held, at least those kept, which may cost less: the floor allows for it."""
    kept = rack_less(view.rack, play.tiles)
    if not kept and not view.bag_size:
        return [0.0] * len(before)  # out with nothing to draw: no reply
    ending = view.bag_size - min(view.bag_size, RACK_SIZE - len(kept)) == 0
    trade = min(0.0, rack_pips(kept) + _leave_at_end(view, kept, leave)) if ending else 0.0
    if view.rules >= 2 and not view.bag_size:  # a reply closing the board: theirs kept
        trade -= rack_pips(view.unseen)
    after = view.board.place(play.placements)
    laid = [square for square, _, _ in play.placements]
    touched = reply_region(after, laid).union(laid)
    return [
        min(0.0, trade)
        if old is None or any(s in touched for s, _, _ in old.play.placements)
        else old.score + trade
        for old in before
    ]


def _leave_at_end(view: PlayerView, kept: Sequence[Tile], leave: float | None) -> float:
    """The leave a play keeping ``kept`` was valued with (``leave``; by default the
    expert's: minus the face value once the bag is empty, else none counted)."""
    if leave is not None:
        return leave
    return -rack_pips(kept) if not view.bag_size else 0.0


def iter_replies(
    view: PlayerView,
    play: Play,
    racks: Sequence[Sequence[Tile]],
    before: Sequence[ScoredPlay | None] | None = None,
    *,
    leave: float | None = None,
) -> Iterator[Reply]:
    """:func:`reply_outcomes` one rack at a time, each reply searched when it is asked for."""
    kept = rack_less(view.rack, play.tiles)
    counted = _leave_at_end(view, kept, leave)
    left_in_bag = view.bag_size - min(view.bag_size, RACK_SIZE - len(kept))
    if not kept and not view.bag_size:  # out with nothing to draw: the game ends
        yield from [Reply(0, 0, True)] * len(racks)
        return
    after = view.board.place(play.placements)
    unseen = rack_pips(view.unseen)
    # With the bag empty, a reply that closes the board ends the game too (while tiles
    # are drawn the look does not tell it apart: the tiles drawn are unknown).
    ending = view.rules >= 2 and not view.bag_size
    laid = [square for square, _, _ in play.placements]
    region = reply_region(after, laid) if before is not None else set()
    touched = region.union(laid)
    for i, rack in enumerate(racks):
        old = before[i] if before is not None else None
        if before is None or (old and any(s in touched for s, _, _ in old.play.placements)):
            reply = next(iter(generate(after, rack, best_only=True)), None)
        else:
            # Only a reply near the play that beats the best elsewhere changes anything.
            above = old.score if old else -1
            reply = next(iter(generate(after, rack, near=region, best_only=True, above=above)), old)
        if reply is None:
            yield Reply(0, 0, False)
            continue
        count = len(reply.play.placements)
        if not left_in_bag and count == len(rack):  # what this player drew is the rest
            held = rack_pips(kept) + (unseen - rack_pips(rack) if view.bag_size else 0)
            yield Reply(reply.score + held + counted, count, True, reply.score + held)
        elif ending and board_closed(after.place(reply.play.placements)):
            # The reply closes the board: both keep their tiles (here all known).
            theirs = rack_pips(rack) - rack_pips(reply.play.tiles)
            lost = reply.score + rack_pips(kept) - theirs
            yield Reply(lost + counted, count, True, lost)
        else:
            yield Reply(reply.score, count, False)
