"""The interactive game's screen, drawn with rich from a :class:`PlaySession`.

Fits 80x24: the top (a header, the score board, the six cards and the prompt,
where the typing line goes), then the body of the current phase (the hint
table, a round's count and coaching, or the review). A large terminal also gets
a side panel: the card tracker and the round log.
"""

from __future__ import annotations

from typing import Final

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from solitaire.core.cards import Card
from solitaire.core.dealcode import deal_code
from solitaire.core.names import command
from solitaire.core.review import Decision
from solitaire.core.rounding import hundredths
from solitaire.core.secret import seed_hidden
from solitaire.core.untrusted import safe_text
from solitaire.patience.coach import (
    GameReview,
    RoundReview,
    heels_note,
    hint_reasons,
    points_text,
    shown_given_up,
)
from solitaire.patience.game import GREAT_LINE, ROUNDS, SKUNK_LINE, RoundResult
from solitaire.ui.patience.session import Phase, PlaySession
from solitaire.ui.patience.views import (
    AdviceView,
    RoundLog,
    TrackerView,
    aids_text,
    coaching,
    reason_text,
    rounds_table,
    why_table,
)
from solitaire.ui.review.patience_board import patience_board
from solitaire.ui.review.screen import ReviewScreen
from solitaire.ui.views import (
    Paragraph,
    ScoreView,
    card_text,
    cards_text,
    offer_keys,
    offer_view,
    rules_paged,
)

__all__ = [
    "KEYS",
    "MAIN_WIDTH",
    "SIDE_WIDTH",
    "RulesPage",
    "ScoreBoard",
    "SessionScreen",
    "is_large",
    "rules_pages",
]

MAIN_WIDTH: Final = 80  # the main column beside a side panel
SIDE_WIDTH: Final = 38  # the side panel's columns at least
LARGE_ROWS: Final = 32  # rows a side panel needs
MESSAGE_LENGTH: Final = 400  # characters of a message line at most


def is_large(columns: int, rows: int) -> bool:
    """True when the terminal has room for the side panel (the tracker and the round log)."""
    return columns >= MAIN_WIDTH + 1 + SIDE_WIDTH and rows >= LARGE_ROWS


KEYS: tuple[tuple[str, str], ...] = (
    ("1-6", "pick or unpick a card (numbered as shown)"),
    ("Left/Right, Space", "move along the cards, pick the one under the cursor"),
    ("/ or t", "type it: 5h jd, or a rank alone (k 3) for your only king"),
    ("s", "sort the hand by rank, or back to the order dealt"),
    ("c", "card tracker: unseen cards by rank, starters coming back"),
    ("u", "after a round: take the discard back, pick again (recorded)"),
    ("Enter", "discard the two picked cards; after a round, go on"),
    ("?", "hint: the advisor's table of all 15 discards (recorded); after the game, its review"),
    ("w", "why the best discard is best (recorded as a hint)"),
    ("a", "all 15 discards, expected and actual (1-6: which round)"),
    ("r, n", "game over: every round beside the best; a new game"),
    ("h or F1", "this help"),
    ("k", "the rules, and what every number means (paged)"),
    ("q, Ctrl-C, Ctrl-D", "quit; the game is saved and offered next time"),
)


