"""Pegging: every rule of the play against a reference scorer written from the rules text."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.cards import ALL_CARDS, Card, parse_cards
from solitaire.match.game import GoPoint, Laid, Match
from solitaire.match.pegging import PegKind, call, count_of, peg_items, peg_points


def reference_points(series: list[Card]) -> int:
    """The rules table, read literally, for the last card of a series."""
    total = sum(min(card.rank, 10) for card in series)
    points = 2 if total in (15, 31) else 0
    # Pairs: the last k cards of one rank make C(k, 2) pairs of 2 points each.
    k = 1
    while k < len(series) and len({card.rank for card in series[-k - 1 :]}) == 1:
        k += 1
    points += 2 * comb(k, 2)
    # Runs: the longest n >= 3 whose last n ranks are n distinct consecutive ranks.
    for n in range(len(series), 2, -1):
        ranks = {card.rank for card in series[-n:]}
        if len(ranks) == n and max(ranks) - min(ranks) == n - 1:
            points += n
            break
    return points


@st.composite
def series_of_cards(draw: st.DrawFn) -> list[Card]:
    """A legal series: distinct cards whose count never passes 31."""
    pool = draw(st.permutations(ALL_CARDS))
    series: list[Card] = []
    for card in pool[: draw(st.integers(1, 13))]:
        if count_of(series) + card.value <= 31:
            series.append(card)
    return series


@st.composite
def low_series(draw: st.DrawFn) -> list[Card]:
    """A series of low cards, where runs, pairs and fifteens are frequent."""
    ranks = draw(st.lists(st.integers(1, 7), min_size=1, max_size=8))
    series: list[Card] = []
    used: set[Card] = set()
    for rank in ranks:
        card = next((Card(rank, s) for s in range(4) if Card(rank, s) not in used), None)
        if card is not None and count_of(series) + card.value <= 31:
            series.append(card)
            used.add(card)
    return series


def items_points(series: list[Card]) -> int:
    """The points of what the last card pegs, item by item (peg_points adds them apart)."""
    return sum(item.points for item in peg_items(series))


@given(series_of_cards())
def test_points_match_the_reference_on_any_series(series: list[Card]) -> None:
    assert peg_points(series) == reference_points(series) == items_points(series)


@given(low_series())
def test_points_match_the_reference_on_low_cards(series: list[Card]) -> None:
    assert peg_points(series) == reference_points(series) == items_points(series)


@pytest.mark.parametrize(
    ("cards", "points", "kinds"),
    [
        ("5H", 0, []),
        ("5H TC", 2, ["fifteen"]),
        ("5H 5C", 2, ["pair"]),
        ("5H 5C 5D", 8, ["fifteen", "pair royal"]),
        ("2H 2C 2D 2S", 12, ["double pair royal"]),
        ("7H 7C 7D 7S", 12, ["double pair royal"]),  # count 28
        ("4C 6D 5H", 5, ["fifteen", "run"]),
        ("4C 6D 5H 7S", 4, ["run"]),
        ("4C 6D 5H 7S 8C", 5, ["run"]),
        ("AC 3D 2H", 3, ["run"]),  # any order
        ("AC 2D 3H 4S 5C 6D 7H", 7, ["run"]),  # count 28: a run of seven
        ("3C 4D 3H 5S", 5, ["fifteen", "run"]),  # 4 3 5: the last three make a run
        ("3C 4D 5H 5S", 2, ["pair"]),  # a pair ends the run
        ("KC QD JH", 3, ["run"]),
        ("QC KD AH", 0, []),  # ace is low: no wrap-around
        ("KC QD 5H 6S", 2, ["thirty-one"]),
        ("TC JD 5H 6S", 2, ["thirty-one"]),
        ("KC KD 5H 5S", 2, ["pair"]),  # 30
        ("2C 3D 4H 4S", 2, ["pair"]),  # the pair breaks the run
        ("2C 3D 3H 4S", 0, []),  # neither a pair at the end nor a run
        ("8C 8D 7H 8S", 2, ["thirty-one"]),  # the 8s are not in a row: no pair
        ("9C 9D 6H 7S", 2, ["thirty-one"]),
        ("5C 5D 5H TS 6S", 2, ["thirty-one"]),  # 31 and no pair
        ("TC 7D 7H 7S", 8, ["thirty-one", "pair royal"]),
    ],
)
def test_known_series(cards: str, points: int, kinds: list[str]) -> None:
    series = parse_cards(cards)
    items = peg_items(series)
    assert [item.kind.value for item in items] == kinds
    assert peg_points(series) == points == reference_points(list(series))


def test_the_worked_runs_of_the_rules_file() -> None:
    # 4, then 6, then 5: fifteen for two, and a run of three for five; 7 makes 22, a run
    # of four; an 8 makes 30, a run of five.
    series = parse_cards("4C 6D 5H 7S 8C")
    assert [peg_points(series[:n]) for n in range(1, 6)] == [0, 0, 5, 4, 5]
    assert [count_of(series[:n]) for n in range(1, 6)] == [4, 10, 15, 22, 30]


def test_a_run_names_its_cards() -> None:
    (run,) = [i for i in peg_items(parse_cards("9C 4C 6D 5H")) if i.kind is PegKind.RUN]
    assert run.cards == parse_cards("4C 6D 5H") and run.points == 3


@pytest.mark.parametrize(
    ("cards", "spoken"),
    [
        ("5H", "five"),
        ("5H TC", "fifteen two"),
        ("5H TC 5C", "twenty"),
        ("5H TC 5C 5D", "twenty-five, and a pair for two"),
        ("5H TC 5C 5D 6S", "thirty-one for two"),
        ("4C 6D 5H", "fifteen two, and a run of three for five"),
        ("4C 4D 4H", "twelve, and a pair royal for six"),
        ("5C 5D 5H", "fifteen two, and a pair royal for eight"),
        ("TC 7D 7H 7S", "thirty-one for two, and a pair royal for eight"),
        ("2C 2D 2H 2S", "eight, and a double pair royal for twelve"),
    ],
)
def test_calls_are_said_as_players_say_them(cards: str, spoken: str) -> None:
    series = parse_cards(cards)
    assert call(count_of(series), peg_items(series)) == spoken


# -- whole plays ------------------------------------------------------------------------


def reference_play(hands: list[list[Card]], pone: int, laid: list[tuple[int, Card]]) -> list[int]:
    """The play as the rules file tells it, replaying the cards laid; returns points pegged."""
    held = [list(h) for h in hands]
    points = [0, 0]
    series: list[Card] = []
    turn, last = pone, pone
    moves = iter(laid)

    def fits(player: int) -> bool:
        return any(count_of(series) + card.value <= 31 for card in held[player])

    while held[0] or held[1]:
        if fits(turn):
            player, card = next(moves)
            assert (player, card in held[turn]) == (turn, True)
            held[turn].remove(card)
            series.append(card)
            last = turn
            points[turn] += reference_points(series)
            if count_of(series) == 31:
                series, turn = [], 1 - last  # 31: no point for the go
            else:
                turn = 1 - turn
        elif fits(1 - turn):
            turn = 1 - turn  # "go": the other lays on
        else:
            points[last] += 1  # one for the go
            series, turn = [], 1 - last
    if series:
        points[last] += 1  # one for last
    return points


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), data=st.data())
def test_the_play_pegs_as_a_reference_play_does(seed: int, data: st.DataObject) -> None:
    match = Match(seed)
    deal = match.deal
    while match.deal is deal and match.current_player is not None:
        player = match.current_player
        match.apply(data.draw(st.sampled_from(match.legal_actions())), player=player)
    kept = [list(deal.kept(0)), list(deal.kept(1))]
    assert deal.pegged == reference_play(kept, deal.pone, list(deal.laid))
    assert len(deal.laid) == 8 or max(match.results[0].scores) == 121
    # Each card's count and items agree with the series it ended.
    for event in deal.events:
        if isinstance(event, Laid):
            assert event.count <= 31
    goes = [e for e in deal.events if isinstance(e, GoPoint)]
    assert all(e.points == 1 for e in goes)
    last = [e for e in deal.events if isinstance(e, Laid)][-1]
    if len(deal.laid) == 8:  # one for last, unless the last card made 31
        assert any(e.item.kind is PegKind.LAST for e in goes) == (last.count != 31)


def test_nothing_laid_pegs_nothing() -> None:
    assert peg_items(()) == () and peg_points([]) == 0
