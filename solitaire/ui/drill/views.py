"""The drill in ``cribsol stats``: your accuracy over every drill, and lately against before."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich.console import RenderableType
from rich.table import Table

from solitaire.match.drill import DrillTally

__all__ = ["DrillStatsView", "drill_json"]


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
    out: dict[str, object] = {}
    for name, tally in zip(("all", "recent", "earlier"), _split(tallies, recent), strict=True):
        out[name] = {
            "drills": tally.drills,
            "hands": tally.hands,
            "graded": tally.graded,
            "best": tally.best,
            "best_share": None if tally.best_share is None else float(tally.best_share),
            "mean_loss": None if tally.mean_loss is None else float(tally.mean_loss),
        }
    return out


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
