"""The match's rules as the game shows them are the documented ones, byte for byte."""

from __future__ import annotations

from pathlib import Path

from solitaire.match.rules import rules_text

ROOT = Path(__file__).resolve().parents[2]


def test_the_packaged_rules_are_the_documented_ones() -> None:
    assert rules_text() == (ROOT / "docs" / "RULES-MATCH.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/RULES-MATCH.md)" in readme and "../shared" not in readme


def test_the_rules_say_what_the_match_plays() -> None:
    text = rules_text().replace("**", "")
    for fact in ("six cards", "2 for his heels", "1 for the go", "pone's hand", "121", "skunked"):
        assert fact in text, fact
