"""``cribsol history`` at 80 columns and wider: no line longer than the screen, nothing cut,
and a line broken only between figures (a seat's name and score, a match's score and game),
for tile games of every kind of rules and seats and for matches far into a long series."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.match.game import Match
from solitaire.match.record import match_record
from solitaire.match.summary import match_summary
from solitaire.store import History, Summary
from solitaire.tiles.game import TileGame
from solitaire.tiles.players import greedy
from solitaire.tiles.record import game_record
from solitaire.tiles.summary import tile_summary
from solitaire.ui.kinds import KINDS, MATCH, TILES

SEATS = [
    (["Ann", "Bob", "greedy", "expert"], {"servant": True}, {}),
    (["Annabelle-Longname", "Bartholomew", "greedy", "expert"], {"servant": True}, {"joker": True}),
    (["dark", "light"], {"servant": True}, {"solitaire": True}),
    (["you", "expert"], {}, {"joker": True}),
    (["Ann", "Bob", "planner"], {}, {}),
]


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    with History(path, kinds=KINDS) as history:
        for seed, (names, shown, rules) in enumerate(SEATS):
            game = TileGame(seed, len(names), **rules)
            for _ in range(6):
                action = greedy(game.observation(game.current_player))
                score = game.check(action)
                game.apply(action, score.total if game.joker and score else None)
            servant = bool(shown)
            record = json.dumps(game_record(game, names, servant=servant))
            history.add(TILES, record, Summary(seed, False, tile_summary(game, names, servant)))
        match = Match(8, games=25)
        summary = {**match_summary(match, "standard"), "scores": [120, 119], "game_number": 12}
        history.add(MATCH, match_record(match, ("you", "standard")), Summary(8, False, summary))
    return path


@pytest.mark.parametrize("width", [80, 100, 160])
def test_every_line_fits_and_no_figure_is_cut(
    data: Path, width: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    assert main(["history", "--data-dir", str(data)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= width for line in lines)
    text = "\n".join(line.rstrip() for line in lines)
    assert text.count("unfinished") == len(SEATS) + 1
    with History(data, kinds=KINDS, readonly=True) as history:
        summaries = [row.summary for row in history.games(kind=TILES)]
    for summary in summaries:
        for name, score in zip(summary["names"], summary["scores"], strict=True):
            assert f"{name} {score}" in text  # a seat's name and score on one line
        assert summary["rules"] in text
    assert "120 to 119" in text and "in game 12 of 25" in text
    if width >= 160:  # room for every game on one line
        assert all("unfinished" in line for line in lines if line.strip()[:1].isdigit())
