"""The discard coach: the computer's own ranking, parts that add up, exact hand and crib, the
words of why and of what a discard cost, and hints in the match record."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.core.discards import advise
from solitaire.core.scoring import hand_points
from solitaire.core.untrusted import RecordError
from solitaire.match.decide.discard import pegging_value
from solitaire.match.decide.endgame import discard_chances, is_near_end, series_stakes
from solitaire.match.decide.hidden import crib_shift
from solitaire.match.discard_coach import (
    DiscardAdvice,
    advise_discard,
    cost_note,
    discard_cost,
    discard_view,
    heels_note,
    hundredths,
    play_terms,
    shown_parts,
    why_discard,
)
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Discard, Match, Observation, Phase
from solitaire.match.players import EasyPlayer, StandardPlayer, advance, discard_values
from solitaire.match.record import load_match_record, match_record, replay_match


@cache
def discards(games: int = 12, seed: int = 40, series: int = 1) -> tuple[Observation, ...]:
    """Every discard of both seats in seeded matches of standard against easy, each of
    ``series`` games (the scores spread wide, so many are near the end, and skunks too)."""
    views = []
    players = (StandardPlayer(), EasyPlayer(random.Random(seed)))
    for number in range(games):
        match = Match(seed + number, games=series)
        while (seat := match.current_player) is not None:
            view = match.observation(seat)
            if view.phase is Phase.DISCARD:
                views.append(view)
            match.apply(players[seat].choose(view), player=seat)
    return tuple(views)


@cache
def coached(view: Observation) -> tuple[DiscardAdvice, ...]:
    """The discard coach's lines at ``view``, computed once for the tests reading them."""
    return tuple(advise_discard(view))


def expert_values(view: Observation) -> dict[tuple[Card, Card], float]:
    """The expert's discard values written out again from its public parts (its docstring)."""
    shifts = crib_shift(view)
    sign = 1 if view.is_dealer else -1
    values = {}
    for pair, value in discard_values(view).items():
        low, high = sorted((int(pair[0].rank), int(pair[1].rank)))
        keep = [card.rank for card in view.dealt if card not in pair]
        values[pair] = float(value + sign * shifts[(low, high)]) + pegging_value(
            keep, view.is_dealer
        )
    return values


@pytest.mark.parametrize("series", [1, 3])
def test_the_best_line_is_the_experts_discard_on_many_deals(series: int) -> None:
    near = 0
    expert = ExpertPlayer()
    views = discards(6) if series == 1 else discards(4, 60, series)
    for view in views:
        advice = coached(view)
        assert len(advice) == 15 and len({frozenset(a.discard) for a in advice}) == 15
        assert expert.choose(view) == Discard(advice[0].discard)
        values = expert_values(view)
        assert {a.discard: a.total for a in advice} == values  # to the last bit
        assert {a.stakes for a in advice} == {0 if series == 1 else 3}
        if is_near_end(view):
            near += 1
            chances = discard_chances(view, series_stakes(view))
            assert all(a.chance == chances[a.discard] for a in advice)
            keys: list[tuple[object, ...]] = [
                (chances[a.discard], values[a.discard], a.discard) for a in advice
            ]
        else:
            assert all(a.chance is None for a in advice)
            keys = [(values[a.discard], a.discard) for a in advice]
        assert keys == sorted(keys, reverse=True)  # every line in the computer's order
    assert near >= 10 and len(views) >= (100 if series == 1 else 150)


def test_every_total_is_the_sum_of_its_parts_exactly_and_as_shown() -> None:
    for view in discards()[:60]:
        for option in coached(view):
            assert option.total == float(option.hand + option.crib) + option.play
            exact = option.hand + option.crib + Fraction(option.play)
            assert abs(Fraction(option.total) - exact) < Fraction(1, 10**9)
            hand, crib, play, total = shown_parts(option)
            assert hand + crib + play == total == round(Fraction(option.total) * 100)
            parts = (option.hand, option.crib, Fraction(option.play))
            for shown, value in zip((hand, crib, play), parts, strict=True):
                assert abs(shown - value * 100) < 1  # within a hundredth


def test_the_hand_is_exact_over_every_starter_and_the_crib_is_the_models() -> None:
    for view in discards()[:8]:
        unseen = [card for card in ALL_CARDS if card not in view.dealt]
        core = {frozenset(o.discard): o for o in advise(view.dealt)}  # the kernel's way
        shifts = crib_shift(view)
        for option in coached(view):
            keep = option.keep
            points = sum(hand_points(*keep, starter) for starter in unseen)
            assert option.hand == Fraction(points, 46)  # brute force, every starter
            low, high = sorted(int(card.rank) for card in option.discard)
            crib = core[frozenset(option.discard)].crib + shifts[(low, high)]
            assert option.crib == (crib if view.is_dealer else -crib)
            assert type(option.hand) is Fraction and type(option.crib) is Fraction


