"""The ``cribsol`` command line.

Every engine error (a ValueError) and every bad argument becomes one line on
stderr and exit status 2; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from rich.console import Console

from solitaire.engine.cards import parse_cards
from solitaire.engine.scoring import score_hand
from solitaire.views import THEME, ScoreView, kind_totals_table

__all__ = ["main"]

PROG = "cribsol"


class UsageError(Exception):
    """A bad command line; reported in one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


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


def _joined_cards(tokens: Sequence[str]) -> str:
    return " ".join(tokens)


# -- score --------------------------------------------------------------------


def cmd_score(args: argparse.Namespace) -> int:
    cards = parse_cards(_joined_cards(args.cards))
    if len(cards) not in (4, 5):
        raise ValueError(
            f"expected 4 hand cards and a starter (or 4 cards alone for a final hand), "
            f"got {len(cards)} card{'s' if len(cards) != 1 else ''}"
        )
    if args.crib and len(cards) == 4:
        raise ValueError("a crib needs a starter: give 4 crib cards then the starter")
    starter = cards[4] if len(cards) == 5 else None
    score = score_hand(cards[:4], starter, crib=args.crib)
    if args.json:
        print(json.dumps(score.to_dict()))
        return 0
    console = make_console(args)
    title = "Crib" if args.crib else ("Hand" if starter is not None else "Final hand")
    console.print(ScoreView(score, title=title, ascii=args.ascii))
    console.print(kind_totals_table([score]))
    return 0


# -- the parser ---------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Cribbage Solitaire: play the patience, score hands, weigh discards.",
    )
    parser.add_argument("--version", action="version", version="%(prog)s 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    score = sub.add_parser(
        "score",
        help="score a hand: four cards then the starter",
        description="Score four cards and a starter (four cards alone: a final hand, no starter).",
    )
    score.add_argument("cards", nargs="+", metavar="CARD", help="cards like 5H 10S jd 5♥")
    score.add_argument("--crib", action="store_true", help="crib rules: only a 5-card flush counts")
    score.add_argument("--json", action="store_true", help="print one JSON object")
    score.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    score.set_defaults(func=cmd_score)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
        if func is None:
            parser.print_help()
            return 0
        return func(args)
    except UsageError as error:
        print(error, file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Output piped into a command that stopped reading; not an error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
