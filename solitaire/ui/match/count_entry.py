"""Your count of a hand or crib as you type it (``--count-yourself``). No UI library is
imported here."""

from __future__ import annotations

from solitaire.match.game import Claim, IllegalMoveError, Match
from solitaire.ui.match.told import YOU

__all__ = ["CountEntry"]


class CountEntry:
    """The points you type for the hand or crib you are to count: two digits at most."""

    def __init__(self) -> None:
        self.typed = ""

    def digit(self, digit: str) -> None:
        """One more digit, while there is room for it."""
        if len(self.typed) < 2:
            self.typed += digit

    def backspace(self) -> None:
        """Take back the last digit typed."""
        self.typed = self.typed[:-1]

    def claim(self, match: Match, what: str) -> Claim | str:
        """Your claim for the ``what`` ("hand" or "crib") you are counting in ``match``; or,
        when there is none to make, what to say (an impossible count is cleared, with the
        reason)."""
        if not self.typed:
            return f"Type the points of your {what} (0 to 29), then Enter."
        claim = Claim(int(self.typed))
        try:
            match.check(claim, player=YOU)
        except IllegalMoveError as error:
            self.typed = ""
            return f"{error}; count again."
        return claim
