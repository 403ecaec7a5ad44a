"""Match statistics against a recomputation from each deal's events."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from solitaire.match.game import Counted, GoPoint, Laid, Match
from solitaire.match.players import EasyPlayer, StandardPlayer, advance
from solitaire.match.stats import ROLES, match_stats


def played(seed: int, games: int = 1) -> Match:
    match = Match(seed, games=games)
    advance(match, (StandardPlayer(), EasyPlayer(random.Random(seed))))
    return match


@pytest.mark.parametrize("player", [0, 1])
def test_stats_equal_a_recount_from_the_events(player: int) -> None:
    matches = [played(seed, games=1 + seed % 3) for seed in range(6)]
    stats = match_stats(matches, player)
    sums = {role: [0, 0, 0, 0] for role in ROLES}  # deals, pegged, hand, crib
    wins = skunks = taken = 0
    for match in matches:
        for result in match.results:
            wins += result.winner == player
            skunks += result.winner == player and result.skunk > 0
            taken += result.winner != player and result.skunk > 0
        for game in match.played:
            for deal in game.deals:
                counts = [e for e in deal.events if isinstance(e, Counted)]
                if len(counts) < 3:
                    continue
                row = sums["dealer" if deal.dealer == player else "pone"]
                row[0] += 1
                row[1] += sum(
                    e.points
                    for e in deal.events
                    if isinstance(e, Laid | GoPoint) and e.player == player
                )
                row[2] += sum(e.points for e in counts if e.player == player and e.label == "hand")
                row[3] += sum(e.points for e in counts if e.player == player and e.label == "crib")
    assert stats.matches == 6 and stats.games == sum(len(m.results) for m in matches)
    assert stats.wins == wins and stats.wins + stats.losses == stats.games
    assert stats.skunks_given + stats.double_skunks_given == skunks
    assert stats.skunks_taken + stats.double_skunks_taken == taken
    for role in ROLES:
        deals, pegged, hand, crib = sums[role]
        totals = stats.roles[role]
        assert totals.deals == deals > 0
        assert totals.mean("pegged") == Fraction(pegged, deals)
        assert totals.mean("hand") == Fraction(hand, deals)
        assert totals.mean("crib") == Fraction(crib, deals)
    assert stats.roles["pone"].crib == 0


def test_no_matches_no_averages() -> None:
    stats = match_stats([])
    assert stats.games == 0 and stats.roles["dealer"].mean("hand") is None
