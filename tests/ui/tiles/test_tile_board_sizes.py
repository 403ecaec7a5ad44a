"""The tile game's screen at every terminal size: the 80x24 screen exactly as pinned in
tests/fixtures/tiles/screens-80x24.json, and on larger terminals a board drawn in larger
cells that still fits, shows every tile and mark, and leaves the preview its rows.

To pin the 80x24 screens again after a deliberate change to them:
``python -m tests.ui.tiles.test_tile_board_sizes`` (then read the diff).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import Play
from solitaire.ui import shell
from solitaire.ui.kinds import KINDS
from solitaire.ui.tiles.screen import tile_screen
from solitaire.ui.tiles.session import TileSession
from tests.tiles.quick_greedy import quick_greedy

PINNED = Path(__file__).resolve().parents[2] / "fixtures" / "tiles" / "screens-80x24.json"
SEED = 3  # at turn 12 (Ann to move) Ann can lay H2:JD I2:3L J2:8D K2:6L L2:9D/6 for 58
TURNS = 12


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=KINDS) as h:
        yield h


def walk(session: TileSession, turns: int) -> None:
    """Ann plays greedy's moves (greedy answers) until ``turns`` turns are down."""
    while len(session.game.turns) < turns and not session.game.is_over:
        session.commit(quick_greedy(session.game.observation(session.seat)))


def lay(session: TileSession, play: Play) -> None:
    """Lay ``play`` by keys: the cursor on each square, the rack number, t for a turned tile."""
    taken: set[int] = set()
    for square, tile, face in play.placements:
        index = next(i for i, t in enumerate(session.rack) if t == tile and i not in taken)
        taken.add(index)
        session.cursor = square
        session.rack_key(index)
        if face != tile.rank:
            session.cursor = square
            session.turn_tile()


def best_turned(session: TileSession) -> Play:
    """The best play of three or more tiles that lays a 6 or 9 turned round."""
    plays = [
        scored
        for scored in session.game.legal_plays()
        if len(scored.play.placements) >= 3
        and any(tile.rank != face for _, tile, face in scored.play.placements)
    ]
    return max(plays, key=lambda scored: scored.score).play


def midgame(history: History, ascii: bool = False) -> TileSession:
    """Seed 3 after 12 turns (turned tiles on the board, the last move starred), Ann to move."""
    session = TileSession(
        history, ["Ann", "greedy"], lambda: TileGame(SEED), explicit=True, ascii=ascii
    )
    walk(session, TURNS)
    assert session.seat == 0 and len(session.game.turns) == TURNS
    return session


def laid(history: History, ascii: bool = False) -> TileSession:
    """The mid-game with Ann's best turned play laid by keys (``+`` marks, a preview)."""
    session = midgame(history, ascii)
    lay(session, best_turned(session))
    return session


def states(histories: Callable[[], History]) -> dict[str, TileSession]:
    """The screens pinned at 80x24, by name; each game in a history of its own (a second
    open game in one history would be offered as open in another window)."""
    out: dict[str, TileSession] = {}
    out["start"] = TileSession(
        histories(), ["Ann", "greedy"], lambda: TileGame(SEED), explicit=True
    )
    out["midgame"] = midgame(histories())
    out["laid"] = laid(histories())
    out["laid-ascii"] = laid(histories(), ascii=True)
    typing = midgame(histories())
    typing.start_typing()
    typing.typing = "H2 across J 3 8 6 6/"
    out["typing"] = typing
    for name, prepare in SCREENS.items():
        session = laid(histories())
        prepare(session)
        out[name] = session
    over = midgame(histories())
    walk(over, 10**6)
    out["over"] = over
    return out


def _help(session: TileSession) -> None:
    session.show_help = True


def _help_marks(session: TileSession) -> None:
    session.show_help = True
    session.help_page = 1


def _rules(session: TileSession) -> None:
    session.show_rules = True
    session.rules_page = 2


def _whole(session: TileSession) -> None:
    session.clear()
    session.whole = 0


SCREENS: dict[str, Callable[[TileSession], None]] = {
    "help": _help,
    "help-marks": _help_marks,
    "rules": _rules,
    "whole": _whole,
}


def ansi(session: TileSession, width: int, height: int) -> str:
    """The screen as the app draws it: ANSI text, colours and all."""
    return shell.render_ansi(tile_screen(session, width, height), width)


@contextmanager
def fresh_histories() -> Iterator[Callable[[], History]]:
    """Make histories, each in a folder of its own, all closed at the end."""
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        count = iter(range(10**6))

        def make() -> History:
            return stack.enter_context(History(Path(folder) / str(next(count)), kinds=KINDS))

        yield make


def pinned_screens() -> dict[str, str]:
    """Every pinned state drawn at 80x24 now."""
    with fresh_histories() as histories:
        return {name: ansi(session, 80, 24) for name, session in states(histories).items()}


def test_the_80x24_screen_is_unchanged() -> None:
    pinned = json.loads(PINNED.read_text(encoding="utf-8"))
    now = pinned_screens()
    assert sorted(now) == sorted(pinned)
    for name, screen in now.items():
        assert screen == pinned[name], name


if __name__ == "__main__":
    PINNED.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(pinned_screens(), indent=1, ensure_ascii=False)
    PINNED.write_text(text + "\n", encoding="utf-8")
