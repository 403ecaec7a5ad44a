"""Rich views of a match: each game deal by deal, its result and the series.

A view wraps a :class:`~solitaire.match.game.Match` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from solitaire.core.untrusted import safe_text
from solitaire.core.words import plural
from solitaire.match.game import Deal, GamePlay, GameResult, Match
from solitaire.match.stats import PUBLISHED, ROLES, MatchStats
from solitaire.store import GameRow
from solitaire.ui.views import Listing, card_text, hanging_row, history_pointers, history_row

__all__ = [
    "MatchHistoryView",
    "MatchStatsView",
    "MatchView",
    "StoredMatch",
    "deal_table",
    "did",
    "possessive",
    "result_text",
    "seat_names",
]

_SKUNK_WORDS = ("", ", a skunk", ", a double skunk")


def did(name: str, verb: str) -> str:
    """A player's name and a verb that agrees with it: ``you win``, ``expert wins``."""
    if name == "you":
        return f"you {verb}"
    ending = "es" if verb.endswith(("s", "sh", "ch", "x")) else "s"
    return f"{name} {verb}{ending}"


def possessive(name: str, start: bool = False) -> str:
    """``your`` (``Your`` to ``start`` a sentence), ``expert's``."""
    if name == "you":
        return "Your" if start else "your"
    return f"{name}'s"


def seat_names(players: Sequence[str]) -> tuple[str, str]:
    """The two seats' names as shown; the same level twice is told apart by seat."""
    a, b = players[0], players[1]
    return (f"{a} (1)", f"{b} (2)") if a == b else (a, b)


def _show_points(deal: Deal, player: int, label: str) -> str:
    counted = [c for c in deal.show if c.player == player and c.label == label]
    return str(counted[0].points) if counted else "-"


def _pair(values: tuple[object, object], tight: bool = False) -> str:
    return f"{values[0]}{'/' if tight else ' / '}{values[1]}"


def _taken(deal: Deal, player: int) -> int:
    """Points a player took by muggins in this deal (missed in the other's own count)."""
    return sum(c.taken for c in deal.show if c.player != player)


def deal_table(
    game: GamePlay, names: tuple[str, str], ascii: bool = False, muggins: bool = False
) -> Table:
    """One row per deal: dealer, starter, heels, each side's pegging and hand, the crib, any
    muggins, scores. Hand and crib are the points pegged (less what muggins took).

    Pairs of numbers are the two seats' in order: ``names[0] / names[1]``.
    """
    table = Table(
        title=f"Game {game.number} ({names[0]} / {names[1]})",
        title_justify="left",
        padding=(0, 1),
        pad_edge=False,
        box=box.ASCII if ascii else box.HEAVY_HEAD,
    )
    columns = ["deal", "dealer", "starter", "heels", "pegged", "hands", "crib"]
    columns += ["muggins"] * muggins + ["score"]
    for name in columns:
        table.add_column(name, justify="left" if name in ("dealer", "starter") else "right")
    tight = muggins  # the extra column leaves less room
    scores = (0, 0)  # a deal not yet begun stands at the last deal's scores
    for deal in game.deals:
        scores = deal.scores or scores
        row: list[str | Text] = [
            str(deal.number),
            names[deal.dealer],
            card_text(deal.starter, ascii) if deal.turned else Text("-", style="muted"),
            str(deal.heels),
            _pair((deal.pegged[0], deal.pegged[1]), tight),
            _pair((_show_points(deal, 0, "hand"), _show_points(deal, 1, "hand")), tight),
            _show_points(deal, deal.dealer, "crib"),
        ]
        if muggins:
            row.append(_pair((_taken(deal, 0), _taken(deal, 1)), tight))
        table.add_row(*row, Text(_pair(scores, tight), style="total"))
    return table


def result_text(result: GameResult, names: tuple[str, str]) -> Text:
    """``standard wins 121 to 84, a skunk (2 games)``."""
    winner, loser = result.scores[result.winner], result.scores[result.loser]
    games = plural(result.game_points, "game")
    return Text(
        f"{did(names[result.winner], 'win')} {winner} to {loser}{_SKUNK_WORDS[result.skunk]} "
        f"({games})",
        style="milestone",
    )


