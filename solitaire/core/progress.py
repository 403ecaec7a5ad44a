"""Your progress over time: reviewed games' figures in periods, and their trend.

A reviewed game's stored figures (what :func:`solitaire.store.reviews.figures_of` keeps
of each seat) are read strictly (:func:`read_seat`), a player's seats of one game added
up (:class:`Figures`), the games grouped by block of games or by week
(:func:`periods`), and each figure's trend fitted by least squares over the games in
order, with its 95% interval from Student's t (:func:`trend`).

Every share is integer counts divided once: a period's accuracy is its best decisions
over its decisions, its points lost a deal its points lost over its deals.

>>> fit = trend([3.0, 2.0, 2.5, 1.0, 1.5])
>>> round(fit.slope, 6), fit.games
(-0.4, 5)
>>> round(t_quantile(0.975, 10), 6)
2.228139
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from solitaire.core.review import MAX_COST, MAX_DECISIONS, MAX_SEATS
from solitaire.core.untrusted import Fields, RecordError

__all__ = [
    "MAX_PERIODS",
    "PER",
    "Figures",
    "GamePoint",
    "Period",
    "Trend",
    "block_size",
    "periods",
    "read_seat",
    "t_quantile",
    "trend",
    "week_of",
]

PER: Final = 10  # a trend is told per this many games
MAX_PERIODS: Final = 10  # blocks of games in a chart
MAX_LOST: Final = MAX_COST * MAX_DECISIONS  # a seat's points lost in one game, at most
By = Literal["block", "week"]

_SEAT_FIELDS: Final = ("seat", "name", "deals", "decisions", "best", "lost")
_SEAT_OTHERS: Final = ("accuracy", "lost_per_deal", "lost_chance", "by_kind")


@dataclass(frozen=True, slots=True)
class Figures:
    """A player's figures in one game (its seats added up), or in a period of games."""

    decisions: int = 0
    best: int = 0
    lost: float = 0.0
    deals: int = 0

    @property
    def accuracy(self) -> float | None:
        """The share of the decisions graded best (None without a decision)."""
        return self.best / self.decisions if self.decisions else None

    @property
    def lost_per_deal(self) -> float | None:
        """The points lost a deal (None without a deal)."""
        return self.lost / self.deals if self.deals else None

    def __add__(self, other: Figures) -> Figures:
        return Figures(
            self.decisions + other.decisions,
            self.best + other.best,
            math.fsum((self.lost, other.lost)),
            self.deals + other.deals,
        )


def _total(parts: Iterable[Figures]) -> Figures:
    parts = list(parts)
    return Figures(
        sum(p.decisions for p in parts),
        sum(p.best for p in parts),
        math.fsum(p.lost for p in parts),
        sum(p.deals for p in parts),
    )


def read_seat(data: object, where: str) -> tuple[int, Figures]:
    """A seat's stored figures, read strictly: its seat number and its counts; a field
    missing, of the wrong type or out of range (best above decisions, a negative or
    non-finite loss) is a :class:`RecordError` naming it. The shares it carries
    (accuracy, per deal) are not read: they are recomputed from the counts."""
    fields = Fields(data, where, required=_SEAT_FIELDS, optional=_SEAT_OTHERS)
    seat = fields.integer("seat", 0, MAX_SEATS - 1)
    decisions = fields.integer("decisions", 0, MAX_DECISIONS)
    best = fields.integer("best", 0, decisions)
    deals = fields.integer("deals", 0, MAX_DECISIONS)
    lost = fields.raw("lost")
    if (
        isinstance(lost, bool)
        or not isinstance(lost, (int, float))
        or not 0 <= lost <= MAX_LOST  # NaN fails this too
    ):
        raise RecordError(f"{fields.name('lost')}: expected a number from 0 to {MAX_LOST:g}")
    return seat, Figures(decisions, best, float(lost), deals)


@dataclass(frozen=True, slots=True)
class GamePoint:
    """One finished game of a player's series: its number in the series (from 1), when
    it was played, its efficiency (the patience's, else None) and its reviewed figures
    (None when it is not reviewed)."""

    number: int
    played_at: str
    efficiency: float | None
    figures: Figures | None


@dataclass(frozen=True, slots=True)
class Period:
    """A block of games or a week: its label, its games, and their figures together."""

    label: str
    games: int
    reviewed: int
    figures: Figures
    efficiency: float | None  # the mean of its games' efficiencies (None: none has one)

    @property
    def accuracy(self) -> float | None:
        """Its best decisions over its decisions."""
        return self.figures.accuracy

    @property
    def lost_per_deal(self) -> float | None:
        """Its points lost over its deals."""
        return self.figures.lost_per_deal


