"""Rich views of the patience: rounds, games, advice, statistics and simulations.

Each view wraps an engine value and returns rich renderables; nothing here
changes game state. Colours come from one theme, :data:`THEME`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from solitaire.core.cards import Card, Rank, Suit
from solitaire.core.dealcode import DealCodeError, current_code
from solitaire.core.rounding import hundredths
from solitaire.core.untrusted import safe_text
from solitaire.core.words import plural
from solitaire.patience.advisor import DiscardOption, Hindsight
from solitaire.patience.coach import (
    Reason,
    RoundReview,
    points_text,
    round_reasons,
    shown_given_up,
    shown_parts,
)
from solitaire.patience.game import GREAT_LINE, SKUNK_LINE, Game, RoundResult, rounds_played
from solitaire.patience.summary import PatienceRow as GameRow
from solitaire.patience.summary import Stats
from solitaire.patience.tracker import Place, Return, Tracker

if TYPE_CHECKING:
    from solitaire.patience.simulation import SimulationResult
    from solitaire.patience.target import TargetChance
from solitaire.ui.views import (
    Listing,
    ScoreView,
    card_text,
    cards_text,
    history_pointers,
    history_row,
    labelled,
)

__all__ = [
    "AdviceView",
    "GameView",
    "HistoryView",
    "RoundLog",
    "RoundView",
    "SimulationView",
    "StatsView",
    "TrackerView",
    "aids_text",
    "coaching",
    "group_by_deal",
    "reason_text",
    "rounds_table",
    "summary_table",
    "why_table",
]


def aids_text(game: Game, ascii: bool = False) -> Text | None:
    """The help a game had, or None: the rounds with a hint, and each discard taken back.

    ``Hints used in rounds 1, 3. Taken back: round 2 (5♦ A♣ first), round 2 (J♣ 4♥)``
    """
    parts = []
    if game.hints:
        parts.append(Text(f"Hints used in rounds {', '.join(map(str, sorted(game.hints)))}."))
    if game.undos:
        undone = Text("Taken back: ")
        for index, undo in enumerate(game.undos):
            if index:
                undone.append(", ")
            undone.append(f"round {undo.round} (")
            undone.append_text(cards_text(undo.discard, ascii))
            undone.append(" discarded first)")
        undone.append(".")
        parts.append(undone)
    return Text(" ").join(parts) if parts else None


class RoundView:
    """A played round: the six shown, the discard, the starter, then hand and crib counts."""

    def __init__(
        self, result: RoundResult, ascii: bool = False, review: RoundReview | None = None
    ) -> None:
        self.result = result
        self.ascii = ascii
        self.review = review  # with it, the coaching: expected values, the best, and why

    def __rich__(self) -> RenderableType:
        r = self.result
        head = Text(f"Round {r.number}  ", style="title")
        head.append_text(cards_text(r.shown, self.ascii))
        head.append("  discard ", style="muted")
        head.append_text(cards_text(r.discard, self.ascii))
        head.append("  starter ", style="muted")
        head.append_text(card_text(r.starter, self.ascii))
        parts: list[RenderableType] = [head]
        if r.heels:
            parts.append(Text(f"  His heels: the starter is a jack, {r.heels}", style="points"))
        parts.append(Padding(ScoreView(r.hand, "Hand", self.ascii, breakdown=False), (0, 0, 0, 2)))
        parts.append(Padding(ScoreView(r.crib, "Crib", self.ascii, breakdown=False), (0, 0, 0, 2)))
        total = Text(f"  Round {r.points} points, total ", style="muted")
        total.append(str(r.total), style="total")
        for step in r.steps():
            for milestone in step.milestones:
                total.append(f"  {milestone.message}", style="milestone")
        parts.append(total)
        if self.review is not None:
            coached: list[RenderableType] = [*coaching(self.review, self.ascii)]
            coached += why_table(self.review, self.ascii)
            parts.append(Padding(Group(*coached), (0, 0, 0, 2)))
        return Group(*parts)


class GameView:
    """A whole game, round by round, then the final hand and the total."""

    def __init__(
        self,
        game: Game,
        ascii: bool = False,
        title: str | None = None,
        reviews: Sequence[RoundReview] | None = None,
    ) -> None:
        self.game = game
        self.ascii = ascii
        self.title = title
        self.reviews = reviews  # with them, each round's coaching and the table of rounds

    def __rich__(self) -> RenderableType:
        game = self.game
        parts: list[RenderableType] = []
        if self.title:
            parts.append(Text(self.title, style="title"))
        reviews = self.reviews
        for index, result in enumerate(game.rounds):
            review = reviews[index] if reviews is not None else None
            parts.append(RoundView(result, self.ascii, review))
        if game.final is not None:
            final = game.final
            parts.append(ScoreView(final.score, "Final hand", self.ascii, breakdown=False))
            for milestone in final.milestones:
                parts.append(Text(milestone.message, style="milestone"))
        parts.append(summary_table(game, self.ascii))
        if reviews:
            parts.append(Text("Coaching, round by round", style="title"))
            parts.append(rounds_table(list(reviews), self.ascii, keys=False))
            best = sum((r.best_option.total for r in reviews), Fraction(0))
            given_up = sum((r.given_up for r in reviews), Fraction(0))
            share = f"{float((best - given_up) / best):.1%}" if best else "100.0%"
            # the sums of the table's columns as written, so that they add up on screen
            lost = sum(shown_given_up(r) for r in reviews)
            bests = sum(shown_parts(r.best_option)[3] for r in reviews)
            parts.append(
                Text(
                    f"Expected points given up: {hundredths(lost)} of the best discards'"
                    f" {hundredths(bests)}; efficiency {share}"
                )
            )
        return Group(*parts)


def summary_table(game: Game, ascii: bool = False) -> Table:
    """One row per round: the discard, starter, heels, hand, crib and running total."""
    table = Table(
        title="Game",
        title_justify="left",
        padding=(0, 1),
        pad_edge=False,
        box=box.ASCII if ascii else box.HEAVY_HEAD,
    )
    for name in ("round", "kept", "discard", "starter", "heels", "hand", "crib", "total"):
        right = name in ("round", "heels", "hand", "crib", "total")
        table.add_column(name, justify="right" if right else "left")
    for r in game.rounds:
        table.add_row(
            str(r.number),
            cards_text(r.keep, ascii=True),
            cards_text(r.discard, ascii=True),
            card_text(r.starter, ascii=True),
            str(r.heels),
            str(r.hand_points),
            str(r.crib_points),
            Text(str(r.total), style="total"),
        )
    if game.final is not None:
        final = game.final
        table.add_row(
            "final", cards_text(final.cards, ascii=True), "", "", "", str(final.points), "",
            Text(str(final.total), style="total"),
        )  # fmt: skip
    return table


class AdviceView:
    """The 15 discards best first: keep, discard, expected hand, crib and total, min and max.

    With ``actual`` (hindsight) a column shows what each discard really scored; with
    ``chosen`` the player's discard is marked; ``heels`` says how his heels enters
    every total; with ``chances`` of reaching ``target`` a column shows each discard's.
    A legend under the table says what each column is.
    """

    def __init__(
        self,
        options: Sequence[DiscardOption],
        ascii: bool = False,
        chosen: Iterable[Card] | None = None,
        actual: Sequence[Hindsight] | None = None,
        title: str | None = "Discards, best first",
        ranges: bool = True,
        heels: str | None = None,
        chances: Sequence[TargetChance] | None = None,
        target: int | None = None,
        limit: int | None = None,
    ) -> None:
        self.options = options
        self.ascii = ascii
        self.chosen = frozenset(chosen) if chosen is not None else None
        self.actual = {frozenset(h.discard): h.total for h in actual} if actual else None
        self.title = title
        self.ranges = ranges
        self.heels = heels
        self.chances = {frozenset(c.discard): c for c in chances} if chances else None
        self.target = target
        self.limit = limit  # show only the best ``limit`` discards (a small terminal)

    def __rich__(self) -> RenderableType:
        table = Table(
            title=self.title,
            title_justify="left",
            box=None,
            padding=(0, 1),
            pad_edge=False,
            header_style="bold",
        )
        table.add_column("", width=2)
        table.add_column("keep")
        table.add_column("discard")
        table.add_column("hand", justify="right")
        table.add_column("crib", justify="right")
        table.add_column("total", justify="right")
        if self.ranges:
            table.add_column("min", justify="right")
            table.add_column("max", justify="right")
        if self.actual is not None:
            table.add_column("actual", justify="right")
        if self.chances is not None:
            table.add_column(f">={self.target}", justify="right")
        best = self.options[0].total if self.options else 0
        for option in self.options[: self.limit]:
            mark = "*" if option.total == best else ""
            style = "best" if option.total == best else ""
            if self.chosen is not None and frozenset(option.discard) == self.chosen:
                mark += ">"  # "*>": your discard was a best one
                style = "best.chosen" if style else "chosen"
            hand, crib, _, total = shown_parts(option)  # with the heels, they make the total
            row: list[RenderableType] = [
                mark,
                cards_text(option.keep, self.ascii),
                cards_text(option.discard, self.ascii),
                hundredths(hand),
                hundredths(crib),
                Text(hundredths(total), style="total"),
            ]
            if self.ranges:
                row += [str(option.min_total), str(option.max_total)]
            if self.actual is not None:
                row.append(str(self.actual[frozenset(option.discard)]))
            if self.chances is not None:
                row.append(f"{float(self.chances[frozenset(option.discard)].chance):.1%}")
            table.add_row(*row, style=style)
        legend = "* best" + ("  > yours" if self.chosen else "")
        legend += "  hand/crib/total: on average"
        if self.ranges:
            legend += "  min/max: fewest/most"
        if self.actual is not None:
            legend += "  actual: got"
        if self.chances:
            exact = next(iter(self.chances.values())).exact
            legend += f"  >={self.target}: chance of {self.target}+ at the end"
            legend += " (exact)" if exact else " (later rounds estimated)"
        hidden = len(self.options) - len(self.options[: self.limit])
        if hidden:
            legend += f"  ({hidden} worse not shown)"
        notes = [Text(legend, style="muted")]
        if self.heels:
            notes.append(Text(self.heels, style="muted"))
        return Group(table, *notes)


def rounds_table(reviews: list[RoundReview], ascii: bool, keys: bool = True) -> RenderableType:
    """Every round: the six held, your discard and the best, expected and actual, given up."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    for name in ("rd", "six cards held", "yours", "exp.", "got", "best", "exp.", "got", "lost"):
        left = name in ("six cards held", "yours", "best")
        table.add_column(name, justify="left" if left else "right")
    for r in reviews:
        mine, best = r.chosen_option, r.best_option
        table.add_row(
            str(r.number),
            cards_text(r.position.six, ascii),
            cards_text(mine.discard, ascii),
            points_text(mine.total),
            str(r.chosen_scored),
            "same" if r.is_best else cards_text(best.discard, ascii),
            "" if r.is_best else points_text(best.total),
            "" if r.is_best else str(r.best_scored),
            Text(hundredths(shown_given_up(r)), style="warn" if r.given_up else "best"),
        )
    legend = Text(
        "exp.: expected points of the discard; got: what it scored; lost: expected points"
        " given up (best exp. minus yours)"
        + ("; a then 1-6: any round's 15 discards" if keys else ""),
        style="muted",
    )
    return Group(table, legend)


