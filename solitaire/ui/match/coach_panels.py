"""The coach's panels on the match's screen, drawn with rich.

The discard coach (the 15 discards valued, and why the best beats yours), why your
last card laid is worth what it is, every card you may lay valued, and a game's
review. :class:`CoachPanels` reads the session and its view-model; the screen hands
each panel the room it has and the line of the count above it. The drill's screen
draws its coach with :func:`advice_rows` too.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Final

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from solitaire.core.cards import Card
from solitaire.match.coach import CardAdvice, Costly, explain
from solitaire.match.discard_coach import DiscardAdvice, end_value, hundredths, shown_parts
from solitaire.match.game import Discard, Lay
from solitaire.match.risk import measure_words, risk_words
from solitaire.ui.match.onscreen import OnScreen
from solitaire.ui.match.session import COMPUTER, YOU, MatchSession
from solitaire.ui.shell import MIN_SIZE
from solitaire.ui.views import Paragraph, card_text, cards_text

__all__ = [
    "CoachPanels",
    "advice_rows",
    "coach_title",
    "costly_line",
    "discard_rows",
    "discard_title",
    "text_rows",
]

DISCARD_TABLE: Final = 1 + 16 + 1  # the discard coach's title, its 15 rows and header, legend


def waiting(failed: str) -> Text:
    """The line while the coach works: at work, or why it could not be."""
    if failed:
        return Text(failed[:1].upper() + failed[1:], style="warn")
    return Text("The coach is working it out...", style="muted")


class CoachPanels:
    """The coach's panels for the screen of ``session``, whose view-model is ``view``."""

    def __init__(self, session: MatchSession, view: OnScreen) -> None:
        self.session = session
        self.view = view

    def _name(self, card: Card) -> str:
        return card.symbol(self.session.ascii)

    def discard_area(self, room: int, heels_rows: int) -> RenderableType:
        """All 15 discards, best first, each with its hand, crib, play and total; with room to
        spare (``room`` rows, of which the line on his heels takes ``heels_rows``), why the best
        beats the two picked (or the next best) below."""
        session = self.session
        view = self.view
        advice = view.discard_advice()
        failed = session.coach.failed
        picked = {session.hand[i] for i in session.selected}
        owner = "yours" if view.deal.dealer == YOU else f"{session.names[COMPUTER]}'s"
        rows = discard_rows(advice, picked, owner, session.ascii, failed)
        if advice is None:
            return Group(*rows)
        heels = Paragraph(Text(view.heels_note(), style="muted"))
        # every line of the coach is drawn (the prompt and scores give way for them); the
        # reasons follow only where they fit whole
        spare = room - DISCARD_TABLE - heels_rows
        why = session.why_lines(self._name) if spare > 4 else None
        if why is None:
            return Group(*rows, heels)
        wide = MIN_SIZE[0] + 20  # the screen is drawn at most 100 wide
        used = sum(text_rows(line, wide) for line in why) + 1
        if used > spare:
            return Group(*rows, heels)
        return Group(*rows, heels, *(Paragraph(Text(line)) for line in why))

    def why_lines(self, name: Callable[[Card], str] = str) -> list[str] | None:
        """What w explains: the card you just laid, or the discard."""
        session = self.session
        view = self.view
        if session.explaining_card:
            return view.card_why_lines(name)
        return session.why_lines(name)

    def why_area(self, count_line: Text) -> RenderableType:
        """Why the card you just laid is worth what it is; or why the best discard beats yours
        (or the two picked, or the next best); ``count_line`` above the card's."""
        session = self.session
        lines = self.why_lines(self._name)
        if session.explaining_card:
            title = Text("Why your last card is worth what it is", style="title")
            if lines is None:
                return Group(count_line, title, waiting(session.coach.failed))
            paragraphs = (Paragraph(Text(line)) for line in lines)
            return Group(count_line, title, *paragraphs, Text("w hides this.", "muted"))
        title = Text("Why the best discard is best", style="title")
        if lines is None:
            return Group(title, waiting(session.coach.failed))
        after = "w hides this." if not session.discarding else "Pick two to compare; w hides this."
        return Group(title, *(Paragraph(Text(line)) for line in lines), Text(after, "muted"))

    def coach_area(self, count_line: Text, room: int) -> RenderableType:
        """Every card you may lay, best first: its number, the net value, and why, in ``room``
        rows under ``count_line``."""
        session = self.session
        view = self.view
        failed = session.coach.failed
        rows = advice_rows(view.advice(), session.hand, session.ascii, failed, room)
        return Group(count_line, *rows)

    def review_area(self) -> RenderableType:
        """The game's costliest discards and plays, each beside the best."""
        view = self.view
        review = view.review()
        title = Text(f"The coach's review of game {view.game_number}", style="title")
        if review is None:
            return Group(title, Text("The coach is going over the game...", style="muted"))
        discards, plays = review
        rows: list[RenderableType] = [title]
        rows.append(
            Text(
                "Discards by the discard coach's points; plays by net pegging to the play's end.",
                style="muted",
            )
        )
        for heading, costly in (("Costliest discards", discards), ("Costliest plays", plays)):
            rows.append(Text(heading, style="title"))
            if not costly:
                rows.append(Text("  none: every one was the best", style="best"))
            rows += [costly_line(item, self.session.ascii) for item in costly]
        rows.append(Text("? goes back to the game.", style="muted"))
        return Group(*rows)


