"""Tile games in the history: listed, replayed by id, resumed by id, counted in the stats."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.players import greedy
from solitaire.tiles.record import load_record, replay
from solitaire.tiles.record import load_record as load_tiles_record
from solitaire.tiles.record import replay as replay_tiles
from solitaire.ui.kinds import KINDS, TILES
from solitaire.ui.tiles.session import Stage, TileSession


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A history with a finished Joker game (id 1) and an unfinished plain one (id 2), played
    once for the module in the tests' plain environment; each test works on a copy (data)."""
    path = tmp_path_factory.mktemp("tile_history") / "data"
    with pytest.MonkeyPatch.context() as monkeypatch:
        for name in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("CRIBSOL_DATA_DIR", str(path))
        play_the_history(path)
    return path


def play_joker(history: History, short: int) -> None:
    """A finished Joker game of Ann against greedy (seed 7), Ann counting each play
    ``short`` points under its worth (at least 0), filed and closed."""
    joker = TileSession(history, ["Ann", "greedy"], lambda: TileGame(7, joker=True), explicit=True)
    while not joker.game.is_over:
        action = greedy(joker.game.observation(joker.seat))
        joker.commit(action)
        if joker.stage is Stage.COUNT:
            score = joker.game.check(action)
            assert score is not None
            joker.commit(action, max(0, score.total - short))
    if joker.stage is Stage.LAST_CALL:  # the game ended on Ann's count: it is let stand
        joker.file_game()
    joker.close()


def play_the_history(path: Path) -> None:
    with History(path, kinds=KINDS) as history:
        play_joker(history, 2)
        plain = TileSession(history, ["Ann", "expert"], lambda: TileGame(8), explicit=True)
        for _ in range(2):
            plain.commit(greedy(plain.game.observation(plain.seat)))
        plain.close()


@pytest.fixture
def data(played: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own copy of the played history (its database, closed, and lock files)."""
    path = tmp_path / "data"
    shutil.copytree(played, path)
    monkeypatch.setenv("CRIBSOL_DATA_DIR", str(path))
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def finished_game(path: Path) -> TileGame:
    with History(path, kinds=KINDS) as history:
        from solitaire.cli.stored import stored_tile_games

        (row,) = [s.row for s in stored_tile_games(history) if s.row.finished]
        _, text = history.stored_record(row.id, "tiles")
    return replay(load_record(text))


def test_history_lists_tile_games_with_players_scores_and_state(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = finished_game(data)
    final = game.returns()
    winner = ["Ann", "greedy"][game.winners()[0]]
    status, out, _ = run(capsys, "history")
    assert status == 0 and "Tile games" in out
    assert f"joker      Ann {final[0]}, greedy {final[1]}; {winner} won" in out
    assert "plain      Ann" in out and "unfinished" in out
    assert "cribsol tiles --resume ID" in out
    status, out, _ = run(capsys, "history", "--json")
    rows = {row["id"]: row for row in json.loads(out)}
    assert rows[1]["players"] == ["Ann", "greedy"] and rows[1]["scores"] == list(final)
    assert rows[1]["rules"] == "joker" and rows[1]["winners"] == list(game.winners())
    assert rows[2]["finished"] is False and rows[2]["winners"] is None


def test_replay_id_shows_every_move_explained_and_the_counts(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = finished_game(data)
    status, out, _ = run(capsys, "replay", "1")
    assert status == 0 and "Tile game 1: Cribbage tiles, Joker, seed 7" in out
    assert "every turn matches the record" in out
    assert out.count(" said ") == sum(1 for t in game.turns if t.claim is not None)
    assert "greedy called Joker and took 2" in out
    status, out, _ = run(capsys, "replay", "2")
    assert status == 0 and re.search(r"Unfinished after \d+ turns\. cribsol tiles --resume 2 ", out)
    status, out, _ = run(capsys, "replay", "1", "--json")
    assert status == 0 and json.loads(out)["joker"] == 1


def test_replay_of_an_unfinished_game_hides_the_racks_unless_revealed(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with History(data, kinds=KINDS) as history:
        (row,) = history.unfinished(TILES)
        text = history.stored_record(row.id, TILES)[1]
    game = replay_tiles(load_tiles_record(text), allow_unfinished=True)
    racks = [" ".join(map(str, game.rack(seat))) for seat in range(game.players)]
    status, out, _ = run(capsys, "replay", "2")
    assert status == 0 and "left on rack" not in out and "(shown once it has ended)" in out
    assert not any(rack in out for rack in racks)
    # A game still in progress in the history shows its racks only once it has ended.
    for asked in (["--json"], ["--reveal"], ["--reveal", "--json"]):
        status, out, err = run(capsys, "replay", "2", *asked)
        assert status == 2 and out == "" and "in progress" in err and err.count("\n") == 1
    # A record file is not a game in progress: it is revealed on asking, as it says.
    record = tmp_path / "record.json"
    record.write_text(text)
    status, out, _ = run(capsys, "replay", str(record))
    assert status == 0 and "--reveal shows them" in out
    status, out, err = run(capsys, "replay", str(record), "--json")
    assert status == 2 and out == "" and "add --reveal" in err and err.count("\n") == 1
    status, out, _ = run(capsys, "replay", str(record), "--reveal")
    assert status == 0 and all(rack in out for rack in racks)
    # The racks alone: nothing is deducted from an unfinished game, and nothing is final.
    assert re.search(r"player +scored +rack", out)
    assert "left on rack" not in out and "final" not in out and "-0 (" not in out
    status, out, _ = run(capsys, "replay", str(record), "--reveal", "--json")
    assert status == 0 and json.loads(out)["final"] is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tiles", "--resume", "9"], "no tile game 9 in the history"),
        (["tiles", "--resume", "1"], "tile game 1 is finished: cribsol replay 1 shows it"),
        (["tiles", "--resume", "2", "--seed", "3"], "leave out --seed"),
        (["tiles", "--resume", "2", "--joker"], "leave out --joker"),
        (["tiles", "--resume", "2", "--players", "Ann,expert"], "leave out --players"),
        (["tiles", "--auto", "expert", "--joker"], "--joker is for a game played at this keyboard"),
        (["tiles", "--solitaire", "--joker"], "leave out --solitaire or --joker"),
        (["play", "--resume", "2"], "game 2 is a tiles game: cribsol tiles --resume 2 resumes it"),
        (["play", "--resume", "1"], "game 1 is a tiles game: cribsol replay 1 replays it"),
    ],
)
def test_resume_and_option_mistakes_are_one_line(
    data: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err


def test_stats_count_the_finished_tile_game(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = finished_game(data)
    status, out, _ = run(capsys, "stats", "--json")
    tiles = json.loads(out)["tiles"]
    assert status == 0 and tiles["games"] == 1 and tiles["against_computer"] == 1
    assert tiles["total"] == game.returns()[0]
    assert tiles["best_move"] == max(t.points for t in game.turns if t.player == 0)
