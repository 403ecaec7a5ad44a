"""What every command line needs before any parser: the program's name and whether the
terminal writes suit symbols (so a plain ``score`` runs without argparse)."""

from __future__ import annotations

import sys

from solitaire.core.names import command

__all__ = ["on_a_terminal", "prog", "speaks_unicode"]


def prog() -> str:
    """The program's name as the player ran it: ``scripts/play`` or ``cribsol``."""
    return command("").strip()


def speaks_unicode(stream: object) -> bool:
    """Whether a stream's encoding writes suit symbols."""
    encoding = getattr(stream, "encoding", None) or ""
    return encoding.lower().replace("-", "").startswith(("utf", "ucs"))


def on_a_terminal() -> bool:
    """Whether standard input and output are both an open terminal (a closed one, as with
    ``<&-``, is None or closed: not a terminal, never an error)."""
    return all(
        stream is not None and not stream.closed and stream.isatty()
        for stream in (sys.stdin, sys.stdout)
    )