def test_the_plays_terms_add_up_to_the_fitted_pegging() -> None:
    for view in discards()[:20]:
        for option in coached(view):
            ranks = [int(card.rank) for card in option.keep]
            intercept = pegging_value([], view.is_dealer)  # no card: no feature
            terms = play_terms(ranks, view.is_dealer)
            assert intercept + sum(terms) == pytest.approx(option.play, abs=1e-12)


@pytest.mark.parametrize("counting", [(), (0, 1)])
def test_what_a_player_saw_at_a_discard_is_rebuilt_from_the_match(
    counting: tuple[int, ...],
) -> None:
    match = Match(7, games=2, counting=counting, muggins=bool(counting))
    players = (StandardPlayer(), EasyPlayer(random.Random(7)))
    seen = {}
    while (seat := match.current_player) is not None:
        view = match.observation(seat)
        if view.phase is Phase.DISCARD:
            seen[(seat, match.game_number, len(match.deals))] = view
        match.apply(players[seat].choose(view), player=seat)
    assert len(seen) > 20 and any(view.scores != (0, 0) for view in seen.values())
    for (seat, game, deal), view in seen.items():
        assert discard_view(match, seat, game, deal) == view


def test_the_heels_note_counts_the_jacks_you_have_not_seen() -> None:
    match = Match.from_cards(1, ["JH JC 5S 5D TC TS", "AH 3C 4D 6S 8H KC"], "QD")
    assert "(0.09 on average, the dealer's)" in heels_note(match.observation(0))  # 2 x 2/46
    match = Match.from_cards(0, ["5H 5C 5S 9D TC TS", "AH 3C 4D 6S 8H KC"], "QD")
    assert "(0.17 on average, yours)" in heels_note(match.observation(0))  # 2 x 4/46


def test_why_quotes_the_tables_figures() -> None:
    for view in discards()[:30]:
        advice = coached(view)
        best, mine = shown_parts(advice[0]), shown_parts(advice[9])
        lines = why_discard(advice, advice[9].discard)
        crib = next(line for line in lines if line.startswith("Crib"))
        sign = 1 if view.is_dealer else -1
        assert f"({hundredths(sign * best[1])} expected" in crib
        assert f"({hundredths(sign * mine[1])})" in crib
        play = lines[-1]
        assert f"pegs {hundredths(best[2], signed=True)} net" in play
        assert (
            play.split(" net on average, ")[1]
            .split(":")[0]
            .endswith(hundredths(mine[2], signed=True))
        )


def test_hundredths_are_written_as_points() -> None:
    assert [hundredths(v) for v in (425, -120, 0, 7, -5)] == [
        "4.25",
        "-1.20",
        "0.00",
        "0.07",
        "-0.05",
    ]
    assert hundredths(35, signed=True) == "+0.35" and hundredths(-35, signed=True) == "-0.35"


def _worst(advice: Sequence[DiscardAdvice]) -> DiscardAdvice:
    return advice[-1]


def test_what_a_discard_cost_adds_up_and_names_both_discards() -> None:
    for view in discards()[:40]:
        advice = coached(view)
        mine = _worst(advice)
        cost = discard_cost(advice, mine.discard)
        best_shown, mine_shown = shown_parts(advice[0]), shown_parts(mine)
        parts = [best_shown[i] - mine_shown[i] for i in range(4)]
        assert sum(parts[:3]) == parts[3]
        note = cost_note(advice, reversed(mine.discard))  # the order picked does not matter
        name = " ".join(str(card) for card in sorted(mine.discard))
        best = " ".join(str(card) for card in sorted(advice[0].discard))
        assert note.startswith(f"your discard {name} cost ") and note.endswith(f"{best} was best.")
        if cost.chance is None:
            assert f"cost {hundredths(parts[3])} points on average (" in note
        else:
            assert f"cost {cost.chance:.1%} of your chance of winning the game " in note
            assert f"(in points {hundredths(parts[3])}: " in note
        split = note[note.index("(") : note.index(")")]
        saved = split.split("saved ")[1] if "saved " in split else ""
        for value, where in zip(
            parts[:3], ("in the hand", "in the crib", "in the play"), strict=True
        ):
            assert f"{hundredths(abs(value))} {where}" in split
            assert (f"{hundredths(abs(value))} {where}" in saved) == (value < 0)
        terse = cost.terse()
        assert terse.startswith(f"hand {hundredths(parts[0])} crib {hundredths(parts[1])}")
        top = cost_note(advice, advice[0].discard)
        assert top.startswith(f"your discard {best} was the best")


