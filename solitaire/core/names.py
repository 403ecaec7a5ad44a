"""The program's name, and how a player runs one of its commands (for every message)."""

from __future__ import annotations

import os

# typing's own flag would load typing, which --help and --version otherwise skip
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

APP_NAME: Final = "cribsol"


def command(words: str) -> str:
    """How the player runs a command, the way they started this one.

    ``scripts/play`` sets ``CRIBSOL_PROG=scripts/play``, whose default command
    is ``play``: ``command("play --resume 3")`` is ``scripts/play --resume 3``
    there and ``cribsol play --resume 3`` everywhere else.
    """
    prog = os.environ.get("CRIBSOL_PROG", "").strip()
    if not (prog and prog.isprintable() and len(prog) <= 60):
        prog = APP_NAME
    if prog != APP_NAME and (words == "play" or words.startswith("play ")):
        words = words[4:].lstrip()
    return f"{prog} {words}".rstrip()
