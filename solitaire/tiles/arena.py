"""Computer players against each other over many seeded games, in parallel, reproducibly.

Game ``i`` of a run is dealt from seed ``seed + i``, with player A in seat ``i % 2``
(the opening draw decides who moves first), so a run's results do not depend on
how many processes play it.

>>> result = arena("greedy", "greedy", 2, seed=5)
>>> result.games, result == arena("greedy", "greedy", 2, seed=5, jobs=2)
(2, True)
"""

from __future__ import annotations

import math
import signal
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed, wait
from dataclasses import dataclass
from typing import Final

from solitaire.patience.simulation import wilson
from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import Play
from solitaire.tiles.players import PLAYERS, make_player
from solitaire.tiles.scoring import BonusKind

__all__ = ["ArenaResult", "GameResult", "arena", "check_arena", "play_game"]

_KINDS: Final = tuple(BonusKind)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game from A's and B's side: final scores, points and count of plays, bonuses."""

    seed: int
    final: tuple[int, int]
    move_points: tuple[int, int]
    plays: tuple[int, int]
    bonuses: tuple[tuple[int, ...], tuple[int, ...]]
    """Per player, how many of each bonus (in :class:`BonusKind` order)."""


def play_game(a: str, b: str, seed: int, a_seat: int) -> GameResult:
    """Play one seeded game; the result is given A first, whatever seat A had."""
    game = TileGame(seed)
    names = (a, b) if a_seat == 0 else (b, a)
    strategies = [make_player(n) for n in names]
    while not game.is_over:
        player = game.current_player
        game.apply(strategies[player](game.view(player)))
    points = [0, 0]
    plays = [0, 0]
    bonuses = [[0] * len(_KINDS) for _ in range(2)]
    for turn in game.turns:
        if isinstance(turn.action, Play) and turn.score is not None:
            points[turn.player] += turn.points
            plays[turn.player] += 1
            for kind in turn.score.bonus_kinds():
                bonuses[turn.player][_KINDS.index(kind)] += 1
    order = (a_seat, 1 - a_seat)
    final = game.returns()
    return GameResult(
        seed,
        (final[order[0]], final[order[1]]),
        (points[order[0]], points[order[1]]),
        (plays[order[0]], plays[order[1]]),
        (tuple(bonuses[order[0]]), tuple(bonuses[order[1]])),
    )


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """Every game of a run, in game order, and the statistics from A's side."""

    a: str
    b: str
    seed: int
    requested: int
    results: tuple[GameResult, ...]
    interrupted: bool = False

    @property
    def games(self) -> int:
        """Games that finished."""
        return len(self.results)

    def wins(self, side: int) -> int:
        """Games won outright by A (0) or B (1)."""
        return sum(r.final[side] > r.final[1 - side] for r in self.results)

    @property
    def ties(self) -> int:
        """Games tied."""
        return sum(r.final[0] == r.final[1] for r in self.results)

    def win_share(self, side: int) -> tuple[float, float, float]:
        """Share of games won, with its 95% Wilson interval."""
        n = self.games
        low, high = wilson(self.wins(side), n)
        return (self.wins(side) / n if n else math.nan, low, high)

    def mean_score(self, side: int) -> float:
        """Mean final score (after the leftovers)."""
        return sum(r.final[side] for r in self.results) / self.games if self.games else math.nan

    def mean_move(self, side: int) -> float:
        """Mean points per play."""
        plays = sum(r.plays[side] for r in self.results)
        return sum(r.move_points[side] for r in self.results) / plays if plays else math.nan

    def bonus_rate(self, side: int, kind: BonusKind) -> float:
        """Bonuses of one kind per game."""
        index = _KINDS.index(kind)
        total = sum(r.bonuses[side][index] for r in self.results)
        return total / self.games if self.games else math.nan

    def to_dict(self) -> dict[str, object]:
        """JSON-ready summary."""
        sides = {}
        for side, name in ((0, self.a), (1, self.b)):
            share, low, high = self.win_share(side)
            sides["a" if side == 0 else "b"] = {
                "player": name,
                "wins": self.wins(side),
                "win_share": share,
                "win_ci95": [low, high],
                "mean_score": self.mean_score(side),
                "mean_move_score": self.mean_move(side),
                "bonuses_per_game": {k.value: self.bonus_rate(side, k) for k in _KINDS},
            }
        return {
            "seed": self.seed,
            "games": self.games,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "ties": self.ties,
            **sides,
        }


def check_arena(a: str, b: str, games: int, jobs: int) -> None:
    """Refuse a run that cannot be played, naming the bad value."""
    for flag, name in (("--a", a), ("--b", b)):
        if name not in PLAYERS:
            raise ValueError(f"{flag}: unknown player {name!r}: expected {' or '.join(PLAYERS)}")
    if games < 1:
        raise ValueError(f"--games must be at least 1, got {games}")
    if jobs < 1:
        raise ValueError(f"--jobs must be at least 1, got {jobs}")


def _play_chunk(task: tuple[str, str, int, int, int]) -> tuple[int, list[GameResult]]:
    a, b, seed, start, count = task
    return start, [play_game(a, b, seed + i, i % 2) for i in range(start, start + count)]


def _ignore_sigint() -> None:
    # Workers leave Ctrl-C to the parent, which stops them and keeps what finished.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def arena(
    a: str,
    b: str,
    games: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Play ``games`` games of A against B over ``jobs`` processes.

    ``progress`` is called with the number of games just finished. Ctrl-C stops the
    run and every game that finished is returned, marked ``interrupted``.
    """
    check_arena(a, b, games, jobs)
    size = max(1, min(20, games // (jobs * 8) or 1))
    tasks = [(a, b, seed, start, min(size, games - start)) for start in range(0, games, size)]
    done: dict[int, list[GameResult]] = {}
    interrupted = False
    try:
        if jobs == 1:
            for task in tasks:
                for i in range(task[3], task[3] + task[4]):
                    done.setdefault(task[3], []).append(play_game(a, b, seed + i, i % 2))
                    if progress:
                        progress(1)
        else:
            with ProcessPoolExecutor(jobs, initializer=_ignore_sigint) as pool:
                futures = [pool.submit(_play_chunk, task) for task in tasks]
                try:
                    for future in as_completed(futures):
                        start, results = future.result()
                        done[start] = results
                        if progress:
                            progress(len(results))
                except KeyboardInterrupt:
                    for future in futures:
                        future.cancel()
                    wait(futures)
                    for future in futures:
                        if not future.cancelled() and future.exception() is None:
                            start, results = future.result()
                            done.setdefault(start, results)
                    raise
    except KeyboardInterrupt:
        interrupted = True
    finished = tuple(r for start in sorted(done) for r in done[start])
    return ArenaResult(a, b, seed, games, finished, interrupted)
