"""The endgame of two players, solved exactly: the bag is empty, so both racks are known.

From then on the game is one of perfect information: each player in turn lays a play
or, with none, passes (no exchange is possible with the bag empty). It ends when a
player lays their last tile, when a play closes the board (rules 2), or when both
players in turn pass; each then loses the face value of the tiles left on their rack.
:func:`solve` searches every play of both players to the end (negamax with alpha-beta
pruning, plays tried best score first, and a table of positions already searched) and
returns the final margin the player to move can force, with a play that forces it.

Its cost grows fast with the racks, so it takes a ``budget`` of work, counted in plays
tried and positions expanded (not in seconds). A search that would pass it gives up
and returns None, so an answer given is always exact and the same on every machine.

>>> from solitaire.tiles.board import Board, parse_square
>>> from solitaire.tiles.tiles import parse_tiles
>>> board = Board().place([(parse_square("G7"), parse_tiles("7D")[0], 7)])
>>> result = solve(board, parse_tiles("8D"), parse_tiles("KL"))
>>> result.margin, result.exact  # 7+8: 2 points, out, the king's 10 against the opponent
(12, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from solitaire.core.errors import CribsolError
from solitaire.tiles.board import Board
from solitaire.tiles.game import RULES
from solitaire.tiles.movegen import ScoredPlay, board_closed, generate
from solitaire.tiles.moves import Play
from solitaire.tiles.tiles import Tile, rack_less, rack_pips

__all__ = ["DEFAULT_BUDGET", "EndgameResult", "PlayValue", "solve", "solve_plays"]

DEFAULT_BUDGET: Final = 2_000
"""Work at most: each play tried counts 1, each position expanded 1 and an eighth of its
plays (about a second at worst on a 2-core machine)."""

_EXACT, _LOWER, _UPPER = 0, 1, 2
_INFINITY: Final = 1_000_000
Rack = tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class EndgameResult:
    """The margin the player to move can force from here to the end (their points to come
    less the opponent's, leftovers included), and the play that forces it (None: no play,
    a pass)."""

    margin: int
    play: Play | None
    expanded: int
    """Positions expanded (move generator calls)."""
    exact: bool = True


@dataclass(frozen=True, slots=True)
class PlayValue:
    """One play of the player to move, valued exactly: its points now, and the margin the
    rest of the game then makes for this player with both playing their best (leftovers
    included: the opponent's when the play goes out or closes the board, this player's
    when the opponent then goes out)."""

    scored: ScoredPlay
    rest: int

    @property
    def margin(self) -> int:
        """The final margin the play forces: its points and the rest."""
        return self.scored.score + self.rest


class _OverBudget(CribsolError):
    """The search would pass its budget (caught in :func:`solve`, never raised out of it)."""


class _Search:
    def __init__(self, rules: int, budget: int) -> None:
        self.rules = rules
        self.budget = budget
        self.expanded = 0
        self.work = 0
        self.boards: dict[tuple[bytes, bytes], bool] = {}
        self.table: dict[tuple[bytes, bytes, Rack, Rack, int], tuple[int, int, int]] = {}
        self.plays: dict[tuple[bytes, bytes, Rack], list[ScoredPlay]] = {}

    def moves(self, board: Board, rack: Rack, key: tuple[bytes, bytes]) -> list[ScoredPlay]:
        found = self.plays.get((*key, rack))
        if found is None:
            self.expanded += 1
            # Going out first, then by score: the cut-offs come early.
            found = sorted(
                generate(board, rack), key=lambda p: (-(len(p.play.tiles) == len(rack)), -p.score)
            )
            self.plays[(*key, rack)] = found
            self._spend(1 + len(found) // 8)  # listing plays costs about an eighth of trying one
        return found

    def _spend(self, work: int) -> None:
        self.work += work
        if self.work > self.budget:
            raise _OverBudget

    def closed(self, board: Board) -> bool:
        """Whether the board is closed (rules 2), each board worked out once."""
        if self.rules < 2:
            return False
        key = (bytes(board.faces), bytes(board.colours))
        found = self.boards.get(key)
        if found is None:
            found = self.boards[key] = board_closed(board)
        return found

    def rest(
        self, board: Board, scored: ScoredPlay, me: Rack, them: Rack, alpha: int, beta: int
    ) -> int:
        """After ``scored`` (by the mover holding ``me``): the margin the rest of the game
        makes for the mover, exact when the play's total falls inside (alpha, beta)."""
        play = scored.play
        kept = tuple(sorted(rack_less(me, play.tiles)))
        if not kept:  # out: the opponent keeps its tiles
            return rack_pips(them)
        after = board.place(play.placements)
        if self.closed(after):  # the game ends: both keep theirs
            return rack_pips(them) - rack_pips(kept)
        # The play's points shift the reply's window.
        points = scored.score
        reply, _ = self.value(after, them, kept, 0, points - beta, points - alpha)
        return -reply

    def value(
        self, board: Board, me: Rack, them: Rack, passes: int, alpha: int, beta: int
    ) -> tuple[int, Play | None]:
        """The margin the mover forces (negamax), exact when inside (alpha, beta)."""
        key = (bytes(board.faces), bytes(board.colours))
        entry = self.table.get((*key, me, them, passes))
        if entry is not None:
            flag, stored, index = entry
            if (
                flag == _EXACT
                or (flag == _LOWER and stored >= beta)
                or (flag == _UPPER and stored <= alpha)
            ):
                plays = self.moves(board, me, key)
                return stored, plays[index].play if index >= 0 else None
        plays = self.moves(board, me, key)
        if not plays:
            if passes >= 1:  # both players in turn without a play: the game ends
                return rack_pips(them) - rack_pips(me), None
            reply, _ = self.value(board, them, me, 1, -beta, -alpha)
            return -reply, None
        start = alpha
        best, best_index = -_INFINITY, -1
        for index, scored in enumerate(plays):
            self._spend(1)
            result = scored.score + self.rest(board, scored, me, them, alpha, beta)
            if result > best:
                best, best_index = result, index
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
        flag = _UPPER if best <= start else _LOWER if best >= beta else _EXACT
        self.table[(*key, me, them, passes)] = (flag, best, best_index)
        return best, plays[best_index].play


