"""Every place that turns a player's text into a card, a tile, a move, a deal or a number
answers arbitrary text with a value or the project's own one-line error, never Python's.

Hypothesis draws any text (every script's digits, super- and subscripts, controls, very
long strings), and then the forms most likely to slip through."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.cli import main
from solitaire.cli.options import game_id, jobs_number, seed_number, whole_number
from solitaire.cli.parser import player_names
from solitaire.core.cards import Card, parse_cards
from solitaire.core.dealcode import decode_deal
from solitaire.core.errors import CribsolError
from solitaire.tiles.moves import parse_action
from solitaire.tiles.tiles import Tile, parse_rank, parse_tiles
from solitaire.ui.tiles.session import parse_typed

RACK = tuple(Tile.parse(t) for t in ("5D", "5L", "JD", "6L", "9D"))
ENGINE: dict[str, Callable[[str], object]] = {
    "Card.parse": Card.parse,
    "parse_cards": parse_cards,
    "decode_deal": decode_deal,
    "Tile.parse": Tile.parse,
    "parse_tiles": parse_tiles,
    "parse_rank": parse_rank,
    "parse_action": parse_action,
    "parse_typed": lambda text: parse_typed(text, 13, RACK, lambda square: False),
}
OPTIONS: dict[str, Callable[[str], object]] = {
    "whole_number": whole_number(1, 250),
    "seed_number": seed_number,
    "game_id": game_id,
    "jobs_number": jobs_number,
    "player_names": player_names,
}
TRICKY = [
    "\u00b2", "\u2083", "\u0663", "\u0661\u0660", "\u216b", "\uff11\uff10",  # other digits
    "1e3", "1_000", "0x10", "-0", "+5", " 7 ", "10**12", "9" * 5000, "\x1b[2J", "\x00",
    "7D\u202e", "5H 5H", "11", "1.0", "", " ", "\U0001f0a1",
]  # fmt: skip


def refused_or_read(parse: Callable[[str], object], text: str, ours: type[Exception]) -> None:
    try:
        parse(text)
    except ours as error:
        line = str(error)
        assert (
            "\n" not in line and "invalid literal" not in line and "Exceeds the limit" not in line
        )


@pytest.mark.parametrize("name", sorted(ENGINE))
@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=60) | st.sampled_from(TRICKY))
def test_the_engines_parsers_answer_any_text(name: str, text: str) -> None:
    refused_or_read(ENGINE[name], text, CribsolError)


@pytest.mark.parametrize("name", sorted(OPTIONS))
@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=60) | st.sampled_from(TRICKY))
def test_the_option_types_answer_any_text(name: str, text: str) -> None:
    refused_or_read(OPTIONS[name], text, argparse.ArgumentTypeError)


@pytest.mark.parametrize("text", ["\u00b2", "\u0663", "11", "9" * 5000, "1.0", "\u216b"])
def test_no_rank_from_other_digits(text: str) -> None:
    assert parse_rank(text) is None
    with pytest.raises(CribsolError):
        Tile.parse(text + "D")
    assert parse_rank("1") == parse_rank("a") == 1 and parse_rank("10") == parse_rank("t") == 10


@pytest.mark.parametrize("text", ["\u00b2", "\u0663", "1e3", "1_000", "9" * 5000, "-1"])
def test_no_number_from_other_digits(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        seed_number(text)


@pytest.mark.parametrize("text", TRICKY[:16])
@pytest.mark.parametrize("command", [["score", "5H", "5C", "5S"], ["tiles", "score", "5"]])
def test_the_scoring_commands_answer_any_card_or_tile(
    command: list[str], text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main([*command, text])
    err = capsys.readouterr().err
    assert status in (0, 2) and err.count("\n") == (status == 2)
    assert "invalid literal" not in err and "Exceeds the limit" not in err
