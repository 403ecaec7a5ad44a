"""Counting practice's screen, drawn with rich from a :class:`CountSession`; fits 80x24.

A header, the cards to count (the hand or crib and the starter), the count typed, then,
once checked, right or not with the seconds it took and the full breakdown (each
fifteen, pair, run, flush and nobs, and the count said aloud), the practice's figures
and the keys.
"""

from __future__ import annotations

from typing import Final

from rich.console import Group, RenderableType
from rich.text import Text

from solitaire.core.schedule import schedule_words, wait_words
from solitaire.ui.match.screen import help_table
from solitaire.ui.practice.figures import figures_line
from solitaire.ui.practice.session import CountSession, Stage
from solitaire.ui.views import Paragraph, ScoreView, card_text, cards_text

__all__ = ["KEYS", "NUMBERS", "CountScreen"]

KEYS: Final = (
    ("0-9 Backspace", "type the count; Backspace takes a digit back"),
    ("Enter", "check the count; once checked, the next one"),
    ("?", "show the count without answering (kept as missed); after: hide the breakdown"),
    ("w", "once checked: the count said aloud and each combination, or hide them"),
    ("h or F1", "this help"),
    ("q Ctrl-C Ctrl-D", "quit; every answer is already kept"),
)
NUMBERS: Final = (
    ("right", "counts answered right, of all answered (every sitting)"),
    ("run", "right answers in a row now, and the longest run"),
    ("due", "counts you missed, or met long enough ago, that are asked before new ones"),
    ("again", schedule_words("count", "get right", "getting it right")),
    ("seconds", "the time from the cards shown to Enter; the median of the right answers"),
)


class CountScreen:
    """The whole screen for the session's current stage."""

    def __init__(self, session: CountSession, rows: int = 24, columns: int = 80) -> None:
        self.session = session
        self.rows = rows
        self.columns = columns

    def header(self) -> Text:
        """One line: what is practised and this sitting's tally."""
        session = self.session
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("Counting practice", style="title")
        if session.asked_here:
            text.append(f"  {session.right_here} of {session.asked_here} right this sitting")
        return text

    def cards(self) -> Text:
        """The cards to count, and whether they are a hand or the crib."""
        puzzle = self.session.puzzle
        ascii = self.session.ascii
        text = Text()
        text.append("Your crib: " if puzzle.crib else "Your hand: ", style="title")
        text.append_text(cards_text(puzzle.hand, ascii))
        text.append("   starter ", style="muted")
        text.append_text(card_text(puzzle.starter, ascii))
        return text

    def prompt(self) -> Text:
        """The count as typed so far."""
        text = Text("Count: ")
        text.append(self.session.typed or "_", style="bold")
        if self.session.puzzle.crib:
            text.append(
                "   (a crib: a flush counts only with the starter's suit too)", style="muted"
            )
        return text

    def verdict(self) -> RenderableType:
        """Right or not, in how long, and the breakdown when it is shown."""
        session = self.session
        score = session.puzzle.score()
        seconds = f"{session.last_seconds:.1f} s"
        again = f"It comes back in {wait_words(session.item.box.box)}."
        if session.last_answer is None:
            line = Text.assemble(
                ("Shown: ", "warn"), f"the count is {score.total}, kept as missed. {again}"
            )
        elif session.last_right:
            line = Text.assemble(("Right: ", "best"), f"{score.total}, in {seconds}. {again}")
        else:
            line = Text.assemble(
                ("Not ", "warn"),
                (str(session.last_answer), "warn"),
                f": the count is {score.total} ({seconds}). {again}",
            )
        parts: list[RenderableType] = [line]
        if session.shown_why:
            parts += [Text(""), ScoreView(score, ascii=session.ascii)]
        else:
            parts.append(Text("w shows each combination and the count said aloud.", style="muted"))
        return Group(*parts)

    def figures(self) -> Text:
        """The practice's figures: right of answered, the run, due, the median time."""
        return figures_line(self.session.figures(), "right", "count")

    def footer(self) -> Text:
        """The keys that fit the stage."""
        if self.session.stage is Stage.ASK:
            keys = "0-9 type the count · Enter check · ? show it · h help · q quit"
        else:
            keys = "Enter next · w the breakdown · h help · q quit"
        return Text(keys, style="keys")

    def __rich__(self) -> RenderableType:
        session = self.session
        message = [Text(session.message, style="warn")] if session.message else []
        if session.show_help:
            title = Text("Counting practice: keys and figures (h or F1 back)", style="title")
            return Group(title, help_table(KEYS, NUMBERS), *message)
        parts: list[RenderableType] = [self.header(), Text(""), self.cards(), Text("")]
        if session.stage is Stage.ASK:
            parts.append(self.prompt())
        else:
            parts.append(self.verdict())
        parts += [Text(""), Paragraph(self.figures()), *message, self.footer()]
        return Group(*parts)
