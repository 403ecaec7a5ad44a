"""A finished game's review drawn with rich: each seat's figures (accuracy, points lost in
all and a deal, the loss by kind with its shown parts adding up to the shown whole), the
costliest moments and a decision with its why. ``cribsol review`` prints them
(:func:`review_view`) and the games' review screen draws them (:mod:`solitaire.ui.review.screen`).
"""

from __future__ import annotations

from typing import Final

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from solitaire.core.review import CHANCE, Decision, GameReview, Grade, SeatReview
from solitaire.core.rounding import hundredths, to_hundredths

__all__ = [
    "GRADE_STYLES",
    "chance_words",
    "cost_text",
    "kinds_table",
    "moment",
    "review_view",
    "seats_table",
]

GRADE_STYLES: Final = {
    Grade.BEST: "best",
    Grade.INACCURACY: "",
    Grade.MISTAKE: "warn",
    Grade.BLUNDER: "milestone",
}


def cost_text(decision: Decision) -> str:
    """A decision's cost as printed: ``0.93`` points, or ``1.2%`` of the chance of winning."""
    if decision.scale is CHANCE:
        return f"{decision.cost:.1%}"
    return hundredths(to_hundredths(decision.cost))


def seats_table(review: GameReview) -> Table:
    """Each seat's accuracy, points lost in all and a deal, chance lost and decisions."""
    table = Table(box=None, padding=(0, 1), title_justify="left")
    table.add_column("seat", style="title")
    table.add_column("accuracy", justify="right")
    table.add_column("points lost", justify="right")
    table.add_column("a deal", justify="right")
    table.add_column("chance lost", justify="right")
    table.add_column("decisions", justify="right")
    for seat in review.seats:
        table.add_row(
            seat.name,
            f"{seat.accuracy:.1%}",
            hundredths(to_hundredths(seat.lost)),
            hundredths(to_hundredths(seat.lost_per_deal)),
            f"{seat.lost_chance:.1%}",
            str(len(seat.decisions)),
        )
    return table


def kinds_table(seat: SeatReview) -> Table:
    """The seat's points lost by kind, the parts adding up to the whole shown."""
    table = Table(box=None, padding=(0, 1), show_header=False, pad_edge=False)
    table.add_column("kind", style="muted")
    table.add_column("lost", justify="right")
    split = seat.shown_by_kind()
    for kind, shown in sorted(split.items(), key=lambda item: -item[1]):  # costliest first
        table.add_row(f"  {kind}", hundredths(shown))
    table.add_row("  in all", Text(hundredths(to_hundredths(seat.lost)), style="total"))
    return table


def chance_words(review: GameReview) -> str:
    """What a cost near the end is a share of: the chance of winning; in a series, whose
    decisions are placed ``game G, deal D``, the stakes (the coach ranks there by the game
    points expected, won less lost, on the chance's scale)."""
    series = any(d.where.startswith("game ") for d in review.decisions())
    return " of the stakes" if series else " of the chance of winning"


def moment(decision: Decision, names: list[str], chance: str) -> RenderableType:
    """One decision: where, whose, the choice beside the best, its cost and grade; then
    the coach's why, indented."""
    line = Text(f"{decision.where}  ", style="title")
    line.append(f"{names[decision.seat]}, {decision.kind}: ")
    line.append(decision.chosen)
    if decision.kind == "count" and decision.chosen != decision.best:
        line.append(f" (it makes {decision.best})")
    elif decision.chosen != decision.best:
        line.append(f" (best {decision.best})")
    unit = chance if decision.scale is CHANCE else ""
    line.append(f", cost {cost_text(decision)}{unit}, ")
    line.append(decision.grade.value, style=GRADE_STYLES[decision.grade])
    why = Padding(Text(decision.why, style="muted"), (0, 0, 0, 4))
    return Group(Padding(line, (0, 0, 0, 2)), why)


def review_view(review: GameReview, title: str) -> RenderableType:
    """The review as ``cribsol review`` prints it: each seat's figures, the loss by kind,
    the costliest moments, then every decision with its why."""
    names = [seat.name for seat in review.seats]
    chance = chance_words(review)
    parts: list[RenderableType] = [Text(title, style="title"), seats_table(review)]
    for seat in review.seats:
        parts.append(Text(f"\n{seat.name}: points lost by kind", style="title"))
        parts.append(kinds_table(seat))
        costly = seat.costliest()
        parts.append(Text(f"{seat.name}: the costliest moments", style="title"))
        if not costly:
            parts.append(Text("  none: every decision was the best", style="best"))
        parts += [moment(decision, names, chance) for decision in costly]
    parts.append(Text("\nEvery decision, in the order played", style="title"))
    parts += [moment(decision, names, chance) for decision in review.decisions()]
    return Group(*parts)
