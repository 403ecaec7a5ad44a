"""Your progress in ``stats``: each game's reviewed figures over time, charted, with a trend.

The figures are those each review keeps beside its game (never the review's body):
the player's own seats of each finished game, read strictly. Whose seats they are
follows from how the games name their seats: the patience has one seat; the match and
the drill seat you first (their records name seat 0 ``you``); a tile game's people are
the seats not named for a computer player (both colours in the solitaire). A game
played by ``--auto`` (the patience's) is the strategy's, shown as its own series.

The chart is rich's own block characters (no plotting library to load): one bar a
period, its number beside it, so it reads the same at any width from 60 columns up.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from solitaire.core.names import command
from solitaire.core.progress import (
    MAX_PERIODS,
    PER,
    By,
    Figures,
    GamePoint,
    Period,
    Trend,
    block_size,
    periods,
    read_seat,
    trend,
)
from solitaire.core.review import REVIEW_VERSION
from solitaire.core.untrusted import RecordError
from solitaire.core.words import plural, signed
from solitaire.store import YOU, GameRow
from solitaire.store.reviews import StoredFigures
from solitaire.tiles.levels import PLAYERS as TILE_COMPUTERS
from solitaire.ui.kinds import DRILL, MATCH, PATIENCE, TILES
from solitaire.ui.views import Paragraph

__all__ = [
    "DEFAULT_LAST",
    "NO_REVIEWS",
    "Progress",
    "Series",
    "SeriesView",
    "progress_json",
    "progress_of",
]

DEFAULT_LAST: Final = 50
GAMES: Final = (PATIENCE, MATCH, DRILL, TILES)  # in the order stats shows them
_NAMES: Final = {PATIENCE: "patience", MATCH: "match", DRILL: "drill", TILES: "tile game"}
_PLURALS: Final = {
    PATIENCE: "patience games",
    MATCH: "matches",
    DRILL: "drills",
    TILES: "tile games",
}
_EIGHTHS: Final = " ▏▎▍▌▋▊▉"
_HEADS: Final = {  # each figure's column: its heading and width
    "efficiency": ("efficiency", 11),
    "lost_per_deal": ("lost/deal", 10),
    "accuracy": ("accuracy", 9),
}

NO_REVIEWS: Final = (
    "Your progress over time (accuracy, points lost a deal, and their trend) comes from "
    f"reviewed games: {command('review ID')} reviews a finished game of your history "
    f"({command('history')} lists them)."
)


def player_seats(row: GameRow) -> frozenset[int]:
    """The seats of a finished game that are its player's: see the module's words."""
    if row.kind == TILES:
        names = row.summary["names"]
        return frozenset(seat for seat, name in enumerate(names) if name not in TILE_COMPUTERS)
    return frozenset({0})


@dataclass(slots=True)
class Series:
    """One player's finished games of one game, in the order played (by id): each with
    its efficiency (the patience) and its reviewed figures, where it has them."""

    game: str
    player: str
    points: list[GamePoint] = field(default_factory=list)
    unreviewed: int = 0  # finished games of no figure at all: neither reviewed nor charted

    @property
    def reviewed(self) -> int:
        """The games of the series that are reviewed."""
        return sum(p.figures is not None for p in self.points)


@dataclass(slots=True)
class Progress:
    """Every series with a reviewed game, and the reviewed games whose figures do not
    read (left out, by id, with why)."""

    series: list[Series]
    left_out: dict[int, str]

    def report(self) -> str | None:
        """One line about the reviews left out, or None."""
        if not self.left_out:
            return None
        ids = ", ".join(str(i) for i in sorted(self.left_out)[:10])
        more = "..." if len(self.left_out) > 10 else ""
        count = len(self.left_out)
        whose = f"{count} reviews'" if count != 1 else "1 review's"
        return (
            f"{whose} figures do not read and {'were' if count != 1 else 'was'} left out "
            f"of your progress: {ids}{more}"
        )


def _figures(stored: StoredFigures, seats: frozenset[int]) -> Figures:
    """The player's seats of one stored review added up; a RecordError when any seat's
    figures do not read or one of the player's seats is missing."""
    if stored.version != REVIEW_VERSION:
        raise RecordError(f"its version is {stored.version}; this program reads {REVIEW_VERSION}")
    found: dict[int, Figures] = {}
    for index, item in enumerate(stored.seats, start=1):
        seat, figures = read_seat(item, f"seat entry {index}")
        if seat in found:
            raise RecordError(f"seat {seat} twice")
        found[seat] = figures
    missing = sorted(seats - set(found))
    if missing:
        raise RecordError(f"no figures for seat {missing[0]}")
    return sum((found[seat] for seat in sorted(seats)), Figures())


