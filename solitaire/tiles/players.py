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

Ties go to the first play in the generator's order, and the sampled racks are
seeded by the position, so a seeded game is the same on every run.

:func:`greedy` and :func:`expert` are the two choices as plain functions of an
observation (the expert's the one built-in :class:`Expert`, made on first use).
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Final, TypeAlias

from solitaire.core import engine
from solitaire.core.cards import shuffle
from solitaire.tiles.board import ACROSS, DOWN, Board
from solitaire.tiles.game import PlayerView
from solitaire.tiles.leaves import LeaveModel, load_leaves
from solitaire.tiles.levels import PLAYERS
from solitaire.tiles.movegen import ScoredPlay, centre, generate
from solitaire.tiles.moves import Action, Exchange, Pass, Play
from solitaire.tiles.tiles import RACK_SIZE, Tile, rack_pips

__all__ = [
    "PLAYERS",
    "Expert",
    "GreedyPlayer",
    "Player",
    "best_replies",
    "expert",
    "greedy",
    "reply_cost",
    "reply_region",
    "sample_racks",
]

Player: TypeAlias = engine.Player[PlayerView, Action]
"""A seat at the table: a ``name`` and ``choose(observation) -> action``."""


def _plays(view: PlayerView) -> list[ScoredPlay]:
    board = view.board
    return generate(board, view.rack, through=centre(board) if board.is_empty else None)


def greedy(view: PlayerView) -> Action:
    """The highest score now."""
    plays = _plays(view)
    if plays:
        return max(plays, key=lambda p: p.score).play
    if view.bag_size >= len(view.rack):
        return Exchange(tuple(view.rack))
    return Pass()


class GreedyPlayer:
    """The highest score now (:func:`greedy`)."""

    name: Final = "greedy"

    def choose(self, view: PlayerView) -> Action:
        """The highest-scoring play; with none, the whole rack exchanged, or a pass."""
        return greedy(view)


def _kept(rack: Sequence[Tile], laid: Sequence[Tile]) -> list[Tile]:
    used = Counter(laid)
    kept = []
    for tile in rack:
        if used[tile]:
            used[tile] -= 1
        else:
            kept.append(tile)
    return kept


class Expert:
    """Score now, the leave, the opponent's best reply and the endgame deductions.

    ``shortlist`` plays are looked at a turn further, against ``samples`` racks. The
    leave values it has looked up are kept for its next choices.
    """

    name: Final = "expert"

    def __init__(
        self, leaves: LeaveModel | None = None, shortlist: int = 8, samples: int = 8
    ) -> None:
        self.leaves = leaves or load_leaves()
        self.shortlist = shortlist
        self.samples = samples
        self._leave_cache: dict[tuple[Tile, ...], float] = {}

    def _leave(self, kept: Sequence[Tile]) -> float:
        key = tuple(sorted(kept))
        value = self._leave_cache.get(key)
        if value is None:
            if len(self._leave_cache) > 100_000:
                self._leave_cache.clear()
            value = self._leave_cache[key] = self.leaves.value(key)
        return value

    def _value(self, view: PlayerView, play: ScoredPlay) -> float:
        kept = _kept(view.rack, play.play.tiles)
        drawn = min(view.bag_size, RACK_SIZE - len(kept))
        if drawn > 0:
            return play.score + self._leave(kept)
        if not kept:  # going out ends the game: the others keep their tiles
            mean = sum(t.pips for t in view.unseen) / max(1, len(view.unseen))
            return play.score + mean * view.opponents_tiles
        return play.score - rack_pips(kept)

    def choose(self, view: PlayerView) -> Action:
        """The play of the best value, a turn looked further; with none, an exchange."""
        plays = _plays(view)
        if not plays:
            return self._exchange(view)
        valued = [(self._value(view, p), -i, p) for i, p in enumerate(plays)]
        shortlist = heapq.nlargest(self.shortlist, valued)
        racks = sample_racks(view, self.samples)
        if not racks or len(shortlist) == 1:
            return shortlist[0][2].play
        before = best_replies(view, racks)
        best = max(
            shortlist,
            key=lambda item: (item[0] - reply_cost(view, item[2].play, racks, before), item[1]),
        )
        return best[2].play

    def _exchange(self, view: PlayerView) -> Action:
        rack = view.rack
        best: tuple[float, tuple[Tile, ...]] | None = None
        for k in range(len(rack)):
            for keep in combinations(rack, k):
                given = _kept(rack, keep)
                if len(given) > view.bag_size:
                    continue
                value = self.leaves.value(keep)
                if best is None or value > best[0]:
                    best = (value, tuple(given))
        if best is None:
            return Pass()
        return Exchange(best[1])


@cache
def _expert() -> Expert:
    """The one expert with the built-in leave values, made on first use (and kept, with
    the leave values it has looked up)."""
    return Expert()


def expert(view: PlayerView) -> Action:
    """The built-in expert's choice."""
    return _expert().choose(view)


def sample_racks(view: PlayerView, count: int) -> list[tuple[Tile, ...]]:
    """``count`` racks the opponent might hold, drawn from the unseen tiles.

    The generator is seeded from the position itself, so a decision is the same on
    every run and every Python.
    """
    size = min(RACK_SIZE, view.opponents_tiles, len(view.unseen))
    if size == 0:
        return []
    if size == len(view.unseen):  # the bag is empty: the opponent's rack is known
        return [view.unseen]
    seed = sum((i + 1) * f for i, f in enumerate(view.board.faces)) * 1_000_003
    seed += sum((i + 1) * int(t) for i, t in enumerate(view.rack))
    rng = random.Random(seed)
    racks = []
    for _ in range(count):
        pool = list(view.unseen)
        shuffle(pool, rng)
        racks.append(tuple(pool[:size]))
    return racks


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


def reply_cost(
    view: PlayerView,
    play: Play,
    racks: Sequence[Sequence[Tile]],
    before: Sequence[ScoredPlay | None] | None = None,
) -> float:
    """Mean points the opponent takes back after ``play``, over the racks it might hold.

    Its best reply on the board after the play; when that reply empties its rack and
    the bag, the game ends and the tiles this player still holds count against it too.
    A play that ends the game leaves no reply. With ``before`` (:func:`best_replies`
    for the same racks), only the replies near the play are searched: the best reply
    elsewhere is the one before the play, when the play does not touch it.
    """
    kept = _kept(view.rack, play.tiles)
    left_in_bag = view.bag_size - min(view.bag_size, RACK_SIZE - len(kept))
    if not kept and not left_in_bag:
        return 0.0
    after = view.board.place(play.placements)
    laid = [square for square, _, _ in play.placements]
    region = reply_region(after, laid) if before is not None else set()
    touched = region.union(laid)
    total = 0
    for i, rack in enumerate(racks):
        old = before[i] if before is not None else None
        if before is None or (old and any(s in touched for s, _, _ in old.play.placements)):
            reply = next(iter(generate(after, rack, best_only=True)), None)
        else:
            reply = next(iter(generate(after, rack, near=region, best_only=True)), None)
            if old and (reply is None or reply.score <= old.score):
                reply = old
        if reply is None:
            continue
        total += reply.score
        if not left_in_bag and len(reply.play.placements) == len(rack):
            total += rack_pips(kept)
    return total / len(racks)
