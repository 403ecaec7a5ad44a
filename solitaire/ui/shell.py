"""The app shell every game's full-screen skin runs in.

rich draws a game's screen to ANSI text; prompt_toolkit shows it and reads the
keys. The shell adds what every game needs around that: key bindings in one line
each, "terminal too small" instead of a clipped screen, the quit keys, and
unexpected errors as one line, never a traceback (every game is saved after
every move, so an error loses nothing).
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Final, Protocol, TypeVar

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.filters import Condition, FilterOrBool, buffer_has_focus, to_filter
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import ConditionalContainer, HSplit, Layout, Window
from prompt_toolkit.layout.containers import AnyContainer, Container
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import Output
from rich.console import Console, RenderableType

from solitaire.core.errors import CribsolError
from solitaire.core.untrusted import safe_text
from solitaire.errorlog import log_error
from solitaire.store import History
from solitaire.ui.rules import RulesPages
from solitaire.ui.views import THEME, WIDTH

__all__ = [
    "MIN_SIZE",
    "KeyMap",
    "Session",
    "ansi_part",
    "clearing",
    "console",
    "error_line",
    "fitted",
    "full_screen_app",
    "game_keys",
    "render_ansi",
    "rules_keys",
    "run_full_screen",
    "run_session",
    "screen_window",
    "terminal_size",
    "too_small",
    "unknown_key_name",
]

MIN_SIZE: Final = (WIDTH, 24)  # columns and rows every game needs


def too_small(columns: int, rows: int) -> str | None:
    """The message shown instead of a clipped screen, or None when the game fits."""
    need_columns, need_rows = MIN_SIZE
    if columns >= need_columns and rows >= need_rows:
        return None
    return f"terminal too small: {need_columns}x{need_rows} needed, this is {columns}x{rows}"


def terminal_size() -> tuple[int, int]:
    """The running app's terminal: columns and rows."""
    size = get_app().output.get_size()
    return size.columns, size.rows


def console(width: int) -> Console:
    """A rich console drawing ANSI text into memory at this width, on the theme."""
    return Console(
        file=io.StringIO(),
        width=max(20, width),
        force_terminal=True,
        color_system="standard",
        theme=THEME,
        legacy_windows=False,
        emoji=False,
        no_color="NO_COLOR" in os.environ or None,
    )


# rich marks a link (a Markdown one, say) with OSC 8 escapes, which prompt_toolkit's ANSI
# does not read and would print as text: the link text is kept, its target dropped.
_HYPERLINK: Final = re.compile(r"\x1b]8;[^\x07\x1b]*(?:\x07|\x1b\\)")


def render_ansi(renderable: RenderableType, width: int) -> str:
    """A part of the screen as ANSI text, drawn by rich at this width."""
    out = console(width)
    out.print(renderable, end="")
    assert isinstance(out.file, io.StringIO)
    text = _HYPERLINK.sub("", out.file.getvalue())
    return text.removesuffix("\n")  # the last line's newline would show as a blank line


def ansi_part(draw: Callable[[], RenderableType], width: int) -> ANSI:
    """``draw()`` as ANSI text for a window; a drawing bug shows one line instead."""
    try:
        return ANSI(render_ansi(draw(), width))
    except Exception as error:  # a drawing bug must not end the game
        log_error(error)
        return ANSI(
            f"The screen could not be drawn ({type(error).__name__}): an internal error, "
            "logged in errors.log; q quits, saved."
        )


def fitted(body: AnyContainer, size: Callable[[], tuple[int, int]]) -> Container:
    """The body while the terminal holds :data:`MIN_SIZE`, else one line saying so."""
    fits = Condition(lambda: too_small(*size()) is None)
    small = Window(FormattedTextControl(lambda: too_small(*size()) or ""), wrap_lines=True)
    return HSplit(
        [ConditionalContainer(body, filter=fits), ConditionalContainer(small, filter=~fits)]
    )


