"""Fitting the chance of winning (:mod:`solitaire.tiles.win_chance`) on self-play: a
builder, run by ``scripts/build/build_win_chance.py``, above the players whose games it plays;
nothing at run time imports it."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from solitaire.core.errors import InputError
from solitaire.core.runs import Executor, run_tasks
from solitaire.tiles.fit_leaves import SELF_PLAY
from solitaire.tiles.game import TileGame
from solitaire.tiles.win_chance import WinChance

__all__ = [
    "BAG_SIZES",
    "Position",
    "SelfPlayGame",
    "fit_win_chance",
    "self_play_positions",
    "win_chance_of",
]

BAG_SIZES: Final = 31
"""Bag sizes fitted one by one (0 to 29); every larger bag is pooled in the last."""


@dataclass(frozen=True, slots=True)
class Position:
    """One turn of a self-play game, from the mover's side: the bag, its margin then and
    its final margin."""

    bag: int
    margin: int
    final: int


@dataclass(frozen=True, slots=True)
class SelfPlayGame:
    """One self-play game to note: its seed and the player on both sides."""

    seed: int
    player: str


def self_play_positions(task: SelfPlayGame) -> list[Position]:
    """Every turn of one seeded two-player self-play game."""
    game = TileGame(task.seed)
    choose = SELF_PLAY[task.player]
    seen: list[tuple[int, int, int]] = []
    while not game.is_over:
        player = game.current_player
        view = game.observation(player)
        seen.append((player, view.bag_size, view.scores[player] - view.scores[1 - player]))
        game.apply(choose(view))
    final = game.returns()
    return [
        Position(bag, margin, final[player] - final[1 - player]) for player, bag, margin in seen
    ]


def win_chance_of(positions: Sequence[Position], games: int, seed: int, player: str) -> WinChance:
    """The mean and spread of final less present margin at each bag size, each pooled with
    the bag sizes either side (0 alone: with the bag empty nothing more is drawn)."""
    swings: list[list[int]] = [[] for _ in range(BAG_SIZES)]
    for position in positions:
        swings[min(position.bag, BAG_SIZES - 1)].append(position.final - position.margin)
    means, spreads = [], []
    for bag in range(BAG_SIZES):
        pooled = [s for b in _neighbours(bag) for s in swings[b]]
        if len(pooled) < 2:
            raise InputError(f"win chance: bag {bag} has {len(pooled)} positions; play more games")
        mean = sum(pooled) / len(pooled)
        spread = math.sqrt(sum((s - mean) ** 2 for s in pooled) / (len(pooled) - 1))
        means.append(mean)
        spreads.append(spread)
    return WinChance(tuple(means), tuple(spreads), games, len(positions), seed, player)


def _neighbours(bag: int) -> range:
    if bag == 0 or bag == BAG_SIZES - 1:
        return range(bag, bag + 1)
    return range(max(1, bag - 1), min(BAG_SIZES - 1, bag + 2))


def fit_win_chance(
    games: int,
    seed: int,
    jobs: int = 1,
    player: str = "expert",
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> WinChance:
    """The chance of winning fitted on ``games`` self-play games of ``player`` seeded
    ``seed``, ``seed + 1`` ...; the same for any ``jobs`` or cluster."""
    results, interrupted = run_tasks(
        self_play_positions,
        [SelfPlayGame(s, player) for s in range(seed, seed + games)],
        jobs,
        done=(lambda _: progress(1)) if progress else None,
        executor=executor,
    )
    if interrupted:
        raise KeyboardInterrupt  # a part of the games is no fit
    positions = [p for game in results for p in game]
    return win_chance_of(positions, games, seed, player)
