"""What the two practice sittings (counting, and positions from games) share: a puzzle is
asked, then answered; ``?`` shows the answer unasked (kept as missed) and, once answered,
shows or hides the why, as ``w`` does."""

from __future__ import annotations

from abc import ABC, abstractmethod
from enum import StrEnum
from typing import ClassVar

__all__ = ["Answering", "Stage"]


class Stage(StrEnum):
    """What the screen is showing."""

    ASK = "ask"  # the puzzle: answer it
    ANSWERED = "answered"  # the answer checked, the right one shown


class Answering(ABC):
    """A sitting's stage and its why, and the keys that show them."""

    WHY_FIRST: ClassVar[str]  # what ``w`` says before an answer
    stage: Stage
    shown_why: bool
    message: str

    def reveal(self) -> None:
        """Show the answer unasked: kept as missed. Once answered: show or hide the why."""
        if self.stage is Stage.ANSWERED:
            self.shown_why = not self.shown_why
            return
        self._answer(None)

    def why(self) -> None:
        """Show or hide the why, once answered."""
        if self.stage is not Stage.ANSWERED:
            self.message = self.WHY_FIRST
            return
        self.shown_why = not self.shown_why

    @abstractmethod
    def _answer(self, answer: None) -> None:
        """Grade an answer (None: the answer shown unasked) and keep it."""
