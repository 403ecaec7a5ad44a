"""The deal, defined once in patience.deal, is the deal every part of the game plays."""

from __future__ import annotations

import numpy as np
import pytest

from solitaire.core.cards import ALL_CARDS, Deck
from solitaire.patience.deal import (
    DEALT_BEFORE_STARTER,
    FINAL_SLOTS,
    ROUND_ORDER,
    ROUND_SLOTS,
    ROUNDS,
    Deal,
)
from solitaire.patience.game import Game
from solitaire.patience.kernel import play_decks
from solitaire.patience.strategy import best_strategy, play_out
from solitaire.patience.tracker import Place, track


def ordered_game() -> Game:
    """A game dealt from the deck in card order: card i is at position i."""
    return Game(Deck(ALL_CARDS))


def test_every_position_is_dealt_once_and_the_starters_come_back() -> None:
    assert len(ROUND_SLOTS) == ROUNDS and ROUND_ORDER.count(Deal.STARTER) == 1
    assert DEALT_BEFORE_STARTER == 8
    # Each position leaves the deck once; a starter returns, dealt again later or in the final hand.
    first_use = {p for s in ROUND_SLOTS for p in (*s.shown, *s.crib, s.starter)}
    assert first_use | set(FINAL_SLOTS) == set(range(52))
    assert ROUND_SLOTS[5].shown[-1] == ROUND_SLOTS[0].starter  # round 6 deals round 1's
    assert ROUND_SLOTS[5].starter == ROUND_SLOTS[1].starter  # and turns round 2's
    assert tuple(ROUND_SLOTS[k].starter for k in (2, 3, 4, 1)) == FINAL_SLOTS


def test_the_game_deals_from_the_defined_positions() -> None:
    game = ordered_game()
    while not game.is_over:
        number = game.round_number
        slots = ROUND_SLOTS[number - 1]
        assert game.shown == tuple(ALL_CARDS[p] for p in slots.shown)
        game.discard(game.shown[:2])
        result = game.rounds[-1]
        assert result.crib_dealt == tuple(ALL_CARDS[p] for p in slots.crib)
        assert result.starter == ALL_CARDS[slots.starter]
    assert game.final is not None
    assert game.final.cards == tuple(ALL_CARDS[p] for p in FINAL_SLOTS)


@pytest.mark.parametrize("played", range(ROUNDS))
def test_the_unseen_positions_are_what_the_player_has_not_seen(played: int) -> None:
    game = ordered_game()
    for _ in range(played):
        game.discard(game.shown[:2])
    slots = ROUND_SLOTS[played]
    unseen = [ALL_CARDS[p] for p in slots.unseen(ROUND_SLOTS[:played])]
    assert sorted(unseen) == sorted(track(game).unseen)


def test_the_tracker_places_returning_starters_where_the_deal_puts_them() -> None:
    game = ordered_game()
    game.discard(game.shown[:2])
    game.discard(game.shown[:2])
    returns: dict[object, list[tuple[int | None, Place]]] = {}
    for back in track(game).returns:
        returns.setdefault(back.card, []).append((back.round, back.place))
    first, second = ALL_CARDS[ROUND_SLOTS[0].starter], ALL_CARDS[ROUND_SLOTS[1].starter]
    assert returns[first] == [(6, Place.HAND)]
    assert returns[second] == [(6, Place.STARTER), (None, Place.FINAL)]


def test_the_kernel_plays_the_same_deal_as_the_game() -> None:
    for seed in range(5):
        game = Game.from_seed(seed)
        deck = np.array([[int(c) for c in game.deck]], dtype=np.int64)
        play_out(game, best_strategy)
        rounds = [r.hand_points + r.crib_points + r.heels for r in game.rounds]
        assert game.final is not None
        assert play_decks(deck, "best")[0].tolist() == [*rounds, game.final.points]
