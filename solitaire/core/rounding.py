"""Numbers as the coaches print them: hundredths whose parts add up to their whole.

A breakdown on screen (a hand, a crib and a play making a total; the answers making a
reply's average; the parts of a cost) rounds every number to two decimals. Rounded one
by one, the parts can miss their rounded whole by a hundredth or more. :func:`apportion`
rounds them together instead (largest remainder): the whole is rounded, and each part
goes to the hundredth below or above its value so that the parts add up to it exactly.
:func:`hundredths` writes the result.

>>> from fractions import Fraction
>>> hand, crib = Fraction(204, 1000), Fraction(1364, 1000)
>>> [round(part * 100) for part in (hand, crib, hand + crib)]  # one by one: 20 + 136 is not 157
[20, 136, 157]
>>> apportion([hand, crib])
(21, 136)
>>> apportion([Fraction(1, 3)] * 3), apportion([Fraction(1, 3)] * 3, total=101)
((34, 33, 33), (34, 34, 33))
>>> hundredths(157), hundredths(-7, signed=True), hundredths(35, signed=True)
('1.57', '-0.07', '+0.35')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import floor

__all__ = ["apportion", "hundredths", "to_hundredths"]


def to_hundredths(value: Fraction | float | int) -> int:
    """A value rounded to whole hundredths (ties to even, on the exact value)."""
    return round(Fraction(value) * 100)


def apportion(
    parts: Sequence[Fraction | float | int], total: int | None = None, scale: int = 100
) -> tuple[int, ...]:
    """The parts in hundredths (in units of ``1/scale``: tenths with ``scale=10``), adding
    up to ``total`` such units (by default their sum rounded), each the unit just below or
    just above its value: the parts whose rounding down lost most are rounded up (largest
    remainder; ties to the first). A whole part stays whole.

    ``total`` may be a whole rounded on its own (the difference of two rounded values);
    when it is further off than that, the difference is spread over the parts in the same
    order, a hundredth at a time. No parts make an empty breakdown, whatever ``total``.
    """
    exact = [Fraction(part) * scale for part in parts]
    target = round(sum(exact, Fraction(0))) if total is None else total
    shown = [floor(value) for value in exact]
    short = target - sum(shown)
    if not shown:
        return ()  # nothing to round: a whole with no parts has no breakdown to show
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - shown[i]), i))
    if short < 0:  # below a part's floor: where it lost least
        order.reverse()
    for step in range(abs(short)):
        shown[order[step % len(order)]] += 1 if short > 0 else -1
    return tuple(shown)


def hundredths(value: int, signed: bool = False) -> str:
    """A number of hundredths as the coaches write points: ``4.25``, ``+0.35``, ``-1.20``."""
    sign = "-" if value < 0 else ("+" if signed else "")
    return f"{sign}{abs(value) // 100}.{abs(value) % 100:02d}"
