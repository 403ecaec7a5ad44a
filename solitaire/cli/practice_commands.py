"""``cribsol practice``: positions from your own mistakes, or counting practice, checked at
once and scheduled by Leitner boxes."""

from __future__ import annotations

import argparse

from solitaire.cli.terminal import on_a_terminal
from solitaire.core.errors import InputError

__all__ = ["cmd_practice"]

KINDS = ("discard", "pegging", "tiles")


def cmd_practice(args: argparse.Namespace) -> int:
    if args.count and (args.kind or args.fresh):
        raise InputError("--count is counting practice: it takes neither --kind nor --fresh")
    if not on_a_terminal():
        raise InputError("practice needs a terminal")
    if args.count:
        from solitaire.ui.practice.app import run_app  # the skin loads only when needed

        status, message = run_app(args)
    else:
        from solitaire.ui.practice.app import run_positions_app

        kinds = (args.kind,) if args.kind else KINDS
        status, message = run_positions_app(args, kinds)
    print(message)
    return status
