"""The play search against brute force: every hidden card hand, replayed and played out in full."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.match.decide.hidden import card_hands, hidden_hands
from solitaire.match.decide.solver import clear_table, solve
from solitaire.match.decide.values import play_options, play_values
from solitaire.match.game import GO, Discard, Go, Lay, Match, Observation, Phase
from solitaire.match.pegging import MAX_COUNT, count_of, peg_points
from solitaire.match.players import StandardPlayer
from tests.match.keep_reference import keep_of

Ranks = tuple[int, ...]


def _cards(ranks: Ranks) -> tuple[Card, ...]:
    return tuple(Card(rank, 0) for rank in ranks)  # the play scores ranks, never suits


def _end_series(hands: tuple[Ranks, Ranks], last: int, go_point: bool) -> int:
    """Player 0's net from the end of a series: the go point, then the next series."""
    points = (1 if last == 0 else -1) if go_point else 0
    if not hands[0] and not hands[1]:
        return points
    other = 1 - last
    leader = other if hands[other] else last
    return points + _reference(hands, leader, (), frozenset(), last)


def _lay_reference(
    hands: tuple[Ranks, Ranks], player: int, rank: int, series: Ranks, gone: frozenset[int]
) -> int:
    """Player 0's net of ``player`` laying ``rank``, then both playing perfectly (engine rules)."""
    held = list(hands[player])
    held.remove(rank)
    after = (tuple(held), hands[1]) if player == 0 else (hands[0], tuple(held))
    laid = (*series, rank)
    points = peg_points(_cards(laid)) * (1 if player == 0 else -1)
    if count_of(_cards(laid)) == MAX_COUNT:
        return points + _end_series(after, player, go_point=False)
    other = 1 - player
    if other not in gone and after[other]:
        return points + _reference(after, other, laid, gone, player)
    if after[player]:
        return points + _reference(after, player, laid, gone, player)
    return points + _end_series(after, player, go_point=True)


@cache
def _reference(
    hands: tuple[Ranks, Ranks], player: int, series: Ranks, gone: frozenset[int], last: int
) -> int:
    """Player 0's net pegging to the end of the play, ``player`` to act, every line tried."""
    count = count_of(_cards(series))
    fits = {rank for rank in hands[player] if count + min(rank, 10) <= MAX_COUNT}
    if not fits:  # go
        gone = gone | {player}
        other = 1 - player
        if other not in gone and hands[other]:
            return _reference(hands, other, series, gone, last)
        return _end_series(hands, last, go_point=True)
    values = [_lay_reference(hands, player, rank, series, gone) for rank in fits]
    return max(values) if player == 0 else min(values)


def _ranks(cards: tuple[Card, ...]) -> Ranks:
    return tuple(sorted(card.rank for card in cards))


def consistent(match: Match, me: int, hidden: tuple[Card, ...]) -> bool:
    """Could the opponent hold ``hidden``? Replays the deal's every action with that hand."""
    deal = match.deal
    them = 1 - me
    laid_by_them = [card for who, card in deal.laid if who == them]
    used = {*deal.hands[me], deal.starter, *laid_by_them, *hidden}
    fillers = [c for c in ALL_CARDS if c not in used][:2]
    hands = ["", ""]
    hands[me] = " ".join(map(str, deal.hands[me]))
    hands[them] = " ".join(map(str, (*laid_by_them, *hidden, *fillers)))
    replay = Match.from_cards(deal.dealer, hands, deal.starter)
    discards = {me: deal.discards[me], them: tuple(fillers)}
    for who in (deal.pone, deal.dealer):
        cards = discards[who]
        assert cards is not None
        replay.apply(Discard((cards[0], cards[1])), player=who)
    for who, action in deal.plays:
        if not replay.can(action, player=who):
            return False
        replay.apply(action, player=who)
    return True


def model_weight(view: Observation, hidden: tuple[Card, ...]) -> int:
    """How many pairs of unseen cards, thrown beside the opponent's laid cards and ``hidden``,
    make a six whose model keep is exactly those four."""
    laid = [card for who, card in view.laid if who != view.player]
    kept = _ranks((*laid, *hidden))
    rest = [c.rank for c in ALL_CARDS if c not in view.seen() and c not in hidden]
    return sum(
        1
        for thrown in combinations(rest, 2)
        if keep_of(tuple(sorted((*kept, *thrown))), not view.is_dealer) == kept
    )


