"""The match's and the drill's review: each seat's every decision graded as the coaches
grade it, checked against the coaches' public functions called here, not the grader.

The play coach's advice is worked out once per position and shared (tests/ui/shared_work.py):
the grader and the checks here ask it of the same positions, game after game. A grader that
asked it of another position, or with another ``searched_lead``, asks another question and
is answered afresh.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from solitaire.core.review import CHANCE, POINTS, Decision, GameReview, Grade, review_from_json
from solitaire.core.rounding import to_hundredths
from solitaire.core.scoring import score_hand
from solitaire.core.untrusted import RecordError
from solitaire.match import coach
from solitaire.match.coach import decisions
from solitaire.match.decide.hidden import Hidden
from solitaire.match.decide.lead import is_opening_lead, lead_values
from solitaire.match.discard_coach import advise_discard, discard_cost, shown_parts
from solitaire.match.drill import Drill, drill_record
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Claim, Discard, Lay, Match, Observation, Phase
from solitaire.match.grading import (
    KINDS,
    Position,
    grade,
    match_moments,
    review_drill,
    review_match,
)
from solitaire.match.players import Player, StandardPlayer, advance, own_count
from solitaire.match.record import load_match_record, replay_match
from tests.ui.shared_work import share_advice


def played(seed: int, players: Sequence[Player], names: Sequence[str], games: int = 1) -> Any:
    match = Match(seed, games=games)
    advance(match, players)
    return match.record(names)


@pytest.fixture(scope="module")
def seed3() -> dict[str, Any]:
    """As ``cribsol match --auto expert --vs standard --seed 3 --json`` writes it."""
    return played(3, (ExpertPlayer(), StandardPlayer()), ("expert", "standard"))  # type: ignore[no-any-return]


@pytest.fixture(autouse=True)
def shared(monkeypatch: pytest.MonkeyPatch) -> None:
    """The play coach's advice shared by position (the module's docstring)."""
    share_advice(monkeypatch)


@pytest.fixture(scope="module")
def reviewed3(seed3: dict[str, Any]) -> GameReview:
    with pytest.MonkeyPatch.context() as monkeypatch:
        share_advice(monkeypatch)
        return review_match(seed3)


def coach_costs(
    match: Match, seat: int, first: int = 1
) -> Iterator[tuple[Observation, object, float, bool]]:
    """Each decision of ``seat`` (from game ``first`` on) with its cost as the coaches'
    public functions give it: (the view, the choice, the cost, near the end)."""
    for game in range(first, len(match.played) + 1):
        for view, action in decisions(match, seat, game):
            if isinstance(action, Discard):
                cost = discard_cost(advise_discard(view), action.cards)
                if cost.chance is not None:
                    yield view, action, cost.chance, True
                else:  # the totals as the coach shows them (cost_note's number)
                    shown = shown_parts(cost.best)[3] - shown_parts(cost.chosen)[3]
                    assert abs(shown / 100 - cost.points) < 0.01
                    yield view, action, shown / 100, False
            elif isinstance(action, Lay):
                if len({a.card.rank for a in view.legal if isinstance(a, Lay)}) < 2:
                    continue
                advice = coach.advise_play(view)
                best, mine = advice[0], next(a for a in advice if a.card == action.card)
                if best.chance is not None and mine.chance is not None:
                    yield view, action, best.chance - mine.chance, True
                else:  # the values as the coach shows them (play_note's number)
                    shown = to_hundredths(best.net) - to_hundredths(mine.net)
                    yield view, action, shown / 100, False


def test_expert_loses_nothing_and_standard_loses_some(reviewed3: GameReview) -> None:
    expert, standard = reviewed3.seats
    assert (expert.name, standard.name) == ("expert", "standard")
    assert expert.decisions and standard.decisions
    assert expert.lost == 0.0 and expert.lost_chance == 0.0 and expert.accuracy == 1.0
    assert standard.lost > 0 and standard.accuracy < 1.0
    assert {d.kind for d in reviewed3.decisions()} <= set(KINDS)


def test_each_cost_is_the_coachs_and_the_loss_their_sum(
    seed3: dict[str, Any], reviewed3: GameReview
) -> None:
    match = replay_match(seed3)
    for seat in reviewed3.seats:
        expected = list(coach_costs(match, seat.seat))
        assert len(seat.decisions) == len(expected)
        for decision, (view, action, cost, near_end) in zip(seat.decisions, expected, strict=True):
            assert decision.cost == cost
            assert decision.scale is (CHANCE if near_end else POINTS)
            chosen = action.cards if isinstance(action, Discard) else (action.card,)  # type: ignore[attr-defined]
            assert decision.chosen == " ".join(map(str, chosen))
            role = "dealer" if view.is_dealer else "pone"
            if isinstance(action, Discard):
                assert decision.kind == f"discard as {role}"
            else:
                assert decision.kind == ("reply" if view.series else "lead")
        assert seat.lost == math.fsum(d.cost for d in seat.decisions if d.scale is POINTS)
        assert seat.lost_chance == math.fsum(d.cost for d in seat.decisions if d.scale is CHANCE)
        assert seat.deals == len(match.played[0].deals)


def test_a_review_is_the_same_read_back(reviewed3: GameReview) -> None:
    assert review_from_json(reviewed3.to_json()) == reviewed3


def says_its_cost(decision: Decision) -> None:
    """The cost beside a decision is the number the coach's why says (when it says one)."""
    if decision.scale is POINTS and " cost " in f" {decision.why}":
        assert f"cost {decision.cost:.2f} points" in decision.why, decision
    if decision.scale is CHANCE and " of your chance" in decision.why:
        assert f"cost {decision.cost:.1%} of your chance" in decision.why, decision


