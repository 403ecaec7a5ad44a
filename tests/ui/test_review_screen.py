"""The review screen at the end of a match, a drill and a patience game: ``?`` opens it,
the keys step through the decisions, each drawn over its position, the seats' figures add
up on the screen, and the review is kept in the history (and read back, not graded again)."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest

from solitaire.core.cards import Card
from solitaire.core.review import Decision, GameReview, Progress, review_from_json
from solitaire.match.drill import Drill, load_drill_record
from solitaire.match.game import Match, Phase
from solitaire.match.grading import review_drill
from solitaire.match.record import load_match_record
from solitaire.patience.game import Game
from solitaire.patience.grading import review_game
from solitaire.patience.record import load_record
from solitaire.store import History
from solitaire.ui.drill.screen import DrillScreen
from solitaire.ui.drill.session import DrillSession
from solitaire.ui.drill.session import Stage as DrillStage
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.screen import MatchScreen
from solitaire.ui.match.session import MatchSession, Stage
from solitaire.ui.patience.screen import SessionScreen
from solitaire.ui.patience.session import PlaySession
from solitaire.ui.review.job import ReviewJob
from solitaire.ui.review.views import cost_text
from tests import shared_grading as shared
from tests.shared_grading import shared_reviews  # noqa: F401 (a fixture)
from tests.ui import helpers

MATCH_SEED = 25
REVIEW_MATCH = "solitaire.match.grading:review_match"
RIGHT = "\x1b[C"
LEFT = "\x1b[D"

# The match of seed 25 is graded at its end here, again by the grader beside it and again
# behind a slow stand-in: its review is worked out once (tests/shared_grading.py).
pytestmark = pytest.mark.usefixtures("shared_reviews")


def play_match(session: MatchSession) -> None:
    """The first legal choice every time, to the end of the match."""
    while session.stage is not Stage.MATCH_OVER:
        if session.discarding:
            session.toggle(0)
            session.toggle(1)
        elif session.your_turn and not session.counting:
            session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
            continue
        session.enter()


def play_drill(session: DrillSession) -> None:
    session.settle()
    while session.stage is not DrillStage.OVER:
        if session.stage is DrillStage.PLAY:
            session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
        else:
            session.enter()


@pytest.fixture(scope="module")
def ended_match(tmp_path_factory: pytest.TempPathFactory) -> tuple[History, MatchSession]:
    """A match played to its end (its review graded at once: no executor)."""
    from solitaire.ui.kinds import history

    kept = history(tmp_path_factory.mktemp("data"))
    session = MatchSession(kept, "standard", lambda: Match(MATCH_SEED), coach=Coach())
    with shared.reviews_shared():
        play_match(session)
    return kept, session


def symbols(cards: tuple[Card, ...]) -> list[str]:
    return [card.symbol(False) for card in cards]


def screen_text(lines: list[str]) -> str:
    """The screen's words run together: a long line wraps, so a phrase may span two."""
    return " ".join(" ".join(lines).split())


def shows_decision(text: str, decision: Decision) -> bool:
    """The rendered text shows the decision: where, what was chosen, the best when it
    differs, the cost and the grade."""
    said = [decision.where, decision.chosen, cost_text(decision), decision.grade.value]
    if decision.best != decision.chosen:
        said.append(decision.best)
    return all(" ".join(part.split()) in text for part in said)


def figures_add_up(lines: list[str], review: GameReview) -> None:
    """Each seat's loss by kind, as shown, adds up to its shown whole, which is the points
    lost its row of the seats' table shows."""
    for seat in review.seats:
        row = next(line.split() for line in lines if line.split()[:1] == [seat.name])
        start = lines.index(next(line for line in lines if line.startswith(f"{seat.name}: points")))
        parts: list[int] = []
        for line in lines[start + 1 :]:
            found = re.fullmatch(r"\s+(.+?)\s+(\d+\.\d\d)\s*", line)
            assert found, line
            hundredths = round(float(found[2]) * 100)
            if found[1] == "in all":
                assert sum(parts) == hundredths
                assert row[2] == found[2]  # the table's points lost
                break
            parts.append(hundredths)
        assert parts == sorted(seat.shown_by_kind().values(), reverse=True)


