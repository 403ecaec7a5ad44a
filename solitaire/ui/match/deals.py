"""A match's deals on screen and in ``cribsol replay``: each deal card by card, and a list of
the deals to open one from.

:class:`DealView` draws a :class:`~solitaire.match.review.DealReview`: both hands as
dealt with the discards, the coach's verdict on a discard, the starter, the play a
card a line (who, the card, the count, the points and why, and the call as said
when there is room), and the show. It reads well at 80 columns and spreads out
when it has more: from :data:`WIDE` columns the spoken calls join the play.
:func:`deal_rows` lists the deals, one line each. :func:`rendered_lines` cuts any
view into lines, for a screen that shows them a page at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from solitaire.core.words import plural
from solitaire.match.discard_coach import end_cost_words, hundredths, shown_parts
from solitaire.match.review import DealReview, DiscardVerdict, ShowLine
from solitaire.ui.match.browse import DealBrowser
from solitaire.ui.match.views import did, possessive
from solitaire.ui.shell import console as memory_console
from solitaire.ui.views import Paragraph, card_text, cards_text

__all__ = [
    "WIDE",
    "BrowserView",
    "DealView",
    "deal_rows",
    "rendered_lines",
    "verdict_cost",
    "verdict_text",
]

WIDE: Final = 100  # from this width the play shows each call as said, beside its points
_SEATS: Final = ("cyan", "magenta")


def _points(value: Fraction) -> str:
    return f"{float(value):.2f}"


def _signed(value: Fraction) -> str:
    return f"{float(value):+.2f}"


def verdict_text(verdict: DiscardVerdict, name: str, ascii: bool) -> Text:
    """The coach's verdict on a discard, in the discard coach's words and numbers: what it
    cost against the best, hand, crib and play apart (each part as the coach shows it)."""
    cost = verdict.cost
    text = Text(f"{possessive(name, start=True)} discard ")
    text.append_text(cards_text(verdict.chosen, ascii))
    if cost.is_best:
        total = hundredths(shown_parts(cost.chosen)[3])
        return text.append(f" was the best ({total} expected).", style="best")
    points = hundredths(shown_parts(cost.best)[3] - shown_parts(cost.chosen)[3])
    if cost.chance is not None:
        text.append(f" {end_cost_words(cost.chance, cost.stakes, 'the')} ")
        text.append(f"(in points {points}: {cost.split()})", style="muted")
    else:
        text.append(f" cost {points} points on average ")
        text.append(f"({cost.split()})", style="muted")
    text.append("; ")
    text.append_text(cards_text(verdict.best, ascii))
    return text.append(" was best.", style="warn")


def verdict_cost(verdict: DiscardVerdict | None) -> str:
    """The verdict in a word for the deals' list: ``best``, ``-1.23`` or ``-``."""
    if verdict is None:
        return "-"
    cost = verdict.cost
    if cost.is_best:
        return "best"
    return "-" + hundredths(shown_parts(cost.best)[3] - shown_parts(cost.chosen)[3])


