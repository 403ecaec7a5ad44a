"""The interactive match's screen, drawn with rich from a :class:`MatchSession`.

Fits 80x24: a header (game, deal, who deals and whose crib it is), the board
with both players' pegs, the table (the computer's cards, the crib, the
starter), the play area (the count, the cards laid since it was 0, and every call)
or the show (each count with its breakdown), your cards, and the keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from solitaire.core.cards import Card
from solitaire.core.review import Decision
from solitaire.core.secret import seed_hidden
from solitaire.core.words import plural
from solitaire.match.game import (
    DOUBLE_SKUNK_LINE,
    GAME_POINTS,
    SKUNK_LINE,
    Counted,
    Cut,
    Event,
    GameOver,
    GoPoint,
    Laid,
    Observation,
    Phase,
    SaidGo,
    Turned,
    missed_groups,
)
from solitaire.match.pegging import call, go_call
from solitaire.ui.match.coach_panels import (
    CoachPanels,
    advice_rows,
    discard_rows,
    text_rows,
)
from solitaire.ui.match.deals import BrowserView
from solitaire.ui.match.session import (
    COMPUTER,
    YOU,
    MatchSession,
    Stage,
    card_keys,
    series_end,
)
from solitaire.ui.match.told import go_then_point
from solitaire.ui.review.screen import ReviewScreen
from solitaire.ui.shell import MIN_SIZE
from solitaire.ui.shell import console as shell_console
from solitaire.ui.views import (
    Paragraph,
    ScoreView,
    card_text,
    cards_text,
    labelled,
    offer_keys,
    offer_view,
    rules_paged,
    rules_screen,
)

__all__ = [
    "KEYS",
    "NUMBERS",
    "MatchBoard",
    "MatchScreen",
    "advice_rows",
    "count_line",
    "discard_rows",
    "ended_how",
    "event_line",
    "help_table",
    "match_board",
    "play_calls",
    "rules_pages",
]

KEYS: Final = (
    ("1-6 Enter", "discard: pick or unpick two cards for the crib, Enter"),
    ("1-4", "the play: lay that card (dimmed ones would pass 31)"),
    ("Left/Right Space", "move along your cards; Space picks or lays"),
    ("Enter", "lay the card under the cursor; in the show, go on"),
    ("0-9 Backspace", "--count-yourself: type your points, Enter claims them"),
    ("any key", "while the computer's card waits: show it at once"),
    ("?", "the coach: discards (recorded), cards to lay, a game's review"),
    ("w", "why: in the play, your card just laid; else the best discard"),
    ("n", "when the match is over: a new match"),
    ("d / k", "the deals so far, any opened card by card / the rules"),
    ("q Ctrl-C Ctrl-D", "quit; the match is saved and offered next time"),
)


def board_symbols(ascii: bool) -> tuple[tuple[str, str], ...]:
    """The board's symbols and what each means."""
    empty, filled, front, back, goal, line = (
        (".", "#", "@", "+", "o", "|") if ascii else ("○", "●", "◆", "◉", "◎", "┃")
    )
    return (
        (f"{front} {back}", "each player's pegs, on their own track (yours first):"),
        ("", "front = the score, back = where the last score began"),
        (
            f"{filled} {empty} {goal}",
            "holes pegged / to go (every other five dimmed), 121: the game",
        ),
        (f"{line} after 60 / 90", "double-skunk / skunk line: a loser short loses 3 / 2"),
    )


NUMBERS: Final = (
    ("count", "cards laid since the last restart; ace 1, faces 10"),
    ("+N", "pegged: 15 or 31 is 2, pairs 2/6/12, runs 1 a card, go 1"),
    ("show", "pone's hand, the dealer's hand, the crib (+ starter)"),
    ("count yourself", "too high: corrected; with --muggins, missed points go to them"),
    ("hand crib play", "discard coach: expected hand, crib (- theirs), net pegging"),
)

_SEATS: Final = ("cyan", "magenta")
COACH: Final = "Coach:"  # the label of the coach's note on your last card


