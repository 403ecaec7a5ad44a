"""The shared review model: grades from stated thresholds, a seat's figures, strict JSON."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from solitaire.core.review import (
    CHANCE,
    POINTS,
    SCALES,
    TILE_POINTS,
    Decision,
    GameReview,
    Grade,
    Scale,
    SeatReview,
    review_from_json,
)
from solitaire.core.untrusted import RecordError


def decision(spot: int, cost: float, kind: str = "lead", scale: Scale = POINTS) -> Decision:
    return Decision(
        spot, 0, 1 + spot // 4, kind, f"deal {1 + spot // 4}", "5H", "4C", cost, scale, "why"
    )


@pytest.mark.parametrize("scale", list(SCALES.values()))
def test_each_scale_grades_at_its_stated_thresholds(scale: Scale) -> None:
    assert scale.grade(0.0) is Grade.BEST
    assert scale.grade(scale.tolerance) is Grade.BEST
    assert scale.grade(math.nextafter(scale.tolerance, 9)) is Grade.INACCURACY
    assert scale.grade(math.nextafter(scale.mistake, 0)) is Grade.INACCURACY
    assert scale.grade(scale.mistake) is Grade.MISTAKE
    assert scale.grade(math.nextafter(scale.blunder, 0)) is Grade.MISTAKE
    assert scale.grade(scale.blunder) is Grade.BLUNDER
    words = scale.stated()
    for value in (scale.tolerance, scale.mistake, scale.blunder):
        shown = f"{value * 100:g}%" if scale.unit == "chance" else f"{value:g} points"
        assert shown in words


def test_the_scales_are_ordered() -> None:
    for scale in (POINTS, CHANCE, TILE_POINTS):
        assert 0 < scale.tolerance < scale.mistake < scale.blunder


costs = st.lists(
    st.tuples(st.floats(0, 30, allow_nan=False), st.sampled_from(["lead", "reply", "discard"])),
    max_size=40,
)


@given(costs)
@example([(0.005, "lead")])  # 0.5 hundredths in floats, a little more exactly
def test_a_seat_s_loss_is_the_sum_of_its_costs_and_its_kinds_add_up_as_shown(
    drawn: list[tuple[float, str]],
) -> None:
    seat = SeatReview(0, "you", 6, tuple(decision(i, c, k) for i, (c, k) in enumerate(drawn)))
    assert seat.lost == math.fsum(c for c, _ in drawn)
    assert math.isclose(sum(seat.by_kind().values()), seat.lost, abs_tol=1e-9)
    # the exact value rounded: seat.lost * 100 in floats rounds 0.005 (just above) down
    assert sum(seat.shown_by_kind().values()) == round(Fraction(seat.lost) * 100)
    best = sum(POINTS.grade(c) is Grade.BEST for c, _ in drawn)
    assert seat.accuracy == (best / len(drawn) if drawn else 1.0)
    worst = seat.costliest()
    assert [d.cost for d in worst] == sorted(
        (c for c, _ in drawn if c > POINTS.tolerance), reverse=True
    )[:3]


def test_chance_is_kept_apart_from_points() -> None:
    seat = SeatReview(0, "you", 2, (decision(0, 1.0), decision(1, 0.04, "lead", CHANCE)))
    assert seat.lost == 1.0
    assert seat.lost_chance == 0.04
    assert seat.by_kind() == {"lead": 1.0}


def test_a_review_goes_to_json_and_back() -> None:
    review = GameReview(
        "match",
        (
            SeatReview(0, "you", 3, (decision(0, 0.25), decision(2, 0.0, "reply"))),
            SeatReview(1, "expert", 3, ()),
        ),
    )
    text = json.dumps(review.to_json())
    assert review_from_json(json.loads(text)) == review


def _good() -> dict[str, Any]:
    return GameReview("match", (SeatReview(0, "you", 1, (decision(0, 0.5),)),)).to_json()


@pytest.mark.parametrize(
    ("path", "value", "named"),
    [
        (("version",), 2, "version"),
        (("seats", 0, "decisions", 0, "cost"), -1, "cost"),
        (("seats", 0, "decisions", 0, "cost"), True, "cost"),
        (("seats", 0, "decisions", 0, "cost"), "0.5", "cost"),
        (("seats", 0, "decisions", 0, "scale"), "furlongs", "scale"),
        (("seats", 0, "decisions", 0, "unit"), "chance", "unit"),
        (("seats", 0, "decisions", 0, "why"), "\x1b[2Jgone", "why"),
        (("seats", 0, "decisions", 0, "seat"), 1, "seat 1 under seat 0"),
        (("seats", 0, "name"), "x" * 41, "name"),
        (("seats", 0, "deals"), 1.0, "deals"),
        (("game",), "Match!", "game"),
    ],
)
def test_a_damaged_review_is_refused_naming_the_field(
    path: tuple[Any, ...], value: object, named: str
) -> None:
    data = _good()
    place: Any = data
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    with pytest.raises(RecordError, match=named):
        review_from_json(data)


def test_an_unknown_field_is_refused() -> None:
    data = _good()
    data["seats"][0]["decisions"][0]["extra"] = 1
    with pytest.raises(RecordError, match="unexpected field 'extra'"):
        review_from_json(data)


def _split(spot: int, parts: tuple[tuple[str, float], ...]) -> Decision:
    cost = math.fsum(value for _, value in parts)
    return Decision(spot, 0, 1, "discard", "round 1", "5H 5C", "4C 9S", cost, POINTS, "why", parts)


def test_a_decision_split_into_parts_counts_each_part_under_its_name() -> None:
    seat = SeatReview(
        0,
        "you",
        2,
        (
            _split(0, (("hand", 1.25), ("crib", -0.5))),
            _split(1, (("hand", 0.25), ("crib", 0.5))),
            decision(2, 0.75, "discard"),
        ),
    )
    assert seat.by_kind() == {"hand": 1.5, "crib": 0.0, "discard": 0.75}
    assert math.isclose(sum(seat.by_kind().values()), seat.lost, abs_tol=1e-9)
    assert sum(seat.shown_by_kind().values()) == round(Fraction(seat.lost) * 100)
    back = review_from_json(json.loads(json.dumps(GameReview("patience", (seat,)).to_json())))
    assert back.seats[0] == seat
    assert "parts" not in seat.decisions[2].to_json()  # a whole decision's JSON is unchanged


@pytest.mark.parametrize(
    ("parts", "named"),
    [
        ({"hand": 1.0, "crib": 0.5}, "add up"),
        ({}, "1 to 8 parts"),
        ([["hand", 0.75]], "1 to 8 parts"),
        ({"hand": "0.75"}, "'hand'"),
        ({"hand": True}, "'hand'"),
        ({"\x1b[2J": 0.75}, "printable"),
    ],
)
def test_damaged_parts_are_refused(parts: object, named: str) -> None:
    data = GameReview(
        "patience", (SeatReview(0, "you", 1, (_split(0, (("hand", 0.5), ("crib", 0.25))),)),)
    ).to_json()
    data["seats"][0]["decisions"][0]["parts"] = parts
    with pytest.raises(RecordError, match=named):
        review_from_json(data)
