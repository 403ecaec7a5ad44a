"""What the UI tests share: a game's app run on keystrokes, and anything drawn on a pinned
console (as rich's own ``tests/render.py`` draws).

The console is pinned: a given width, no colour, the game's theme, and no environment read
(``COLUMNS``, ``NO_COLOR``, ``FORCE_COLOR`` and the like change nothing), so a screen draws
the same in every shell and on every CI runner.
"""

from __future__ import annotations

import io

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console, RenderableType

from solitaire.ui import shell
from solitaire.ui.drill.app import build_app as drill_app
from solitaire.ui.drill.session import DrillSession
from solitaire.ui.match.app import build_app as match_app
from solitaire.ui.match.session import MatchSession
from solitaire.ui.patience.app import build_app as patience_app
from solitaire.ui.patience.session import PlaySession
from solitaire.ui.practice.app import build_app as practice_app
from solitaire.ui.practice.app import build_positions_app
from solitaire.ui.practice.decisions import PositionSession
from solitaire.ui.practice.session import CountSession
from solitaire.ui.tiles.app import build_app as tiles_app
from solitaire.ui.tiles.session import TileSession
from solitaire.ui.views import THEME

__all__ = ["Driven", "drive", "lines", "pinned", "render"]

Driven = PlaySession | MatchSession | DrillSession | TileSession | CountSession | PositionSession


def drive(session: Driven, keys: str) -> str:
    """Run the session's app on these keystrokes; returns what it exits with.

    The keys run out and the input closes, so the app ends instead of waiting (a failing
    test, not a hang). The match, the drill and the tiles run as their command runs them
    (:func:`shell.run_full_screen`); the patience's app is run bare, as its tests always did.
    """
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        pipe.close()
        if isinstance(session, PlaySession):
            return patience_app(session, input=pipe, output=DummyOutput()).run()
        if isinstance(session, MatchSession):
            app = match_app(session, input=pipe, output=DummyOutput())
        elif isinstance(session, DrillSession):
            app = drill_app(session, input=pipe, output=DummyOutput())
        elif isinstance(session, CountSession):
            app = practice_app(session, input=pipe, output=DummyOutput())
        elif isinstance(session, PositionSession):
            app = build_positions_app(session, input=pipe, output=DummyOutput())
        else:
            app = tiles_app(session, input=pipe, output=DummyOutput())
        return shell.run_full_screen(app, session.quit)


def pinned(width: int = 80) -> Console:
    """A console ``width`` columns wide writing to a string: no colour, the game's theme,
    nothing read from the environment."""
    return Console(
        file=io.StringIO(),
        width=width,
        color_system=None,
        theme=THEME,
        legacy_windows=False,
        _environ={},
    )


def render(renderable: RenderableType, width: int = 80) -> str:
    """What ``renderable`` draws on a pinned console ``width`` columns wide."""
    console = pinned(width)
    console.print(renderable)
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


def lines(renderable: RenderableType, width: int = 80) -> list[str]:
    """What ``renderable`` draws, line by line (without the last line's end)."""
    return render(renderable, width).rstrip("\n").split("\n")


def said_once(message: str, start: str) -> bool:
    """A failed save's line: it starts as ``start`` and says "could not be saved" once."""
    return message.startswith(start) and message.count("could not be saved") == 1