def unknown_key_name(key: str) -> str | None:
    """How to name a key that does nothing, or None for terminal signals that are no key."""
    if len(key) == 1:
        return f"'{key}'" if key.isprintable() and not key.isspace() else None
    if key.startswith("<") or key in ("c-c", "c-d"):  # cursor reports, signals, mouse
        return None
    return key.replace("c-", "Ctrl-").replace("s-", "Shift-").capitalize()


def error_line(error: Exception) -> str:
    """What to tell the player when a key's action fails: one line; the game goes on.

    A problem the program names (a :class:`CribsolError`, such as a save that failed) is
    said in its own words; anything else is a bug, logged with its traceback."""
    if isinstance(error, CribsolError):
        return f"{safe_text(str(error), 150)}; your game is saved up to its last move."
    path = log_error(error)
    where = f"details in {path}" if path else "it could not be logged"
    return (
        f"Something went wrong ({type(error).__name__}: {safe_text(str(error), 60)}): "
        f"an internal error, {where}; your game is saved up to its last move."
    )


Handler = Callable[[KeyPressEvent], object]


@Condition
def _FITS() -> bool:
    """The running app's terminal holds :data:`MIN_SIZE`."""
    return too_small(*terminal_size()) is None


class KeyMap:
    """Key bindings where each key is one line: ``keys.on("1", filter=...)(action)``.

    An error inside a handler goes to ``report`` as one line (the game shows it and
    goes on) instead of prompt_toolkit's traceback prompt, and so does a key that
    means nothing at that moment (typing into a text field is left alone). ``clear``,
    when given, runs before every bound key but quitting: the line answering the last key
    goes.
    """

    def __init__(
        self, report: Callable[[str], None], clear: Callable[[], None] | None = None
    ) -> None:
        self.bindings = KeyBindings()
        self.report = report
        self.clear = clear

        # Bound first, so that any binding a game adds for the same key wins over it.
        @self.add(Keys.Any, filter=~buffer_has_focus)
        def _unknown(event: KeyPressEvent) -> None:
            name = unknown_key_name(event.key_sequence[0].key)
            if name is not None:
                report(f"{name} does nothing here; h shows the keys")

    def guarded(self, action: Callable[[], object]) -> None:
        """Run an action; an unexpected error is reported in one line."""
        try:
            action()
        except Exception as error:
            self.report(error_line(error))

    def add(
        self, *keys: str, filter: FilterOrBool = True, eager: bool = False, always: bool = False
    ) -> Callable[[Handler], Handler]:
        """Bind these keys to a handler taking the key event (a decorator; they stack).

        While the terminal is too small the game is hidden, so its keys do nothing
        (a pick or a discard the player cannot see); only ``always`` keys (quitting) act.
        """
        active = to_filter(filter) if always else to_filter(filter) & _FITS

        def register(handler: Handler) -> Handler:
            @self.bindings.add(*keys, filter=active, eager=eager)
            def _(event: KeyPressEvent) -> None:
                if self.clear is not None and not always:  # (leaving keeps the screen as it is)
                    self.clear()
                self.guarded(lambda: handler(event))

            return handler

        return register

    def on(
        self, *keys: str, filter: FilterOrBool = True, eager: bool = False
    ) -> Callable[[Callable[[], object]], None]:
        """Bind these keys to an action taking no arguments."""

        def register(action: Callable[[], object]) -> None:
            self.add(*keys, filter=filter, eager=eager)(lambda event: action())

        return register

    def on_quit(self, quit: Callable[[], str], filter: FilterOrBool = True) -> None:
        """q (when the filter allows), Ctrl-C and Ctrl-D end the app with ``quit()``'s message."""

        def leave(event: KeyPressEvent) -> None:
            event.app.exit(result=quit())

        self.add("q", filter=filter, always=True)(leave)
        self.add("c-c", always=True)(leave)
        self.add("c-d", always=True)(leave)