def test_the_best_is_the_coachs_first_and_the_why_its_words(reviewed3: GameReview) -> None:
    assert sum(" cost " in d.why for d in reviewed3.decisions()) >= 3
    for decision in reviewed3.decisions():
        says_its_cost(decision)
        assert decision.why and decision.why[0].isupper()
        if decision.grade is Grade.BEST and decision.cost == 0:
            continue
        assert decision.chosen != decision.best
        assert decision.best.split()[0] in decision.why or "best" in decision.why


@pytest.mark.parametrize("seed", [2, 4, 5, 6])
def test_expert_s_opening_lead_from_its_table_is_the_coach_s_best(seed: int) -> None:
    """At pone's opening lead ``expert`` reads the lead table (the open model's values) and
    the coach values the cards the same way, so these seeds, where the honest model's
    search would lead otherwise, cost ``expert`` nothing; the drill's coach values the lead
    as the drill's ``expert`` searches it (``searched_lead``), and that costs nothing too."""
    data = played(seed, (ExpertPlayer(), StandardPlayer()), ("expert", "standard"))
    match = replay_match(data)
    leads = [
        moment.position.view
        for moment in match_moments(match)
        if moment.position.seat == 0 and is_opening_lead(moment.position.view)
    ]
    advised = [coach.advise_play(view) for view in leads]  # (each lead searched once, used twice)
    searched = {str(coach.advise_play(view, searched_lead=True)[0].card) for view in leads} - {
        str(advice[0].card) for advice in advised
    }
    assert searched  # the honest search leads otherwise here: else the test proves nothing
    for view, advice in zip(leads, advised, strict=True):
        table = lead_values(view, Hidden(view))
        assert {a.card: a.net for a in advice} == table
    expert = review_match(data).seats[0]
    assert expert.lost == 0.0 and expert.lost_chance == 0.0 and expert.accuracy == 1.0
    drill_like = played(
        seed, (ExpertPlayer(searched_lead=True), StandardPlayer()), ("expert", "standard")
    )
    again = [
        grade(replace(moment.position, searched_lead=True), moment.choice)
        for moment in match_moments(replay_match(drill_like))
        if moment.position.seat == 0
    ]
    assert all(d.cost == 0 for d in again)


class Miscounter:
    """``standard``, but counting its own hand 2 short whenever it makes 4 or more."""

    name = "miscounter"

    def choose(self, view: Observation) -> Any:
        if view.phase is Phase.SHOW:
            true = own_count(view).points
            return Claim(true - 2 if true >= 4 else true)
        return StandardPlayer().choose(view)


@pytest.mark.parametrize("muggins", [True, False])
def test_a_count_costs_the_points_missed(muggins: bool) -> None:
    match = Match(5, counting=(0,), muggins=muggins)
    advance(match, (Miscounter(), StandardPlayer()))
    review = review_match(match.record(("miscounter", "standard")))
    counts = [d for d in review.seats[0].decisions if d.kind == "count"]
    shown = [c for game in match.played for deal in game.deals for c in deal.show if c.player == 0]
    assert len(counts) == len(shown) and any(d.cost == 2 for d in counts)
    for decision, counted in zip(counts, shown, strict=True):
        assert counted.claimed is not None
        assert decision.cost == max(0, counted.score.total - counted.claimed)
        assert decision.chosen == str(counted.claimed)
        assert decision.best == str(counted.score.total)
        if decision.cost:
            said = "taken by muggins" if muggins else "pegged all the same"
            assert said in decision.why and decision.grade is Grade.BLUNDER
    assert not any(d.kind == "count" for d in review.seats[1].decisions)


def test_grade_takes_a_position_made_by_hand() -> None:
    """What practice will do: a position dealt again, an answer graded as in a review."""
    match = Match.from_cards(0, ["5H 5C 5S JD 4C 9S", "AH 3C 4D 6S 8H KC"], "QD")
    view = match.observation(1)
    position = Position(0, 1, 1, "discard as pone", "deal 1, discard", view)
    advice = advise_discard(view)
    for option in advice:
        decision = grade(position, Discard(option.discard))
        cost = discard_cost(advice, option.discard)
        assert decision.cost == (shown_parts(cost.best)[3] - shown_parts(cost.chosen)[3]) / 100
        if not cost.is_best:
            assert decision.best == " ".join(map(str, advice[0].discard))
            assert f"cost {decision.cost:.2f} points" in decision.why
    assert grade(position, Discard(advice[0].discard)).cost == 0.0
    with pytest.raises(ValueError, match="not a decision"):
        from solitaire.match.game import GO

        grade(position, GO)


