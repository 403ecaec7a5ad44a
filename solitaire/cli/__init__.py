"""The ``cribsol`` command line: one parser, one command module per game or concern.

Every engine error (a ValueError) and every bad argument becomes one line on
stderr and exit status 2; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Final

from solitaire.cli import arena_commands as arena
from solitaire.cli import drill_commands as drill
from solitaire.cli import history
from solitaire.cli import match_commands as match
from solitaire.cli import patience_commands as patience
from solitaire.cli import tiles_commands as tiles
from solitaire.cli.common import Parser, UsageError, add_shared_options, prog, speaks_unicode
from solitaire.core.untrusted import safe_text

__all__ = ["main"]

ERROR_LENGTH: Final = 300  # characters of an error line


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog=prog(),
        description="Cribbage Solitaire: the patience, a match for two, scores and discard advice.",
    )
    parser.add_argument("--version", action="version", version="%(prog)s 0.1.0")
    add_shared_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    patience.register(sub)
    match.register(sub)
    arena.register(sub)
    drill.register(sub)
    history.register(sub)
    tiles.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # said by the command given them, so its --help is the one pointed at
            owner: argparse.ArgumentParser = getattr(args, "command_parser", parser)
            owner.error(f"unrecognized arguments: {' '.join(unknown)}")
        func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
        if not speaks_unicode(sys.stdout):
            args.ascii = True  # a terminal without suit symbols gets letters, not an error
        if func is None:
            parser.print_help()
            return 0
        return func(args)
    except UsageError as error:
        _error_line(str(error))
        return 2
    except ValueError as error:
        _error_line(f"{prog()}: {error}")
        return 2
    except KeyboardInterrupt:
        _error_line(f"{prog()}: interrupted")
        return 130
    except BrokenPipeError:
        # Output piped into a command that stopped reading; not an error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:  # a full disk, a read-only or vanished file
        where = f": {error.filename}" if error.filename else ""
        _error_line(f"{prog()}: {error.strerror or error}{where}")
        return 2


def _error_line(message: str) -> None:
    """One line on stderr; an error may quote a file or an argument, so it is made safe."""
    print(safe_text(message, ERROR_LENGTH), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
