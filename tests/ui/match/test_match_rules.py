"""The rules page (k) of the match and of the pegging drill: every page of the rules fits the
screen, the keys turn them, and the game's keys stand aside while they are shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.output import DummyOutput

from solitaire.match.drill import Drill
from solitaire.match.game import Match
from solitaire.match.rules import rules_text
from solitaire.store import History
from solitaire.ui.drill.screen import DrillScreen
from solitaire.ui.drill.session import DrillSession
from solitaire.ui.kinds import KINDS
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.screen import MatchScreen, rules_pages
from solitaire.ui.match.session import MatchSession
from solitaire.ui.views import rules_lines
from tests.ui.helpers import drive, lines

PAGE_DOWN = "\x1b[6~"


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "data", kinds=KINDS)


def drawn(session: MatchSession | DrillSession, columns: int, rows: int) -> list[str]:
    if isinstance(session, MatchSession):
        return [line.rstrip() for line in lines(MatchScreen(session, rows, columns), columns)]
    return [line.rstrip() for line in lines(DrillScreen(session, rows, columns), columns)]


def sessions(history: History) -> list[MatchSession | DrillSession]:
    return [
        MatchSession(history, "standard", lambda: Match(11)),
        DrillSession(history, lambda: Drill(3, 2, "expert"), coach=Coach()),
    ]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_every_page_of_the_rules_fits_and_together_they_hold_them(
    history: History, size: tuple[int, int]
) -> None:
    columns, rows = size
    for session in sessions(history):
        session.toggle_rules()
        pages = rules_pages(columns, rows)
        seen: list[str] = []
        for page in range(pages):
            session.rules_page = page
            screen = drawn(session, columns, rows)
            assert len(screen) <= rows and max(map(len, screen)) <= columns, screen
            assert screen[0].startswith(f"Rules · page {page + 1} of {pages} ·"), screen[0]
            seen += [line for line in screen[1:] if line.strip()]
        whole = [line.plain.rstrip() for line in rules_lines(rules_text(), columns, False)]
        assert seen == [line for line in whole if line.strip()]
        session.close()


def test_k_opens_the_rules_pages_turn_and_the_game_keys_stand_aside(history: History) -> None:
    for session in sessions(history):
        hand = list(session.hand)
        drive(session, "k" + PAGE_DOWN + "1")
        assert session.show_rules and session.rules_page == 1
        assert list(session.hand) == hand  # 1 laid nothing
        assert not isinstance(session, MatchSession) or not session.selected  # nor picked
        assert "In the rules" in session.message
        drive(session, PAGE_DOWN * 50)
        size = DummyOutput().get_size()
        assert session.rules_page == rules_pages(size.columns, size.rows) - 1  # and no further
        drive(session, "k")
        assert not session.show_rules
        drive(session, "k")
        assert session.show_rules and session.rules_page == 0  # from the first page again
        session.close()


def test_the_help_names_the_rules_key(history: History) -> None:
    for session in sessions(history):
        session.show_help = True
        assert any(" k " in f" {line} " or "/ k" in line for line in drawn(session, 80, 24))
        session.close()
