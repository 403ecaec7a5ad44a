"""What every command shares: one-line errors, consoles, files, the history, common options."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final, NoReturn, Protocol, TypeAlias, TypeVar

from rich.console import Console, RenderableType
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from solitaire.core.cards import SEED_LIMIT
from solitaire.core.untrusted import MAX_SEED_DIGITS, RecordError, safe_text
from solitaire.patience.simulation import MAX_JOBS
from solitaire.store import (
    GameRow,
    History,
    StoreError,
    command,
    reading_data_dir,
    resolve_data_dir,
)
from solitaire.ui.views import THEME


def prog() -> str:
    """The program's name as the player ran it: ``scripts/play`` or ``cribsol``."""
    return command("").strip()


class UsageError(Exception):
    """A bad command line; reported in one line with exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


if TYPE_CHECKING:
    Subcommands: TypeAlias = argparse._SubParsersAction[Parser]
    """What each command module's ``register`` adds its commands to."""


def make_console(args: argparse.Namespace, stderr: bool = False) -> Console:
    """A console on the theme, honouring --ascii and NO_COLOR."""
    ascii_only = bool(getattr(args, "ascii", False))
    return Console(
        theme=THEME,
        stderr=stderr,
        emoji=not ascii_only,
        safe_box=True,
        highlight=False,
    )


@contextmanager
def progress_bar(
    args: argparse.Namespace, label: str, total: int
) -> Iterator[Callable[[int], None]]:
    """A bar on stderr for a long run (games done, rate, time left), gone when it ends;
    yields the function to call with the number of games just finished."""
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=make_console(args, stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=total, rate="")
        started = time.perf_counter()

        def advance(count: int) -> None:
            progress.advance(task, count)
            rate = progress.tasks[0].completed / max(1e-9, time.perf_counter() - started)
            progress.update(task, rate=f"{rate:,.1f} games/s")

        yield advance


class ArenaRun(Protocol):
    """What a game's arena returns: the finished games, whether Ctrl-C cut it short, JSON."""

    @property
    def games(self) -> int: ...

    @property
    def interrupted(self) -> bool: ...

    def to_dict(self) -> dict[str, object]: ...


R = TypeVar("R", bound=ArenaRun)
T = TypeVar("T")


def run_arena(
    args: argparse.Namespace,
    play: Callable[[Callable[[int], None]], R],
    report: Callable[[R, float], Sequence[RenderableType]],
) -> int:
    """Run an arena under a progress bar, print its JSON or its ``report`` (given the result
    and the seconds taken); 130 when Ctrl-C kept only the finished games."""
    started = time.perf_counter()
    with progress_bar(args, f"{args.a} v {args.b}", args.games) as advance:
        result = play(advance)
    elapsed = time.perf_counter() - started
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        console = make_console(args)
        for part in report(result, elapsed):
            console.print(part)
    if result.interrupted:
        print(f"{prog()}: interrupted; {result.games:,} finished games reported", file=sys.stderr)
        return 130
    return 0


def speaks_unicode(stream: object) -> bool:
    encoding = getattr(stream, "encoding", None) or ""
    return encoding.lower().replace("-", "").startswith(("utf", "ucs"))


def open_history(args: argparse.Namespace, readonly: bool = True) -> History:
    """The history, read-only unless asked: reading commands never write anything."""
    data_dir = getattr(args, "data_dir", None)
    if readonly:
        return History(reading_data_dir(data_dir), readonly=True)
    history = History(resolve_data_dir(data_dir))
    if history.notice:
        print(f"{prog()}: {history.notice}", file=sys.stderr)
    return history


def report_skipped(history: History) -> None:
    """One line on stderr about rows of the history that did not check out."""
    report = history.report()
    if report:
        print(f"{prog()}: {report}", file=sys.stderr)


