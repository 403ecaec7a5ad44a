"""The keep model and what it says of the opponent's cards, against plain recomputations."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb, prod

import pytest

from solitaire.core.cards import ALL_CARDS
from solitaire.match.decide.hidden import MODEL_SHARE, blend, crib_shift, keeps, six_ranks
from solitaire.match.game import Match, Observation
from solitaire.match.players import StandardPlayer
from tests.match.keep_reference import keep_of, points

Ranks = tuple[int, ...]


def _ranks_of(counts: object) -> Ranks:
    row = list(counts)  # type: ignore[call-overload]
    return tuple(rank for rank in range(1, 14) for _ in range(row[rank]))


def test_there_is_a_six_for_every_multiset_a_deal_can_make() -> None:
    sixes = six_ranks()
    # six ranks from 13 with repetition, less those holding five or six of a rank
    assert len(sixes) == comb(18, 6) - 13 * 12 - 13 == 18_395  # five of a rank, six of a rank
    assert len({tuple(six) for six in sixes.tolist()}) == len(sixes)


def test_the_keep_model_equals_the_written_out_one() -> None:
    counts, as_dealer, as_pone = keeps()
    sixes = six_ranks()
    rng = random.Random(4)
    picks = [*rng.sample(range(len(sixes)), 300)]
    edges = ([5, 5, 5, 5, 10, 11], [1, 1, 1, 1, 2, 3], [13, 13, 13, 13, 12, 12])
    picks += [i for i, six in enumerate(sixes.tolist()) if six in edges]
    for index in picks:
        six = tuple(sixes[index].tolist())
        assert _ranks_of(counts[index]) == six
        assert _ranks_of(as_dealer[index]) == keep_of(six, dealer=True)
        assert _ranks_of(as_pone[index]) == keep_of(six, dealer=False)


def test_the_model_keeps_what_a_player_keeps() -> None:
    _, as_dealer, as_pone = keeps()
    sixes = six_ranks().tolist()
    index = sixes.index([2, 3, 5, 5, 10, 13])
    assert _ranks_of(as_dealer[index]) == (5, 5, 10, 13)  # 2-3 to one's own crib
    index = sixes.index([5, 6, 7, 10, 11, 13])
    assert _ranks_of(as_dealer[index]) == (5, 10, 11, 13)  # 6-7 to one's own crib
    assert _ranks_of(as_pone[index]) == (5, 6, 7, 11)  # 10-K, little for the dealer's crib


def _view(seed: int, dealer: bool) -> Observation:
    """The view at the discard of the player (dealer or pone) of a seeded deal."""
    match = Match(seed)
    seat = match.dealer if dealer else match.pone
    return match.observation(seat)


@pytest.mark.parametrize(("seed", "dealer"), [(1, True), (2, False)])
def test_the_crib_shift_equals_a_plain_sum(seed: int, dealer: bool) -> None:
    view = _view(seed, dealer)
    shifts = crib_shift(view)
    mine = [int(card.rank) for card in view.dealt]
    unseen = [card for card in ALL_CARDS if card not in view.dealt]
    available = [0] + [4 - mine.count(rank) for rank in range(1, 14)]
    sixes = [tuple(six.tolist()) for six in six_ranks()]
    chosen = sorted(shifts)[:: len(shifts) // 3 or 1][:3]
    # the model: every opponent's six by rank, with the card hands making it, and what
    # the keep model throws from it (the same for every two of mine: worked out once)
    throws = []
    for six in sixes:
        ways = prod(comb(available[r], six.count(r)) for r in set(six))
        if not ways:
            continue
        kept = list(keep_of(six, dealer=not dealer))
        thrown = list(six)
        for rank in kept:
            thrown.remove(rank)
        lefts = [available[starter] - six.count(starter) for starter in range(1, 14)]
        throws.append((ways, thrown, lefts))
    for a, b in chosen:
        modelled_sum = 0  # an integer sum, divided once
        total = 0
        for ways, thrown, lefts in throws:
            for starter, left in enumerate(lefts, 1):
                modelled_sum += ways * left * points((a, b, *thrown, starter))
                total += ways * left
        modelled = Fraction(modelled_sum, total)
        # random throws: every two unseen cards, then every other unseen starter
        random_sum = 0
        random_total = 0
        for x, y in combinations(unseen, 2):
            for starter in unseen:
                if starter not in (x, y):
                    random_sum += points((a, b, x.rank, y.rank, starter.rank))
                    random_total += 1
        assert shifts[(a, b)] == modelled - Fraction(random_sum, random_total)


def test_the_dealers_own_throw_makes_pones_crib_cards_worth_more() -> None:
    # As pone, the dealer's two are the model's good crib cards: every shift is up.
    view = _view(2, dealer=False)
    assert all(shift > 0 for shift in crib_shift(view).values())


def test_the_blend_weighs_the_model_and_equal_chances_nine_to_one() -> None:
    hands: list[tuple[Ranks, int]] = [((1, 2), 3), ((3, 4), 1), ((5, 6), 4)]
    model: dict[Ranks, int] = {(1, 2): 10, (5, 6): 30}
    blended = dict(blend(hands, model))
    total = sum(blended.values())
    for hand, cards in hands:
        expected = MODEL_SHARE * Fraction(model.get(hand, 0), 40) + (1 - MODEL_SHARE) * Fraction(
            cards, 8
        )
        assert Fraction(blended[hand], total) == expected
    assert blend(hands, {(7, 8): 5}) == hands  # the model leaves none of them: equal chances


def test_hidden_hands_the_model_rules_out_keep_a_share() -> None:
    # Through a whole standard deal: every hand a card hand can make keeps a weight.
    from solitaire.match.decide.hidden import card_hands, hidden_hands

    match = Match(11)
    player = StandardPlayer()
    checked = 0
    while not match.is_over and match.deal.number == 1:
        seat = match.current_player
        assert seat is not None
        view = match.observation(seat)
        if view.phase.value == "play" and view.opponent_held:
            weighted = dict(hidden_hands(view)[0])
            assert set(weighted) == {hand for hand, _ in card_hands(view)}
            assert all(weight > 0 for weight in weighted.values())
            checked += 1
        match.apply(player.choose(view), player=seat)
    assert checked