def test_an_unfinished_match_is_refused() -> None:
    match = Match(3)
    players: list[Player | None] = [StandardPlayer(), StandardPlayer()]
    for _ in range(20):
        seat = match.current_player
        assert seat is not None
        match.apply(players[seat].choose(match.observation(seat)), player=seat)  # type: ignore[union-attr]
    with pytest.raises(RecordError, match="not finished"):
        review_match(match.record(("standard", "standard")))


def test_a_series_counts_its_deals_through() -> None:
    data = played(8, (StandardPlayer(), StandardPlayer()), ("standard", "standard"), games=2)
    review = review_match(data)
    match = replay_match(data)
    total = sum(len(game.deals) for game in match.played)
    assert review.seats[0].deals == total
    assert max(d.deal for d in review.decisions()) == total
    assert review.decisions()[-1].where.startswith(f"game {len(match.played)}, deal ")
    last = len(match.played)  # its last game, seat 0 (the rest is checked on seed 3)
    mine = [d for d in review.seats[0].decisions if d.where.startswith(f"game {last}, ")]
    assert [d.cost for d in mine] == [cost for *_, cost, _ in coach_costs(match, 0, last)]


def play_drill(seed: int, hands: int, opponent: str) -> Drill:
    drill = Drill(seed, hands=hands, opponent=opponent)
    while not drill.is_over:
        if drill.hand_over:
            drill.next_hand()
            continue
        fits = drill.playable()
        drill.lay(fits[-1])  # the last card that fits: often not the best
    return drill


@pytest.mark.parametrize(("seed", "opponent"), [(3, "expert"), (8, "standard")])
def test_a_drill_is_graded_as_the_drill_grades_it(seed: int, opponent: str) -> None:
    drill = play_drill(seed, 3, opponent)
    record = drill_record(drill)
    review = review_drill(load_match_record_json(record))
    you, them = review.seats
    assert (you.name, them.name, you.deals) == ("you", opponent, 3)
    # your cards: the drill's own grades, card by card (the search's exact loss, which the
    # coach writes as the difference of the two values it shows)
    assert len(you.decisions) == len(drill.grades)
    for decision, graded in zip(you.decisions, drill.grades, strict=True):
        assert (decision.chosen, decision.deal) == (str(graded.card), graded.hand)
        assert abs(decision.cost - float(graded.loss)) < 0.01
        assert (decision.cost == 0) == (graded.loss == 0) or graded.loss < Fraction(1, 100)
    assert you.lost > 0
    for decision in review.decisions():
        says_its_cost(decision)
    assert {d.kind for d in review.decisions()} <= {"lead", "reply"}
    if opponent == "expert":  # the drill's expert searches its lead, as the coach does
        assert them.lost == 0.0 and them.accuracy == 1.0
    # both seats': the coach's numbers, the hands replayed here card by card
    costs: list[list[float]] = [[], []]
    for match in drill.matches:
        deal = match.deals[0]
        fresh = Match.from_cards(deal.dealer, deal.hands, deal.starter)
        for seat in (deal.pone, deal.dealer):
            thrown = deal.discards[seat]
            assert thrown is not None
            fresh.apply(Discard(thrown), player=seat)
        for seat, laid in deal.plays:
            view = fresh.observation(seat)
            ranks = {a.card.rank for a in view.legal if isinstance(a, Lay)}
            if isinstance(laid, Lay) and len(ranks) > 1:
                advice = coach.advise_play(view)
                mine = next(a for a in advice if a.card == laid.card)
                shown = to_hundredths(advice[0].net) - to_hundredths(mine.net)
                costs[seat].append(shown / 100)
            fresh.apply(laid, player=seat)
    assert [[d.cost for d in seat.decisions] for seat in review.seats] == costs
    for reviewed in review.seats:
        assert reviewed.lost == math.fsum(costs[reviewed.seat])


def load_match_record_json(record: dict[str, Any]) -> dict[str, Any]:
    """A record as it is read from a file."""
    import json

    return load_match_record(json.dumps(record))


def test_an_unfinished_drill_is_refused() -> None:
    drill = Drill(3, hands=2, opponent="standard")
    drill.lay(drill.playable()[0])
    with pytest.raises(RecordError, match="not finished"):
        review_drill(drill_record(drill))


def test_the_count_why_names_the_groups() -> None:
    match = Match.from_cards(1, ["5H 5C 5S JD 4C 9S", "AH 3C 4D 6S 8H KC"], "QD", counting=(0,))
    hand = match.deal.hands[0][:4]
    view = replace(match.observation(0), counting=hand, starter=match.deal.starter)
    position = Position(0, 0, 1, "count", "deal 1, the hand", view, muggins=True)
    true = score_hand(hand, match.deal.starter).total
    decision = grade(position, Claim(true - 2))
    assert (decision.cost, decision.chosen, decision.best) == (2.0, str(true - 2), str(true))
    assert "(fifteen two), taken by muggins" in decision.why
    assert grade(position, Claim(true)).cost == grade(position, Claim(true + 2)).cost == 0.0
