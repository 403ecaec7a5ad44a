"""The Joker at a table of people and computers: how a computer counts and when it calls.

* ``expert`` counts every point of its plays; ``greedy`` overlooks one fifteen, pair,
  run or one-colour bonus in a third of its plays. The choice is seeded by the game
  and the turn, so a replay counts the same and a record's claims can be checked.
* A computer calls Joker on a person's missed points (the first computer after the
  person in seat order) when the count closes, and never falsely: at once when no
  other person sits at the table, else when the next move is made (or the finished
  game is filed), unless a person called first. People call with a key.

:func:`apply_counted` plays one turn this way: the open count closed, then the
computer's count or the person's claim, then the computer's call when it is due at
once.

>>> from solitaire.tiles.players import greedy
>>> game = TileGame(3, joker=True)
>>> turn = apply_counted(game, ["expert", "Ann"], greedy(game.observation(0)), None)
>>> turn.claim == turn.points
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from solitaire.core.scoring import Kind
from solitaire.tiles.board import square_name
from solitaire.tiles.game import Called, TileGame, Turn
from solitaire.tiles.moves import Action, Play
from solitaire.tiles.players import PLAYERS
from solitaire.tiles.scoring import BONUS, PlayScore

__all__ = [
    "OVERLOOKS",
    "ComputerCount",
    "apply_counted",
    "calls_at_once",
    "close_count",
    "computer_call",
    "computer_caller",
    "computer_count",
]

OVERLOOKS: Final = {"expert": 0, "greedy": 3, "planner": 0}
"""A computer level overlooks one combination in 1 of this many plays (0: never)."""
_WORDS: Final = {Kind.FIFTEEN: "a fifteen", Kind.PAIR: "a pair", Kind.RUN: "a run of"}


@dataclass(frozen=True, slots=True)
class ComputerCount:
    """What a computer level says its play is worth, and what it overlooked ("" if nothing)."""

    claim: int
    overlooked: str


def computer_count(level: str, score: PlayScore, seed: int, turn: int, size: int) -> ComputerCount:
    """The count ``level`` records for its play on ``turn`` (numbered from 1) of game ``seed``."""
    every = OVERLOOKS.get(level, 0)
    rng = random.Random(f"cribsol tiles joker {seed} turn {turn}")
    chances: list[tuple[int, str]] = []
    for line in score.lines:
        where = f"{square_name(line.squares[0], size)}-{square_name(line.squares[-1], size)}"
        for item in line.items:
            what = _WORDS[item.kind] + (f" {len(item.positions)}" if item.kind is Kind.RUN else "")
            chances.append((item.points, f"{what} on {where}"))
        if line.one_colour:
            chances.append((BONUS, f"the one-colour bonus on {where}"))
    if every == 0 or not chances or rng.randrange(every) != 0:
        return ComputerCount(score.total, "")
    points, what = chances[rng.randrange(len(chances))]
    return ComputerCount(score.total - points, f"overlooked {what} ({points})")


def computer_caller(names: Sequence[str], player: int) -> int | None:
    """The computer seat that calls on ``player``'s counts: the first after them, if
    ``player`` is a person."""
    if names[player] in PLAYERS:
        return None
    for step in range(1, len(names)):
        seat = (player + step) % len(names)
        if names[seat] in PLAYERS:
            return seat
    return None


def computer_call(game: TileGame, names: Sequence[str]) -> int | None:
    """The computer seat due to call Joker on the open count now (None: no call is due)."""
    turn = game.joker_open
    if turn is None or turn.missed <= 0:
        return None
    return computer_caller(names, turn.player)


def calls_at_once(names: Sequence[str], player: int) -> bool:
    """Whether a computer's call on ``player``'s count comes at once: no other person
    sits at the table to call first."""
    return all(seat == player or name in PLAYERS for seat, name in enumerate(names))


def close_count(game: TileGame, names: Sequence[str]) -> Called | None:
    """The open count closes: the computer due to call on it calls (None: none is due)."""
    due = computer_call(game, names)
    return None if due is None else game.call_joker(due)


def apply_counted(game: TileGame, names: Sequence[str], action: Action, claim: int | None) -> Turn:
    """Apply a turn of a Joker game: the open count closes (see :func:`close_count`), then
    a computer's play with its own count, a person's with ``claim``; a computer calls at
    once on the missed points when no other person may call first.

    Outside a Joker game this is :meth:`TileGame.apply`.
    """
    if not game.joker:
        return game.apply(action)
    close_count(game, names)
    if isinstance(action, Play) and names[game.current_player] in PLAYERS:
        score = game.check(action)
        assert score is not None
        level = names[game.current_player]
        claim = computer_count(level, score, game.seed, len(game.turns) + 1, game.board.size).claim
    turn = game.apply(action, claim if isinstance(action, Play) else None)
    if calls_at_once(names, turn.player):
        close_count(game, names)
    return turn
