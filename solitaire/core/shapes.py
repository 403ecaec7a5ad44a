"""The shape of a small JSON value read back from storage, checked strictly.

A game describes what its stored summary holds with these specs, and the store
refuses a summary that does not fit (naming the first field that does not):
integers are integers in range (not floats, not booleans), texts are bounded and
from their alphabet, lists bounded, objects hold exactly their fields.

>>> Obj({"total": Int(0, 121), "by": Text(8)}).why({"total": 121.0, "by": "you"})
'total is not a whole number from 0 to 121'
>>> Obj({"total": Int(0, 121), "by": Text(8)}).why({"total": 3, "by": "you"}) is None
True
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

__all__ = ["Arr", "Bool", "Float", "Int", "Obj", "Opt", "Shape", "Text"]

_PRINTABLE: Final = re.compile(r"[^\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]*")


@functools.cache
def _compiled(pattern: str | None) -> re.Pattern[str]:
    return re.compile(pattern) if pattern else _PRINTABLE


class Shape:
    """A spec: ``ok(value)`` says whether a value fits it (fast), ``why(value)`` is None
    when it does, else what is wrong, naming the field."""

    def ok(self, value: object) -> bool:
        raise NotImplementedError

    def wrong(self, value: object, where: str) -> str:
        """What is wrong with a value that does not fit."""
        raise NotImplementedError

    def why(self, value: object, where: str = "") -> str | None:
        return None if self.ok(value) else self.wrong(value, where or "it")


@dataclass(frozen=True, slots=True)
class Int(Shape):
    low: int
    high: int

    def ok(self, value: object) -> bool:
        return type(value) is int and self.low <= value <= self.high

    def wrong(self, value: object, where: str) -> str:
        return f"{where} is not a whole number from {self.low} to {self.high}"


@dataclass(frozen=True, slots=True)
class Float(Shape):
    low: float
    high: float

    def ok(self, value: object) -> bool:
        return type(value) in (int, float) and self.low <= value <= self.high  # type: ignore[operator]

    def wrong(self, value: object, where: str) -> str:
        return f"{where} is not a number from {self.low} to {self.high}"


@dataclass(frozen=True, slots=True)
class Bool(Shape):
    def ok(self, value: object) -> bool:
        return type(value) is bool

    def wrong(self, value: object, where: str) -> str:
        return f"{where} is not true or false"


@dataclass(frozen=True, slots=True)
class Text(Shape):
    """A bounded text without control or direction characters (or matching ``pattern``)."""

    longest: int
    pattern: str | None = None

    def ok(self, value: object) -> bool:
        return (
            isinstance(value, str)
            and len(value) <= self.longest
            and _compiled(self.pattern).fullmatch(value) is not None
        )

    def wrong(self, value: object, where: str) -> str:
        if not isinstance(value, str) or len(value) > self.longest:
            return f"{where} is not a text of at most {self.longest} characters"
        return f"{where} is not a text this program writes"


@dataclass(frozen=True, slots=True)
class Opt(Shape):
    """The spec, or null."""

    inner: Shape

    def ok(self, value: object) -> bool:
        return value is None or self.inner.ok(value)

    def wrong(self, value: object, where: str) -> str:
        return self.inner.wrong(value, where)


@dataclass(frozen=True, slots=True)
class Arr(Shape):
    item: Shape
    shortest: int = 0
    longest: int = 16

    def ok(self, value: object) -> bool:
        if not isinstance(value, list) or not self.shortest <= len(value) <= self.longest:
            return False
        ok = self.item.ok
        for item in value:  # noqa: SIM110 (a loop is faster than all(); 10,000 rows a history)
            if not ok(item):
                return False
        return True

    def wrong(self, value: object, where: str) -> str:
        if not isinstance(value, list) or not self.shortest <= len(value) <= self.longest:
            return f"{where} is not a list of {self.shortest} to {self.longest} items"
        index = next(i for i, item in enumerate(value) if not self.item.ok(item))
        return self.item.wrong(value[index], f"{where}[{index}]")


@dataclass(frozen=True, slots=True)
class Obj(Shape):
    """An object with exactly these fields."""

    fields: Mapping[str, Shape]

    def ok(self, value: object) -> bool:
        if not isinstance(value, dict) or value.keys() != self.fields.keys():
            return False
        for name, spec in self.fields.items():  # noqa: SIM110 (as above)
            if not spec.ok(value[name]):
                return False
        return True

    def wrong(self, value: object, where: str) -> str:
        if not isinstance(value, dict) or value.keys() != self.fields.keys():
            return f"{where} does not hold exactly the fields {', '.join(self.fields)}"
        name = next(n for n, spec in self.fields.items() if not spec.ok(value[n]))
        inner = name if where == "it" else f"{where}.{name}"
        return self.fields[name].wrong(value[name], inner)
