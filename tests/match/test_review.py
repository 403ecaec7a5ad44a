"""A deal told card by card: every number checked against the engine by another path."""

from __future__ import annotations

import random
import re
from itertools import pairwise

import pytest

from solitaire.match.coach import decisions
from solitaire.match.discard_coach import advise_discard, shown_parts
from solitaire.match.game import Discard, GoPoint, Laid, Match, Phase
from solitaire.match.players import EasyPlayer, StandardPlayer, advance
from solitaire.match.registry import make_player
from solitaire.match.review import deal_numbers, review_deal

SEEDS = (1, 4, 9, 12)


def played(seed: int, games: int = 1) -> Match:
    match = Match(seed, games=games)
    advance(match, (StandardPlayer(), EasyPlayer(random.Random(seed))))
    return match


@pytest.mark.parametrize("seed", SEEDS)
def test_every_deal_adds_up_to_the_engine(seed: int) -> None:
    match = played(seed, games=2)
    scores = {1: (0, 0), 2: (0, 0)}
    for game, number in deal_numbers(match):
        deal = match.played[game - 1].deals[number - 1]
        told = review_deal(match, game, number)
        assert told.complete and told.before == scores[game]
        pegged = [0, 0]
        for line in told.play:
            pegged[line.player] += line.points
            # each reason says its points: "15 for 2", "run of 3 for 3"; they add up
            said = sum(int(m) for m in re.findall(r"for (\d+)", ", ".join(line.why)))
            assert said == line.points
        assert tuple(pegged) == told.pegged == tuple(deal.pegged)
        laid = [line.card for line in told.play if line.card is not None]
        assert laid == [card for _, card in deal.laid]
        points = sum(e.points for e in deal.events if isinstance(e, Laid | GoPoint))
        assert points == sum(line.points for line in told.play)
        assert [s.points for s in told.show] == [c.score.total for c in deal.show]
        assert told.after == deal.scores
        assert told.heels == deal.heels and told.starter == deal.starter
        scores[game] = told.after
    for game, result in enumerate(match.results, 1):
        last = review_deal(match, game, len(match.played[game - 1].deals))
        assert last.result == result and last.ended_how().startswith("121 reached")


def test_a_go_said_before_its_own_point_is_told_once() -> None:
    """The player who says go and then takes the go says only "one for the go"."""
    seen_point = False
    for seed in SEEDS:
        match = played(seed)
        for game, number in deal_numbers(match):
            lines = review_deal(match, game, number).play
            for before, after in pairwise(lines):
                if after.card is None and after.points:
                    seen_point = True
                    assert not (before.card is None and before.player == after.player)
                    assert after.call in ("one for the go", "one for last") and after.restart
    assert seen_point


@pytest.mark.parametrize("seed", SEEDS)
def test_the_verdict_is_the_discard_coach_s_at_each_discard(seed: int) -> None:
    """The replay's verdict is the discard coach's table at that moment, so the replay, the
    coach on screen and the review after a game give one set of numbers."""
    match = Match(seed)
    advance(match, (make_player("expert", random.Random(seed)), EasyPlayer(random.Random(seed))))
    for player in (0, 1):
        for view, action in decisions(match, player, 1):
            if not isinstance(action, Discard) or view.phase is not Phase.DISCARD:
                continue
            told = review_deal(match, 1, view.deal_number, coached=(player,)).verdicts[player]
            assert told is not None and set(told.chosen) == set(action.cards)
            assert list(told.advice) == advise_discard(view)
            assert told.cost.chosen.discard == told.chosen or set(told.cost.chosen.discard) == set(
                action.cards
            )
            if player == 0:  # expert plays seat 0: its discard is the coach's best
                assert told.cost.is_best and set(told.best) == set(action.cards)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_verdict_s_parts_add_up_to_its_cost(seed: int) -> None:
    match = played(seed)
    for game, number in deal_numbers(match):
        for verdict in review_deal(match, game, number, coached=(0, 1)).verdicts:
            assert verdict is not None
            cost = verdict.cost
            mine, best = shown_parts(cost.chosen), shown_parts(cost.best)
            assert sum(best[:3]) - sum(mine[:3]) == best[3] - mine[3]
            assert abs(cost.points - float(cost.hand + cost.crib) - cost.play) < 1e-9
            assert cost.is_best or cost.points > 0 or cost.chance is not None


def test_a_deal_in_progress_is_told_as_its_viewer_saw_it() -> None:
    match = Match(3)
    players = (StandardPlayer(), StandardPlayer())
    while len(match.deals) < 2 or not match.deal.laid:
        seat = match.current_player
        assert seat is not None
        match.apply(players[seat].choose(match.observation(seat)), player=seat)
    told = review_deal(match, 1, 2, coached=(0, 1), viewer=0)
    assert not told.complete and told.hands[1] is None and told.discards[1] is None
    assert told.verdicts[1] is None and told.verdicts[0] is not None
    assert told.hands[0] == match.deal.hands[0]
    full = review_deal(match, 1, 2)
    assert full.hands[1] == match.deal.hands[1]
    assert review_deal(match, 1, 1, viewer=0).complete  # the deal before is over
    with pytest.raises(IndexError):
        review_deal(match, 1, 3)
