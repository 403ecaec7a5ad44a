"""The program runs its searches at its own collector's pace, whoever starts it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from solitaire.cli import main
from solitaire.core.collector import THRESHOLDS, pace_collector
from solitaire.ui.worker import coach_executor


@pytest.fixture
def python_pace() -> Iterator[None]:
    """Python's own pace while the test runs (the suite's is the program's), then back."""
    gc.set_threshold(700, 10, 10)
    yield
    pace_collector()


@pytest.mark.usefixtures("python_pace")
def test_the_command_line_sets_the_pace(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "5H", "5C", "5S", "JD", "5D"]) == 0
    assert "29" in capsys.readouterr().out
    assert gc.get_threshold() == THRESHOLDS


@pytest.mark.usefixtures("python_pace")
def test_the_coach_s_spawned_process_runs_at_the_pace() -> None:
    coach = coach_executor(at_once=True)
    try:
        assert coach.submit(gc.get_threshold).result(timeout=120) == THRESHOLDS
    finally:
        coach.shutdown()
