"""Counting your own hand and muggins: claims corrected or taken, recorded and replayed."""

from __future__ import annotations

import copy
import random
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.scoring import crib_points, hand_points, score_hand, score_total
from solitaire.core.untrusted import RecordError
from solitaire.match.game import (
    IMPOSSIBLE_COUNTS,
    MAX_HAND_COUNT,
    Claim,
    Counted,
    Event,
    GameOver,
    IllegalMoveError,
    Lay,
    Match,
    Muggins,
    Phase,
    missed_groups,
)
from solitaire.match.players import EasyPlayer, StandardPlayer, own_count
from solitaire.match.record import match_record, replay_match

NAMES = ("you", "standard")
POSSIBLE = [n for n in range(MAX_HAND_COUNT + 1) if n not in IMPOSSIBLE_COUNTS]


def test_the_impossible_counts_are_those_no_hand_or_crib_makes() -> None:
    """Every hand and crib with every starter (the starter's suit fixed: suits are symmetric)."""
    made: dict[bool, set[int]] = {False: set(), True: set()}
    for starter in range(0, 52, 4):  # card ints: rank * 4 + suit; one suit stands for all
        others = [c for c in range(52) if c != starter]
        for a, b, c, d in combinations(others, 4):
            made[False].add(hand_points(a, b, c, d, starter))
            made[True].add(crib_points(a, b, c, d, starter))
    for crib in (False, True):
        assert set(range(MAX_HAND_COUNT + 1)) - made[crib] == IMPOSSIBLE_COUNTS
        assert max(made[crib]) == MAX_HAND_COUNT


def claims_match(seed: int, muggins: bool, claims: random.Random) -> tuple[Match, list[Event]]:
    """Seat 0 plays at random and counts itself, claiming anything possible; seat 1 is standard."""
    match = Match(seed, counting=(0,), muggins=muggins)
    easy = EasyPlayer(random.Random(seed))
    events: list[Event] = list(match.timeline)
    while match.current_player is not None:
        seat = match.current_player
        if seat == 1:
            action = StandardPlayer().choose(match.observation(1))
        elif match.phase is Phase.SHOW:
            true = own_count(match.observation(0)).points
            action = Claim(claims.choice([true, true, *POSSIBLE]))
        else:
            action = easy.choose(match.observation(0))
        events += match.apply(action, player=seat)
    return match, events


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**9), muggins=st.booleans(), claims=st.randoms())
def test_each_claim_pegs_as_the_rules_say(seed: int, muggins: bool, claims: random.Random) -> None:
    match, events = claims_match(seed, muggins, claims)
    assert events == match.timeline
    scores = (0, 0)
    for event in events:
        if isinstance(event, Counted):
            deal = next(d for g in match.played for d in g.deals if event in d.show)
            cards = deal.crib if event.label == "crib" else deal.kept(event.player)
            total = score_total(cards, deal.starter, crib=event.label == "crib")
            assert event.score.total == total
            assert (event.claimed is not None) == (event.player == 0)
            claim = total if event.claimed is None else event.claimed
            taken = total - claim if muggins and claim < total else 0
            expected = list(scores)
            expected[event.player] = min(121, scores[event.player] + total - taken)
            assert event.scores == tuple(expected) and event.taken == taken
        elif isinstance(event, Muggins):
            counted = event.counted
            assert muggins and event.player == 1 - counted.player == 1
            assert counted.claimed is not None and counted.claimed < counted.score.total
            assert event.points == counted.score.total - counted.claimed
            expected = list(scores)
            expected[event.player] = min(121, scores[event.player] + event.points)
            assert event.scores == tuple(expected)
        scores = event.scores if not isinstance(event, GameOver) else (0, 0)
    record = match_record(match, NAMES)
    assert match_record(replay_match(record), NAMES) == record


def to_show(match: Match) -> Match:
    """Both seats play as standard until the show waits for a claim (or the game ends)."""
    while match.current_player is not None and match.phase is not Phase.SHOW:
        seat = match.current_player
        match.apply(StandardPlayer().choose(match.observation(seat)), player=seat)
    return match


def at_show(muggins: bool = True, scores: tuple[int, int] = (0, 0)) -> Match:
    """You deal (so pone, the computer, counts first) and count yourself; the play is done."""
    match = Match.from_cards(
        0,
        ["5H 5C JS 4D 9C KD", "2C 3C 7D 8S QH AD"],
        "5D",
        scores=scores,
        counting=(0,),
        muggins=muggins,
    )
    return to_show(match)


