"""The published 12,994,800-hand distribution, reproduced exactly."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from solitaire.core.cards import Card
from solitaire.core.distribution import hand_distribution, pattern_distribution
from solitaire.core.scoring import _multisets, hand_points, score_hand

PUBLISHED = json.loads((Path(__file__).parent / "hand_distribution.json").read_text())


def test_reproduces_the_published_table_exactly() -> None:
    dist = hand_distribution()
    published = {int(score): n for score, n in PUBLISHED["counts"].items()}
    assert {score: dist.get(score, 0) for score in published} == published
    assert set(dist) <= set(published)
    assert sum(dist.values()) == PUBLISHED["total_combinations"] == 12_994_800
    assert sum(s * n for s, n in dist.items()) == PUBLISHED["points_total"]
    assert all(dist[s] == 0 for s in (19, 25, 26, 27))


def enumerate_pattern(hand_ranks: tuple[int, ...], starter_rank: int, fast: bool) -> Counter[int]:
    """Every real hand of this rank pattern, scored one by one."""
    counts: Counter[int] = Counter()

    def hands(i: int, chosen: tuple[Card, ...]) -> list[tuple[Card, ...]]:
        if i == len(hand_ranks):
            return [chosen]
        out = []
        for suit in range(4):
            card = Card(hand_ranks[i], suit)
            # Equal ranks take increasing suits, so each set of cards comes once.
            if card in chosen or (i and hand_ranks[i - 1] == hand_ranks[i] and card < chosen[-1]):
                continue
            out.extend(hands(i + 1, (*chosen, card)))
        return out

    for hand in hands(0, ()):
        for suit in range(4):
            starter = Card(starter_rank, suit)
            if starter in hand:
                continue
            a, b, c, d = hand
            points = hand_points(a, b, c, d, starter) if fast else score_hand(hand, starter).total
            counts[points] += 1
    return counts


@pytest.mark.slow
def test_pattern_counts_match_plain_enumeration_on_samples() -> None:
    rng = random.Random(5)
    patterns = [(h, s) for h in _multisets(4) for s in range(1, 14) if h.count(s) < 4]
    sample = rng.sample(patterns, 150)
    # Patterns that exercise every suit rule: flushes with jacks, nobs, a jack starter.
    sample += [((1, 2, 3, 11), 5), ((1, 2, 3, 11), 11), ((11, 11, 5, 5), 5), ((11, 11, 11, 5), 11)]
    sample += [((2, 4, 6, 8), 13), ((5, 5, 5, 11), 5), ((3, 7, 9, 11), 3)]
    for hand_ranks, starter_rank in sample:
        assert pattern_distribution(hand_ranks, starter_rank) == enumerate_pattern(
            hand_ranks, starter_rank, fast=False
        ), (hand_ranks, starter_rank)


def test_fast_path_matches_breakdown_on_whole_patterns() -> None:
    for hand_ranks, starter_rank in [((1, 2, 3, 11), 5), ((5, 5, 10, 11), 5), ((4, 5, 6, 6), 6)]:
        assert enumerate_pattern(hand_ranks, starter_rank, fast=True) == enumerate_pattern(
            hand_ranks, starter_rank, fast=False
        )


def test_impossible_pattern_is_refused() -> None:
    with pytest.raises(ValueError, match="no hand has ranks"):
        pattern_distribution((5, 5, 5, 5), 5)
