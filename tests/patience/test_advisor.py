"""The advisor: exact values equal brute-force enumeration to the last digit."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.cards import ALL_CARDS, Card, DuplicateCardError, parse_cards
from solitaire.core.scoring import crib_points, hand_points, score_hand
from solitaire.patience.advisor import (
    AdviceError,
    Position,
    advise,
    best_discard,
    hindsight,
    position_of,
)
from solitaire.patience.game import Game

Brute = dict[frozenset[Card], tuple[Fraction, Fraction, Fraction, int, int]]


def brute_force(position: Position, fast: bool = False) -> Brute:
    """Every (starter, blind pair) outcome of every discard, scored one by one."""
    unseen = position.unseen
    starters = [position.starter] if position.starter is not None else list(unseen)
    out: Brute = {}
    for discard in combinations(position.six, 2):
        keep = tuple(c for c in position.six if c not in discard)
        hand_sum = crib_sum = heels_sum = n = 0
        low, high = 10**9, -1
        for s in starters:
            rest = [c for c in unseen if c != s]
            if fast:
                hand = hand_points(keep[0], keep[1], keep[2], keep[3], s)
            else:
                hand = score_hand(keep, s).total
            heels = 2 if s.rank == 11 else 0
            for x, y in combinations(rest, 2):
                if fast:
                    crib = crib_points(x, y, discard[0], discard[1], s)
                else:
                    crib = score_hand((x, y, *discard), s, crib=True).total
                hand_sum, crib_sum, heels_sum, n = (
                    hand_sum + hand,
                    crib_sum + crib,
                    heels_sum + heels,
                    n + 1,
                )
                low, high = min(low, hand + crib + heels), max(high, hand + crib + heels)
        out[frozenset(discard)] = (
            Fraction(hand_sum, n), Fraction(crib_sum, n), Fraction(heels_sum, n), low, high
        )  # fmt: skip
    return out


def assert_matches(position: Position, fast: bool = False) -> None:
    options = advise(position.six, _seen(position), position.starter)
    assert len(options) == 15
    expected = brute_force(position, fast)
    for option in options:
        got = (option.hand, option.crib, option.heels, option.min_total, option.max_total)
        assert got == expected[frozenset(option.discard)], option.discard


def _seen(position: Position) -> list[Card]:
    out = set(position.unseen) | set(position.six)
    if position.starter is not None:
        out.add(position.starter)
    return [c for c in ALL_CARDS if c not in out]


def random_position(rng: random.Random, unseen: int, known_starter: bool) -> Position:
    cards = rng.sample(ALL_CARDS, 52)
    six, rest = cards[:6], cards[6:]
    seen = rest[unseen:]
    starter = seen.pop() if known_starter else None
    return Position.make(six, seen, starter)


@pytest.mark.parametrize("known_starter", [pytest.param(False, marks=pytest.mark.slow), True])
def test_matches_brute_force_on_many_small_positions(known_starter: bool) -> None:
    rng = random.Random(11 + known_starter)
    for _ in range(50):
        assert_matches(random_position(rng, rng.randrange(3, 10), known_starter))
    for _ in range(5):  # wider unseen sets on the total-only scorer
        assert_matches(random_position(rng, rng.randrange(12, 20), known_starter), fast=True)


def test_matches_brute_force_where_suits_matter() -> None:
    # Suited discards, jacks in hand, discard and unseen: flushes and nobs of every kind.
    six = parse_cards("JH 5H 6H 7H JC 2C")
    unseen = parse_cards("JD JS 3H 8H 9H QC KD 4S AH TD")
    seen = [c for c in ALL_CARDS if c not in six and c not in unseen]
    assert_matches(Position.make(six, seen))
    starter = seen.pop()
    assert_matches(Position.make(six, seen, starter))


@given(st.randoms(use_true_random=False), st.integers(min_value=3, max_value=9), st.booleans())
@settings(max_examples=40, deadline=None)
def test_matches_brute_force_property(rng: random.Random, unseen: int, known: bool) -> None:
    assert_matches(random_position(rng, unseen, known))


def test_matches_brute_force_on_a_whole_round_one_position() -> None:
    # 46 unseen cards: 683,100 outcomes, scored one by one on the total-only path.
    position = Position.make("5H 5C 5S JD 4C 9S")
    assert_matches(position, fast=True)


def test_round_six_is_certain() -> None:
    game = Game.from_seed(13)
    for _ in range(5):
        game.discard(best_discard(position_of(game)))
    position = position_of(game)
    assert position.starter is not None and len(position.unseen) == 2
    options = advise(position.six, _seen(position), position.starter)
    for option in options:
        assert option.min_total == option.max_total == option.total
        assert option.total.denominator == 1
    choice = options[0].discard
    result = game.discard(choice)
    assert result.points == options[0].total


def test_hindsight_equals_the_scorer() -> None:
    game = Game.from_seed(17)
    six = game.shown
    result = game.discard(six[:2])
    actual = hindsight(six, result.crib_dealt, result.starter)
    assert len(actual) == 15
    mine = next(h for h in actual if set(h.discard) == set(six[:2]))
    assert mine.total == result.points
    for h in actual:
        assert h.hand == score_hand(h.keep, result.starter).total
        crib = score_hand((*result.crib_dealt, *h.discard), result.starter, crib=True)
        assert h.crib == crib.total
    assert [h.total for h in actual] == sorted((h.total for h in actual), reverse=True)


def test_best_is_never_below_any_other_discard() -> None:
    rng = random.Random(4)
    for _ in range(40):
        six = rng.sample(ALL_CARDS, 6)
        options = advise(six)
        assert all(options[0].total >= o.total for o in options)
        assert set(best_discard(Position.make(six))) == set(options[0].discard)
        hand_best = max(options, key=lambda o: o.hand)
        hand_pick = best_discard(Position.make(six), hand_only=True)
        assert next(o for o in options if set(o.discard) == set(hand_pick)).hand == hand_best.hand


def test_values_are_exact_fractions() -> None:
    option = advise("5H 5C 5S JD 4C 9S")[0]
    assert option.hand == Fraction(383, 23)
    assert option.to_dict()["exact"] == {
        "hand": "383/23", "crib": "45812/11385", "heels": "3/23", "total": "236882/11385"
    }  # fmt: skip


@pytest.mark.parametrize(
    ("six", "seen", "starter", "error", "message"),
    [
        ("5H 5C 5S JD 4C", (), None, AdviceError, "needs the 6 cards shown, got 5"),
        ("5H 5C 5S JD 4C 9S", "5H", None, DuplicateCardError, "5♥ is both in your hand"),
        ("5H 5C 5S JD 4C 9S", (), "5H", DuplicateCardError, "starter 5♥ is also in your hand"),
        ("5H 5C 5S JD 4C 4C", (), None, DuplicateCardError, "duplicate card 4♣"),
    ],
)
def test_bad_positions(six: str, seen: str, starter: str | None, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        advise(six, seen, starter)


def test_too_few_unseen_cards() -> None:
    six = parse_cards("5H 5C 5S JD 4C 9S")
    seen = [c for c in ALL_CARDS if c not in six][:-2]
    with pytest.raises(AdviceError, match="only 2 unseen cards left"):
        advise(six, seen)
