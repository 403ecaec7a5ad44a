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
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from solitaire.core.errors import InputError
from solitaire.core.runs import MAX_JOBS, Executor, chunk_size, run_tasks, wilson
from solitaire.core.untrusted import safe_text
from solitaire.match.game import Action, Match, Observation
from solitaire.match.levels import MAX_ARENA_GAMES, OUTSIDE, arena_players
from solitaire.match.outside import make_outside
from solitaire.match.players import Player, advance
from solitaire.match.registry import make_player
from solitaire.match.stats import ROLES, MatchStats, combined, match_stats

__all__ = [
    "MAX_ARENA_GAMES",
    "ArenaGame",
    "ArenaResult",
    "arena",
    "arena_players",
    "check_arena",
    "play_game",
    "read_block",
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


_PER_DECADE: Final = 100  # histogram buckets a decade: a time is known within 2.3%


@dataclass(slots=True)
class DecisionTimes:
    """A side's decision times in bounded memory: exact while there are few, then counted
    in a histogram of :data:`_PER_DECADE` logarithmic buckets a decade."""

    exact: list[float] = field(default_factory=list)
    buckets: Counter[int] = field(default_factory=Counter)
    LIMIT: ClassVar[int] = 100_000  # exact times kept before the histogram takes over

    def add(self, times: Iterable[float]) -> None:
        """Count these decisions."""
        if self.buckets:
            self.buckets.update(_bucket(t) for t in times)
            return
        self.exact.extend(times)
        if len(self.exact) > self.LIMIT:
            self.buckets.update(_bucket(t) for t in self.exact)
            self.exact.clear()

    @property
    def count(self) -> int:
        """How many decisions."""
        return len(self.exact) + self.buckets.total()

    def quantile(self, q: float) -> float:
        """The time below which a share ``q`` of the decisions fell (nan with none): the
        exact order statistic, or the bucket's geometric middle once counted."""
        count = self.count
        if not count:
            return math.nan
        rank = min(count - 1, math.ceil(q * count) - 1)
        if not self.buckets:
            return sorted(self.exact)[rank]
        seen = 0
        for bucket in sorted(self.buckets):
            seen += self.buckets[bucket]
            if seen > rank:
                return float(10 ** ((bucket + 0.5) / _PER_DECADE))
        return math.nan  # pragma: no cover: the counts add up to count

    def median(self) -> float:
        """The middle time: the exact median, or its bucket's middle."""
        if self.exact and not self.buckets:
            return statistics.median(self.exact)
        return self.quantile(0.5)


def _bucket(seconds: float) -> int:
    return math.floor(math.log10(max(seconds, 1e-9)) * _PER_DECADE)


@dataclass(slots=True)
class ArenaResult:
    """A run's statistics for each side, added up game by game, and the games themselves
    when asked to keep them (a long run keeps only the totals, in flat memory)."""

    a: str
    b: str
    seed: int
    requested: int
    results: tuple[ArenaGame, ...] = ()
    interrupted: bool = False
    games: int = 0
    totals: tuple[MatchStats, MatchStats] = field(
        default_factory=lambda: (MatchStats(), MatchStats())
    )
    timings: tuple[DecisionTimes, DecisionTimes] = field(
        default_factory=lambda: (DecisionTimes(), DecisionTimes()), compare=False
    )  # the clock's, not the games': runs that play alike differ here

    def add(self, games: Iterable[ArenaGame]) -> None:
        """Add finished games to the totals."""
        for game in games:
            self.games += 1
            self.totals = (
                combined((self.totals[0], game.stats[0])),
                combined((self.totals[1], game.stats[1])),
            )
            for side in (0, 1):
                self.timings[side].add(game.times[side])

    def stats(self, side: int) -> MatchStats:
        """A's (0) or B's (1) results over every finished game."""
        return self.totals[side]

    def win_share(self, side: int) -> tuple[float, float, float]:
        """The share of games a side won, with its 95% Wilson interval."""
        wins = self.stats(side).wins
        low, high = wilson(wins, self.games)
        return (wins / self.games if self.games else math.nan, low, high)

    def times(self, side: int) -> tuple[float, float, int]:
        """A side's decision time: median and 99th percentile in seconds, and how many."""
        timing = self.timings[side]
        return (timing.median(), timing.quantile(0.99), timing.count)

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


def read_block(
    data: object, a: str, b: str, seed: int, games: int
) -> tuple[MatchStats, MatchStats]:
    """Each side's results from a saved run (what :meth:`ArenaResult.to_dict` wrote, read
    back as JSON), refused with :class:`InputError` unless it is the finished run of
    ``games`` games of ``a`` against ``b`` from ``seed``. The means per deal come back as
    whole totals (a mean times the deals, rounded)."""
    try:
        return _read_block(data, a, b, seed, games)
    except InputError:
        raise
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise InputError(
            f"the block of seed {seed} is not an arena's summary ({error!r})"
        ) from None


def _read_block(data: Any, a: str, b: str, seed: int, games: int) -> tuple[MatchStats, MatchStats]:
    expect = {"seed": seed, "games": games, "requested": games, "interrupted": False}
    for key, value in expect.items():
        if data.get(key) != value:
            raise InputError(f"the block of seed {seed} has {key} {safe_text(repr(data.get(key)))}")
    sides = []
    for key, player in zip(SIDES, (a, b), strict=True):
        side = data[key]
        if side.get("player") != player:
            raise InputError(
                f"the block of seed {seed} seats {safe_text(repr(side.get('player')))}"
            )
        wins = _whole(side["wins"])
        stats = MatchStats(
            matches=games,
            games=games,
            wins=wins,
            losses=games - wins,
            game_points=_whole(side["game_points"]),
            skunks_given=_whole(side["skunks_given"]),
            double_skunks_given=_whole(side["double_skunks_given"]),
        )
        for role in ROLES:
            totals, saved = stats.roles[role], side["per_deal"][role]
            totals.deals = _whole(saved["deals"])
            for what in ("pegged", "hand", "crib"):
                if what in saved and totals.deals:
                    setattr(totals, what, round(float(saved[what]) * totals.deals))
        sides.append(stats)
    for mine, theirs in ((sides[0], sides[1]), (sides[1], sides[0])):
        mine.skunks_taken = theirs.skunks_given
        mine.double_skunks_taken = theirs.double_skunks_given
    return sides[0], sides[1]


def _whole(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**9:
        raise InputError(f"expected a whole number, got {safe_text(repr(value))}")
    return value


def check_arena(a: str, b: str, games: int, jobs: int, seed: int = 0) -> None:
    """Refuse a run that cannot be played, naming the bad value."""
    names = arena_players()
    for flag, name in (("--a", a), ("--b", b)):
        if name not in names:
            raise InputError(
                f"{flag}: unknown player '{safe_text(name, 30)}': "
                f"expected one of {', '.join(names)}"
            )
        if name in OUTSIDE:
            make_outside(name, random.Random(0))  # an outside player not installed says so now
    if not 1 <= games <= MAX_ARENA_GAMES:
        raise InputError(f"--games must be 1 to {MAX_ARENA_GAMES:,}, got {games:,}")
    if not 1 <= jobs <= MAX_JOBS:
        raise InputError(f"--jobs must be 1 to {MAX_JOBS} on this machine, got {jobs:,}")
    if seed < 0:
        raise InputError(f"--seed must be 0 or more, got {seed:,}")


# Seconds of one core a player's side of a game takes (an outside player: the default),
# measured by scripts/bench/bench_cluster.py: they size the tasks, nothing else.
_SECONDS_A_SIDE: Final = {"easy": 0.003, "standard": 0.02, "expert": 0.3}
_SECONDS_OTHER: Final = 0.05


def game_seconds(a: str, b: str) -> float:
    """About how long a game of A against B takes on one core."""
    return sum(_SECONDS_A_SIDE.get(name, _SECONDS_OTHER) for name in (a, b))


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
    keep_games: bool = True,
    executor: Executor | None = None,
) -> ArenaResult:
    """Play ``games`` games of A against B over ``jobs`` processes (or on ``executor``: a
    cluster), in pairs on the same seed, in tasks of about two seconds of work.

    ``progress`` is called with the number of games just finished. Ctrl-C stops the
    run and every game that finished is returned, marked ``interrupted``. A player
    that chooses what the rules refuse stops the run with a
    :class:`~solitaire.match.players.PlayerError` naming it. With ``keep_games=False``
    only the totals are kept (``results`` stays empty), so memory does not grow with
    the number of games.
    """
    check_arena(a, b, games, jobs, seed)
    slots = executor.slots if executor else jobs
    size = 2 * chunk_size(math.ceil(games / 2), slots, 2 * game_seconds(a, b))  # whole pairs
    result = ArenaResult(a, b, seed, games)

    def finished(chunk: list[ArenaGame]) -> None:
        if not keep_games:
            result.add(chunk)  # added up now, then let go
        if progress:
            progress(len(chunk))

    chunks, result.interrupted = run_tasks(
        _play_chunk,
        _chunks(a, b, seed, games, size),
        jobs,
        done=finished,
        keep=keep_games,
        executor=executor,
    )
    if keep_games:  # the games in order, every one that finished (Ctrl-C's last ones too)
        result.results = tuple(game for chunk in chunks for game in chunk)
        result.add(result.results)
    return result