def progress_of(
    rows: Mapping[str, Sequence[GameRow]], figures: Iterable[StoredFigures]
) -> Progress:
    """Each player's series of each game, from the checked rows (any order) and the stored
    figures; a series appears once it has a reviewed game."""
    by_id = {row.id: row for kind in GAMES for row in rows.get(kind, ()) if row.finished}
    reviewed: dict[int, Figures] = {}
    left_out: dict[int, str] = {}
    for stored in figures:
        row = by_id.get(stored.id)
        if row is None or row.kind != stored.kind:  # its row did not check out: reported
            continue
        seats = player_seats(row)
        if not seats:  # computers alone: nobody's progress
            continue
        try:
            reviewed[row.id] = _figures(stored, seats)
        except RecordError as error:
            left_out[row.id] = str(error)
    series: dict[tuple[str, str], Series] = {}
    for game_id in sorted(by_id):
        row = by_id[game_id]
        efficiency = row.summary.get("efficiency") if row.kind == PATIENCE else None
        got = reviewed.get(game_id)
        if row.kind == TILES and not player_seats(row):
            continue
        part = series.setdefault((row.kind, row.played_by), Series(row.kind, row.played_by))
        if got is None and efficiency is None:
            part.unreviewed += game_id not in left_out
            continue
        part.points.append(GamePoint(len(part.points) + 1, row.played_at, efficiency, got))
    shown = [
        part
        for kind in GAMES
        for key, part in sorted(series.items(), key=lambda item: item[0][1] != YOU)
        if key[0] == kind and part.reviewed
    ]
    return Progress(shown, left_out)


def _noun(game: str, count: int) -> str:
    """The game's noun agreeing with ``count``: ``match``, ``matches``."""
    if count != 1:
        return _PLURALS[game]
    return "patience game" if game == PATIENCE else _NAMES[game]


# -- the figures a chart and a trend show ---------------------------------------


@dataclass(frozen=True, slots=True)
class Measure:
    """A figure as shown: its name, its words, how a value and a change are written, and
    whether more of it is better."""

    name: str
    words: str
    more_is_better: bool
    scale: float  # shown values are the value times this (100 for a share)
    unit: str  # after a shown value: "%" or ""
    change_unit: str  # after a shown change: "percentage points", "points a deal"


ACCURACY: Final = Measure("accuracy", "accuracy", True, 100, "%", "percentage points")
LOST: Final = Measure("lost_per_deal", "points lost a deal", False, 1, "", "points a deal")
EFFICIENCY: Final = Measure("efficiency", "efficiency", True, 100, "%", "percentage points")


def _value(point: GamePoint, measure: Measure) -> float | None:
    if measure is EFFICIENCY:
        return point.efficiency
    if point.figures is None:
        return None
    return point.figures.accuracy if measure is ACCURACY else point.figures.lost_per_deal


def _of_period(period: Period, measure: Measure) -> float | None:
    if measure is EFFICIENCY:
        return period.efficiency
    return period.accuracy if measure is ACCURACY else period.lost_per_deal


def measures(game: str) -> tuple[Measure, ...]:
    """The figures of a game, the charted one first."""
    return (EFFICIENCY, LOST, ACCURACY) if game == PATIENCE else (LOST, ACCURACY)


def trends(window: Sequence[GamePoint], game: str) -> dict[str, Trend | None]:
    """Each figure's trend over the games of the window that have it."""
    found: dict[str, Trend | None] = {}
    for measure in measures(game):
        values = [v for p in window if (v := _value(p, measure)) is not None]
        found[measure.name] = trend(values)
    return found