def test_the_match_review_opens_steps_and_draws_each_position(
    ended_match: tuple[History, MatchSession],
) -> None:
    _history, session = ended_match
    helpers.drive(session, "?")
    assert session.reviewing.shown and session.reviewing.steps is not None
    review = session.reviewing.steps.review
    for width in (80, 120):
        lines = helpers.lines(MatchScreen(session, 40, width), width)
        assert lines[0] == f"Match {session.game_id} reviewed"
        assert len(lines) <= 24 and max(map(len, lines)) <= width
        figures_add_up(lines, review)
    positions = {}
    for decision in review.decisions():
        helpers.drive(session, "n")
        steps = session.reviewing.steps
        assert steps is not None and steps.current == decision
        lines = helpers.lines(MatchScreen(session), 80)
        assert len(lines) <= 24 and max(map(len, lines)) <= 80, "\n".join(lines)
        text = screen_text(lines)
        assert shows_decision(text, decision), text
        view = session.reviewing.position(decision)
        assert view is not None and view.player == decision.seat
        cards = view.dealt if view.phase is Phase.DISCARD else view.hand
        if view.phase is Phase.SHOW:
            cards = view.counting
        assert all(card in text for card in symbols(cards)), text
        assert f"{view.scores[0]}," in text
        positions[decision.spot] = view
    assert len(positions) == len(review.decisions())
    helpers.drive(session, "n")  # past the last: back at the figures
    assert session.reviewing.steps is not None and session.reviewing.steps.current is None


def test_the_match_review_is_kept_and_equals_the_graders(
    ended_match: tuple[History, MatchSession],
) -> None:
    history, session = ended_match
    assert session.game_id is not None
    _row, text = history.stored_record(session.game_id, "match")
    direct = shared.reviewed(REVIEW_MATCH, load_match_record(text))
    kept = history.kept_review(session.game_id, "match")
    assert kept is not None and review_from_json(kept) == direct
    assert session.reviewing.job is not None and session.reviewing.job.review == direct


def test_the_mistake_seat_and_order_keys(ended_match: tuple[History, MatchSession]) -> None:
    _history, session = ended_match
    session.reviewing.shown = False
    helpers.drive(session, "?")
    steps = session.reviewing.steps
    assert steps is not None
    steps.index = -1
    helpers.drive(session, "m")
    first = steps.current
    assert first is not None and first.grade.value in ("mistake", "blunder")
    assert all(d.grade.value not in ("mistake", "blunder") for d in steps.shown()[: steps.index])
    helpers.drive(session, "a")
    assert steps.yours_only and steps.current == first  # yours: the same decision stays
    assert {d.seat for d in steps.shown()} == {0}
    helpers.drive(session, "c")
    costs = [d.cost for d in steps.shown() if d.scale.unit == "points"]
    assert costs == sorted(costs, reverse=True)
    helpers.drive(session, "a")
    assert not steps.yours_only and {d.seat for d in steps.shown()} == {0, 1}
    helpers.drive(session, "x")
    assert session.message == "'x' does nothing in the review: the keys are below."
    at = steps.index
    helpers.drive(session, "?")
    assert not session.reviewing.shown and session.stage is Stage.MATCH_OVER
    helpers.drive(session, f"?{LEFT}")  # opened again where it was left
    assert steps.index == at - 1


