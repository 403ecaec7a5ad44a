"""The pegging drill's engine: seeded hands, grades equal to the search's, records replayed."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from solitaire.core.untrusted import RecordError
from solitaire.match.decide.values import play_values
from solitaire.match.drill import (
    Drill,
    DrillTally,
    drill_record,
    drill_tally,
    replay_drill,
)
from solitaire.match.game import IllegalMoveError, Lay, Match, deal_deck
from solitaire.match.players import discard_values

OPPONENT = "standard"


def play_through(drill: Drill, pick: int = 0) -> list[tuple[Fraction, Fraction]]:
    """Lay the card at ``pick`` among those that fit, every time; returns (loss, recount)."""
    checked = []
    while not drill.is_over:
        if drill.hand_over:
            drill.next_hand()
            continue
        fits = drill.playable()
        card = fits[min(pick, len(fits) - 1)]
        choice = len({fit.rank for fit in fits}) > 1  # cards of one rank are no choice
        values = play_values(drill.observation()) if choice else {}
        grade = drill.lay(card)
        if choice:
            assert grade is not None
            checked.append((grade.loss, max(values.values()) - values[card]))
            assert values[grade.best] == max(values.values())
        else:
            assert grade is None
    return checked


def test_hands_come_from_the_seed_and_the_deal_alternates() -> None:
    drill = Drill(7, hands=2, opponent=OPPONENT)
    for number in (1, 2):
        deck = deal_deck(7, 0, number)
        deal = drill.match.deals[0]
        dealer = 1 if number == 1 else 0
        assert drill.dealer == deal.dealer == dealer
        assert deal.hands[1 - dealer] == deck[0:12:2] and deal.hands[dealer] == deck[1:12:2]
        assert deal.starter == deck[12]
        # Your discard is standard's best: the exact expected hand plus or minus the crib.
        fresh = Match.from_cards(dealer, deal.hands, deal.starter)
        values = discard_values(fresh.observation(0))
        assert deal.discards[0] == max(values, key=lambda pair: (values[pair], pair))
        while not drill.hand_over:
            drill.lay(drill.playable()[0])
        if number == 1:
            drill.next_hand()


@pytest.mark.parametrize("pick", [0, 3])
def test_every_grade_is_the_searchs_loss(pick: int) -> None:
    drill = Drill(11, hands=3, opponent=OPPONENT)
    checked = play_through(drill, pick)
    assert checked and all(loss == recount for loss, recount in checked)
    assert drill.mean_loss == sum(loss for loss, _ in checked) / len(checked)
    assert drill.best_share == Fraction(sum(loss == 0 for loss, _ in checked), len(checked))


def test_a_card_that_cannot_be_laid_is_refused_and_changes_nothing() -> None:
    drill = Drill(5, hands=1, opponent=OPPONENT)
    before = json.dumps(drill_record(drill))
    held = set(drill.match.held(0))
    stranger = next(c for c in drill.match.held(1) if c not in held)
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        drill.lay(stranger)
    assert json.dumps(drill_record(drill)) == before
    assert not drill.match.can(Lay(stranger), player=0)


def test_a_record_replays_and_regrades_exactly() -> None:
    drill = Drill(21, hands=3, opponent=OPPONENT)
    play_through(drill, 1)
    record = json.loads(json.dumps(drill_record(drill)))
    again = replay_drill(record)
    assert again.grades == drill.grades and again.pegged == drill.pegged and again.is_over


@pytest.mark.parametrize(
    "tamper, message",
    [
        (lambda r: r["grades"][0][0].update(loss="0"), "hand 1: field 'grades'"),
        (lambda r: r["pegged"][1].__setitem__(0, 30), "hand 2: field 'pegged'"),
        (lambda r: r.update(finished=False), "field 'finished'"),
        (lambda r: r["played"][0].__setitem__(0, "ZZ"), "hand 1: field 'played' item 1"),
        (lambda r: r["played"][1].reverse(), "hand 2: field '(played|grades)'"),
        (lambda r: r.update(opponent="psychic"), "field 'opponent'"),
        (lambda r: r.update(extra=1), "unexpected field 'extra'"),
    ],
)
def test_a_tampered_record_is_refused_by_hand_and_field(
    tamper: Callable[[dict[str, Any]], object], message: str
) -> None:
    drill = Drill(21, hands=2, opponent=OPPONENT)
    play_through(drill, 2)
    record = json.loads(json.dumps(drill_record(drill)))
    tamper(record)
    with pytest.raises(RecordError, match=message):
        replay_drill(record)


def test_an_unfinished_drill_replays_only_when_allowed() -> None:
    drill = Drill(3, hands=2, opponent=OPPONENT)
    drill.lay(drill.playable()[0])
    record = drill_record(drill)
    with pytest.raises(RecordError, match="not finished"):
        replay_drill(record)
    assert replay_drill(record, allow_unfinished=True).grades == drill.grades


def test_the_tally_counts_the_records_grades() -> None:
    drill = Drill(9, hands=2, opponent=OPPONENT)
    play_through(drill, 3)
    tally = drill_tally(drill_record(drill))
    assert tally == DrillTally(
        1,
        2,
        len(drill.grades),
        sum(g.is_best for g in drill.grades),
        Fraction(sum(g.loss for g in drill.grades)),
    )
    record = drill_record(drill)
    record["grades"][0][0]["loss"] = "1e9"
    with pytest.raises(RecordError, match="grade 1: field 'loss'"):
        drill_tally(record)


def test_resuming_takes_the_recorded_grades_and_still_checks_the_cards() -> None:
    drill = Drill(23, hands=2, opponent=OPPONENT)
    play_through(drill, 3)
    record = json.loads(json.dumps(drill_record(drill)))
    assert replay_drill(record, regrade=False).grades == drill.grades
    bad = json.loads(json.dumps(record))
    first = bad["grades"][0][0]
    first["best"] = first["card"]  # a best card must lose nothing
    first["loss"] = "1"
    with pytest.raises(RecordError, match="hand 1: field 'grades'"):
        replay_drill(bad, regrade=False)
    bad = json.loads(json.dumps(record))
    bad["pegged"][0][1] += 1
    with pytest.raises(RecordError, match="hand 1: field 'pegged'"):
        replay_drill(bad, regrade=False)


def test_cards_of_one_rank_are_no_choice_to_grade() -> None:
    """Seed 0's fourth hand holds 3♥ 3♠ 3♦ when nothing else fits: laying any is the same."""
    drill = Drill(0, hands=8, opponent=OPPONENT)
    same_rank = 0
    while not drill.is_over:
        if drill.hand_over:
            drill.next_hand()
            continue
        fits = drill.playable()
        one_rank = len(fits) > 1 and len({card.rank for card in fits}) == 1
        assert drill.choosing() is (len({card.rank for card in fits}) > 1)
        graded = len(drill.grades)
        drill.lay(fits[0])
        if one_rank:
            same_rank += 1
            assert len(drill.grades) == graded
    assert same_rank >= 1
    record = drill_record(drill)
    assert replay_drill(record).grades == drill.grades