class MatchView:
    """A whole match: each game's deals and result, then the series."""

    def __init__(
        self, match: Match, players: Sequence[str], ascii: bool = False, title: str | None = None
    ) -> None:
        self.match = match
        self.names = seat_names(players)
        self.ascii = ascii
        self.title = title

    def __rich__(self) -> RenderableType:
        match, names = self.match, self.names
        parts: list[RenderableType] = []
        if self.title:
            parts.append(Text(self.title, style="title"))
        for index, game in enumerate(match.played):
            if game.cuts:
                cut = game.cuts[-1]
                parts.append(
                    Text.assemble(
                        ("Cut for deal: ", "muted"),
                        f"{names[0]} ",
                        card_text(cut[0], self.ascii),
                        f", {names[1]} ",
                        card_text(cut[1], self.ascii),
                        (f" (ties cut again: {len(game.cuts) - 1})", "muted")
                        if len(game.cuts) > 1
                        else "",
                        f"; {did(names[game.first_dealer], 'deal')} first",
                    )
                )
            parts.append(deal_table(game, names, self.ascii, match.muggins))
            if index < len(match.results):
                parts.append(result_text(match.results[index], names))
        if match.games > 1 or match.is_over:
            points = match.match_points
            line = f"Match: {names[0]} {points[0]}, {names[1]} {points[1]}"
            if match.is_over:
                winner = match.winner
                line += ": a tie" if winner is None else f": {did(names[winner], 'win')} the match"
            parts.append(Text(line, style="title"))
        return Group(*parts)


def _mean(value: Fraction | None) -> str:
    return "-" if value is None else f"{float(value):.2f}"


class MatchStatsView:
    """Your matches: games, wins, skunks given and taken, points per deal by role."""

    def __init__(self, stats: MatchStats, level: str | None = None) -> None:
        self.stats = stats
        self.level = level  # None: every level together

    def __rich__(self) -> RenderableType:
        s = self.stats
        against = "the computer" if self.level is None else safe_text(self.level, 24)
        summary = Table(
            title=f"Your matches against {against}",
            title_justify="left",
            box=None,
            show_header=False,
        )
        summary.add_column("what", style="muted")
        summary.add_column("value", style="bold")
        summary.add_row("matches", str(s.matches))
        summary.add_row("games", f"{s.games}: {s.wins} won, {s.losses} lost")
        summary.add_row(
            "skunks given", f"{s.skunks_given} (and {s.double_skunks_given} double skunks)"
        )
        summary.add_row(
            "skunks taken", f"{s.skunks_taken} (and {s.double_skunks_taken} double skunks)"
        )
        if s.muggins_taken or s.muggins_given:
            summary.add_row(
                "muggins", f"{s.muggins_taken} points taken, {s.muggins_given} given away"
            )
        roles = Table(
            title="Points per deal (complete deals, true counts) beside the published ones",
            title_justify="left",
            box=None,
            padding=(0, 1),
        )
        for name in (
            "role",
            "deals",
            "pegged",
            "published",
            "hand",
            "published",
            "crib",
            "published",
        ):
            roles.add_column(name, justify="left" if name in ("role", "published") else "right")
        for role in ROLES:
            totals = s.roles[role]
            roles.add_row(
                role,
                str(totals.deals),
                _mean(totals.mean("pegged")),
                Text(PUBLISHED[(role, "pegged")], style="muted"),
                _mean(totals.mean("hand")),
                Text(PUBLISHED[(role, "hand")], style="muted"),
                _mean(totals.mean("crib")) if role == "dealer" else "",
                Text(PUBLISHED.get((role, "crib"), ""), style="muted"),
            )
        return Group(summary, roles)


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """A match of the history: its row, the level it was played against, and its checked
    summary (``solitaire.match.summary``)."""

    row: GameRow
    opponent: str
    summary: Mapping[str, Any]

    @property
    def winner(self) -> int | None:
        """The seat that won the match (0: you), or None."""
        winner: int | None = self.summary["winner"]
        return winner

    def state(self) -> str:
        """Where it stands: the score of the game in play, or how the match ended."""
        return " ".join(self.state_pieces())

    def state_pieces(self) -> list[str]:
        """:meth:`state` in the pieces a line may break between, each figure whole."""
        summary = self.summary
        if not self.row.finished:
            you, them = summary["scores"]
            number, games = summary["game_number"], summary["games"]
            return ["unfinished:", f"{you} to {them}", f"in game {number} of {games}"]
        you, them = summary["match_points"]
        word = {0: "won", 1: "lost", None: "tied"}[self.winner]
        return [f"{word},", f"match points {you} to {them}"]


class MatchHistoryView:
    """The history's matches, newest first: id, when last played, the level, where it stands."""

    def __init__(self, matches: Sequence[StoredMatch], command: Callable[[str], str]) -> None:
        self.matches = matches
        self.command = command

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines: list[RenderableType] = [
            Text("Matches (cribbage for two against the computer)", style="title"),
            Text("    id  last played       kind   against   where it stands", style="bold"),
        ]
        for stored in self.matches:
            row = stored.row
            lead = history_row(row).append(f"match  {safe_text(stored.opponent, 8):8}  ")
            style = "warn" if not row.finished else ("best" if stored.winner == 0 else "")
            lines += hanging_row(lead, stored.state_pieces(), options.max_width, style)
        rows = [stored.row for stored in self.matches]
        lines.append(history_pointers(self.command, rows, "a match", "match --resume ID"))
        yield Listing(lines)
