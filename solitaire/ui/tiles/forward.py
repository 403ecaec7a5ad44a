"""A name of the tile session that one of its parts owns, read and set on that part."""

from __future__ import annotations

from typing import Generic, Self, TypeVar, overload

__all__ = ["Forward"]

T = TypeVar("T")


class Forward(Generic[T]):
    """A session's attribute or method owned by its part ``part`` (the session's attribute
    holding it), under the same name: the session keeps one surface for the app, the
    screen and the tests, while each value lives in one part only."""

    def __init__(self, part: str) -> None:
        self.part = part
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, session: None, owner: type) -> Self: ...

    @overload
    def __get__(self, session: object, owner: type) -> T: ...

    def __get__(self, session: object | None, owner: type) -> Self | T:
        if session is None:
            return self
        value: T = getattr(getattr(session, self.part), self.name)
        return value

    def __set__(self, session: object, value: T) -> None:
        setattr(getattr(session, self.part), self.name, value)

    def __repr__(self) -> str:
        return f"Forward({self.part!r}).{self.name}"
