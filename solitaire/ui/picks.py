"""Picking two of your cards for the crib, as the patience and the match both ask: no UI
library is imported here."""

from __future__ import annotations

__all__ = ["TWO_PICKED", "toggle_pick"]

TWO_PICKED = "Two cards are picked already: unpick one first (its number or Space)."


def toggle_pick(selected: set[int], index: int) -> str:
    """Pick or unpick the card at ``index`` in ``selected`` (at most two are picked); the
    message line's words: empty, or why a third card stays unpicked."""
    if index in selected:
        selected.discard(index)
    elif len(selected) < 2:
        selected.add(index)
    else:
        return TWO_PICKED
    return ""
