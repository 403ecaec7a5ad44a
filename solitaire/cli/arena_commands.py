"""``cribsol arena``: computer players against each other in paired games of the match."""

from __future__ import annotations

import argparse
import math
from fractions import Fraction

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from solitaire.cli.common import cluster_address, run_arena, run_on, where
from solitaire.core.runs import wilson
from solitaire.match.arena import ArenaResult, arena, check_arena
from solitaire.match.stats import PUBLISHED, MatchStats

__all__ = ["arena_table", "results_table"]


def cmd_arena(args: argparse.Namespace) -> int:
    address = cluster_address(args)
    check_arena(args.a, args.b, args.games, args.jobs, args.seed)
    with run_on(address) as executor:

        def report(result: ArenaResult, elapsed: float) -> list[RenderableType]:
            pairs = (result.games + 1) // 2
            note = (
                f"{result.games:,} games: {pairs:,} {'seed' if pairs == 1 else 'seeds from'} "
                f"{args.seed}, each played twice "
                f"with the seats swapped; {elapsed:.1f} s {where(args, executor)}. Points per "
                "deal count the deals played to the crib (a deal cut short by a win is left "
                "out); a skunk counts 2 game points, a double skunk 3."
            )
            return [arena_table(result), Text(note, style="muted")]

        return run_arena(
            args,
            lambda advance: arena(
                args.a,
                args.b,
                args.games,
                seed=args.seed,
                jobs=args.jobs,
                progress=advance,
                keep_games=False,  # totals only: a million games in flat memory
                executor=executor,
            ),
            report,
            executor,
        )


def _mean(value: Fraction | None) -> str:
    return "-" if value is None else f"{float(value):.2f}"


def arena_table(result: ArenaResult) -> Table:
    """Each side's wins with the 95% interval, game points, skunks, points per deal by role
    beside the published averages, and decision times."""
    return results_table(
        (result.a, result.b),
        (result.stats(0), result.stats(1)),
        result.games,
        (result.times(0), result.times(1)),
    )


def results_table(
    players: tuple[str, str],
    stats: tuple[MatchStats, MatchStats],
    games: int,
    times: tuple[tuple[float, float, int], tuple[float, float, int]] | None = None,
) -> Table:
    """The arena's table from each side's results over ``games`` games (and decision times)."""
    table = Table(title="Arena", title_justify="left", box=None, padding=(0, 1))
    table.add_column("", justify="left")
    a, b = players
    names = (a, b) if a != b else (f"{a} (A)", f"{b} (B)")
    for name in names:
        table.add_column(name, justify="right")
    table.add_column("published", justify="left", style="muted")
    shares = [(s.wins / games if games else math.nan, *wilson(s.wins, games)) for s in stats]
    table.add_row(
        "wins", *(f"{s.wins:,} ({p:.1%})" for s, (p, _, _) in zip(stats, shares, strict=True)), ""
    )
    table.add_row("95% interval", *(f"{lo:.1%}-{hi:.1%}" for _, lo, hi in shares), "")
    table.add_row("game points", *(f"{s.game_points:,}" for s in stats), "")
    table.add_row(
        "skunks (double)", *(f"{s.skunks_given:,} ({s.double_skunks_given:,})" for s in stats), ""
    )
    table.add_row(Text("points per deal", style="muted"), "", "", "")
    for (role, what), published in PUBLISHED.items():
        label = what if what == "crib" else f"{what} as {role}"
        table.add_row(f"  {label}", *(_mean(s.roles[role].mean(what)) for s in stats), published)
    if times is not None:
        table.add_row(
            "ms a decision: median (p99)",
            *(f"{median * 1000:.1f} ({p99 * 1000:.0f})" for median, p99, _ in times),
            "",
        )
    return table
