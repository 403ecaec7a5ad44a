"""``cribsol practice``: counting practice, checked at once and scheduled by Leitner boxes."""

from __future__ import annotations

import argparse

from solitaire.cli.terminal import on_a_terminal
from solitaire.core.errors import InputError

__all__ = ["cmd_practice"]


def cmd_practice(args: argparse.Namespace) -> int:
    if not args.count:
        raise InputError("say what to practise: --count (hands and cribs to count)")
    if not on_a_terminal():
        raise InputError("practice needs a terminal")
    from solitaire.ui.practice.app import run_app  # the interactive skin loads only when needed

    status, message = run_app(args)
    print(message)
    return status
