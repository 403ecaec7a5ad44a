"""Counting practice at the keyboard: checked at once, kept after every answer, scheduled.

The clock and the timer are passed in, so "comes back in 10 minutes" and "5.0 s" are
tested as a player would see them, on the rendered screen.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.core.schedule import AGAIN, WAITS, box_from_json
from solitaire.store import History
from solitaire.ui.kinds import KINDS
from solitaire.ui.practice.screen import CountScreen
from solitaire.ui.practice.session import COUNT, CountSession, Stage
from tests.ui.helpers import drive, render

START = datetime(2026, 12, 5, 9, 0)


class Clock:
    """A clock and a timer the test moves by hand."""

    def __init__(self) -> None:
        self.at = START
        self.seconds = 100.0

    def now(self) -> datetime:
        return self.at

    def timer(self) -> float:
        return self.seconds

    def wait(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)
        self.seconds += seconds


def sitting(data: Path, clock: Clock, seed: int | None = 1) -> CountSession:
    history = History(data, kinds=KINDS)
    return CountSession(history, seed=seed, now=clock.now, timer=clock.timer)


def stage(session: CountSession) -> Stage:
    return session.stage


def answer(session: CountSession, value: int) -> None:
    for digit in str(value):
        session.type_digit(digit)
    session.enter()


@pytest.mark.parametrize("width", [80, 120])
def test_a_right_count_is_said_with_its_time_and_its_return(tmp_path: Path, width: int) -> None:
    clock = Clock()
    session = sitting(tmp_path, clock)
    total = session.puzzle.score().total
    clock.wait(5.0)
    answer(session, total)
    assert session.stage is Stage.ANSWERED
    shown = render(CountScreen(session, 24, width), width)
    assert f"Right: {total}, in 5.0 s. It comes back in {WAITS[0].days} day." in shown
    assert "right 1 of 1 · run 1 (longest 1)" in shown
    session.why()
    shown = render(CountScreen(session, 24, width), width)
    assert session.puzzle.score().spoken() in " ".join(shown.split())
    assert f"= {total}" in shown


def test_a_wrong_count_shows_the_breakdown_that_makes_the_count(tmp_path: Path) -> None:
    clock = Clock()
    for seed in range(40):  # counts of every kind: each breakdown adds up on screen
        session = sitting(tmp_path / str(seed), clock, seed)
        score = session.puzzle.score()
        answer(session, (score.total + 1) % 30)
        session.why()
        shown = render(CountScreen(session, 24, 80), 80)
        assert f": the count is {score.total} " in shown
        assert f"It comes back in {int(AGAIN.total_seconds() // 60)} minutes." in shown
        rows = [line.split() for line in shown.splitlines()]
        items = [int(r[-1]) for r in rows if r and r[0] in KIND_WORDS and r[-1].isdigit()]
        assert sum(items) == score.total and len(items) == len(score.items)
        session.history.close()


KIND_WORDS = {"fifteen", "pair", "run", "flush", "nobs", "his"}


def test_a_missed_count_comes_back_before_a_new_one_and_a_solved_one_later(
    tmp_path: Path,
) -> None:
    clock = Clock()
    session = sitting(tmp_path, clock)
    missed = session.puzzle
    answer(session, (missed.score().total + 1) % 30)
    session.enter()
    solved = session.puzzle
    assert solved != missed
    answer(session, solved.score().total)
    session.enter()
    fresh = session.puzzle
    assert fresh not in (missed, solved)
    session.history.close()
    clock.wait(AGAIN.total_seconds())  # quit; back ten minutes later: the miss first
    session = sitting(tmp_path, clock, seed=99)
    assert session.puzzle == fresh  # shown, not answered: asked again before anything
    answer(session, fresh.score().total)
    session.enter()
    assert session.puzzle == missed
    answer(session, missed.score().total)
    session.enter()
    pending = session.puzzle
    assert pending not in (missed, solved, fresh)  # the solved one waits a day
    session.history.close()
    clock.wait(WAITS[0].total_seconds())
    session = sitting(tmp_path, clock, seed=5)
    assert session.puzzle == pending  # shown when the last sitting ended
    answer(session, pending.score().total)
    session.enter()
    assert session.puzzle == solved  # due a day after it was solved
    figures = session.figures()
    assert (figures.answered, figures.right, figures.kept) == (5, 4, 4)
    assert (figures.run, figures.longest) == (4, 4)
    session.history.close()


def test_showing_the_count_keeps_it_as_missed(tmp_path: Path) -> None:
    clock = Clock()
    session = sitting(tmp_path, clock)
    session.reveal()
    assert session.stage is Stage.ANSWERED and session.shown_why
    shown = render(CountScreen(session, 24, 80), 80)
    assert "Shown: " in shown and "kept as missed" in shown
    [item] = session.history.practice_items(COUNT)
    box = box_from_json(item.state)
    assert (box.box, box.missed, box.due) == (1, 1, START + AGAIN)
    [kept] = session.history.practice_answers(COUNT)
    assert kept.body == {"right": False, "answer": None, "seconds": 0.0}


def test_bad_keys_say_what_fits_and_change_nothing(tmp_path: Path) -> None:
    clock = Clock()
    session = sitting(tmp_path, clock)
    session.enter()
    assert "Type the count" in session.message and stage(session) is Stage.ASK
    session.why()
    assert "once it is checked" in session.message
    for digit in "123":
        session.type_digit(digit)
    assert session.typed == "12" and "at most 29" in session.message
    session.backspace()
    session.type_digit("9")
    session.enter()  # 19 is a count no hand makes, but it is a count: checked
    assert stage(session) is Stage.ANSWERED
    session.enter()
    session.type_digit("3")
    session.type_digit("0")
    session.enter()
    assert "more than any hand scores" in session.message and stage(session) is Stage.ASK
    assert len(session.history.practice_answers(COUNT)) == 1


def test_the_app_takes_keys_and_quits_with_the_sitting_s_tally(tmp_path: Path) -> None:
    clock = Clock()
    session = sitting(tmp_path, clock)
    total = session.puzzle.score().total
    said = drive(session, f"{total}\r\rx?q")
    assert said == "1 of 2 counts right this sitting; every answer is kept."
    assert "'x' does nothing here" not in session.message  # the last key's line went
    session.history.close()


def test_a_row_edited_by_hand_is_left_out(tmp_path: Path) -> None:
    clock = Clock()
    session = sitting(tmp_path, clock)
    first = session.puzzle
    answer(session, (first.score().total + 1) % 30)
    session.history.close()
    with sqlite3.connect(tmp_path / "history.sqlite3") as conn:
        conn.execute("UPDATE practice SET state = replace(state, '\"box\":1', '\"box\":6')")
        conn.execute("UPDATE answers SET body = replace(body, 'false', 'true')")
    clock.wait(AGAIN.total_seconds())
    session = sitting(tmp_path, clock, seed=8)
    assert session.puzzle != first  # the edited row is not believed
    assert session.figures().answered == 0
    session.history.close()


def test_without_a_terminal_it_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["practice"], ["practice", "--count"]):
        assert main([*args, "--data-dir", str(tmp_path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "terminal" in err