def rules_keys(
    keys: KeyMap, session: RulesPages, pages: Callable[[], int], filter: FilterOrBool = True
) -> Condition:
    """k (when ``filter`` allows) shows or hides the rules; while they are shown, the arrows
    and PgUp/PgDn turn their ``pages()``, Esc goes back, and another key says what fits.
    Returns the condition "the rules are shown", for the game's own keys to stand aside."""
    reading = Condition(lambda: session.show_rules)
    keys.on("k", filter=filter)(session.toggle_rules)

    @keys.add(Keys.Any, filter=reading)
    def _elsewhere(event: KeyPressEvent) -> None:
        session.message = "In the rules: arrows or PgUp/PgDn turn pages, k or Esc back"

    for key, step in {
        "up": -1, "down": 1, "left": -1, "right": 1, "pageup": -1, "pagedown": 1, "space": 1,
    }.items():  # fmt: skip
        keys.on(key, filter=reading)(partial(_turn, session, step, pages))
    keys.on("escape", filter=reading, eager=True)(session.close_rules)
    return reading


def _turn(session: RulesPages, step: int, pages: Callable[[], int]) -> None:
    session.turn_rules_page(step, pages())


def full_screen_app(
    root: AnyContainer,
    focused: Window,
    keys: KeyMap,
    input: Input | None = None,
    output: Output | None = None,
) -> Application[str]:
    """The full-screen application around a game's layout."""
    return Application(
        layout=Layout(root, focused_element=focused),
        key_bindings=keys.bindings,
        full_screen=True,
        mouse_support=False,
        input=input,
        output=output,
    )


def run_full_screen(app: Application[str], quit: Callable[[], str]) -> str:
    """Run the app; the parting message, even if the terminal goes or something breaks."""
    try:
        message = app.run()
    except EOFError:  # the terminal went away; the game was saved after every move
        return quit()
    except Exception as error:  # never a traceback: every move is already saved
        path = log_error(error)
        where = f"; details in {path}" if path else ""
        return f"{quit()} (the game stopped on an internal error: {type(error).__name__}{where})"
    return message or quit()


class Session(Protocol):
    """What the shell asks of a game's session: its message line, its help, leaving."""

    message: str
    show_help: bool

    def quit(self) -> str:
        """Leave; returns what to tell the player."""
        ...

    def close(self) -> None:
        """Let go of the game (its lock, any helper process)."""
        ...


S = TypeVar("S", bound=Session)


def clearing(session: Session) -> Callable[[], None]:
    """What empties the session's message line before a key (:class:`KeyMap`'s ``clear``).

    A line there from the start (a damaged history, a game open elsewhere) answers no
    key: it stays until a key's own line takes its place.
    """
    notice = session.message

    def clear() -> None:
        nonlocal notice
        if session.message != notice:
            notice = ""
            session.message = ""

    return clear


def game_keys(session: Session, help_filter: FilterOrBool = True) -> KeyMap:
    """A game's key map: errors and keys that mean nothing go to the session's message line;
    h (when ``help_filter`` allows) and F1 show or hide the help."""

    def report(line: str) -> None:
        session.message = line

    keys = KeyMap(report, clear=clearing(session))

    @keys.add("h", filter=help_filter)
    @keys.add("f1")
    def _help(event: KeyPressEvent) -> None:
        session.show_help = not session.show_help

    return keys


def screen_window(draw: Callable[[], RenderableType], widest: int = 100) -> Window:
    """The window a game's screen is drawn in, ``draw`` rendered at most ``widest`` wide."""
    control = FormattedTextControl(
        lambda: ansi_part(draw, min(terminal_size()[0], widest)),
        focusable=True,
        show_cursor=False,
    )
    return Window(control, wrap_lines=False)


def run_session(
    data_dir: Path,
    session_for: Callable[[History], S],
    build: Callable[[S], Application[str]],
) -> tuple[int, str]:
    """Open the history, make the session and run its app; the session is closed however the
    app ends. Returns the exit status and the parting message."""
    from solitaire.ui.kinds import history as open_history  # the games load with a game

    with open_history(data_dir) as history:
        session = session_for(history)
        try:
            message = run_full_screen(build(session), session.quit)
        finally:
            session.close()
    return 0, message