def block_size(games: int) -> int:
    """The games in a block, so that ``games`` make at most :data:`MAX_PERIODS` blocks."""
    return max(1, -(-games // MAX_PERIODS))


def week_of(played_at: str) -> str | None:
    """The Monday of a game's week, ``YYYY-MM-DD`` (None when its time is not a date)."""
    try:
        day = dt.date.fromisoformat(played_at[:10])
    except ValueError:
        return None
    return (day - dt.timedelta(days=day.weekday())).isoformat()


def _period(label: str, points: Sequence[GamePoint]) -> Period:
    reviewed = [p.figures for p in points if p.figures is not None]
    efficiencies = [p.efficiency for p in points if p.efficiency is not None]
    return Period(
        label=label,
        games=len(points),
        reviewed=len(reviewed),
        figures=_total(reviewed),
        efficiency=math.fsum(efficiencies) / len(efficiencies) if efficiencies else None,
    )


def periods(points: Sequence[GamePoint], by: By) -> list[Period]:
    """The games (in the order played) in periods, oldest first: blocks of
    :func:`block_size` games counted back from the latest (the oldest block may be
    shorter), labelled by the games' numbers; or weeks from Monday, labelled by the
    Monday, the games whose time is not a date in a period of their own first."""
    if by == "block":
        size = block_size(len(points))
        blocks: list[Period] = []
        end = len(points)
        while end > 0:
            part = points[max(0, end - size) : end]
            first, last = part[0].number, part[-1].number
            blocks.append(_period(f"{first}-{last}" if first != last else str(first), part))
            end -= size
        return blocks[::-1]
    weeks: dict[str, list[GamePoint]] = {}
    undated: list[GamePoint] = []
    for point in points:
        week = week_of(point.played_at)
        if week is None:
            undated.append(point)
        else:
            weeks.setdefault(week, []).append(point)
    found = [_period(week, weeks[week]) for week in sorted(weeks)]
    return ([_period("undated", undated)] if undated else []) + found


@dataclass(frozen=True, slots=True)
class Trend:
    """A figure's least-squares slope over games in order (a change a game), with its 95%
    interval from Student's t with ``games - 2`` degrees of freedom."""

    games: int
    slope: float
    low: float
    high: float

    def per(self, games: int = PER) -> tuple[float, float, float]:
        """The slope and its interval as a change over ``games`` games."""
        return self.slope * games, self.low * games, self.high * games


def trend(values: Sequence[float]) -> Trend | None:
    """The least-squares line through ``values`` at games 0, 1, 2, ...: its slope and
    the slope's 95% interval (``t * sqrt(RSS / (n - 2) / Sxx)`` either side). None with
    fewer than 3 games (no spread of the residuals to judge by)."""
    n = len(values)
    if n < 3:
        return None
    mean_x = (n - 1) / 2
    mean_y = math.fsum(values) / n
    sxx = n * (n * n - 1) / 12  # the sum of (x - mean_x)^2 over 0 .. n-1, exactly
    sxy = math.fsum((x - mean_x) * (y - mean_y) for x, y in enumerate(values))
    slope = sxy / sxx
    rss = math.fsum((y - mean_y - slope * (x - mean_x)) ** 2 for x, y in enumerate(values))
    half = t_quantile(0.975, n - 2) * math.sqrt(rss / (n - 2) / sxx)
    return Trend(n, slope, slope - half, slope + half)


def _central(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with ``df`` degrees of freedom: the closed form for whole
    degrees of freedom (Abramowitz and Stegun 26.7.3 and 26.7.4)."""
    theta = math.atan(t / math.sqrt(df))
    cos2 = math.cos(theta) ** 2
    if df % 2:  # odd: 2/pi (theta + sin cos (1 + 2/3 cos^2 + 2*4/(3*5) cos^4 + ...))
        term, parts = 1.0, [1.0]
        for k in range(2, df - 1, 2):
            term *= cos2 * k / (k + 1)
            parts.append(term)
        tail = math.sin(theta) * math.cos(theta) * math.fsum(parts) if df > 1 else 0.0
        return 2 / math.pi * (theta + tail)
    term, parts = 1.0, [1.0]  # even: sin (1 + 1/2 cos^2 + 1*3/(2*4) cos^4 + ...)
    for k in range(1, df - 2, 2):
        term *= cos2 * k / (k + 1)
        parts.append(term)
    return math.sin(theta) * math.fsum(parts)


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (``p`` over 0.5) of Student's t with ``df`` degrees of freedom,
    found by bisection on its distribution to the last bit a float holds."""
    assert 0.5 < p < 1 and df >= 1, "t_quantile: p over 0.5 and below 1, df at least 1"
    target = 2 * p - 1  # P(|T| < t)
    low, high = 0.0, 1.0
    while _central(high, df) < target:
        low, high = high, high * 2
    while True:
        middle = (low + high) / 2
        if middle in (low, high):
            return middle
        if _central(middle, df) < target:
            low = middle
        else:
            high = middle
