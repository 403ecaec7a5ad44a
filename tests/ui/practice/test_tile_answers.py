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
    direct = [  # the grader's own grades, each ranking the position itself
        tile_grade(point.view, play, spot=point.spot, turn=point.turn)
        for play in puzzle.candidates[:2]
    ]

    def ranked_again(self: Planner, view: object) -> None:
        raise AssertionError("the position was ranked again to grade an answer")

    monkeypatch.setattr(Planner, "ranked", ranked_again)
    assert [puzzle.grade_play(number) for number in (1, 2)] == direct
    for number in range(3, len(puzzle.candidates) + 1):
        assert puzzle.grade_play(number).spot == point.spot
