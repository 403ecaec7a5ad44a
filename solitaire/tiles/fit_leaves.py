"""Fitting the tile game's leave values by simulation (the method is in
:mod:`solitaire.tiles.leaves`): a builder, run by ``scripts/build_tile_leaves.py``, above
the players whose games it samples; nothing at run time imports it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from solitaire.core.cards import shuffle
from solitaire.core.runs import Executor, run_tasks
from solitaire.tiles.board import Board
from solitaire.tiles.game import TileGame
from solitaire.tiles.leaves import FEATURES, LeaveModel, leave_features
from solitaire.tiles.movegen import generate
from solitaire.tiles.players import greedy
from solitaire.tiles.tiles import RACK_SIZE, Tile

__all__ = ["RACKS_PER_POSITION", "fit_leaves", "position_samples", "within_positions_fit"]

RACKS_PER_POSITION: Final = 8


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(rhs)
    a = [[*row, rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col] / a[col][col]
                for c in range(col, n + 1):
                    a[r][c] -= factor * a[col][c]
    return [a[i][n] / a[i][i] for i in range(n)]


def _draw_count(rng: random.Random, below: int) -> int:
    """A uniform int from 0 to ``below - 1`` from ``getrandbits`` alone (the same on any Python)."""
    bits = below.bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < below:
            return value


Group = list[tuple[list[int], float]]


def position_samples(board: Board, pool: Sequence[Tile], rng: random.Random) -> Group:
    """(features of a random leave, the best score of the rack it is part of) for
    :data:`RACKS_PER_POSITION` racks dealt from ``pool`` onto ``board``."""
    group: Group = []
    for _ in range(RACKS_PER_POSITION):
        tiles = list(pool)
        shuffle(tiles, rng)
        rack = tiles[:RACK_SIZE]
        best = generate(board, rack, best_only=True)
        kept = rack[: _draw_count(rng, RACK_SIZE)]
        group.append((leave_features(kept), best[0].score if best else 0))
    return group


def _self_play_samples(seed: int) -> list[Group]:
    game = TileGame(seed)
    rng = random.Random(seed)
    groups = []
    while not game.is_over:
        view = game.observation(game.current_player)
        bag = sorted(game.bag.counts().elements())
        if not view.board.is_empty and len(bag) >= RACK_SIZE:
            groups.append(position_samples(view.board, [*view.rack, *bag], rng))
        game.apply(greedy(view))
    return groups


def fit_leaves(
    games: int,
    seed: int = 0,
    ridge: float = 1.0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> LeaveModel:
    """Fit leave weights on the positions of ``games`` greedy self-play games seeded
    ``seed``, ``seed + 1`` ...

    The games may be played over ``jobs`` processes (or on ``executor``: a cluster); the
    sums are taken in game order, so the weights are the same for any ``jobs`` or cluster.
    """
    results, interrupted = run_tasks(
        _self_play_samples,
        range(seed, seed + games),
        jobs,
        done=(lambda _: progress(1)) if progress else None,
        executor=executor,
    )
    if interrupted:
        raise KeyboardInterrupt  # a part of the games is no fit
    every_group = (group for groups in results for group in groups)
    weights, count = within_positions_fit(every_group, len(FEATURES), ridge)
    return LeaveModel(weights, games, count, seed)


def within_positions_fit(
    groups: Iterable[Group], size: int, ridge: float
) -> tuple[tuple[float, ...], int]:
    """Ridge least squares of points on ``size`` features, each group's means taken out;
    the weights and the number of samples."""
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    count = 0
    for group in groups:
        means = [sum(f[i] for f, _ in group) / len(group) for i in range(size)]
        mean_points = sum(p for _, p in group) / len(group)
        for features, points in group:
            x = [f - m for f, m in zip(features, means, strict=True)]
            y = points - mean_points
            for i, xi in enumerate(x):
                if xi:
                    xty[i] += xi * y
                    row = xtx[i]
                    for j, xj in enumerate(x):
                        row[j] += xi * xj
            count += 1
    for i in range(size):
        xtx[i][i] += ridge
    return tuple(_solve(xtx, xty)), count