def why_table(review: RoundReview, ascii: bool) -> list[Table]:
    """The reasons after a round, each a row with a hanging indent (one for a best discard)."""
    rows = []
    for index, reason in enumerate(round_reasons(review)):
        if review.is_best and index == 1:
            break  # a best discard: only how much it beat the next best by
        rows.append(labelled("Why" if index == 0 else "", reason_text(reason, ascii), indent=7))
    return rows


def coaching(review: RoundReview, ascii: bool) -> list[Text]:
    """The player's discard beside the best one, expected and actual."""
    chosen, best = review.chosen_option, review.best_option
    mine = Text("Coach  you discarded ", style="title")
    mine.append_text(cards_text(chosen.discard, ascii))
    mine.append(f": expected {points_text(chosen.total)}, scored {review.chosen_scored}")
    lines = [mine]
    if review.is_best:
        lines.append(Text("       the best expected discard. Well played.", style="best"))
    else:
        line = Text("       best was ")
        line.append_text(cards_text(best.discard, ascii))
        line.append(f": expected {points_text(best.total)}, scored {review.best_scored}; ")
        line.append(f"you gave up {hundredths(shown_given_up(review))}", style="warn")
        lines.append(line)
    top = review.hindsight_news
    if top is not None:
        hind = Text("       with hindsight ", style="muted")
        hind.append_text(cards_text(top.discard, ascii))
        hind.append(f" would have scored {top.total}", style="muted")
        lines.append(hind)
    return lines


