"""A default computer level is named by its constant, never spelt out where it is used: the
match's and the drill's commands, screens and engines read ``DEFAULT_LEVEL`` and
``DRILL_LEVEL`` from ``match/levels.py``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.match.drill import Drill
from solitaire.match.levels import DEFAULT_LEVEL, DRILL_LEVEL, PLAYERS

ROOT = Path(__file__).resolve().parent.parent / "solitaire"
# Where the match's and the drill's levels are chosen, outside the levels' own module.
USERS = [
    *sorted((ROOT / "ui" / "match").glob("*.py")),
    *sorted((ROOT / "ui" / "drill").glob("*.py")),
    ROOT / "cli" / "match_commands.py",
    ROOT / "cli" / "drill_commands.py",
    ROOT / "match" / "drill.py",
]


@pytest.mark.parametrize("path", USERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_level_is_spelt_out_where_a_default_is_chosen(path: Path) -> None:
    spelt = [
        (node.lineno, node.value)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and node.value in PLAYERS
    ]
    assert spelt == []


@pytest.mark.parametrize(("command", "level"), [("match", DEFAULT_LEVEL), ("drill", DRILL_LEVEL)])
def test_the_help_names_the_default_level(
    command: str, level: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert level in PLAYERS
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert f"(default: {level})" in " ".join(capsys.readouterr().out.split())


def test_a_drill_named_without_an_opponent_is_against_the_drill_level() -> None:
    assert Drill(1).opponent == DRILL_LEVEL