class ScoreBoard:
    """A cribbage board: four streets of 30 holes, the skunk line after 90, 121 at the end.

    The streets read in order like text: 1-30 then 31-60 on the first line, 61-90,
    the skunk line, then 91-120 and the game hole on the second; each street is
    labelled with its first hole and its holes run left to right.
    """

    def __init__(self, total: int, previous: int, ascii: bool = False) -> None:
        self.total = total
        self.previous = previous
        self.ascii = ascii

    def _street(self, first: int) -> Text:
        empty, filled, peg, back = (".", "#", "@", "+") if self.ascii else ("○", "●", "◆", "◉")
        text = Text()
        for hole in range(first, first + 30):
            group = (hole - 1) // 5 % 2
            if hole == self.total:
                text.append(peg, style="bold yellow")
            elif hole == self.previous and hole > 0:
                text.append(back, style="yellow")
            elif hole < self.total:
                text.append(filled, style="green" if group else "bright_green")
            else:
                text.append(empty, style="dim" if group else "")
        return text

    def __rich__(self) -> RenderableType:
        bar = "|" if self.ascii else "┃"
        line1 = (
            Text("  1 ").append_text(self._street(1)).append("  31 ").append_text(self._street(31))
        )
        line1.append(f"  {bar}", style="bold red").append(" skunk", style="red")  # the legend
        line2 = Text(" 61 ").append_text(self._street(61)).append(bar, style="bold red")
        line2.append(" 91 ").append_text(self._street(91))
        goal = (
            ("*" if self.ascii else "★")
            if self.total >= GREAT_LINE
            else ("o" if self.ascii else "◎")
        )
        line2.append(f" {goal}", style="bold magenta" if self.total >= GREAT_LINE else "")
        line2.append(" 121", style="magenta")
        if self.total > GREAT_LINE:
            line2.append(f" +{self.total - GREAT_LINE}", style="bold magenta")
        return Group(line1, line2)


