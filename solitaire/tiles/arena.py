"""Computer players against each other over many seeded games, in parallel, reproducibly.

Games come in pairs on the same deal with the seats swapped: game ``i`` of a run
is dealt from seed ``seed + i // 2``, with player A in seat ``i % 2`` (the opening
draw decides who moves first), so the luck of the tiles weighs on both players
alike and a run's results do not depend on how many processes play it.

>>> result = arena("greedy", "greedy", 2, seed=5)
>>> result.games, result == arena("greedy", "greedy", 2, seed=5, jobs=2)
(2, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from solitaire.core.cards import SEED_LIMIT
from solitaire.core.errors import InputError
from solitaire.core.runs import Z95, Executor, run_tasks, wilson
from solitaire.core.untrusted import MAX_SEED_DIGITS, safe_text
from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import Play
from solitaire.tiles.players import Player
from solitaire.tiles.registry import PLAYERS, make_player
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


def play_game(
    a: str,
    b: str,
    seed: int,
    a_seat: int,
    make: Callable[[str, random.Random], Player] = make_player,
) -> GameResult:
    """Play one seeded game; the result is given A first, whatever seat A had. ``make``
    makes a player from its name (a benchmark may pass one that makes a variant)."""
    game = TileGame(seed)
    names = (a, b) if a_seat == 0 else (b, a)
    players = [
        make(name, random.Random(f"cribsol tiles arena {seed} seat {seat} {name}"))
        for seat, name in enumerate(names)
    ]
    while not game.is_over:
        player = game.current_player
        game.apply(players[player].choose(game.observation(player)))
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
    """The totals of a run's finished games, from A's side (0) and B's side (1).

    Only sums are kept, so a run of any length takes the same memory, and the
    totals are the same in whatever order the games finish.
    """

    a: str
    b: str
    seed: int
    requested: int
    games: int = 0
    won: tuple[int, int] = (0, 0)
    score_sums: tuple[int, int] = (0, 0)
    move_points: tuple[int, int] = (0, 0)
    plays: tuple[int, int] = (0, 0)
    bonuses: tuple[tuple[int, ...], tuple[int, ...]] = ((0,) * len(_KINDS), (0,) * len(_KINDS))
    margin_squares: int = 0
    """The sum of the squared margins (A's final score less B's), for the margin's spread."""
    interrupted: bool = False

    def add(self, game: GameResult) -> ArenaResult:
        """These totals with one more game."""
        margin = game.final[0] - game.final[1]
        one = ArenaResult(
            self.a,
            self.b,
            self.seed,
            self.requested,
            1,
            (int(margin > 0), int(margin < 0)),
            game.final,
            game.move_points,
            game.plays,
            game.bonuses,
            margin * margin,
        )
        return self.combined(one)

    def combined(self, other: ArenaResult) -> ArenaResult:
        """The totals of both sets of games (the names, seed and request are this one's)."""
        return replace(
            self,
            games=self.games + other.games,
            won=_pair(self.won, other.won),
            score_sums=_pair(self.score_sums, other.score_sums),
            move_points=_pair(self.move_points, other.move_points),
            plays=_pair(self.plays, other.plays),
            bonuses=(
                _plus(self.bonuses[0], other.bonuses[0]),
                _plus(self.bonuses[1], other.bonuses[1]),
            ),
            margin_squares=self.margin_squares + other.margin_squares,
        )

    def wins(self, side: int) -> int:
        """Games won outright by A (0) or B (1)."""
        return self.won[side]

    @property
    def ties(self) -> int:
        """Games tied."""
        return self.games - sum(self.won)

    def win_share(self, side: int) -> tuple[float, float, float]:
        """Share of games won, with its 95% Wilson interval."""
        n = self.games
        low, high = wilson(self.wins(side), n)
        return (self.wins(side) / n if n else math.nan, low, high)

    def mean_score(self, side: int) -> float:
        """Mean final score (after the leftovers)."""
        return self.score_sums[side] / self.games if self.games else math.nan

    def margin(self) -> tuple[float, float, float]:
        """A's mean winning margin in points (negative when B is ahead), with its 95% interval."""
        n = self.games
        if n < 2:
            return (math.nan, math.nan, math.nan)
        total = self.score_sums[0] - self.score_sums[1]
        mean = total / n
        variance = (self.margin_squares - total * total / n) / (n - 1)
        half = Z95 * math.sqrt(max(0.0, variance) / n)
        return (mean, mean - half, mean + half)

    def mean_move(self, side: int) -> float:
        """Mean points per play."""
        plays = self.plays[side]
        return self.move_points[side] / plays if plays else math.nan

    def bonus_rate(self, side: int, kind: BonusKind) -> float:
        """Bonuses of one kind per game."""
        total = self.bonuses[side][_KINDS.index(kind)]
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
        margin, low, high = self.margin()
        return {
            "seed": self.seed,
            "games": self.games,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "ties": self.ties,
            "margin": margin,
            "margin_ci95": [low, high],
            **sides,
        }


def _plus(left: tuple[int, ...], right: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(left, right, strict=True))


def _pair(left: tuple[int, int], right: tuple[int, int]) -> tuple[int, int]:
    return (left[0] + right[0], left[1] + right[1])


def check_arena(a: str, b: str, games: int, jobs: int, seed: int = 0) -> None:
    """Refuse a run that cannot be played, naming the bad value."""
    for flag, name in (("--a", a), ("--b", b)):
        if name not in PLAYERS:
            raise InputError(
                f"{flag}: unknown player '{safe_text(name, 30)}': expected {' or '.join(PLAYERS)}"
            )
    if games < 1:
        raise InputError(f"--games must be at least 1, got {games}")
    if jobs < 1:
        raise InputError(f"--jobs must be at least 1, got {jobs}")
    if seed < 0 or seed + (games - 1) // 2 >= SEED_LIMIT:
        raise InputError(
            "--seed must be 0 or more and the last game's seed, seed + (games - 1) // 2, "
            f"of at most {MAX_SEED_DIGITS} digits"
        )


def _play_task(task: tuple[str, str, int, int]) -> ArenaResult:
    a, b, seed, i = task
    return ArenaResult(a, b, seed, 1).add(play_game(a, b, seed + i // 2, i % 2))


def arena(
    a: str,
    b: str,
    games: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> ArenaResult:
    """Play ``games`` games of A against B over ``jobs`` processes (or on ``executor``: a
    cluster).

    The games are handed out a few at a time (no list of them is made up front) and
    each comes back as its few totals, added to the run's as it comes (nothing of a
    game is kept, so a run of any length takes the same memory). ``progress`` is
    called with the number of games just finished. Ctrl-C, SIGTERM or SIGHUP stops the
    run: games not finished are dropped, the processes ended, and the totals of the
    first games, all finished, returned, marked ``interrupted``.
    """
    check_arena(a, b, games, jobs, seed)
    # One game a task (a game takes a quarter of a second to seconds, far longer than
    # handing it over, even to a cluster), so Ctrl-C loses at most one game a process.
    tasks = ((a, b, seed, i) for i in range(games))

    total = ArenaResult(a, b, seed, games)

    def done(one: ArenaResult) -> None:
        nonlocal total
        total = total.combined(one)  # added up as it comes, then let go: flat memory
        if progress:
            progress(one.games)

    _, interrupted = run_tasks(_play_task, tasks, jobs, done, keep=False, executor=executor)
    return replace(total, interrupted=interrupted)
