"""Computer players: strategy objects that see one player's view and choose an action.

* ``greedy`` lays the highest-scoring play now; with no play it exchanges its
  whole rack when the bag allows, and passes otherwise.
* ``expert`` values each play by its score now plus the value of the tiles it
  keeps (the *leave*, learnt by simulation: see :mod:`solitaire.tiles.leaves`);
  once the bag is empty, the face value of the tiles it would be left holding
  counts against it instead (and going out gains what the opponent holds). Its
  best few plays by that value are then looked at one turn further: the
  opponent's best reply on the board after each, averaged over racks the
  opponent might hold (drawn from the tiles it cannot see, the same racks for
  every play; once the bag is empty the opponent's rack is known and is the one
  used), and a reply that ends the game costs the tiles still held too. With no
  play it keeps the best leave and exchanges the rest.

Ties go to the first play in the generator's order, and the sampled racks are
seeded by the position, so a seeded game is the same on every run.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Final

from solitaire.core.cards import shuffle
from solitaire.tiles.game import PlayerView
from solitaire.tiles.leaves import LeaveModel, load_leaves
from solitaire.tiles.movegen import ScoredPlay, centre, generate
from solitaire.tiles.moves import Action, Exchange, Pass, Play
from solitaire.tiles.tiles import RACK_SIZE, Tile, rack_pips

__all__ = [
    "PLAYERS",
    "Expert",
    "Strategy",
    "expert",
    "greedy",
    "make_player",
    "reply_cost",
    "sample_racks",
]

Strategy = Callable[[PlayerView], Action]

PLAYERS: Final = ("expert", "greedy")


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

    ``shortlist`` plays are looked at a turn further, against ``samples`` racks.
    """

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

    def __call__(self, view: PlayerView) -> Action:
        plays = _plays(view)
        if not plays:
            return self._exchange(view)
        valued = [(self._value(view, p), -i, p) for i, p in enumerate(plays)]
        shortlist = heapq.nlargest(self.shortlist, valued)
        racks = sample_racks(view, self.samples)
        if not racks or len(shortlist) == 1:
            return shortlist[0][2].play
        best = max(
            shortlist,
            key=lambda item: (item[0] - reply_cost(view, item[2].play, racks), item[1]),
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


_EXPERT: Final = Expert()


def expert(view: PlayerView) -> Action:
    """The expert player with the built-in leave values."""
    return _EXPERT(view)


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


def reply_cost(view: PlayerView, play: Play, racks: Sequence[Sequence[Tile]]) -> float:
    """Mean points the opponent takes back after ``play``, over the racks it might hold.

    Its best reply on the board after the play; when that reply empties its rack and
    the bag, the game ends and the tiles this player still holds count against it too.
    A play that ends the game leaves no reply.
    """
    kept = _kept(view.rack, play.tiles)
    left_in_bag = view.bag_size - min(view.bag_size, RACK_SIZE - len(kept))
    if not kept and not left_in_bag:
        return 0.0
    after = view.board.place(play.placements)
    total = 0
    for rack in racks:
        reply = generate(after, rack, best_only=True)
        if not reply:
            continue
        total += reply[0].score
        if not left_in_bag and len(reply[0].play.placements) == len(rack):
            total += rack_pips(kept)
    return total / len(racks)


def make_player(name: str) -> Strategy:
    """The player of this name."""
    if name == "greedy":
        return greedy
    if name == "expert":
        return expert
    raise ValueError(f"unknown player {name!r}: expected one of {', '.join(PLAYERS)}")
