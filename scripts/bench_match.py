"""Benchmark: `standard` against `easy` over many seeded games, seats alternating.

Prints the win rate with a 95% Wilson interval, each side's average points per
deal by role (pegged, hand, crib) beside the published averages for strong
play, skunks, and the speed in games per second, all measured in this one run.

    .venv/bin/python scripts/bench_match.py            # 1,000 games
    .venv/bin/python scripts/bench_match.py --games 200 --seed 7
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import dataclass, field

from solitaire.match.game import Match
from solitaire.match.players import EasyPlayer, Player, StandardPlayer, advance

# Published averages per deal for strong players (RULES-MATCH.md).
PUBLISHED = {
    "pegged as dealer": "about 3.5",
    "pegged as pone": "about 2.1",
    "hand as dealer": "about 8",
    "hand as pone": "about 8",
    "crib": "about 4.5 to 5",
}


@dataclass
class Side:
    """One level's totals: points and deal counts by role."""

    wins: int = 0
    skunks: int = 0
    points: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PUBLISHED, 0))
    deals: dict[str, int] = field(default_factory=lambda: {"dealer": 0, "pone": 0})

    def average(self, role: str) -> float:
        """Points per deal played in the role the row is about."""
        deals = self.deals["pone" if role.endswith("pone") else "dealer"]
        return self.points[role] / deals if deals else 0.0


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def tally(match: Match, sides: dict[int, Side]) -> None:
    """Add a finished game's deals to each seat's side; only deals played to the crib count."""
    for deal in match.deals:
        if len(deal.show) < 3:
            continue  # the game ended during this deal: its roles are not all scored
        for seat, side in sides.items():
            role = "dealer" if seat == deal.dealer else "pone"
            side.deals[role] += 1
            side.points[f"pegged as {role}"] += deal.pegged[seat]
            side.points[f"hand as {role}"] += next(
                c.points for c in deal.show if c.player == seat and c.label == "hand"
            )
            if role == "dealer":
                side.points["crib"] += deal.show[2].points
    result = match.results[0]
    sides[result.winner].wins += 1
    sides[result.winner].skunks += result.skunk > 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt from seed S+i")
    args = parser.parse_args()

    standard, easy = Side(), Side()
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        seat = i % 2  # standard's seat alternates
        players: list[Player] = [EasyPlayer(random.Random(seed))]
        players.insert(seat, StandardPlayer())
        match = Match(seed)
        advance(match, players)
        tally(match, {seat: standard, 1 - seat: easy})
    elapsed = time.perf_counter() - started

    n = args.games
    low, high = wilson(standard.wins, n)
    print(f"standard against easy: {n:,} games, seeds {args.seed}-{args.seed + n - 1}")
    print(f"standard wins {standard.wins:,} ({standard.wins / n:.1%}), 95% CI {low:.1%}-{high:.1%}")
    print(f"skunks given: standard {standard.skunks:,}, easy {easy.skunks:,}")
    print()
    print(f"{'points per deal':<18} {'standard':>9} {'easy':>9}   published (strong play)")
    for role, published in PUBLISHED.items():
        print(f"{role:<18} {standard.average(role):9.2f} {easy.average(role):9.2f}   {published}")
    deals = standard.deals["dealer"] + standard.deals["pone"]
    print(f"(over {deals:,} deals played to the crib; deals cut short by a win are left out)")
    print()
    print(f"speed: {n / elapsed:.1f} games/s ({elapsed:.1f} s)")


if __name__ == "__main__":
    main()