def test_the_show_waits_for_your_count_and_refuses_impossible_counts() -> None:
    match = at_show()
    assert match.phase is Phase.SHOW and match.current_player == 0
    assert match.showing == (0, "hand") and len(match.deal.show) == 1  # pone counted
    assert Claim(19) not in match.legal_actions() and Claim(29) in match.legal_actions()
    before = match_record(match, NAMES)
    for bad, words in [
        (19, "not a possible count: no hand or crib makes 19, 25, 26, 27"),
        (25, "no hand or crib makes"),
        (30, "makes 0 to 29"),
        (99, "makes 0 to 29"),
        (-1, "makes 0 to 29"),
        (True, "expected a whole number"),
        (1.5, "expected a whole number"),
    ]:
        with pytest.raises(IllegalMoveError, match=words):
            match.apply(Claim(bad), player=0)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="the play is over: count your hand"):
        match.apply(Lay(match.deal.hands[0][0]), player=0)
    with pytest.raises(IllegalMoveError, match="not your turn"):
        match.apply(Claim(4), player=1)
    assert match_record(match, NAMES) == before
    fresh = Match(1, counting=(0,))
    with pytest.raises(IllegalMoveError, match="nothing to count yet"):
        fresh.apply(Claim(4), player=fresh.current_player or 0)


def test_an_undercount_with_muggins_gives_the_missed_points_away() -> None:
    match = at_show()
    hand = match.observation(0)
    true = own_count(hand).points
    before = match.scores[:]
    events = match.claim(0, true - 3)
    counted, taken = events[0], events[1]
    assert isinstance(counted, Counted) and isinstance(taken, Muggins)
    assert (counted.claimed, counted.taken, counted.points) == (true - 3, 3, true - 3)
    assert taken.player == 1 and taken.points == 3 and taken.counted == counted
    assert match.scores[0] == before[0] + true - 3
    assert taken.scores[1] == before[1] + 3


def test_without_muggins_an_undercount_still_pegs_the_true_count() -> None:
    match = at_show(muggins=False)
    true = own_count(match.observation(0)).points
    counted = match.claim(0, 0)[0]
    assert isinstance(counted, Counted) and counted.points == true and counted.claimed == 0
    assert counted.taken == 0


def test_an_overcount_is_corrected_to_the_true_count() -> None:
    match = at_show()
    true = own_count(match.observation(0)).points
    over = next(n for n in POSSIBLE if n > true)
    counted = match.claim(0, over)[0]
    assert isinstance(counted, Counted) and counted.points == true and counted.taken == 0
    assert counted.claimed == over


@pytest.mark.parametrize("muggins", [True, False])
def test_an_overcount_gives_the_opponent_nothing(muggins: bool) -> None:
    """The ACC's rules (docs/RULES-MATCH.md): muggins takes only points missed (Rule 10.2);
    an over-peg short of the game is corrected, and a correction is no penalty (8.4, 11.1 b)."""
    true = own_count(at_show(muggins).observation(0)).points
    for over in (n for n in POSSIBLE if n > true):
        match = at_show(muggins)
        before = match.scores[:]
        events = match.claim(0, over)
        assert not any(isinstance(event, Muggins) for event in events)
        counted = events[0]
        assert isinstance(counted, Counted) and counted.points == true == counted.score.total
        assert counted.scores == (before[0] + true, before[1])


def test_the_crib_is_claimed_too_and_the_deal_goes_on() -> None:
    match = at_show()
    match.claim(0, own_count(match.observation(0)).points)
    assert match.showing == (0, "crib") and match.observation(0).counting_crib
    crib = match.deal.crib
    assert match.observation(0).counting == crib
    assert match.observation(1).counting == ()  # only the one counting sees what it counts
    match.claim(0, score_total(crib, match.deal.starter, crib=True))
    assert match.phase is Phase.DISCARD and match.deal.number == 2


def test_muggins_can_win_the_game_and_your_count_wins_before_it() -> None:
    base = at_show()
    true = own_count(base.observation(0)).points
    you, them = base.scores  # what the play and pone's hand brought (no choice looks at scores)
    assert true > 1
    match = at_show(scores=(0, 121 - them - true))
    events = match.claim(0, 0)
    assert isinstance(events[-1], GameOver) and events[-1].result.winner == 1
    assert isinstance(events[-2], Muggins) and match.results[0].scores == (you, 121)
    short = max(n for n in POSSIBLE if n < true)
    mine = at_show(scores=(121 - you - short, 0))
    events = mine.claim(0, short)  # reaches 121 with the claim alone
    assert isinstance(events[-1], GameOver) and events[-1].result.winner == 0
    assert not any(isinstance(e, Muggins) for e in events)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="muggins needs a player who counts"):
        Match(1, muggins=True)
    with pytest.raises(ValueError, match="count themselves are 0 and 1"):
        Match(1, counting=(2,))


