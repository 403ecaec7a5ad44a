"""A coach whose process cannot start leaves the game playable and says so; only a closed
standard output is taken for a reader that left."""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest

from solitaire.cli import main
from solitaire.match.game import Match
from solitaire.store import History
from solitaire.ui.kinds import KINDS
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.session import MatchSession


class Unstartable(Executor):
    """An executor whose worker process cannot start (as when the system refuses it)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise BrokenPipeError(32, "Broken pipe")


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=KINDS) as h:
        yield h


def test_the_match_is_played_without_a_coach_that_cannot_start(history: History) -> None:
    session = MatchSession(history, "standard", lambda: Match(11), coach=Coach(Unstartable()))
    session.toggle(0)
    session.toggle(1)
    session.confirm()
    while not (session.your_turn and not session.discarding):
        session.enter()
    session.toggle_coach()
    assert session.view.advice() is None
    assert session.coach is not None and "the coach is unavailable" in session.coach.failed
    index = next(i for i, card in enumerate(session.hand) if session.playable(card))
    before = len(session.match.deal.plays)
    session.lay(index)
    assert len(session.match.deal.plays) > before and "went wrong" not in session.message


def test_a_broken_pipe_that_is_not_standard_output_is_a_bug(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import solitaire.cli.score_command as score_command

    def worker_gone(args: argparse.Namespace) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(score_command, "cmd_score", worker_gone)
    assert main(["score", "5H", "5C", "5S", "JD"]) == 70
    assert "internal error (BrokenPipeError)" in capsys.readouterr().err


def test_a_reader_that_leaves_is_not_an_error(tmp_path: Path) -> None:
    code = (
        "import sys\nfrom solitaire.cli import main\nsys.exit(main(['simulate', '--games', '400']))"
    )
    env = {"CRIBSOL_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    writer = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert writer.stdout is not None and writer.stderr is not None
    writer.stdout.close()  # the reader leaves before a line is read
    err = writer.stderr.read().decode()
    # rich leaves with status 1 when its reader is gone; never the bug's 70, never a word
    assert writer.wait(120) in (0, 1) and err == ""
