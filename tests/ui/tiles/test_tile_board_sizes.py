"""The tile game's screen at every terminal size: the 80x24 screen exactly as pinned in
tests/fixtures/tiles/screens-80x24.json, and on larger terminals a board drawn in larger
cells that still fits, shows every tile and mark, and leaves the preview its rows.

To pin the 80x24 screens again after a deliberate change to them:
``python -m tests.ui.tiles.test_tile_board_sizes`` (then read the diff).
"""

from __future__ import annotations

import itertools
import json
import re
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
from solitaire.ui.tiles.screen import (
    CELLS,
    board_columns,
    board_rows,
    cell_size,
    tile_screen,
)
from solitaire.ui.tiles.session import TileSession
from tests.tiles.quick_greedy import quick_greedy
from tests.ui.helpers import lines

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


SWEEP = [
    (80, 24), (87, 29), (100, 30), (101, 36), (102, 36), (111, 37), (115, 36), (120, 40),
    (133, 45), (141, 48), (160, 50), (177, 53), (200, 60), (90, 70), (250, 30),
]  # fmt: skip
TILE = re.compile(r"([ >+*])([A2-9TJQK][DLdl]|[·.])")


def plain(session: TileSession, width: int, height: int) -> list[str]:
    """The screen without colour, one string a row; it fits the terminal."""
    rows = lines(tile_screen(session, width, height), width)
    assert len(rows) <= height, (width, height)
    assert max(map(len, rows)) <= width, (width, height)
    return rows


def squares(rows: list[str], cell: tuple[int, int]) -> list[str]:
    """Each square of the board drawn in ``rows`` as its mark and tile (``>6d``, `` ·``),
    read where a board in cells of this size puts it; the letters, the row numbers and the
    rows between the rows of tiles checked on the way."""
    width, height = cell
    left = (width - 3) // 2
    letters = rows[0][: board_columns(cell)].rstrip()
    assert (
        letters
        == "   "
        + "".join(" " * (left + 2) + c + " " * (width - 3 - left) for c in "ABCDEFGHIJKLM").rstrip()
    )
    out = []
    for row in range(13):
        line = rows[1 + row * height]
        assert line[:3] == f"{row + 1:>2} "
        for col in range(13):
            at = 3 + col * width
            drawn = line[at : at + width]
            assert drawn[:left] == " " * left and drawn[left + 3 :].strip() == "", drawn
            assert TILE.fullmatch(drawn[left : left + 3].rstrip() or " "), drawn
            out.append(drawn[left : left + 3])
        for between in range(1, height if row < 12 else 1):
            assert rows[1 + row * height + between][: board_columns(cell)].strip() == ""
    return out


def hidden(rows: list[str]) -> int:
    """How many lines of the explanation a screen leaves to Tab (its "+N more lines")."""
    cut = [int(found[1]) for row in rows if (found := re.match(r"\+(\d+) more lines: ", row))]
    return sum(cut)


def expected_tiles(session: TileSession) -> list[str]:
    """Each square's tile as the game holds it (the tiles laid this turn included):
    rank and colour letter, the letter in lower case for a turned 6 or 9; ``·`` empty."""
    board = session.game.board
    pending = {square: (tile, face) for square, tile, face in session.laid}
    out = []
    for square in range(board.size**2):
        if square in pending:
            tile, face = pending[square]
            dark, turned = tile.dark, face != tile.rank
        elif board.faces[square]:
            face, placed = board.faces[square], board.tiles[square]
            dark, turned = board.dark(square), placed is not None and placed.rank != face
        else:
            out.append("." if session.ascii else "·")
            continue
        colour = "D" if dark else "L"
        out.append("A23456789TJQK"[face - 1] + (colour.lower() if turned else colour))
    return out


def board_states(histories: Callable[[], History]) -> dict[str, TileSession]:
    """Mid-game screens that show the board: laid and turned tiles, the marks, the preview,
    typing, the hints, the end; four seats (three moves starred), the keyboard handed
    over, a Joker count being typed."""
    out = {
        "midgame": midgame(histories()),
        "laid": laid(histories()),
        "laid-ascii": laid(histories(), ascii=True),
    }
    typing = midgame(histories())
    typing.start_typing()
    typing.typing = "H2 across J 3 8 6 6/9"
    out["typing"] = typing
    hints = midgame(histories())
    hints.hint()
    assert hints.hints
    out["hints"] = hints
    over = midgame(histories())
    walk(over, 10**6)
    out["over"] = over
    four = TileSession(
        histories(), ["Ann", "greedy", "Bob", "greedy"], lambda: TileGame(SEED, 4), explicit=True
    )
    while len(four.game.turns) < 9 or four.seat != 0:  # three moves starred since Ann's
        four.take_keyboard()
        four.commit(quick_greedy(four.game.observation(four.seat)))
    out["handover"] = four
    four = TileSession(
        histories(), ["Ann", "greedy", "Bob", "greedy"], lambda: TileGame(SEED, 4), explicit=True
    )
    while len(four.game.turns) < 9 or four.seat != 0:
        four.take_keyboard()
        four.commit(quick_greedy(four.game.observation(four.seat)))
    four.take_keyboard()
    out["four seats"] = four
    joker = TileSession(
        histories(), ["Ann", "greedy"], lambda: TileGame(SEED, joker=True), explicit=True
    )
    while len(joker.game.turns) < TURNS:
        play = quick_greedy(joker.game.observation(joker.seat))
        worth = joker.game.check(play)
        joker.commit(play, None if worth is None else worth.total)
    lay(joker, best_turned(joker))
    joker.enter()
    joker.count = "5"
    assert joker.counting is not None
    out["joker count"] = joker
    return out


