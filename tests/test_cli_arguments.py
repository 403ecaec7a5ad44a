"""Every numeric argument of every command refuses hostile values in one line, exit status 2.

The numeric options are found by walking the parser, so an option added later is tried too.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from solitaire.cli import build_parser, main

# Refused by every numeric option, whatever its range.
HOSTILE = [
    "-1",
    "-100",
    "10**12",
    "1e3",
    "1.5",
    "1.0",
    "nan",
    "inf",
    "0x10",
    "1_000",
    "",
    " ",
    "x",
    "٣",
    "²",
    "1" + "0" * 45,
    "9" * 5000,
    "\x1b[2J7",
    "7\u202e",
]


def numeric_options() -> list[tuple[tuple[str, ...], str, int]]:
    """(command words, option, smallest value allowed) for every option with a numeric type,
    in every command and sub-command."""
    found = []

    def walk(parser: argparse.ArgumentParser, words: tuple[str, ...]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, below in action.choices.items():
                    walk(below, (*words, name))
            elif action.option_strings and action.type is not None:
                accepted = [v for v in range(5) if _accepts(action, str(v))]
                if accepted:  # a numeric option
                    found.append((words, action.option_strings[-1], min(accepted)))

    walk(build_parser(), ())
    return found


def _accepts(action: argparse.Action, text: str) -> bool:
    try:
        assert callable(action.type)
        action.type(text)
    except (argparse.ArgumentTypeError, ValueError, TypeError):
        return False
    return True


OPTIONS = numeric_options()


def test_every_known_numeric_option_is_found() -> None:
    names = {f"{' '.join(command)} {option}" for command, option, _ in OPTIONS}
    expected = {
        "play --seed", "play --resume", "play --again", "play --target",
        "simulate --games", "simulate --jobs", "simulate --seed", "simulate --target",
        "stats --recent", "history --limit",
        "match --seed", "match --games", "match --double-skunk",
        "tiles --seed", "tiles arena --games", "tiles arena --jobs", "tiles arena --seed",
    }  # fmt: skip
    assert expected <= names


@pytest.mark.parametrize(("command", "option", "low"), OPTIONS)
def test_numeric_options_refuse_hostile_values(
    command: tuple[str, ...],
    option: str,
    low: int,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CRIBSOL_DATA_DIR", str(tmp_path))
    values = [*HOSTILE, *(str(v) for v in range(low))]
    for value in values:
        status = main([*command, f"{option}={value}"])
        out, err = capsys.readouterr()
        assert status == 2 and out == "", (option, value)
        assert err.count("\n") == 1 and "Traceback" not in err, (option, value, err)
        assert "\x1b" not in err and "\u202e" not in err and len(err) < 400
        assert option in err
    assert not any(tmp_path.iterdir())  # refused before anything was written


@pytest.mark.parametrize("value", ["0", "-1", "99999999999999999999", "9" * 5000, "٣", "²"])
def test_replay_ids_out_of_range_are_one_line(
    value: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status = main(["replay", value, "--data-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_simulate_refuses_seeds_that_run_past_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--seed", "9" * 40, "--games", "2"])
    _, err = capsys.readouterr()
    assert status == 2 and "seed + games - 1 of at most 40 digits" in err


def test_a_negative_seed_is_refused_not_dealt_as_its_absolute_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from solitaire.core.cards import Deck

    with pytest.raises(ValueError, match="a seed is a whole number from 0"):
        Deck.from_seed(-5)
    assert main(["play", "--seed", "-5", "--auto", "best", "--json"]) == 2
    assert "--seed" in capsys.readouterr().err


@pytest.mark.parametrize(("started", "name"), [("scripts/play", "scripts/play"), ("", "cribsol")])
def test_errors_name_the_program_the_player_ran(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], started: str, name: str
) -> None:
    monkeypatch.setenv("CRIBSOL_PROG", started)
    assert main(["play", "--seed", "-5"]) == 2
    assert capsys.readouterr().err.startswith(f"{name} play: argument --seed")
    assert main(["score", "5H", "5H"]) == 2
    assert capsys.readouterr().err.startswith(f"{name}: ")


def every_parser() -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Each command and sub-command's parser, with the words that reach it."""
    found: list[tuple[tuple[str, ...], argparse.ArgumentParser]] = []

    def walk(parser: argparse.ArgumentParser, words: tuple[str, ...]) -> None:
        found.append((words, parser))
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, below in action.choices.items():
                    walk(below, (*words, name))

    walk(build_parser(), ())
    return found