class MatchBoard:
    """Two tracks of 120 holes and the game hole; both pegs of each player, the skunk lines."""

    def __init__(
        self,
        names: tuple[str, str],
        pegs: tuple[tuple[int, int], tuple[int, int]],
        ascii: bool = False,
        games: tuple[int, int] | None = None,
    ) -> None:
        self.names = names
        self.pegs = pegs
        self.ascii = ascii
        self.games = games  # a series' game points so far, under each score

    def _holes(self, player: int, first: int, last: int) -> Text:
        empty, filled, front_peg, back_peg = (
            (".", "#", "@", "+") if self.ascii else ("○", "●", "◆", "◉")
        )
        front, back = self.pegs[player]
        colour = _SEATS[player]
        runs: list[tuple[str, str]] = []  # (holes, style): one span per run draws fast
        for hole in range(first, last + 1):
            group = (hole - 1) // 5 % 2
            if hole == front:
                mark, style = front_peg, f"bold {colour}"
            elif hole == back and back > 0:
                mark, style = back_peg, colour
            elif hole < front:
                mark, style = filled, colour if group else f"bright_{colour}"
            else:
                mark, style = empty, "dim" if group else ""
            if runs and runs[-1][1] == style:
                runs[-1] = (runs[-1][0] + mark, style)
            else:
                runs.append((mark, style))
        return Text.assemble(*runs)

    def __rich__(self) -> RenderableType:
        bar = "|" if self.ascii else "┃"
        lines: list[Text] = []
        for player in (YOU, COMPUTER):
            front, _ = self.pegs[player]
            name = Text().append(f"{self.names[player]:<8} ", style=f"bold {_SEATS[player]}")
            name.append(f"{front:>3} ", style="total")
            first = name.append_text(self._holes(player, 1, 60)).append(bar, style="red")
            first.append(f" {DOUBLE_SKUNK_LINE}", style="red")
            second = Text(" " * 13)
            if self.games is not None:  # like a board's game pegs, under the score
                second = Text(f"{f'games {self.games[player]}':>12} ", style="muted")
            second.append_text(self._holes(player, 61, SKUNK_LINE))
            second.append(bar, style="bold red").append_text(
                self._holes(player, SKUNK_LINE + 1, GAME_POINTS - 1)
            )
            won = front >= GAME_POINTS
            goal = ("*" if won else "o") if self.ascii else ("★" if won else "◎")
            second.append(f" {goal}", style="bold magenta" if won else "")
            second.append(f"{GAME_POINTS}", style="magenta")
            lines += [first, second]
        return Group(*lines)


def spoken(events: list[Event]) -> list[Event]:
    """The events of the play as told: a go said just before one's own "one for the go" is
    left out (the player says only "one for the go")."""
    return [
        event
        for event, after in zip(events, [*events[1:], None], strict=False)
        if after is None or not go_then_point(event, after)
    ]


def play_calls(events: list[Event], names: tuple[str, str], ascii: bool, fit: int) -> list[Text]:
    """The play as told (see :func:`spoken`), a line an event, the latest ``fit`` lines: when
    there are more, the first line says how many earlier ones are left out."""
    calls = [t for e in spoken(events) if (t := event_line(e, names, ascii)) is not None]
    hidden = len(calls) - fit
    if hidden > 0:
        calls = [Text(f"... {hidden + 1} earlier", style="muted"), *calls[-fit + 1 :]]
    return calls


def count_line(cards: Sequence[Card], count: int, ascii: bool, when: str = "now") -> Text:
    """The play area's first line: the count and the cards laid since it was 0 while the play is
    on (``when`` "now"); a title over the calls once it is over ("over"), and before the
    starter is turned ("before") what the play waits for."""
    if when == "over":
        return Text("The play, as it went:", style="title")
    if when == "before":
        return Text("The play begins once both have discarded and the starter is turned.", "muted")
    line = Text().append("Count ", style="title").append(f"{count:>2}", style="total")
    line.append("   ")
    return line.append_text(
        cards_text(cards, ascii) if cards else Text("(the count starts from 0)", style="muted")
    )


