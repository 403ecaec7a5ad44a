"""What the tile game's screen is showing: the stage a session is in."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Stage"]


class Stage(StrEnum):
    """What the screen is showing."""

    RESUME = "resume"  # a saved game exists: resume it or start afresh
    HANDOVER = "handover"  # the rack is hidden: pass the keyboard to the next person
    PLAY = "play"  # a person lays tiles
    COUNT = "count"  # Joker: a person types what their play is worth
    EXCHANGE = "exchange"  # a person marks tiles to swap
    LAST_CALL = "last call"  # Joker: the game ended on a count a person may still call on
    CALL = "call"  # Joker: j was pressed and more than one person may call: who?
    WAIT = "wait"  # Joker: a computer is to move while a count is open to a person's call
    OVER = "over"
