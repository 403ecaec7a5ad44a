"""What every command line needs before any parser: the program's name and whether the
terminal writes suit symbols (so a plain ``score`` runs without argparse)."""

from __future__ import annotations

from solitaire.names import command

__all__ = ["prog", "speaks_unicode"]


def prog() -> str:
    """The program's name as the player ran it: ``scripts/play`` or ``cribsol``."""
    return command("").strip()


def speaks_unicode(stream: object) -> bool:
    """Whether a stream's encoding writes suit symbols."""
    encoding = getattr(stream, "encoding", None) or ""
    return encoding.lower().replace("-", "").startswith(("utf", "ucs"))
