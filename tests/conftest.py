"""Shared fixtures: a pinned environment for rendering, and a history in a temporary folder.

Tests that take more than about five seconds on one core are marked ``slow``, so
``pytest -m "not slow"`` is a quick loop while working; CI runs every test.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterator, Sequence
from pathlib import Path
from typing import Final

import pytest
from hypothesis import settings

from solitaire.core.collector import pace_collector
from solitaire.store import History
from solitaire.tiles.board import Board
from solitaire.tiles.game import PlayerView
from solitaire.tiles.movegen import ScoredPlay
from solitaire.tiles.movegen import generate as _generate
from solitaire.tiles.planner import Planner
from solitaire.tiles.players import Appraisal
from solitaire.tiles.tiles import Tile
from solitaire.ui.kinds import KINDS
from tests.shared_grading import view_key

# No time limit on an example: the machines running the suite are shared, and a slow
# example under load is not a failure (speed is measured by the scripts/bench_* scripts).
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")


def pytest_configure(config: pytest.Config) -> None:
    """The searches run at the collector's pace the program sets (``cribsol`` does it first
    thing): the same results, a fifth less CPU for the tile game's."""
    pace_collector()


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


_MOVES: dict[tuple[object, ...], list[ScoredPlay]] = {}  # every position asked so far
_HELD: list[int] = [0]  # the plays _MOVES holds
_MOVES_HELD: Final = 300_000  # plays kept at most (then all dropped, and found again)
_SHARING: list[bool] = [False]  # within a test that shares them


def _shared_generate(
    board: Board,
    rack: Sequence[Tile],
    *,
    through: int | None = None,
    near: Collection[int] | None = None,
    best_only: bool = False,
    above: int = -1,
) -> list[ScoredPlay]:
    """:func:`~solitaire.tiles.movegen.generate`, its answer kept while :data:`_SHARING` (a
    module that imported it during a test that shares keeps it: outside one it is the
    generator itself)."""
    if not _SHARING[0]:
        return _generate(board, rack, through=through, near=near, best_only=best_only, above=above)
    key = (
        board.size,
        bytes(board.faces),
        bytes(board.colours),
        tuple(sorted(rack)),
        through,
        None if near is None else frozenset(near),
        best_only,
        above,
    )
    found = _MOVES.get(key)
    if found is None:
        found = _generate(board, rack, through=through, near=near, best_only=best_only, above=above)
        if _HELD[0] + len(found) > _MOVES_HELD:
            _MOVES.clear()
            _HELD[0] = 0
        _MOVES[key] = found
        _HELD[0] += len(found)
    return list(found)


@pytest.fixture
def shared_moves(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The move generator's answers found once per run and shared: the planner's choice,
    its ranking, the hint list drawn at two sizes, the look's replies and the endgame
    recount ask it the same questions of the same seeded games, within a test and from
    test to test. Its answer is a function of the board, the rack and the options alone
    (the rack's order aside), so the same positions are checked against the same plays;
    each caller gets a copy. Every module that imported it is given the shared one. The
    tile tests use it (tests/tiles/conftest.py), but for those marked ``own_moves``."""
    for module in list(sys.modules.values()):
        if getattr(module, "__dict__", {}).get("generate") is _generate:  # no __getattr__
            monkeypatch.setattr(module, "generate", _shared_generate)
    _SHARING[0] = True
    try:
        yield
    finally:
        _SHARING[0] = False


@pytest.fixture
def shared_moves_unless_own(request: pytest.FixtureRequest) -> None:
    """:func:`shared_moves`, unless the test is marked ``own_moves``: one that compares two
    runs (nothing shared may decide) or measures memory."""
    if request.node.get_closest_marker("own_moves") is None:
        request.getfixturevalue("shared_moves")


@pytest.fixture
def ranked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Within the test, a planner's ranking of a view worked out once: a test that draws
    the hints at two sizes and asks ``w`` asks it again and again of the same view, and
    the ranking is a function of the planner and the view alone. Each caller gets a copy
    (of frozen appraisals); nothing is kept past the test."""
    ranked = Planner.ranked
    kept: dict[tuple[object, ...], tuple[Planner, list[Appraisal]]] = {}

    def once(self: Planner, view: PlayerView) -> list[Appraisal]:
        key = (id(self), *view_key(view))
        found = kept.get(key)
        if found is None:  # the planner is held, so its id is not reused
            found = kept[key] = (self, ranked(self, view))
        return list(found[1])

    monkeypatch.setattr(Planner, "ranked", once)
