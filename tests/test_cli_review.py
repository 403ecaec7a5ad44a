"""``cribsol review``: a history id, a file or stdin reviewed; the review kept and reused;
bad input refused in one line; what is printed reads at 80 columns and adds up."""

from __future__ import annotations

import contextlib
import io
import json
import math
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from solitaire.cli import main
from solitaire.core.review import CHANCE, POINTS, TILE_POINTS, review_from_json
from solitaire.core.rounding import hundredths, to_hundredths
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Match
from solitaire.match.grading import review_drill
from solitaire.match.players import StandardPlayer, advance
from solitaire.store import History
from solitaire.ui.kinds import KINDS
from tests.record_samples import MAKERS
from tests.shared_grading import (  # noqa: F401 (fixtures)
    shared_planner,
    shared_reviews,
    shared_tile_moves,
)

# The match of seed 3 is reviewed from a file, from stdin and printed, and the tile game of
# seed 1 is the one tests/tiles/test_grading.py plays and grades: each record's review, and
# the tile planner's choices and rankings and the move generator's answers, are worked out
# once (tests/shared_grading.py).
pytestmark = pytest.mark.usefixtures("shared_reviews", "shared_planner", "shared_tile_moves")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def seed3(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``cribsol match --auto expert --vs standard --seed 3 --json``, in a file."""
    folder = tmp_path_factory.mktemp("records")
    printed = io.StringIO()
    argv = ["match", "--auto", "expert", "--vs", "standard", "--seed", "3", "--json"]
    with contextlib.redirect_stdout(printed):
        assert main([*argv, "--data-dir", str(folder / "data")]) == 0
    match = Match(3)  # the same match, played here
    advance(match, (ExpertPlayer(), StandardPlayer()))
    assert json.loads(printed.getvalue()) == match.record(("expert", "standard"))
    path = folder / "seed3.json"
    path.write_text(printed.getvalue())
    return path


def stored(data_dir: Path, kind: str, record: dict[str, Any]) -> int:
    text = json.dumps(record)
    with History(data_dir, kinds=KINDS) as history:
        return history.add(kind, text, KINDS[kind].migrate(text, {}))


def one_line(status: int, out: str, err: str, *words: str) -> None:
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("cribsol: ") and "Traceback" not in err
    for word in words:
        assert word in err, err


def test_a_file_reviewed_as_json(capsys: pytest.CaptureFixture[str], seed3: Path) -> None:
    status, out, err = run(capsys, "review", str(seed3), "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"game", "version", "seats"} and data["game"] == "match"
    expert, standard = data["seats"]
    assert (expert["name"], expert["lost"], expert["accuracy"]) == ("expert", 0.0, 1.0)
    assert standard["name"] == "standard" and standard["lost"] > 0 and standard["accuracy"] < 1
    for seat in data["seats"]:
        assert {"name", "accuracy", "lost", "decisions"} <= set(seat)
        assert seat["decisions"]
        for decision in seat["decisions"]:
            assert {"chosen", "best", "cost", "grade", "why", "kind"} <= set(decision)
    assert review_from_json(data).to_json() == data


def test_stdin_is_the_same_review(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, seed3: Path
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(seed3.read_bytes())))
    status, out, _ = run(capsys, "review", "-", "--json")
    assert status == 0
    _, again, _ = run(capsys, "review", str(seed3), "--json")
    assert json.loads(out) == json.loads(again)


def test_the_printed_review_reads_at_80_columns_and_adds_up(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, seed3: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    status, out, err = run(capsys, "review", str(seed3))
    assert status == 0 and err == ""
    assert all(len(line) <= 80 for line in out.splitlines()), out
    review = review_from_json(json.loads(run(capsys, "review", str(seed3), "--json")[1]))
    for seat in review.seats:
        # the seat's row: accuracy, points lost, a deal
        row = next(line for line in out.splitlines() if line.split()[:1] == [seat.name])
        assert f"{seat.accuracy:.1%}" in row
        assert hundredths(to_hundredths(seat.lost)) in row.split()
        # the loss by kind as printed: its parts add up to the whole printed
        start = out.index(f"{seat.name}: points lost by kind")
        lines = out[start : out.index("in all", start)].splitlines()[1:]
        block = [line for line in lines if line.strip()]
        parts = [round(float(line.split()[-1]) * 100) for line in block]
        whole = re.search(r"in all +(\d+\.\d\d)", out[start:])
        assert whole is not None and sum(parts) == round(float(whole.group(1)) * 100)
        assert whole.group(1) == hundredths(to_hundredths(seat.lost))
        assert len(parts) == len(seat.by_kind())
    # the three costliest moments of the standard seat, with the coach's why
    costly = review.seats[1].costliest()
    assert len(costly) == 3
    moments = out[out.index("standard: the costliest moments") : out.index("Every decision")]
    for decision in costly:
        assert decision.where in moments and f"cost {hundredths(to_hundredths(decision.cost))}"
    assert "none: every decision was the best" in out  # the expert's
    listed = out[out.index("Every decision") :]
    assert len(re.findall(r"^  (deal \d+, )", listed, re.M)) == len(review.decisions())


def test_a_cost_near_the_end_says_what_it_is_a_share_of() -> None:
    from solitaire.cli.review_command import review_view
    from solitaire.core.review import Decision, GameReview, SeatReview
    from solitaire.ui.views import THEME

    def printed(where: str) -> str:
        near = Decision(0, 0, 1, "reply", where, "6H", "9S", 0.011, CHANCE, "Laying ...")
        review = GameReview("match", (SeatReview(0, "you", 1, (near,)),))
        console = Console(width=80, record=True, file=io.StringIO(), theme=THEME)
        console.print(review_view(review, "Match reviewed"))
        return " ".join(console.export_text().split())  # (the line wraps at 80)

    assert "cost 1.1% of the chance of winning, inaccuracy" in printed("deal 1, card 2")
    assert "cost 1.1% of the stakes, inaccuracy" in printed("game 2, deal 1, card 2")


def test_help_states_the_thresholds(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["review", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for scale in (POINTS, CHANCE, TILE_POINTS):
        assert scale.stated() in out


def test_a_history_game_is_reviewed_once_and_kept(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record = MAKERS["drill"]()
    game = stored(tmp_path, "drill", record)
    data = ["--data-dir", str(tmp_path)]
    status, out, err = run(capsys, "review", str(game), "--json", *data)
    assert status == 0 and err == ""
    assert json.loads(out) == review_drill(record).to_json()
    with History(tmp_path, kinds=KINDS, readonly=True) as history:
        assert history.kept_review(game, "drill") == json.loads(out)

    def graded_again(*args: object, **kwargs: object) -> None:
        raise AssertionError("a kept review is read back, not graded again")

    monkeypatch.setattr("solitaire.match.grading.review_drill", graded_again)
    status, again, _ = run(capsys, "review", str(game), "--json", *data)
    assert status == 0 and json.loads(again) == json.loads(out)
    status, text, _ = run(capsys, "review", str(game), *data)
    assert status == 0 and f"Drill {game} reviewed" in text
    status, latest, _ = run(capsys, "review", *data)  # no id: the game finished last
    assert status == 0 and latest == text
    assert run(capsys, "review", "--json", *data)[1] == out


def test_with_no_game_finished_there_is_none_to_review(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    one_line(*run(capsys, "review", "--data-dir", str(tmp_path)), "no finished game")


@pytest.mark.parametrize("damage", ["signed", "tampered"])
def test_a_damaged_kept_review_is_graded_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, damage: str
) -> None:
    record = MAKERS["drill"]()
    game = stored(tmp_path, "drill", record)
    data = ["--data-dir", str(tmp_path)]
    good = json.loads(run(capsys, "review", str(game), "--json", *data)[1])
    with History(tmp_path, kinds=KINDS) as history:
        bad = {**good, "seats": [{**good["seats"][0], "deals": -1}]}
        history.keep_review(game, "drill", bad)  # signed, but not a review
    if damage == "tampered":
        with sqlite3.connect(tmp_path / "history.sqlite3") as conn:
            conn.execute("UPDATE reviews SET body = body || ' '")
        conn.close()
    status, out, err = run(capsys, "review", str(game), "--json", *data)
    assert status == 0 and err == "" and json.loads(out) == good
    with History(tmp_path, kinds=KINDS, readonly=True) as history:
        assert history.kept_review(game, "drill") == good  # kept again, whole


def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    seed3: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = ["--data-dir", str(tmp_path)]
    one_line(*run(capsys, "review", "7", *data), "no game 7")
    monkeypatch.chdir(tmp_path)  # a short path: a long one is shown cut short
    one_line(*run(capsys, "review", "missing.json"), "missing.json")
    (tmp_path / "junk.json").write_text("{not json")
    one_line(*run(capsys, "review", str(tmp_path / "junk.json")))
    record = json.loads(seed3.read_text())
    record["played"][0]["deals"][0]["discards"][0] = ["5H", "5C"]
    (tmp_path / "edited.json").write_text(json.dumps(record))
    one_line(*run(capsys, "review", str(tmp_path / "edited.json")), "deal 1")
    unfinished = Match(3)
    for _ in range(12):
        seat = unfinished.current_player
        assert seat is not None
        unfinished.apply(StandardPlayer().choose(unfinished.observation(seat)), player=seat)
    (tmp_path / "unfinished.json").write_text(json.dumps(unfinished.record(("you", "standard"))))
    one_line(*run(capsys, "review", str(tmp_path / "unfinished.json")), "not finished")
    text = json.dumps(unfinished.record(("you", "standard")))
    with History(tmp_path, kinds=KINDS) as history:
        game = history.add("match", text, KINDS["match"].migrate(text, {}))
    one_line(*run(capsys, "review", str(game), *data), f"match {game} is not finished")


@pytest.mark.parametrize(
    ("argv", "kind", "strongest"),
    [
        (["play", "--auto", "best", "--seed", "3", "--json"], "patience", "player"),
        (["tiles", "--auto", "planner", "--vs", "greedy", "--seed", "1", "--json"], "tiles", None),
    ],
)
def test_every_game_s_record_is_reviewed_by_its_registered_grader(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    kind: str,
    strongest: str | None,
) -> None:
    status, record, _ = run(capsys, *argv, "--data-dir", str(tmp_path))
    assert status == 0
    path = tmp_path / f"{kind}.json"
    path.write_text(record)
    status, out, err = run(capsys, "review", str(path), "--json")
    assert status == 0, err
    review = json.loads(out)
    assert review["game"] == kind
    first = review["seats"][0]
    if strongest is not None:
        assert first["name"] == strongest
    assert first["lost"] == 0.0 and first["accuracy"] == 1.0  # the strongest level's seat
    assert math.fsum(d["cost"] for d in first["decisions"]) == first["lost"]