def recorded() -> dict[str, Any]:
    for seed in range(40):
        match, events = claims_match(seed, True, random.Random(seed))
        if any(isinstance(e, Muggins) for e in events):
            return match_record(match, NAMES)
    raise AssertionError("no muggins in 40 matches")


RECORD = recorded()


def claimed_entry(record: dict[str, Any]) -> tuple[int, int, dict[str, Any]]:
    for g, game in enumerate(record["played"]):
        for d, deal in enumerate(game["deals"]):
            for entry in deal["show"]:
                if "muggins" in entry:
                    return g, d, entry
    raise AssertionError("no muggins recorded")


def test_the_record_holds_the_claim_what_was_missed_and_who_took_it() -> None:
    assert RECORD["counting"] == [0] and RECORD["muggins"] is True
    _, _, entry = claimed_entry(RECORD)
    assert entry["player"] == 0 and entry["claimed"] < entry["points"]
    assert entry["muggins"] == {"player": 1, "points": entry["points"] - entry["claimed"]}
    assert match_record(replay_match(RECORD), NAMES) == RECORD


def tampered(change: Any) -> dict[str, Any]:
    record = copy.deepcopy(RECORD)
    change(record)
    return record


def _entry(record: dict[str, Any]) -> dict[str, Any]:
    return claimed_entry(record)[2]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: _entry(r).update(claimed=_entry(r)["claimed"] + 1), "field 'muggins'"),
        (lambda r: _entry(r).update(claimed=19), "field 'claimed': 19 is not a possible count"),
        (lambda r: _entry(r).update(claimed=30), "field 'claimed': expected 0 to 29"),
        (lambda r: _entry(r).update(claimed="4"), "field 'claimed': expected a whole number"),
        (lambda r: _entry(r).pop("claimed"), "missing field 'claimed'"),
        (lambda r: _entry(r)["muggins"].update(player=0), "field 'player'"),
        (lambda r: _entry(r).pop("muggins"), "missing field 'muggins'"),
        (lambda r: r.update(muggins=False), "unexpected field 'muggins'"),
        (lambda r: r.update(muggins=1), "field 'muggins': expected true or false"),
        (lambda r: r.update(counting=[1]), "field 'claimed'"),
        (lambda r: r.pop("counting"), "field 'counting'"),
    ],
)
def test_a_tampered_claim_is_refused_with_the_field_named(change: Any, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        replay_match(tampered(change))


def test_a_record_may_stop_while_the_show_waits_for_a_claim() -> None:
    match = to_show(Match(4, counting=(0,), muggins=True))
    assert match.phase is Phase.SHOW
    record = match_record(match, NAMES)
    again = replay_match(record, allow_unfinished=True)
    assert again.showing == match.showing and match_record(again, NAMES) == record
    with pytest.raises(RecordError, match="not finished"):
        replay_match(record)


@pytest.mark.parametrize(
    ("hand", "starter", "missed", "named"),
    [
        ("5H 5C JS 4D", "5D", 2, "fifteen two"),
        ("5H 5C JS 4D", "5D", 4, "fifteen four"),
        ("5H 5C JS 4D", "5D", 6, None),  # fifteen six, or the pair royal: cannot be told
        ("5H 5C JS 4D", "5D", 10, "fifteen four and a pair royal"),
        ("5H 5C JS 4D", "5D", 3, None),  # no groups make 3
        ("7C 8D KH KS", "2D", 4, "fifteen two and a pair"),
        ("7C 8D KH KS", "2D", 2, None),  # the fifteen or the pair
        ("JH 2C 3C 4C", "9H", 1, "one for his nobs"),
        ("JH 2C 3C 4C", "9H", 3, None),  # the run, or a fifteen and nobs
        ("JH 2C 3C 4C", "9H", 7, "fifteen four and a run of three"),
        ("JH 2H 3H 4H", "9H", 12, "fifteen four, a run of three and a flush of five"),
    ],
)
def test_what_was_missed_is_named_only_when_the_groups_tell_it(
    hand: str, starter: str, missed: int, named: str | None
) -> None:
    score = score_hand(hand, starter)
    assert missed_groups(score, missed) == named
