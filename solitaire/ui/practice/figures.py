"""The practice's figures, one kind at a time: read from the history, for the practice
screens and for ``cribsol stats`` alike.

For each kind (``count``, ``discard``, ``pegging``, ``tiles``): the answers given and
the positions solved (a count right, a decision graded best), the positions due now and
kept, the current run of solved answers and the longest, and (counting) the median
seconds of the right answers. A damaged row is left out, never believed. ``stats``
shows them as a table (:func:`practice_table`) and ``stats --json`` as ``"practice"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from statistics import median
from typing import Any, Final

from rich.table import Table
from rich.text import Text

from solitaire.core.schedule import box_from_json, streak
from solitaire.core.untrusted import Fields, RecordError
from solitaire.core.words import plural
from solitaire.store import History

__all__ = [
    "PRACTICE_KINDS",
    "PracticeFigures",
    "every_kind",
    "figures_json",
    "figures_line",
    "practice_figures",
    "practice_table",
]

PRACTICE_KINDS: Final = ("count", "discard", "pegging", "tiles")
"""Every kind of practice, in the order ``stats`` shows them."""
_OPTIONAL: Final = ("seconds", "grade", "cost")


@dataclass(frozen=True, slots=True)
class PracticeFigures:
    """One kind's practice so far: answers given and solved, positions due now and kept,
    the run of solved answers now and the longest, the median seconds of the solved."""

    kind: str
    answered: int
    right: int
    due: int
    kept: int
    run: int
    longest: int
    median_seconds: float | None


def figures_line(figures: PracticeFigures, solved: str, noun: str) -> Text:
    """The line under a practice screen: ``right 3 of 5 · run 1 (longest 2) · due 1 of 4
    counts kept · median 6.1 s`` (the median only where seconds are kept)."""
    text = Text(style="muted")
    text.append(f"{solved} {figures.right} of {figures.answered}")
    text.append(f" · run {figures.run} (longest {figures.longest})")
    text.append(f" · due {figures.due} of {plural(figures.kept, noun)} kept")
    if figures.median_seconds is not None:
        text.append(f" · median {figures.median_seconds:.1f} s")
    return text


def practice_figures(
    history: History, kind: str, now: datetime, shown: int | None = None
) -> PracticeFigures:
    """The figures of ``kind`` from what the history keeps; ``shown``: the id of the
    position on screen, not counted as due (it is being asked)."""
    results: list[bool] = []
    seconds: list[float] = []
    for stored in history.practice_answers(kind):
        try:
            fields = Fields(stored.body, "answer", required=("right", "answer"), optional=_OPTIONAL)
            right = fields.flag("right")
            took = fields.raw("seconds") if fields.has("seconds") else None
        except RecordError:
            continue
        results.append(right)
        if right and isinstance(took, int | float) and not isinstance(took, bool):
            seconds.append(float(took))
    due = kept = 0
    for item in history.practice_items(kind):
        try:
            box = box_from_json(item.state)
        except RecordError:
            continue
        kept += 1
        due += item.id != shown and box.is_due(now)
    run, longest = streak(results)
    return PracticeFigures(
        kind=kind,
        answered=len(results),
        right=sum(results),
        due=due,
        kept=kept,
        run=run,
        longest=longest,
        median_seconds=median(seconds) if seconds else None,
    )


def figures_json(figures: PracticeFigures) -> dict[str, Any]:
    """One kind's figures as ``stats --json`` carries them."""
    return {
        "answered": figures.answered,
        "solved": figures.right,
        "due": figures.due,
        "kept": figures.kept,
        "streak": figures.run,
        "longest_streak": figures.longest,
        "median_seconds": figures.median_seconds,
    }


KIND_NAMES: Final = {
    "count": "counting",
    "discard": "discards",
    "pegging": "pegging",
    "tiles": "tile plays",
}


def every_kind(history: History, now: datetime) -> list[PracticeFigures]:
    """The figures of every kind practised (kept or answered), in :data:`PRACTICE_KINDS`
    order."""
    found = [practice_figures(history, kind, now) for kind in PRACTICE_KINDS]
    return [figures for figures in found if figures.kept or figures.answered]


def practice_table(figures: Sequence[PracticeFigures]) -> Table:
    """``stats``' practice figures: a row a kind practised."""
    table = Table(title="Practice", title_justify="left", box=None, padding=(0, 1))
    table.add_column("kind")
    for heading in ("solved", "answered", "due now", "kept", "streak", "longest"):
        table.add_column(heading, justify="right")
    for row in figures:
        table.add_row(
            KIND_NAMES.get(row.kind, row.kind),
            str(row.right),
            str(row.answered),
            str(row.due),
            str(row.kept),
            str(row.run),
            str(row.longest),
        )
    return table
