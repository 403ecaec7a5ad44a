"""The progress figures: periods exact from counts, the trend and its 95% interval checked
against numpy's least squares, the t quantile against tables and its own integral."""

from __future__ import annotations

import math
import random
import statistics
from fractions import Fraction

import numpy as np
import pytest

from solitaire.core.progress import (
    MAX_PERIODS,
    Figures,
    GamePoint,
    block_size,
    periods,
    read_seat,
    t_quantile,
    trend,
    week_of,
)
from solitaire.core.untrusted import RecordError

# Student's t, 0.975 quantiles, from published tables (to the digits they give).
TABLE = {
    1: 12.706204736174698,
    2: 4.302652729749464,
    3: 3.182446305284263,
    5: 2.570581835636314,
    10: 2.228138851986273,
    29: 2.045229642132703,
    48: 2.010634757624232,
    100: 1.983971518523551,
    1000: 1.962339080826380,
}


@pytest.mark.parametrize("df", sorted(TABLE))
def test_the_t_quantile_is_the_tables(df: int) -> None:
    assert t_quantile(0.975, df) == pytest.approx(TABLE[df], rel=1e-12)


def _density_integral(t: float, df: int, steps: int = 20_000) -> float:
    """P(|T| < t) by Simpson's rule over Student's t density: an independent computation."""
    const = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    h = t / steps
    total = 0.0
    for i in range(steps + 1):
        x = i * h
        weight = 1 if i in (0, steps) else (4 if i % 2 else 2)
        total += weight * const * (1 + x * x / df) ** (-(df + 1) / 2)
    return 2 * total * h / 3


@pytest.mark.parametrize("df", [1, 2, 4, 7, 15, 40, 333])
@pytest.mark.parametrize("p", [0.9, 0.975, 0.995])
def test_the_t_quantile_holds_its_share_of_the_density(df: int, p: float) -> None:
    assert _density_integral(t_quantile(p, df), df) == pytest.approx(2 * p - 1, abs=1e-9)


def test_the_t_quantile_refuses_what_has_none() -> None:
    for p, df in ((0.5, 3), (1.0, 3), (0.975, 0)):
        with pytest.raises(AssertionError, match="t_quantile"):
            t_quantile(p, df)


def _reference(values: list[float]) -> tuple[float, float, float]:
    """Slope and 95% interval by numpy's least squares and the covariance of the fit."""
    n = len(values)
    x = np.column_stack([np.ones(n), np.arange(n, dtype=float)])
    y = np.array(values)
    coef, _, _, _ = np.linalg.lstsq(x, y, rcond=None)
    residual = y - x @ coef
    sigma2 = float(residual @ residual) / (n - 2)
    cov = sigma2 * np.linalg.inv(x.T @ x)
    half = TABLE[n - 2] * math.sqrt(cov[1, 1])
    return float(coef[1]), float(coef[1]) - half, float(coef[1]) + half


@pytest.mark.parametrize("n", [3, 4, 7, 12, 31, 50])
def test_the_trend_is_numpys_least_squares(n: int) -> None:
    rng = random.Random(n)
    for _ in range(20):
        values = [rng.uniform(0, 3) - 0.02 * i for i in range(n)]
        fit = trend(values)
        assert fit is not None and fit.games == n
        slope, low, high = _reference(values)
        assert fit.slope == pytest.approx(slope, abs=1e-12)
        assert fit.slope == pytest.approx(
            statistics.linear_regression(range(n), values).slope, abs=1e-12
        )
        assert (fit.low, fit.high) == pytest.approx((low, high), abs=1e-12)
        assert fit.per(10) == pytest.approx((10 * slope, 10 * low, 10 * high), abs=1e-11)


def test_a_trend_needs_three_games() -> None:
    assert trend([]) is None and trend([1.0]) is None and trend([1.0, 2.0]) is None


def test_a_straight_line_has_no_spread() -> None:
    fit = trend([5.0, 4.0, 3.0, 2.0])
    assert fit is not None and (fit.slope, fit.low, fit.high) == (-1.0, -1.0, -1.0)
    flat = trend([0.0] * 10)
    assert flat is not None and (flat.slope, flat.low, flat.high) == (0.0, 0.0, 0.0)