def test_every_parser_is_found() -> None:
    words = {w for w, _ in every_parser()}
    assert {(), ("arena",), ("match",), ("drill",), ("tiles", "arena"), ("history",)} <= words


def test_help_shows_no_format_marks() -> None:
    """argparse %-formats help strings (not descriptions): no "%%" or "%(" reaches the reader,
    in any command's --help."""
    for words, parser in every_parser():
        shown = parser.format_help()
        assert "%%" not in shown and "%(" not in shown, f"{' '.join(words)} --help: {shown}"


PLAIN_SCORES = [
    ["score", "5H", "5C", "5S", "JD", "5D"],
    ["score", "5h", "5c", "5s", "jd"],
    ["score", "5♥ 5♣", "5♠", "J♦", "5♦"],
    ["score", "XX"],
    ["score", ""],
    ["score", "5H", "5C", "5S", "JD", "5D", "6D"],
    ["score", "5H,5C,5S,JD,5D"],
]


@pytest.mark.parametrize("words", PLAIN_SCORES)
def test_a_plain_score_is_read_as_the_parser_reads_it(words: list[str]) -> None:
    """``score`` with cards alone skips the parser: every value the parser would give the
    command is the same."""
    from solitaire.cli import _plain_score

    quick = _plain_score(words)
    assert quick is not None
    parsed = build_parser().parse_args(words)
    expected = {k: v for k, v in vars(parsed).items() if k != "command_parser"}
    assert vars(quick) == expected


@pytest.mark.parametrize(
    "words",
    [
        ["score"],
        ["score", "5H", "5C", "5S", "JD", "5D", "--crib"],
        ["score", "--json", "5H", "5C", "5S", "JD", "5D"],
        ["score", "-5H", "5C", "5S", "JD", "5D"],
        ["score", "5H", "--", "5C"],
        ["score", "-h"],
        ["--ascii", "score", "5H", "5C", "5S", "JD", "5D"],
        ["advise", "5H", "5C", "5S", "JD", "5D", "4C"],
        ["scor", "5H", "5C", "5S", "JD", "5D"],
    ],
)
def test_anything_but_a_plain_score_goes_to_the_parser(words: list[str]) -> None:
    from solitaire.cli import _plain_score

    assert _plain_score(words) is None


def _command_parsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Every command's parser by name, sub-commands too (``tiles arena``)."""
    found = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, below in action.choices.items():
                found[name] = below
                found.update({f"{name} {k}": v for k, v in _command_parsers(below).items()})
    return found


def test_a_command_s_own_parser_is_the_one_the_whole_line_builds() -> None:
    """``build_parser(command)`` registers only that command's group: every command in it
    reads its arguments, helps and refuses exactly as in the whole parser."""
    from solitaire.cli.parser import COMMANDS

    whole = _command_parsers(build_parser())
    assert set(COMMANDS) <= set(whole)
    for command in COMMANDS:
        own = _command_parsers(build_parser(command))
        assert command in own, f"build_parser({command!r}) left {command} out"
        for name, parser in own.items():
            assert parser.format_help() == whole[name].format_help(), name
            assert parser.format_usage() == whole[name].format_usage(), name
    lines = [["play"], ["play", "--seed", "5"], ["match", "--vs", "easy"], ["tiles", "--joker"]]
    lines += [["tiles", "score", "7", "8"], ["history", "--limit", "3"], ["score", "--json", "5H"]]
    for words in lines:
        ours, theirs = build_parser(words[0]).parse_args(words), build_parser().parse_args(words)
        assert vars(ours).keys() == vars(theirs).keys(), words
        for key, value in vars(ours).items():
            if key != "command_parser":
                assert value == getattr(theirs, key), (words, key)


@pytest.mark.parametrize(
    "words",
    [["--help"], ["-h"], ["--ascii", "--help"], ["--data-dir", "d", "-h"], ["--nope", "--help"]],
)
def test_help_naming_no_command_is_the_whole_parser_s_help(
    capsys: pytest.CaptureFixture[str], words: list[str]
) -> None:
    """A call for help that names no command builds the list of commands alone; it prints
    what the whole parser prints, and a line naming a command still gets that command's."""
    with pytest.raises(SystemExit) as ended:
        main(words)
    assert ended.value.code == 0
    assert capsys.readouterr().out == build_parser().format_help()
    assert build_parser(listing=True).format_help() == build_parser().format_help()
    asked = next(i for i, word in enumerate(words) if word in ("-h", "--help"))
    with pytest.raises(SystemExit):
        main([*words[:asked], "match", *words[asked:]])
    assert capsys.readouterr().out == _command_parsers(build_parser())["match"].format_help()
