"""A long listing (``Listing``) draws exactly what rich draws for the same lines in a
``Group``: the same segments, styles and text, in colour and plain, at any width, for
every kind of line (styled, spanned, overlapping, too wide, several lines, wide
characters), so ``history`` prints what it printed before, only faster."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, Group, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from solitaire.ui.views import THEME, Listing

STYLES = ["", "muted", "warn", "best", "total", "title", "bold", "bold red", "no such style"]
PIECES = ["  9990  2026-12-02 01:22  ", "72", "100%", "", " ", "日本", "♥", "x" * 90, "a\tb", "é"]


def console(width: int, colour: bool) -> Console:
    return Console(
        file=io.StringIO(),
        width=width,
        theme=THEME,
        force_terminal=colour,
        color_system="truecolor" if colour else None,
        record=True,
        highlight=False,
    )


def drawn(renderable: RenderableType, width: int, colour: bool) -> tuple[list[Segment], str]:
    out = console(width, colour)
    segments = list(out.render(renderable, out.options))
    out.print(renderable)
    return segments, out.export_text(styles=True)


def same_as_rich(lines: list[RenderableType]) -> None:
    for width in (80, 30, 8):
        for colour in (True, False):
            assert drawn(Listing(lines), width, colour) == drawn(Group(*lines), width, colour)


def line(pieces: list[tuple[str, str]], style: str = "", **options: object) -> Text:
    text = Text(style=style, **options)  # type: ignore[arg-type]
    for piece, piece_style in pieces:
        text.append(piece, style=piece_style)
    return text


def test_every_kind_of_line_is_drawn_as_rich_draws_it() -> None:
    overlapping = Text("overlapping spans")
    overlapping.stylize("bold", 0, 11)
    overlapping.stylize("red", 5, 17)
    lines: list[RenderableType] = [
        Text("    id  last played        total  eff.", style="bold"),
        line([("  9990  2026-12-02 01:22  ", ""), (" 72", "total"), ("  100%  ", "")]),
        line([("deal 1D91", ""), ("  seed 1", "muted")], style="title"),
        Text(""),
        Text("", style="warn"),
        Text("no end", end=""),
        Text("two\nlines", style="muted"),
        Text("a\ttab"),
        Text("x" * 100, no_wrap=True, overflow="fold"),
        Text("x" * 100),
        Text("right", justify="right"),
        Text("wide: 日本語 ♥ é"),
        Text("a style object", style=Style(color="red", bold=True)),
        overlapping,
        Table("a table"),  # not a line of text: drawn by rich
        "a plain string",
    ]
    same_as_rich(lines)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(st.tuples(st.sampled_from(PIECES), st.sampled_from(STYLES)), max_size=5),
            st.sampled_from(STYLES),
            st.booleans(),
        ),
        max_size=6,
    )
)
def test_any_listing_of_lines_is_drawn_as_rich_draws_it(
    specs: list[tuple[list[tuple[str, str]], str, bool]],
) -> None:
    lines: list[RenderableType] = [
        line(pieces, style, no_wrap=no_wrap, overflow="fold" if no_wrap else None)
        for pieces, style, no_wrap in specs
    ]
    same_as_rich(lines)
