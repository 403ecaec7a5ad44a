"""The tracker against the engine: at every moment of many seeded games, what it says is
to come is exactly what the engine then deals."""

from __future__ import annotations

import random

import pytest

from solitaire.core.cards import ALL_CARDS, Card, Rank
from solitaire.patience.game import ROUNDS, Game
from solitaire.patience.tracker import Place, Return, track

Event = tuple[int | None, Place, Card]


def copy_of(game: Game) -> Game:
    twin = Game(game.deck, seed=game.seed)
    for result in game.rounds:
        twin.discard(result.discard)
    return twin


def still_to_come(game: Game, dealt: bool, rng: random.Random) -> tuple[list[Event], set[Card]]:
    """Every card the engine deals from now on, in order, and the blind crib on the table.

    The rest of the game is played out on a copy with random discards (what is dealt
    does not depend on them)."""
    twin = copy_of(game)
    events: list[Event] = []
    blind: set[Card] = set()
    if twin.final is not None:
        if not dealt:
            events += [(None, Place.FINAL, c) for c in twin.final.cards]
        return events, blind
    first = True
    while twin.final is None:
        six = twin.shown
        result = twin.discard(rng.sample(six, 2))
        if first and dealt:
            blind = set(result.crib_dealt)
        else:
            events += [(result.number, Place.HAND, c) for c in six[:3]]
            events += [(result.number, Place.CRIB, c) for c in result.crib_dealt]
            events += [(result.number, Place.HAND, c) for c in six[3:]]
        events.append((result.number, Place.STARTER, result.starter))
        first = False
    events += [(None, Place.FINAL, c) for c in twin.final.cards]
    return events, blind


def seen_by_player(game: Game, dealt: bool) -> set[Card]:
    seen = {c for r in game.rounds for c in (*r.shown, *r.crib_dealt, r.starter)}
    if dealt:
        seen |= set(game.shown) | set(game.final.cards if game.final else ())
    return seen


def check_moment(game: Game, dealt: bool, rng: random.Random) -> None:
    tracker = track(game, dealt)
    seen = seen_by_player(game, dealt)
    events, blind = still_to_come(game, dealt, rng)
    assert set(tracker.unseen) == set(ALL_CARDS) - seen
    assert list(tracker.unseen) == sorted(tracker.unseen)
    # The cards to come that the player has already seen: each, where and when, in order.
    expected = [(n, place, c) for n, place, c in events if c in seen]
    assert [(r.round, r.place, r.card) for r in tracker.returns] == expected
    for r in tracker.returns:
        assert game.rounds[r.starter_of - 1].starter == r.card
    known = all(c in seen for _, _, c in events)
    assert tracker.fully_known == known
    if known:
        assert set(tracker.blind_crib) == blind
    engine_left = game.cards_left if dealt or game.final is None else len(game.final.cards)
    if not dealt and game.final is None:
        engine_left += len(game.shown) + 2
    assert tracker.cards_left == engine_left


@pytest.mark.parametrize("seed", [*range(60), 10**30, 2**64 - 1])
def test_tracker_matches_the_engine_at_every_moment(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.from_seed(seed)
    moments = 0
    while True:
        check_moment(game, True, rng)  # the six (or the final hand) on the table
        moments += 1
        if game.is_over:
            break
        game.discard(rng.sample(game.shown, 2))
        check_moment(game, False, rng)  # the round's result shown, the next deal not yet
        moments += 1
    assert moments == 2 * ROUNDS + 1


def test_the_rules_card_counting_facts() -> None:
    game = Game.from_seed(5)
    for _ in range(5):
        game.discard(game.shown[:2])
    starters = [r.starter for r in game.rounds]
    tracker = track(game)
    assert tracker.fully_known and len(tracker.unseen) == 2
    assert game.shown[5] == starters[0]  # the round-1 starter is back in round 6's hand
    assert tracker.returns == (
        Return(starters[1], 2, 6, Place.STARTER),
        Return(starters[2], 3, None, Place.FINAL),
        Return(starters[3], 4, None, Place.FINAL),
        Return(starters[4], 5, None, Place.FINAL),
        Return(starters[1], 2, None, Place.FINAL),
    )
    before = track(game, dealt=False)  # round 5's result: round 6 not dealt yet
    assert not before.fully_known
    assert before.returns[0] == Return(starters[0], 1, 6, Place.HAND)


def test_unseen_by_rank_lists_every_rank() -> None:
    tracker = track(Game.from_seed(9))
    groups = tracker.unseen_by_rank()
    assert [rank for rank, _ in groups] == list(Rank)
    assert sum(len(cards) for _, cards in groups) == 46
    assert all(c.rank == rank for rank, cards in groups for c in cards)