def reason_text(reason: Reason, ascii: bool = False, indent: str = "") -> Text:
    """A coaching sentence with its cards drawn in colour."""
    text = Text(indent)
    for part in reason.parts:
        if isinstance(part, str):
            text.append(part)
        else:
            text.append_text(cards_text(part, ascii))
    return text


_SPARKS = "▁▂▃▄▅▆▇█"


class StatsView:
    """Games played, mean, best, the share past 90 and reaching 121, efficiency, the trend."""

    def __init__(self, stats: Stats, ascii: bool = False) -> None:
        self.stats = stats
        self.ascii = ascii

    @property
    def top(self) -> int:
        """The total a full bar of the sparkline stands for."""
        return max(max(self.stats.recent), GREAT_LINE)

    def trend(self) -> Text:
        """The recent totals as a sparkline (or numbers, in ASCII), with its scale."""
        recent = self.stats.recent
        if self.ascii:
            return Text(" ".join(map(str, recent))).append("  (oldest first)", style="muted")
        top = self.top
        text = Text("".join(_SPARKS[min(7, t * 8 // (top + 1))] for t in recent), style="cyan")
        text.append(f"  one bar a game, oldest first; 0 to {top} points", style="muted")
        return text

    def __rich__(self) -> RenderableType:
        s = self.stats
        table = Table(title="Your games", title_justify="left", box=None, show_header=False)
        table.add_column("what", style="muted")
        table.add_column("value", style="bold")
        table.add_row("games played", str(s.games))
        table.add_row("mean total", f"{s.mean:.1f}")
        table.add_row("best total", str(s.best))
        table.add_row(f"past {SKUNK_LINE} (skunk line)", f"{s.past_skunk:.0%}")
        table.add_row(f"reached {GREAT_LINE}", f"{s.reached_great:.0%}")
        efficiency = "-" if s.mean_efficiency is None else f"{s.mean_efficiency:.1%}"
        table.add_row("mean efficiency", efficiency)
        table.add_row("", Text("(your discards' expected points / the best ones')", "muted"))
        for label, games, mean in (
            ("without hints or undos", s.games - s.aided, s.unaided_mean),
            ("with hints or undos", s.aided, s.aided_mean),
        ):
            shown = plural(games, "game")
            table.add_row(label, shown if mean is None else f"{shown}, mean {mean:.1f}")
        latest = plural(len(s.recent), "game")
        trend = f"last {latest}: mean {s.recent_mean:.1f}"
        if s.earlier_mean is not None:
            change = s.recent_mean - s.earlier_mean
            trend += f" ({'+' if change >= 0 else ''}{change:.1f} on the {len(s.recent)} before)"
        table.add_row("trend", trend)
        table.add_row("", self.trend())
        return table


def group_by_deal(rows: Sequence[GameRow]) -> list[list[GameRow]]:
    """Games grouped by deal (the same deck), the deal played last first; newest attempt first."""
    groups: dict[str, list[GameRow]] = {}
    for row in sorted(rows, key=lambda r: (r.played_at, r.id), reverse=True):
        groups.setdefault(shown_code(row.deal_code), []).append(row)
    return list(groups.values())


def shown_code(code: str) -> str:
    """A stored deal code in today's form (histories hold earlier 47-character codes too)."""
    if len(code) == 48:  # today's form already (a checked row's code is one this program wrote)
        return code
    try:
        return current_code(code)
    except DealCodeError:
        return code


class HistoryView:
    """Stored games grouped by deal, so attempts at one deal show the progress on it.

    Each deal shows its whole code (it fits 80 columns), then one line per game:
    its id, when it was last played, the total, the efficiency (the expected
    points of the discards as a share of perfect play's) and what it is. A deal
    whose only games are in ``secret`` (unfinished, from a random seed) shows
    neither its code nor its seed: they would show every card to come.
    """

    def __init__(
        self,
        groups: Sequence[Sequence[GameRow]],
        command: Callable[[str], str],
        secret: Collection[int] = (),
    ) -> None:
        self.groups = groups
        self.command = command
        self.secret = secret

    def attempt(self, row: GameRow, best: int | None) -> Text:
        eff = "-" if row.efficiency is None else f"{row.efficiency:.0%}"
        text = history_row(row)
        text.append(f"{row.total:>3}", style="total" if row.finished else "muted")
        text.append(f"  {eff:>4}  ")
        if not row.finished:
            text.append(f"unfinished, {rounds_played(row.rounds)}", style="warn")
        elif row.played_by != "you":
            text.append(f"played by --auto {safe_text(row.played_by, 24)}", style="muted")
        elif row.total == best:
            text.append("your best on this deal", style="best")
        return text

    def __rich__(self) -> RenderableType:
        lines: list[RenderableType] = [
            Text("    id  last played        total  eff.", style="bold"),
        ]
        for group in self.groups:
            first = group[0]
            label = (
                f"daily {safe_text(first.daily, 20)}"
                if first.daily
                else (f"seed {first.seed}" if first.seed is not None else "")
            )
            yours = [r.total for r in group if r.finished and r.played_by == "you"]
            header = Text(f"deal {safe_text(shown_code(first.deal_code), 60)}", style="title")
            if all(r.id in self.secret for r in group):
                header = Text("a random deal, shown when the game ends", style="title")
                label = ""
            tries = plural(len(group), "game")
            note = f"  {label}, {tries}" if label else f"  {tries}"
            if len(header) + len(note) <= 80:
                header.append(note, style="muted")
                lines.append(header)
            else:
                lines += [header, Text(f"     {note.strip()[:74]}", style="muted")]
            best = max(yours) if len(yours) > 1 else None  # progress needs two tries
            lines += [self.attempt(row, best) for row in group]
        rows = [row for group in self.groups for row in group]
        again = ("play a deal again", "play --again ID")
        lines.append(history_pointers(self.command, rows, "a game", "play --resume ID", again))
        return Listing(lines)


class SimulationView:
    """A simulation's statistics and a histogram of its totals."""

    def __init__(self, result: SimulationResult, ascii: bool = False) -> None:
        self.result = result
        self.ascii = ascii

    def title(self) -> Text:
        r = self.result
        text = Text(f"{r.games:,} games, strategy {r.strategy}, seeds from {r.seed}", style="title")
        if r.interrupted:
            text.append(f"  (interrupted: {r.games:,} of {r.requested:,} finished)", style="warn")
        return text

    def summary(self) -> Table:
        r = self.result
        table = Table(box=None, show_header=False)
        table.add_column("what", style="muted")
        table.add_column("value", style="bold")
        low, high = r.mean_ci
        table.add_row("mean total", f"{r.mean:.2f}   95% CI {low:.2f} to {high:.2f}")
        table.add_row("standard deviation", f"{r.stdev:.2f}")
        for label, count in (
            (f"past {SKUNK_LINE}", r.past_skunk),
            (f"reached {GREAT_LINE}", r.reached_great),
        ):
            share, lo, hi = r.share(count)
            table.add_row(label, f"{share:.2%}   95% CI {lo:.2%} to {hi:.2%}   ({count:,} games)")
        table.add_row("min / max", f"{min(r.totals)} / {max(r.totals)}")
        return table

    def histogram(self) -> Table:
        bins = self.result.histogram()
        top = max(n for _, n in bins)
        bar_char = "#" if self.ascii else "█"
        table = Table(
            title="Totals", title_justify="left", box=None, show_header=False, padding=(0, 1)
        )
        table.add_column("range", justify="right", style="muted")
        table.add_column("bar")
        table.add_column("share", justify="right")
        for start, n in bins:
            marks = []
            if start == SKUNK_LINE + 1:
                marks.append(f"past {SKUNK_LINE} from here")
            if start == GREAT_LINE:
                marks.append(f"{GREAT_LINE} and up")
            style = "cyan" if start <= SKUNK_LINE else "green"
            if start >= GREAT_LINE:
                style = "magenta"
            bar = Text(bar_char * max(1 if n else 0, round(40 * n / top)), style=style)
            if marks:
                bar.append("  " + ", ".join(marks), style="muted")
            table.add_row(f"{max(0, start)}-{start + 9}", bar, f"{n / self.result.games:.1%}")
        return table

    def __rich__(self) -> RenderableType:
        if not self.result.totals:
            return Text("No game finished.", style="warn")
        return Group(self.title(), self.summary(), Text(""), self.histogram())


_PLACES = {
    Place.HAND: "hand",
    Place.CRIB: "blind crib",
    Place.STARTER: "starter",
    Place.FINAL: "final hand",
}


class TrackerView:
    """The card tracker: the unseen cards by rank, the starters coming back and when.

    ``compact`` lays the ranks out seven to a line, for the body of an 80-column
    screen; otherwise one rank a line, for a side panel.
    """

    def __init__(self, tracker: Tracker, ascii: bool = False, compact: bool = False) -> None:
        self.tracker = tracker
        self.ascii = ascii
        self.compact = compact

    def _rank(self, rank: Rank, cards: tuple[Card, ...]) -> Text:
        text = Text(f"{rank.letter} ", style="title")
        for suit in Suit:
            card = Card(rank, suit)
            if card in cards:
                text.append(suit.letter if self.ascii else suit.symbol, style=_suit_style(suit))
            else:
                text.append("." if self.ascii else "·", style="muted")
        return text

    def ranks(self) -> RenderableType:
        """Each rank with the suits still unseen (a dot for a suit seen), ace to king."""
        groups = self.tracker.unseen_by_rank()
        per_line = 7 if self.compact else 4
        cells = [self._rank(rank, cards) for rank, cards in groups]
        return Group(
            *(Text("   ").join(cells[i : i + per_line]) for i in range(0, len(cells), per_line))
        )

    def returns(self) -> RenderableType:
        """The cards already seen that come back, grouped by where and when."""
        groups: dict[tuple[int | None, Place], list[Return]] = {}
        for entry in self.tracker.returns:
            groups.setdefault((entry.round, entry.place), []).append(entry)
        table = Table(
            box=None,
            padding=(0, 1),
            pad_edge=False,
            header_style="muted",
        )
        table.add_column("where")
        table.add_column("cards")
        table.add_column("starters of")
        for (number, place), entries in groups.items():
            where = _PLACES[place] if number is None else f"round {number} {_PLACES[place]}"
            origins = ", ".join(str(e.starter_of) for e in entries)
            table.add_row(
                where,
                cards_text((e.card for e in entries), self.ascii),
                f"{'round' if len(entries) == 1 else 'rounds'} {origins}",
            )
        head = Text("Coming back", style="title")
        note = Text("(starters go to the bottom of the deck)", style="muted")
        return Group(Text.assemble(head, " ", note) if self.compact else Group(head, note), table)

    def __rich__(self) -> RenderableType:
        t = self.tracker
        head = Text("Card tracker", style="title")
        counts = Text(
            f"{len(t.unseen)} cards unseen (the blind crib's too); {t.cards_left} to deal,"
            " with the starters that come back",
            style="muted",
        )
        if not t.cards_left and not t.unseen:
            return Group(head, Text("Every card has been dealt.", style="muted"))
        parts: list[RenderableType] = (
            [Text.assemble(head, "  ", counts)] if self.compact else [head, counts]
        )
        parts.append(self.ranks())
        if t.returns:
            parts.append(self.returns())
        else:
            parts.append(Text("No card seen so far comes back before round 6.", style="muted"))
        if t.fully_known and t.blind_crib:
            parts.append(Text("Every card still to come is known.", style="best"))
        return Group(*parts)


def _suit_style(suit: Suit) -> str:
    return "card.red" if suit.is_red else "card.black"


class RoundLog:
    """The rounds played so far, one line each: discard, starter, hand, crib, running total."""

    def __init__(self, rounds: Sequence[RoundResult], ascii: bool = False) -> None:
        self.rounds = rounds
        self.ascii = ascii

    def __rich__(self) -> RenderableType:
        table = Table(
            title="Round log",
            title_justify="left",
            title_style="title",
            box=None,
            padding=(0, 1),
            pad_edge=False,
            header_style="muted",
        )
        for name in ("rd", "discard", "starter", "hand", "crib", "total"):
            table.add_column(name, justify="left" if name in ("discard", "starter") else "right")
        for r in self.rounds:
            starter = card_text(r.starter, self.ascii)
            if r.heels:
                starter.append(f" +{r.heels}", style="points")
            table.add_row(
                str(r.number),
                cards_text(r.discard, self.ascii),
                starter,
                str(r.hand_points),
                str(r.crib_points),
                Text(str(r.total), style="total"),
            )
        if not self.rounds:
            return Group(Text("Round log", style="title"), Text("No round yet.", style="muted"))
        if not any(r.heels for r in self.rounds):
            return table
        return Group(table, Text("+2 after a starter: his heels (a jack)", style="muted"))