def progress_json(progress: Progress, last: int, by: By) -> dict[str, Any]:
    """``stats --json``'s ``progress``: per game a list of series (yours first), each with
    its periods over the last ``last`` games and each figure's trend (a change per
    :data:`PER` games, shares as shares) with its 95% interval."""
    games: dict[str, list[dict[str, Any]]] = {}
    for part in progress.series:
        window = part.points[-last:]
        listed = []
        for period in periods(window, by):
            entry: dict[str, Any] = {
                "period": period.label,
                "games": period.games,
                "reviewed": period.reviewed,
            }
            for measure in measures(part.game):
                entry[measure.name] = _of_period(period, measure)
            listed.append(entry)
        fitted: dict[str, dict[str, float] | None] = {}
        for name, fit in trends(window, part.game).items():
            if fit is None:
                fitted[name] = None
            else:
                slope, low, high = fit.per(PER)
                fitted[name] = {
                    "games": fit.games, "per": PER, "slope": slope, "low": low, "high": high,
                }  # fmt: skip
        games.setdefault(part.game, []).append(
            {
                "player": part.player,
                "games": len(part.points),
                "reviewed": part.reviewed,
                "unreviewed": part.unreviewed,
                "window": len(window),
                "series": listed,
                "trend": fitted,
            }
        )
    return {"last": last, "by": by, "left_out": len(progress.left_out), "games": games}


# -- the chart -------------------------------------------------------------------


def _bar(fraction: float, width: int, ascii: bool) -> str:
    """A bar ``fraction`` of ``width`` cells long, to the eighth of a cell."""
    fraction = min(max(fraction, 0.0), 1.0)
    if ascii:
        return "#" * round(fraction * width)
    eighths = round(fraction * width * 8)
    whole, part = divmod(eighths, 8)
    return "█" * whole + (_EIGHTHS[part] if part else "")


def _nice_top(value: float) -> float:
    """The least of 1, 2, 2.5 or 5 times a power of ten at or above ``value`` (> 0)."""
    step = 10.0**-3
    while True:
        for mult in (1, 2, 2.5, 5):
            if step * mult >= value:
                return step * mult
        step *= 10


def _shown(value: float | None, measure: Measure, places: int) -> str:
    if value is None:
        return "-"
    return f"{value * measure.scale:.{places}f}{measure.unit}"


def _verdict(fit: Trend, measure: Measure) -> str:
    if fit.low > 0 or fit.high < 0:
        better = (fit.low > 0) == measure.more_is_better
        return "getting better" if better else "getting worse"
    if fit.low == fit.high == 0:
        return "no change"
    return "no clear change (the interval holds 0)"


def trend_line(fit: Trend | None, measure: Measure, have: int) -> str:
    """A figure's trend in words: its change every :data:`PER` games, its 95% interval,
    and what it says."""
    name = measure.words[0].upper() + measure.words[1:]
    if fit is None:
        return f"{name}: too few games for a trend (3 needed, {have} here)."
    slope, low, high = (v * measure.scale for v in fit.per(PER))
    places = 1 if measure.scale != 1 else 2
    return (
        f"{name}: {signed(slope, places)} {measure.change_unit} every {PER} games "
        f"(95% interval {signed(low, places)} to {signed(high, places)}), over "
        f"{plural(fit.games, 'game')}: {_verdict(fit, measure)}."
    )


