"""The practice schedule: Leitner boxes on a clock passed in."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire.core.schedule import (
    AGAIN,
    BOXES,
    WAITS,
    Box,
    answered,
    box_from_json,
    box_json,
    due_first,
    streak,
)
from solitaire.core.untrusted import RecordError

NOW = datetime(2026, 12, 5, 9, 0)


def test_a_missed_position_is_due_before_a_solved_one() -> None:
    missed = answered(Box.new(NOW), False, NOW)
    solved = answered(Box.new(NOW), True, NOW)
    assert missed.due < solved.due
    later = NOW + AGAIN
    assert due_first([("solved", solved), ("missed", missed)], later) == ["missed"]
    assert due_first([("solved", solved), ("missed", missed)], NOW + WAITS[0]) == [
        "missed",
        "solved",
    ]
    assert due_first([("solved", solved), ("missed", missed)], NOW) == []


@given(st.lists(st.booleans(), max_size=30))
def test_each_answer_moves_the_box_as_stated(answers: list[bool]) -> None:
    box, now = Box.new(NOW), NOW
    for right in answers:
        after = answered(box, right, now)
        if right:
            assert after.box == min(box.box + 1, BOXES)
            assert after.due - now == WAITS[after.box - 2]
            assert after.run == box.run + 1
        else:
            assert (after.box, after.due - now, after.run) == (1, AGAIN, 0)
        assert after.asked == box.asked + 1
        assert after.solved + after.missed == after.asked
        assert box_from_json(box_json(after)) == after
        box, now = after, now + timedelta(hours=1)
    assert box.solved == sum(answers)
    assert streak(answers)[0] == box.run


def test_the_longest_due_comes_first_then_the_lowest_box() -> None:
    a = Box(3, NOW - timedelta(days=2))
    b = Box(1, NOW - timedelta(days=1))
    c = Box(2, NOW - timedelta(days=2))
    assert due_first([("a", a), ("b", b), ("c", c)], NOW) == ["c", "a", "b"]


def test_streaks() -> None:
    assert streak([]) == (0, 0)
    assert streak([True, True, False, True]) == (1, 2)
    assert streak([False, True, True, True]) == (3, 3)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("box", 0),
        ("box", BOXES + 1),
        ("due", "tomorrow"),
        ("asked", -1),
        ("solved", 5),
        ("missed", 3),
        ("run", 2),
        ("asked", True),
    ],
)
def test_a_damaged_box_is_refused(field: str, value: object) -> None:
    data = box_json(Box(2, NOW, asked=2, solved=1, missed=1, run=1))
    data[field] = value
    with pytest.raises(RecordError, match=field if field != "missed" else "missed"):
        box_from_json(data)
