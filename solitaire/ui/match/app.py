"""The interactive match: prompt_toolkit reads the keys, rich draws the screen.

Each key calls one :class:`MatchSession` method; the computer's cards appear
after a short pause, driven by a timer here (the session only says when one is
due), so tests run without delay.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable
from functools import partial

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.input import Input
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import Output

from solitaire.match.game import Match
from solitaire.match.levels import DEFAULT_LEVEL
from solitaire.store import History, resolve_data_dir
from solitaire.ui import shell
from solitaire.ui.match.browse import DealBrowser
from solitaire.ui.match.coaching import Coach, coach_executor, start_after_first_frame
from solitaire.ui.match.screen import MatchScreen, rules_pages
from solitaire.ui.match.session import MatchSession, Stage
from solitaire.ui.review.keys import bind_review, watch_review

__all__ = ["PAUSE", "build_app", "run_app"]

PAUSE = 0.8  # seconds before each of the computer's cards appears
WIDEST = 100  # the screen is drawn at most this wide


def build_app(
    session: MatchSession, input: Input | None = None, output: Output | None = None
) -> Application[str]:
    """The full-screen application for a match session."""

    keys = shell.game_keys(session)

    def columns() -> int:
        return min(shell.terminal_size()[0], WIDEST)

    def draw() -> MatchScreen:
        return MatchScreen(session, shell.terminal_size()[1], columns())

    screen = shell.screen_window(draw, WIDEST)
    root = shell.fitted(screen, shell.terminal_size)

    def paced(action: Callable[[], object]) -> Callable[[], None]:
        """The action, then the computer's next card after a pause (if one is due)."""

        def run() -> None:
            action()
            schedule()

        return run

    def schedule() -> None:
        if session.timed_pending:
            loop = asyncio.get_running_loop()
            loop.call_later(session.told.pause, lambda: keys.guarded(tick))

    def tick() -> None:
        if session.told.tick():
            schedule()
        app.invalidate()

    # The rules (k) cover the game: its keys stand aside while they are shown.
    browsing = Condition(lambda: session.browser is not None and not session.show_help)
    reviewing = Condition(lambda: session.reviewing.shown and not session.show_help)
    reading = shell.rules_keys(
        keys, session, lambda: rules_pages(columns(), shell.terminal_size()[1], session.ascii),
        filter=~browsing & ~reviewing,
    )  # fmt: skip
    free = ~reading & ~reviewing

    def stage_is(*stages: Stage) -> Filter:
        return Condition(lambda: session.stage in stages and not session.show_help) & free

    # A digit picks, lays or counts; when it can do none of these (or the help hides the
    # cards) it is left to the key map, which says it does nothing here.
    takes_digits = Condition(
        lambda: (
            not session.show_help
            and (session.counting or session.your_turn or session.timed_pending)
        )
    )
    for digit in "0123456789":
        keys.on(digit, filter=takes_digits & free)(paced(partial(session.digit, digit)))
    keys.on("backspace", filter=free)(session.backspace)
    keys.on("?", filter=free)(session.toggle_coach)
    keys.on("w", filter=free)(session.why)
    keys.on("left", filter=free)(paced(lambda: session.move(-1)))
    keys.on("right", filter=free)(paced(lambda: session.move(1)))
    keys.on("space", filter=free)(paced(session.choose_cursor))
    keys.on("enter", filter=free)(paced(session.enter))
    keys.on("y", filter=stage_is(Stage.RESUME))(paced(session.resume))
    keys.on("n", filter=stage_is(Stage.RESUME, Stage.MATCH_OVER))(paced(session.start_afresh))

    # The deal list (d) takes every key while open, but quitting and the help.
    keys.on("d", filter=~browsing & ~Condition(lambda: session.show_help) & free)(
        session.open_deals
    )

    def in_deals(action: Callable[[DealBrowser], object]) -> Callable[[], None]:
        def run() -> None:
            if session.browser is not None:
                action(session.browser)

        return run

    @keys.add(Keys.Any, filter=browsing)
    def _elsewhere(event: object) -> None:
        session.message = "In the deals: Up/Down, PgUp/PgDn, Left/Right, Enter, Esc back"

    keys.on("escape", filter=browsing, eager=True)(session.deals_back)
    keys.on("up", filter=browsing)(in_deals(lambda b: b.move(-1)))
    keys.on("down", filter=browsing)(in_deals(lambda b: b.move(1)))
    keys.on("pageup", filter=browsing)(in_deals(lambda b: b.page_by(-1)))
    keys.on("pagedown", filter=browsing)(in_deals(lambda b: b.page_by(1)))
    keys.on("space", filter=browsing)(in_deals(lambda b: b.page_by(1)))
    keys.on("left", filter=browsing)(in_deals(lambda b: b.turn(-1)))
    keys.on("right", filter=browsing)(in_deals(lambda b: b.turn(1)))
    keys.on("enter", filter=browsing)(in_deals(lambda b: b.enter()))
    keys.on("d", filter=browsing)(session.close_deals)

    bind_review(keys, session, session.reviewing)
    keys.on_quit(session.quit)
    app = shell.full_screen_app(root, screen, keys, input=input, output=output)
    watch_review(app, session.reviewing, keys)
    coach = session.coach.process
    if coach is not None:
        coach.on_ready = app.invalidate  # the coach answers from its own process
    start_after_first_frame(app, coach)
    app.pre_run_callables.append(schedule)
    return app


def run_app(
    args: argparse.Namespace,
    new_match: Callable[[], Match],
    input: Input | None = None,
    output: Output | None = None,
) -> tuple[int, str]:
    """Play a match interactively; returns the exit status and the parting message."""

    def session_for(history: History) -> MatchSession:
        return MatchSession(
            history,
            args.vs or DEFAULT_LEVEL,
            new_match,
            explicit=args.seed is not None,
            resume_id=getattr(args, "resume", None),
            ascii=bool(args.ascii),
            pause=0.0 if args.no_pause else PAUSE,
            coach=Coach(coach_executor()),
        )

    data_dir = resolve_data_dir(getattr(args, "data_dir", None))
    return shell.run_session(data_dir, session_for, lambda s: build_app(s, input, output))
