"""The rules of the tile game as a player reads them (``docs/RULES-TILES.md``, shipped with
the game: the ``k`` page of the tile screen)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

__all__ = ["rules_text"]


@cache
def rules_text() -> str:
    """The rules, in Markdown."""
    return files("solitaire.tiles").joinpath("RULES.md").read_text(encoding="utf-8")
