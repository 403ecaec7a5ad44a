"""A record of an unfinished game, as the program writes it (``replay ID --json``, or a
game saved mid-way), replays from a file for every game: as far as it goes, said to be
unfinished, with no resume command (a file is not a game of the history)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solitaire.cli import main
from solitaire.match.drill import Drill, drill_record
from solitaire.match.game import Match
from solitaire.match.record import match_record
from solitaire.patience.game import Game
from solitaire.patience.record import game_record
from solitaire.tiles.game import TileGame
from solitaire.tiles.players import greedy
from solitaire.tiles.record import game_record as tile_record


def patience() -> dict[str, Any]:
    game = Game.from_seed(4)
    game.discard(game.shown[:2])
    return game_record(game)


def match() -> dict[str, Any]:
    match = Match(5, games=2)
    rng = random.Random(5)
    for _ in range(40):
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return match_record(match, ("you", "easy"))


def drill() -> dict[str, Any]:
    drill = Drill(3, hands=2, opponent="standard")
    drill.lay(drill.playable()[0])
    return drill_record(drill)


def tiles() -> dict[str, Any]:
    game = TileGame(5)
    for _ in range(3):
        game.apply(greedy(game.observation(game.current_player)))
    return tile_record(game, ["Ann", "greedy"])


@pytest.mark.parametrize(
    ("record", "said"),
    [
        (patience, "Unfinished: 1 of 6 rounds played."),
        (match, "Unfinished: game 1 of 2."),
        (drill, "Unfinished: 0 of 2 hands played."),
        (tiles, "Unfinished after 3 turns."),
    ],
)
def test_an_unfinished_record_replays_from_a_file_and_says_so(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    record: Callable[[], dict[str, Any]],
    said: str,
) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record()))
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert said in out and "--resume" not in out and err == ""
    # --json prints the checked record (a tile game's racks only with --reveal).
    reveal = ["--reveal"] if record is tiles else []
    assert main(["replay", str(path), "--json", *reveal]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(path.read_text())


def test_a_tile_game_exported_with_its_racks_replays_through_a_pipe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``cribsol replay ID --reveal --json | cribsol replay -``, as by id: racks hidden
    unless --reveal, and said to be unfinished."""
    import io

    text = json.dumps(tiles())
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert main(["replay", "-"]) == 0
    out = capsys.readouterr().out
    assert "Unfinished after 3 turns." in out and "--reveal shows them" in out
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert main(["replay", "-", "--reveal"]) == 0
    assert "Unfinished after 3 turns." in capsys.readouterr().out