def match_board(view: Observation, names: Sequence[str], ascii: bool = False) -> RenderableType:
    """The position ``view`` (what its seat saw) as the seat saw it, named by ``names``."""
    who = names[view.player]
    scores = Text("Scores ", style="muted")
    scores.append(f"{names[0]} {view.scores[0]}, {names[1]} {view.scores[1]}")
    dealer = names[view.dealer]
    scores.append("   you deal" if dealer == "you" else f"   {dealer} deals", style="muted")
    lines: list[RenderableType] = [scores]
    if view.phase is Phase.DISCARD:
        dealt = Text(f"Dealt to {who}: ").append_text(cards_text(view.dealt, ascii))
        lines.append(dealt.append(" (two to the crib)", style="muted"))
        return Group(*lines)
    starter = Text("   starter ", style="muted")
    starter.append_text(card_text(view.starter, ascii) if view.starter else Text("-"))
    if view.phase is Phase.SHOW:
        what = "crib" if view.counting_crib else "hand"
        line = Text(f"Counting {who}'s {what}: ").append_text(cards_text(view.counting, ascii))
        lines.append(line.append_text(starter))
        return Group(*lines)
    held = Text(f"{who.capitalize()} held: ").append_text(cards_text(view.hand, ascii))
    lines.append(held.append_text(starter))
    laid = Text("Laid so far: ", style="muted")
    if view.laid:
        for seat, card in view.laid:
            laid.append(f"{names[seat][:1]} ", style="muted").append_text(card_text(card, ascii))
            laid.append("  ")
    else:
        laid.append("none: the first card of the play")
    lines += [laid, count_line(view.series, view.count, ascii)]
    return Group(*lines)


def claim_line(counted: Counted, names: tuple[str, str]) -> Text | None:
    """What became of your own count of a hand or crib, or None when it was not asked."""
    said, true = counted.claimed, counted.score.total
    if said is None:
        return None
    if said == true:
        return Text(f"You said {said}: right.", style="best")
    if said > true:
        return Text(f"You said {said}: it makes only {true}, so you peg {true}.", style="warn")
    missed = missed_groups(counted.score, true - said)
    which = f" ({missed})" if missed else ""
    if counted.taken:
        return Text(
            f"Muggins! You said {said} of {true}: {names[COMPUTER]} takes the "
            f"{counted.taken} you missed{which}.",
            style="milestone",
        )
    return Text(f"You said {said}: you missed {true - said}{which}; you peg {true}.", style="warn")


def event_line(event: Event, names: tuple[str, str], ascii: bool) -> Text | None:
    """One line of the play as players say it, or None for events the play area leaves out."""
    if isinstance(event, Cut):
        mine, theirs = event.cuts[-1]
        text = Text().append("cut for deal: you ", style="muted")
        text.append_text(card_text(mine, ascii))
        text.append(f", {names[COMPUTER]} ", style="muted").append_text(card_text(theirs, ascii))
        ties = len(event.cuts) - 1
        if ties:
            text.append(f" (after {plural(ties, 'tie')})", style="muted")
        text.append(f"; the lower deals: {'you' if event.dealer == YOU else names[COMPUTER]}")
        return text
    if isinstance(event, Turned):
        text = Text().append("starter ", style="muted").append_text(card_text(event.starter, ascii))
        if event.points:
            text.append(f"   {names[event.player]}: two for his heels +2", style="points")
        return text
    if event.player is None:
        return None
    who = Text().append(f"{names[event.player]:<9}", style=_SEATS[event.player])
    if isinstance(event, Laid):
        who.append("lay " if event.player == YOU else "lays ")
        who.append_text(card_text(event.card, ascii))
        who.append(f'  "{call(event.count, event.items)}"')
        if event.points:
            who.append(f"  +{event.points}", style="points")
        return who
    if isinstance(event, SaidGo):
        who.append('"go"', style="warn")
        return who.append("  (no card fits: said for you)" if event.player == YOU else "")
    if isinstance(event, GoPoint):
        return who.append(f'"{go_call(event.item)}"').append("  +1", style="points")
    return None


