"""Computer players: strategy objects that see one player's view and choose an action.

* ``greedy`` lays the highest-scoring play now; with no play it exchanges its
  whole rack when the bag allows, and passes otherwise.
* ``expert`` weighs each play by its score now, plus the value of the tiles it
  keeps (the *leave*, learnt by simulation: see :mod:`solitaire.tiles.leaves`),
  less the points it opens to the opponent (for a few racks the opponent might
  hold, drawn from the tiles it cannot see: the best reply laying a tile next to
  the play, beyond the best reply the opponent had anyway),
  and, once the bag is empty, less the face value of the tiles it would be left
  holding (plus what the opponent loses when it goes out). With no play it keeps
  the best leave and exchanges the rest.

Ties go to the first play in the generator's order, so a seeded game is the same
on every run.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from itertools import combinations
from typing import Final

from solitaire.core.cards import shuffle
from solitaire.tiles.board import Board, Placement
from solitaire.tiles.game import PlayerView
from solitaire.tiles.leaves import LeaveModel, load_leaves
from solitaire.tiles.movegen import ScoredPlay, centre, generate
from solitaire.tiles.moves import Action, Exchange, Pass
from solitaire.tiles.tiles import RACK_SIZE, Tile, rack_pips

__all__ = [
    "PLAYERS",
    "Expert",
    "Strategy",
    "expert",
    "greedy",
    "make_player",
    "opening_cost",
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
    """Score now, the leave, the openings left and the endgame deductions."""

    def __init__(
        self, leaves: LeaveModel | None = None, shortlist: int = 6, samples: int = 4
    ) -> None:
        self.leaves = leaves or load_leaves()
        self.shortlist = shortlist
        self.samples = samples

    def _value(self, view: PlayerView, play: ScoredPlay) -> float:
        kept = _kept(view.rack, play.play.tiles)
        drawn = min(view.bag_size, RACK_SIZE - len(kept))
        if drawn > 0:
            return play.score + self.leaves.value(kept)
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
        elsewhere = [0 if view.board.is_empty else best_score(view.board, r) for r in racks]
        best = max(
            shortlist,
            key=lambda item: (
                item[0] - opening_cost(view.board, item[2].play.placements, racks, elsewhere),
                item[1],
            ),
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
    seed = sum((i + 1) * f for i, f in enumerate(view.board.faces)) * 1_000_003
    seed += sum((i + 1) * int(t) for i, t in enumerate(view.rack))
    rng = random.Random(seed)
    racks = []
    for _ in range(count):
        pool = list(view.unseen)
        shuffle(pool, rng)
        racks.append(tuple(pool[:size]))
    return racks


def best_score(board: Board, rack: Sequence[Tile], near: Collection[int] | None = None) -> int:
    """The highest score of any play (on ``near`` when given), 0 when there is none."""
    best = generate(board, rack, near=near, best_only=True)
    return best[0].score if best else 0


def opening_cost(
    board: Board,
    placements: Sequence[Placement],
    racks: Sequence[Sequence[Tile]],
    elsewhere: Sequence[int],
) -> float:
    """Mean extra points the sampled opponent racks score on squares this play opens.

    For each rack: its best play laying a tile next to the tiles just laid, less its
    best play on the board before (which it has anyway), when that is more.
    """
    after = board.place(placements)
    near = {
        n for square, _, _ in placements for n in after.neighbours(square) if not after.faces[n]
    }
    if not near:
        return 0.0
    gain = 0
    for rack, before in zip(racks, elsewhere, strict=True):
        reply = best_score(after, rack, near)
        gain += max(0, reply - before)
    return gain / len(racks)


def make_player(name: str) -> Strategy:
    """The player of this name."""
    if name == "greedy":
        return greedy
    if name == "expert":
        return expert
    raise ValueError(f"unknown player {name!r}: expected one of {', '.join(PLAYERS)}")
