"""Every place that turns a player's text into a card, a tile, a move, a deal or a number
answers arbitrary text with a value or the project's own one-line error, never Python's.

Hypothesis draws any text (every script's digits, super- and subscripts, controls, very
long strings), and then the forms most likely to slip through."""

from __future__ import annotations

import argparse
import unicodedata
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.cli import _with_command, main
from solitaire.cli.options import UsageError, game_id, jobs_number, seed_number, whole_number
from solitaire.cli.parser import build_parser, player_names
from solitaire.core.cards import Card, Rank, parse_cards
from solitaire.core.dealcode import decode_deal
from solitaire.core.errors import CribsolError
from solitaire.patience.levels import strategy_name
from solitaire.tiles.board import parse_square
from solitaire.tiles.moves import Play, parse_action
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
    "Play.parse": Play.parse,
    "parse_square": parse_square,
    "Rank.parse": Rank.parse,
    "strategy_name": strategy_name,
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
    "H\u0663", "H" + "7" * 5000, "H7:6D/\u0669", "H7:6D/" + "9" * 5000, "\u00b2H", "1\u2083C",
    "x" * 5000,
]  # fmt: skip
UNSAFE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


PYTHON_WORDS = ("invalid literal", "Exceeds the limit", "Tile.parse(", "Card.parse(")


def ours(line: str) -> None:
    """The project's own line: one short, printable line, in none of Python's words."""
    assert "\n" not in line and len(line) <= 240, line
    assert not any(word in line for word in PYTHON_WORDS), line
    assert not any(unicodedata.category(ch) in UNSAFE for ch in line), line


def refused_or_read(parse: Callable[[str], object], text: str, own: type[Exception]) -> None:
    try:
        parse(text)
    except own as error:
        ours(str(error))


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
@pytest.mark.parametrize(
    "command",
    [
        ["score", "5H", "5C", "5S"],
        ["advise", "5H", "5C", "5S", "JD", "4H"],
        ["tiles", "score", "5"],
    ],
)
def test_the_scoring_commands_answer_any_card_or_tile(
    command: list[str], text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main([*command, text])
    err = capsys.readouterr().err
    assert status in (0, 2) and err.count("\n") == (status == 2)
    assert "invalid literal" not in err and "Exceeds the limit" not in err


# -- every option of every command, found by walking the parser ---------------------------


def parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every parser of the command line with the words that reach it (``("tiles", "arena")``)."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                yield from parsers(command, (*path, name))


PARSERS = list(parsers(build_parser()))
TYPED = {
    f"{' '.join(path) or 'cribsol'} {action.option_strings[0] if action.option_strings else action.dest}": action.type  # noqa: E501
    for path, parser in PARSERS
    for action in parser._actions
    if callable(action.type)
}


def test_every_option_type_is_the_projects_own() -> None:
    """No option takes Python's int or float (which read '\u0663' as 3 and '1e3' as 1000)."""
    assert len(TYPED) >= 20
    for name, kind in TYPED.items():
        assert kind not in (int, float), name


@pytest.mark.parametrize("name", sorted(TYPED))
@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=60) | st.sampled_from(TRICKY))
def test_every_options_type_answers_any_text(name: str, text: str) -> None:
    kind = TYPED[name]
    assert callable(kind)
    refused_or_read(kind, text, argparse.ArgumentTypeError)


def _reads_5(kind: Callable[[str], object]) -> bool:
    try:
        return kind("5") == 5
    except (argparse.ArgumentTypeError, CribsolError):
        return False


NUMBERS = {name: kind for name, kind in TYPED.items() if callable(kind) and _reads_5(kind)}


@pytest.mark.parametrize("name", sorted(NUMBERS))
@pytest.mark.parametrize(
    "text", ["\u00b2", "\u2083", "\u0663", "\uff15", "5\u0663", "1e3", "1_0", "5.0", "9" * 5000]
)
def test_no_number_option_reads_other_digits_or_absurd_lengths(name: str, text: str) -> None:
    kind = NUMBERS[name]
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        kind(text)
    ours(str(refused.value))


LONG_OPTIONS = sorted(
    {
        (path, option)
        for path, parser in PARSERS
        for action in parser._actions
        for option in action.option_strings
        if option.startswith("--") and option not in ("--help", "--version")
    }
)


def test_no_option_is_ever_abbreviated() -> None:
    """Every proper prefix (3 characters up) of every long option of every command is refused
    naming it, as the option it shortens would otherwise have been guessed."""
    parser = build_parser()
    cases = 0
    for path, option in LONG_OPTIONS:
        owner = dict(PARSERS)[path]
        for end in range(3, len(option)):
            prefix = option[:end]
            if prefix in owner._option_string_actions:
                continue
            words = [*path, prefix, "expert"]
            try:
                _, unknown = parser.parse_known_args(_with_command(parser, words))
            except UsageError as error:
                assert "written in full" in str(error) and prefix in str(error), str(error)
                ours(str(error))
            else:  # pragma: no cover - the parser refuses it before this
                assert prefix in unknown
            cases += 1
    assert cases > 200


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["tiles", "--au", "expert"], "--au (options are written in full: did you mean --auto?)"),
        (["match", "--se", "5"], "--se (options are written in full: did you mean --seed?)"),
        (["--asc", "score", "5H"], "--asc (options are written in full: did you mean --ascii?)"),
        (["simulate", "--jbs", "2"], "--jbs (did you mean --jobs?)"),
        (["--seed", "5", "match"], "--seed belongs after the command's name"),
    ],
)
def test_an_unknown_or_shortened_option_is_named(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err, err


@pytest.mark.parametrize("text", ["H\u0663", "H" + "7" * 5000, "\u00b2H", "H14"])
def test_a_square_is_ascii_digits_in_range(text: str) -> None:
    with pytest.raises(CribsolError) as refused:
        parse_square(text)
    ours(str(refused.value))
    assert parse_square("h7") == parse_square("H7")


@pytest.mark.parametrize("face", ["\u0669", "\u00b9", "9" * 5000, "", "-9"])
def test_a_turned_tile_is_read_in_ascii_digits(face: str) -> None:
    """A face read as a number (the engine then refuses one the tile cannot be laid as)."""
    with pytest.raises(CribsolError) as refused:
        Play.parse(f"H7:6D/{face}")
    ours(str(refused.value))
