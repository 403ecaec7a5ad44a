"""``cribsol stats``: your progress in reviewed games, as the player reads it.

The figures each test stores are chosen here, and what the screen and ``--json`` show
is checked against them recomputed independently: the periods from the integer counts,
the trend and its interval by numpy's least squares. Rendered at 80 and 120 columns.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import random
import re
import shutil
import sqlite3
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from solitaire.cli import main
from solitaire.core.words import signed
from solitaire.store import History
from solitaire.ui.kinds import KINDS
from solitaire.ui.progress import NO_REVIEWS
from tests.reviewed import Seat, add_game, review_of, seats_of

T975 = {48: 2.010634757624232, 55: 2.004044783289136, 4: 2.776445105197799}  # tables
MONDAY = dt.date(2026, 1, 5)
EIGHTHS = {" ": 0, "▏": 1, "▎": 2, "▍": 3, "▌": 4, "▋": 5, "▊": 6, "▉": 7}


@dataclass(frozen=True)
class Played:
    """A stored game's figures for the player: its deals and its decisions' costs."""

    deals: int
    costs: tuple[float, ...]

    @property
    def best(self) -> int:
        return sum(cost == 0 for cost in self.costs)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def played_games(count: int, seed: int) -> list[Played]:
    """Games getting better, with noise: costs are quarters, so sums are exact."""
    rng = random.Random(seed)
    games = []
    for number in range(count):
        deals = rng.randint(5, 12)
        miss = 0.5 - 0.3 * number / count
        costs = tuple(
            0.0 if rng.random() > miss else rng.randint(1, 12) / 4 for _ in range(2 * deals)
        )
        games.append(Played(deals, costs))
    return games


MATCHES = played_games(57, 1)


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A history of 57 reviewed matches (the computer's seat beside yours), a week apart
    each two, one unreviewed match, and a reviewed tile game of two people."""
    data = tmp_path_factory.mktemp("reviewed")
    History.durable = False
    try:
        with History(data, kinds=KINDS) as history:
            for number, game in enumerate(MATCHES):
                day = MONDAY + dt.timedelta(days=number // 2 * 7 + number % 2 * 3)
                when = f"{day.isoformat()}T20:00:00"  # two a week: Monday and Thursday
                seats = seats_of("match", game.deals, game.costs)
                add_game(history, "match", review_of("match", seats), played_at=when)
            add_game(history, "match")  # finished, not reviewed: not in the progress
            for costs in ([0.0, 4.0, 0.0], [12.0, 0.0], [0.0, 0.0, 0.0, 1.0]):
                seats = [Seat(0, 3, costs), Seat(1, 3, [1.0]), Seat(2, 3, costs)]
                names = ["dark", "expert", "light"]  # two people's seats, a computer's
                add_game(history, "tiles", review_of("tiles", seats), names=names)
    finally:
        History.durable = True
    return data


def _reference_trend(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    x = np.column_stack([np.ones(n), np.arange(n, dtype=float)])
    y = np.array(values)
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    residual = y - x @ coef
    cov = float(residual @ residual) / (n - 2) * np.linalg.inv(x.T @ x)
    half = T975[n - 2] * math.sqrt(cov[1, 1])
    return 10 * float(coef[1]), 10 * float(coef[1] - half), 10 * float(coef[1] + half)


def _blocks(games: list[Played], size: int, first: int) -> list[tuple[str, int, float, float]]:
    """Each block's label, games, points lost a deal and accuracy, counted back from the
    latest game, as exact fractions divided once."""
    found = []
    end = len(games)
    while end > 0:
        start = max(0, end - size)
        part = games[start:end]
        lost = sum(Fraction(c).limit_denominator(4) for g in part for c in g.costs)
        deals = sum(g.deals for g in part)
        best = sum(g.best for g in part)
        decisions = sum(len(g.costs) for g in part)
        label = f"{first + start}-{first + end - 1}"
        found.append((label, len(part), float(lost / deals), float(Fraction(best, decisions))))
        end = start
    return found[::-1]


def section(out: str, title: str) -> list[str]:
    """The lines of one game's progress, from its title to the blank line after it."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    end = lines.index("", start)
    return lines[start:end]


ROW = re.compile(r"^(\S+)\s{2}([█▏▎▍▌▋▊▉# ]*?)\s*(\d+\.\d\d)\s+(\d+)%\s+(\d+)$")


@pytest.mark.parametrize("width", [80, 120])
def test_the_chart_shows_each_block_and_the_trend(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, reviewed: Path, width: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    status, out, err = run(capsys, "stats", "--data-dir", str(reviewed))
    assert status == 0 and err == ""
    assert all(len(line) <= width for line in out.splitlines()), out
    lines = section(out, "Progress at the match")
    assert lines[0] == "Progress at the match: your last 50 of 57 reviewed matches"
    assert lines[-1] == "1 more finished match is not reviewed: cribsol review ID reviews it."
    assert lines[1] == "Points lost a deal by block of 5 games; a shorter bar is better."
    assert lines[2].split() == ["games", "lost/deal", "accuracy", "games"]
    window = MATCHES[-50:]
    expected = _blocks(window, 5, first=8)
    rows = [ROW.match(line) for line in lines[3 : 3 + len(expected)]]
    shown = [(m[1], int(m[5]), m[3], m[4]) for m in rows if m]
    assert shown == [
        (label, games, f"{lost:.2f}", f"{100 * accuracy:.0f}")
        for label, games, lost, accuracy in expected
    ]
    axis = lines[3 + len(expected)]
    start = len(axis) - len(axis.lstrip())
    bar_width = len(axis) - start
    top = float(axis.split()[-1])
    assert axis.split() == ["0", "points", "lost", "a", "deal", axis.split()[-1]]
    assert top >= max(lost for _, _, lost, _ in expected) > top / 2.5  # a round top, not far
    for match, (_, _, lost, _) in zip(rows, expected, strict=True):
        assert match is not None
        bar = match[2].rstrip()
        cells = 8 * bar.count("█") + sum(EIGHTHS.get(ch, 0) for ch in bar)
        assert cells == round(lost / top * bar_width * 8)
    said = " ".join(lines[4 + len(expected) :])
    lost_trend = _reference_trend([sum(g.costs) / g.deals for g in window])
    accuracy_trend = _reference_trend([100 * g.best / len(g.costs) for g in window])
    slope, low, high = (signed(v, 2) for v in lost_trend)
    assert (
        f"Points lost a deal: {slope} points a deal every 10 games (95% interval {low} to "
        f"{high}), over 50 games: " in said
    )
    slope, low, high = (signed(v, 1) for v in accuracy_trend)
    assert (
        f"Accuracy: {slope} percentage points every 10 games (95% interval {low} to {high}), "
        "over 50 games: " in said
    )
    verdict = "getting better" if lost_trend[2] < 0 else "no clear change"
    assert f"{verdict}." in said


def test_the_json_carries_the_same_series_and_trend(
    capsys: pytest.CaptureFixture[str], reviewed: Path
) -> None:
    status, out, _ = run(capsys, "stats", "--json", "--last", "57", "--data-dir", str(reviewed))
    assert status == 0
    progress = json.loads(out)["progress"]
    assert (progress["last"], progress["by"], progress["left_out"]) == (57, "block", 0)
    [match] = progress["games"]["match"]
    assert [match[k] for k in ("player", "games", "reviewed", "unreviewed", "window")] == [
        "you", 57, 57, 1, 57,
    ]  # fmt: skip
    expected = _blocks(MATCHES, 6, first=1)
    assert [(p["period"], p["games"], p["reviewed"]) for p in match["series"]] == [
        (label, games, games) for label, games, _, _ in expected
    ]
    for period, (_, _, lost, accuracy) in zip(match["series"], expected, strict=True):
        assert period["lost_per_deal"] == pytest.approx(lost, rel=1e-14)
        assert period["accuracy"] == pytest.approx(accuracy, rel=1e-14)
    for name, values in (
        ("lost_per_deal", [sum(g.costs) / g.deals for g in MATCHES]),
        ("accuracy", [g.best / len(g.costs) for g in MATCHES]),
    ):
        fit = match["trend"][name]
        assert (fit["games"], fit["per"]) == (57, 10)
        assert (fit["slope"], fit["low"], fit["high"]) == pytest.approx(
            _reference_trend(values), abs=1e-12
        )


def test_weeks_are_charted_from_monday(capsys: pytest.CaptureFixture[str], reviewed: Path) -> None:
    _, out, _ = run(capsys, "stats", "--json", "--by", "week", "--data-dir", str(reviewed))
    [match] = json.loads(out)["progress"]["games"]["match"]
    weeks = [(p["period"], p["games"]) for p in match["series"]]
    mondays = [MONDAY + dt.timedelta(days=7 * (number // 2)) for number in range(7, 57)]
    assert weeks == [(m.isoformat(), mondays.count(m)) for m in sorted(set(mondays))]
    assert len(weeks) == 26 and weeks[0][1] == 1  # game 8 alone in its week: 50 in all
    _, out, _ = run(capsys, "stats", "--by", "week", "--data-dir", str(reviewed))
    lines = section(out, "Progress at the match")
    assert lines[1] == "Points lost a deal by week (from Monday); a shorter bar is better."
    assert lines[2].split()[:2] == ["week", "of"]
    assert [line.split()[0] for line in lines[3:13]] == [week for week, _ in weeks[-10:]]
    assert "(16 earlier weeks not drawn: --json has them)" in lines


def test_a_tile_games_people_are_its_player(
    capsys: pytest.CaptureFixture[str], reviewed: Path
) -> None:
    """Two people's seats add up; the computer's seat between them is left out."""
    _, out, _ = run(capsys, "stats", "--json", "--data-dir", str(reviewed))
    [tiles] = json.loads(out)["progress"]["games"]["tiles"]
    costs = [[0.0, 4.0, 0.0], [12.0, 0.0], [0.0, 0.0, 0.0, 1.0]]
    assert [p["games"] for p in tiles["series"]] == [1, 1, 1]  # three games: blocks of one
    for block, game in zip(tiles["series"], costs, strict=True):
        assert block["lost_per_deal"] == 2 * sum(game) / (2 * 3)  # dark's and light's
        best = 2 * sum(cost <= 0.5 for cost in game)  # the tile scale's tolerance
        assert block["accuracy"] == best / (2 * len(game))


def test_damaged_figures_are_left_out_and_counted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, reviewed: Path
) -> None:
    data = tmp_path / "data"
    shutil.copytree(reviewed, data)
    good = review_of("match", seats_of("match", 9, [0.0] * 18)).to_json()
    damaged: list[dict[str, Any]] = [
        {**good, "seats": [{**good["seats"][0], "lost": -3.0}, good["seats"][1]]},
        {**good, "seats": [{**good["seats"][0], "deals": "nine"}, good["seats"][1]]},
        {**good, "seats": [good["seats"][1]]},  # your seat missing
        {**good, "seats": [good["seats"][0], good["seats"][0]]},  # a seat twice
        {**good, "version": 99},
    ]
    ids = []
    with History(data, kinds=KINDS) as history:
        for review in damaged:
            game = add_game(history, "match")
            history.keep_review(game, "match", review)
            ids.append(game)
        add_game(history, "match", review_of("match", seats_of("match", 9, [0.0] * 18)))
    status, out, err = run(capsys, "stats", "--json", "--data-dir", str(data))
    assert status == 0
    listed = ", ".join(map(str, ids))
    assert f"5 reviews' figures do not read and were left out of your progress: {listed}" in err
    [match] = json.loads(out)["progress"]["games"]["match"]
    assert json.loads(out)["progress"]["left_out"] == 5
    assert (match["games"], match["reviewed"], match["unreviewed"]) == (58, 58, 1)
    status, out, err = run(capsys, "stats", "--data-dir", str(data))
    assert status == 0 and "5 reviews' figures do not read" in err
    assert "Progress at the match: your last 50 of 58 reviewed matches" in out
    with History(data, kinds=KINDS) as history:
        for game in ids[1:]:
            history.keep_review(game, "match", good)
    _, _, err = run(capsys, "stats", "--data-dir", str(data))
    assert (
        err
        == f"cribsol: 1 review's figures do not read and was left out of your progress: {ids[0]}\n"
    )


def test_stats_reads_the_figures_never_the_bodies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, reviewed: Path
) -> None:
    data = tmp_path / "data"
    shutil.copytree(reviewed, data)
    with sqlite3.connect(data / "history.sqlite3") as conn:
        conn.execute("UPDATE reviews SET body = 'not read'")
    _, before, _ = run(capsys, "stats", "--json", "--data-dir", str(reviewed))
    _, after, _ = run(capsys, "stats", "--json", "--data-dir", str(data))
    assert after == before and json.loads(after)["progress"]["games"]["match"]


def test_without_a_review_stats_is_as_before_and_says_how(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, reviewed: Path
) -> None:
    data = tmp_path / "data"
    shutil.copytree(reviewed, data)
    with sqlite3.connect(data / "history.sqlite3") as conn:
        conn.execute("DELETE FROM reviews")
    _, with_reviews, _ = run(capsys, "stats", "--data-dir", str(reviewed))
    status, out, err = run(capsys, "stats", "--data-dir", str(data))
    assert status == 0 and err == ""
    assert "Progress at" not in out
    head = with_reviews[: with_reviews.index("Progress at")]
    assert out.startswith(head)
    told = " ".join(out[len(head) :].split())
    assert told == " ".join(NO_REVIEWS.split())
    assert "cribsol review ID" in told
    _, out, _ = run(capsys, "stats", "--json", "--data-dir", str(data))
    assert json.loads(out)["progress"] == {"last": 50, "by": "block", "left_out": 0, "games": {}}


def test_patience_charts_efficiency_with_the_reviews_beside(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every finished game has its efficiency; accuracy and points lost come from the
    reviewed ones; a game played by --auto is the strategy's own series."""
    efficiencies = [0.8, 0.85, 0.9, 0.86, 0.95, 0.97]
    with History(tmp_path, kinds=KINDS) as history:
        for number, efficiency in enumerate(efficiencies):
            costs = [0.0, 0.0, 1.0] if number % 2 else []
            review = review_of("patience", [Seat(0, 6, costs)]) if costs else None
            add_game(history, "patience", review, efficiency=efficiency)
        for _ in range(3):
            review = review_of("patience", [Seat(0, 6, [0.0] * 6)])
            add_game(history, "patience", review, played_by="best")  # filed without one
    _, out, _ = run(capsys, "stats", "--json", "--data-dir", str(tmp_path))
    yours, best = json.loads(out)["progress"]["games"]["patience"]
    assert (yours["player"], yours["games"], yours["reviewed"]) == ("you", 6, 3)
    assert [p["efficiency"] for p in yours["series"]] == pytest.approx(efficiencies)
    assert [p["accuracy"] for p in yours["series"]] == [None, 2 / 3] * 3
    assert [p["lost_per_deal"] for p in yours["series"]] == [None, 1 / 6] * 3
    assert yours["trend"]["accuracy"] == {"games": 3, "per": 10, "slope": 0.0, "low": 0.0,
                                          "high": 0.0}  # fmt: skip
    fit = yours["trend"]["efficiency"]
    assert (fit["slope"], fit["low"], fit["high"]) == pytest.approx(
        _reference_trend(efficiencies), abs=1e-12
    )
    assert (best["player"], best["games"]) == ("best", 3)
    assert best["trend"]["lost_per_deal"]["slope"] == 0.0 and best["trend"]["efficiency"] is None
    _, out, _ = run(capsys, "stats", "--data-dir", str(tmp_path))
    lines = section(out, "Progress at the patience: your 6 patience games (3 reviewed)")
    assert lines[1] == "Efficiency by block of 1 game; a longer bar is better."
    assert lines[2].split() == ["games", "efficiency", "lost/deal", "accuracy", "games"]
    assert [line.split()[-4:] for line in lines[3:9]] == [
        [f"{100 * e:.1f}%", "-" if n % 2 == 0 else "0.17", "-" if n % 2 == 0 else "67%", "1"]
        for n, e in enumerate(efficiencies)
    ]
    assert lines[9].split() == ["80%", "efficiency", "100%"]
    assert "Accuracy: too few games" not in out and "no change." in out
    strategy = section(out, "Progress at the patience: --auto best's 3 patience games")
    assert strategy[1] == "Points lost a deal by block of 1 game; a shorter bar is better."
    assert strategy[2].split() == ["games", "lost/deal", "efficiency", "accuracy", "games"]
    assert [line.split()[-4:] for line in strategy[3:6]] == [["0.00", "-", "100%", "1"]] * 3


def test_one_game_is_said_in_the_singular(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with History(tmp_path, kinds=KINDS) as history:
        add_game(history, "drill", review_of("drill", seats_of("drill", 2, [0.0, 1.0])))
        add_game(history, "drill")
        add_game(history, "patience", efficiency=0.9)
        add_game(history, "patience", review_of("patience", [Seat(0, 6, [0.5])]), efficiency=1.0)
    _, out, _ = run(capsys, "stats", "--data-dir", str(tmp_path))
    drill = section(out, "Progress at the drill")
    assert drill[0] == "Progress at the drill: your 1 reviewed drill"
    assert drill[1] == "Points lost a deal by block of 1 game; a shorter bar is better."
    assert drill[-3:] == [
        "Points lost a deal: too few games for a trend (3 needed, 1 here).",
        "Accuracy: too few games for a trend (3 needed, 1 here).",
        "1 more finished drill is not reviewed: cribsol review ID reviews it.",
    ]
    patience = section(out, "Progress at the patience")
    assert patience[0] == "Progress at the patience: your 2 patience games (1 reviewed)"
    assert patience[-3:] == [
        "Efficiency: too few games for a trend (3 needed, 2 here).",
        "Points lost a deal: too few games for a trend (3 needed, 1 here).",
        "Accuracy: too few games for a trend (3 needed, 1 here).",
    ]


def test_a_strategys_games_alone_show_its_progress(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """No game of yours, only --auto ones (filed without an efficiency): its progress is
    shown, charted by points lost, where stats alone would say there is nothing."""
    with History(tmp_path, kinds=KINDS) as history:
        for number in range(4):
            review = review_of("patience", [Seat(0, 6, [0.0] * 5 + [0.25 * number])])
            add_game(history, "patience", review, played_by="best")
    status, out, _ = run(capsys, "stats", "--data-dir", str(tmp_path))
    assert status == 0 and "No finished games yet" not in out
    lines = section(out, "Progress at the patience: --auto best's 4 patience games")
    assert lines[1] == "Points lost a deal by block of 1 game; a shorter bar is better."
    assert [line.split()[-4] for line in lines[3:7]] == ["0.00", "0.04", "0.08", "0.12"]
    assert not any(line.startswith("Efficiency") for line in lines)
    assert "Points lost a deal: +0.42 points a deal every 10 games" in " ".join(lines)
    status, out, _ = run(capsys, "stats", "--json", "--data-dir", str(tmp_path))
    [best] = json.loads(out)["progress"]["games"]["patience"]
    assert best["player"] == "best" and best["trend"]["efficiency"] is None
