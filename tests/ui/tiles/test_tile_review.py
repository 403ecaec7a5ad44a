"""The review screen at the end of a tile game: ``?`` opens it, the keys step through the
decisions, each drawn over the board, the rack and the scores before it, and the review is
worked out beside the game, kept in the history and read back, not graded again.

The games are short (a 5x5 board) and, where the test is about the screen, graded by a
stand-in for :func:`solitaire.tiles.grading.grade` (each decision's cost made up from its
turn), so that the tests spend no planner's time; one test grades a game for real and
checks the kept review is the grader's own."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from solitaire.core.review import TILE_POINTS, Decision, GameReview, Progress, review_from_json
from solitaire.store import History
from solitaire.tiles import grading
from solitaire.tiles.game import PlayerView, TileGame
from solitaire.tiles.moves import Action
from solitaire.tiles.record import load_record
from solitaire.tiles.tiles import Tile
from solitaire.ui.kinds import KINDS
from solitaire.ui.review.job import ReviewJob
from solitaire.ui.tiles.screen import tile_screen
from solitaire.ui.tiles.session import Stage, TileSession
from solitaire.ui.tiles.views import board_text
from tests.tiles.quick_greedy import quick_greedy
from tests.ui import helpers
from tests.ui.test_review_screen import figures_add_up, screen_text, shows_decision

SIZES = [(80, 24), (120, 40)]
RIGHT = "\x1b[C"


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=KINDS) as h:
        yield h


def stand_in(
    view: PlayerView, choice: Action, *, spot: int = 0, turn: int = 1, planner: object = None
) -> Decision:
    """A made-up grade (no planner) as long as the grader's words: every third turn costs
    its turn's number in points."""
    cost = float(turn) if turn % 3 == 0 else 0.0
    chosen = f"{choice}: keeps {turn} · 14 now -0.2 leave -27.6 reply = -13.8 in all"
    best = chosen if not cost else f"{chosen}, or so it was made up to say"
    why = "Made up: the planner's choice scores -2 now, keeps tiles worth +2.6, risks 4.7 less"
    return Decision(
        spot=spot, seat=view.player, deal=turn, kind="play", where=f"turn {turn}",
        chosen=chosen, best=best, cost=cost, scale=TILE_POINTS, why=f"{why} (turn {turn}).",
    )  # fmt: skip


@pytest.fixture
def quick_grades(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grading, "grade", stand_in)


def ended(history: History, seed: int = 0, size: int = 5) -> TileSession:
    """A short game (a 5x5 board) you play as greedy would, against greedy, to its end."""
    session = TileSession(
        history, ["you", "greedy"], lambda: TileGame(seed, size=size), explicit=True
    )
    while session.stage is not Stage.OVER:
        session.commit(quick_greedy(session.game.observation(session.seat)))
    return session


def rack_words(rack: tuple[Tile, ...]) -> str:
    return " ".join(map(str, rack))


@pytest.mark.parametrize("size", [5, 13])
def test_question_mark_opens_the_review_and_each_decision_shows_its_board(
    history: History, quick_grades: None, size: int
) -> None:
    """Every decision fits the screen at 80x24 and 120x40, the full board's too."""
    session = ended(history, size=size)
    helpers.drive(session, "?")
    reviewing = session.reviewing
    assert reviewing.shown and reviewing.steps is not None
    review = reviewing.steps.review
    assert review.game == "tiles" and len(review.seats) == 2
    for width, height in SIZES:
        lines = helpers.lines(tile_screen(session, width, height), width)
        assert lines[0] == f"Tile game {session.game_id} reviewed"
        assert len(lines) <= height and max(map(len, lines)) <= width, "\n".join(lines)
        figures_add_up(lines, review)
    decisions = review.decisions()
    assert decisions
    for decision in decisions:
        helpers.drive(session, "n")
        assert reviewing.steps.current == decision
        for width, height in SIZES:
            lines = helpers.lines(tile_screen(session, width, height), width)
            assert len(lines) <= height and max(map(len, lines)) <= width, "\n".join(lines)
            point = reviewing.position(decision)
            assert point is not None and point.seat == decision.seat
            board = helpers.lines(board_text(point.view.board), 80)
            column = max(map(len, board)) + 2  # the words beside the board start here
            text = screen_text([line[column:] for line in lines])
            assert shows_decision(text, decision), text
            assert f"Rack {rack_words(point.view.rack)}" in text, text
            for seat, name in enumerate(review.seats):
                assert f"{name.name} {point.view.scores[seat]}" in text, text
            unmarked = "\n".join(lines).replace("*", " ")  # the last move's marks aside
            for row in board:
                assert row.rstrip() in unmarked, "\n".join(lines)
    helpers.drive(session, RIGHT)  # past the last: back at the figures
    assert reviewing.steps.current is None
    helpers.drive(session, "mq")
    assert reviewing.steps.current is not None and reviewing.steps.current.cost > 0
    helpers.drive(session, "zq")
    assert "'z' does nothing in the review" in session.message
    helpers.drive(session, "\x1bq")
    assert not reviewing.shown and session.stage is Stage.OVER