class DealView:
    """One deal card by card; ``names`` are the two seats' as shown."""

    def __init__(
        self,
        review: DealReview,
        names: tuple[str, str],
        ascii: bool = False,
        title: bool = True,
    ) -> None:
        self.review = review
        self.names = names
        self.ascii = ascii
        self.title = title

    def _name(self, player: int, width: int = 0) -> Text:
        return Text(f"{self.names[player]:<{width}}", style=_SEATS[player])

    def heading(self) -> Text:
        """``Game 1, deal 3: expert deals (the crib is expert's); before it, you 18, expert 14``."""
        review, names = self.review, self.names
        text = Text(f"Game {review.game}, deal {review.number}: ", style="title")
        text.append(did(names[review.dealer], "deal"), style="title")
        before = review.before
        text.append(f"; before it, {names[0]} {before[0]}, {names[1]} {before[1]}", style="muted")
        return text

    def dealt(self) -> Table:
        """Each seat's six cards as dealt and the two it put in the crib."""
        review = self.review
        width = max(len(name) for name in self.names)
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column()
        for seat in (review.pone, review.dealer):
            hand, discard = review.hands[seat], review.discards[seat]
            dealt: Text = (
                cards_text(hand, self.ascii)
                if hand is not None
                else Text("6 cards, not shown while the deal is played", style="muted")
            )
            crib = Text()
            if hand is not None:
                crib.append("to the crib ", style="muted")
                crib.append_text(
                    cards_text(discard, self.ascii)
                    if discard is not None
                    else Text("not yet", style="muted")
                )
            table.add_row(self._name(seat, width), dealt, crib)
        return table

    def starter(self) -> Text:
        review = self.review
        text = Text("Starter ", style="title")
        if review.starter is None:
            return text.append("not turned", style="muted")
        text.append_text(card_text(review.starter, self.ascii))
        if review.heels:
            text.append(f"   {self.names[review.dealer]}: two for his heels ")
            text.append(f"+{review.heels}", style="points")
        return text

    def play(self, wide: bool) -> RenderableType:
        """The play, a line each: who, the card, the count, the points and why."""
        review = self.review
        if not review.play:
            return Text("The play: not begun.", style="muted")
        width = max(len(name) for name in self.names)
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)  # who
        table.add_column(no_wrap=True)  # the card, or go
        table.add_column(justify="right", no_wrap=True)  # count
        table.add_column(justify="right", no_wrap=True)  # points
        table.add_column()  # why
        if wide:
            table.add_column()  # the call as said
        for line in review.play:
            if line.card is not None:
                card = card_text(line.card, self.ascii)
                card.append(" " * (3 - len(line.card.symbol(self.ascii))))
            else:  # a go said, or the point for it
                card = Text("" if line.points else "go", style="warn")
            count = Text("" if line.card is None else str(line.count), style="total")
            points = Text(f"+{line.points}" if line.points else "", style="points")
            reason = ", ".join(line.why)
            row: list[RenderableType] = [
                self._name(line.player, width),
                card,
                count,
                points,
                Text(reason, style="muted" if not line.points else ""),
            ]
            if wide:
                row.append(Text(f'"{line.call}"', style="italic"))
            table.add_row(*row)
        title = Text("The play", style="title")
        title.append(
            "  (who, card, count, points and why" + (", the call" if wide else "") + ")",
            style="muted",
        )
        pegged = review.pegged
        total = Text(
            f"pegged: {self.names[0]} {pegged[0]}, {self.names[1]} {pegged[1]}", style="muted"
        )
        return Group(title, table, total)

    def _shown(self, item: ShowLine, width: int) -> list[RenderableType]:
        review, names = self.review, self.names
        score = item.counted.score
        line = Text()
        line.append(f"{possessive(names[item.player])} {item.label}", style=_SEATS[item.player])
        line.append(" " * max(1, width - len(possessive(names[item.player])) - len(item.label)))
        line.append_text(cards_text(score.hand, self.ascii))
        if review.starter is not None:
            line.append(" + ", style="muted").append_text(card_text(review.starter, self.ascii))
        line.append("  ").append(str(item.points), style="total")
        parts: list[RenderableType] = [line, Paragraph(Text(score.spoken(), style="italic"), 2)]
        if item.claimed is not None:
            said = Text(f"  {did(names[item.player], 'say').capitalize()} {item.claimed}")
            if item.claimed == item.points:
                said.append(": right.", style="best")
            elif item.claimed > item.points:
                said.append(f": it makes only {item.points}, corrected.", style="warn")
            else:
                missed = f" ({item.missed})" if item.missed else ""
                if item.taken:
                    other = names[1 - item.player]
                    said.append(
                        f": muggins, {did(other, 'take')} the {item.taken} missed{missed}.",
                        style="milestone",
                    )
                else:
                    said.append(
                        f": {item.points - item.claimed} missed{missed}, pegged all the same.",
                        style="warn",
                    )
            parts.append(said)
        return parts

    def show(self) -> RenderableType:
        review = self.review
        if not review.show:
            ended = review.result is not None
            why = "the game ended before it" if ended else "not yet"
            return Text(f"The show: {why}.", style="muted")
        width = max(len(possessive(name)) for name in self.names) + len(" hand") + 2
        parts: list[RenderableType] = [Text("The show", style="title")]
        for item in review.show:
            parts += self._shown(item, width)
        return Group(*parts)

    def ending(self) -> RenderableType:
        review, names = self.review, self.names
        after = review.after
        text = Text(
            f"After the deal: {names[0]} {after[0]}, {names[1]} {after[1]}"
            if review.complete
            else f"So far: {names[0]} {after[0]}, {names[1]} {after[1]} (the deal is in play)",
            style="title",
        )
        result = review.result
        if result is None:
            return text
        skunk = ("", ", a skunk", ", a double skunk")[result.skunk]
        games = plural(result.game_points, "game")
        won = Text(
            f"{review.ended_how()}: {did(names[result.winner], 'win')} "
            f"{result.scores[result.winner]} to {result.scores[result.loser]}{skunk} ({games}).",
            style="milestone",
        )
        return Group(text, won)

    def parts(self, width: int) -> list[RenderableType]:
        """The view's blocks, for this width."""
        review = self.review
        parts: list[RenderableType] = []
        if self.title:
            parts.append(self.heading())
        parts.append(self.dealt())
        for seat in (0, 1):
            verdict = review.verdicts[seat]
            if verdict is not None:
                coach = Text("Coach: ", style="title")
                parts.append(
                    Paragraph(
                        coach.append_text(verdict_text(verdict, self.names[seat], self.ascii))
                    )
                )
        parts.append(self.starter())
        parts.append(self.play(wide=width >= WIDE))
        parts.append(self.show())
        parts.append(self.ending())
        return parts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Group(*self.parts(options.max_width))


