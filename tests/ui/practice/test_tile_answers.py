"""A tile position's answer is graded from the ranking its plays were listed from: the
grade is the grader's own, and no second ranking (seconds each) is made for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire.store import History
from solitaire.tiles.grading import grade as tile_grade
from solitaire.tiles.planner import Planner
from solitaire.ui.kinds import KINDS
from solitaire.ui.practice.positions import rebuild


def test_a_tile_answer_is_graded_without_ranking_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with History(tmp_path, kinds=KINDS) as history:
        puzzle = rebuild(history, "tiles", {"fresh": "tiles", "seed": 11, "step": 3})
    point = puzzle.point
    # the grader's own grade, ranking the position itself
    direct = tile_grade(point.view, puzzle.candidates[1], spot=point.spot, turn=point.turn)

    def ranked_again(self: Planner, view: object) -> None:
        raise AssertionError("the position was ranked again to grade an answer")

    monkeypatch.setattr(Planner, "ranked", ranked_again)
    assert puzzle.grade_play(2) == direct
    for number in range(1, len(puzzle.candidates) + 1):
        assert puzzle.grade_play(number).spot == point.spot
