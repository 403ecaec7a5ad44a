"""Counting puzzles: dealt from a seed, counted by the core's scorer, read back strictly."""

from __future__ import annotations

import itertools
import random

import pytest

from solitaire.core.cards import Card
from solitaire.core.counting import CountPuzzle, deal_puzzle
from solitaire.core.untrusted import RecordError


def brute_count(hand: tuple[Card, ...], starter: Card, crib: bool) -> int:
    """The count by the rules, written apart from the scorer."""
    cards = (*hand, starter)
    values = [min(c.rank, 10) for c in cards]
    points = 0
    for size in range(2, 6):
        for combo in itertools.combinations(range(5), size):
            if sum(values[i] for i in combo) == 15:
                points += 2
    for a, b in itertools.combinations(cards, 2):
        points += 2 * (a.rank == b.rank)
    for size in (5, 4, 3):
        runs = 0
        for combo in itertools.combinations(cards, size):
            ranks = sorted(c.rank for c in combo)
            if all(ranks[i + 1] == ranks[i] + 1 for i in range(size - 1)):
                runs += 1
        if runs:
            points += runs * size
            break
    suits = {c.suit for c in hand}
    if len(suits) == 1:
        if starter.suit in suits:
            points += 5
        elif not crib:
            points += 4
    points += sum(c.rank == 11 and c.suit == starter.suit for c in hand)
    return points


def test_puzzles_are_counted_as_the_rules_count() -> None:
    rng = random.Random(7)
    cribs = 0
    for _ in range(2000):
        puzzle = deal_puzzle(rng)
        cribs += puzzle.crib
        total = brute_count(puzzle.hand, puzzle.starter, puzzle.crib)
        assert puzzle.score().total == total
        assert puzzle.check(total) and not puzzle.check(total + 1)
        assert len({*puzzle.hand, puzzle.starter}) == 5
        assert CountPuzzle.from_json(puzzle.to_json()) == puzzle
    assert 400 < cribs < 600  # a crib one time in four


def test_a_seed_deals_the_same_puzzles() -> None:
    first = [deal_puzzle(random.Random(3)) for _ in range(3)]
    assert first == [deal_puzzle(random.Random(3)) for _ in range(3)]


@pytest.mark.parametrize(
    "data",
    [
        {"hand": ["5H", "5C", "5S"], "starter": "5D", "crib": False},
        {"hand": ["5H", "5C", "5S", "5D"], "starter": "5D", "crib": False},
        {"hand": ["5H", "5C", "5S", "JD"], "starter": "5d", "crib": False},
        {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "crib": 0},
        {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"},
        {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "crib": False, "x": 1},
    ],
)
def test_a_damaged_puzzle_is_refused(data: object) -> None:
    with pytest.raises(RecordError):
        CountPuzzle.from_json(data)
