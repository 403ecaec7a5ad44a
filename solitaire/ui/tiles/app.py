"""The interactive tile game: prompt_toolkit reads the keys, rich draws the screen.

Each key calls one :class:`TileSession` method.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from functools import partial
from typing import Final

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyPressEvent
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import Output

from solitaire.store import resolve_data_dir
from solitaire.tiles.game import TileGame
from solitaire.ui import kinds, shell
from solitaire.ui.review.keys import bind_review, watch_review
from solitaire.ui.tiles.screen import more_to_show, rules_pages, tile_screen, whole_pages
from solitaire.ui.tiles.session import Stage, TileSession
from solitaire.ui.worker import coach_executor, open_after_first_frame

__all__ = ["PAUSE", "build_app", "run_app"]

PAUSE: Final = 0.8  # seconds between the moves of computers only, as the match's cards


def build_app(
    session: TileSession, input: Input | None = None, output: Output | None = None
) -> Application[str]:
    """The full-screen application for a tile session."""

    def report(line: str) -> None:
        session.message = line

    keys = shell.KeyMap(report)
    answering = [False]  # the computers' deferred moves are scheduled
    stalled = [False]  # they could not be saved: they wait for the next key

    size = shell.terminal_size

    def draw() -> ANSI:
        columns, rows = size()
        return shell.ansi_part(lambda: tile_screen(session, columns, rows), columns)

    screen = Window(FormattedTextControl(draw, focusable=True, show_cursor=False), wrap_lines=False)
    root = shell.fitted(screen, size)

    def fresh(action: Callable[[], object]) -> Callable[[], None]:
        """The action, once the message answering the previous key is cleared; nothing
        while the whole explanation covers the game."""

        def run() -> None:
            session.settle_deferred()  # a game key never acts before the computers' moves
            stalled[0] = session.deferred  # their move could not be saved: no retry unasked
            if session.covered:  # help or the rules cover the game: its keys do nothing
                return
            if session.whole is not None:
                session.message = "Tab, Esc or Enter closes these pages first."
                return
            session.message = ""
            action()
            schedule()  # a new game of computers only starts its moves

        return run

    typing = Condition(lambda: session.typing is not None)
    resume = Condition(lambda: session.stage is Stage.RESUME)
    over = Condition(lambda: session.stage is Stage.OVER)
    # The review (? once the game is over) takes every key but quitting and the help.
    showing = Condition(lambda: session.reviewing.shown and not session.show_help)

    @keys.add("<any>", filter=typing)
    def _type(event: KeyPressEvent) -> None:
        fresh(partial(session.type_char, event.data))()

    for digit in range(10):
        keys.on(str(digit), filter=~typing)(fresh(partial(session.digit, digit)))
    for key, (rows, cols) in {
        "up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1),
    }.items():  # fmt: skip
        keys.on(key, filter=~typing)(fresh(partial(session.move, rows, cols)))
    keys.on("t", filter=~typing)(fresh(session.turn_tile))
    keys.on("backspace")(fresh(session.backspace))
    keys.on("enter")(fresh(session.enter))
    covered = Condition(lambda: session.covered)
    keys.on("escape", filter=covered, eager=True)(session.escape)
    keys.on("escape", filter=~covered, eager=True)(fresh(session.escape))
    keys.on("m", filter=~typing)(fresh(session.start_typing))
    keys.on("?", filter=~typing & ~over)(fresh(session.hint))
    keys.on("?", filter=over & ~showing)(fresh(session.toggle_review))
    keys.on("w", filter=~typing)(fresh(session.explain_why))
    keys.on("p", filter=~typing)(fresh(session.pass_turn))
    keys.on("x", filter=~typing)(fresh(session.exchange))
    keys.on("j", filter=~typing)(fresh(session.call_joker))
    keys.on("y", filter=resume)(fresh(session.resume))
    keys.on("n", filter=resume | over)(fresh(session.start_afresh))

    whole = Condition(lambda: session.whole is not None)

    def page(step: int) -> None:
        session.turn_whole_page(step, whole_pages(session, *size()))

    for key, step in {
        "up": -1, "down": 1, "left": -1, "right": 1, "pageup": -1, "pagedown": 1,
    }.items():  # fmt: skip
        keys.on(key, filter=whole)(partial(page, step))

    def open_whole() -> None:
        """Tab: the whole explanation, paged; refused at once when it is all on screen."""
        if session.covered:
            return
        if more_to_show(session, *size()):
            session.toggle_whole()
        else:
            session.message = "It is all on screen: Tab pages what does not fit."

    keys.on("tab", filter=~whole)(open_whole)
    for key in ("tab", "escape", "enter"):
        keys.on(key, filter=whole, eager=True)(session.toggle_whole)

    @keys.add("h", filter=~typing)
    @keys.add("f1")
    def _help(event: object) -> None:
        session.toggle_help()

    keys.on("k", filter=~typing)(session.toggle_rules)
    reading = Condition(lambda: session.show_rules)

    def rules_page(step: int) -> None:
        columns, rows = size()
        session.turn_rules_page(step, rules_pages(columns, rows, session.ascii))

    helping = Condition(lambda: session.show_help)
    for key, step in {
        "up": -1, "down": 1, "left": -1, "right": 1, "pageup": -1, "pagedown": 1,
    }.items():  # fmt: skip
        keys.on(key, filter=reading)(partial(rules_page, step))
        keys.on(key, filter=helping)(partial(session.turn_help_page, step))

    bind_review(keys, session, session.reviewing)
    keys.on_quit(session.quit, filter=~typing)
    app = shell.full_screen_app(root, screen, keys, input=input, output=output)
    watch_review(app, session.reviewing, keys)
    open_after_first_frame(app, session.reviewing.executor)

    def answer(_: object) -> None:
        """Once the board is on screen (a new game's, or the person's move), the computers
        to move make their moves (once: when that cannot be saved, the next key tries)."""
        if session.deferred and app.loop is not None and not answering[0] and not stalled[0]:
            answering[0] = True
            app.loop.call_soon(lambda: keys.guarded(move))

    def move() -> None:
        answering[0] = False
        session.settle_deferred()
        stalled[0] = session.deferred
        app.invalidate()

    ticking = [False]  # a computer's move is scheduled

    def schedule() -> None:
        if session.tick_due and app.loop is not None and not ticking[0]:
            ticking[0] = True
            app.loop.call_later(session.pause, lambda: keys.guarded(tick))

    def tick() -> None:
        ticking[0] = False
        session.tick()
        app.invalidate()
        schedule()

    def start_ticks(_: object) -> None:
        """Once the board is on screen, a game of computers only moves one turn a pause."""
        app.after_render -= start_ticks
        schedule()

    app.after_render += answer
    app.after_render += start_ticks
    return app


def run_app(
    args: argparse.Namespace,
    names: Sequence[str],
    new_game: Callable[[], TileGame],
    input: Input | None = None,
    output: Output | None = None,
) -> tuple[int, str]:
    """Play tiles interactively; returns the exit status and the parting message."""
    data_dir = resolve_data_dir(getattr(args, "data_dir", None))
    executor = coach_executor()  # the finished game is reviewed in its own process
    with kinds.history(data_dir) as history:
        session = TileSession(
            history,
            names,
            new_game,
            explicit=args.seed is not None,
            resume_id=getattr(args, "resume", None),
            ascii=bool(args.ascii),
            servant=bool(args.servant),
            defer=True,
            executor=executor,
        )
        session.pause = PAUSE
        try:
            message = shell.run_full_screen(build_app(session, input, output), session.quit)
        finally:
            session.close()
            executor.shutdown(wait=False, cancel_futures=True)  # a review under way is dropped
    return 0, message
