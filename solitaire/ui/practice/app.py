"""Practice full-screen, counting and positions from your games: prompt_toolkit reads
the keys, rich draws the screen."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from functools import partial

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from rich.console import RenderableType

from solitaire.store import History, resolve_data_dir
from solitaire.ui import shell
from solitaire.ui.practice.decision_screen import PositionScreen
from solitaire.ui.practice.decisions import PositionSession
from solitaire.ui.practice.screen import CountScreen
from solitaire.ui.practice.session import CountSession

__all__ = ["build_app", "build_positions_app", "run_app", "run_positions_app"]

WIDEST = 100  # the screen is drawn at most this wide


def _practice_app(
    session: CountSession | PositionSession,
    screen_of: Callable[[int, int], RenderableType],
    keys: shell.KeyMap,
    input: Input | None,
    output: Output | None,
) -> Application[str]:
    """A practice sitting's app: its own keys (bound by the caller), and those every practice
    shares: Enter, ? the answer shown, w the why, the quit keys."""

    def draw() -> RenderableType:
        columns, rows = shell.terminal_size()
        return screen_of(rows, min(columns, WIDEST))

    screen = shell.screen_window(draw, WIDEST)
    keys.on("enter")(session.enter)
    keys.on("?")(session.reveal)
    keys.on("w")(session.why)
    keys.on_quit(session.quit)
    root = shell.fitted(screen, shell.terminal_size)
    return shell.full_screen_app(root, screen, keys, input=input, output=output)


def build_app(
    session: CountSession, input: Input | None = None, output: Output | None = None
) -> Application[str]:
    """The full-screen application for a sitting of counting practice."""
    keys = shell.game_keys(session)
    for digit in "0123456789":
        keys.on(digit)(partial(session.type_digit, digit))
    keys.on("backspace")(session.backspace)
    return _practice_app(session, partial(CountScreen, session), keys, input, output)


def run_app(
    args: argparse.Namespace, input: Input | None = None, output: Output | None = None
) -> tuple[int, str]:
    """Practise counting interactively; returns the exit status and the parting message."""

    def session_for(history: History) -> CountSession:
        return CountSession(history, seed=args.seed, ascii=bool(args.ascii))

    data_dir = resolve_data_dir(getattr(args, "data_dir", None))
    return shell.run_session(data_dir, session_for, lambda s: build_app(s, input, output))


def build_positions_app(
    session: PositionSession, input: Input | None = None, output: Output | None = None
) -> Application[str]:
    """The full-screen application for a sitting of practice drawn from your games."""
    keys = shell.game_keys(session)
    for number in range(1, 7):
        keys.on(str(number))(partial(session.pick, number))
    return _practice_app(session, partial(PositionScreen, session), keys, input, output)


def run_positions_app(
    args: argparse.Namespace,
    kinds: Sequence[str],
    input: Input | None = None,
    output: Output | None = None,
) -> tuple[int, str]:
    """Practise positions from your games interactively; returns the exit status and the
    parting message."""

    def session_for(history: History) -> PositionSession:
        return PositionSession(
            history, kinds=kinds, fresh=bool(args.fresh), seed=args.seed, ascii=bool(args.ascii)
        )

    data_dir = resolve_data_dir(getattr(args, "data_dir", None))
    return shell.run_session(data_dir, session_for, lambda s: build_positions_app(s, input, output))
