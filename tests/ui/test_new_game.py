"""A new game is a new game: after one is finished, n starts another whose coach, grades
and panels owe nothing to the last (the coach's answers are kept by game, deal and cards
laid, which a new game repeats)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire.match.drill import DRILL, Drill, load_drill_record, replay_drill
from solitaire.match.game import Match
from solitaire.match.record import load_match_record, replay_match
from solitaire.store import History
from solitaire.ui.drill.session import DrillSession
from solitaire.ui.drill.session import Stage as DrillStage
from solitaire.ui.kinds import KINDS, MATCH
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.screen import MatchScreen
from solitaire.ui.match.session import MatchSession
from solitaire.ui.match.session import Stage as MatchStage
from tests.ui.helpers import render
from tests.ui.shared_work import share_advice, share_rankings


@pytest.fixture(autouse=True)
def _shared(monkeypatch: pytest.MonkeyPatch, shared_moves: None) -> None:
    """The coaches' answers found once per position and shared between the tests, which
    deal the same seeds again (tests/ui/shared_work.py)."""
    share_advice(monkeypatch)
    share_rankings(monkeypatch)


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=KINDS) as h:
        yield h


def play_drill(session: DrillSession) -> None:
    """Lay the first card that fits until the drill is over, opening the coach each card."""
    while session.stage is not DrillStage.OVER:
        if session.stage is DrillStage.PLAY:
            if sum(map(session.playable, session.hand)) > 1:
                session.toggle_coach()
                assert session.advice() is not None  # the inline coach answers at once
                session.toggle_coach()
            session.lay(first_fit(session))
        else:
            session.enter()
        assert "went wrong" not in session.message, session.message


def test_a_second_drill_after_n_is_graded_on_its_own_cards(history: History) -> None:
    seeds = iter([35, 36])  # n deals another drill, as it does in the game
    session = DrillSession(history, lambda: Drill(next(seeds), 1, "easy"), coach=Coach())
    play_drill(session)
    first = session.game_id
    session.start_afresh()
    assert session.game_id != first and session.last is None
    play_drill(session)
    for game_id in (first, session.game_id):
        assert game_id is not None
        text = history.stored_record(game_id, DRILL)[1]
        replay_drill(load_drill_record(text))  # the player's own drills replay


def first_fit(session: MatchSession | DrillSession) -> int:
    """The position of the first card in hand that can be laid."""
    return next(i for i, card in enumerate(session.hand) if session.playable(card))


def discard(session: MatchSession) -> None:
    session.toggle(0)
    session.toggle(1)
    session.confirm()


def play_match(session: MatchSession) -> None:
    """Discard the first two and lay the first card that fits until the match is over."""
    while session.stage is not MatchStage.MATCH_OVER:
        discard(session)
        play_match_deal(session)


@pytest.mark.slow
def test_a_second_match_after_n_is_coached_on_its_own_cards(history: History) -> None:
    seeds = iter([41, 42])
    session = MatchSession(history, "easy", lambda: Match(next(seeds)), coach=Coach())
    play_match(session)
    first = session.game_id
    session.start_afresh()
    assert session.game_id != first
    for _ in range(3):  # the new match's first deals, the coach asked at every card
        discard(session)
        while not (session.your_turn and not session.discarding):
            session.enter()
        session.toggle_coach()  # ? at your card: the inline coach answers at once
        advice = session.view.advice()
        session.toggle_coach()
        assert advice is not None and {a.card for a in advice} <= set(session.hand)
        play_match_deal(session)
    assert session.game_id is not None
    text = history.stored_record(session.game_id, MATCH)[1]
    replay_match(load_match_record(text), allow_unfinished=True)


def draw(session: MatchSession) -> str:
    return render(MatchScreen(session), 100)


def play_match_deal(session: MatchSession) -> None:
    """Lay cards and go on until the next discard, the screen drawn at every step."""
    while not (session.your_turn and session.discarding):
        draw(session)
        if session.stage is MatchStage.MATCH_OVER:
            return
        if session.your_turn:
            session.toggle_coach()  # the coach asked, its answer drawn, then hidden
            draw(session)
            session.toggle_coach()
            session.lay(first_fit(session))
        else:
            session.enter()
        assert "went wrong" not in session.message, session.message