def test_a_record_that_graded_one_rank_still_replays() -> None:
    """Records written before: a grade of a one-rank "choice" (loss 0) is left out, not refused;
    one that says such a card lost points is refused."""
    drill = Drill(0, hands=4, opponent=OPPONENT)
    old: list[tuple[int, int, str]] = []  # (hand, grades before it, the card)
    while not drill.is_over:
        if drill.hand_over:
            drill.next_hand()
            continue
        fits = drill.playable()
        if len(fits) > 1 and len({card.rank for card in fits}) == 1:
            before = sum(1 for g in drill.grades if g.hand == drill.number)
            old.append((drill.number, before, str(fits[0])))
        drill.lay(fits[0])
    assert old
    record = drill_record(drill)
    for extra, (hand, before, card) in enumerate(old):
        earlier = sum(1 for h, _, _ in old[:extra] if h == hand)  # inserted before it
        grade = {"card": card, "best": card, "loss": "0"}
        record["grades"][hand - 1].insert(before + earlier, grade)
    for regrade in (True, False):
        again = replay_drill(json.loads(json.dumps(record)), regrade=regrade)
        assert again.grades == drill.grades
    hand, before, card = old[0]
    record["grades"][hand - 1][before]["loss"] = "1/2"  # the first inserted
    with pytest.raises(RecordError, match="is not what the drill gives"):
        replay_drill(record)


