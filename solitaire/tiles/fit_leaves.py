"""Fitting the tile game's leave values by simulation (the method is in
:mod:`solitaire.tiles.leaves`): a builder, run by ``scripts/build/build_tile_leaves.py``, above
the players whose games it samples; nothing at run time imports it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from solitaire.core.cards import shuffle
from solitaire.core.runs import Executor, run_tasks
from solitaire.tiles.board import Board
from solitaire.tiles.game import PlayerView, TileGame
from solitaire.tiles.leaves import FEATURE_SETS, LeaveModel
from solitaire.tiles.movegen import generate
from solitaire.tiles.moves import Action
from solitaire.tiles.players import expert, greedy
from solitaire.tiles.tiles import RACK_SIZE, Tile

__all__ = [
    "RACKS_PER_POSITION",
    "SELF_PLAY",
    "SelfPlay",
    "fit_leaves",
    "position_leaves",
    "position_samples",
    "self_play_leaves",
    "within_positions_fit",
]

RACKS_PER_POSITION: Final = 8


def _draw_count(rng: random.Random, below: int) -> int:
    """A uniform int from 0 to ``below - 1`` from ``getrandbits`` alone (the same on any Python)."""
    bits = below.bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < below:
            return value


Group = Sequence[tuple[Sequence[int], float]]


SELF_PLAY: Final[dict[str, Callable[[PlayerView], Action]]] = {
    "greedy": greedy,
    "expert": expert,
}
"""The players whose self-play may give the positions."""


Leaves = list[tuple[tuple[Tile, ...], int]]


def position_leaves(
    board: Board, pool: Sequence[Tile], rng: random.Random, racks: int = RACKS_PER_POSITION
) -> Leaves:
    """(a random leave, the best score of the rack it is part of) for ``racks`` racks dealt
    from ``pool`` onto ``board``."""
    group: Leaves = []
    for _ in range(racks):
        tiles = list(pool)
        shuffle(tiles, rng)
        rack = tiles[:RACK_SIZE]
        best = generate(board, rack, best_only=True)
        kept = tuple(rack[: _draw_count(rng, RACK_SIZE)])
        group.append((kept, best[0].score if best else 0))
    return group


def position_samples(
    board: Board,
    pool: Sequence[Tile],
    rng: random.Random,
    features: str = "basic",
    racks: int = RACKS_PER_POSITION,
) -> Group:
    """:func:`position_leaves`, each leave by its counts of a set of ``features``."""
    return _counted(position_leaves(board, pool, rng, racks), features)


def _counted(group: Leaves, features: str) -> Group:
    counts = FEATURE_SETS[features][1]
    return [(counts(kept), points) for kept, points in group]


@dataclass(frozen=True, slots=True)
class SelfPlay:
    """The positions of one self-play game to sample leaves in."""

    seed: int
    player: str = "greedy"
    racks: int = RACKS_PER_POSITION


def self_play_leaves(task: SelfPlay) -> list[Leaves]:
    """Every position of a seeded self-play game after the opening while the bag holds a
    rack's worth: :func:`position_leaves` from the tiles the player to move could hold."""
    game = TileGame(task.seed)
    rng = random.Random(task.seed)
    choose = SELF_PLAY[task.player]
    groups = []
    while not game.is_over:
        view = game.observation(game.current_player)
        bag = sorted(game.bag.counts().elements())
        if not view.board.is_empty and len(bag) >= RACK_SIZE:
            groups.append(position_leaves(view.board, [*view.rack, *bag], rng, task.racks))
        game.apply(choose(view))
    return groups


def fit_leaves(
    games: int,
    seed: int = 0,
    ridge: float = 1.0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
    features: str = "basic",
    player: str = "greedy",
    racks: int = RACKS_PER_POSITION,
) -> LeaveModel:
    """Fit leave weights of a set of ``features`` on the positions of ``games`` self-play
    games of ``player`` seeded ``seed``, ``seed + 1`` ..., ``racks`` racks a position.

    The games may be played over ``jobs`` processes (or on ``executor``: a cluster); the
    sums are taken in game order, so the weights are the same for any ``jobs`` or cluster.
    """
    results, interrupted = run_tasks(
        self_play_leaves,
        [SelfPlay(s, player, racks) for s in range(seed, seed + games)],
        jobs,
        done=(lambda _: progress(1)) if progress else None,
        executor=executor,
    )
    if interrupted:
        raise KeyboardInterrupt  # a part of the games is no fit
    every_group = (_counted(group, features) for groups in results for group in groups)
    weights, count = within_positions_fit(every_group, len(FEATURE_SETS[features][0]), ridge)
    return LeaveModel(weights, games, count, seed, features, player)


def within_positions_fit(
    groups: Iterable[Group], size: int, ridge: float
) -> tuple[tuple[float, ...], int]:
    """Ridge least squares of points on ``size`` features, each group's means taken out;
    the weights and the number of samples."""
    import numpy as np  # a builder's tool: nothing at run time imports this module

    xtx = np.zeros((size, size))
    xty = np.zeros(size)
    count = 0
    for group in groups:
        x = np.array([features for features, _ in group], dtype=float).reshape(-1, size)
        y = np.array([points for _, points in group], dtype=float)
        x -= x.mean(axis=0)
        y -= y.mean()
        xtx += x.T @ x
        xty += x.T @ y
        count += len(group)
    xtx += ridge * np.eye(size)
    return tuple(float(w) for w in np.linalg.solve(xtx, xty)), count