def brute_values(match: Match, me: int) -> dict[Card, Fraction]:
    """Each card's net pegging over every card hand the opponent could hold, weighted 9 to 1
    by the keep model's chance of the hand and by equal chances (every hand alike when the
    model leaves none)."""
    view = match.observation(me)
    them = 1 - me
    unseen = [c for c in ALL_CARDS if c not in view.seen()]
    gone = frozenset({1}) if match.said_go(them) else frozenset()
    possible = [h for h in combinations(unseen, view.opponent_held) if consistent(match, me, h)]
    by_ranks: dict[Ranks, int] = {}  # (the count depends on the hidden hand's ranks alone)
    for hidden in possible:
        if _ranks(hidden) not in by_ranks:
            by_ranks[_ranks(hidden)] = model_weight(view, hidden)
    model = [by_ranks[_ranks(h)] for h in possible]
    share = sum(model)
    weights = [9 * len(possible) * m + share for m in model] if share else [1] * len(possible)
    totals: dict[Card, int] = {}
    for hidden, weight in zip(possible, weights, strict=True):
        hands = (_ranks(view.hand), _ranks(hidden))  # player 0 is "me" here
        series = tuple(card.rank for card in view.series)
        for action in view.legal:
            if isinstance(action, Lay):
                net = _lay_reference(hands, 0, action.card.rank, series, gone)
                totals[action.card] = totals.get(action.card, 0) + weight * net
    return {card: Fraction(total, sum(weights)) for card, total in totals.items()}


def positions(seed: int, most_hidden: int) -> Iterator[tuple[Match, int]]:
    """Decision points of a standard-v-standard deal with at most ``most_hidden`` hidden cards."""
    match = Match(seed)
    player = StandardPlayer()
    while not match.is_over and match.deal.number == 1:
        seat = match.current_player
        assert seat is not None
        view = match.observation(seat)
        if (
            view.phase is Phase.PLAY
            and view.opponent_held <= most_hidden
            and any(isinstance(a, Lay) for a in view.legal)
        ):
            yield match, seat
        match.apply(player.choose(view), player=seat)


@pytest.mark.parametrize("seed", range(12))
def test_play_values_equal_brute_force_over_every_hidden_hand(seed: int) -> None:
    checked = 0
    for match, seat in positions(seed, most_hidden=2):
        assert play_values(match.observation(seat), model="open") == brute_values(match, seat)
        checked += 1
    assert checked


@pytest.mark.slow
def test_three_hidden_cards_and_a_cold_table_agree_with_brute_force() -> None:
    checked = 0
    for seed in (40,):
        for match, seat in positions(seed, most_hidden=3):
            if match.observation(seat).opponent_held == 3:
                clear_table()
                values = play_values(match.observation(seat), model="open")
                assert values == brute_values(match, seat)
                checked += 1
                break
    assert checked == 1


def _find_go_position() -> tuple[Match, int]:
    """A position where the opponent said go earlier in the deal and still holds cards."""
    for seed in range(200):
        for match, seat in positions(seed, most_hidden=3):
            view = match.observation(seat)
            them = 1 - seat
            went = any(isinstance(action, Go) and who == them for who, action in match.deal.plays)
            if went and view.opponent_held:
                return match, seat
    raise AssertionError("no position with a go found")


def test_a_go_rules_out_the_hands_that_could_have_laid() -> None:
    match, seat = _find_go_position()
    view = match.observation(seat)
    unseen = [c for c in ALL_CARDS if c not in view.seen()]
    possible = [h for h in combinations(unseen, view.opponent_held) if consistent(match, seat, h)]
    assert sum(weight for _, weight in card_hands(view)) == len(possible)
    assert len(possible) < len(list(combinations(unseen, view.opponent_held)))
    assert {hand for hand, _ in hidden_hands(view)[0]} == {_ranks(h) for h in possible}
    assert play_values(view, model="open") == brute_values(match, seat)


def test_solve_equals_the_full_game_tree_on_random_open_hands() -> None:
    rng = random.Random(5)
    checked = 0
    while checked < 300:
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        series = tuple(deck[: rng.randrange(0, 4)])
        mine = tuple(deck[4 : 4 + rng.randrange(1, 5)])
        theirs = tuple(deck[8 : 8 + rng.randrange(0, 5)])
        count = count_of(series)
        if count > MAX_COUNT or all(count + c.value > MAX_COUNT for c in mine):
            continue
        laid = tuple(c.rank for c in series)
        last = 1 if series else 0
        assert solve(_ranks(mine), _ranks(theirs), count, laid) == _reference(
            (_ranks(mine), _ranks(theirs)), 0, laid, frozenset(), last
        )
        checked += 1


def test_options_agree_with_values_and_name_the_expected_reply() -> None:
    for match, seat in positions(3, most_hidden=4):
        view = match.observation(seat)
        options = play_options(view)
        values = play_values(view)
        assert {o.card: o.net for o in options} == values
        assert [o.net for o in options] == sorted(values.values(), reverse=True)
        for option in options:
            assert option.pegs == peg_points([*view.series, option.card])
            assert 0 <= option.reply <= 12


def test_a_player_who_must_say_go_has_nothing_to_value() -> None:
    for seed in range(50):
        match = Match(seed)
        player = StandardPlayer()
        while not match.is_over and match.deal.number == 1:
            seat = match.current_player
            assert seat is not None
            view = match.observation(seat)
            if view.legal == (GO,):
                assert play_values(view) == {}
                assert play_options(view) == []
                return
            match.apply(player.choose(view), player=seat)
    raise AssertionError("no go found")
