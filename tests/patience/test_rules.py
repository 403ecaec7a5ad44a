"""The rules a player reads: the card-counting facts hold in the engine, the copies agree."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solitaire.patience.advisor import position_of
from solitaire.patience.game import Game
from solitaire.patience.rules import rules_text
from solitaire.patience.strategy import make_strategy

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("seed", range(40))
def test_the_card_counting_facts_hold(seed: int) -> None:
    game = Game.from_seed(seed)
    strategy = make_strategy("random", random.Random(seed))
    while not game.is_over:
        position = position_of(game)
        if game.round_number == 6:
            starters = [r.starter for r in game.rounds]
            # Round 6 deals the round 1 starter, and its starter is known: round 2's.
            assert starters[0] in game.shown
            assert game.known_starter() == starters[1] == position.starter
            round6_unseen = set(position.unseen)
        else:
            assert game.known_starter() is None and position.starter is None
        game.discard(strategy(game))
    rounds = game.rounds
    # Round 6 is played with every card known but its two blind crib cards.
    assert round6_unseen == set(rounds[5].crib_dealt)
    # Before round 6: seven cards never seen, then the five starters (round 6 deals 8).
    fresh = [c for c in rounds[5].shown if c != rounds[0].starter]
    seen_before = {c for r in rounds[:5] for c in (*r.shown, *r.crib_dealt, r.starter)}
    assert len(fresh) == 5 and not (set(fresh) | round6_unseen) & seen_before
    assert rounds[5].starter == rounds[1].starter
    assert game.final is not None
    assert game.final.cards == tuple(rounds[n].starter for n in (2, 3, 4, 1))


def test_the_rules_say_these_facts() -> None:
    text = rules_text()
    for fact in (
        "round 1 starter",
        "round 6 starter is the round 2 starter",
        "every card known",
        "final hand is the starters of rounds 3, 4, 5 and 2",
        "bottom of the deck",
    ):
        assert fact in text.replace("**", "")


def test_the_packaged_rules_are_the_documented_ones() -> None:
    assert rules_text() == (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/RULES.md)" in readme and "../shared" not in readme
