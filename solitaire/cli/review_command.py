"""``cribsol review``: every decision of a finished game graded against the coach's best.

The game is a history id (its review kept beside it once computed, and read back
after), a record file or ``-`` (standard input). Each kind of game is reviewed by its
own engine, named in its registry entry (:attr:`~solitaire.games.GameEntry.review`) and
imported only when its kind is reviewed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from solitaire.cli.common import game_id, make_console, open_history, prog
from solitaire.core.errors import InputError
from solitaire.core.names import command
from solitaire.core.review import (
    CHANCE,
    Decision,
    GameReview,
    Grade,
    Progress,
    SeatReview,
    review_from_json,
)
from solitaire.core.rounding import hundredths, to_hundredths
from solitaire.core.untrusted import (
    MAX_RECORD_BYTES,
    RecordError,
    parse_record,
    read_record_file,
)
from solitaire.games import game, record_kind, resolve
from solitaire.store import StoreError

__all__ = ["cmd_review", "review_view"]

_STYLES: Final = {
    Grade.BEST: "best",
    Grade.INACCURACY: "",
    Grade.MISTAKE: "warn",
    Grade.BLUNDER: "milestone",
}
Reviewer = Callable[..., GameReview]


def _review(kind: str, data: Mapping[str, Any], args: argparse.Namespace) -> GameReview:
    review: Reviewer = resolve(game(kind).review)
    with _bar(args) as progress:
        return review(data, progress=progress)


@contextmanager
def _bar(args: argparse.Namespace) -> Iterator[Progress]:
    """A bar on stderr while the decisions are graded (none without a terminal there)."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as Bar

    console = make_console(args, stderr=True)
    columns = (TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Bar(*columns, console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("reviewing", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield progress


def cmd_review(args: argparse.Namespace) -> int:
    source: str | None = args.record
    stored_id: int | None = None
    if source is None:
        stored_id = _latest(args)
        review, kind = _stored_review(args, stored_id)
    elif source.isdigit() and not Path(source).exists():
        try:
            stored_id = game_id(source)
        except argparse.ArgumentTypeError as error:
            raise InputError(str(error)) from None
        review, kind = _stored_review(args, stored_id)
    else:
        text = read_record_file(source, MAX_RECORD_BYTES)
        kind = record_kind(parse_record(text, limit=MAX_RECORD_BYTES))
        review = _review(kind, resolve(game(kind).load)(text), args)
    if args.json:
        print(json.dumps(review.to_json()))
        return 0
    console = make_console(args, emoji=False)
    title = f"{game(kind).noun.capitalize()}"
    title += f" {stored_id} reviewed" if stored_id is not None else " reviewed"
    console.print(review_view(review, title))
    return 0


def _latest(args: argparse.Namespace) -> int:
    """The id of the game you finished last (of any kind)."""
    from solitaire.store import YOU

    with open_history(args) as history:
        rows = [
            row
            for listed in history.games_by_kind().values()
            for row in listed
            if row.finished and row.played_by == YOU
        ]
    if not rows:
        raise InputError(
            f"no finished game of yours in the history yet: give a record file or - "
            f"(see {command('history')})"
        )
    return max(rows, key=lambda row: row.id).id


def _stored_review(args: argparse.Namespace, stored_id: int) -> tuple[GameReview, str]:
    """A history game's review: the one kept, else computed and kept."""
    with open_history(args) as history:
        kind = history.kind_of(stored_id)
        if kind is None:
            raise InputError(f"no game {stored_id} in the history (see {command('history')})")
        row, text = history.stored_record(stored_id, kind)
        if not row.finished:
            raise InputError(
                f"{game(kind).noun} {stored_id} is not finished: a review needs a finished game"
            )
        kept = history.kept_review(stored_id, kind)
    if kept is not None:
        try:
            review = review_from_json(kept)
        except RecordError:
            review = None  # damaged: graded again below
        if review is not None and review.game == kind:
            return review, kind
    review = _review(kind, resolve(game(kind).load)(text), args)
    try:
        with open_history(args, readonly=False) as history:
            history.keep_review(stored_id, kind, review.to_json())
    except (StoreError, ValueError) as error:  # shown all the same, only not kept
        print(f"{prog()}: the review is not kept: {error}", file=sys.stderr)
    return review, kind


# -- what is printed --------------------------------------------------------------------


def cost_text(decision: Decision) -> str:
    """A decision's cost as printed: ``0.93`` points, or ``1.2%`` of the chance of winning."""
    if decision.scale is CHANCE:
        return f"{decision.cost:.1%}"
    return hundredths(to_hundredths(decision.cost))


def _seats_table(review: GameReview) -> Table:
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


def _kinds_table(seat: SeatReview) -> Table:
    """The seat's points lost by kind, the parts adding up to the whole shown."""
    table = Table(box=None, padding=(0, 1), show_header=False, pad_edge=False)
    table.add_column("kind", style="muted")
    table.add_column("lost", justify="right")
    split = seat.shown_by_kind()
    for kind, shown in sorted(split.items(), key=lambda item: -item[1]):  # costliest first
        table.add_row(f"  {kind}", hundredths(shown))
    table.add_row("  in all", Text(hundredths(to_hundredths(seat.lost)), style="total"))
    return table


def _chance_words(review: GameReview) -> str:
    """What a cost near the end is a share of: the chance of winning; in a series, whose
    decisions are placed ``game G, deal D``, the stakes (the coach ranks there by the game
    points expected, won less lost, on the chance's scale)."""
    series = any(d.where.startswith("game ") for d in review.decisions())
    return " of the stakes" if series else " of the chance of winning"


def _moment(decision: Decision, names: list[str], chance: str) -> RenderableType:
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
    line.append(decision.grade.value, style=_STYLES[decision.grade])
    why = Padding(Text(decision.why, style="muted"), (0, 0, 0, 4))
    return Group(Padding(line, (0, 0, 0, 2)), why)


def review_view(review: GameReview, title: str) -> RenderableType:
    """The review as ``cribsol review`` prints it: each seat's figures, the loss by kind,
    the costliest moments, then every decision with its why."""
    names = [seat.name for seat in review.seats]
    chance = _chance_words(review)
    parts: list[RenderableType] = [Text(title, style="title"), _seats_table(review)]
    for seat in review.seats:
        parts.append(Text(f"\n{seat.name}: points lost by kind", style="title"))
        parts.append(_kinds_table(seat))
        costly = seat.costliest()
        parts.append(Text(f"{seat.name}: the costliest moments", style="title"))
        if not costly:
            parts.append(Text("  none: every decision was the best", style="best"))
        parts += [_moment(decision, names, chance) for decision in costly]
    parts.append(Text("\nEvery decision, in the order played", style="title"))
    parts += [_moment(decision, names, chance) for decision in review.decisions()]
    return Group(*parts)