def deal_rows(
    reviews: Sequence[DealReview],
    names: tuple[str, str],
    ascii: bool = False,
    cursor: int | None = None,
    coached: int | None = 0,
    muggins: bool = False,
) -> Table:
    """One row per deal: its game and number, the dealer, the starter, each side's heels,
    pegging, hands and crib as pegged (and with ``muggins``, the points each took from the
    other's counts, "took"), the cost of ``coached``'s discard and the scores after; the row at
    ``cursor`` highlighted. Every point a deal scores is in one of its columns."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False)
    columns = ["", "deal", "dealer", "starter", "heels", "pegged", "hands", "crib"]
    if muggins:
        columns.append("took")  # what muggins took from the other's counts
    if coached is not None:
        mine = names[coached] == "you" and not muggins  # 80 columns hold one of the two
        columns.append("your discard" if mine else "discard")
    columns.append("score")
    for name in columns:
        table.add_column(
            name,
            justify="left" if name in ("", "dealer", "starter", "deal") else "right",
            no_wrap=True,
        )
    for index, review in enumerate(reviews):
        chosen = index == cursor
        hands = ["-", "-"]
        crib = "-"
        took = [0, 0]
        for item in review.show:
            pegged = str(item.points - item.taken)  # muggins takes what its owner missed
            took[1 - item.player] += item.taken
            if item.label == "crib":
                crib = pegged
            else:
                hands[item.player] = pegged
        starter: Text = (
            card_text(review.starter, ascii) if review.starter is not None else Text("-")
        )
        heels = [0, 0]
        heels[review.dealer] = review.heels
        row: list[RenderableType] = [
            Text(">" if chosen else " ", style="bold cyan"),
            f"{review.game}.{review.number}",
            names[review.dealer],
            starter,
            f"{heels[0]}/{heels[1]}" if review.heels else "-",
            f"{review.pegged[0]}/{review.pegged[1]}",
            f"{hands[0]}/{hands[1]}",
            crib,
        ]
        if muggins:
            row.append(f"{took[0]}/{took[1]}" if any(took) else "-")
        if coached is not None:
            cost = verdict_cost(review.verdicts[coached])
            row.append(
                Text(cost, style="best" if cost == "best" else "warn" if cost != "-" else "")
            )
        row.append(Text(f"{review.after[0]}/{review.after[1]}", style="total"))
        table.add_row(*row, style="reverse" if chosen else None)
    return table


def rendered_lines(renderable: RenderableType, width: int) -> list[Text]:
    """A view cut into the lines it draws at this width, each with its styles, for paging."""
    console = memory_console(width)
    lines = console.render_lines(renderable, console.options.update(width=width), pad=False)
    out: list[Text] = []
    for line in lines:
        text = Text(no_wrap=True, overflow="crop")
        for segment in line:
            if not segment.control:
                text.append(segment.text, segment.style)
        text.rstrip()
        out.append(text)
    return out


class BrowserView:
    """The deal list, or the deal open in it, fitted to ``rows`` rows (the list a page at a
    time, the deal from the line it is scrolled to). Drawing tells the browser how many rows
    a page holds, so that its keys page by what is seen."""

    def __init__(
        self, browser: DealBrowser, names: tuple[str, str], ascii: bool, rows: int
    ) -> None:
        self.browser = browser
        self.names = names
        self.ascii = ascii
        self.rows = max(4, rows)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        browser = self.browser
        review = browser.open
        if review is None:
            browser.page = self.rows - 3  # the title, the table's header, the keys
            start, end = browser.list_window()
            reviews = [browser.review(index) for index in range(start, end)]
            title = Text("The deals so far", style="title")
            title.append(
                f"  {start + 1}-{end} of {len(browser.deals)}; pairs are "
                f"{self.names[0]}/{self.names[1]}",
                style="muted",
            )
            yield title
            muggins = browser.match.muggins
            yield deal_rows(reviews, self.names, self.ascii, browser.cursor - start, 0, muggins)
            yield Text("Up/Down PgUp/PgDn move   Enter open   Esc back to the game", "muted")
            return
        lines = rendered_lines(DealView(review, self.names, self.ascii), options.max_width)
        browser.page = self.rows - 1  # and the line of keys
        browser.lines = len(lines)
        browser.offset = max(0, min(browser.offset, len(lines) - browser.page))
        shown = lines[browser.offset : browser.offset + browser.page]
        yield from shown
        where = f"lines {browser.offset + 1}-{browser.offset + len(shown)} of {len(lines)}  "
        if len(lines) <= browser.page:
            where = ""
        yield Text(
            f"{where}Up/Down PgUp/PgDn scroll  Left/Right other deals  Esc the list",
            style="muted",
        )
