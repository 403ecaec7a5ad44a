"""The scorer: worked examples, an independent reference, properties, the fast path."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire.core.cards import ALL_CARDS, Card, CardError, DuplicateCardError, parse_cards
from solitaire.core.scoring import (
    Kind,
    _multisets,
    _rank_items,
    _representatives,
    count_groups,
    crib_points,
    final_points,
    hand_points,
    rank_key,
    rank_table,
    score_hand,
    score_total,
    spoken_number,
)

# Every worked example of ../shared/RULES.md: hand, starter, hand points, crib points.
WORKED = [
    ("5H 5C 5S JD", "5D", 29, 29),
    ("5H 5C 5S 5D", "JD", 28, 28),
    ("3C 3D 4H 5S", "5C", 20, 20),
    ("4C 4D 6H 6S", "5C", 24, 24),
    ("6C 7D 7H 8S", "8C", 24, 24),
    ("AH 2H 3H 4H", "5H", 12, 12),
    ("AH 2H 3H 4H", "5C", 11, 7),
    ("2H 4H 6H 8H", "KS", 4, 0),
    ("QC KD AH 2S", "3C", 7, 7),
    ("JH 2C 3D 4S", "9H", 8, 8),
]


@pytest.mark.parametrize(("hand", "starter", "as_hand", "as_crib"), WORKED)
def test_worked_examples(hand: str, starter: str, as_hand: int, as_crib: int) -> None:
    assert score_hand(hand, starter).total == as_hand
    assert score_hand(hand, starter, crib=True).total == as_crib
    assert score_total(hand, starter) == as_hand
    assert score_total(hand, starter, crib=True) == as_crib


def test_final_hand_example() -> None:
    score = score_hand("7C 8D KH KS")
    assert score.total == 4
    assert (score.fifteens, score.pairs) == (2, 2)
    assert score_total("7C 8D KH KS") == 4


def test_breakdown_of_3c_3d_4h_5s_5c() -> None:
    score = score_hand("3C 3D 4H 5S", "5C")
    assert score.by_kind() == {"fifteen": 4, "pair": 4, "run": 12, "flush": 0, "nobs": 0}
    assert [item.points for item in score.items if item.kind is Kind.RUN] == [3, 3, 3, 3]
    assert len({item.cards for item in score.items}) == len(score.items)


def test_spoken_counts() -> None:
    assert score_hand("7C 8D KH KS").spoken() == "fifteen two, and a pair is four"
    assert score_hand("2H 4H 6H 8H", "KS", crib=True).spoken() == "nineteen (no score)"
    assert spoken_number(121) == "one hundred and twenty-one"


# What each named group is worth in cribbage, written down independently of the scorer.
NAMED_POINTS = {
    "a pair": 2,
    "two pairs": 4,
    "a pair royal": 6,
    "a double pair royal": 12,
    "a run of three": 3,
    "a run of four": 4,
    "a run of five": 5,
    "a double run of three": 8,
    "a double run of four": 10,
    "a triple run": 15,
    "a double double run": 16,
}
F4 = "fifteen two, fifteen four, and"
SPOKEN = [
    ("3C 3D 4H 5S", "9C", f"{F4} a double run of three for eight is twelve"),
    ("3C 3D 4H 5S", "6C", f"{F4} a double run of four for ten is fourteen"),
    (
        "3C 3D 3H 4S",
        "5C",
        "fifteen two, fifteen four, fifteen six, and a triple run for fifteen is twenty-one",
    ),
    ("3C 3D 4H 5S", "5C", f"{F4} a double double run for sixteen is twenty"),
    ("3C 3D 3H KS", "KC", "a pair royal is six, and a pair is eight"),
    ("9C 9D KH KS", "2C", "two pairs is four"),
    ("AH 2H 3H 4H", "5H", "fifteen two, a run of five is seven, and a flush of five is twelve"),
]


@pytest.mark.parametrize(("hand", "starter", "said"), SPOKEN)
def test_counts_in_players_words(hand: str, starter: str, said: str) -> None:
    assert score_hand(hand, starter).spoken() == said
    assert (
        score_hand("5H 5C 5S JD", "5D")
        .spoken()
        .endswith(
            "a double pair royal for twelve is twenty-eight, and one for his nobs is twenty-nine"
        )
    )


def check_spoken_groups(hand: tuple[Card, ...], starter: Card | None, crib: bool) -> None:
    """Groups partition the items, keep the total, carry their cribbage value, read right."""
    score = score_hand(hand, starter, crib=crib)
    groups = count_groups(score.items)
    grouped = [item for group in groups for item in group.items]
    assert sorted(map(str, grouped)) == sorted(map(str, score.items))
    for group in groups:
        assert group.points == sum(item.points for item in group.items)
        if group.name in NAMED_POINTS:
            assert group.points == NAMED_POINTS[group.name], (hand, starter, group.name)
        else:
            assert group.name in ("fifteen", "one for his nobs") or group.name.startswith(
                "a flush of"
            ), group.name  # pairs and runs of up to five cards always have a player's name
    assert sum(group.points for group in groups) == score.total
    said = score.spoken()
    last = said.rsplit(" is ", 1)[-1] if " is " in said else said.rsplit("fifteen ", 1)[-1]
    assert last == (spoken_number(score.total) if score.total else "nineteen (no score)")


@pytest.mark.parametrize("size", [4, 5])
def test_spoken_groups_over_every_rank_pattern(size: int) -> None:
    for ranks in _multisets(size):
        cards = _representatives(ranks)
        if size == 4:
            check_spoken_groups(cards, None, False)
        else:
            check_spoken_groups(cards[:4], cards[4], False)


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=5, max_size=5, unique=True), st.booleans())
def test_spoken_groups_keep_the_total(cards: list[Card], crib: bool) -> None:
    check_spoken_groups(tuple(cards[:4]), cards[4], crib)
    check_spoken_groups(tuple(cards[:4]), None, False)


def test_nobs_and_flush_breakdown() -> None:
    score = score_hand("JH 2H 6H 8H", "KH")
    assert score.flush == 5 and score.nobs == 1
    crib = score_hand("JH 2H 6H 8H", "KS", crib=True)
    assert crib.flush == 0 and crib.nobs == 0


def test_to_dict_has_every_field() -> None:
    data = score_hand("5H 5C 5S JD", "5D").to_dict()
    assert data["total"] == 29
    assert data["starter"] == "5D"
    assert set(data) == {
        "hand", "starter", "crib", "fifteens", "pairs", "runs", "flush", "nobs", "total", "items"
    }  # fmt: skip
    assert (data["fifteens"], data["pairs"], data["nobs"]) == (16, 12, 1)


def test_bad_hands_are_refused() -> None:
    with pytest.raises(CardError, match="needs 4 cards, got 3"):
        score_hand("5H 5C 5S")
    with pytest.raises(DuplicateCardError, match="duplicate card 5♥"):
        score_hand("5H 5C 5S 5H", "2C")
    with pytest.raises(DuplicateCardError, match="starter is also in the hand"):
        score_hand("5H 5C 5S JD", "5H")


# -- an independent reference, written plainly from the rules ---------------


def reference_score(hand: tuple[Card, ...], starter: Card | None, crib: bool) -> int:
    cards = hand if starter is None else (*hand, starter)
    points = 0
    for size in range(2, len(cards) + 1):
        points += 2 * sum(1 for c in combinations(cards, size) if sum(x.value for x in c) == 15)
    points += 2 * sum(1 for a, b in combinations(cards, 2) if a.rank == b.rank)
    for size in (5, 4, 3):
        runs = [
            c
            for c in combinations(cards, size)
            if len({x.rank for x in c}) == size
            and max(x.rank for x in c) - min(x.rank for x in c) == size - 1
        ]
        if runs:
            points += size * len(runs)
            break
    if len({c.suit for c in hand}) == 1:
        if starter is not None and starter.suit == hand[0].suit:
            points += 5
        elif not crib:
            points += 4
    if starter is not None:
        points += sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)
    return points


hands = st.lists(st.sampled_from(ALL_CARDS), min_size=5, max_size=5, unique=True)


@given(hands, st.booleans())
def test_breakdown_and_fast_path_match_the_reference(cards: list[Card], crib: bool) -> None:
    hand, starter = tuple(cards[:4]), cards[4]
    expected = reference_score(hand, starter, crib)
    assert score_hand(hand, starter, crib=crib).total == expected
    a, b, c, d = hand
    fast = crib_points if crib else hand_points
    assert fast(a, b, c, d, starter) == expected
    assert final_points(a, b, c, d) == reference_score(hand, None, False)
    assert score_hand(hand).total == final_points(a, b, c, d)


def test_fast_path_on_many_random_hands() -> None:
    rng = random.Random(2024)
    for _ in range(3000):
        a, b, c, d, starter = rng.sample(ALL_CARDS, 5)
        hand = (a, b, c, d)
        assert hand_points(a, b, c, d, starter) == score_hand(hand, starter).total
        assert crib_points(a, b, c, d, starter) == score_hand(hand, starter, crib=True).total


def test_rank_table_matches_the_breakdown_for_every_rank_pattern() -> None:
    patterns = [*_multisets(4), *_multisets(5)]
    assert len(rank_table()) == len(patterns)
    for ranks in patterns:
        cards = _representatives(ranks)
        assert rank_table()[rank_key(ranks)] == sum(i.points for i in _rank_items(cards))


@given(hands, st.randoms(use_true_random=False))
def test_order_does_not_matter(cards: list[Card], rng: random.Random) -> None:
    hand, starter = cards[:4], cards[4]
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert score_hand(shuffled, starter).total == score_hand(hand, starter).total
    assert (
        score_hand(shuffled, starter, crib=True).total == score_hand(hand, starter, crib=True).total
    )


@given(hands)
def test_crib_never_outscores_the_same_cards_as_a_hand(cards: list[Card]) -> None:
    assert score_total(cards[:4], cards[4], crib=True) <= score_total(cards[:4], cards[4])


@given(hands, st.booleans())
def test_impossible_scores_never_occur(cards: list[Card], crib: bool) -> None:
    assert score_total(cards[:4], cards[4], crib=crib) not in {19, 25, 26, 27}
    assert 0 <= score_total(cards[:4], cards[4], crib=crib) <= 29


def test_string_and_card_inputs_agree() -> None:
    assert score_hand(parse_cards("5H 5C 5S JD"), Card.parse("5D")) == score_hand(
        "5H 5C 5S JD", "5D"
    )
