"""Outside players from PyPI at our table: whole games refereed by our engine, their answers
translated faithfully, and an illegal or failing answer refused with nothing changed."""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest

from solitaire.core.cards import Card
from solitaire.match.game import GO, Discard, Lay, Match, Phase
from solitaire.match.outside import OUTSIDE, make_outside
from solitaire.match.players import Player, PlayerError, StandardPlayer, advance
from solitaire.match.record import match_record, replay_match

ai = importlib.import_module("cribbage.ai")
their_cards = importlib.import_module("cribbage.cards")


def _theirs(card: Card) -> Any:
    """magmacrunch's card for ours, spelled out from the card's text."""
    text = str(card)
    rank = {"T": "10"}.get(text[0], text[0])
    suit = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[text[1]]
    return their_cards.Card(suit, rank)


@pytest.mark.parametrize("name", OUTSIDE)
@pytest.mark.parametrize("seed", [1, 2])
def test_an_outside_player_plays_whole_games_that_replay_exactly(name: str, seed: int) -> None:
    for outside_seat in (0, 1):
        match = Match(seed, games=2)
        players: list[Player] = [StandardPlayer(), StandardPlayer()]
        players[outside_seat] = make_outside(name, random.Random(seed))
        advance(match, players)
        assert match.is_over and len(match.results) == 2
        record = match_record(match, ("standard", name) if outside_seat else (name, "standard"))
        assert replay_match(json.loads(json.dumps(record))).results == match.results


def _plays_of(name: str, seed: int) -> list[tuple[Any, ...]]:
    match = Match(seed)
    seen: list[tuple[Any, ...]] = []
    player = make_outside(name, random.Random(seed))
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        view = match.observation(seat)
        action = player.choose(view)
        seen.append((view, action))
        match.apply(action, player=seat)
    return seen


def test_magmacrunch_answers_as_its_own_functions_do_on_its_own_cards() -> None:
    checked = 0
    for view, action in _plays_of("magmacrunch", 5):
        hand = [_theirs(c) for c in view.hand]
        if view.phase is Phase.DISCARD:
            thrown = ai.select_crib_cards(hand, not view.is_dealer)
            assert isinstance(action, Discard)
            assert [_theirs(c) for c in action.cards] == thrown
        else:
            card = ai.select_pegging_card(hand, view.count, [_theirs(c) for c in view.series])
            if card is None:
                assert action == GO
            else:
                assert isinstance(action, Lay) and _theirs(action.card) == card
        checked += 1
    assert checked > 20


def test_pycribbage_discards_the_first_two_and_lays_the_first_card_that_fits() -> None:
    for view, action in _plays_of("pycribbage", 6):
        if view.phase is Phase.DISCARD:
            assert action == Discard((view.hand[0], view.hand[1]))
        else:
            fits = [c for c in view.hand if view.count + c.value <= 31]
            assert action == (Lay(fits[0]) if fits else GO)


def test_pycribbage_random_is_seeded_and_leaves_the_global_generator_alone() -> None:
    random.seed(123)
    before = random.random()
    random.seed(123)
    first = [str(a) for _, a in _plays_of("pycribbage-random", 8)]
    assert random.random() == before
    assert first == [str(a) for _, a in _plays_of("pycribbage-random", 8)]
    assert first != [str(a) for _, a in _plays_of("pycribbage", 8)]


def _at_the_play() -> Match:
    match = Match.from_cards(0, ["5H 5D 5S JC QD KH", "AC 2C 3C 4D 6S 7H"], "9C")
    match.discard(1, "6S 7H")
    match.discard(0, "QD KH")
    return match


@pytest.mark.parametrize(
    "answer, message",
    [
        (lambda hand, count, played: their_cards.Card("spades", "K"), "not a card it holds"),
        (lambda hand, count, played: "5H", "not a card it holds"),
        (lambda hand, count, played: 1 / 0, "magmacrunch failed: ZeroDivisionError"),
    ],
)
def test_an_answer_it_does_not_hold_or_a_failure_is_refused_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, answer: Any, message: str
) -> None:
    match = _at_the_play()
    before = json.dumps(match_record(match, ("magmacrunch", "standard")))
    monkeypatch.setattr(ai, "select_pegging_card", answer)
    with pytest.raises(PlayerError, match=message):
        advance(match, (None, make_outside("magmacrunch", random.Random(0))))
    with pytest.raises(PlayerError, match=message):
        advance(match, (None, make_outside("magmacrunch", random.Random(0))))
    assert json.dumps(match_record(match, ("magmacrunch", "standard"))) == before


def test_a_card_the_rules_refuse_is_named_by_the_referee(monkeypatch: pytest.MonkeyPatch) -> None:
    match = _at_the_play()
    match.lay(1, "4D")
    match.lay(0, "JC")  # 14
    match.lay(1, "AC")  # 15
    match.lay(0, "5H")  # 20
    before = json.dumps(match_record(match, ("standard", "magmacrunch")))
    monkeypatch.setattr(ai, "select_pegging_card", lambda hand, count, played: None)
    with pytest.raises(PlayerError, match=r"magmacrunch .* chose 'go', which the rules refuse"):
        advance(match, (None, make_outside("magmacrunch", random.Random(0))))
    assert json.dumps(match_record(match, ("standard", "magmacrunch"))) == before


def test_a_bad_discard_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    match = Match(4)
    monkeypatch.setattr(ai, "select_crib_cards", lambda hand, theirs: hand[:1])
    with pytest.raises(PlayerError, match="not two cards"):
        advance(match, [make_outside("magmacrunch", random.Random(0))] * 2)
    assert match.phase is Phase.DISCARD and len(match.held(match.pone)) == 6


def test_an_outside_player_not_installed_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.import_module

    def missing(name: str) -> Any:
        if name.startswith("cribbage"):
            raise ModuleNotFoundError(name)
        return real(name)

    monkeypatch.setattr(importlib, "import_module", missing)
    with pytest.raises(ValueError, match=r"magmacrunch-cribbage, which is not installed: pip"):
        make_outside("magmacrunch", random.Random(0))
