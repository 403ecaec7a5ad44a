"""The game engine: where every card goes, legal and illegal discards, totals."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.cards import ALL_CARDS, Card, Deck, Rank, parse_cards
from solitaire.core.scoring import score_hand
from solitaire.patience.game import (
    Game,
    GameOverError,
    IllegalDiscardError,
    Milestone,
    UndoError,
    milestones_between,
)


def play_first_two(game: Game) -> Game:
    while not game.is_over:
        game.discard(game.shown[:2])
    return game


def test_round_one_is_dealt_3_2_3_from_the_top() -> None:
    deck = Deck.from_seed(11)
    game = Game(deck)
    assert game.shown == (*deck[0:3], *deck[5:8])
    result = game.discard(game.shown[:2])
    assert result.crib_dealt == (deck[3], deck[4])
    assert result.starter == deck[8]
    assert game.shown == (*deck[9:12], *deck[14:17])


@given(st.integers(min_value=0, max_value=10**12))
@settings(max_examples=50)
def test_where_every_card_goes(seed: int) -> None:
    deck = Deck.from_seed(seed)
    game = play_first_two(Game(deck))
    starters = [r.starter for r in game.rounds]
    # Rounds 1-5 use 45 fresh cards in order: 3 hand, 2 crib, 3 hand, starter.
    for i, r in enumerate(game.rounds[:5]):
        block = deck[9 * i : 9 * i + 9]
        assert r.shown == (*block[0:3], *block[5:8])
        assert r.crib_dealt == (block[3], block[4])
        assert r.starter == block[8]
    six = game.rounds[5]
    assert starters[0] in six.shown  # round 6 deals round 1's starter
    assert six.shown == (*deck[45:48], *deck[50:52], starters[0])
    assert six.crib_dealt == (deck[48], deck[49])
    assert six.starter == starters[1]  # round 6's starter is round 2's
    assert game.final is not None
    assert game.final.cards == (starters[2], starters[3], starters[4], starters[1])
    dealt = [c for r in game.rounds for c in (*r.shown, *r.crib_dealt)]
    assert sorted(set(dealt) | set(game.final.cards)) == list(ALL_CARDS)


def test_scores_and_running_totals() -> None:
    game = play_first_two(Game.from_seed(5))
    total = 0
    for r in game.rounds:
        assert r.total_before == total
        keep = tuple(c for c in r.shown if c not in r.discard)
        assert r.hand == score_hand(keep, r.starter)
        assert r.crib.total == score_hand((*r.crib_dealt, *r.discard), r.starter, crib=True).total
        assert r.heels == (2 if r.starter.rank == 11 else 0)
        steps = r.steps()
        assert [s.label for s in steps][-2:] == ["hand", "crib"]
        assert (r.hand.total, r.crib.total) == (r.hand_points, r.crib_points)
        assert steps[-1].total == r.total == total + r.heels + r.hand_points + r.crib_points
        total = r.total
    assert game.final is not None
    assert game.total == game.final.total == total + game.final.points
    assert game.final.points == game.final.score.total
    assert game.final.score.starter is None


def test_heels_is_scored_when_the_starter_is_a_jack() -> None:
    rest = [c for c in ALL_CARDS if c != Card.parse("JS")]
    deck = Deck([*rest[:8], Card.parse("JS"), *rest[8:]])
    result = Game(deck).discard(deck[0:2])
    assert result.heels == 2
    assert result.steps()[0].label == "his heels" and result.steps()[0].points == 2


@pytest.mark.parametrize(
    ("discard", "message"),
    [
        ("KD", "discard exactly 2 of your 6 cards, not 1"),
        ("KD 3D 10D", "discard exactly 2 of your 6 cards, not 3"),
        ("KD KD", "duplicate card K♦"),
        ("KD 2C", "2♣ is not in your hand (K♦ 3♦ 10♦ 10♥ 5♠ 3♠)"),
        ("KD ZZ", "invalid card 'ZZ'"),
        ("", "discard exactly 2 of your 6 cards, not 0"),
    ],
)
def test_illegal_discards_are_refused_and_change_nothing(discard: str, message: str) -> None:
    game = Game.from_seed(1)
    before = (game.shown, game.total, game.round_number, game.cards_left, game.seen())
    assert not game.can_discard(discard)
    with pytest.raises(IllegalDiscardError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game.discard(discard)
    assert (game.shown, game.total, game.round_number, game.cards_left, game.seen()) == before


def test_discard_after_the_end_is_refused() -> None:
    game = play_first_two(Game.from_seed(2))
    with pytest.raises(GameOverError):
        game.discard("AH 2H")
    assert not game.can_discard("AH 2H")


def test_seen_and_unseen_for_the_advisor() -> None:
    game = Game.from_seed(9)
    assert game.seen() == frozenset(game.shown)
    assert len(game.unseen()) == 46
    assert game.known_starter() is None
    for _ in range(5):
        game.discard(game.shown[:2])
        assert game.seen().isdisjoint(game.unseen())
        assert len(game.seen()) + len(game.unseen()) == 52
    # Round 6: only the two blind crib cards are unseen, and the starter is known.
    assert game.round_number == 6
    assert len(game.unseen()) == 2
    assert game.known_starter() == game.rounds[1].starter
    result = game.discard(game.shown[:2])
    assert set(result.crib_dealt) == set(parse_cards(" ".join(map(str, result.crib_dealt))))


def test_milestones() -> None:
    assert milestones_between(85, 95) == (Milestone.SKUNK,)
    assert milestones_between(89, 90) == ()
    assert milestones_between(90, 91) == (Milestone.SKUNK,)
    assert milestones_between(80, 125) == (Milestone.SKUNK, Milestone.GREAT)
    assert milestones_between(120, 121) == (Milestone.GREAT,)
    assert milestones_between(121, 130) == ()


def test_every_discard_of_round_one_is_accepted() -> None:
    for pair in combinations(Game.from_seed(4).shown, 2):
        game = Game.from_seed(4)
        assert game.can_discard(pair)
        assert game.discard(pair).discard == pair


def test_same_seed_same_game() -> None:
    rng = random.Random(3)
    a, b = Game.from_seed(77), Game.from_seed(77)
    while not a.is_over:
        choice = rng.sample(a.shown, 2)
        a.discard(choice)
        b.discard(choice)
    assert a.total == b.total and a.rounds == b.rounds


@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=1, max_value=6))
@settings(max_examples=60)
def test_undo_then_another_discard_equals_a_fresh_game_with_that_discard(
    seed: int, at: int
) -> None:
    rng = random.Random(seed)
    game = Game.from_seed(seed)
    fresh = Game.from_seed(seed)
    for _ in range(at - 1):
        discard = rng.sample(game.shown, 2)
        game.discard(discard)
        fresh.discard(discard)
    shown = game.shown
    first, second = rng.sample(list(combinations(shown, 2)), 2)
    game.discard(first)
    undo = game.undo()
    assert undo.round == at and set(undo.discard) == set(first)
    assert game.round_number == at and game.shown == shown and game.final is None
    assert game.seen() == fresh.seen() and game.cards_left == fresh.cards_left
    while not game.is_over:
        discard = list(second) if game.round_number == at else rng.sample(game.shown, 2)
        game.discard(discard)
        fresh.discard(discard)
    assert game.rounds == fresh.rounds and game.final == fresh.final
    assert game.total == fresh.total and game.undos == [undo] and not fresh.undos


def test_undo_needs_a_round_played_and_the_next_deal_unseen() -> None:
    game = Game.from_seed(2)
    assert not game.can_undo()
    with pytest.raises(UndoError, match="no discard to take back"):
        game.undo()
    game.discard(game.shown[:2])
    assert game.can_undo() and not game.next_seen
    game.undo()
    assert not game.can_undo()  # round 1 dealt again and seen: nothing more to take back
    game.discard(game.shown[:2])
    game.see_next()
    assert not game.can_undo()
    with pytest.raises(UndoError, match="round 1's discard stands"):
        game.undo()
    assert game.round_number == 2 and len(game.undos) == 1


@pytest.mark.parametrize("seed", range(30))
def test_a_rank_alone_names_the_one_card_of_that_rank(seed: int) -> None:
    game = Game.from_seed(seed)
    shown = game.shown
    counts = {r: sum(c.rank == r for c in shown) for r in Rank}
    for card in shown:
        token = card.rank.letter.lower() if card.rank != Rank.TEN else "10"
        other = next(c for c in shown if c != card)
        if counts[card.rank] == 1:
            assert game.check_discard(f"{token} {other}") == (card, other)
        else:
            twins = " or ".join(str(c) for c in shown if c.rank == card.rank)
            with pytest.raises(IllegalDiscardError, match=f"ambiguous: {twins}") as caught:
                game.check_discard(f"{other} {token}")
            assert caught.value.index == 1
    absent = next(r for r in Rank if counts[r] == 0)
    with pytest.raises(IllegalDiscardError, match=f"no {absent.letter} in your hand"):
        game.check_discard(f"{shown[0]} {absent.letter}")
    with pytest.raises(IllegalDiscardError, match="invalid card 'x'"):
        game.check_discard(f"{shown[0]} x")
