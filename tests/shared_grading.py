"""The graders' answers shared within a run: the review tests grade the same seeded games
again and again (the tile game of seed 1 played and graded by tests/tiles/test_grading.py
and by ``cribsol review`` in tests/test_cli_review.py, the match of seed 3 reviewed from a
file, from stdin and printed). Each answer is a pure function of what it is asked, so it is
worked out once per test process and shared:

* :func:`shared_reviews`: a registered grader's review of a record, keyed by the record's
  whole content (a path that reads a record otherwise asks another question and is graded
  for itself); the review is frozen, and the progress it told is told again;
* :func:`shared_planner`: the built-in tile planner's choice and ranking of a position,
  keyed by everything its view holds (each caller gets its own copy of the list; the
  appraisals and moves in it are frozen);
* :func:`moves_shared`: the tile move generator's answers, as ``shared_moves`` in
  tests/conftest.py shares them (a play's ranking asks what its choice asked).

Only the tests that ask for them share; a test that replaces a grader or the planner with
:class:`pytest.MonkeyPatch` does so after these fixtures, so its own stands (and is not
kept). A test that changes what a grader or the planner works out inside (its leaves, its
generator, its coaches) must not ask for them: what it saw would be kept for the others.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

import pytest

from solitaire.core.review import GameReview, Progress
from solitaire.tiles.board import Board
from solitaire.tiles.game import PlayerView
from solitaire.tiles.movegen import generate
from solitaire.tiles.moves import Action
from solitaire.tiles.planner import Planner, built_in_planner
from solitaire.tiles.players import Appraisal

GRADERS: Final = ("solitaire.match.grading:review_match", "solitaire.tiles.grading:review_game")
"""The graders shared: the slow ones (a patience's or a drill's review is quick)."""

Grader = Callable[..., GameReview]

_REVIEWS: dict[tuple[str, str], tuple[GameReview, tuple[tuple[int, int], ...]]] = {}
_RANKED: dict[tuple[object, ...], list[Appraisal]] = {}
_CHOSEN: dict[tuple[object, ...], Action] = {}
_POSITIONS_HELD: Final = 20_000  # positions kept at most (then all dropped, and found again)


def _record_key(data: Mapping[str, Any]) -> str | None:
    try:
        return json.dumps(data, sort_keys=True)
    except (TypeError, ValueError):  # not plain data: asked afresh
        return None


def _sharing(reference: str, grader: Grader) -> Grader:
    @functools.wraps(grader)
    def shared(data: Mapping[str, Any], *, progress: Progress | None = None) -> GameReview:
        key = _record_key(data)
        if key is None:
            return grader(data, progress=progress)
        found = _REVIEWS.get((reference, key))
        if found is None:
            told: list[tuple[int, int]] = []

            def tell(done: int, total: int) -> None:
                told.append((done, total))
                if progress is not None:
                    progress(done, total)

            review = grader(data, progress=tell)
            found = _REVIEWS[reference, key] = (review, tuple(told))
        elif progress is not None:
            for done, total in found[1]:
                progress(done, total)
        return found[0]

    return shared


def reviewed(reference: str, data: Mapping[str, Any]) -> GameReview:
    """The review of ``data`` by the grader ``reference`` names (one of :data:`GRADERS`),
    shared as :func:`shared_reviews` shares it: for a fixture of a module."""
    module_name, _, name = reference.partition(":")
    grader = getattr(importlib.import_module(module_name), name)
    return _sharing(reference, grader)(data)


@pytest.fixture
def shared_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slow graders' reviews shared by record for the test (see the module's words)."""
    _share_reviews(monkeypatch)


@contextlib.contextmanager
def reviews_shared() -> Iterator[None]:
    """:func:`shared_reviews` while it lasts: for a fixture of a module."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        _share_reviews(monkeypatch)
        yield


def _share_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    for reference in GRADERS:
        module_name, _, name = reference.partition(":")
        module = importlib.import_module(module_name)
        monkeypatch.setattr(module, name, _sharing(reference, getattr(module, name)))


def _board(board: Board) -> tuple[object, ...]:
    """A board by its squares' contents (a board is not hashable)."""
    return board.size, bytes(board.faces), bytes(board.colours), tuple(board.tiles)


_FIELDS: Final = ("player", "board", "rack", "scores", "rack_sizes", "bag_size", "unseen")
# a view's field left out of its key would let two different views share an answer
assert tuple(PlayerView.__dataclass_fields__) == (*_FIELDS, "rules", "last")


def view_key(view: PlayerView) -> tuple[object, ...]:
    """Everything a tile player's view holds, as a key (its boards by their squares)."""
    last = view.last
    seen: tuple[object, ...] | None = None
    if last is not None:
        seen = (last.player, _board(last.board), last.laid, last.exchanged, last.points)
    return (
        view.player, _board(view.board), view.rack, view.scores, view.rack_sizes,
        view.bag_size, view.unseen, view.rules, seen,
    )  # fmt: skip


def _held(cache: dict[tuple[object, ...], Any]) -> None:
    if len(cache) >= _POSITIONS_HELD:
        cache.clear()


@contextlib.contextmanager
def planner_shared() -> Iterator[None]:
    """The built-in planner's choices and rankings shared by position while it lasts (any
    other planner works as it does): for a fixture of a module or of the session."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        share_planner(monkeypatch)
        yield


@pytest.fixture
def shared_planner(monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in planner's choices and rankings shared by position for the test."""
    share_planner(monkeypatch)


def share_planner(monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in planner's choices and rankings shared by position, for the test that
    ``monkeypatch`` belongs to (any other planner works as it does)."""
    ranked, choose = Planner.ranked, Planner.choose
    planner = built_in_planner()

    def kept(
        cache: dict[tuple[object, ...], Any], view: PlayerView, work: Callable[[], Any]
    ) -> Any:
        key = view_key(view)
        if key not in cache:
            _held(cache)
            cache[key] = work()
        return cache[key]

    def shared_ranked(self: Planner, view: PlayerView) -> list[Appraisal]:
        if self is not planner:
            return ranked(self, view)
        return list(kept(_RANKED, view, lambda: ranked(self, view)))

    def shared_choose(self: Planner, view: PlayerView) -> Action:
        if self is not planner:
            return choose(self, view)
        found: Action = kept(_CHOSEN, view, lambda: choose(self, view))
        return found

    monkeypatch.setattr(Planner, "ranked", shared_ranked)
    monkeypatch.setattr(Planner, "choose", shared_choose)


_TILE_MODULES: Final = ("endgame", "game", "grading", "planner", "players", "recount")
"""The tile engine's modules that ask the move generator (imported first, to be given the
shared one)."""


@contextlib.contextmanager
def moves_shared() -> Iterator[None]:
    """The move generator's answers shared while it lasts, as the ``shared_moves`` fixture of
    tests/conftest.py shares them (the same store): for a fixture of a module, or a test
    outside tests/tiles that plays and grades a tile game."""
    from tests import conftest

    for name in _TILE_MODULES:
        importlib.import_module(f"solitaire.tiles.{name}")
    was = conftest._SHARING[0]
    with pytest.MonkeyPatch.context() as monkeypatch:
        for module in list(sys.modules.values()):
            if getattr(module, "__dict__", {}).get("generate") is generate:
                monkeypatch.setattr(module, "generate", conftest._shared_generate)
        conftest._SHARING[0] = True
        try:
            yield
        finally:
            conftest._SHARING[0] = was


@pytest.fixture
def shared_tile_moves() -> Iterator[None]:
    """:func:`moves_shared` for the test."""
    with moves_shared():
        yield
