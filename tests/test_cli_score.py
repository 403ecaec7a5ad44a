"""`cribsol score`: output for good input, one line and exit 2 for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest

from solitaire.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_score_shows_the_count_and_total(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "5H", "5C", "5S", "JD", "5D")
    assert status == 0
    assert "5♥ 5♣ 5♠ J♦" in out
    assert "fifteen two, fifteen four" in out
    assert "one for his nobs is twenty-nine" in out
    assert "= 29" in out


def test_score_ascii_final_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "7c", "8d", "kh", "ks", "--ascii")
    assert status == 0
    assert "7C 8D KH KS" in out and "Final hand" in out and "= 4" in out


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "AH 2H 3H 4H", "5C", "--crib", "--json")
    data = json.loads(out)
    assert status == 0
    assert data["total"] == 7 and data["crib"] is True and data["flush"] == 0
    assert data["hand"] == ["AH", "2H", "3H", "4H"] and data["starter"] == "5C"
    assert {item["kind"] for item in data["items"]} == {"fifteen", "run"}
    assert (data["fifteens"], data["pairs"], data["runs"], data["flush"], data["nobs"]) == (
        2, 0, 5, 0, 0
    )  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "5H", "5C", "5X", "JD", "5D"], "invalid card '5X': suit must be"),
        (["score", "0X", "5C", "5S", "JD", "5D"], "invalid card '0X': rank must be A or 1, 2-10"),
        (["score", "5H", "5C", "5H", "JD", "5D"], "duplicate card 5♥"),
        (["score", "5H", "5C"], "got 2 cards"),
        (["score", "5H", "5C", "5S", "JD", "5D", "6D"], "got 6 cards"),
        (["score", "5H", "5C", "5S", "JD", "--crib"], "a crib needs a starter"),
        (["score", "5H", "5C", "5S", "JD", "5D", "--bogus"], "unrecognized arguments: --bogus"),
        (["score"], "the following arguments are required: CARD"),
        (["nonsense"], "invalid choice: 'nonsense'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err
    assert "Traceback" not in err


def test_module_entry_point_and_exit_status() -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "solitaire", "score", "5H 5C 5S JD 5D", "--json"],
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0 and json.loads(ok.stdout)["total"] == 29
    bad = subprocess.run(
        [sys.executable, "-m", "solitaire", "score", "ZZ"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and bad.stderr.startswith("cribsol: invalid card 'ZZ'")
    assert len(bad.stderr.splitlines()) == 1


def test_advise_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "advise", "5H", "5C", "5S", "JD", "4C", "9S")
    assert status == 0
    lines = out.splitlines()
    assert "keep" in lines[1] and "max" in lines[1]
    assert lines[2].startswith("*") and "4♣ 9♠" in lines[2] and "20.81" in lines[2]
    table = lines[: lines.index("Why the best beats the next best")]
    assert len([line for line in table if "♠" in line or "♣" in line]) == 15
    flat = " ".join(" ".join(lines).split())
    assert "Discarding 4♣ 9♠ gives your crib 0.14 less than J♦ 9♠" in flat
    assert "3 of 46 unseen are jacks" in flat
    status, out, _ = run(capsys, "advise", "5H 5C 5S JD 4C 9S", "--json", "--starter", "5D")
    options = json.loads(out)
    assert status == 0 and len(options) == 15
    assert options[0]["discard"] == ["4C", "9S"] and options[0]["hand"] == 29.0
    assert set(options[0]) >= {"discard", "keep", "hand", "crib", "heels", "total", "exact"}
    assert options[0]["exact"]["hand"] == "29"
    totals = [o["total"] for o in options]
    assert totals == sorted(totals, reverse=True)
    status, out, _ = run(capsys, "advise", "5H 5C 5S JD 4C 9S", "--json")
    for option in json.loads(out):  # each discard's distribution: integer counts of 683,100
        counts = option["distribution"]
        assert option["outcomes"] == sum(counts) == 46 * 45 * 44 // 2
        mean = Fraction(sum(t * n for t, n in enumerate(counts)), option["outcomes"])
        assert mean == Fraction(option["exact"]["total"])
        assert option["max"] == len(counts) - 1 and counts[option["min"]] > 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["advise", "5H", "5C", "5S", "JD", "4C"], "needs the 6 cards shown, got 5"),
        (["advise", "5H 5C 5S JD 4C 9S", "--seen", "5H"], "5♥ is both in your hand"),
        (["advise", "5H 5C 5S JD 4C 9S", "--starter", "ZZ"], "invalid card 'ZZ'"),
        (["advise", "5H 5C 5S JD 4C 9S", "--starter", "9S"], "starter 9♠ is also in your hand"),
    ],
)
def test_advise_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err


def test_a_terminal_without_unicode_gets_letters() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    for argv in (["score", "5H 5C 5S JD 5D"], ["advise", "5H 5C 5S JD 4C 9S"]):
        done = subprocess.run(
            [sys.executable, "-m", "solitaire", *argv], capture_output=True, text=True, env=env
        )
        assert done.returncode == 0, done.stderr
        assert "5H 5C 5S JD" in done.stdout and "♥" not in done.stdout
