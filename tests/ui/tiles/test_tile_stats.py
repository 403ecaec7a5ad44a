"""cribsol stats gains a tiles section counted from the finished games in the history."""

from __future__ import annotations

import json
import re
from collections import Counter
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
    assert tiles["jokers"] == 0
    assert main(["stats", "--data-dir", str(data)]) == 0
    shown = capsys.readouterr().out
    assert "Tiles" in shown and "Joker" not in shown


def test_every_figure_says_what_it_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game of computers alone is counted (and in no other figure), a solitaire's colours
    win nothing by name, and the people's figures say they are all their seats together."""
    data = tmp_path / "data"
    with History(data, kinds=KINDS) as history:
        against = finish(history, 4, ["Ann", "expert"])
        hot_seat = finish(history, 5, ["Ann", "Bob"])
        finish(history, 6, ["dark", "light"], solitaire=True)
        finish(history, 9, ["greedy", "expert"])
    assert main(["stats", "--json", "--data-dir", str(data)]) == 0
    tiles = json.loads(capsys.readouterr().out)["tiles"]
    assert (tiles["games"], tiles["computers_only"], tiles["against_computer"]) == (3, 1, 1)
    names = ["Ann", "Bob"]
    expected = Counter(["Ann"] * (0 in against.winners()) + [names[s] for s in hot_seat.winners()])
    assert tiles["winners"] == dict(expected)  # no "dark" or "light"
    assert main(["stats", "--data-dir", str(data)]) == 0
    out = capsys.readouterr().out
    for label, value in [
        ("with a person at this keyboard", 3),
        ("against the computer", 1),
        ("won by a person at this keyboard", int(0 in against.winners())),
        ("people only (hot seat)", 1),
        ("solitaires", 1),
        ("computers only (in no figure below)", 1),
    ]:
        assert re.search(rf"^ +{re.escape(label)} +{value} *$", out, re.MULTILINE), label
    assert "the people's 5 seats in 3 games, all together" in out
    assert "won at this keyboard" not in out and "bonus: " not in out


def test_joker_figures_are_shown_for_joker_games_even_with_no_call(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Counted exactly, Ann misses nothing and nobody calls: the Joker rows still say so."""
    from tests.ui.tiles.test_tile_history import play_joker

    data = tmp_path / "data"
    with History(data, kinds=KINDS) as history:
        finish(history, 4, ["Ann", "expert"])
        play_joker(history, 0)
    assert main(["stats", "--json", "--data-dir", str(data)]) == 0
    tiles = json.loads(capsys.readouterr().out)["tiles"]
    assert (tiles["games"], tiles["jokers"], tiles["joker_calls"], tiles["missed"]) == (2, 1, 0, 0)
    assert main(["stats", "--data-dir", str(data)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^ +Joker games +1 *$", out, re.MULTILINE)
    assert re.search(r"^ +Joker calls made +0 *$", out, re.MULTILINE)
    assert re.search(r"^ +points missed in their own counts +0 *$", out, re.MULTILINE)
