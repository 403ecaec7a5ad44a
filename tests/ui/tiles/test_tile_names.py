"""A computer seated twice is told apart by its seat wherever the seats are named: the
screen, the replay and the history."""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire.store import History
from solitaire.store.schema import GameRow
from solitaire.tiles.game import TileGame
from solitaire.tiles.levels import seat_names
from solitaire.tiles.summary import tile_summary
from solitaire.ui.kinds import KINDS
from solitaire.ui.tiles.session import TileSession
from solitaire.ui.tiles.views import StoredTiles
from tests.ui.tiles.test_tile_end_and_rules import screen


@pytest.mark.parametrize(
    ("names", "shown"),
    [
        (["Ann", "expert"], ["Ann", "expert"]),
        (["expert", "expert"], ["expert 1", "expert 2"]),
        (["Ann", "expert", "greedy", "expert"], ["Ann", "expert 2", "greedy", "expert 4"]),
        (["planner", "planner", "planner"], ["planner 1", "planner 2", "planner 3"]),
    ],
)
def test_only_a_repeated_computer_is_numbered(names: list[str], shown: list[str]) -> None:
    assert seat_names(names) == shown
    assert len(set(seat_names(names))) == len(names)


def test_the_screen_and_the_history_number_two_experts(tmp_path: Path) -> None:
    names = ["expert", "expert", "greedy"]
    with History(tmp_path, kinds=KINDS) as history:
        session = TileSession(history, names, lambda: TileGame(4, 3), defer=True)
        session.pause = 0.5  # paced: the computers move a tick at a time
        session.settle_deferred()
        for _ in range(3):
            session.tick()
        game = session.game
        assert len(game.turns) == 3
        shown = screen(session)
        assert "expert 1" in shown and "expert 2" in shown and "greedy" in shown
        assert session.message.startswith(f"{seat_names(names)[game.turns[-1].player]}: ")
        summary = tile_summary(game, names, False)
        row = GameRow(1, "tiles", "you", "2026-12-04 12:00", game.seed, False, summary)
        state = StoredTiles(row, names, summary).state()
        scores = ", ".join(
            f"{n} {s}" for n, s in zip(seat_names(names), game.returns(), strict=True)
        )
        assert state == f"{scores}; unfinished"
        session.close()
