"""Deal codes round-trip every deck, forgive case and dashes, and catch every typo; daily seeds."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from solitaire.core.cards import Deck
from solitaire.core.dealcode import (
    CODE_LENGTH,
    DealCodeError,
    current_code,
    daily_seed,
    deal_code,
    decode_deal,
)

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def test_deal_codes_round_trip_and_are_forgiving() -> None:
    for seed in range(30):
        deck = Deck.from_seed(seed)
        code = deal_code(deck)
        assert len(code) == CODE_LENGTH == 48
        assert decode_deal(code) == deck
        assert decode_deal(code.lower()) == deck
        assert decode_deal(code.replace("0", "O").replace("1", "l")) == deck
        spaced = "-".join(code[i : i + 6] for i in range(0, 48, 6))
        assert decode_deal(spaced) == deck
    assert deal_code(Deck.from_seed(1)) == "1D915XF821X3XXM504PDBEV4XZ0WEHECHKY86JBHE8CY9D35"


def lehmer_rank(deck: Deck) -> int:
    """The deck's rank among all orders, counted independently of the module."""
    rank = 0
    remaining = list(Deck.new())
    for position, card in enumerate(deck):
        smaller = remaining.index(card)
        rank = rank * (52 - position) + smaller
        remaining.remove(card)
    return rank


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 12345])
def test_code_is_the_rank_in_base_32_then_its_remainder_mod_1009(seed: int) -> None:
    deck = Deck.from_seed(seed)
    code = deal_code(deck)
    value = int(
        "".join("0123456789ABCDEFGHIJKLMNOPQRSTUV"[ALPHABET.index(c)] for c in code[:46]), 32
    )
    check = ALPHABET.index(code[46]) * 32 + ALPHABET.index(code[47])
    assert value == lehmer_rank(deck)
    assert check == value % 1009


# The earlier 47-character codes (hash check digit) that histories and records hold.
OLD_CODES = {
    1: "1D915XF821X3XXM504PDBEV4XZ0WEHECHKY86JBHE8CY9D8",
    None: "00000000000000000000000000000000000000000000006",
}


def test_earlier_codes_are_still_read_and_map_to_current_ones() -> None:
    assert decode_deal(OLD_CODES[1]) == Deck.from_seed(1)
    assert decode_deal(OLD_CODES[None]) == Deck.new()
    assert current_code(OLD_CODES[1]) == deal_code(Deck.from_seed(1))
    assert current_code(deal_code(Deck.from_seed(4))) == deal_code(Deck.from_seed(4))
    with pytest.raises(DealCodeError, match="does not check out"):
        decode_deal(OLD_CODES[1][:-1] + "9")


def typos(code: str) -> tuple[list[str], list[str]]:
    """Every single substitution (by another code character) and every adjacent swap."""
    subs = [
        code[:i] + ch + code[i + 1 :] for i in range(len(code)) for ch in ALPHABET if ch != code[i]
    ]
    swaps = [
        code[:i] + code[i + 1] + code[i] + code[i + 2 :]
        for i in range(len(code) - 1)
        if code[i] != code[i + 1]
    ]
    return subs, swaps


def test_every_single_substitution_and_adjacent_swap_is_caught() -> None:
    rng = random.Random(20261129)
    decks = [Deck.new(), Deck(reversed(Deck.new().cards))]
    decks += [Deck.shuffled(rng) for _ in range(198)]
    tried = {"substitutions": 0, "swaps": 0}
    accepted = []
    for deck in decks:
        subs, swaps = typos(deal_code(deck))
        for name, variants in (("substitutions", subs), ("swaps", swaps)):
            for variant in variants:
                try:
                    decode_deal(variant)
                except DealCodeError:
                    tried[name] += 1
                else:
                    accepted.append(variant)
    assert accepted == []
    # 200 codes x 48 places x 31 other characters; swaps skip equal neighbours.
    assert tried["substitutions"] == 200 * 48 * 31
    assert tried["swaps"] > 200 * 40


def test_bad_deal_codes_are_named() -> None:
    with pytest.raises(DealCodeError, match="expected 48 characters, got 3"):
        decode_deal("ABC")
    with pytest.raises(DealCodeError, match="'U' is not a code character"):
        decode_deal("U" * 48)
    with pytest.raises(DealCodeError, match="does not check out"):
        decode_deal("Z" * 48)  # above 52!, whatever its check
    with pytest.raises(DealCodeError, match=r"\\x1b\[2J"):
        decode_deal("\x1b[2J")
    with pytest.raises(DealCodeError) as caught:
        decode_deal("7" * 10_000)
    assert len(str(caught.value)) < 150


def test_daily_seed_is_stable() -> None:
    assert daily_seed(dt.date(2026, 11, 29)) == daily_seed(dt.date(2026, 11, 29))
    assert daily_seed(dt.date(2026, 11, 29)) != daily_seed(dt.date(2026, 11, 30))
    assert daily_seed(dt.date(2026, 1, 1)) == PINNED_DAILY


PINNED_DAILY = 3492364709229534597
