"""The rules of the match as a player reads them (``docs/RULES-MATCH.md``, shipped with the
game)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

__all__ = ["rules_text"]


@cache
def rules_text() -> str:
    """The rules, in Markdown."""
    return files("solitaire.match").joinpath("RULES.md").read_text(encoding="utf-8")
