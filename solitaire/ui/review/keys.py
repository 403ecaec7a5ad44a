"""The review's keys in a game's app: while it is shown they take every key but quitting
and the help, and the screen is redrawn while it is worked out."""

from __future__ import annotations

from functools import partial
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyPressEvent
from prompt_toolkit.keys import Keys

from solitaire.ui.review.steps import Reviewing
from solitaire.ui.shell import KeyMap, Session

__all__ = ["REFRESH", "bind_review", "watch_review"]

REFRESH = 0.25  # seconds between redraws while the review is worked out and shown

_STEP_KEYS = ("left", "right", "n", "p", "m", "a", "c")


def bind_review(keys: KeyMap, session: Session, reviewing: Reviewing[Any]) -> Condition:
    """Bind the review's keys (bound after the game's, so they win while it is shown);
    returns the condition "the review is shown" for the game's own keys to stand aside."""
    showing = Condition(lambda: reviewing.shown and not session.show_help)

    def say(name: str) -> None:
        session.message = reviewing.key(name)

    @keys.add(Keys.Any, filter=showing)
    def _other(event: KeyPressEvent) -> None:
        say(event.key_sequence[0].key)

    for key in _STEP_KEYS:
        keys.on(key, filter=showing)(partial(say, key))

    def back() -> None:
        session.message = reviewing.toggle()

    keys.on("escape", filter=showing, eager=True)(back)
    keys.on("?", filter=showing)(back)
    return showing


def watch_review(app: Application[Any], reviewing: Reviewing[Any], keys: KeyMap) -> None:
    """Redraw when the worker is done (its review then kept from the app's thread), and
    every :data:`REFRESH` seconds while its progress is shown."""
    reviewing.on_ready = app.invalidate  # from the worker's thread: invalidate is safe

    def after(_: object) -> None:
        loop = app.loop
        if loop is None:
            return
        if reviewing.poll():
            loop.call_soon(app.invalidate)  # a redraw asked within a render would be lost
        elif reviewing.shown and reviewing.pending:
            loop.call_later(REFRESH, app.invalidate)

    app.after_render += lambda event: keys.guarded(lambda: after(event))
