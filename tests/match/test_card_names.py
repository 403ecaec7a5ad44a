"""Every refusal names its cards as the screen does (10♣), never as records write them (TC)."""

from __future__ import annotations

import random
import re

from solitaire.core.cards import ALL_CARDS, Card, named, suit_letters
from solitaire.core.errors import CribsolError
from solitaire.match.game import GO, Action, Discard, IllegalMoveError, Lay, Match
from solitaire.match.players import EasyPlayer
from solitaire.patience.game import Game

RECORD_NAME = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])[CDHS](?![a-z])")
SCREEN_NAME = re.compile(r"(10|[2-9JQKA])[♣♦♥♠]")


def refusals(match: Match) -> list[str]:
    """What the match says to every wrong card, go or discard of the player to act."""
    seat = match.current_player
    assert seat is not None
    held = match.held(seat)
    outside = next(card for card in ALL_CARDS if card not in held)
    wrong: list[Action] = [Lay(outside), Lay(held[0])]
    wrong += [GO, Discard((held[0], held[0])), Discard((outside, held[0]))]
    said = []
    for action in wrong:
        try:
            match.check(action, player=seat)
        except IllegalMoveError as error:
            said.append(str(error))
    return said


def test_the_match_refuses_in_the_screen_s_card_names() -> None:
    messages: list[str] = []
    for seed in range(6):
        match, rng = Match(seed), random.Random(seed)
        player = EasyPlayer(rng)
        for _ in range(40):
            if match.is_over:
                break
            messages += refusals(match)
            seat = match.current_player
            assert seat is not None
            match.apply(player.choose(match.observation(seat)), player=seat)
    named_cards = [m for m in messages if SCREEN_NAME.search(m)]
    assert len(named_cards) > 100  # not in hand, past 31, a go while a card fits, duplicates
    assert any("past 31" in m for m in named_cards)
    assert any("cannot say go" in m for m in named_cards)
    assert [m for m in messages if RECORD_NAME.search(m) or "'" in m] == []


def test_the_patience_refuses_in_the_screen_s_card_names() -> None:
    game = Game.from_seed(3)
    shown = game.shown
    outside = next(card for card in ALL_CARDS if card not in shown)
    for text in (f"{shown[0]} {shown[0]}", f"{outside} {shown[0]}"):
        try:
            game.check_discard(text)
        except CribsolError as error:
            assert SCREEN_NAME.search(str(error)) and not RECORD_NAME.search(str(error))
        else:
            raise AssertionError(f"{text} was not refused")


def test_an_ascii_screen_writes_suits_as_letters() -> None:
    ten = Card.parse("TC")
    assert named(ten) == "10♣" and suit_letters(named(ten)) == ten.symbol(ascii=True) == "10C"
    assert suit_letters("5♥ J♦ 9♠ is not in your hand") == "5H JD 9S is not in your hand"
