"""Counts agree with their nouns, verbs with their subjects, and no number reads -0: one
helper each (:mod:`solitaire.core.words`), and no string beside them makes its own plural."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solitaire.core.words import agrees, plural, possessive, signed

ROOT = Path(__file__).resolve().parents[1] / "solitaire"
AD_HOC = re.compile(r"""['"]s['"]\s*(\*|if\b)|"1 [a-z]+" if \w|\}\s+[a-z]+\(s\)""")


def test_plural_agrees_with_every_count() -> None:
    assert [plural(n, "tile") for n in (0, 1, 2, 5)] == ["0 tiles", "1 tile", "2 tiles", "5 tiles"]
    assert plural(1, "pass", "passes") == "1 pass" and plural(3, "pass", "passes") == "3 passes"


@pytest.mark.parametrize("places", [0, 1, 2])
def test_signed_never_shows_a_signed_zero(places: int) -> None:
    for value in (0.0, -0.0, 0.004, -0.004, -0.0001):
        assert signed(value, places) == f"{0:.{places}f}"
    assert signed(1.25, 1) == "+1.2" and signed(-1.26, 1) == "-1.3" and signed(-3) == "-3"


def test_you_agree() -> None:
    assert agrees("you", "moves", "move") == "move" and agrees("Ann", "moves", "move") == "moves"
    assert possessive("you") == "your" and possessive("Bob") == "Bob's"


def test_no_module_makes_a_plural_of_its_own() -> None:
    """The class behind "1 tiles" and "0 tie": every plural goes through plural()."""
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted(ROOT.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if AD_HOC.search(line)
    ]
    assert found == []
