"""Deal codes round-trip every deck, forgive case and dashes, and catch typos; daily seeds."""

from __future__ import annotations

import datetime as dt

import pytest

from solitaire.core.cards import Deck
from solitaire.core.dealcode import DealCodeError, daily_seed, deal_code, decode_deal


def test_deal_codes_round_trip_and_are_forgiving() -> None:
    for seed in range(30):
        deck = Deck.from_seed(seed)
        code = deal_code(deck)
        assert len(code) == 47
        assert decode_deal(code) == deck
        assert decode_deal(code.lower()) == deck
        spaced = "-".join(code[i : i + 5] for i in range(0, 47, 5))
        assert decode_deal(spaced) == deck
    assert deal_code(Deck.from_seed(1)) == "1D915XF821X3XXM504PDBEV4XZ0WEHECHKY86JBHE8CY9D8"


def test_bad_deal_codes_are_named() -> None:
    code = deal_code(Deck.from_seed(3))
    typo = code[:10] + ("A" if code[10] != "A" else "B") + code[11:]
    with pytest.raises(DealCodeError, match="does not check out"):
        decode_deal(typo)
    with pytest.raises(DealCodeError, match="expected 47 characters, got 3"):
        decode_deal("ABC")
    with pytest.raises(DealCodeError, match="'U' is not a code character"):
        decode_deal("U" * 47)
    with pytest.raises(DealCodeError, match="does not check out"):
        decode_deal("Z" * 47)


def test_daily_seed_is_stable() -> None:
    assert daily_seed(dt.date(2026, 11, 29)) == daily_seed(dt.date(2026, 11, 29))
    assert daily_seed(dt.date(2026, 11, 29)) != daily_seed(dt.date(2026, 11, 30))
    assert daily_seed(dt.date(2026, 1, 1)) == PINNED_DAILY


PINNED_DAILY = 3492364709229534597