def costly_line(item: Costly, ascii: bool) -> Text:
    """One line of a game's review: a discard or a card laid, what it cost, and the best."""

    def cards(action: object) -> Text:
        if isinstance(action, Discard):
            return cards_text(action.cards, ascii)
        assert isinstance(action, Lay)
        return card_text(action.card, ascii)

    line = Text(f"  deal {item.deal}: ").append_text(cards(item.chosen))
    line.append(f" cost {hundredths(item.shown)}", style="warn")
    line.append("; best ").append_text(cards(item.best))
    return line.append(f" ({item.detail})", style="muted")


def advice_rows(
    advice: list[CardAdvice] | None,
    hand: Sequence[Card],
    ascii: bool,
    failed: str = "",
    room: int | None = None,
) -> list[RenderableType]:
    """The coach's rows: every card that fits, best first, with its number in ``hand``, its
    value and why, and under it what it leaves the reply (or a line saying the coach is still
    at work, or why it could not be). The title says what ranks the cards. Where the rows
    would wrap past ``room`` rows at 80 columns, each names one answer, and then drops what
    it leaves."""
    if advice is None:
        title = Text("Coach: ", style="title").append(_COACH_SAYS, style="muted")
        return [title, waiting(failed)]
    title = coach_title(advice)
    near = advice[0].chance is not None
    width = MIN_SIZE[0] - _REASON_AT - (_CHANCE_WIDTH if near else 0)
    reasons: list[Text] = []
    for most, risks in ((2, None), (1, None), (1, 1), (1, 0)):
        reasons = [_reason(item, most, risks) for item in advice]
        used = text_rows(title.plain) + sum(_wrapped(reason, width) for reason in reasons)
        if room is None or used < room:
            break
    cards = Table.grid(padding=(0, 2))
    cards.add_column(no_wrap=True)
    cards.add_column()  # a long reason wraps under itself, not under the card
    for index, (item, reason) in enumerate(zip(advice, reasons, strict=True)):
        row = Text().append(f"{hand.index(item.card) + 1} ", style="bold cyan")
        row.append_text(card_text(item.card, ascii))
        row.append(" " * (4 - len(item.card.symbol(ascii))))
        if item.chance is not None:
            chance = end_value(item.chance, item.stakes)
            row.append(f"{chance:>6} ", style="best" if index == 0 else "total")
        style = "muted" if near else "best" if index == 0 else "total"
        row.append(f"{float(item.net):+6.2f}", style=style)
        cards.add_row(row, reason)
    return [title, cards, Text("The number lays that card; ? hides the coach.", style="muted")]


_COACH_SAYS: Final = (
    "each card's expected net pegging to the end of the play (yours minus theirs) over the "
    "hands they likely hold; what it pegs now; their reply's average and the share of their "
    "hands that make it."
)


