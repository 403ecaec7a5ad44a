"""The tile hints' endgame accounting recounted by the game's own rules.

The positions: every turn with the bag empty (two players, so both racks are known) of
seeded games of ``greedy`` against itself, which reach the end of the bag quickly. At each,
the hints (``Planner.ranked``, each play once, the first nine as ``?`` lists them) are
recounted one by one, independently of the search and the look that valued them: each
play and every answer to it is applied to a copy of the game (:meth:`TileGame.apply`:
the rules' own ending, leftovers and scores), and

* a hint valued to the end (the endgame searched) is recounted by plain minimax over
  every legal play of both players (a pass when there is none) to the game's end, with
  no pruning: the final margin the play forces, from the margin now;
* a hint looked a turn further (the search over its budget) is recounted one turn: the
  opponent's best reply (the highest score, the first found of equal ones) and, when the
  game then goes on, this player's tiles kept counted at the end; when the play or the
  reply ends the game, the game's own final margin;
* a play that closes the board: the game's final margin, which the hint says it ends by;
* a hint below the look (its reply not looked at): its score less the tiles kept, or the
  game's final margin when it goes out.

A recount larger than its ``nodes`` positions is given up and counted apart.
``scripts/check/check_endgame_hints.py`` runs it over 200 games; the tests over a few.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field

from solitaire.core.errors import CribsolError
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import generate
from solitaire.tiles.moves import Action, Pass, Play
from solitaire.tiles.planner import built_in_planner
from solitaire.tiles.players import Appraisal, greedy, same_play
from solitaire.tiles.tiles import rack_pips

__all__ = [
    "HINTS",
    "Minimax",
    "Tally",
    "TooLarge",
    "check_games",
    "check_position",
    "exact",
    "fork",
    "one_turn",
    "shown",
]

HINTS = 9  # as many as ? lists


class TooLarge(CribsolError):
    """The recount would expand more positions than it is allowed (its ``nodes``)."""


def fork(game: TileGame) -> TileGame:
    """An independent copy of a game with the bag empty (apply never draws then)."""
    new = copy.copy(game)
    new.racks = list(game.racks)
    new.scores = list(game.scores)
    new.turns = list(game.turns)
    return new


def margin(game: TileGame, me: int) -> int:
    """``me``'s score less the other's: the final ones once the game is over."""
    scores = game.returns() if game.is_over else tuple(game.scores)
    return scores[me] - scores[1 - me]


def actions(game: TileGame) -> list[Action]:
    """Every legal play of the player to move, or a pass when there is none."""
    rack = game.rack(game.current_player)
    return [s.play for s in generate(game.board, rack)] or [Pass()]


@dataclass
class Minimax:
    """Plain minimax to the end, positions remembered (the same position, the same value)."""

    nodes: int
    seen: dict[tuple[object, ...], int] = field(default_factory=dict)

    def to_come(self, game: TileGame) -> int:
        """The margin the player to move adds from here to the end, both at their best."""
        if game.is_over:
            return 0
        mover = game.current_player
        key = (
            bytes(game.board.faces),
            bytes(game.board.colours),
            tuple(sorted(game.racks[0])),
            tuple(sorted(game.racks[1])),
            mover,
            game.without_play,
        )
        known = self.seen.get(key)
        if known is not None:
            return known
        if len(self.seen) >= self.nodes:
            raise TooLarge(f"the recount would see more than {self.nodes:,} positions")
        best = None
        for action in actions(game):
            child = fork(game)
            before = margin(child, mover)
            child.apply(action)
            value = margin(child, mover) - before
            if not child.is_over:
                value -= self.to_come(child)  # the opponent's best is this player's worst
            best = value if best is None else max(best, value)
        assert best is not None
        self.seen[key] = best
        return best


def exact(game: TileGame, play: Play, nodes: int) -> int:
    """The play's value to the end: the margin it and the rest of the game add."""
    me = game.current_player
    child = fork(game)
    before = margin(child, me)
    child.apply(play)
    value = margin(child, me) - before
    if not child.is_over:
        value -= Minimax(nodes).to_come(child)
    return value


def one_turn(game: TileGame, play: Play) -> float:
    """The play's value a turn further: its score less the best reply and the tiles kept
    (at the end), or the game's final margin when the play or the reply ends it."""
    me = game.current_player
    child = fork(game)
    before = margin(child, me)
    turn = child.apply(play)
    if child.is_over:
        return margin(child, me) - before
    best: tuple[int, TileGame] | None = None
    for reply in actions(child):
        after = fork(child)
        points = after.apply(reply).points
        if best is None or points > best[0]:
            best = (points, after)
    assert best is not None
    points, after = best
    if after.is_over:
        return margin(after, me) - before
    kept = child.racks[me]
    return turn.points - points - rack_pips(kept)


def before_reply(game: TileGame, play: Play) -> int:
    """The play's value before any reply: the game's final margin when it ends the game,
    else its score less the tiles kept (at the end)."""
    me = game.current_player
    child = fork(game)
    before = margin(child, me)
    turn = child.apply(play)
    if child.is_over:
        return margin(child, me) - before
    return turn.points - rack_pips(child.racks[me])


@dataclass
class Tally:
    """What was recounted, and every mismatch."""

    positions: int = 0
    exact: int = 0
    looked: int = 0
    closing: int = 0
    unlooked: int = 0
    given_up: int = 0
    mismatches: list[str] = field(default_factory=list)


def shown(game: TileGame) -> list[Appraisal]:
    """The hints ``?`` lists for the player to move: the planner's ranking, each play once."""
    distinct: dict[tuple[object, ...], Appraisal] = {}
    for item in built_in_planner().ranked(game.observation(game.current_player)):
        distinct.setdefault(same_play(item), item)
    return list(distinct.values())[:HINTS]


def check_position(game: TileGame, tally: Tally, nodes: int) -> None:
    """Recount every hint of this position (the bag empty) into ``tally``."""
    tally.positions += 1
    me = game.current_player
    for hint in shown(game):
        where = f"seed {game.seed} turn {len(game.turns) + 1} {hint.play}"
        if hint.rest is not None:
            try:
                expected: float = exact(game, hint.play, nodes)
            except TooLarge:
                tally.given_up += 1
                continue
            tally.exact += 1
            said = hint.total
        elif hint.closing is not None:
            child = fork(game)
            child.apply(hint.play)
            expected = margin(child, me)
            tally.closing += 1
            said = hint.closing
        elif hint.risk is not None:
            expected = one_turn(game, hint.play)
            tally.looked += 1
            said = hint.total
        else:
            expected = before_reply(game, hint.play)
            tally.unlooked += 1
            said = hint.value
        if abs(said - expected) > 1e-9:
            tally.mismatches.append(f"{where}: the hint says {said}, the recount {expected}")


def check_games(
    first: int,
    games: int,
    nodes: int = 200_000,
    progress: Callable[[int, Tally], None] | None = None,
) -> Tally:
    """Walk ``games`` seeded greedy games from ``first`` and recount every end-of-bag hint;
    ``progress`` is told each game's seed as it ends, with the tally so far."""
    tally = Tally()
    for seed in range(first, first + games):
        game = TileGame(seed)
        while not game.is_over:
            view = game.observation(game.current_player)
            if view.bag_size == 0 and view.rack:
                check_position(game, tally, nodes)
            game.apply(greedy(view))
        if progress is not None:
            progress(seed, tally)
    return tally
