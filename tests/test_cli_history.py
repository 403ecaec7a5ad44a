"""The store from the command line: history by deal, resume and again by id, refusals."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.core.cards import Deck
from solitaire.core.dealcode import deal_code
from solitaire.games import registered_games
from solitaire.patience.game import Game
from solitaire.store import SCHEMA_VERSION, History
from solitaire.ui.kinds import KINDS
from tests import stored as pstore


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_history_groups_attempts_by_deal_with_whole_codes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = ["--data-dir", str(tmp_path)]
    big = str(10**30)
    assert run(capsys, "play", "--seed", "5", "--auto", "random", *data)[0] == 0
    assert run(capsys, "play", "--seed", big, "--auto", "best", *data)[0] == 0
    assert run(capsys, "play", "--again", "1", "--auto", "best", *data)[0] == 0
    with History(tmp_path, kinds=KINDS) as history:
        game = Game.from_seed(5)
        game.discard(game.shown[:2])
        pstore.add(history, game, None)
    status, out, err = run(capsys, "history", *data)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines), out
    five, huge = deal_code(Deck.from_seed(5)), deal_code(Deck.from_seed(10**30))
    assert f"deal {five}  seed 5, 3 games" in out and f"deal {huge}" in out
    group = out[out.index(five) : out.index(huge)]
    assert [line.split()[0] for line in group.splitlines()[1:-1]] == ["4", "3", "1"]
    assert "unfinished, 1 of 6 rounds played" in group and "played by --auto best" in group
    assert f"seed {big}, 1 game" in out
    status, out, _ = run(capsys, "history", "--json", *data)
    rows = json.loads(out)
    assert [r["id"] for r in rows] == [4, 3, 1, 2] and rows[3]["seed"] == 10**30


def test_again_plays_the_same_deck_and_resume_refuses_auto(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = ["--data-dir", str(tmp_path)]
    _, first, _ = run(capsys, "play", "--daily", "--auto", "hand", "--json", *data)
    _, again, _ = run(capsys, "play", "--again", "1", "--auto", "hand", "--json", *data)
    assert json.loads(again)["deck"] == json.loads(first)["deck"]
    assert json.loads(again)["daily"] == json.loads(first)["daily"]
    for argv, words in [
        (["play", "--resume", "1", "--auto", "best"], "leave out --auto"),
        (["play", "--again", "9", "--auto", "best"], "no game 9 in the history"),
        (["play", "--resume", "x"], "a game id"),
        (["play", "--resume", "1", "--seed", "3"], "not allowed with argument"),
        (["replay", "77"], "no game 77 in the history"),
    ]:
        status, out, err = run(capsys, *argv, *data)
        assert status == 2 and out == "" and err.count("\n") == 1 and words in err, err


def test_replay_of_an_unfinished_game_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIBSOL_PROG", "scripts/play")
    with History(tmp_path, kinds=KINDS) as history:
        game = Game.from_seed(8)
        for _ in range(3):
            game.discard(game.shown[:2])
        pstore.add(history, game, None)
    status, out, _ = run(capsys, "replay", "1", "--data-dir", str(tmp_path))
    assert status == 0 and "\nRound 3 " in out and "\nRound 4 " not in out
    assert "Unfinished: 3 of 6 rounds played. scripts/play --resume 1 resumes it." in out


def test_a_newer_history_is_one_line_for_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with History(tmp_path, kinds=KINDS):
        pass
    conn = sqlite3.connect(tmp_path / "history.sqlite3")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    for argv in (["stats"], ["history"], ["replay", "1"], ["play", "--auto", "best"]):
        status, _, err = run(capsys, *argv, "--data-dir", str(tmp_path))
        assert status == 2 and err.count("\n") == 1 and "newer version" in err, err
    assert not list(tmp_path.glob("*.damaged-*"))


def test_edited_rows_are_reported_on_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = ["--data-dir", str(tmp_path)]
    for seed in (1, 2, 3):
        run(capsys, "play", "--seed", str(seed), "--auto", "best", *data)
    conn = sqlite3.connect(tmp_path / "history.sqlite3")
    conn.execute(
        "UPDATE games SET summary = json_set(summary, '$.total', 200), played_by = 'you'"
        " WHERE id IN (1, 3)"
    )
    conn.commit()
    conn.close()
    for argv in (["stats"], ["history"]):
        status, out, err = run(capsys, *argv, *data)
        assert status == 0 and "200" not in out
        assert err == (
            "cribsol: 2 games in the history do not check out and were skipped "
            "(edited or damaged): 1, 3\n"
        )
    status, _, err = run(capsys, "replay", "3", *data)
    assert status == 2 and "game 3 in the history does not check out" in err


def test_an_empty_history_names_every_games_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for command in ("stats", "history"):
        status, out, _ = run(capsys, command, "--data-dir", str(tmp_path / "none"))
        said = " ".join(out.split())
        assert status == 0 and said.startswith(("No games yet", "No finished games yet")), out
        for entry in registered_games():
            assert f"cribsol {entry.command}" in said, (command, out)
        assert all(len(line.split()) != 1 for line in out.splitlines()), out  # no word alone
