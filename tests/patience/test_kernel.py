"""The array kernels against the plain-Python scorer: distributions and whole games."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.cards import ALL_CARDS, Deck, parse_cards, shuffled_order
from solitaire.core.scoring import crib_points, hand_points
from solitaire.patience.advisor import Position, advise_position
from solitaire.patience.kernel import DISCARDS, WIDTH, play_decks, round_counts
from solitaire.patience.simulation import play_one, play_seeds


def brute_counts(position: Position) -> list[list[int]]:
    """Every (starter, blind pair) outcome of every discard, scored one by one."""
    starters = [position.starter] if position.starter is not None else list(position.unseen)
    out = []
    for i, j in DISCARDS:
        a, b = position.six[i], position.six[j]
        keep = [c for k, c in enumerate(position.six) if k not in (i, j)]
        row = [0] * WIDTH
        for s in starters:
            fixed = hand_points(keep[0], keep[1], keep[2], keep[3], s) + 2 * (s >> 2 == 10)
            for x, y in combinations([c for c in position.unseen if c != s], 2):
                row[fixed + crib_points(x, y, a, b, s)] += 1
        out.append(row)
    return out


def random_position(rng: random.Random, unseen: int, known_starter: bool) -> Position:
    cards = rng.sample(ALL_CARDS, 52)
    six, rest = cards[:6], cards[6:]
    seen = rest[unseen:]
    starter = seen.pop() if known_starter else None
    return Position.make(six, seen, starter)


def counts_of(position: Position) -> list[list[int]]:
    counts: list[list[int]] = round_counts(position.six, position.unseen, position.starter)[
        0
    ].tolist()
    return counts


@given(st.randoms(use_true_random=False), st.integers(min_value=3, max_value=12), st.booleans())
@settings(max_examples=120, deadline=None)
def test_distribution_equals_brute_force(rng: random.Random, unseen: int, known: bool) -> None:
    position = random_position(rng, unseen, known)
    assert counts_of(position) == brute_counts(position)


@pytest.mark.parametrize("known", [False, True])
def test_distribution_where_suits_matter(known: bool) -> None:
    # Suited discards, jacks in hand, discard and unseen: flushes and nobs of every kind.
    six = parse_cards("JH 5H 6H 7H JC 2C")
    unseen = parse_cards("JD JS 3H 8H 9H QH KH 4S AH TD")
    seen = [c for c in ALL_CARDS if c not in six and c not in unseen]
    starter = seen.pop(seen.index(parse_cards("4H")[0])) if known else None
    position = Position.make(six, seen, starter)
    assert counts_of(position) == brute_counts(position)


def test_distribution_of_a_whole_round_one_position_sums_and_means() -> None:
    position = Position.make("5H 5C 5S JD 4C 9S")
    counts = round_counts(position.six, position.unseen, None).counts
    assert (counts.sum(axis=1) == 46 * 45 * 44 // 2).all()
    for option in advise_position(position):
        d = DISCARDS.index(tuple(sorted(position.six.index(c) for c in option.discard)))
        row = counts[d].tolist()
        mean = Fraction(sum(t * n for t, n in enumerate(row)), sum(row))
        assert mean == option.total
        assert list(option.outcomes) == row[: option.max_total + 1]
        assert row[option.min_total] and not any(row[: option.min_total])


def test_advice_reads_mean_min_max_and_chances_off_the_distribution() -> None:
    rng = random.Random(4)
    for _ in range(20):
        position = random_position(rng, rng.randrange(3, 40), rng.random() < 0.3)
        for option in advise_position(position):
            n = sum(option.outcomes)
            mean = Fraction(sum(t * k for t, k in enumerate(option.outcomes)), n)
            assert mean == option.total
            assert option.chance_at_least(option.min_total) == 1
            assert option.chance_at_least(option.max_total + 1) == 0
            above = sum(option.outcomes[option.max_total :])
            assert option.chance_at_least(option.max_total) == Fraction(above, n) > 0


def test_shuffled_order_is_the_seeded_deck() -> None:
    for seed in range(50):
        assert shuffled_order(random.Random(seed)) == list(Deck.from_seed(seed))


@pytest.mark.parametrize("strategy", ["best", "hand", "oracle"])
def test_batched_games_equal_the_reference_game(strategy: str) -> None:
    seeds = range(1000, 1250)
    assert play_seeds(strategy, seeds) == [play_one(strategy, seed) for seed in seeds]


def test_batched_games_refuse_other_strategies() -> None:
    with pytest.raises(ValueError, match="random"):
        play_decks(np.zeros((1, 52), dtype=np.int64), "random")


@given(st.randoms(use_true_random=False), st.integers(min_value=2, max_value=46), st.booleans())
@settings(max_examples=80, deadline=None)
def test_sums_read_off_the_distributions_equal_the_reference(
    rng: random.Random, unseen: int, known: bool
) -> None:
    position = random_position(rng, min(max(unseen, 3 - known), 46 - known), known)
    fast = {o.discard: (o.hand, o.crib, o.heels) for o in advise_position(position)}
    reference = advise_position(position, ranges=False)  # expected_numerators, plain Python
    assert fast == {o.discard: (o.hand, o.crib, o.heels) for o in reference}
