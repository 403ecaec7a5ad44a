"""A player's results over finished matches: games, wins, skunks, and points per deal by role.

Hands and cribs are their true counts, not what was claimed; points missed and
taken by the other player (muggins) are counted apart. Points per deal are averaged
over complete deals only (the play and all three
counts of the show), so a deal cut short by the end of a game does not pull
the averages down. Averages are exact fractions of integer sums.

>>> import random
>>> from solitaire.match.game import Match
>>> from solitaire.match.players import EasyPlayer, StandardPlayer, advance
>>> match = Match(seed=5)
>>> _ = advance(match, (StandardPlayer(), EasyPlayer(random.Random(1))))
>>> stats = match_stats([match], player=0)
>>> stats.games, stats.wins + stats.losses
(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from solitaire.match.game import Match

__all__ = ["PUBLISHED", "ROLES", "MatchStats", "RoleTotals", "combined", "match_stats"]

ROLES: Final = ("dealer", "pone")

# Published averages per deal for strong play (RULES-MATCH): pegging by role, a hand, the crib.
PUBLISHED: Final = {
    ("dealer", "pegged"): "about 3.5",
    ("pone", "pegged"): "about 2.1",
    ("dealer", "hand"): "about 8",
    ("pone", "hand"): "about 8",
    ("dealer", "crib"): "about 4.5 to 5",
}


@dataclass(slots=True)
class RoleTotals:
    """Integer sums over the complete deals a player played in one role."""

    deals: int = 0
    pegged: int = 0
    hand: int = 0
    crib: int = 0

    def mean(self, what: str) -> Fraction | None:
        """The exact average per deal of ``pegged``, ``hand`` or ``crib`` (None without deals)."""
        if not self.deals:
            return None
        total: int = getattr(self, what)
        return Fraction(total, self.deals)


@dataclass(slots=True)
class MatchStats:
    """One player's results over finished matches."""

    matches: int = 0
    games: int = 0
    wins: int = 0
    losses: int = 0
    game_points: int = 0  # won: a skunk counts 2, a double skunk 3 (or 4)
    skunks_given: int = 0
    double_skunks_given: int = 0
    skunks_taken: int = 0
    double_skunks_taken: int = 0
    muggins_taken: int = 0  # points you took from the opponent's counts
    muggins_given: int = 0  # points of your counts the opponent took
    roles: dict[str, RoleTotals] = field(default_factory=lambda: {r: RoleTotals() for r in ROLES})


def match_stats(matches: Iterable[Match], player: int = 0) -> MatchStats:
    """The results of ``player`` (0 or 1) over these matches."""
    stats = MatchStats()
    for match in matches:
        stats.matches += 1
        for result in match.results:
            stats.games += 1
            won = result.winner == player
            stats.wins += won
            stats.losses += not won
            stats.game_points += result.game_points if won else 0
            if result.skunk:
                double = result.skunk == 2
                if won:
                    stats.skunks_given += not double
                    stats.double_skunks_given += double
                else:
                    stats.skunks_taken += not double
                    stats.double_skunks_taken += double
        for game in match.played:
            for deal in game.deals:
                for counted in deal.show:
                    if counted.player == player:
                        stats.muggins_given += counted.taken
                    else:
                        stats.muggins_taken += counted.taken
                if len(deal.show) < 3:
                    continue
                role = stats.roles["dealer" if deal.dealer == player else "pone"]
                role.deals += 1
                role.pegged += deal.pegged[player]
                for counted in deal.show:  # true counts, whatever was claimed
                    if counted.player == player:
                        if counted.label == "crib":
                            role.crib += counted.score.total
                        else:
                            role.hand += counted.score.total
    return stats


def combined(parts: Iterable[MatchStats]) -> MatchStats:
    """The sum of several players' or runs' results."""
    total = MatchStats()
    for part in parts:
        for name in _COUNTS:
            setattr(total, name, getattr(total, name) + getattr(part, name))
        for role in ROLES:
            mine, theirs = total.roles[role], part.roles[role]
            mine.deals += theirs.deals
            mine.pegged += theirs.pegged
            mine.hand += theirs.hand
            mine.crib += theirs.crib
    return total


_COUNTS: Final = tuple(name for name in MatchStats.__slots__ if name != "roles")