def whole_number(low: int, high: int, shown: str | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number ``low <= n <= high`` in plain digits.

    ``1e3``, ``1.0``, ``10**12``, ``1_000``, other scripts' digits and numbers too long
    to be in range are refused in one line before Python's ``int`` sees them.
    """
    widest = len(str(max(abs(low), abs(high))))
    shown = shown or f"{low:,} to {high:,}"

    def parse(text: str) -> int:
        digits = text.strip()
        if _PLAIN_INT.fullmatch(digits) and len(digits.lstrip("+-")) <= widest:
            value = int(digits)
            if low <= value <= high:
                return value
        raise argparse.ArgumentTypeError(
            f"expected a whole number from {shown}, got '{safe_text(text, 30)}'"
        )

    return parse


_PLAIN_INT: Final = re.compile(r"[+-]?[0-9]+")
MAX_GAME_ID: Final = 2**63 - 1  # SQLite's largest integer
game_id = whole_number(1, MAX_GAME_ID, f"1 to {MAX_GAME_ID:,} (a game id)")
"""An argparse type: a game's id in the history."""
seed_number = whole_number(0, SEED_LIMIT - 1, f"0 up, of at most {MAX_SEED_DIGITS} digits (a seed)")
"""An argparse type: a seed; a negative seed is refused, not dealt as its absolute value."""
jobs_number = whole_number(1, MAX_JOBS, f"1 to {MAX_JOBS} (processes on this machine)")
"""An argparse type: how many processes a run may use."""


_ASCII_HELP = "letters instead of suit symbols"
_DATA_DIR_HELP = (
    "where the saved game and history live (default: $CRIBSOL_DATA_DIR or the user data directory)"
)


def add_shared_options(parser: argparse.ArgumentParser) -> None:
    """--ascii and --data-dir before the command name (``cribsol --ascii play``).

    A command accepts them after its name too; there they default to SUPPRESS, so
    a value given before the name is not overwritten by the command's default.
    """
    parser.add_argument("--ascii", action="store_true", help=_ASCII_HELP)
    parser.add_argument("--data-dir", metavar="DIR", help=_DATA_DIR_HELP)


@contextmanager
def new_command(
    sub: Subcommands,
    name: str,
    func: Callable[[argparse.Namespace], int],
    *,
    json: str | None = None,
    ascii: bool = False,
    ascii_help: str = _ASCII_HELP,
    data_dir: bool = False,
    **parser_args: Any,
) -> Iterator[Parser]:
    """A command's parser (``parser_args``: its help and description) for the caller to add
    its own options to; then, after them, --json (``json``: what it prints) with --ascii, or
    --ascii alone (``ascii_help``: what it does there), and --data-dir when asked; the command
    runs ``func``, and an option it does not know is reported by its own parser."""
    parser = sub.add_parser(name, **parser_args)
    yield parser
    if json is not None:
        add_output_options(parser, json, ascii_help)
    elif ascii:
        add_ascii_option(parser, ascii_help)
    if data_dir:
        add_data_dir_option(parser)
    parser.set_defaults(func=func, command_parser=parser)


def add_output_options(
    parser: argparse.ArgumentParser, json_help: str, ascii_help: str = _ASCII_HELP
) -> None:
    """--json and --ascii."""
    parser.add_argument("--json", action="store_true", help=json_help)
    add_ascii_option(parser, ascii_help)


def add_ascii_option(parser: argparse.ArgumentParser, ascii_help: str = _ASCII_HELP) -> None:
    """--ascii after the command's name (see :func:`add_shared_options`)."""
    parser.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS, help=ascii_help)


def add_resume_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup, what: str) -> None:
    """--resume ID: carry on with an unfinished game of this kind (``what``: "match")."""
    parser.add_argument(
        "--resume",
        type=game_id,
        metavar="ID",
        help=f"carry on with an unfinished {what}, by its id ({command('history')} lists them)",
    )


def add_run_options(
    parser: argparse.ArgumentParser,
    games: Callable[[str], int],
    default_games: int,
    seed_help: str = "first seed (default 0)",
) -> None:
    """--games, --jobs and --seed of a run of many seeded games (an arena, a simulation)."""
    parser.add_argument(
        "--games",
        type=games,
        default=default_games,
        metavar="N",
        help=f"games to play (default {default_games:,})",
    )
    parser.add_argument(
        "--jobs", type=jobs_number, default=1, metavar="J", help="processes (default 1)"
    )
    parser.add_argument("--seed", type=seed_number, default=0, metavar="S", help=seed_help)


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


def add_data_dir_option(parser: argparse.ArgumentParser) -> None:
    """--data-dir, where the saved game and the history live."""
    parser.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=_DATA_DIR_HELP)


def add_deal_options(parser: argparse.ArgumentParser) -> argparse._MutuallyExclusiveGroup:
    """--seed, --deal and --daily, which choose the deck; returns their group."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--seed", type=seed_number, metavar="N", help="the deal for this seed")
    group.add_argument("--deal", metavar="CODE", help="the deal for this deal code")
    group.add_argument("--daily", action="store_true", help="today's deal, the same for everyone")
    return group
