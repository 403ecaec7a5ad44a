"""Computer players: legal, seeded, exact discards checked by brute force, careful pegging."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from solitaire.core.cards import ALL_CARDS, Card, parse_cards
from solitaire.core.scoring import crib_points, hand_points
from solitaire.match.game import GO, Action, Discard, Lay, Match, Observation, Phase
from solitaire.match.pegging import count_of, peg_points
from solitaire.match.players import (
    EasyPlayer,
    Player,
    StandardPlayer,
    advance,
    discard_values,
    lay_values,
)
from solitaire.match.registry import make_player


def brute_discards(six: tuple[Card, ...]) -> dict[tuple[Card, Card], tuple[Fraction, Fraction]]:
    """Expected hand and crib of each discard, scoring every starter and opponent's crib pair."""
    unseen = [c for c in ALL_CARDS if c not in six]
    pairs = len(unseen) * comb(len(unseen) - 1, 2)
    out = {}
    for a, b in combinations(six, 2):
        keep = [c for c in six if c not in (a, b)]
        hand = crib = 0
        for starter in unseen:
            hand += hand_points(keep[0], keep[1], keep[2], keep[3], starter)
            rest = [c for c in unseen if c != starter]
            for x, y in combinations(rest, 2):
                crib += crib_points(a, b, x, y, starter)
        out[(a, b)] = Fraction(hand, len(unseen)), Fraction(crib, pairs)
    return out


def test_standard_discards_by_the_exact_expectation_for_dealer_and_pone() -> None:
    match = Match(seed=12)
    pone = match.observation(match.pone)
    dealer = dataclasses.replace(pone, dealer=pone.player)  # the same six, as the dealer
    brute = brute_discards(pone.dealt)
    assert discard_values(pone) == {d: hand - crib for d, (hand, crib) in brute.items()}
    assert discard_values(dealer) == {d: hand + crib for d, (hand, crib) in brute.items()}
    for view in (pone, dealer):
        values = discard_values(view)
        choice = StandardPlayer().choose(view)
        assert isinstance(choice, Discard) and values[choice.cards] == max(values.values())


def observation(
    hand: str, series: str = "", held: int = 4, said_go: bool = False, dealer: int = 0
) -> Observation:
    """A position in the play from player 0's side."""
    cards = parse_cards(hand)
    laid = parse_cards(series) if series else ()
    legal: tuple[Action, ...] = tuple(Lay(c) for c in cards if count_of(laid) + c.value <= 31) or (
        GO,
    )
    return Observation(
        player=0,
        phase=Phase.PLAY,
        to_act=0,
        dealer=dealer,
        scores=(0, 0),
        game_number=1,
        deal_number=1,
        dealt=cards,
        discard=None,
        hand=cards,
        starter=None,
        laid=tuple((1, c) for c in laid),
        series=laid,
        count=count_of(laid),
        opponent_held=held,
        opponent_said_go=said_go,
        legal=legal,
    )


def brute_lay(view: Observation, card: Card) -> Fraction:
    """Points now less the opponent's best reply, averaged over every hand they could hold."""
    unseen = [c for c in ALL_CARDS if c not in view.seen()]
    series = [*view.series, card]
    total = Fraction(0)
    hands = list(combinations(unseen, view.opponent_held))
    for hand in hands:
        replies = [peg_points([*series, r]) for r in hand if count_of(series) + r.value <= 31]
        total += max(replies, default=0)
    return peg_points(series) - total / len(hands)


@pytest.mark.parametrize(
    ("hand", "series", "held"),
    [("5H 4C KD 9S", "", 2), ("7H 8C 2D", "7S", 2), ("TH 5C 6D", "KS 5S", 1), ("3H 3C", "8S", 3)],
)
def test_lay_values_are_the_exact_expectation(hand: str, series: str, held: int) -> None:
    view = observation(hand, series, held)
    values = lay_values(view)
    assert values == {card: brute_lay(view, card) for card in values}


def test_standard_does_not_lead_a_five_or_leave_twenty_one() -> None:
    assert StandardPlayer().choose(observation("5H 4C KD 9S")) != Lay(Card.parse("5H"))
    # From 14, a 7 leaves 21 (a ten makes 31 for two); the 2 leaves 16.
    choice = StandardPlayer().choose(observation("7H 2C", "KS 4D"))
    assert choice == Lay(Card.parse("2C"))


def test_standard_takes_points_when_they_are_safe() -> None:
    assert StandardPlayer().choose(observation("TH 2C 3D", "5S")) == Lay(Card.parse("TH"))
    # From 21 the king makes 31 for two: no reply is possible after it.
    assert StandardPlayer().choose(observation("KH 2C", "9S 8D 4C")) == Lay(Card.parse("KH"))


def test_no_reply_is_feared_from_an_opponent_who_said_go() -> None:
    view = observation("5H 4C", "TS KD", said_go=True)
    assert lay_values(view) == {c: Fraction(peg_points([*view.series, c])) for c in view.hand}


def test_standard_says_go_only_when_nothing_fits() -> None:
    assert StandardPlayer().choose(observation("KH QC", "TS KD 9C")) == GO


def test_every_computer_action_is_legal_and_seeded() -> None:
    def run(seed: int) -> list[object]:
        match = Match(seed)
        players = (EasyPlayer(random.Random(seed)), make_player("standard", random.Random(0)))
        chosen: list[object] = []
        while (seat := match.current_player) is not None:
            view = match.observation(seat)
            action = players[seat].choose(view)
            assert action in view.legal
            chosen.append(action)
            match.apply(action, player=seat)
        return chosen

    assert run(4) == run(4) != run(5)


def test_an_outside_player_sits_beside_the_computer() -> None:
    class FirstLegal:
        name = "first"

        def choose(self, view: Observation) -> Action:
            return view.legal[0]

    match = Match(seed=8)
    advance(match, (FirstLegal(), StandardPlayer()))
    assert match.is_over


def test_advance_stops_at_a_persons_turn() -> None:
    match = Match(seed=6)
    advance(match, (None, StandardPlayer()))
    assert match.current_player == 0


def test_standard_beats_easy_over_a_few_seeded_games() -> None:
    wins = 0
    for seed in range(10):
        match = Match(seed)
        standard = seed % 2  # the seats alternate
        seats: list[Player] = [EasyPlayer(random.Random(seed))]
        seats.insert(standard, StandardPlayer())
        advance(match, seats)
        wins += match.results[0].winner == standard
    assert wins >= 8


def test_unknown_level() -> None:
    with pytest.raises(ValueError, match="unknown player 'master'"):
        make_player("master", random.Random(0))
