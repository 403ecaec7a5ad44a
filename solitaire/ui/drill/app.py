"""The pegging drill full-screen: prompt_toolkit reads the keys, rich draws the screen."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import partial

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from solitaire.match.drill import Drill
from solitaire.store import History, resolve_data_dir
from solitaire.ui import shell
from solitaire.ui.drill.screen import DrillScreen
from solitaire.ui.drill.session import DrillSession, Stage
from solitaire.ui.match.coaching import Coach, coach_executor, start_after_first_frame
from solitaire.ui.match.screen import rules_pages
from solitaire.ui.review.keys import bind_review, watch_review

__all__ = ["build_app", "run_app"]

WIDEST = 100  # the screen is drawn at most this wide


def build_app(
    session: DrillSession, input: Input | None = None, output: Output | None = None
) -> Application[str]:
    """The full-screen application for a drill session."""
    keys = shell.game_keys(session)

    def columns() -> int:
        return min(shell.terminal_size()[0], WIDEST)

    def draw() -> DrillScreen:
        return DrillScreen(session, shell.terminal_size()[1], columns())

    screen = shell.screen_window(draw, WIDEST)
    # The rules (k) cover the drill: its keys stand aside while they are shown.
    reading = shell.rules_keys(
        keys, session, lambda: rules_pages(columns(), shell.terminal_size()[1], session.ascii)
    )
    reviewing = Condition(lambda: session.reviewing.shown and not session.show_help)
    free = ~reading & ~reviewing

    def stage_is(*stages: Stage) -> Filter:
        return Condition(lambda: session.stage in stages and not session.show_help) & free

    for digit in "0123456789":  # past your cards: a line naming the keys that fit
        keys.on(digit, filter=stage_is(Stage.PLAY))(partial(session.lay, int(digit) - 1))
    keys.on("left", filter=free)(lambda: session.move(-1))
    keys.on("right", filter=free)(lambda: session.move(1))
    keys.on("enter", filter=free)(session.enter)
    keys.on("?", filter=stage_is(Stage.PLAY))(session.toggle_coach)
    keys.on("?", filter=stage_is(Stage.OVER))(session.toggle_review)
    keys.on("w", filter=stage_is(Stage.PLAY, Stage.HAND_OVER))(session.why)
    keys.on("y", filter=stage_is(Stage.RESUME))(session.resume)
    keys.on("n", filter=stage_is(Stage.RESUME, Stage.OVER))(session.start_afresh)

    bind_review(keys, session, session.reviewing)
    keys.on_quit(session.quit)
    root = shell.fitted(screen, shell.terminal_size)
    app = shell.full_screen_app(root, screen, keys, input=input, output=output)
    watch_review(app, session.reviewing, keys)
    session.coach.on_ready = app.invalidate  # the coach answers from its own process
    start_after_first_frame(app, session.coach)

    scheduled = [False]

    def settle(_: object) -> None:
        """Once a new drill's screen is up, the opponent makes the discard it held back."""
        if session.drill.waiting and app.loop is not None and not scheduled[0]:
            scheduled[0] = True
            app.loop.call_soon(lambda: keys.guarded(discard))

    def discard() -> None:
        scheduled[0] = False
        session.settle()
        app.invalidate()  # a redraw from within a render would be dropped

    app.after_render += settle
    return app


def run_app(
    args: argparse.Namespace,
    new_drill: Callable[[], Drill],
    input: Input | None = None,
    output: Output | None = None,
) -> tuple[int, str]:
    """Drill interactively; returns the exit status and the parting message."""

    def session_for(history: History) -> DrillSession:
        return DrillSession(
            history,
            new_drill,
            explicit=args.seed is not None,
            resume_id=args.resume,
            ascii=bool(args.ascii),
            coach=Coach(coach_executor()),
        )

    data_dir = resolve_data_dir(getattr(args, "data_dir", None))
    return shell.run_session(data_dir, session_for, lambda s: build_app(s, input, output))
