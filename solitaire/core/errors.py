"""The base of every error this program raises on purpose.

A :class:`CribsolError` names a problem with what it was given (a card, a count,
a move, a file, an option) in one line for the player; the command line answers
it with exit status 2. Any other exception is a bug: it is logged with its
traceback (:mod:`solitaire.errorlog`) and said to be one.
"""

from __future__ import annotations

__all__ = ["CribsolError", "InputError"]


class CribsolError(ValueError):
    """A problem with the program's input, said in one line; every such error derives
    from this (a ValueError, as the engines' callers have always caught)."""


class InputError(CribsolError):
    """Input refused where no more particular error fits (an option's value, a record's
    field, a move the rules do not allow)."""