def solve_plays(
    board: Board,
    mine: Sequence[Tile],
    theirs: Sequence[Tile],
    *,
    rules: int = RULES,
    budget: int = DEFAULT_BUDGET,
) -> list[PlayValue] | None:
    """Every play of the player to move holding ``mine`` against ``theirs`` (the bag empty),
    each valued exactly to the end (:class:`PlayValue`), in the search's order (going out
    first, then by score); None when that takes more than ``budget`` work. The first of
    the largest margin is the play :func:`solve` gives."""
    search = _Search(rules, budget)
    me, them = tuple(sorted(mine)), tuple(sorted(theirs))
    try:
        plays = search.moves(board, me, (bytes(board.faces), bytes(board.colours)))
        valued = []
        for scored in plays:
            search._spend(1)
            rest = search.rest(board, scored, me, them, -_INFINITY, _INFINITY)
            valued.append(PlayValue(scored, rest))
    except _OverBudget:
        return None
    return valued


def solve(
    board: Board,
    mine: Sequence[Tile],
    theirs: Sequence[Tile],
    *,
    rules: int = RULES,
    budget: int = DEFAULT_BUDGET,
) -> EndgameResult | None:
    """The exact endgame for the player to move holding ``mine`` against ``theirs`` (the bag
    empty, the board not): the margin it can force and a play that does; None when the
    search would take more than ``budget`` (:data:`DEFAULT_BUDGET`) work."""
    search = _Search(rules, budget)
    try:
        margin, play = search.value(
            board, tuple(sorted(mine)), tuple(sorted(theirs)), 0, -_INFINITY, _INFINITY
        )
    except _OverBudget:
        return None
    return EndgameResult(margin, play, search.expanded)