def coach_title(advice: Sequence[CardAdvice]) -> Text:
    """The play coach's title: what ranks the cards (points, or near the end the chance of
    winning, as ``expert`` ranks them) and what each row says."""
    first = advice[0]
    measure = measure_words(first.chance is not None, first.stakes)
    if first.chance is None:
        says = f"each card {measure}: net pegging to the play's end, pegs now, "
    else:
        says = f"each card {measure}, then points: pegs now, "
    says += "their reply (average, share of hands); under it, what it leaves the reply."
    return Text("Coach: ", style="title").append(says, style="muted")


def _wrapped(text: Text, width: int) -> int:
    """Rows ``text`` takes wrapped at ``width`` columns, as the screen wraps it."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    return len(text.wrap(console, width))


def _reason(item: CardAdvice, most: int, risks: int | None) -> Text:
    """Why a card is worth what it is (``most`` answers named), with what it leaves the reply
    (``risks`` ways of it at most; 0 none) on a line under it."""
    reason = Text(explain(item, most=most))
    if risks != 0 and item.risks is not None:
        words = risk_words(item.risks, short=True, most=risks)
        reason.append("\n").append(words, style="muted")
    return reason


_REASON_AT: Final = 14  # the column a coach's reason starts at: "1 10♠  -1.60  "


_CHANCE_WIDTH: Final = 7  # near the end, the chance before the net: "61.2% "


def discard_rows(
    advice: list[DiscardAdvice] | None,
    picked: set[Card],
    owner: str,
    ascii: bool,
    failed: str = "",
) -> list[RenderableType]:
    """The discard coach: a title, the 15 discards best first (the best marked *, the two
    picked >) with hand, crib, play and total (and the chance of winning near the end), and
    a legend; or a line saying the coach is at work, or why it could not be."""
    if advice is None:
        title = Text("Coach: ", style="title").append(
            f"all 15 discards, best first as expert ranks them; the crib is {owner}", style="muted"
        )
        return [title, waiting(failed)]
    title = discard_title(advice, owner)
    near = advice[0].chance is not None
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    table.add_column("", width=2, no_wrap=True)
    for name in ("discard", "keep"):
        table.add_column(name, no_wrap=True)
    series = near and advice[0].stakes > 0
    ends = ("games" if series else "win",) if near else ()
    for name in ("hand", "crib", "play", "total", *ends):
        table.add_column(name, justify="right", no_wrap=True)
    best = advice[0].key[:-2]
    for option in advice:
        hand, crib, play, total = shown_parts(option)
        mark = "*" if option.key[:-2] == best else ""
        style = "best" if mark else ""
        if picked and set(option.discard) == picked:
            mark += ">"
            style = "best.chosen" if style else "chosen"
        row: list[RenderableType] = [
            mark,
            cards_text(sorted(option.discard), ascii),
            cards_text(sorted(option.keep), ascii),
            hundredths(hand),
            hundredths(crib, signed=True),
            hundredths(play, signed=True),
            Text(hundredths(total), style="total"),
        ]
        if option.chance is not None:
            row.append(end_value(option.chance, option.stakes))
        table.add_row(*row, style=style)
    legend = "* best  > picked  hand, crib (- theirs): exact averages  play: fitted pegging"
    if series:
        legend = "* best  > picked  near the end ranked by games: expected won less lost"
    elif near:
        legend = "* best  > picked  near the end ranked by win: the chance of winning the game"
    return [title, table, Text(legend, style="muted")]


def discard_title(advice: Sequence[DiscardAdvice], owner: str) -> Text:
    """The discard coach's title: what ranks the discards (points, or near the end the chance
    of winning, as ``expert`` ranks them) and whose crib it is."""
    first = advice[0]
    measure = measure_words(first.chance is not None, first.stakes)
    expert = "" if first.chance is not None else " as expert does"
    says = f"15 discards {measure}{expert}; the crib is {owner}"
    return Text("Coach: ", style="title").append(says, style="muted")


def text_rows(text: str, width: int = MIN_SIZE[0]) -> int:
    """Rows a line of text takes at this width (it wraps at words, so allow a little)."""
    return max(1, -(-(len(text) + 4) // width))
