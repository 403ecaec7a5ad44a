"""``cribsol drill``: the pegging drill, play-only hands against the computer, every card graded."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any

from rich.text import Text

from solitaire.cli.common import (
    make_console,
    open_history,
)
from solitaire.cli.terminal import on_a_terminal
from solitaire.core.errors import InputError
from solitaire.core.names import command
from solitaire.match.drill import (
    DRILL,
    Drill,
    drill_record,
    replay_drill,
)
from solitaire.match.levels import DEFAULT_HANDS, DRILL_LEVEL
from solitaire.ui.drill.views import DrillView
from solitaire.ui.saved import seed_words

__all__ = ["replay_drill_record"]


def replay_drill_record(
    args: argparse.Namespace, data: Mapping[str, Any], stored_id: int | None = None
) -> int:
    """``cribsol replay`` of a drill record (a file, or the history's ``stored_id``): play it
    again, re-grade every card against the search and print it hand by hand. An unfinished
    drill (a record written mid-drill) replays as far as it goes and says so."""
    drill = replay_drill(data, allow_unfinished=True)
    if args.json:
        print(json.dumps(drill_record(drill)))
        return 0
    console = make_console(args)
    name = f"Drill {stored_id}" if stored_id is not None else "Drill"
    title = f"{name}: {seed_words(drill)}, {drill.hands} hands against {drill.opponent}"
    console.print(DrillView(drill, title, ascii=args.ascii))
    console.print(Text("Replayed and re-graded: every card matches the record.", style="best"))
    if not drill.is_over:
        line = f"Unfinished: {len(drill.pegged)} of {drill.hands} hands played."
        if stored_id is not None:
            line += f" {command(f'drill --resume {stored_id}')} resumes it."
        console.print(Text(line, style="warn"))
    return 0


def cmd_drill(args: argparse.Namespace) -> int:
    if args.resume is not None:
        for option in ("seed", "hands", "vs"):
            if getattr(args, option) is not None:
                raise InputError(
                    f"--resume carries on a saved drill as it was: leave out --{option}"
                )
    args.vs = args.vs or DRILL_LEVEL
    args.hands = args.hands or DEFAULT_HANDS
    if args.resume is not None:  # a wrong id says so before a terminal is asked for
        with open_history(args) as history:
            history.stored_record(args.resume, DRILL)
    if not on_a_terminal():
        raise InputError("the drill needs a terminal")
    from solitaire.ui.drill.app import run_app  # the interactive skin loads only when needed
    from solitaire.ui.drill.session import new_seed

    # deferred: the opponent's first discard (its search, numpy) waits for the first screen
    first = [Drill(args.seed, args.hands, args.vs, deferred=True)] if args.seed is not None else []

    def new_drill() -> Drill:
        if first:
            return first.pop()
        drill = Drill(new_seed(), args.hands, args.vs, deferred=True)
        drill.seed_chosen = False  # secret until the drill ends
        return drill

    status, message = run_app(args, new_drill)
    print(message)
    return status
