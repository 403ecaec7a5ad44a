"""The app shell: ANSI rendering, too-small terminals, quit keys and one-line failures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.layout import ConditionalContainer, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import DummyOutput
from rich.console import RenderableType
from rich.style import Style
from rich.text import Text

from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.ui import shell
from solitaire.ui.kinds import KINDS
from solitaire.ui.patience.screen import RulesPage as PatienceRules
from solitaire.ui.patience.screen import rules_pages as patience_pages
from solitaire.ui.tiles.screen import rules_pages as tile_pages
from solitaire.ui.tiles.screen import tile_screen
from solitaire.ui.tiles.session import TileSession


def run(keys: str, keymap: shell.KeyMap) -> str:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        pipe.close()
        window = Window(FormattedTextControl("screen", focusable=True))
        app = shell.full_screen_app(window, window, keymap, input=pipe, output=DummyOutput())
        return shell.run_full_screen(app, lambda: "saved")


def test_render_ansi_colours_at_the_width_given() -> None:
    text = shell.render_ansi(Text("x" * 150, style="red"), 100)
    assert "\x1b[31m" in text and not text.endswith("\n")
    assert [len(line) for line in Text.from_ansi(text).plain.split("\n")] == [100, 50]


def test_too_small_names_both_sizes() -> None:
    assert shell.too_small(80, 24) is None and shell.too_small(120, 40) is None
    note = shell.too_small(79, 30)
    assert note is not None and "79x30" in note and "80x24" in note
    assert shell.too_small(100, 23) is not None


def test_fitted_shows_the_body_or_the_note() -> None:
    size = (80, 24)
    body = Window(FormattedTextControl("body"))
    root = shell.fitted(body, lambda: size)

    def visible() -> list[object]:
        parts = [c for c in root.get_children() if isinstance(c, ConditionalContainer)]
        return [c.content for c in parts if c.filter()]

    assert visible() == [body]
    size = (60, 24)
    shown = visible()
    assert len(shown) == 1 and shown[0] is not body


def test_bound_actions_and_the_quit_keys() -> None:
    pressed: list[str] = []
    keys = shell.KeyMap(pressed.append)
    keys.on("a")(lambda: pressed.append("a"))
    keys.on_quit(lambda: "bye")
    assert run("aaq", keys) == "bye" and pressed == ["a", "a"]
    assert run("\x04", keys) == "bye"
    assert run("\x03", keys) == "bye"


def test_an_error_in_a_key_is_one_line_and_the_game_goes_on() -> None:
    reported: list[str] = []
    keys = shell.KeyMap(reported.append)
    pressed: list[str] = []

    def broken() -> None:
        raise KeyError("boom")

    keys.on("x")(broken)
    keys.on("a")(lambda: pressed.append("a"))
    keys.on_quit(lambda: "bye")
    assert run("xaq", keys) == "bye"
    assert len(reported) == 1 and "KeyError" in reported[0] and "\n" not in reported[0]
    assert "saved" in reported[0] and pressed == ["a"]


def test_an_error_while_drawing_is_one_line() -> None:
    def draw() -> RenderableType:
        raise ValueError("cannot draw")

    text = shell.ansi_part(draw, 80).value
    assert "could not be drawn (ValueError)" in text and "\n" not in text


def test_keys_running_out_is_a_quit() -> None:
    assert run("", shell.KeyMap(lambda line: None)) == "saved"


class _SmallOutput(DummyOutput):
    def get_size(self) -> Size:
        return Size(rows=20, columns=70)


def test_keys_do_nothing_while_the_terminal_is_too_small_but_quit() -> None:
    pressed: list[str] = []
    keys = shell.KeyMap(pressed.append)
    keys.on("1")(lambda: pressed.append("1"))
    keys.on_quit(lambda: "bye")
    with create_pipe_input() as pipe:
        pipe.send_text("11xq")
        pipe.close()
        window = Window(FormattedTextControl("screen", focusable=True))
        app = shell.full_screen_app(window, window, keys, input=pipe, output=_SmallOutput())
        assert shell.run_full_screen(app, lambda: "saved") == "bye"
    assert pressed == []


def test_a_key_that_does_nothing_says_so_in_one_line() -> None:
    said: list[str] = []
    keys = shell.KeyMap(said.append)
    keys.on("a")(lambda: said.append("a"))
    keys.on_quit(lambda: "bye")
    assert run("ax9\x1bOQq", keys) == "bye"  # a, x, 9, F2, q
    assert said == [
        "a",
        "'x' does nothing here; h shows the keys",
        "'9' does nothing here; h shows the keys",
        "F2 does nothing here; h shows the keys",
    ]


def test_the_line_answering_a_key_goes_at_the_next_key_but_not_at_quitting() -> None:
    line = [""]
    shown: list[str] = []

    def report(text: str) -> None:
        line[0] = text

    keys = shell.KeyMap(report, clear=lambda: report(""))
    keys.on("a")(lambda: shown.append(line[0]))
    keys.on("b")(lambda: report("b said this"))
    keys.on_quit(lambda: line[0] or "nothing said")
    assert run("xabaq", keys) == "nothing said"
    assert shown == ["", ""]  # after 'x' and after 'b', the next key starts afresh
    assert run("b" + "q", keys) == "b said this"


def test_unknown_key_names() -> None:
    assert shell.unknown_key_name("x") == "'x'"
    assert shell.unknown_key_name("\x1b") is None and shell.unknown_key_name(" ") is None
    assert shell.unknown_key_name("f5") == "F5"
    assert shell.unknown_key_name("c-x") == "Ctrl-x"
    assert shell.unknown_key_name("<cursor-position-response>") is None


class _Session:
    """The least a game's session offers the shell."""

    def __init__(self, message: str) -> None:
        self.message = message
        self.show_help = False
        self.seen: list[str] = []

    def quit(self) -> str:
        return f"left with {self.message!r}"

    def close(self) -> None:
        pass