class SessionScreen:
    """The whole screen for the session's current phase."""

    def __init__(
        self, session: PlaySession, typing: bool = False, large: bool = False, height: int = 24
    ) -> None:
        self.session = session
        self.typing = typing
        self.large = large  # a side panel is drawn beside this screen
        self.height = height  # the terminal's rows

    def header(self) -> Text:
        game = self.session.game
        text = Text("Cribbage Solitaire", style="title")
        source = self.session.daily and f"daily {self.session.daily}"
        if not source and seed_hidden(game):  # the seed would show every card to come
            source = "random deal"
        if not source:
            seed = str(game.seed)
            if len(seed) > 12:  # the whole seed is in help's deal line and the history
                seed = (
                    f"{seed[:5]}…{seed[-4:]}"
                    if not self.session.ascii
                    else f"{seed[:5]}...{seed[-4:]}"
                )
            source = f"seed {seed}" if game.seed is not None else "dealt by code"
        text.append(f"  {source}", style="muted")
        number = min(game.round_number, ROUNDS)
        if self.session.at_count and game.rounds:
            number = len(game.rounds)  # the round counted, as a resumed game opens on it
        label = f"round {number} of {ROUNDS}"
        if self.session.phase is Phase.OVER:
            label = "game over"
        total, _ = self.session.peg_totals()
        text.append(f"   {label}   cards left {self.session.cards_left()}   total ")
        text.append(str(total), style="total")
        return text

    def board(self) -> ScoreBoard:
        total, previous = self.session.peg_totals()
        return ScoreBoard(total, previous, self.session.ascii)

    def hand(self) -> Text:
        session = self.session
        text = Text("By rank     " if session.sort_hand else "Your cards  ")
        for place, index in enumerate(session.order):
            card = session.game.shown[index]
            under = place == session.cursor
            label = Text(f"{place + 1}", style="bold cyan" if under else "muted")
            text.append_text(label).append(" ")
            face = card_text(card, session.ascii, selected=index in session.selected)
            if under:
                face.stylize("underline")
            text.append_text(face)
            text.append("   " if len(card.symbol(session.ascii)) == 2 else "  ")
        picked = session.picked
        text.append(" discard: ", style="muted")
        text.append_text(cards_text(picked, session.ascii) if picked else Text("-", style="muted"))
        return text

    def body(self) -> RenderableType:
        session = self.session
        if session.show_help:
            again = command(f"play --deal {deal_code(session.game.deck)}")
            code = Text(f"This deal: {again}", style="muted")
            if seed_hidden(session.game):
                code = Text("This deal's code is shown when the game ends.", style="muted")
            return Group(help_table(session.ascii), code)
        if session.phase is Phase.RESUME:
            return offer_view(session.resume_prompt())
        if session.tracker_shown(self.large) and not self.large:
            tracker = TrackerView(session.tracker(), session.ascii, compact=True)
            if session.phase is Phase.RESULT and session.game.rounds:
                # The tracker goes under the round's count, never over it.
                count = round_count(session.game.rounds[-1], session, spoken=False)
                coach = Text("c closes the tracker: the coach's word on this round", "muted")
                return Group(*count, Text(""), tracker, coach)
            return tracker
        if session.phase is Phase.DISCARD:
            chosen = session.picked if len(session.selected) == 2 else None
            if session.show_hint:
                note = session.target_note
                view = AdviceView(
                    session.advice,
                    session.ascii,
                    chosen=chosen,
                    title=None,
                    heels=heels_note(session.position),
                    chances=session.chances,
                    target=session.target,
                    limit=None if self.large or not note else 11,  # the note fits in 80x24
                )
                return Group(view, Text(note, style="warn")) if note else view
            if session.show_why:
                return why_body(session, chosen)
            return Text("")
        if session.show_rounds and session.phase is Phase.OVER:
            return rounds_table(session.reviews, session.ascii)
        if session.show_all and session.reviews:
            review = session.all_review
            title = Text(f"Round {review.number}: all 15 discards, expected and actual  ", "title")
            title.append_text(cards_text(review.position.six, session.ascii))
            return Group(
                title,
                AdviceView(
                    review.options,
                    session.ascii,
                    chosen=review.chosen,
                    actual=review.actual,
                    title=None,
                    heels=heels_note(review.position),
                ),
            )
        if session.phase is Phase.RESULT:
            used = 6 + (1 if session.message else 0)  # header, board, blank, footer, one spare
            return round_body(
                session.game.rounds[-1], session.reviews[-1], session, self.height - used
            )
        assert session.review is not None
        return over_body(session.review, session)

    def footer(self) -> Text:
        session = self.session
        keys = {
            Phase.RESUME: offer_keys(session.resumable, "the other choice above"),
            Phase.DISCARD: (
                "1-6 pick  Enter discard  / type  ? hint  s sort  c tracker  h help  q quit"
            ),
            Phase.RESULT: (
                "Enter continue   "
                + ("u undo   " if session.game.can_undo() else "")
                + "a all discards   c tracker   h help   q quit"
            ),
            Phase.OVER: "n new game   ? review   r rounds   a all discards   h help   q quit",
        }[session.phase]
        if session.show_all:
            keys = "1-6 or Left/Right another round   a close   h help   q quit"
        if self.typing:
            keys = "type two cards, like 5h jd   Tab complete   Enter discard   Esc cancel"
        return Text(keys, style="muted")

    def prompt(self) -> Text:
        """What to do now, or the banner once every card to come is known."""
        tracker = self.session.tracker()
        if not (tracker.fully_known and tracker.blind_crib):
            return Text("Pick two cards for your crib, then press Enter.", style="muted")
        starter = next(r.card for r in tracker.returns if r.place == "starter")
        text = Text("Every card to come is known: ", style="milestone")
        text.append("blind crib ").append_text(cards_text(tracker.blind_crib, self.session.ascii))
        text.append(", starter ").append_text(card_text(starter, self.session.ascii))
        return text.append(" (c: the final hand)")

    def top(self) -> RenderableType:
        """The header, the board, the six cards and the prompt; the typing line goes below.

        While the rules are read, their page instead.
        """
        session = self.session
        if session.show_rules:
            return RulesPage(session.rules_page, self.height - 1, session.ascii)
        if session.reviewing.shown and not session.show_help:
            return self.review()
        parts: list[RenderableType] = [self.header(), self.board()]
        if session.phase is Phase.DISCARD:
            parts.append(self.hand())
            if not self.typing:
                parts.append(self.prompt())
        return Group(*parts)

    def bottom(self) -> RenderableType:
        """The body of the current phase, the message and the keys."""
        if self.session.show_rules or (self.session.reviewing.shown and not self.session.show_help):
            return Text("")
        # The prompt line already sets the discard's body apart from the cards; the table
        # of all 15 discards needs that line at 80x24.
        tight = self.session.phase is Phase.DISCARD or (
            self.session.show_all and not self.session.show_help
        )
        parts = [self.body()] if tight else [Text(""), self.body()]
        if self.session.message:
            # Messages can quote a file, a record or an OS error: shown with controls escaped.
            parts.append(Text(safe_text(self.session.message, MESSAGE_LENGTH), style="warn"))
        parts.append(self.footer())
        return Group(*parts)

    def review(self) -> ReviewScreen:
        """The game reviewed: each round's discard over its six and the crib so far."""
        session = self.session
        reviewing = session.reviewing

        def board(decision: Decision) -> RenderableType | None:
            point = reviewing.position(decision)
            return None if point is None else patience_board(point, session.game, session.ascii)

        title = f"Game {session.game_id} reviewed"
        return ReviewScreen(reviewing, title, board, session.message)

    def side(self) -> RenderableType:
        """The side panel of a large terminal: the tracker (when on) and the round log."""
        session = self.session
        parts: list[RenderableType] = []
        if session.tracker_shown(True):
            parts += [TrackerView(session.tracker(), session.ascii), Text("")]
        parts.append(RoundLog(session.game.rounds, session.ascii))
        return Group(*parts)

    def __rich__(self) -> RenderableType:
        return Group(self.top(), self.bottom())


