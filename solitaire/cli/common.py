"""What every command's handler shares: consoles, progress, the history, arenas; and
(re-exported from :mod:`solitaire.cli.options`) the parser's option helpers."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Protocol, TypeVar

from rich.console import RenderableType

from solitaire.cli.options import (
    MAX_GAME_ID,
    Parser,
    UsageError,
    add_ascii_option,
    add_data_dir_option,
    add_deal_options,
    add_output_options,
    add_resume_option,
    add_run_options,
    add_shared_options,
    cluster_address,
    game_id,
    jobs_number,
    new_command,
    prog,
    seed_number,
    speaks_unicode,
    whole_number,
)
from solitaire.core.untrusted import RecordError
from solitaire.core.words import plural
from solitaire.store import GameRow, History, StoreError, reading_data_dir, resolve_data_dir
from solitaire.ui.views import make_console

if TYPE_CHECKING:
    from solitaire.core.runs import Executor

__all__ = [
    "MAX_GAME_ID",
    "ArenaRun",
    "Parser",
    "UsageError",
    "add_ascii_option",
    "add_data_dir_option",
    "add_deal_options",
    "add_output_options",
    "add_resume_option",
    "add_run_options",
    "add_shared_options",
    "cluster_address",
    "game_id",
    "jobs_number",
    "make_console",
    "new_command",
    "open_history",
    "prog",
    "progress_bar",
    "read_stored",
    "report_skipped",
    "run_arena",
    "run_json",
    "run_on",
    "run_stopped",
    "seed_number",
    "speaks_unicode",
    "where",
    "whole_number",
]


@contextmanager
def progress_bar(
    args: argparse.Namespace, label: str, total: int
) -> Iterator[Callable[[int], None]]:
    """A bar on stderr for a long run (games done, rate, time left), gone when it ends;
    yields the function to call with the number of games just finished."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    console = make_console(args, stderr=True)
    # No terminal behind stderr (a pipe, a log): no bar, not even the blank line it leaves.
    with Progress(
        *columns, console=console, transient=True, disable=not console.is_terminal
    ) as progress:
        task = progress.add_task(label, total=total, rate="")
        started = time.perf_counter()

        def advance(count: int) -> None:
            progress.advance(task, count)
            rate = progress.tasks[0].completed / max(1e-9, time.perf_counter() - started)
            progress.update(task, rate=f"{rate:,.1f} games/s")

        yield advance


@contextmanager
def run_on(address: str | None) -> Iterator[Executor | None]:
    """The cluster at ``address`` (see :func:`cluster_address`), connected and checked,
    left when the run ends; None (this machine's processes) for no address."""
    from solitaire.cluster import run_on as connected

    with connected(address) as cluster:
        yield cluster


def where(args: argparse.Namespace, executor: Executor | None) -> str:
    """Where a run played, for its report: ``with 2 jobs``, ``on the cluster at ...``."""
    return f"on {executor.where}" if executor else f"with {plural(args.jobs, 'job')}"


class ArenaRun(Protocol):
    """What a game's arena returns: the finished games, whether Ctrl-C cut it short, JSON."""

    @property
    def games(self) -> int: ...

    @property
    def interrupted(self) -> bool: ...

    def to_dict(self) -> dict[str, object]: ...


R = TypeVar("R", bound=ArenaRun)
T = TypeVar("T")


def run_stopped(executor: Executor | None, games: int) -> int:
    """Say on stderr why a run stopped before its end, with the games it reports: the
    cluster's own reason (its scheduler gone: exit status 2), else an interruption (Ctrl-C,
    SIGTERM, SIGHUP: 130)."""
    stopped = getattr(executor, "stopped", None)
    said = stopped or "interrupted"
    print(f"{prog()}: {said}; {games:,} finished games reported", file=sys.stderr)
    return 2 if stopped else 130


def _finite(value: object) -> object:
    """``value`` with each number that is not finite (a share or mean of no games) as None."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: _finite(part) for key, part in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(part) for part in value]
    return value


def run_json(summary: dict[str, object]) -> str:
    """A run's summary as standard JSON: what no game gave (a share of none) is null."""
    return json.dumps(_finite(summary), allow_nan=False)


def run_arena(
    args: argparse.Namespace,
    play: Callable[[Callable[[int], None]], R],
    report: Callable[[R, float], Sequence[RenderableType]],
    executor: Executor | None = None,
) -> int:
    """Run an arena under a progress bar (on ``executor``, for what stops it), print its JSON
    or its ``report`` (given the result and the seconds taken); :func:`run_stopped`'s
    status when it stopped early with only the finished games."""
    from rich.table import Table
    from rich.text import Text

    started = time.perf_counter()
    with progress_bar(args, f"{args.a} v {args.b}", args.games) as advance:
        result = play(advance)
    elapsed = time.perf_counter() - started
    if args.json:
        print(run_json(result.to_dict()))
    else:
        console = make_console(args)
        if result.games == 0:  # stopped before the first game: no share or mean to show
            console.print(Text("No game finished.", style="warn"))
        for part in report(result, elapsed):
            if result.games or not isinstance(part, Table):
                console.print(part)
    if result.interrupted:
        return run_stopped(executor, result.games)
    return 0


def open_history(args: argparse.Namespace, readonly: bool = True) -> History:
    """The history, read-only unless asked: reading commands never write anything."""
    from solitaire.ui.kinds import history as known  # every game's storage code, when needed

    data_dir = getattr(args, "data_dir", None)
    if readonly:
        return known(reading_data_dir(data_dir), readonly=True)
    history = known(resolve_data_dir(data_dir))
    if history.notice:
        print(f"{prog()}: {history.notice}", file=sys.stderr)
    return history


def report_skipped(history: History) -> None:
    """One line on stderr about rows of the history that did not check out, and one about
    rows shown though their digests could not be checked."""
    for report in (history.report(), history.unchecked_report()):
        if report:
            print(f"{prog()}: {report}", file=sys.stderr)


def read_stored(
    history: History, kind: str, load: Callable[[GameRow, str], T], limit: int | None = None
) -> list[T]:
    """The history's games of this kind, newest first, each made by ``load`` from its row and
    its checked record's text (finished or not); a row that does not load (a RecordError) is
    reported as skipped."""
    loaded = []
    for row in history.games(limit, kind=kind):
        try:
            _, text = history.stored_record(row.id, kind)
            loaded.append(load(row, text))
        except (StoreError, RecordError, RecursionError) as error:
            history.skipped[row.id] = str(error)
    return loaded
