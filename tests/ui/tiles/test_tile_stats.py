"""cribsol stats gains a tiles section counted from the finished games in the history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import Play
from solitaire.ui.kinds import KINDS
from solitaire.ui.tiles.session import TileSession
from tests.tiles.quick_greedy import quick_greedy


def finish(history: History, seed: int, names: list[str], solitaire: bool = False) -> TileGame:
    session = TileSession(
        history, names, lambda: TileGame(seed, len(names), solitaire=solitaire), explicit=True
    )
    while not session.game.is_over:
        session.take_keyboard()
        session.commit(quick_greedy(session.game.observation(session.seat)))
    session.close()
    return session.game


def test_stats_has_a_tiles_section(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    with History(data, kinds=KINDS) as history:
        games = [
            (finish(history, 4, ["Ann", "expert"]), [0]),
            (finish(history, 5, ["Ann", "Bob", "greedy"]), [0, 1]),
            (finish(history, 6, ["dark", "light"], solitaire=True), [0, 1]),
        ]
        TileSession(history, ["Ann", "expert"], lambda: TileGame(7), explicit=True).close()
    assert main(["stats", "--json", "--data-dir", str(data)]) == 0
    tiles = json.loads(capsys.readouterr().out)["tiles"]
    seats = [(g, s) for g, people in games for s in people]
    assert tiles["games"] == 3 and tiles["solitaires"] == 1 and tiles["against_computer"] == 2
    assert tiles["wins"] == sum(any(s in g.winners() for s in p) for g, p in games[:2])
    assert (tiles["scores"], tiles["total"]) == (len(seats), sum(g.returns()[s] for g, s in seats))
    moves = [t for g, people in games for t in g.turns if t.player in people]
    assert tiles["best_move"] == max(t.points for t in moves)
    five = sum(1 for t in moves if isinstance(t.action, Play) and len(t.action.tiles) == 5)
    assert tiles["bonuses"]["all five tiles"] == five
    assert main(["stats", "--data-dir", str(data)]) == 0
    assert "Tiles" in capsys.readouterr().out