def test_why_compares_the_best_with_yours_or_the_next_best() -> None:
    for view in discards()[:30]:
        advice = coached(view)
        best = " ".join(str(c) for c in sorted(advice[0].discard))
        second = " ".join(str(c) for c in sorted(advice[1].discard))
        mine = advice[7]
        yours = " ".join(str(c) for c in sorted(mine.discard))
        lines = why_discard(advice, mine.discard)
        assert lines[0].startswith(f"Discarding {best} beats your {yours} by ")
        gap = shown_parts(advice[0])[3] - shown_parts(mine)[3]
        assert f"by {hundredths(gap)} points" in lines[0]
        assert any(line.startswith("Hand: ") for line in lines)
        crib = "Crib, yours: " if view.is_dealer else "Crib, theirs: "
        assert any(line.startswith(crib) for line in lines)
        assert lines[-1].startswith("Play, as " + ("dealer" if view.is_dealer else "pone"))
        assert why_discard(advice)[0].startswith(f"Discarding {best} is best")
        assert f"next, {second}:" in why_discard(advice)[0]
        assert why_discard(advice, advice[0].discard)[0].startswith(f"Your {best} is the best")
        near = any("chance of winning" in line for line in lines)
        assert near == (advice[0].chance is not None)


# -- hints in the match record -------------------------------------------------------------


def _finished(seed: int = 3) -> Match:
    match = Match(seed, games=2)
    advance(match, (StandardPlayer(), EasyPlayer(random.Random(seed))))
    return match


def test_hints_round_trip_and_a_record_without_them_loads() -> None:
    match = _finished()
    plain = match_record(match, ("standard", "easy"))
    assert "hints" not in plain  # no coach asked: the record is as before
    assert replay_match(load_match_record(json.dumps(plain))).hints == set()
    match.hints.update({(0, 1, 2), (0, 2, 1), (1, 1, 1)})
    record = match_record(match, ("standard", "easy"))
    assert record["hints"][0] == {"player": 0, "game": 1, "deal": 2, "coach": "discard"}
    again = replay_match(load_match_record(json.dumps(record)))
    assert again.hints == match.hints
    assert match_record(again, ("standard", "easy")) == record


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"player": 2}, "field 'player'"),
        ({"game": 3}, "field 'game'"),
        ({"deal": 99}, "field 'deal'"),
        ({"coach": "play"}, "field 'coach': expected \"discard\""),
        ({"extra": 1}, "unexpected field"),
        ({"deal": True}, "field 'deal'"),
    ],
)
def test_a_bad_hint_is_refused_with_the_field_named(change: dict[str, Any], message: str) -> None:
    match = _finished()
    match.hints.add((0, 1, 1))
    record = copy.deepcopy(match_record(match, ("standard", "easy")))
    record["hints"][0].update(change)
    with pytest.raises(RecordError, match="hints") as error:
        replay_match(record)
    assert message in str(error.value)
    record["hints"] = "all of them"
    with pytest.raises(RecordError, match="hints"):
        replay_match(record)


def test_near_the_end_of_a_series_the_coach_speaks_of_game_points() -> None:
    """In a series the coach ranks and speaks as the expert weighs: game points expected,
    won less lost, on the chance's scale (value v is (2v - 1) x 3 games)."""
    said = 0
    for view in discards(4, 60, 3):
        advice = coached(view)
        if advice[0].chance is None:
            continue
        said += 1
        mine = _worst(advice)
        cost = discard_cost(advice, mine.discard)
        assert cost.chance is not None and cost.stakes == 3
        note = cost_note(advice, mine.discard)
        if not cost.is_best:
            assert f"cost {2 * cost.chance * 3:.2f} of the game points expected (" in note
            assert "chance" not in note
        assert cost.terse().endswith(f", games {2 * cost.chance * 3:.2f}")
        why = why_discard(advice, advice[7].discard)
        line = next(line for line in why if line.startswith("Near the end of a series"))
        best, other = advice[0].chance, advice[7].chance
        assert other is not None
        assert f"{(2 * best - 1) * 3:+.2f} with " in line
        assert f"{(2 * other - 1) * 3:+.2f} with " in line
        assert "a skunk counts 2, a double skunk 3" in line
    assert said >= 10
