"""Computer players: strategy objects that see one player's view and choose an action.

* ``greedy`` lays the highest-scoring play now; with no play it exchanges its
  whole rack when the bag allows, and passes otherwise.
* ``expert`` weighs each play by its score now, plus the value of the tiles it
  keeps (the *leave*, learnt by simulation: see :mod:`solitaire.tiles.leaves`),
  less the points it opens to the opponent (the expected best single-tile reply
  on the squares it makes playable, exact over the tiles the opponent may hold),
  and, once the bag is empty, less the face value of the tiles it would be left
  holding (plus what the opponent loses when it goes out). With no play it keeps
  the best leave and exchanges the rest.

Ties go to the first play in the generator's order, so a seeded game is the same
on every run.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from math import comb
from typing import Final

from solitaire.tiles.board import Board
from solitaire.tiles.game import PlayerView
from solitaire.tiles.leaves import LeaveModel, load_leaves
from solitaire.tiles.movegen import ScoredPlay, centre, generate
from solitaire.tiles.moves import Action, Exchange, Pass
from solitaire.tiles.scoring import LINE_KEY, MAX_LINE, line_info
from solitaire.tiles.tiles import RACK_SIZE, Tile, rack_pips

__all__ = [
    "PLAYERS",
    "Strategy",
    "expert",
    "greedy",
    "make_player",
    "reply_threat",
]

Strategy = Callable[[PlayerView], Action]

PLAYERS: Final = ("expert", "greedy")
_SHORTLIST: Final = 12  # plays weighed for openings, best by score and leave
_OPENING_WEIGHT: Final = 0.5


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

    def __init__(self, leaves: LeaveModel | None = None) -> None:
        self.leaves = leaves or load_leaves()

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
        shortlist = heapq.nlargest(_SHORTLIST, valued)
        best = max(
            shortlist,
            key=lambda item: (
                item[0] - _OPENING_WEIGHT * reply_threat(view, item[2].play.placements),
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


def expert(view: PlayerView) -> Action:
    """The expert player with the built-in leave values."""
    return _EXPERT(view)


_EXPERT: Final = Expert()


def reply_threat(view: PlayerView, placements: Sequence[tuple[int, Tile, int]]) -> float:
    """Expected best single-tile reply on the squares next to the tiles laid.

    The opponent's tiles are a random draw of their rack size from the unseen tiles;
    the chance that their best reply is worth a given score is counted exactly for
    single tiles (longer replies are not counted).
    """
    board = view.board.place(placements)
    squares = {
        n for square, _, _ in placements for n in board.neighbours(square) if not board.faces[n]
    }
    best_by_face = [0] * 14
    for square in squares:
        for face in range(1, 14):
            points = _single_tile_points(board, square, face)
            if points > best_by_face[face]:
                best_by_face[face] = points
    unseen = Counter(t.rank for t in view.unseen)
    hand = min(RACK_SIZE, view.opponents_tiles or RACK_SIZE)
    total = sum(unseen.values())
    if total == 0:
        return 0.0
    # A tile of rank r may be laid as r, or turned (6 <-> 9).
    best_by_rank = {
        rank: max(best_by_face[rank], best_by_face[15 - rank] if rank in (6, 9) else 0)
        for rank in unseen
    }
    order = sorted(best_by_rank, key=lambda r: -best_by_rank[r])
    expected = 0.0
    excluded = 0
    none_before = 1.0
    all_ways = comb(total, hand)
    for rank in order:
        excluded += unseen[rank]
        none_after = comb(total - excluded, hand) / all_ways
        expected += (none_before - none_after) * best_by_rank[rank]
        none_before = none_after
    return expected


def _single_tile_points(board: Board, square: int, face: int) -> int:
    """Points of one tile of rank ``face`` laid on an empty square, 0 when it is not legal."""
    n = board.size
    row, col = divmod(square, n)
    faces = board.faces
    total = 0
    scores = False
    lines = 0
    for dr, dc in ((0, 1), (1, 0)):
        key = LINE_KEY[face]
        length = 1
        for sign in (-1, 1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < n and 0 <= c < n and faces[r * n + c]:
                key += LINE_KEY[faces[r * n + c]]
                length += 1
                r, c = r + sign * dr, c + sign * dc
        if length > MAX_LINE:
            return 0
        if length >= 2:
            lines += 1
            points, scoring = line_info(key)
            total += points
            scores = scores or bool((scoring >> face) & 1)
    return total if scores and lines else 0


def make_player(name: str) -> Strategy:
    """The player of this name."""
    if name == "greedy":
        return greedy
    if name == "expert":
        return expert
    raise ValueError(f"unknown player {name!r}: expected one of {', '.join(PLAYERS)}")
