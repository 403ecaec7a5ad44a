"""The interactive game: prompt_toolkit reads the keys, rich draws the screen.

Each key binding is a line or two that calls one :class:`PlaySession` method;
the session holds all state, so the app can be driven from pipes in tests.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from functools import partial

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyPressEvent
from prompt_toolkit.layout import ConditionalContainer, Dimension, HSplit, VSplit, Window
from prompt_toolkit.layout.containers import Float, FloatContainer
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output import Output
from prompt_toolkit.validation import ValidationError, Validator
from prompt_toolkit.widgets import ValidationToolbar
from rich.console import RenderableType

from solitaire.patience.game import Game
from solitaire.store import History, resolve_data_dir
from solitaire.ui import shell
from solitaire.ui.patience.screen import (
    MAIN_WIDTH,
    SessionScreen,
    is_large,
    rules_pages,
)
from solitaire.ui.patience.session import Phase, PlaySession
from solitaire.ui.review.keys import bind_review, watch_review
from solitaire.ui.shell import render_ansi

__all__ = ["HandCompleter", "HandValidator", "build_app", "render_ansi", "run_app"]


class HandCompleter(Completer):
    """Completes card names from the six cards in hand."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session

    def get_completions(self, document: Document, event: CompleteEvent) -> Iterable[Completion]:
        word = document.get_word_before_cursor(WORD=True).upper()
        before = document.text_before_cursor[: len(document.text_before_cursor) - len(word)]
        typed = {t.upper() for t in before.replace(",", " ").split()}
        for card in self.session.game.shown:
            name = str(card)
            # "10" completes to TS as well as "T" does.
            if name not in typed and (name.startswith(word) or card.symbol(True).startswith(word)):
                yield Completion(
                    name, start_position=-len(word), display=card.symbol(self.session.ascii)
                )


