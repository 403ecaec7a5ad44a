"""Issue 26 on screen: the closed board and the passes left, the preview's total, the typed
move and turned tiles on the board, the rules page and the help's marks, keys behind help."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import generate
from solitaire.tiles.moves import Exchange, Pass, Play
from solitaire.tiles.rules import rules_text
from solitaire.ui.tiles.screen import MARKS, rules_pages, tile_screen
from solitaire.ui.tiles.session import Stage, TileSession
from solitaire.ui.tiles.views import game_view
from solitaire.ui.views import THEME
from tests.tiles.test_closed_board import ISSUE_MOVES
from tests.ui.tiles.test_tile_app import drive

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data") as h:
        yield h


def render(thing: object, width: int = 80) -> str:
    out = Console(file=io.StringIO(), width=width, theme=THEME, color_system=None)
    out.print(thing)
    assert isinstance(out.file, io.StringIO)
    return out.file.getvalue()


def screen(session: TileSession, width: int = 80, height: int = 24) -> str:
    text = render(tile_screen(session, width, height), width)
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= height and max(map(len, lines)) <= width
    return text


def hot_seat(history: History, rules: int = 2) -> TileSession:
    session = TileSession(history, ["Ann", "Bob"], lambda: TileGame(27, rules=rules), explicit=True)
    for move in ISSUE_MOVES[:-1]:
        session.take_keyboard()
        session.commit(Play.parse(move))
    session.take_keyboard()
    return session


def test_the_preview_warns_the_play_closes_the_board_and_the_end_says_why(
    history: History,
) -> None:
    session = hot_seat(history)
    session.start_typing()
    session.typing = ISSUE_MOVES[-1]
    shown = screen(session)
    assert "Legal: 46 points, Enter plays it · it closes the board: the game ends" in shown
    # The typed move is drawn on the board like tiles laid by keys.
    assert "4D+5D" in shown and "8D+7D" in shown and "JD+7D" in shown
    session.enter()
    assert session.stage is Stage.OVER
    over = screen(session)
    assert "It ended: the board is closed" in " ".join(over.split())
    replayed = render(game_view(session.game, session.names, "t"), 100)
    assert "Ann wins: the board is closed: no square can take a tile" in replayed


def test_the_panel_counts_the_turns_without_a_play_left(history: History) -> None:
    session = hot_seat(history, rules=1)
    session.take_keyboard()
    session.commit(Play.parse(ISSUE_MOVES[-1]))  # rules 1: the game goes on
    seen = []
    while not session.game.is_over:
        session.take_keyboard()
        seen.append(" ".join(screen(session).split()))
        session.commit(Pass())
    assert "more pass" not in seen[0]
    assert "5 more passes end the game" in seen[1]
    assert "1 more pass ends the game" in seen[5]


def test_the_total_is_on_the_legal_line_at_80x24_for_every_play(history: History) -> None:
    """Every legal play of a crowded position (the issue's, before it closes): its preview
    shows its total on the Legal line, however many lines it crosses."""
    session = hot_seat(history)
    plays = generate(session.game.board, session.rack)
    assert max(len(p.play.placements) for p in plays) >= 3
    crossing = 0
    for scored in plays:
        session.laid = list(scored.play.placements)
        shown = screen(session)
        total = scored.score
        assert f"Legal: {total} point{'s' * (total != 1)}, Enter plays it" in shown
        crossing += "more lines" in shown
    assert crossing  # some plays cross more lines than fit, yet the total shows


def test_a_turned_tile_is_marked_and_named_as_laid(history: History) -> None:
    session = hot_seat(history)
    shown = screen(session)
    assert "9l" in shown and "6l 6l" in shown  # E5 (a 6 laid as 9), F8 G8 (9s laid as 6)
    session.typing = "H1:6L/9"
    assert session.preview is not None and session.preview.error is not None


def test_exchanges_are_announced_by_their_count(history: History) -> None:
    session = hot_seat(history, rules=1)
    session.take_keyboard()
    session.commit(Play.parse(ISSUE_MOVES[-1]))
    session.take_keyboard()
    rack = session.rack
    session.commit(Exchange(rack[:2]))
    assert session.message == "Bob: exchanged 2 tiles."
    session.take_keyboard()
    shown = screen(session, 120, 40)
    assert "exchange 2 tiles" in shown and str(rack[0]) + " " + str(rack[1]) not in shown


def test_the_rules_page_pages_through_the_rules(history: History) -> None:
    assert (ROOT / "docs" / "RULES-TILES.md").read_text(encoding="utf-8") == rules_text()
    session = hot_seat(history)
    session.toggle_rules()
    for width, height in ((80, 24), (120, 40)):
        pages = rules_pages(width, height)
        text = ""
        for page in range(pages):
            session.rules_page = page
            text += screen(session, width, height)
        words = " ".join(text.split())
        assert f"page {pages} of {pages}" in words
        for rule in ("closed board", "six turns in a row", "face value", "Servant", "Joker"):
            assert rule in words, rule
    session.escape()
    assert not session.show_rules


def test_help_explains_every_mark_and_keys_behind_it_do_nothing(history: History) -> None:
    session = hot_seat(history)
    for width, height in ((80, 24), (120, 40)):
        session.toggle_help()
        text = screen(session, width, height)
        if "page 1 of 2" in text:
            session.turn_help_page(1)
            text += screen(session, width, height)
        for mark, _ in MARKS:
            assert mark.split()[0] in text
        for mark in ("*", ">", "+", "1:", "1+", "2x", "T", "9d"):
            assert mark in text
        session.toggle_help()
    before = list(session.game.turns)
    drive(session, "h1\rm")  # behind help: no tile laid, nothing played, no typing
    assert session.laid == [] and session.typing is None and session.game.turns == before
    assert session.show_help


def test_esc_closes_hints_before_taking_tiles_back(history: History) -> None:
    session = hot_seat(history)
    session.cursor = 85  # H7, empty
    session.rack_key(0)
    session.hint()
    assert session.hints is not None and session.laid
    session.escape()
    assert session.hints is None and session.laid
    session.escape()
    assert not session.laid
