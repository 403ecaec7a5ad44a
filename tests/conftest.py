"""Shared fixtures: a pinned environment for rendering, and a history in a temporary folder.

Tests that take more than about five seconds on one core are marked ``slow``, so
``pytest -m "not slow"`` is a quick loop while working; CI runs every test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from solitaire.store import History
from solitaire.ui.kinds import KINDS

# No time limit on an example: the machines running the suite are shared, and a slow
# example under load is not a failure (speed is measured by the scripts/bench_* scripts).
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No colour overrides leak in, no run goes to a cluster, and no test touches the user's
    data directory."""
    for name in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES", "CRIBSOL_CLUSTER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CRIBSOL_DATA_DIR", str(tmp_path / "data"))
    yield


@pytest.fixture(autouse=True, scope="session")
def _commits_without_waiting_for_the_disk() -> Iterator[None]:
    """A commit waits about 20 ms for the disk here, thousands of times in the suite; what the
    tests check (what is stored, rolled back or refused) is the same without the wait. Tests
    that kill a program mid-write run it in a process of its own, durable as shipped."""
    History.durable = False
    yield
    History.durable = True


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """The data directory the environment names (not yet made)."""
    return tmp_path / "data"


@pytest.fixture
def history(data: Path) -> Iterator[History]:
    """The history in :func:`data`, open for the test."""
    with History(data, kinds=KINDS) as h:
        yield h
