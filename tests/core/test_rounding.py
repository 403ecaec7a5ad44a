"""A breakdown's parts rounded together: they add up to the whole, each part a hundredth
below or above its value, the ones rounded up those that lost most by rounding down."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import floor

from hypothesis import given
from hypothesis import strategies as st

from solitaire.core.rounding import apportion, hundredths, to_hundredths

PARTS = st.lists(st.fractions(min_value=-50, max_value=50, max_denominator=10_000), max_size=6)


@given(PARTS)
def test_the_parts_add_up_to_the_whole_rounded(parts: list[Fraction]) -> None:
    shown = apportion(parts)
    assert sum(shown) == to_hundredths(sum(parts, Fraction(0)))
    assert all(abs(s - p * 100) < 1 for s, p in zip(shown, parts, strict=True))


@given(PARTS)
def test_no_other_rounding_adding_up_is_closer(parts: list[Fraction]) -> None:
    """Brute force over every choice of floor or ceiling: none that adds up has a smaller
    largest error, nor the same largest error with a smaller total error."""
    exact = [p * 100 for p in parts[:5]]
    shown = apportion(parts[:5])
    target = sum(shown)

    def errors(choice: tuple[int, ...]) -> tuple[Fraction, Fraction]:
        gaps = [abs(c - e) for c, e in zip(choice, exact, strict=True)]
        return max(gaps, default=Fraction(0)), sum(gaps, Fraction(0))

    for ups in product((0, 1), repeat=len(exact)):
        choice = tuple(floor(e) + up for e, up in zip(exact, ups, strict=True))
        if sum(choice) == target:
            assert errors(shown) <= errors(choice)


@given(PARTS, st.integers(-3, 3))
def test_a_whole_rounded_on_its_own_is_met(parts: list[Fraction], off: int) -> None:
    total = to_hundredths(sum(parts, Fraction(0))) + off
    shown = apportion(parts, total)
    assert sum(shown) == (total if parts else 0)


def test_the_issue_example_and_the_words() -> None:
    # rounded one by one, 0.204 and 1.364 show as 0.20 and 1.36 beside a total of 1.57
    assert apportion([Fraction(204, 1000), Fraction(1364, 1000)]) == (21, 136)
    assert [hundredths(v) for v in (157, -7, 0)] == ["1.57", "-0.07", "0.00"]
    assert hundredths(35, signed=True) == "+0.35" and hundredths(0, signed=True) == "+0.00"