def _points(count: int, rng: random.Random) -> list[GamePoint]:
    points = []
    for number in range(1, count + 1):
        decisions = rng.randint(0, 12)
        best = rng.randint(0, decisions)
        figures = Figures(decisions, best, rng.uniform(0, 9), rng.randint(1, 9))
        points.append(GamePoint(number, "2026-11-03T10:00:00", rng.uniform(0.7, 1), figures))
    return points


@pytest.mark.parametrize("count", [1, 5, 10, 11, 23, 50, 99, 100, 101])
def test_blocks_count_back_from_the_latest_game(count: int) -> None:
    points = _points(count, random.Random(count))
    blocks = periods(points, "block")
    size = block_size(count)
    assert len(blocks) <= MAX_PERIODS and len(blocks) == -(-count // size)
    assert sum(b.games for b in blocks) == count
    assert all(b.games == size for b in blocks[1:])  # only the oldest may be short
    start = 0
    for block in blocks:
        part = points[start : start + block.games]
        start += block.games
        first, last = part[0].number, part[-1].number
        assert block.label == (f"{first}-{last}" if first != last else str(first))
        best = sum(p.figures.best for p in part if p.figures)
        decisions = sum(p.figures.decisions for p in part if p.figures)
        lost = sum(Fraction(p.figures.lost) for p in part if p.figures)
        deals = sum(p.figures.deals for p in part if p.figures)
        assert block.accuracy == (float(Fraction(best, decisions)) if decisions else None)
        assert block.lost_per_deal == pytest.approx(float(lost / deals), rel=1e-15)
        assert block.efficiency == pytest.approx(statistics.fmean(p.efficiency or 0 for p in part))


def test_weeks_run_from_monday_and_undated_games_come_first() -> None:
    assert week_of("2026-12-05T06:00:00") == "2026-11-30"  # a Saturday
    assert week_of("2026-11-30T00:00:00") == "2026-11-30"  # the Monday itself
    assert week_of("????-??-?? ??:??") is None
    times = [
        "2026-11-24T09:00:00", "????-??-?? ??:??", "2026-11-30T23:00:00", "2026-12-06T01:00:00",
    ]  # fmt: skip
    points = [
        GamePoint(i + 1, when, None, Figures(2, i % 3, 1.0, 2)) for i, when in enumerate(times)
    ]
    weeks = periods(points, "week")
    assert [(w.label, w.games) for w in weeks] == [
        ("undated", 1), ("2026-11-23", 1), ("2026-11-30", 2),
    ]  # fmt: skip
    assert weeks[2].accuracy == (2 % 3 + 3 % 3) / 4


def test_a_period_without_a_review_has_no_figures() -> None:
    [block] = periods([GamePoint(1, "", 0.9, None)], "block")
    assert (block.reviewed, block.accuracy, block.lost_per_deal, block.efficiency) == (
        0, None, None, 0.9,
    )  # fmt: skip


GOOD = {"seat": 1, "name": "you", "deals": 9, "decisions": 20, "best": 15, "lost": 2.5}


def test_a_seat_is_read_from_its_counts() -> None:
    seat, figures = read_seat({**GOOD, "accuracy": 0.1, "lost_per_deal": 99.0}, "seat")
    assert seat == 1 and figures == Figures(20, 15, 2.5, 9)  # the shares are recomputed
    assert figures.accuracy == 0.75 and figures.lost_per_deal == 2.5 / 9


@pytest.mark.parametrize(
    "change",
    [
        {"seat": 4}, {"seat": -1}, {"seat": "0"}, {"deals": -1}, {"deals": 1.0},
        {"decisions": True}, {"best": 21}, {"best": -1}, {"lost": -0.5},
        {"lost": float("nan")}, {"lost": float("inf")}, {"lost": "2"}, {"lost": True},
        {"lost": None}, {"extra": 1},
    ],
)  # fmt: skip
def test_a_damaged_seat_does_not_read(change: dict[str, object]) -> None:
    with pytest.raises(RecordError):
        read_seat({**GOOD, **change}, "seat")


@pytest.mark.parametrize("missing", sorted(GOOD))
def test_a_seat_missing_a_count_does_not_read(missing: str) -> None:
    with pytest.raises(RecordError, match=missing):
        read_seat({k: v for k, v in GOOD.items() if k != missing}, "seat")


def test_not_a_seat_does_not_read() -> None:
    data: object
    for data in (None, [], "seat", 3):
        with pytest.raises(RecordError):
            read_seat(data, "seat")