class MatchScreen:
    """The whole screen for the session's current stage."""

    CALL_LINES: Final = 12  # the most a deal's play says, when the screen has room
    BREAKDOWN_ROWS: Final = 7  # a longer breakdown is left to the spoken count
    FIXED_ROWS: Final = 11  # header, board, table, two blank lines, your cards, prompt, keys
    COMPACT_ROWS: Final = 5  # header, the scores, your cards, prompt, keys

    def __init__(
        self, session: MatchSession, rows: int = MIN_SIZE[1], columns: int = MIN_SIZE[0]
    ) -> None:
        self.session = session
        self.view = session.view  # what is on screen, and what the coach says of it
        self.panels = CoachPanels(session, self.view)
        self.rows = max(rows, MIN_SIZE[1])  # the terminal's: a taller one shows more
        self.columns = max(columns, MIN_SIZE[0])  # as wide as it is drawn (the rules' pages)

    def header(self) -> Text:
        """One line, never wrapped: who plays, the game and deal, who deals, then the seed once
        it may be shown (cut short with an ellipsis if it is too long to fit; the help shows
        it whole)."""
        session = self.session
        view = self.view
        match = session.match
        deal = view.deal
        names = session.names
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"You vs {session.level}", style="title")
        if match.games > 1:
            text.append(f"  game {view.game_number}/{match.games}")
        text.append(f"  deal {deal.number}  ")
        dealer = (
            "your deal and crib" if deal.dealer == YOU else f"{names[COMPUTER]}'s deal and crib"
        )
        text.append(dealer, style="title")
        if not seed_hidden(match):  # a random seed would show the computer's hands
            text.append(f"  seed {match.seed}", style="muted")
        return text

    def board(self) -> MatchBoard:
        session = self.session
        view = self.view
        return MatchBoard(
            session.names,
            (view.pegs(YOU), view.pegs(COMPUTER)),
            session.ascii,
            self.series(),
        )

    def series(self) -> tuple[int, int] | None:
        """Each side's game points in a series, once a game before the one on screen has
        ended (None before, and in a one-game match)."""
        session = self.session
        view = self.view
        done = session.match.results[: view.game_number - 1]
        if not done:
            return None
        you = sum(result.game_points for result in done if result.winner == YOU)
        return you, sum(result.game_points for result in done) - you

    def table(self) -> Text:
        """The computer's cards, the crib and the starter."""
        session = self.session
        view = self.view
        deal = view.deal
        names = session.names
        back = "[]" if session.ascii else "🂠"
        held = view.computer_held()
        text = Text().append(f"{names[COMPUTER]}: ", style=_SEATS[COMPUTER])
        text.append(" ".join([back] * held) if held else "no cards", style="card.hidden")
        crib = view.crib_shown()
        owner = "yours" if deal.dealer == YOU else names[COMPUTER] + "'s"
        text.append(f"   crib ({owner}): {plural(crib, 'card')}", style="muted")
        text.append("   starter ", style="muted")
        if deal.turned:
            text.append_text(card_text(deal.starter, session.ascii))
        else:
            text.append("not turned yet", style="muted")
        return text

    def play_area(self, room: int | None = None, over: bool = False) -> RenderableType:
        """The count, the cards laid since it was 0, and the calls of this deal (the latest that
        fit); ``over`` once the play has ended."""
        session = self.session
        view = self.view
        fit = max(2, min(self.CALL_LINES, (self.room() if room is None else room) - 1))
        events = view.deal_events()
        return Group(self.count_line(over), *play_calls(events, session.names, session.ascii, fit))

    def count_line(self, over: bool = False) -> Text:
        """The play's count and the cards laid since it was 0 (see :func:`count_line`)."""
        session = self.session
        view = self.view
        cards, count = view.series()
        turned = any(isinstance(e, Turned) for e in view.deal_events())
        when = "over" if over else ("now" if turned else "before")
        return count_line(cards, count, session.ascii, when)

    def room(self) -> int:
        """Rows left for the body on the smallest screen, below and above the rest."""
        session = self.session
        note = self.coach_line()
        used = text_rows(session.message) if session.message else 0
        used += text_rows(note, MIN_SIZE[0] - len(COACH) - 1) if note else 0
        fixed = self.COMPACT_ROWS if self.compact() else self.FIXED_ROWS
        return self.rows - fixed - used + self.given_way()

    def table_open(self) -> bool:
        """True while the discard coach's table is on screen (not its why)."""
        session = self.session
        return (
            session.stage is Stage.PLAY
            and session.coach.show_coach
            and session.discarding
            and not session.coach.show_why
        )

    def heels_rows(self) -> int:
        """Rows the line on his heels takes, as drawn at the screen's width."""
        note = Paragraph(Text(self.view.heels_note()))
        out = shell_console(self.columns)
        return len(out.render_lines(note, out.options.update(width=self.columns), pad=False))

    def given_way(self) -> int:
        """How many of the prompt and the scores line (in that order) give way to the discard
        coach's table on a small screen, so that no line of the coach is left out."""
        if not self.table_open() or not self.compact():
            return 0
        session = self.session
        view = self.view
        need = 2  # the title and the line saying the coach is at work
        if view.discard_advice() is not None:
            need = 1 + 16 + 1 + self.heels_rows()  # title, table, legend, heels
        used = text_rows(session.message) if session.message else 0
        return max(0, min(2, need - (self.rows - self.COMPACT_ROWS - used)))

    def discard_panel(self) -> bool:
        """True while the discard coach or its why is on screen."""
        session = self.session
        return session.stage is Stage.PLAY and (
            (session.coach.show_coach and session.discarding) or session.coach.show_why
        )

    def compact(self) -> bool:
        """True when the discard coach's table needs the board's rows: the scores on one line
        instead."""
        session = self.session
        if session.coach.show_why and session.stage in (Stage.PLAY, Stage.SHOW):
            lines = self.panels.why_lines() or []
            used = text_rows(session.message) if session.message else 0
            return sum(map(text_rows, lines)) + 2 + used > self.rows - self.FIXED_ROWS
        table = session.stage is Stage.PLAY and session.coach.show_coach and session.discarding
        return table and self.rows < MIN_SIZE[1] + self.FIXED_ROWS - 5

    def coach_line(self) -> str:
        """The coach's note on your last card, when it cost more than a little."""
        session = self.session
        view = self.view
        if session.stage is Stage.RESUME or self.discard_panel():
            return ""

        def name(card: Card) -> str:
            return card.symbol(session.ascii)

        return session.discard_note(name) or view.coach_note(name) or ""

    def show_area(self, room: int | None = None) -> RenderableType:
        """Each count of the show so far: the latest with its breakdown where it fits."""
        session = self.session
        view = self.view
        room = self.room() if room is None else room
        counted = view.counted()
        parts: list[RenderableType] = []
        for index, item in enumerate(counted):
            latest = index == len(counted) - 1
            owner = "your" if item.player == YOU else f"{session.names[COMPUTER]}'s"
            title = f"{owner} {item.label}"
            said = claim_line(item, session.names)
            if latest:
                used = index + 1 + text_rows("  " + item.score.spoken())
                used += text_rows(said.plain) if said else 0
                shown = len(item.score.items) <= min(self.BREAKDOWN_ROWS, room - used)
                parts.append(ScoreView(item.score, title, session.ascii, breakdown=shown))
                if said:
                    parts.append(said)
                continue
            line = Text.assemble((f"{title}: ", "title"), (str(item.score.total), "total"))
            if item.claimed is not None:
                line.append(f"  (you said {item.claimed}", style="muted")
                took = f"; {session.names[COMPUTER]} took {item.taken}" if item.taken else ""
                line.append(f"{took})", style="muted")
            parts.append(line)
        if not counted:
            parts.insert(0, self.play_area(room - 1, over=True))  # and the line below
            parts.append(Text("The play is over: Enter counts the hands.", style="title"))
        return Group(*parts)

    def hand(self) -> Text:
        session = self.session
        view = self.view
        if session.counting and session.counting_what == "crib":
            text = Text("Your crib   ")  # the cards you are to count: the crib's four
            text.append_text(cards_text(view.deal.crib, session.ascii))
            return text.append("   with the starter", style="muted")
        text = Text("Your cards  ")
        choosing = session.stage is Stage.PLAY  # in the show the cards are not chosen
        for index, card in enumerate(session.hand):
            under = index == session.cursor and session.your_turn and choosing
            if choosing:
                text.append(f"{index + 1}", style="bold cyan" if under else "muted").append(" ")
            face = card_text(card, session.ascii, selected=index in session.selected)
            if session.your_turn and not session.discarding and not session.playable(card):
                face.stylize("dim")
            if under:
                face.stylize("underline")
            text.append_text(face).append("   " if len(card.symbol(session.ascii)) == 2 else "  ")
        if session.discarding:
            picked = [session.hand[i] for i in sorted(session.selected)]
            text.append(" crib: ", style="muted")
            text.append_text(
                cards_text(picked, session.ascii) if picked else Text("-", style="muted")
            )
        return text

    def prompt(self) -> Text:
        session = self.session
        view = self.view
        stage = session.stage
        owner = "your" if view.deal.dealer == YOU else f"{session.names[COMPUTER]}'s"
        if session.timed_pending:
            return Text(f"{session.names[COMPUTER]} is playing...", style="muted")
        if session.counting:
            muggins = " (muggins: what you miss is taken)" if session.match.muggins else ""
            return Text.assemble(
                (f"Count your {session.counting_what}: ", "title"),
                (session.count.typed or "_", "total"),
                (f"   type the points, Enter{muggins}", "muted"),
            )
        if stage is Stage.SHOW:
            if not view.counted():
                return Text("")
            return Text(
                "Enter: the next deal" if view.next_is_deal else "Enter: the next count",
                style="title",
            )
        if session.discarding:
            return Text(f"Pick two cards for {owner} crib, then press Enter.", style="title")
        if session.your_turn:
            return Text("Your turn: lay a card (its number, or arrows and Enter).", style="title")
        return Text("")

    def over(self) -> RenderableType:
        session = self.session
        view = self.view
        match = session.match
        names = session.names
        over = view.result()
        lines: list[Text] = []  # under the last play or count
        if over is not None:
            lines.append(Text(ended_how(view.deal_events()), style="muted"))
            result = over.result
            winner = "You win" if result.winner == YOU else f"{names[COMPUTER]} wins"
            skunk = ("", ": a skunk", ": a double skunk")[result.skunk]
            games = plural(result.game_points, "game")
            lines.append(
                Text(
                    f"{winner} {result.scores[result.winner]} to {result.scores[result.loser]}"
                    f"{skunk} (counts {games}).",
                    style="milestone",
                )
            )
        if match.games > 1:
            done = sum(isinstance(tagged.event, GameOver) for tagged in view.visible)
            won = view.games_won()
            skunks = f" (a skunk counts 2, a double skunk {match.double_skunk})"
            if done == match.games:
                said = series_end(names, won) + skunks + "."
            else:
                said = (
                    f"Games won in the series after {done} of {match.games}: you {won[YOU]}, "
                    f"{names[COMPUTER]} {won[COMPUTER]}{skunks}."
                )
            lines.append(Text(said, style="milestone" if done == match.games else ""))
        if session.stage is Stage.GAME_OVER:
            lines.append(Text("Enter: the next game.", style="title"))
        elif match.is_over:
            lines.append(Text("The match is over: n starts a new one.", style="title"))
        room = self.room() - sum(text_rows(line.plain) for line in lines)
        last = self.show_area(room) if view.counted() else self.play_area(room, over=True)
        return Group(last, *map(Paragraph, lines))

    def body(self) -> RenderableType:
        session = self.session
        stage = session.stage
        if stage is Stage.RESUME:
            return offer_view(session.resume_prompt())
        if stage in (Stage.GAME_OVER, Stage.MATCH_OVER):
            return self.panels.review_area() if session.coach.show_coach else self.over()
        if session.coach.show_why and stage in (Stage.PLAY, Stage.SHOW):
            return self.panels.why_area(self.count_line())
        if stage is Stage.SHOW:
            return self.show_area()
        if session.coach.show_coach and session.discarding:
            return self.panels.discard_area(self.room(), self.heels_rows())
        if session.coach.show_coach and session.coaching:
            return self.panels.coach_area(self.count_line(), self.room() - 1)
        return self.play_area()

    def review(self) -> ReviewScreen:
        """The whole match reviewed, a decision at a time over its position."""
        session = self.session
        reviewing = session.reviewing

        def board(decision: Decision) -> RenderableType | None:
            view = reviewing.position(decision)
            return None if view is None else match_board(view, session.names, session.ascii)

        title = f"Match {session.game_id} reviewed"
        return ReviewScreen(reviewing, title, board, session.message)

    def setup_line(self) -> str:
        """How this match was set up: seed (once it may be shown), games, counting yourself,
        muggins."""
        match = self.session.match
        seed = "A random seed, shown when the match ends"
        if not seed_hidden(match):
            seed = f"Seed {match.seed}"
        line = f"{seed}, {plural(match.games, 'game')}"
        line += f", a double skunk counts {match.double_skunk}"
        if match.counting:
            line += ", you count your own hand and crib"
            line += " with muggins" if match.muggins else ""
        return line + "."

    def footer(self) -> Text:
        session = self.session
        stage = session.stage
        if session.show_help:
            keys = "h close help   q quit"
        elif stage is Stage.RESUME:
            keys = offer_keys(session.resumable, "new match")
        elif session.timed_pending:
            keys = "any key: show it now   q quit"
        elif session.counting:
            keys = "0-9 your count   Backspace   Enter count it   h help   q quit"
        elif stage is Stage.SHOW:
            keys = "Enter continue   w why (discard)   d deals   h help   k rules   q quit"
        elif stage is Stage.GAME_OVER:
            keys = "Enter continue   ? review   d deals   h help   k rules   q quit"
        elif stage is Stage.MATCH_OVER:
            keys = "n new match   ? review   d deals   h help   k rules   q quit"
        elif session.discarding:
            keys = "1-6 pick   Enter discard   ? coach   w why   h help   k rules   q quit"
        else:
            lay = card_keys(len(session.hand))
            keys = (
                f"{lay} lay   Left/Right Space Enter   ? coach   w why   h help   k rules   q quit"
            )
        return Text(keys, style="muted")

    def __rich__(self) -> RenderableType:
        session = self.session
        view = self.view
        if session.show_help:
            return Group(
                self.header(),
                help_table(symbols=board_symbols(session.ascii)),
                Paragraph(Text(self.setup_line(), style="muted")),
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
        if session.browser is not None:
            used = 2 + (text_rows(session.message) if session.message else 0)  # header, keys
            rows = max(MIN_SIZE[1], self.rows) - used
            browse = BrowserView(session.browser, session.names, session.ascii, rows)
            message = [Text(session.message, style="warn")] if session.message else []
            return Group(self.header(), browse, *message)
        compact = self.compact()
        given_way = self.given_way()
        parts: list[RenderableType] = [self.header()]
        if compact:
            closes = "w" if session.coach.show_why else "?"
            scores = f"{view.score_line(session.names)} (the board is back when {closes} closes)"
            parts += [Text(scores, "muted")] if given_way < 2 else []
        else:
            parts.append(self.board())
            if session.stage is not Stage.RESUME:
                parts.append(self.table())
            parts.append(Text(""))
        parts.append(self.body())
        if not compact:
            parts.append(Text(""))
        if session.stage is not Stage.RESUME:
            parts.append(self.hand())
            if not given_way:
                parts.append(self.prompt())
        note = self.coach_line()
        if note:
            parts.append(labelled(COACH, Text(note, style="warn")))
        if session.message:
            parts.append(Text(session.message, style="warn"))
        parts.append(self.footer())
        return Group(*parts)


def rules_pages(columns: int, rows: int, ascii: bool = False) -> int:
    """How many pages the match's rules take on a screen this size."""
    return len(rules_paged(rules_text(), columns, rows - 2, ascii))


def rules_text() -> str:
    """The match's rules (read with their first showing)."""
    from solitaire.match.rules import rules_text as text

    return text()


def ended_how(events: list[Event]) -> str:
    """When in the deal the game ended: the turn-up, the play, or which count of the show."""
    counted = [e for e in events if isinstance(e, Counted)]
    if counted:
        rest = ("the dealer's hand and the crib", "the crib", "")[len(counted) - 1]
        return "121 reached in the show" + (f", before {rest} counted." if rest else ".")
    if any(isinstance(e, Laid | GoPoint) for e in events):
        return "121 reached in the play, before the show."
    return "121 reached with his heels, before the play."


def help_table(
    keys: Sequence[tuple[str, str]] = KEYS,
    numbers: Sequence[tuple[str, str]] = NUMBERS,
    symbols: Sequence[tuple[str, str]] = (),
) -> Table:
    """The keys, and what every symbol and number on the screen means."""
    table = Table(box=None, padding=(0, 1), show_header=False, pad_edge=False)
    table.add_column("key", style="bold cyan", no_wrap=True)
    table.add_column("does")
    for key, does in keys:
        table.add_row(key, Paragraph(does))
    for name, means in (*symbols, *numbers):
        table.add_row(Text(name, style="bold"), Paragraph(means))
    return table
