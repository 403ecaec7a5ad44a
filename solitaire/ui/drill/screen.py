"""The pegging drill's screen, drawn with rich from a :class:`DrillSession`; fits 80x24.

A header (the hand, who deals), your accuracy so far, the table (the opponent's
cards, the starter, the discards made for you), the play (the count, the cards laid
since it was 0 and every call) or the coach's values, your cards, the grade of your
last card, and the keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.console import Group, RenderableType
from rich.text import Text

from solitaire.core.review import Decision
from solitaire.core.secret import seed_hidden
from solitaire.match.coach import CardAdvice
from solitaire.match.drill import Grade
from solitaire.ui.drill.session import YOU, DrillSession, Stage
from solitaire.ui.match.screen import (
    advice_rows,
    count_line,
    help_table,
    match_board,
    play_calls,
    rules_text,
)
from solitaire.ui.match.session import card_keys
from solitaire.ui.review.screen import ReviewScreen
from solitaire.ui.saved import seed_words
from solitaire.ui.shell import MIN_SIZE
from solitaire.ui.views import (
    Paragraph,
    card_text,
    cards_text,
    labelled,
    offer_keys,
    offer_view,
    rules_screen,
)

__all__ = ["KEYS", "DrillScreen", "grade_line"]

KEYS: Final = (
    ("1-4", "lay that card (dimmed ones would pass 31); a go is said for you"),
    ("Left/Right Enter", "move along your cards; Enter lays the one underlined"),
    ("?", "the coach: your cards valued; after the drill, its review"),
    ("w", "why the card you just laid is worth what it is, beside the best"),
    ("Enter", "after a hand: deal the next"),
    ("n", "when the drill is over: a new drill"),
    ("h or F1", "this help"),
    ("k", "the rules of the match, the play among them (paged; k or Esc back)"),
    ("q Ctrl-C Ctrl-D", "quit; the drill is saved and offered next time"),
)
NUMBERS: Final = (
    (
        "graded",
        "each card you lay while more than one fits, against the search: the expected net "
        "pegging to the end of the play (yours minus theirs) over the hands they likely hold",
    ),
    ("best", "the share of graded cards no card beat"),
    (
        "loss",
        "the best card's value less yours, on average a card; a cost is worked out exactly, "
        "so it can differ by 0.01 from the coach's rounded values taken one from the other",
    ),
    ("pegged", "what each of you pegged in this hand's play (no show)"),
)
CALL_LINES: Final = 9
COACH_ROOM: Final = 13  # the coach's rows at 80x24: all but the header, accuracy, table,
# count, two blank lines, your cards, the last card's two lines, a message and the keys


def grade_line(grade: Grade, ascii: bool, advice: Sequence[CardAdvice] | None = None) -> Text:
    """``Best: the 7♠.`` or ``The 5♥ cost 1.06 points on average; the 8♠ was best.``, with
    the answer to the card that costs most on average when the coach's words for it are at
    hand."""
    if grade.is_best:
        return Text.assemble(("Best: ", "best"), "the ", card_text(grade.card, ascii), ".")
    line = Text.assemble(
        "The ",
        card_text(grade.card, ascii),
        (f" cost {float(grade.loss):.2f} points", "warn"),
        " on average; the ",
        card_text(grade.best, ascii),
        " was best.",
    )
    mine = next((item for item in advice or () if item.card == grade.card), None)
    if mine is not None and mine.threats:
        threat = mine.threats[0]
        # a line of its own: the two sentences together wrap at 80 columns
        line.append(
            f"\nThey answer it with {threat.what} in {float(threat.chance):.0%} of their hands."
        )
    return line


class DrillScreen:
    """The whole screen for the session's current stage."""

    def __init__(
        self, session: DrillSession, rows: int = MIN_SIZE[1], columns: int = MIN_SIZE[0]
    ) -> None:
        self.session = session
        self.rows = max(rows, MIN_SIZE[1])  # the terminal's size: the rules' pages fill it
        self.columns = max(columns, MIN_SIZE[0])

    def header(self) -> Text:
        """One line, never wrapped: the drill, the hand, who deals, then the seed once it may be
        shown (cut short with an ellipsis if it is too long to fit; the help shows it whole)."""
        drill = self.session.drill
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("Pegging drill", style="title")
        text.append(f"  vs {drill.opponent}", style="muted")
        text.append(f"  hand {drill.number} of {drill.hands}  ")
        text.append("you deal" if drill.dealer == YOU else f"{drill.opponent} deals, you lead")
        if not seed_hidden(drill):  # a random seed would show the computer's hands
            text.append(f"  seed {drill.seed}", style="muted")
        return text

    def accuracy(self) -> Text:
        drill = self.session.drill
        graded = len(drill.grades)
        if not graded:
            return Text("No card graded yet: each one is, when more than one fits.", style="muted")
        best = sum(g.is_best for g in drill.grades)
        loss = drill.mean_loss or 0
        text = Text(f"Graded {graded}: ")
        text.append(f"{best} best ({best / graded:.0%})", style="best")
        text.append(f", loss {float(loss):.2f} a card on average")
        return text

    def table(self) -> Text:
        session = self.session
        drill = session.drill
        deal = drill.match.deals[0]
        held = 4 - sum(1 for player, _ in deal.laid if player != YOU)
        back = "[]" if session.ascii else "🂠"
        text = Text(f"{drill.opponent}: ").append(" ".join([back] * held) or "no cards")
        text.append("   starter ", style="muted").append_text(
            card_text(deal.starter, session.ascii)
        )
        if deal.discards[YOU] is not None:
            text.append("   your discard ", style="muted")
            text.append_text(cards_text(deal.discards[YOU] or (), session.ascii))
        return text

    def play_area(self) -> RenderableType:
        """The count and the cards laid since it was 0, then the coach's values or the calls."""
        session = self.session
        drill = session.drill
        match = drill.match
        over = drill.hand_over
        line = count_line(match.series, match.count, session.ascii, "over" if over else "now")
        if session.show_coach and session.stage is Stage.PLAY:
            advice, failed = session.advice(), session.coach.failed
            rows = advice_rows(advice, session.hand, session.ascii, failed, COACH_ROOM)
            return Group(line, *rows)
        if session.show_why:
            return Group(line, *self.why_rows())
        names = ("you", drill.opponent)
        return Group(
            line, *play_calls(list(match.deals[0].events), names, session.ascii, CALL_LINES)
        )

    def why_rows(self) -> list[RenderableType]:
        """Why the card you just laid is worth what it is (or that the coach is at work)."""
        session = self.session
        title = Text("Why your last card is worth what it is", style="title")
        lines = session.why_lines(lambda card: card.symbol(session.ascii))
        if lines is None:
            failed = session.coach.failed
            waiting = Text(failed[:1].upper() + failed[1:], style="warn") if failed else None
            return [title, waiting or Text("The coach is working it out...", style="muted")]
        return [title, *(Paragraph(Text(line)) for line in lines), Text("w hides this.", "muted")]

    def hand(self) -> Text:
        session = self.session
        text = Text("Your cards  ")
        playing = session.stage is Stage.PLAY
        for index, card in enumerate(session.hand):
            under = playing and index == session.cursor
            text.append(f"{index + 1}", style="bold cyan" if under else "muted").append(" ")
            face = card_text(card, session.ascii)
            if playing and not session.playable(card):
                face.stylize("dim")
            if under:
                face.stylize("underline")
            text.append_text(face).append("  ")
        return text

    def outcome(self) -> RenderableType:
        session = self.session
        drill = session.drill
        yours, theirs = drill.pegged[-1]
        parts: list[RenderableType] = [
            Text(f"The play is over: you pegged {yours}, {drill.opponent} {theirs}.", style="title")
        ]
        graded = [g for g in drill.grades if g.hand == drill.number]
        if graded:
            best = sum(g.is_best for g in graded)
            parts.append(Text(f"This hand: {best} of {len(graded)} graded cards best."))
        if session.stage is Stage.OVER:
            you = sum(p[0] for p in drill.pegged)
            them = sum(p[1] for p in drill.pegged)
            parts.append(
                Text(
                    f"Drill over: {drill.hands} hands, you pegged {you}, {drill.opponent} "
                    f"{them}. n starts a new drill.",
                    style="milestone",
                )
            )
        else:
            parts.append(Text("Enter: the next hand.", style="title"))
        return Group(*parts)

    def review(self) -> ReviewScreen:
        """The drill reviewed: every card laid while it was a choice, over its position."""
        session = self.session
        reviewing = session.reviewing
        names = ("you", session.drill.opponent)

        def board(decision: Decision) -> RenderableType | None:
            view = reviewing.position(decision)
            return None if view is None else match_board(view, names, session.ascii)

        title = f"Drill {session.game_id} reviewed"
        return ReviewScreen(reviewing, title, board, session.message)

    def footer(self) -> Text:
        session = self.session
        stage = session.stage
        if session.show_help:
            keys = "h close help   q quit"
        elif stage is Stage.RESUME:
            keys = offer_keys(session.resumable, "new drill")
        elif stage is Stage.HAND_OVER:
            keys = "Enter next hand   w why   h help   k rules   q quit"
        elif stage is Stage.OVER:
            keys = "n new drill   ? review   h help   k rules   q quit"
        else:
            lay = card_keys(len(session.hand))
            keys = f"{lay} lay   Left/Right Enter   ? coach   w why   h help   k rules   q quit"
        return Text(keys, style="muted")

    def __rich__(self) -> RenderableType:
        session = self.session
        if session.show_help:
            drill = session.drill
            seed = seed_words(drill)
            setup = f"{seed[0].upper()}{seed[1:]}, {drill.hands} hands against {drill.opponent}."
            return Group(
                self.header(),
                Text(""),
                help_table(KEYS, NUMBERS),
                Paragraph(Text(setup, style="muted")),
                self.footer(),
            )
        if session.show_rules:
            page = rules_screen(
                rules_text(), session.rules_page, self.columns, self.rows, session.ascii
            )
            message = [Text(session.message, style="warn")] if session.message else []
            return Group(page, *message)
        if session.reviewing.shown:
            return self.review()
        if session.stage is Stage.RESUME:
            title = Text("Pegging drill", style="title")
            offer = offer_view(session.resume_prompt())
            return Group(title, Text(""), offer, Text(""), self.footer())
        parts: list[RenderableType] = [self.header(), self.accuracy(), self.table(), Text("")]
        parts.append(self.play_area())
        parts.append(Text(""))
        if session.stage is Stage.PLAY:
            parts.append(self.hand())
        else:
            parts.append(self.outcome())
        if session.last is not None:
            last = grade_line(session.last, session.ascii, session.last_advice())
            parts.append(labelled("Last card:", last))
        if session.message:
            parts.append(Text(session.message, style="warn"))
        parts.append(self.footer())
        return Group(*parts)
