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
from typing import Any

from solitaire.cli.common import game_id, make_console, open_history, prog
from solitaire.core.errors import InputError
from solitaire.core.names import command
from solitaire.core.review import GameReview, Progress, review_from_json
from solitaire.core.untrusted import (
    MAX_RECORD_BYTES,
    RecordError,
    parse_record,
    read_record_file,
)
from solitaire.games import game, record_kind, resolve
from solitaire.store import StoreError
from solitaire.ui.review.views import review_view

__all__ = ["cmd_review", "review_view"]

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
