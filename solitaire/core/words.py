"""Words every game writes the same way: a count and its noun, a signed number, a verb or a
possessive that agrees with a name ("you" among them).

>>> plural(1, "tile"), plural(0, "tile"), plural(2, "pass", "passes")
('1 tile', '0 tiles', '2 passes')
>>> signed(-0.04, 1), signed(0), signed(3), signed(-2.5, 1)
('0.0', '0', '+3', '-2.5')
>>> agrees("you", "moves", "move"), agrees("Ann", "moves", "move"), possessive("you")
('move', 'moves', 'your')
"""

from __future__ import annotations

__all__ = ["agrees", "plural", "possessive", "signed"]


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and the noun agreeing with it: ``1 tile``, ``0 tiles``, ``3 tiles``
    (``many``: the plural when it is not the noun and an s)."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def signed(value: float, places: int = 0) -> str:
    """A difference with its sign, ``+3`` or ``-2.5``; one that rounds to zero is ``0``
    (never ``-0`` nor ``+0``)."""
    text = f"{value:+.{places}f}"
    return text[1:] if text[1:].strip("0.") == "" else text


def agrees(subject: str, third: str, plain: str) -> str:
    """The verb for a player's name: ``plain`` for "you" (you move), else ``third`` (Ann
    moves)."""
    return plain if subject == "you" else third


def possessive(name: str) -> str:
    """``your`` for "you", else ``Ann's``."""
    return "your" if name == "you" else f"{name}'s"
