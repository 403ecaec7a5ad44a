"""When a practice position comes back: Leitner boxes, on a clock the caller passes in.

Every position starts in box 1. Solved, it moves up a box and comes back after that
box's wait (:data:`WAITS`: a day, three, a week, three weeks, two months); missed, it
goes back to box 1 and comes back in :data:`AGAIN`, the same sitting. So a position
you miss is always due before one you solve, and the better you know one, the rarer
it is asked.

>>> from datetime import datetime
>>> now = datetime(2026, 12, 5, 9, 0)
>>> item = Box.new(now)
>>> answered(item, True, now).due, answered(item, False, now).due
(datetime.datetime(2026, 12, 6, 9, 0), datetime.datetime(2026, 12, 5, 9, 10))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Final, TypeVar

from solitaire.core.untrusted import Fields, RecordError
from solitaire.core.words import plural

__all__ = [
    "AGAIN",
    "BOXES",
    "WAITS",
    "Box",
    "answered",
    "box_from_json",
    "box_json",
    "due_first",
    "schedule_words",
    "streak",
    "wait_words",
]

WAITS: Final = (
    timedelta(days=1),
    timedelta(days=3),
    timedelta(days=7),
    timedelta(days=21),
    timedelta(days=60),
)
"""The wait after a position is solved, by the box it moves up to (box 2 to box 6)."""
BOXES: Final = len(WAITS) + 1
MAX_ASKED: Final = 1_000_000
AGAIN: Final = timedelta(minutes=10)
"""The wait after a position is missed: it comes back in the same sitting."""


@dataclass(frozen=True, slots=True)
class Box:
    """Where one practice position stands: its box (1 to :data:`BOXES`), when it is due,
    how often it was asked, solved and missed, and the solves in a row."""

    box: int
    due: datetime
    asked: int = 0
    solved: int = 0
    missed: int = 0
    run: int = 0

    @classmethod
    def new(cls, now: datetime) -> Box:
        """A position never asked: box 1, due now."""
        return cls(1, now)

    def is_due(self, now: datetime) -> bool:
        """Whether the position is due at ``now``."""
        return self.due <= now


def answered(item: Box, solved: bool, now: datetime) -> Box:
    """The position after an answer at ``now``: up a box when solved, back to box 1 when
    missed, due after the wait of the box it is in."""
    if solved:
        box = min(item.box + 1, BOXES)
        return replace(
            item,
            box=box,
            due=now + WAITS[box - 2],
            asked=item.asked + 1,
            solved=item.solved + 1,
            run=item.run + 1,
        )
    return replace(
        item, box=1, due=now + AGAIN, asked=item.asked + 1, missed=item.missed + 1, run=0
    )


T = TypeVar("T")


def due_first(items: Iterable[tuple[T, Box]], now: datetime) -> list[T]:
    """The positions due at ``now``, the longest due first (then the lowest box)."""
    due = [
        (box.due, box.box, index, item)
        for index, (item, box) in enumerate(items)
        if box.is_due(now)
    ]
    due.sort(key=lambda found: found[:3])
    return [item for *_, item in due]


def streak(results: Sequence[bool]) -> tuple[int, int]:
    """The current run of right answers (at the end of ``results``) and the longest."""
    current = longest = 0
    for right in results:
        current = current + 1 if right else 0
        longest = max(longest, current)
    return current, longest


def wait_words(box: int) -> str:
    """How long a position in ``box`` waits before it is asked again: ``10 minutes``,
    ``1 day``, ``3 days``."""
    if box == 1:
        return plural(int(AGAIN.total_seconds() // 60), "minute")
    return plural(WAITS[box - 2].days, "day")


def schedule_words(noun: str, solve: str, solving: str) -> str:
    """The schedule in a sentence: ``a count you miss comes back in 10 minutes; one you get
    right in 1 day, then 3, 7, 21, 60 days as you keep getting it right``."""
    later = ", ".join(str(wait.days) for wait in WAITS[1:])
    return (
        f"a {noun} you miss comes back in {wait_words(1)}; one you {solve} in "
        f"{wait_words(2)}, then {later} days as you keep {solving}"
    )


def box_json(item: Box) -> dict[str, object]:
    """A position's box as the history keeps it."""
    return {
        "box": item.box,
        "due": item.due.isoformat(timespec="seconds"),
        "asked": item.asked,
        "solved": item.solved,
        "missed": item.missed,
        "run": item.run,
    }


def box_from_json(data: object, where: str = "practice") -> Box:
    """A position's box read back strictly (a :class:`RecordError` names a bad field)."""
    fields = Fields(data, where, required=("box", "due", "asked", "solved", "missed", "run"))
    try:
        due = datetime.fromisoformat(fields.text("due", 32))
    except ValueError:
        raise RecordError(f"{fields.name('due')}: not a time") from None
    asked = fields.integer("asked", 0, MAX_ASKED)
    solved = fields.integer("solved", 0, asked)
    return Box(
        box=fields.integer("box", 1, BOXES),
        due=due,
        asked=asked,
        solved=solved,
        missed=fields.integer("missed", asked - solved, asked - solved),
        run=fields.integer("run", 0, solved),
    )
