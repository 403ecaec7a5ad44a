"""What the play-throughs found on the tile game's screen: the opening draw when a computer
begins, x with nothing to exchange, each refusal said once, a typed move's rack tiles
marked as laid, and the cursor that kept a square's mark hidden."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import IllegalMoveError, Pass
from solitaire.ui.kinds import KINDS
from solitaire.ui.tiles.screen import tile_screen
from solitaire.ui.tiles.session import Stage, TileSession
from solitaire.ui.tiles.views import board_text
from tests.tiles.quick_greedy import quick_greedy
from tests.ui.helpers import render
from tests.ui.tiles.test_tile_app import refusals_on_the_board

SIZES = [(80, 24), (120, 40)]


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=KINDS) as h:
        yield h


def screen(session: TileSession, width: int, height: int) -> str:
    """The screen as plain text, its rows joined and its spaces collapsed."""
    return " ".join(render(tile_screen(session, width, height), width).split())


@pytest.mark.parametrize("seed", [101, 12])
@pytest.mark.parametrize("computer", ["expert", "planner"])
def test_the_opening_draw_is_shown_when_the_computer_moves_first(
    history: History, seed: int, computer: str
) -> None:
    session = TileSession(history, ["you", computer], lambda: TileGame(seed), explicit=True)
    assert [turn.player for turn in session.game.turns] == [1]  # the computer began
    for width, height in SIZES:
        shown = screen(session, width, height)
        assert f"{computer} drew lowest and moves first" in shown, (width, height)
        assert f"{computer}: " in shown  # beside its move explained
    session.commit(quick_greedy(session.game.observation(session.seat)))
    session.commit(quick_greedy(session.game.observation(session.seat)))
    assert "drew lowest" not in screen(session, 80, 24)  # once you have moved, it has done
    session.close()


def _to_an_empty_bag_without_a_play(session: TileSession) -> None:
    while session.game.can_play() or session.game.bag:
        assert not session.game.is_over, "the game ended before the bag was empty"
        session.commit(quick_greedy(session.game.observation(session.seat)))


def test_x_with_nothing_to_exchange_refuses_at_once_in_one_line(history: History) -> None:
    """Every key that opens a screen for a move that cannot be made refuses before opening
    it: x with an empty bag (p passes)."""
    session = TileSession(history, ["Ann", "greedy"], lambda: TileGame(0, rules=1), explicit=True)
    _to_an_empty_bag_without_a_play(session)
    assert not session.game.exchanges() and session.game.can(Pass())
    session.exchange()
    assert session.stage is Stage.PLAY and not session.exchanging
    assert "\n" not in session.message and "p passes" in session.message
    for width, height in SIZES:
        shown = screen(session, width, height)
        assert shown.count("The bag is empty") == 1 and "Mark the tiles" not in shown
    session.pass_turn()
    assert session.message == "Ann: pass."  # not "pass, 0 points"
    session.close()


def _count(shown: str, said: str) -> int:
    return shown.count(" ".join(said.split()))


def test_every_refusal_is_printed_once(history: History) -> None:
    """A refusal by Enter, of tiles laid or a move typed, is said once: the preview says it
    and Enter does not say it again; a refusal by a key alone (p) is said once too."""
    session = TileSession(history, ["Ann", "greedy"], lambda: TileGame(3), explicit=True)
    seen = 0
    while not session.game.is_over and len(session.game.turns) < 12:
        for placements in refusals_on_the_board(session).values():
            for typed in (False, True):
                session.clear()
                if typed:
                    session.start_typing()
                    session.typing = " ".join(
                        f"{chr(65 + s % 13)}{s // 13 + 1}:{t}" + (f"/{f}" if f != t.rank else "")
                        for s, t, f in placements
                    )
                else:
                    for square, tile, face in placements:
                        session.cursor = square
                        session.rack_key(session.rack.index(tile))
                        if face != tile.rank:
                            session.turn_tile()
                preview = session.preview
                assert preview is not None and preview.error is not None
                session.enter()
                assert session.message == str(preview.error)  # Enter refused it
                for width, height in SIZES:
                    shown = screen(session, width, height)
                    assert _count(shown, str(preview.error)) == 1, (shown, width)
                seen += 1
        session.clear()
        if session.game.can_play():
            session.pass_turn()
            with pytest.raises(IllegalMoveError) as refused:
                session.game.check(Pass())
            assert _count(screen(session, 80, 24), str(refused.value)) == 1
        session.message = ""
        session.commit(quick_greedy(session.game.observation(session.seat)))
    assert seen > 20
    session.close()


@pytest.mark.parametrize("form", ["squares", "ranks"])
def test_a_typed_move_marks_its_rack_tiles_as_laid(history: History, form: str) -> None:
    session = TileSession(history, ["Ann", "greedy"], lambda: TileGame(3), explicit=True)
    assert session.seat == 0 and not session.game.turns
    rack = session.rack
    session.start_typing()
    if form == "squares":
        session.typing = f"G7:{rack[0]} H7:{rack[1]}"
    else:
        session.typing = f"G7 across {rack[0]} {rack[1]}"
    for width, height in SIZES:
        shown = screen(session, width, height)
        assert f"1+{rack[0]}" in shown and f"2+{rack[1]}" in shown, shown
        assert f"3:{rack[2]}" in shown
    session.close()


def test_the_cursor_keeps_a_squares_own_mark() -> None:
    """The cursor on a tile laid this turn (+) or of the last move (*) keeps that mark and
    shows the square reversed; on any other square it is >."""
    game = TileGame(3)
    game.apply(quick_greedy(game.observation(game.current_player)))
    board = game.board
    last = set(game.turns[-1].action.squares)  # type: ignore[union-attr]
    starred = min(last)
    empty = board.faces.index(0)
    rack = game.rack(game.current_player)
    laid = [(empty, rack[0], rack[0].rank)]
    size = board.size
    for cursor, mark in ((starred, "*"), (empty, "+"), (empty + 1, ">")):
        placed = laid if mark == "+" else []
        text = board_text(board, cursor=cursor, laid=placed, last=last)
        row, col = divmod(cursor, size)
        line = text.plain.split("\n")[row + 1]
        assert line[3 + 3 * col] == mark, (mark, line)
        reversed_at = {
            i
            for span in text.spans
            if "reverse" in str(span.style)
            for i in range(span.start, span.end)
        }
        offset = sum(len(x) + 1 for x in text.plain.split("\n")[: row + 1]) + 3 + 3 * col
        assert (offset in reversed_at) == (mark != ">"), mark


def test_counts_and_names_agree_on_screen(history: History) -> None:
    """ "1 tiles", "you ... moves first" and "-0 (-)" as the play-throughs met them."""
    first_you = next(s for s in range(50) if TileGame(s).first_player == 0)
    session = TileSession(history, ["you", "planner"], lambda: TileGame(first_you), explicit=True)
    for width, height in SIZES:
        assert "you drew lowest and move first." in screen(session, width, height)
    session.close()
    computer = TileSession(history, ["you", "planner"], lambda: TileGame(101), explicit=True)
    assert "planner drew lowest and moves first." in screen(computer, 80, 24)
    # a rack of one tile, as the end of the bag leaves it
    game = computer.game
    game.racks[1] = game.racks[1][:1]
    for width, height in SIZES:
        shown = screen(computer, width, height)
        assert "1 tile " in shown + " " and "1 tiles" not in shown
    computer.close()


def test_the_replay_of_a_player_who_went_out_shows_no_signed_zero(tmp_path: Path) -> None:
    from solitaire.tiles.moves import Play
    from solitaire.ui.tiles.views import game_view

    for seed in range(40):
        game = TileGame(seed)
        while not game.is_over:
            game.apply(quick_greedy(game.observation(game.current_player)))
        out = [seat for seat in range(game.players) if not game.rack(seat)]
        if out and isinstance(game.turns[-1].action, Play):
            break
    else:
        pytest.fail("no game of 40 ended with a player out")
    text = render(game_view(game, ["Ann", "Bob"], "title"), 100)
    assert "-0 (" not in text and "(-)" not in text
    assert "none" in text


def test_the_solitaires_end_shows_its_worst_moves_whole_at_80x24(history: History) -> None:
    """The review at the end of the solitaire: each colour's line and the moves furthest from
    the best, all on screen (none behind Tab), each entry whole on one row."""
    import random
    import re

    from solitaire.tiles.review import move_gaps

    session = TileSession(
        history, ["dark", "light"], lambda: TileGame(11, 2, solitaire=True), explicit=True
    )
    while not session.game.is_over:  # a poor player: moves far from the best
        actions = session.game.legal_actions()
        session.commit(random.Random(len(session.game.turns)).choice(actions))
    gaps = move_gaps(session.game)
    worst = sorted((g for g in gaps if g.gap > 0), key=lambda g: -g.gap)[:6]
    assert len(worst) == 6
    wanted = [
        f"#{gaps.index(g) + 1} {('dark', 'light')[g.player]} {g.points}/{g.best}" for g in worst
    ]
    for width, height in SIZES:
        rows = render(tile_screen(session, width, height), width).splitlines()
        shown = [m.group(0) for row in rows for m in re.finditer(r"#\d+ \w+ \d+/\d+", row)]
        assert shown == wanted, (width, rows)
        assert not any("more lines" in row for row in rows)
        for seat, name in enumerate(("dark", "light")):
            mine = [g for g in gaps if g.player == seat]
            line = next(row for row in rows if row.startswith(f"{name} "))
            assert f"{sum(g.gap for g in mine)} points short" in line
    session.close()