@pytest.fixture(scope="module")
def covered() -> Iterator[dict[str, TileSession]]:
    """The screens that cover the board: help (both pages), the rules, the whole move."""
    with fresh_histories() as histories:
        out = {}
        for name, prepare in SCREENS.items():
            out[name] = laid(histories())
            prepare(out[name])
        yield out


@pytest.mark.parametrize(("width", "height"), SWEEP)
def test_help_the_rules_and_the_whole_move_fit_at_every_size(
    covered: dict[str, TileSession], width: int, height: int
) -> None:
    for name, session in covered.items():
        rows = plain(session, width, height)
        assert rows[-1].strip(), name  # the keys that close it, never cut off


@pytest.fixture(scope="module")
def shown() -> Iterator[dict[str, TileSession]]:
    with fresh_histories() as histories:
        yield board_states(histories)


@pytest.mark.parametrize(("width", "height"), SWEEP)
def test_the_screen_fits_and_shows_the_whole_board_at_every_size(
    shown: dict[str, TileSession], width: int, height: int
) -> None:
    cell = cell_size(width, height)
    for name, session in shown.items():
        small = squares(plain(session, 80, 24), CELLS[0])
        rows = plain(session, width, height)
        drawn = squares(rows, cell)
        assert drawn == small, name  # every tile and every mark as at 80x24
        assert [square[1:].rstrip() for square in drawn] == expected_tiles(session), name
        assert hidden(rows) <= hidden(plain(session, 80, 24)), name  # no more lines cut


def test_the_marks_are_all_on_the_board() -> None:
    """The sweep's positions show every mark: the cursor, tiles laid, a turned tile laid and
    one down, the last move starred."""
    with fresh_histories() as histories:
        session = laid(histories())
        drawn = squares(plain(session, 120, 40), cell_size(120, 40))
        # The cursor on a tile laid this turn keeps its + (the square shown reversed) ...
        assert session.cursor in {square for square, _, _ in session.laid}
        session.cursor = session.game.board.faces.index(0)
        moved = squares(plain(session, 120, 40), cell_size(120, 40))
    marks = {square[0] for square in drawn}
    assert marks == {" ", "+", "*"}
    assert {square[0] for square in moved} == {" ", ">", "+", "*"}  # ... and > on an empty one
    turned = [square for square in drawn if square[-1] in "dl"]
    assert {square[0] for square in turned} >= {" ", "+"}  # one down, one laid under the cursor


def test_the_cell_grows_with_the_room() -> None:
    assert cell_size(80, 24) == CELLS[0]
    assert cell_size(120, 40) == (5, 2) and cell_size(160, 50) == (7, 3)
    for a, b in itertools.pairwise(CELLS):
        assert a[0] <= b[0] and a[1] <= b[1] and a != b
    for width in range(80, 240):
        for height in range(24, 80):
            cell = cell_size(width, height)
            wider, taller = cell_size(width + 1, height), cell_size(width, height + 1)
            for more in (wider, taller):
                assert more[0] >= cell[0] and more[1] >= cell[1], (width, height)
            # the largest that fits: the side panel keeps 44 columns, the rows below 7
            if cell != CELLS[0]:
                assert board_columns(cell) + 2 + 44 <= width
                assert board_rows(cell) + 3 + 7 <= height
            if cell != CELLS[-1]:
                bigger = CELLS[CELLS.index(cell) + 1]
                assert board_columns(bigger) + 2 + 44 > width or board_rows(bigger) + 10 > height


def test_the_preview_and_the_moves_use_the_rows_of_a_larger_terminal(
    shown: dict[str, TileSession],
) -> None:
    small, large = plain(shown["laid"], 80, 24), plain(shown["laid"], 120, 40)
    assert any(row.startswith("+4 more lines: Tab") for row in small)
    assert not any("more lines: Tab" in row for row in large)
    assert "⇒ 58 points" in [row.rstrip() for row in large]
    log = [row for row in large if re.search(r" {2}\d+ (Ann|greedy) +\d+ [A-M]\d", row)]
    assert len(log) == TURNS  # every move so far, under the panel
    assert not any("Moves" in row for row in small)


def test_a_resize_redraws_the_board_for_the_new_size(shown: dict[str, TileSession]) -> None:
    """Each draw takes the terminal's size of the moment: growing and shrinking mid-game
    changes the cells both ways and leaves nothing behind."""
    session = shown["laid"]
    before = ansi(session, 80, 24)
    for width, height in ((120, 40), (160, 50), (102, 36), (80, 24), (200, 60)):
        rows = plain(session, width, height)
        assert len(squares(rows, cell_size(width, height))) == 13 * 13
    assert ansi(session, 80, 24) == before


if __name__ == "__main__":
    PINNED.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(pinned_screens(), indent=1, ensure_ascii=False)
    PINNED.write_text(text + "\n", encoding="utf-8")