class HandValidator(Validator):
    """Points at the first token that is not a card in hand; wants exactly two."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session

    def validate(self, document: Document) -> None:
        problem = self.session.validate_typed(document.text)
        if problem is not None:
            # The message names the bad token; the cursor stays where the player is typing.
            raise ValidationError(cursor_position=document.cursor_position, message=problem)


class _UiState:
    typing = False


def build_app(
    session: PlaySession, input: Input | None = None, output: Output | None = None
) -> Application[str]:
    """The full-screen application for a session."""
    ui = _UiState()

    typing = Condition(lambda: ui.typing)
    keys_free = ~typing & ~Condition(lambda: session.reviewing.shown)  # the review's own keys
    keys = shell.game_keys(session, help_filter=keys_free)

    def accept(buffer: Buffer) -> bool:
        ui.typing = False
        keys.guarded(lambda: session.discard_text(buffer.text))
        app.layout.focus(screen)
        return False  # clears the buffer

    entry = Buffer(
        multiline=False,
        completer=HandCompleter(session),
        validator=HandValidator(session),
        complete_while_typing=True,
        accept_handler=accept,
    )

    size = shell.terminal_size

    def large() -> bool:
        return is_large(*size())

    def main_width() -> int:
        return MAIN_WIDTH if large() else min(size()[0], 100)

    def part(draw: Callable[[SessionScreen], RenderableType], width: Callable[[], int]) -> ANSI:
        def drawn() -> RenderableType:
            return draw(SessionScreen(session, ui.typing, large(), size()[1]))

        return shell.ansi_part(drawn, width())

    def turn_rules_page(step: int) -> None:
        width = main_width()
        session.turn_rules_page(step, rules_pages(width, size()[1] - 1, session.ascii))

    top = partial(part, SessionScreen.top, main_width)
    bottom = partial(part, SessionScreen.bottom, main_width)
    side = partial(part, SessionScreen.side, lambda: size()[0] - main_width() - 1)

    # The typing line sits under the six cards, in place of the prompt; its error just below.
    screen = Window(
        FormattedTextControl(top, focusable=True, show_cursor=False),
        dont_extend_height=True,
        wrap_lines=False,
    )
    entry_line = ConditionalContainer(
        HSplit(
            [
                Window(BufferControl(entry, input_processors=[BeforeInput("discard> ")]), height=1),
                ValidationToolbar(),
            ]
        ),
        filter=typing,
    )
    main = HSplit(
        [screen, entry_line, Window(FormattedTextControl(bottom), wrap_lines=False)],
        width=lambda: Dimension.exact(MAIN_WIDTH) if large() else Dimension(),
    )
    panel = ConditionalContainer(
        VSplit([Window(width=1), Window(FormattedTextControl(side), wrap_lines=False)]),
        filter=Condition(large),
    )
    root = FloatContainer(
        shell.fitted(VSplit([main, panel]), size),
        # The menu would cover the typing line's error, so it waits until the text changes.
        floats=[
            Float(
                xcursor=True,
                ycursor=True,
                content=ConditionalContainer(
                    CompletionsMenu(max_height=6),
                    filter=Condition(lambda: entry.validation_error is None),
                ),
            )
        ],
    )

    def phase_is(*phases: Phase) -> Filter:
        return Condition(lambda: session.phase in phases and not session.show_rules) & keys_free

    def on(*names: str, filter: Filter = keys_free) -> Callable[[Callable[[], object]], None]:
        return keys.on(*names, filter=filter)

    for index in range(6):
        on(str(index + 1), filter=phase_is(Phase.DISCARD))(partial(session.toggle, index))
    on("left", filter=phase_is(Phase.DISCARD))(lambda: session.move(-1))
    on("right", filter=phase_is(Phase.DISCARD))(lambda: session.move(1))
    on("space", filter=phase_is(Phase.DISCARD))(session.toggle_cursor)
    on("?", filter=phase_is(Phase.DISCARD))(session.hint)
    on("s", filter=phase_is(Phase.DISCARD))(session.toggle_sort)
    on("u", filter=phase_is(Phase.RESULT))(session.undo)
    on("c")(lambda: session.toggle_tracker(large()))
    on("a", filter=phase_is(Phase.RESULT, Phase.OVER))(session.toggle_all)
    on("w", filter=phase_is(Phase.DISCARD))(session.why)
    on("k")(session.toggle_rules)
    showing_all = Condition(lambda: session.show_all and not session.show_rules) & keys_free
    for number in range(1, 7):
        on(str(number), filter=showing_all)(partial(session.pick_round, number))
    on("left", filter=showing_all)(lambda: session.step_round(-1))
    on("right", filter=showing_all)(lambda: session.step_round(1))
    reading = Condition(lambda: session.show_rules) & keys_free
    for key, step in (("right", 1), ("pagedown", 1), ("space", 1), ("left", -1), ("pageup", -1)):
        on(key, filter=reading)(partial(turn_rules_page, step))
    on("escape", filter=reading)(session.toggle_rules)
    on("r", filter=phase_is(Phase.OVER))(session.toggle_rounds)
    on("?", filter=phase_is(Phase.OVER))(session.toggle_review)
    on("y", filter=phase_is(Phase.RESUME))(session.resume)
    on("n", filter=phase_is(Phase.RESUME, Phase.OVER))(session.start_afresh)

    def enter() -> None:
        if session.phase is Phase.DISCARD:
            session.confirm()
        elif session.phase is Phase.RESULT:
            session.proceed()
        elif session.phase is Phase.RESUME:
            session.enter_offer()

    on("enter")(enter)

    @keys.add("/", filter=phase_is(Phase.DISCARD))
    @keys.add("t", filter=phase_is(Phase.DISCARD))
    def _type(event: KeyPressEvent) -> None:
        ui.typing = True
        event.app.layout.focus(entry)

    @keys.add("escape", filter=typing, eager=True)
    def _cancel(event: KeyPressEvent) -> None:
        ui.typing = False
        entry.reset()
        event.app.layout.focus(screen)

    bind_review(keys, session, session.reviewing)
    keys.on_quit(session.quit, filter=~typing)
    app = shell.full_screen_app(root, screen, keys, input=input, output=output)
    watch_review(app, session.reviewing, keys)
    return app


def run_app(
    args: argparse.Namespace,
    new_game: Callable[[], tuple[Game, str | None]],
    input: Input | None = None,
    output: Output | None = None,
) -> tuple[int, str]:
    """Play interactively; returns the exit status and the parting message."""
    data_dir = resolve_data_dir(getattr(args, "data_dir", None))
    asked = ("seed", "deal", "daily", "again")
    explicit = any(getattr(args, name, None) not in (None, False) for name in asked)

    def session_for(history: History) -> PlaySession:
        return PlaySession(
            history,
            new_game,
            ascii=bool(args.ascii),
            explicit=explicit,
            resume_id=getattr(args, "resume", None),
            target=getattr(args, "target", None),
        )

    return shell.run_session(data_dir, session_for, lambda s: build_app(s, input, output))
