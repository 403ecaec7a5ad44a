"""Computer players against each other at the match table, over many paired seeded games.

Games come in pairs on the same cards: game ``i`` is the one-game match dealt from
seed ``seed + i // 2`` with player A in seat ``i % 2``, so in each pair A and B
hold each other's cards and the first deal goes once to each. The match referees
every choice (an outside player's too) and scores everything. Everything a game
does comes from its seed, so a run's results do not depend on ``jobs``; the
decision times beside them are measured, not compared.

>>> result = arena("standard", "easy", 4, seed=5)
>>> result.games, result == arena("standard", "easy", 4, seed=5, jobs=2)
(4, True)
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Final

from solitaire.core.errors import InputError
from solitaire.core.runs import MAX_JOBS, run_tasks, wilson
from solitaire.match.game import Action, Match, Observation
from solitaire.match.levels import MAX_ARENA_GAMES, OUTSIDE, arena_players
from solitaire.match.outside import make_outside
from solitaire.match.players import Player, advance
from solitaire.match.registry import make_player
from solitaire.match.stats import MatchStats, combined, match_stats

__all__ = [
    "MAX_ARENA_GAMES",
    "ArenaGame",
    "ArenaResult",
    "arena",
    "arena_players",
    "check_arena",
    "play_game",
    "seat",
]

SIDES: Final = ("a", "b")


def seat(name: str, rng: random.Random) -> Player:
    """The player of this name, ours or an outside one; ``rng`` feeds those that draw."""
    return make_outside(name, rng) if name in OUTSIDE else make_player(name, rng)


class _Timed:
    """A player whose every decision is timed."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.times: list[float] = []

    @property
    def name(self) -> str:
        return self.player.name

    def choose(self, view: Observation) -> Action:
        started = time.perf_counter()
        action = self.player.choose(view)
        self.times.append(time.perf_counter() - started)
        return action


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """One game from A's and B's sides: each side's results and decision times."""

    seed: int
    a_seat: int
    stats: tuple[MatchStats, MatchStats]
    times: tuple[tuple[float, ...], tuple[float, ...]] = field(compare=False)


def play_game(a: str, b: str, seed: int, a_seat: int) -> ArenaGame:
    """Play the one-game match of this seed; the results come A first, whatever A's seat."""
    match = Match(seed)
    sides = {0: a, 1: b}
    players = {
        side: _Timed(seat(name, random.Random(f"cribsol arena {seed} {SIDES[side]} {name}")))
        for side, name in sides.items()
    }
    seats = (players[0], players[1]) if a_seat == 0 else (players[1], players[0])
    advance(match, seats)
    return ArenaGame(
        seed,
        a_seat,
        (match_stats([match], a_seat), match_stats([match], 1 - a_seat)),
        (tuple(players[0].times), tuple(players[1].times)),
    )


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """Every finished game of a run, in game order, and the statistics of each side."""

    a: str
    b: str
    seed: int
    requested: int
    results: tuple[ArenaGame, ...]
    interrupted: bool = False

    @property
    def games(self) -> int:
        """Games that finished."""
        return len(self.results)

    def stats(self, side: int) -> MatchStats:
        """A's (0) or B's (1) results over every finished game."""
        return combined(game.stats[side] for game in self.results)

    def win_share(self, side: int) -> tuple[float, float, float]:
        """The share of games a side won, with its 95% Wilson interval."""
        wins = self.stats(side).wins
        low, high = wilson(wins, self.games)
        return (wins / self.games if self.games else math.nan, low, high)

    def times(self, side: int) -> tuple[float, float, int]:
        """A side's decision time: median and 99th percentile in seconds, and how many."""
        times = sorted(t for game in self.results for t in game.times[side])
        if not times:
            return (math.nan, math.nan, 0)
        p99 = times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)]
        return (statistics.median(times), p99, len(times))

    def to_dict(self) -> dict[str, object]:
        """JSON-ready summary."""
        out: dict[str, object] = {
            "seed": self.seed,
            "games": self.games,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "pairing": "game i: seed + i // 2, player A in seat i % 2",
        }
        for side, name in enumerate((self.a, self.b)):
            stats = self.stats(side)
            share, low, high = self.win_share(side)
            median, p99, decisions = self.times(side)
            out[SIDES[side]] = {
                "player": name,
                "wins": stats.wins,
                "win_share": share,
                "win_ci95": [low, high],
                "game_points": stats.game_points,
                "skunks_given": stats.skunks_given,
                "double_skunks_given": stats.double_skunks_given,
                "per_deal": {
                    role: {
                        "deals": totals.deals,
                        **{
                            what: float(mean) if (mean := totals.mean(what)) is not None else None
                            for what in ("pegged", "hand", "crib")
                            if what != "crib" or role == "dealer"
                        },
                    }
                    for role, totals in stats.roles.items()
                },
                "decision_seconds": {"median": median, "p99": p99, "decisions": decisions},
            }
        return out


def check_arena(a: str, b: str, games: int, jobs: int, seed: int = 0) -> None:
    """Refuse a run that cannot be played, naming the bad value."""
    names = arena_players()
    for flag, name in (("--a", a), ("--b", b)):
        if name not in names:
            raise InputError(f"{flag}: unknown player {name!r}: expected one of {', '.join(names)}")
        if name in OUTSIDE:
            make_outside(name, random.Random(0))  # an outside player not installed says so now
    if not 1 <= games <= MAX_ARENA_GAMES:
        raise InputError(f"--games must be 1 to {MAX_ARENA_GAMES:,}, got {games:,}")
    if not 1 <= jobs <= MAX_JOBS:
        raise InputError(f"--jobs must be 1 to {MAX_JOBS} on this machine, got {jobs:,}")
    if seed < 0:
        raise InputError(f"--seed must be 0 or more, got {seed:,}")


def _play_chunk(task: tuple[str, str, int, int, int]) -> list[ArenaGame]:
    a, b, seed, start, count = task
    return [play_game(a, b, seed + i // 2, i % 2) for i in range(start, start + count)]


def _chunks(
    a: str, b: str, seed: int, games: int, size: int
) -> Iterator[tuple[str, str, int, int, int]]:
    for start in range(0, games, size):
        yield (a, b, seed, start, min(size, games - start))


def arena(
    a: str,
    b: str,
    games: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Play ``games`` games of A against B over ``jobs`` processes, in pairs on the same seed.

    ``progress`` is called with the number of games just finished. Ctrl-C stops the
    run and every game that finished is returned, marked ``interrupted``. A player
    that chooses what the rules refuse stops the run with a
    :class:`~solitaire.match.players.PlayerError` naming it.
    """
    check_arena(a, b, games, jobs, seed)
    size = 2 * max(1, min(10, games // (jobs * 16)))  # whole pairs in every chunk
    chunks, interrupted = run_tasks(
        _play_chunk,
        _chunks(a, b, seed, games, size),
        jobs,
        done=(lambda finished: progress(len(finished))) if progress else None,
    )
    results = tuple(game for chunk in chunks for game in chunk)
    return ArenaResult(a, b, seed, games, results, interrupted)
