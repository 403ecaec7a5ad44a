"""Every number below the board is explained at every screen size: the lines of a move shown
add up to its score, or a "+N more lines" pointer says Tab shows them all; the whole view
(Tab) shows every line, paged. The count prompt of the Joker lists every Crib Hand the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import Play
from solitaire.tiles.players import expert
from solitaire.ui import shell
from solitaire.ui.kinds import KINDS
from solitaire.ui.tiles.screen import MORE, more_to_show, tile_screen, whole_pages
from solitaire.ui.tiles.session import Stage, TileSession
from tests.tiles.quick_greedy import quick_greedy
from tests.ui import helpers
from tests.ui.helpers import drive

SIZES = [(80, 24), (90, 30), (120, 40)]
HEAD = re.compile(r"^\S.*: .* for (\d+)$")
LINE = re.compile(r"^\s+[A-M]\d+-[A-M]\d+ .*? = (\d+): ")
BONUS = re.compile(r"^\s+\+ (\d+) bonus: ")
POINTER = re.compile(rf"^\+(\d+) more lines: {MORE}$")
HAND = re.compile(r"^[A-M]\d+-[A-M]\d+ ")  # a Crib Hand to count, worth not shown


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=KINDS) as h:
        yield h


def render(session: TileSession, width: int, height: int) -> list[str]:
    rows = [row.rstrip() for row in helpers.lines(tile_screen(session, width, height), width)]
    assert len(rows) <= height and max(map(len, rows)) <= width
    return rows


def whole(session: TileSession, width: int, height: int) -> list[str]:
    """Every page of the whole view, its rows joined (without each page's title and keys)."""
    rows: list[str] = []
    pages = whole_pages(session, width, height)
    for page in range(pages):
        session.whole = page
        shown = render(session, width, height)
        assert shown[0].endswith(f"page {page + 1} of {pages}")
        rows += shown[1:-1]
    session.whole = None
    return rows


def explained(rows: list[str]) -> list[tuple[int, int, int]]:
    """Each turn explained on screen: its score, the sum of its lines shown, the lines said
    to be left out by a pointer."""
    out: list[tuple[int, int, int]] = []
    for row in rows:
        if head := HEAD.match(row):
            out.append((int(head[1]), 0, 0))
        elif out and (line := LINE.match(row) or BONUS.match(row)):
            total, shown, more = out[-1]
            out[-1] = (total, shown + int(line[1]), more)
        elif out and (pointer := POINTER.match(row)):
            total, shown, _ = out[-1]
            out[-1] = (total, shown, int(pointer[1]))
    return out


def check_turns(session: TileSession, width: int, height: int) -> int:
    """The checks at one size; how many explanations had a pointer."""
    cut = 0
    turns = explained(render(session, width, height))
    for total, shown, more in turns:
        assert shown == total or (more > 0 and shown < total), (width, height)
        cut += more > 0
    full = explained(whole(session, width, height))
    assert len(full) >= len(turns)  # a pass or an exchange has no score to explain
    assert all(shown == total and not more for total, shown, more in full)
    return cut


@pytest.mark.parametrize("solitaire", [False, True])
def test_every_move_is_explained_whole_or_with_a_pointer_at_every_size(
    history: History, solitaire: bool
) -> None:
    cut = 0
    for seed in (3,):
        session = TileSession(
            history,
            ["you", "expert"],
            partial(TileGame, seed, solitaire=solitaire),
            explicit=True,
        )
        for _ in range(10):
            if session.game.is_over:
                break
            session.commit(quick_greedy(session.game.observation(session.seat)))
            for width, height in SIZES:
                cut += check_turns(session, width, height)
    assert cut  # some explanation at 80x24 did not fit: the pointer case was met


def test_the_count_prompt_lists_every_crib_hand_or_points_to_them(history: History) -> None:
    cut = 0
    for seed in (3, 8):
        session = TileSession(
            history, ["you", "expert"], partial(TileGame, seed, joker=True), explicit=True
        )
        for _ in range(8):
            if session.game.is_over:
                break
            action = quick_greedy(session.game.observation(session.seat))
            session.commit(action)
            if session.stage is not Stage.COUNT:
                continue
            assert isinstance(action, Play)
            score = session.game.check(action)
            assert score is not None
            for width, height in SIZES:
                rows = render(session, width, height)
                hands = sum(1 for row in rows if HAND.match(row))
                more = [int(m[1]) for row in rows if (m := POINTER.match(row))]
                assert hands + sum(more) == len(score.lines), (width, height)
                cut += bool(more)
                assert sum(1 for row in whole(session, width, height) if HAND.match(row)) == len(
                    score.lines
                )
            session.count = str(score.total)
            session.enter()
    assert cut


def test_tab_opens_the_whole_view_its_keys_turn_pages_and_leave_the_game_alone(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shell, "terminal_size", lambda: (80, 24))
    session = TileSession(history, ["you", "expert"], lambda: TileGame(3), explicit=True)
    session.commit(expert(session.game.observation(session.seat)))
    before = (session.cursor, list(session.laid), len(session.game.turns))
    assert not more_to_show(session, *shell.terminal_size())
    drive(session, "\t")  # all of it on screen: Tab refuses at once, in one line
    assert session.whole is None and session.message.startswith("It is all on screen")
    session.hint()  # the hint list does not all fit
    assert more_to_show(session, *shell.terminal_size())
    drive(session, "\t")
    assert session.whole == 0
    drive(session, "\x1b[B" * 50)  # Down: never past the last page
    assert session.whole == whole_pages(session, *shell.terminal_size()) - 1
    drive(session, "1")  # a game key does nothing while the view is open
    assert (session.cursor, session.laid, len(session.game.turns)) == before
    assert "Tab, Esc or Enter closes" in session.message
    for close in ("\t", "\r", "\x1b"):
        session.whole = 0
        drive(session, close + "q")  # q after it: a lone Esc waits for more
        assert session.whole is None
        assert (session.cursor, session.laid, len(session.game.turns)) == before


def test_a_message_is_cleared_by_the_next_key(history: History) -> None:
    session = TileSession(history, ["you", "expert"], lambda: TileGame(3), explicit=True)
    drive(session, "t")
    assert session.message == "t turns a 6 or 9 you have laid under the cursor"
    drive(session, "\x1b[D")  # Left: the cursor moves, the refusal is gone
    assert session.message == ""


def test_the_end_says_which_tiles_cost_the_deduction(history: History) -> None:
    session = TileSession(history, ["you", "expert"], lambda: TileGame(3), explicit=True)
    while not session.game.is_over:
        session.commit(quick_greedy(session.game.observation(session.seat)))
    screen = "\n".join(render(session, 80, 24))
    game = session.game
    assert game.deductions
    for seat in range(2):
        final, scored, taken = game.returns()[seat], game.scores[seat], game.deductions[seat]
        assert final == scored - taken
        if game.rack(seat):  # the final score, then how the deduction made it
            left = " ".join(map(str, game.rack(seat)))
            assert f"{final} = {scored} -{taken} ({left})" in screen
        else:
            assert f"{final} no tiles left" in screen
