"""The base of every error this program raises on purpose.

A :class:`CribsolError` names a problem with what it was given (a card, a count,
a move, a file, an option) in one line for the player; the command line answers
it with exit status 2. Any other exception is a bug: it is logged with its
traceback (:mod:`solitaire.errorlog`) and said to be one.

An :class:`IllegalMoveError` is the one kind of refusal every game's engine
raises for a move its rules do not allow (the match's ``NotYourTurnError``, the
tile game's refusals, the patience's ``IllegalDiscardError`` all derive from
it): an engine's ``can()`` answers no to it and to nothing else, so a bug in the
rules' check is never mistaken for an illegal move.
"""

from __future__ import annotations

__all__ = ["CribsolError", "IllegalMoveError", "InputError"]


class CribsolError(ValueError):
    """A problem with the program's input, said in one line; every such error derives
    from this (a ValueError, as the engines' callers have always caught)."""


class InputError(CribsolError):
    """Input refused where no more particular error fits (an option's value, a record's
    field, a move the rules do not allow)."""


class IllegalMoveError(CribsolError):
    """A move the rules refuse, said in one line; nothing changed.

    ``reason`` names the broken rule in a few words, for a program to tell refusals
    apart without reading the message: each engine's subclasses name their own
    (the tile game's are its ``Reason`` members), and a refusal that names none is
    an ``"illegal move"``.

    >>> error = IllegalMoveError("'5H' is not in your hand", reason="not in hand")
    >>> str(error), error.reason
    ("'5H' is not in your hand", 'not in hand')
    """

    reason: str = "illegal move"

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        if reason is not None:
            self.reason = reason
