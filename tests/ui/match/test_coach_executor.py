"""The coach's process starts after the first frame: work asked for before then waits for
it, work given up meanwhile never runs, and a process that cannot start is said so."""

from __future__ import annotations

from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from solitaire.match.game import Match
from solitaire.store import History
from solitaire.ui import worker
from solitaire.ui.kinds import KINDS
from solitaire.ui.match import coaching
from solitaire.ui.match.coaching import Coach, coach_executor
from solitaire.ui.match.session import MatchSession


class Threads(worker._AfterFirstFrame):
    """The held executor over a thread: what it hands on runs here, not in a process."""

    def __init__(self, pool: Executor) -> None:
        super().__init__()
        self.started = 0
        self.pool = pool

    def _start(self) -> Executor:
        self.started += 1
        return self.pool


def test_work_waits_for_the_first_frame_then_runs() -> None:
    with ThreadPoolExecutor(1) as pool:
        executor = Threads(pool)
        first: Future[int] = executor.submit(pow, 2, 10)
        dropped: Future[int] = executor.submit(pow, 3, 3)
        assert not first.done() and executor.started == 0  # nothing starts before the frame
        assert dropped.cancel()
        executor.open()
        assert first.result(timeout=30) == 1024 and dropped.cancelled()
        assert executor.submit(pow, 5, 2).result(timeout=30) == 25  # once open: at once


def test_no_process_starts_when_nothing_was_asked() -> None:
    with ThreadPoolExecutor(1) as pool:
        executor = Threads(pool)
        executor.open()
        executor.shutdown()
        assert executor.started == 0


def test_held_work_is_given_up_at_shutdown() -> None:
    executor = coach_executor()
    held: Future[int] = executor.submit(pow, 2, 2)
    executor.shutdown()
    assert held.cancelled()


def test_with_no_screen_the_work_runs_at_once() -> None:
    """A script has no first frame to wait for (scripts/bench/bench_coach.py)."""
    with coach_executor(at_once=True) as executor:
        assert executor.submit(pow, 2, 5).result(timeout=60) == 32


def test_a_process_that_cannot_start_at_the_first_frame_is_said_so(tmp_path: Path) -> None:
    class Unstartable(worker._AfterFirstFrame):
        def _start(self) -> Executor:
            raise OSError(24, "Too many open files")

    executor = Unstartable()
    with History(tmp_path / "data", kinds=KINDS) as history:
        session = MatchSession(history, "standard", lambda: Match(11), coach=Coach(executor))
        assert session.discarding
        session.toggle_coach()  # asked before the first frame: held
        executor.open()
        assert session.view.discard_advice() is None
        assert session.coach is not None
        assert "the coach is unavailable" in session.coach.failed
        assert "Too many open files" in session.coach.failed
        session.close()


def test_the_app_opens_the_coach_after_its_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from solitaire.ui.match.app import build_app

    opened: list[int] = []

    class Watched(worker._AfterFirstFrame):
        def open(self) -> None:
            opened.append(1)

    with History(tmp_path / "data", kinds=KINDS) as history:
        session = MatchSession(history, "standard", lambda: Match(11), coach=Coach(Watched()))
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            app = build_app(session, pipe, DummyOutput())
            assert opened == []
            pipe.send_text("q")
            app.run()
        session.close()
    assert opened == [1]


def test_what_else_waits_for_the_first_frame_still_runs_then() -> None:
    """The coach's opening is a handler of the first frame among others: the ones added after
    it run at that frame too (removing itself as it ran made the event skip the next)."""
    from prompt_toolkit.application import Application, create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app: Application[None] = Application(input=pipe, output=DummyOutput())
        executor = Threads(ThreadPoolExecutor(1))
        coaching.start_after_first_frame(app, Coach(executor))
        seen: list[int] = []
        app.after_render += lambda _: seen.append(app.render_counter)
        app.after_render.fire()
        app.after_render.fire()
        assert seen == [0, 0] and executor.started == 0  # nothing asked: no process
        executor.shutdown()
        executor.pool.shutdown()


def test_shutting_down_without_waiting_ends_the_work_under_way() -> None:
    """Quitting while a review is graded: its process is ended, not waited for (the app's
    interpreter would otherwise wait for it at exit)."""
    import time
    from concurrent.futures import BrokenExecutor

    from solitaire.core.workers import WorkerExecutor

    executor = coach_executor(at_once=True)
    assert isinstance(executor, worker._AfterFirstFrame)
    running = executor.submit(time.sleep, 60)
    pool = executor._pool
    assert isinstance(pool, WorkerExecutor) and pool.process.is_alive()
    executor.shutdown(wait=False, cancel_futures=True)
    assert not pool.process.is_alive()  # ended, and reaped, before shutdown returns
    assert isinstance(running.exception(timeout=30), BrokenExecutor)
