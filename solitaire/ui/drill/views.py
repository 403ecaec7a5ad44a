"""The drill in ``cribsol stats``: your accuracy over every drill, and lately against before."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from solitaire.match.tally import DrillTally
from solitaire.store import GameRow
from solitaire.ui.views import Listing, history_pointers, history_row

if TYPE_CHECKING:
    from solitaire.match.drill import Drill

__all__ = ["DrillHistoryView", "DrillStatsView", "DrillView", "drill_json", "tally_json"]


def _split(tallies: Sequence[DrillTally], recent: int) -> tuple[DrillTally, DrillTally, DrillTally]:
    """All drills, the ``recent`` newest, and the ones before (tallies come newest first)."""
    total = sum(tallies, DrillTally())
    return total, sum(tallies[:recent], DrillTally()), sum(tallies[recent:], DrillTally())


def _share(value: Fraction | None) -> str:
    return "-" if value is None else f"{float(value):.1%}"


def _loss(value: Fraction | None) -> str:
    return "-" if value is None else f"{float(value):.3f}"


def drill_json(tallies: Sequence[DrillTally], recent: int) -> dict[str, object]:
    """The drill section of ``stats --json``."""
    parts = zip(("all", "recent", "earlier"), _split(tallies, recent), strict=True)
    return {name: tally_json(tally) for name, tally in parts}


def tally_json(tally: DrillTally) -> dict[str, object]:
    """One tally as JSON: counts, and the share best and the loss a card as numbers."""
    return {
        "drills": tally.drills,
        "hands": tally.hands,
        "graded": tally.graded,
        "best": tally.best,
        "best_share": None if tally.best_share is None else float(tally.best_share),
        "mean_loss": None if tally.mean_loss is None else float(tally.mean_loss),
    }


class DrillStatsView:
    """Cards graded, the share that were best and the average loss: all, lately, before."""

    def __init__(self, tallies: Sequence[DrillTally], recent: int) -> None:
        self.tallies = tallies
        self.recent = recent

    def __rich__(self) -> RenderableType:
        table = Table(
            title="Your pegging drills: each card graded against the search",
            title_justify="left",
            box=None,
            padding=(0, 1),
        )
        for name in ("", "drills", "hands", "cards graded", "best", "loss a card"):
            table.add_column(name, justify="left" if not name else "right")
        total, recent, earlier = _split(self.tallies, self.recent)
        rows = [("all", total), (f"last {self.recent}", recent)]
        if earlier.drills:
            rows.append(("before", earlier))
        for label, tally in rows:
            table.add_row(
                label,
                str(tally.drills),
                str(tally.hands),
                str(tally.graded),
                _share(tally.best_share),
                _loss(tally.mean_loss),
            )
        table.caption = (
            "best: the share of cards no card beat; loss: the best card's expected net pegging "
            "to the end of the play less yours, on average"
        )
        table.caption_justify = "left"
        return table


class DrillHistoryView:
    """The history's drills, newest first: id, when last played, hands, cards graded, best."""

    def __init__(
        self, drills: Sequence[tuple[GameRow, DrillTally]], command: Callable[[str], str]
    ) -> None:
        self.drills = drills
        self.command = command

    def __rich__(self) -> RenderableType:
        lines: list[RenderableType] = [
            Text("Pegging drills", style="title"),
            Text("    id  last played       hands  graded  best   where it stands", style="bold"),
        ]
        for row, tally in self.drills:
            text = history_row(row).append(f"{tally.hands:>5}  {tally.graded:>6}  ")
            text.append(f"{_share(tally.best_share):>5}  ")
            text.append(
                "finished" if row.finished else "unfinished", style="" if row.finished else "warn"
            )
            lines.append(text)
        rows = [row for row, _ in self.drills]
        lines.append(history_pointers(self.command, rows, "a drill", "drill --resume ID"))
        return Listing(lines)


class DrillView:
    """A drill hand by hand: who dealt, your cards in order, each grade, the points pegged."""

    def __init__(self, drill: Drill, title: str, ascii: bool = False) -> None:
        self.drill = drill
        self.title = title
        self.ascii = ascii

    def __rich__(self) -> RenderableType:
        drill = self.drill
        table = Table(title=self.title, title_justify="left", box=None, padding=(0, 1))
        for name in ("hand", "dealer", "you laid", "graded (loss; the best)", "pegged"):
            table.add_column(name, justify="right" if name in ("hand", "pegged") else "left")
        for number, cards in enumerate(drill.hands_played, 1):
            grades = Text()
            for grade in (g for g in drill.grades if g.hand == number):
                if grade.is_best:
                    grades.append(f"{grade.card.symbol(self.ascii)} best  ", style="best")
                else:
                    grades.append(f"{grade.card.symbol(self.ascii)} ")
                    grades.append(f"-{float(grade.loss):.2f}", style="warn")
                    grades.append(f"; {grade.best.symbol(self.ascii)}  ")
            pegged = drill.pegged[number - 1] if number <= len(drill.pegged) else None
            table.add_row(
                str(number),
                "you" if number % 2 == 0 else drill.opponent,
                " ".join(card.symbol(self.ascii) for card in cards),
                grades,
                "-" if pegged is None else f"{pegged[0]} to {pegged[1]}",
            )
        share = drill.best_share
        loss = drill.mean_loss
        summary = Text(
            f"{len(drill.grades)} cards graded: {_share(share)} best, loss {_loss(loss)} a card "
            "on average (the best card's expected net pegging to the end of the play less yours)",
            style="muted",
        )
        return Group(table, summary)