def test_a_kept_review_is_read_back_not_graded(
    ended_match: tuple[History, MatchSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    history, session = ended_match
    assert session.game_id is not None
    import solitaire.match.grading as grading

    def broken(data: object, *, progress: Progress | None = None) -> GameReview:
        raise AssertionError("graded again")

    monkeypatch.setattr(grading, "review_match", broken)
    _, text = history.stored_record(session.game_id, "match")
    job = ReviewJob(history, "match", session.game_id, text)
    assert job.reused and job.review == session.reviewing.job.review  # type: ignore[union-attr]


class Held(Executor):
    """Work submitted is held, never run: a review that takes its time."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return Future()


def test_a_review_kept_meanwhile_in_another_window_is_used(history: History) -> None:
    session = PlaySession(history, lambda: (Game.from_seed(3), None), explicit=True)
    session.reviewing.executor = Held()  # this window's review never ends
    helpers.drive(session, "12\r\r" * 6 + "q")
    assert session.reviewing.pending and session.game_id is not None
    _, text = history.stored_record(session.game_id, "patience")
    direct = review_game(load_record(text))
    history.keep_review(session.game_id, "patience", direct.to_json())  # cribsol review ID
    helpers.drive(session, "?q")
    job = session.reviewing.job
    assert job is not None and job.reused and not session.reviewing.pending
    assert session.reviewing.steps is not None and session.reviewing.steps.review == direct


def test_the_screen_says_how_far_the_review_is_while_it_is_worked_out(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    import solitaire.match.grading as grading

    real = grading.review_match
    told = threading.Event()
    release = threading.Event()

    def slow(data: Any, *, progress: Progress | None = None) -> GameReview:
        assert progress is not None
        progress(3, 10)
        told.set()
        release.wait(30)
        return real(data)

    monkeypatch.setattr(grading, "review_match", slow)
    with ThreadPoolExecutor(1) as executor:
        session = MatchSession(history, "standard", lambda: Match(MATCH_SEED), coach=Coach())
        session.reviewing.executor = executor  # the coach's worker, for the review alone
        play_match(session)
        assert told.wait(30)
        helpers.drive(session, "?")
        lines = helpers.lines(MatchScreen(session), 80)
        assert "reviewing… 3 of 10" in lines, lines
        helpers.drive(session, RIGHT)
        assert session.message == "The review is being worked out: Esc or ? goes back."
        assert session.game_id is not None
        assert history.kept_review(session.game_id, "match") is None
        release.set()
        executor.shutdown(wait=True)
        helpers.drive(session, RIGHT)  # drawn again: the review taken and kept
        assert session.reviewing.steps is not None
        assert history.kept_review(session.game_id, "match") is not None
        session.close()


def test_the_drill_review(history: History) -> None:
    session = DrillSession(history, lambda: Drill(5, 2, "expert"), coach=Coach())
    play_drill(session)
    helpers.drive(session, "?")
    steps = session.reviewing.steps
    assert session.reviewing.shown and steps is not None
    assert session.game_id is not None
    _, text = history.stored_record(session.game_id, "drill")
    direct = review_drill(load_drill_record(text))
    kept = history.kept_review(session.game_id, "drill")
    assert kept is not None and review_from_json(kept) == direct == steps.review
    for width in (80, 120):
        lines = helpers.lines(DrillScreen(session, 24, width), width)
        assert len(lines) <= 24 and max(map(len, lines)) <= width
        figures_add_up(lines, direct)
    for decision in direct.decisions():
        helpers.drive(session, RIGHT)
        assert steps.current == decision
        text = screen_text(helpers.lines(DrillScreen(session), 80))
        assert shows_decision(text, decision), text
        view = session.reviewing.position(decision)
        assert view is not None
        assert all(card in text for card in symbols(view.hand)), text
        assert f"Count {view.count:>2}" in text or f"Count {view.count}" in text
    helpers.drive(session, "zq")
    assert "'z' does nothing in the review" in session.message


def test_the_patience_review(history: History) -> None:
    session = PlaySession(history, lambda: (Game.from_seed(3), None), explicit=True)
    helpers.drive(session, "12\r\r" * 6 + "?q")
    steps = session.reviewing.steps
    assert session.reviewing.shown and steps is not None
    assert session.game_id is not None
    _, text = history.stored_record(session.game_id, "patience")
    direct = review_game(load_record(text))
    kept = history.kept_review(session.game_id, "patience")
    assert kept is not None and review_from_json(kept) == direct == steps.review
    for width in (80, 120):
        lines = helpers.lines(SessionScreen(session, height=24), width)
        assert len(lines) <= 24 and max(map(len, lines)) <= width
        figures_add_up(lines, direct)
    for number, decision in enumerate(direct.decisions(), 1):
        helpers.drive(session, "nq")
        text = screen_text(helpers.lines(SessionScreen(session), 80))
        assert shows_decision(text, decision), text
        result = session.game.rounds[number - 1]
        assert all(card in text for card in symbols(result.shown)), text
        assert all(card in text for card in symbols(result.crib_dealt)), text
    helpers.drive(session, "aq")
    assert session.message == "One seat played this game: every decision is yours."
    helpers.drive(session, "\x1bq")
    assert not session.reviewing.shown
