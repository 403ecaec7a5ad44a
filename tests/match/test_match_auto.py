"""`cribsol match --auto` and `cribsol replay` of match records, from the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_auto_prints_a_record_the_same_for_the_same_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("match", "--auto", "standard", "--vs", "easy", "--seed", "5", "--json")
    status, out, _ = run(capsys, *argv)
    record = json.loads(out)
    assert status == 0 and record["game"] == "match" and record["players"] == ["standard", "easy"]
    assert run(capsys, *argv)[1] == out
    assert run(capsys, *argv[:-2], "6", "--json")[1] != out


def test_a_series_counts_its_games(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("match", "--auto", "easy", "--vs", "easy", "--seed", "2", "--games", "3")
    record = json.loads(run(capsys, *argv, "--double-skunk", "4", "--json")[1])
    assert len(record["played"]) == 3 and record["double_skunk"] == 4
    assert sum(record["match_points"]) == sum(g["result"]["game_points"] for g in record["played"])


def test_the_text_view_fits_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "match", "--auto", "standard", "--vs", "easy", "--seed", "5")
    assert status == 0 and "Game 1 (standard / easy)" in out and "wins" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_match_piped_into_replay_is_re_scored(tmp_path: Path) -> None:
    python = sys.executable
    env = {**os.environ, "CRIBSOL_DATA_DIR": str(tmp_path)}
    result = subprocess.run(
        f"{python} -m solitaire match --auto standard --vs easy --seed 9 --json"
        f" | {python} -m solitaire replay -",
        shell=True,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "every deal matches the record" in result.stdout and result.stderr == ""


def test_a_record_file_replays_and_a_tampered_one_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, out, _ = run(capsys, "match", "--auto", "easy", "--vs", "standard", "--seed", "4", "--json")
    path = tmp_path / "match.json"
    path.write_text(out)
    status, shown, _ = run(capsys, "replay", str(path), "--json")
    assert status == 0 and json.loads(shown) == json.loads(out)
    record = json.loads(out)
    record["played"][0]["deals"][1]["starter"] = "XX"
    path.write_text(json.dumps(record))
    status, shown, err = run(capsys, "replay", str(path))
    assert status == 2 and shown == ""
    assert err.startswith("cribsol: game 1 deal 2: field 'starter'") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("--auto", "master"), "invalid choice: 'master'"),
        (("--auto", "easy", "--games", "0"), "--games: expected a whole number from 1 to 25"),
        (("--auto", "easy", "--seed", "-3"), "--seed: expected a whole number from 0"),
        (("--auto", "easy", "--seed", "x"), "--seed: expected a whole number from 0"),
        (("--auto", "easy", "--double-skunk", "5"), "expected a whole number from 3 to 4"),
        (("--vs", "hard", "--auto", "easy"), "invalid choice: 'hard'"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str
) -> None:
    status, out, err = run(capsys, "match", *argv)
    assert status == 2 and out == "" and words in err and err.count("\n") == 1