class SeriesView:
    """One series charted: a bar a period of its last ``last`` games (the charted
    figure, its scale stated), the figures beside each bar, and each figure's trend."""

    def __init__(self, series: Series, last: int, by: By, ascii: bool = False) -> None:
        self.series = series
        self.last = last
        self.by = by
        self.ascii = ascii

    def title(self) -> str:
        """The chart's title: the game, whose games, and how many of them it covers."""
        part = self.series
        total = len(part.points)
        window = min(self.last, total)
        reviewed = "" if part.game == PATIENCE else "reviewed "
        who = "your" if part.player == YOU else f"--auto {part.player}'s"
        games = f"{total} {reviewed}{_noun(part.game, total)}"
        line = f"Progress at the {_NAMES[part.game]}: {who} "
        line += f"last {window} of {games}" if window < total else games
        if part.reviewed < total:
            line += f" ({part.reviewed} reviewed)"
        return line

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        part = self.series
        width = options.max_width
        window = part.points[-self.last :]
        found = periods(window, self.by)
        drawn = found[-MAX_PERIODS:] if self.by == "week" else found
        order = measures(part.game)  # the first figure the periods have is charted
        charted = next(
            (m for m in order if any(_of_period(p, m) is not None for p in drawn)), order[0]
        )
        beside = [m for m in order if m is not charted]
        values = [_of_period(p, charted) for p in drawn]
        known = [v for v in values if v is not None]
        if charted.more_is_better:  # a share: from a round floor below the least up to 100%
            top = max(1.0, *known) if known else 1.0
            least = min(known) if known else 0.0
            bottom = max(0.0, min(math.floor(least * 10) / 10, top - 0.1))
        else:
            bottom = 0.0
            top = _nice_top(max(known)) if known and max(known) > 0 else 1.0
        low = _shown(bottom, charted, 0)
        high = _shown(top, charted, 0 if charted.scale != 1 else 2)
        yield Text(self.title(), style="title")
        if self.by == "block":
            period_words = f"by block of {plural(block_size(len(window)), 'game')}"
        else:
            period_words = "by week (from Monday)"
        better = "longer" if charted.more_is_better else "shorter"
        yield Paragraph(
            Text(
                f"{charted.words[0].upper()}{charted.words[1:]} {period_words}; a {better} "
                "bar is better.",
                style="muted",
            )
        )
        label_width = max(len("week of" if self.by == "week" else "games"),
                          *(len(p.label) for p in drawn))  # fmt: skip
        columns = [(m, _HEADS[m.name][1]) for m in (charted, *beside)] + [(None, 6)]
        numbers_width = sum(w for _, w in columns)
        bar_width = max(8, min(60, width - label_width - 2 - numbers_width))
        head = Text(("week of" if self.by == "week" else "games").ljust(label_width + 2))
        head.append(" " * bar_width)
        for measure, w in columns:
            name = "games" if measure is None else _HEADS[measure.name][0]
            head.append(name.rjust(w))
        yield Text(head.plain.rstrip(), style="muted")
        for period, value in zip(drawn, values, strict=True):
            line = Text(period.label.ljust(label_width + 2))
            if value is None:
                line.append(" " * bar_width)
            else:
                bar = _bar((value - bottom) / (top - bottom), bar_width, self.ascii)
                line.append(bar.ljust(bar_width), style="cyan")
            for measure, w in columns:
                if measure is None:
                    line.append(str(period.games).rjust(w))
                else:
                    places = 2 if measure is LOST else (1 if measure is EFFICIENCY else 0)
                    line.append(_shown(_of_period(period, measure), measure, places).rjust(w))
            yield line
        named = charted.words
        inside = bar_width - len(low) - len(high)
        middle = f" {named} ".center(inside) if inside >= len(named) + 2 else " " * inside
        axis = " " * (label_width + 2) + low + middle + high
        yield Text(axis, style="muted")
        if len(drawn) < len(found):
            earlier = len(found) - len(drawn)
            yield Text(f"({plural(earlier, 'earlier week')} not drawn: --json has them)",
                       style="muted")  # fmt: skip
        fits = trends(window, part.game)
        for measure in measures(part.game):
            have = sum(_value(p, measure) is not None for p in window)
            if have:  # (a patience game played by --auto has no efficiency)
                yield Paragraph(trend_line(fits[measure.name], measure, have))
        if part.unreviewed:
            many = part.unreviewed != 1
            yield Paragraph(
                Text(
                    f"{part.unreviewed} more finished {_noun(part.game, part.unreviewed)} "
                    f"{'are' if many else 'is'} not reviewed: {command('review ID')} reviews "
                    f"{'each' if many else 'it'}.",
                    style="muted",
                )
            )
        yield Text("")


def series_views(progress: Progress, last: int, by: By, ascii: bool) -> Iterator[SeriesView]:
    """A view for each series, in the order stats shows the games."""
    for part in progress.series:
        yield SeriesView(part, last, by, ascii)