def test_a_game_keeps_its_opening_notice_until_a_key_says_something_else() -> None:
    session = _Session("game 3 is open in another window")
    keys = shell.game_keys(session)
    keys.on("a")(lambda: session.seen.append(session.message))
    keys.on("b")(lambda: setattr(session, "message", "b said this"))
    keys.on_quit(session.quit)
    assert run("aabaq", keys) == "left with ''"
    assert session.seen == ["game 3 is open in another window"] * 2 + [""]
    assert run("xq", keys) == "left with \"'x' does nothing here; h shows the keys\""


# Every escape but colour (SGR, ``ESC [ ... m``): prompt_toolkit's ANSI would print it as text.
NOT_COLOUR = re.compile(r"\x1b(?!\[[0-9;]*m)")


def test_a_link_shows_its_text_and_no_escape_prompt_toolkit_cannot_read() -> None:
    text = Text("see the ")
    text.append("tile game manual", Style(link="TILES.md", bold=True))
    drawn = shell.render_ansi(Text.assemble(text, " here"), 80)
    assert not NOT_COLOUR.search(drawn)
    assert Text.from_ansi(drawn).plain == "see the tile game manual here"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_every_rules_page_of_every_game_is_colour_and_text_only(
    size: tuple[int, int], tmp_path: Path
) -> None:
    """The rules are Markdown, links and all: each page of each game's rules, as the app
    draws it, holds no escape but colour."""
    width, height = size
    drawn: dict[str, list[str]] = {"patience": [], "tiles": []}
    for page in range(patience_pages(width, height)):
        drawn["patience"].append(shell.render_ansi(PatienceRules(page, height), width))
    with History(tmp_path, kinds=KINDS) as history:
        session = TileSession(history, ["Ann", "Bob"], lambda: TileGame(1), explicit=True)
        session.show_rules = True
        for page in range(tile_pages(width, height)):
            session.rules_page = page
            drawn["tiles"].append(shell.render_ansi(tile_screen(session, width, height), width))
    for game, pages in drawn.items():
        assert len(pages) > 1, game
        for page, ansi in enumerate(pages):
            assert not NOT_COLOUR.search(ansi), (game, page)
    said = " ".join(Text.from_ansi(ansi).plain for ansi in drawn["tiles"])
    assert "tile game manual" in " ".join(said.split())  # the link's text, kept
