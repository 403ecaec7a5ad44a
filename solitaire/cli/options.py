"""The command line's light half: the parser class, option types and shared options.

Imported for every command, ``--help`` and ``--version`` included, so it loads no
engine, no rich and no prompt_toolkit.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from solitaire.cli.terminal import prog as prog  # (a plain score needs no argparse)
from solitaire.cli.terminal import speaks_unicode as speaks_unicode
from solitaire.core.errors import CribsolError
from solitaire.core.limits import MAX_JOBS, MAX_SEED_DIGITS, SEED_LIMIT
from solitaire.core.names import command

# typing's own flag would load typing, which --help and --version otherwise skip
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final, NoReturn, TypeAlias

Handler: TypeAlias = "Callable[[argparse.Namespace], int] | str"
"""What a command runs: a function, or ``"module:function"`` of solitaire.cli, imported
only when that command runs (so the others' engines never load)."""


class UsageError(CribsolError):
    """A bad command line; reported in one line with exit status 2. Its words are the
    whole line, starting with the program's (or the command's) name."""


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, told the terminal's width here: argparse asks shutil, whose
    import (with its compression modules) every command paid while its options were
    added, help or not."""

    def __init__(self, prog: str, **options: Any) -> None:
        if options.get("width") is None:
            options["width"] = _columns() - 2
        super().__init__(prog, **options)


def _columns() -> int:
    """The terminal's width as shutil.get_terminal_size reads it ($COLUMNS first)."""
    import os

    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(1).columns
        except (OSError, ValueError):
            columns = 80
    return columns or 80


class Parser(argparse.ArgumentParser):
    """argparse's parser with every error one :class:`UsageError` line, and options never
    abbreviated: ``--au`` is no option, said as such, rather than whichever of ``--auto``
    and ``--ascii`` argparse would pick (or an "invalid choice" for the next word)."""

    def __init__(self, *args: Any, **options: Any) -> None:
        options.setdefault("formatter_class", _Formatter)
        options.setdefault("allow_abbrev", False)
        super().__init__(*args, **options)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        try:
            return super().parse_known_args(args, namespace)
        except UsageError:
            # An unknown option before this parser's first word is said first: what came
            # after it was likely its value, refused for a reason that would mislead.
            unknown = self.first_unknown_option(list(args or []))
            if unknown is None:
                raise
            self.error(self.unknown_option(unknown))

    def first_unknown_option(self, words: Sequence[str]) -> str | None:
        """The first word before a command's name that looks like an option of no one's."""
        commands = {
            name
            for action in self._actions
            if isinstance(action, argparse._SubParsersAction)
            for name in action.choices
        }
        takes_value = False
        for word in words:
            if takes_value:
                takes_value = False
                continue
            if word in commands or word == "--":
                return None
            if not word.startswith("-") or word == "-" or self._negative_number_matcher.match(word):
                continue
            name = word.split("=", 1)[0]
            action = self._option_string_actions.get(name)
            if action is None:
                return name
            takes_value = action.nargs != 0 and "=" not in word
        return None

    def unknown_option(self, word: str) -> str:
        """An unknown option in one line, with the options it may have meant."""
        from solitaire.core.untrusted import safe_text

        options = sorted(o for o in self._option_string_actions if o.startswith("--"))
        near = [o for o in options if o.startswith(word) and word.startswith("--")]
        shown = f"unrecognized arguments: {safe_text(word, 30)}"
        if near:
            return f"{shown} (options are written in full: did you mean {' or '.join(near[:3])}?)"
        import difflib

        close = difflib.get_close_matches(word, options, n=1)
        return f"{shown} (did you mean {close[0]}?)" if close else shown


if TYPE_CHECKING:
    Subcommands: TypeAlias = argparse._SubParsersAction[Parser]
    """What each command module's ``register`` adds its commands to."""


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
        from solitaire.core.untrusted import safe_text

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
    func: Handler,
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
        "--jobs", type=jobs_number, metavar="J", help="processes on this machine (default 1)"
    )
    parser.add_argument("--seed", type=seed_number, default=0, metavar="S", help=seed_help)
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), with "
        "the same results (default: $CRIBSOL_CLUSTER unless --jobs is given; needs "
        "pip install 'cribbage-solitaire[cluster]')",
    )


def cluster_address(args: argparse.Namespace) -> str | None:
    """The cluster a run of :func:`add_run_options` plays on, or None for this machine:
    ``--cluster`` (whatever it says: an empty one is refused when connecting), else
    ``$CRIBSOL_CLUSTER`` when ``--jobs`` is not given (set but empty, it is this machine).
    Sets ``args.jobs`` (1 when not given); both ``--cluster`` and ``--jobs`` is a
    :class:`UsageError`."""
    import os

    address: str | None = args.cluster
    if address is not None and args.jobs is not None:
        raise UsageError(
            f"{prog()}: --cluster and --jobs do not go together: the cluster's workers "
            "play the games (see --help)"
        )
    if address is None and args.jobs is None:
        address = os.environ.get("CRIBSOL_CLUSTER", "").strip() or None
    args.jobs = args.jobs or 1
    return address


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