def test_before_the_end_question_mark_is_the_hint_not_the_review(
    history: History, quick_grades: None
) -> None:
    session = TileSession(history, ["you", "greedy"], lambda: TileGame(0, size=5), explicit=True)
    helpers.drive(session, "?q")
    assert not session.reviewing.shown and not session.reviewing.started
    session.close()


def test_the_review_is_kept_and_read_back_not_graded_again(
    history: History, quick_grades: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = ended(history)
    assert session.game_id is not None
    assert history.kept_review(session.game_id, "tiles") is None  # no worker: graded on ?
    helpers.drive(session, "?")
    kept = history.kept_review(session.game_id, "tiles")
    assert kept is not None
    _, text = history.stored_record(session.game_id, "tiles")
    assert review_from_json(kept) == grading.review_game(load_record(text))

    def broken(*args: object, **kwargs: object) -> Decision:
        raise AssertionError("graded again")

    monkeypatch.setattr(grading, "grade", broken)
    job = ReviewJob(history, "tiles", session.game_id, text)
    assert job.reused and job.review == review_from_json(kept)


def test_the_screen_says_how_far_the_review_is_and_keys_are_never_held(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = grading.review_game
    told, release = threading.Event(), threading.Event()

    def slow(data: Any, *, progress: Progress | None = None) -> GameReview:
        assert progress is not None
        progress(2, 7)
        told.set()
        release.wait(30)
        return real(data)

    monkeypatch.setattr(grading, "grade", stand_in)
    monkeypatch.setattr(grading, "review_game", slow)
    with ThreadPoolExecutor(1) as executor:
        session = TileSession(
            history, ["you", "greedy"], lambda: TileGame(0, size=5), explicit=True,
            executor=executor,
        )  # fmt: skip
        while session.stage is not Stage.OVER:
            session.commit(quick_greedy(session.game.observation(session.seat)))
        assert told.wait(30) and session.reviewing.pending
        helpers.drive(session, "?")
        for width, height in SIZES:
            lines = helpers.lines(tile_screen(session, width, height), width)
            assert "reviewing… 2 of 7" in lines, lines
        helpers.drive(session, RIGHT)
        assert session.message == "The review is being worked out: Esc or ? goes back."
        assert session.game_id is not None
        assert history.kept_review(session.game_id, "tiles") is None
        release.set()
        executor.shutdown(wait=True)
        helpers.drive(session, RIGHT)  # drawn again: the review taken and kept
        assert session.reviewing.steps is not None
        assert history.kept_review(session.game_id, "tiles") is not None
        session.close()


def test_the_kept_review_is_the_graders_own(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Graded for real (the planner's valuation): what the session keeps is what review_game
    made of the stored record (graded once, as the session grades it: seen on the way)."""
    real = grading.review_game
    graded: list[tuple[Any, GameReview]] = []

    def seen(data: Any, *, progress: Progress | None = None) -> GameReview:
        review = real(data, progress=progress)
        graded.append((data, review))
        return review

    monkeypatch.setattr(grading, "review_game", seen)
    session = ended(history, seed=2)
    assert session.game_id is not None
    assert graded == []  # no worker: graded on ?
    helpers.drive(session, "?")
    kept = history.kept_review(session.game_id, "tiles")
    _, text = history.stored_record(session.game_id, "tiles")
    ((data, direct),) = graded
    assert json.loads(json.dumps(data)) == json.loads(text)  # the stored record, graded
    assert kept is not None and review_from_json(kept) == direct
    assert all(d.scale is TILE_POINTS for d in direct.decisions())
    assert session.reviewing.steps is not None and session.reviewing.steps.review == direct
