"""The replay's quick comparison of a recorded deal with the game's: it passes exactly
what the naming comparison passes, for every field of real deals and their wrong forms."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from solitaire.match.record import _difference, _same
from tests.record_samples import MAKERS, tampered

Path = tuple[str | int, ...]


def leaves(value: Any, path: Path = ()) -> Iterator[Path]:
    """Every path inside ``value``, containers included."""
    if path:
        yield path
    if isinstance(value, dict):
        for name, item in value.items():
            yield from leaves(item, (*path, name))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))


def changed(value: object) -> list[object]:
    """Values a record might hold in place of ``value``: other types, out of bounds."""
    forms: list[object] = [None, True, False, 0, 1, 1.0, -1, 10_000, 10_001, -10_001, "", "A"]
    forms += ["x" * 12, "x" * 13, "é", "10♣", [], {}, [value], {"k": value}]
    if isinstance(value, int) and not isinstance(value, bool):
        forms += [value + 1, float(value), str(value), value == 0]
    if isinstance(value, str):
        forms += [value + "A", value[:-1], value.lower(), value + "\x1b"]
    if isinstance(value, list):
        forms += [value[:-1], [*value, value[-1] if value else 0], list(reversed(value))]
        forms += [[*value[:-1], None]] if value else []
    if isinstance(value, dict):
        for name in value:
            forms.append({k: v for k, v in value.items() if k != name})
        forms.append({**value, "extra": 1})
    return forms


@pytest.mark.parametrize("kind", ["match", "match-counting"])
def test_the_quick_pass_agrees_with_the_named_difference(kind: str) -> None:
    deals = [deal for game in MAKERS[kind]()["played"] for deal in game["deals"]]
    checked = 0
    for actual in (deals[0], deals[-1]):
        assert _same(copy.deepcopy(actual), actual)
        assert _difference(copy.deepcopy(actual), actual, "deal") is None
        for path in leaves(actual):
            here: Any = actual
            for key in path:
                here = here[key]
            for form in changed(here):
                recorded = tampered(actual, path, form)
                passed = _difference(recorded, actual, "deal") is None
                assert _same(recorded, actual) == passed, (path, form)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize(
    "actual",
    [10_000, -10_000, 10_001, -10_001, "x" * 12, "x" * 13, "é", "10♣", "a b", "", True, None],
)
def test_the_quick_pass_keeps_the_bounds_of_what_a_record_holds(actual: object) -> None:
    """A value equal to the game's is still refused out of a record's bounds, alone, in a
    list or in an object."""
    for shape in (actual, [actual], [1, actual], {"a": actual}, [[actual]]):
        passed = _difference(copy.deepcopy(shape), shape, "deal") is None
        assert _same(copy.deepcopy(shape), shape) == passed, shape