def _rules_paged(width: int, height: int, ascii: bool) -> tuple[tuple[Text, ...], ...]:
    """The rules in pages of the rows below the title."""
    from solitaire.patience.rules import rules_text

    return rules_paged(rules_text(), width, height - 1, ascii)


def rules_pages(width: int, height: int, ascii: bool = False) -> int:
    """How many pages the rules take at this size."""
    return len(_rules_paged(width, max(2, height), ascii))


class RulesPage:
    """One page of the rules: ``height`` lines with a title line saying which page."""

    def __init__(self, page: int, height: int, ascii: bool = False) -> None:
        self.page = page
        self.height = max(2, height)
        self.ascii = ascii

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        paged = _rules_paged(options.max_width, self.height, self.ascii)
        page = min(self.page, len(paged) - 1)
        yield Text.assemble(
            ("Rules", "title"),
            f"  page {page + 1} of {len(paged)}   ",
            ("Left/Right or PgUp/PgDn turn pages   k or Esc close", "muted"),
        )
        yield from paged[page]


def why_body(session: PlaySession, chosen: list[Card] | None) -> RenderableType:
    """Why the best discard beats the picked one (or the next best), in a player's words."""
    advice = session.advice
    best = advice[0]
    title = Text("Why ", style="title")
    title.append_text(cards_text(best.discard, session.ascii))
    title.append(f" is the best discard (expected {points_text(best.total)})", style="title")
    reasons = hint_reasons(advice, session.position, chosen)
    lines: list[RenderableType] = [title]
    lines.extend(reason_text(r, session.ascii) for r in reasons)
    lines.append(Text(heels_note(session.position), style="muted"))
    lines.append(Text("Pick two cards to compare them with it; ? shows all 15.", style="muted"))
    return Group(*lines)


def help_table(ascii: bool = False) -> Table:
    """The keys, and the board's pegs."""
    table = Table(title="Keys", title_justify="left", box=None, padding=(0, 1), show_header=False)
    table.add_column("key", style="bold cyan")
    table.add_column("does")
    for key, does in KEYS:
        table.add_row(key, Paragraph(does))
    front, back = ("@", "+") if ascii else ("◆", "◉")
    pegs = Text.assemble(
        (front, "bold yellow"), " front peg: your total  ", (back, "yellow"),
        " back peg: where the last score began", (";  h closes", "muted"),
    )  # fmt: skip
    table.add_row("board", pegs)
    return table


