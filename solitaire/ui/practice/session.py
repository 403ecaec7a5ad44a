"""Counting practice at the keyboard: a plain object that key handlers call into.

A :class:`CountSession` deals a hand and starter (or a crib) to count, takes the total
typed, checks it at once with the core's scorer and keeps the answer and the seconds it
took in the history, with the puzzle's place in the schedule
(:mod:`solitaire.core.schedule`): a count you miss comes back in the same sitting, one
you get right comes back days later. A puzzle shown and not yet answered is kept too,
so quitting and coming back asks it again. No UI library is imported.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from solitaire.core.counting import MAX_COUNT, CountPuzzle, deal_puzzle
from solitaire.core.errors import CribsolError
from solitaire.core.schedule import Box, answered, box_from_json, box_json, due_first
from solitaire.core.untrusted import RecordError
from solitaire.store import History
from solitaire.ui.practice.answering import Answering, Stage
from solitaire.ui.practice.figures import PracticeFigures, practice_figures

__all__ = ["COUNT", "CountSession", "Stage"]

COUNT: Final = "count"  # the practice kind of counting puzzles
MAX_DIGITS: Final = 2
MAX_SECONDS: Final = 24 * 3600.0


@dataclass(slots=True)
class _Item:
    id: int
    puzzle: CountPuzzle
    box: Box


class CountSession(Answering):
    """One sitting of counting practice."""

    WHY_FIRST = "w explains the count once it is checked: type it, or ? shows it."

    def __init__(
        self,
        history: History,
        *,
        seed: int | None = None,
        ascii: bool = False,
        now: Callable[[], datetime] = datetime.now,
        timer: Callable[[], float] = time.monotonic,
    ) -> None:
        self.history = history
        self.ascii = ascii
        self.now = now
        self.timer = timer
        self.rng = random.Random(seed)  # a random sitting's deals show nothing hidden
        self.message = history.notice or ""
        self.show_help = False
        self.shown_why = False
        self.typed = ""
        self.stage = Stage.ASK
        self.last_right = False
        self.last_answer: int | None = None
        self.last_seconds = 0.0
        self.asked_here = 0
        self.right_here = 0
        self.item = self._next()
        self.started = self.timer()

    # -- the puzzles ---------------------------------------------------------------

    def _items(self) -> list[_Item]:
        found = []
        for stored in self.history.practice_items(COUNT):
            try:
                puzzle = CountPuzzle.from_json(stored.source)
                box = box_from_json(stored.state)
            except RecordError:
                continue  # a damaged row is left out, never believed
            found.append(_Item(stored.id, puzzle, box))
        return found

    def _next(self) -> _Item:
        """The puzzle due longest; a fresh one, kept at once, when none is due."""
        now = self.now()
        due = due_first(((item, item.box) for item in self._items()), now)
        if due:
            return due[0]
        puzzle = deal_puzzle(self.rng)
        box = Box.new(now)
        item_id = self.history.add_practice(COUNT, puzzle.to_json(), box_json(box))
        return _Item(item_id, puzzle, box)

    @property
    def puzzle(self) -> CountPuzzle:
        """The puzzle on screen."""
        return self.item.puzzle

    # -- keys ----------------------------------------------------------------------

    def type_digit(self, digit: str) -> None:
        """A digit of the count."""
        if self.stage is not Stage.ASK:
            self.message = "Enter deals the next count."
            return
        if len(self.typed) >= MAX_DIGITS:
            self.message = f"A count is at most {MAX_COUNT}: Backspace takes a digit back."
            return
        self.typed += digit
        self.message = ""

    def backspace(self) -> None:
        """Take back the last digit typed."""
        if self.stage is Stage.ASK and self.typed:
            self.typed = self.typed[:-1]

    def enter(self) -> None:
        """Check the count typed; once checked, deal the next."""
        if self.stage is Stage.ANSWERED:
            self.next_puzzle()
            return
        if not self.typed:
            self.message = "Type the count (0 to 29), then Enter; ? shows it."
            return
        answer = int(self.typed)
        if answer > MAX_COUNT:
            self.message = f"{answer} is more than any hand scores ({MAX_COUNT}): type it again."
            self.typed = ""
            return
        self._answer(answer)

    def _answer(self, answer: int | None) -> None:
        seconds = min(max(self.timer() - self.started, 0.0), MAX_SECONDS)
        right = answer is not None and self.puzzle.check(answer)
        box = answered(self.item.box, right, self.now())
        body = {"right": right, "answer": answer, "seconds": round(seconds, 2)}
        try:
            self.history.answer_practice(
                self.item.id, COUNT, self.puzzle.to_json(), box_json(box), body
            )
        except CribsolError as error:
            self.message = f"{error}; the answer was not kept: Enter tries again."
            return
        self.item.box = box
        self.stage = Stage.ANSWERED
        self.last_right, self.last_answer, self.last_seconds = right, answer, seconds
        self.asked_here += 1
        self.right_here += right
        self.shown_why = answer is None
        self.message = ""

    def next_puzzle(self) -> None:
        """Deal the next count."""
        self.item = self._next()
        self.stage = Stage.ASK
        self.typed = ""
        self.shown_why = False
        self.started = self.timer()

    # -- figures -------------------------------------------------------------------

    def figures(self) -> PracticeFigures:
        """The practice's figures from what the history keeps (the puzzle shown not due)."""
        return practice_figures(self.history, COUNT, self.now(), shown=self.item.id)

    # -- leaving -------------------------------------------------------------------

    def quit(self) -> str:
        """Leave; every answer is already kept."""
        if not self.asked_here:
            return "No count answered: the one shown is kept for next time."
        return (
            f"{self.right_here} of {self.asked_here} counts right this sitting; "
            "every answer is kept."
        )

    def close(self) -> None:
        """Nothing to let go of: every answer is written as it is given."""