@pytest.mark.parametrize("name", ["expert-first", "expert-third"])
def test_a_record_written_before_the_honest_model_replays_with_the_open_one(name: str) -> None:
    """Drills against ``expert`` written by the release before the honest model (no
    ``model`` field): its answers and grades were the open model's, and replay so; read as
    the honest model's, the same cards are refused."""
    path = Path(__file__).parent.parent / "fixtures" / "drill" / f"{name}-before-honest.json"
    record = json.loads(path.read_text())
    assert "model" not in record
    for regrade in (True, False):
        drill = replay_drill(record, regrade=regrade)
        assert drill.model == "open" and drill_record(drill)["model"] == "open"
    with pytest.raises(RecordError, match="hand 1"):
        replay_drill({**record, "model": "honest"})


def test_a_record_whose_expert_searched_its_lead_replays() -> None:
    """A drill against ``expert`` written before the match's expert read pone's opening lead
    from the lead table: on hand 2 (seed 2) the expert leads, and the table would lead
    another card; the drill's expert still searches its lead, so the record replays."""
    path = Path(__file__).parent.parent / "fixtures" / "drill" / "expert-honest-searched-lead.json"
    record = json.loads(path.read_text())
    assert record["model"] == "honest" and record["seed"] == "2"
    for regrade in (True, False):
        drill = replay_drill(record, regrade=regrade)
        assert drill_record(drill) == record


def test_a_new_record_names_its_model_and_replays() -> None:
    drill = Drill(7, hands=2, opponent="expert")
    assert play_through(drill)
    record = json.loads(json.dumps(drill_record(drill)))
    assert record["model"] == "honest"
    assert replay_drill(record).grades == drill.grades
    with pytest.raises(RecordError, match="field 'model' is not a model"):
        replay_drill({**record, "model": "peeking"})


@pytest.mark.parametrize("seed", [3, 11, 2026])
def test_a_deferred_drill_plays_and_records_as_one_made_at_once(seed: int) -> None:
    """``deferred`` holds the opponent's first discard back until a card is laid (or settle):
    the hands, the opponent's answers, the grades and the record are the same."""
    at_once = Drill(seed, hands=3, opponent="expert")
    deferred = Drill(seed, hands=3, opponent="expert", deferred=True)
    assert deferred.waiting and not at_once.waiting
    assert deferred.match.deals[0].discards[1] is None  # not made yet
    assert deferred.match.deals[0].kept(0) == at_once.match.deals[0].kept(0)
    assert deferred.playable() == [] and not deferred.choosing()  # not your turn yet
    first = at_once.playable()[-1]
    deferred.lay(first)  # settles, then lays
    at_once.lay(first)
    assert not deferred.waiting
    play_through(at_once, 1)
    play_through(deferred, 1)
    assert drill_record(deferred) == drill_record(at_once)
    assert drill_record(replay_drill(drill_record(deferred))) == drill_record(deferred)


def test_settle_makes_the_held_discard_as_the_drill_made_at_once() -> None:
    at_once = Drill(5, hands=1, opponent="expert")
    deferred = Drill(5, hands=1, opponent="expert", deferred=True)
    deferred.settle()
    assert not deferred.waiting
    assert deferred.match.deals[0].discards == at_once.match.deals[0].discards
    assert deferred.match.log == at_once.match.log
    assert deferred.playable() == at_once.playable()
    deferred.settle()  # nothing more to do
    assert deferred.match.log == at_once.match.log