def _milestone_text(session: PlaySession) -> list[RenderableType]:
    out: list[RenderableType] = []
    for milestone in session.milestones:
        stars = "*** " if session.ascii else "★ ★ ★ "
        out.append(Text(f"{stars}{milestone.message}{stars[::-1]}", style="milestone"))
    return out


def round_body(
    result: RoundResult, review: RoundReview, session: PlaySession, lines_free: int = 99
) -> RenderableType:
    """A round's count, the way players say it, then the coaching and as many reasons as fit."""
    ascii = session.ascii
    lines = round_count(result, session)
    lines.append(Text(""))
    lines.extend(coaching(review, ascii))
    if session.round_note and review.number == len(session.game.rounds):
        lines.append(Text(session.round_note, style="warn"))
    return _Fitted(Group(*lines), why_table(review, ascii), lines_free)


def round_count(
    result: RoundResult, session: PlaySession, spoken: bool = True
) -> list[RenderableType]:
    """A round's scores: the starter (and his heels), the hand and the crib with their
    totals (``spoken``: and each count said aloud), the round's and the running total."""
    ascii = session.ascii
    starter = Text(f"Round {result.number}   starter ", style="title")
    starter.append_text(card_text(result.starter, ascii))
    if result.heels:
        starter.append(f"   his heels! +{result.heels}", style="points")
    hand = ScoreView(result.hand, "Hand", ascii, breakdown=False)
    crib = ScoreView(result.crib, "Crib", ascii, breakdown=False)
    lines: list[RenderableType] = [starter]
    lines += [hand, crib] if spoken else [hand.header(), crib.header()]
    lines.append(
        Text.assemble(
            (f"Round total {result.points}", "points"),
            ", running total ",
            (str(result.total), "total"),
        )
    )
    lines.extend(_milestone_text(session))
    return lines


class _Fitted:
    """A body, then the rows of a table while they fit in ``lines_free`` lines."""

    def __init__(self, body: RenderableType, rows: list[Table], lines_free: int) -> None:
        self.body = body
        self.rows = rows
        self.lines_free = lines_free

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        used = len(console.render_lines(self.body, options, pad=False))
        yield self.body
        for row in self.rows:
            used += len(console.render_lines(row, options, pad=False))
            if used > self.lines_free:
                return
            yield row


def over_body(review: GameReview, session: PlaySession) -> RenderableType:
    """The end of the game: final hand, total, milestones, and the review."""
    game = session.game
    ascii = session.ascii
    assert game.final is not None
    lines: list[RenderableType] = [
        ScoreView(game.final.score, "Final hand", ascii, breakdown=False)
    ]
    lines.extend(_milestone_text(session))
    lines.append(
        Text.assemble(
            ("Game over: ", "title"),
            (f"{review.total} points", "total"),
            f"   past {SKUNK_LINE}: {'yes' if review.skunk_passed else 'no'}",
            f"   reached {GREAT_LINE}: {'yes' if review.great_reached else 'no'}",
        )
    )
    lines.append(
        Text(
            "Perfect play (the best expected discard every round) averages"
            f" {float(review.perfect_expected):.1f} on this deal; its discards scored"
            f" {review.perfect_scored} with these cards"
        )
    )
    lines.append(
        Text(
            "Best total anyone could have scored, knowing every card in advance:"
            f" {review.hindsight_best}"
        )
    )
    lines.append(
        Text.assemble(
            "Your efficiency: ",
            (f"{review.efficiency:.1%}", "total"),
            (" of perfect play's expected points", "muted"),
        )
    )
    costly = review.costliest()
    if costly:
        parts = ", ".join(f"round {r.number} ({hundredths(shown_given_up(r))})" for r in costly)
        lines.append(Text(f"Costliest rounds (expected points given up): {parts}"))
    else:
        lines.append(Text("Every discard was the best expected one. Perfect play!", style="best"))
    aids = aids_text(game, session.ascii)
    if aids is not None:
        aids.stylize("muted")
        lines.append(aids)
    lines.append(Text(f"Deal code {deal_code(game.deck)}", style="muted"))
    return Group(*lines)
