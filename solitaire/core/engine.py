"""The engine contract: what every game's engine answers, by the same names and shapes.

A game's engine is its rules as plain state. The match
(:class:`solitaire.match.game.Match`) and the tile game
(:class:`solitaire.tiles.game.TileGame`) are each a :class:`RecordedEngine`; the
patience (:class:`solitaire.patience.game.Game`) is an :class:`Engine` for one
player (its record is written beside it: see its docstring). Each engine has its own
action, observation and result types; what is shared is how they are asked for:

* ``current_player``: the seat to act (an ``int`` from 0); once ``is_over``, no one
  acts (the match and the patience say ``None``; the tile game goes on naming the
  seat that would be next, so ask ``is_over``).
* ``legal_actions()``: every action the player to act may take (empty once over).
  An action is a value (a dataclass or a tuple), equal to any other spelling of the
  same move only when the engine says so: ``check`` is the judge, not membership.
* ``check(action)``: raises :class:`~solitaire.core.errors.IllegalMoveError` (an
  engine's own subclass, with its ``reason``) when the rules refuse the action, and
  changes nothing either way; what it returns, if anything, is the engine's (the
  tile game gives the play's score).
* ``can(action) -> bool``: ``check`` as a question. It answers no to an
  ``IllegalMoveError`` and to nothing else: any other exception from ``check`` is a
  bug and propagates.
* ``apply(action)``: checks, acts for the player to act and returns what happened
  (the match's events up to the next decision, the tile game's ``Turn``, the
  patience's round). A refused action raises as ``check`` does and changes nothing.
  An engine may take more, as keyword arguments with defaults, for what is not an
  action: the match's ``player=`` (the seat that means to act: refused unless it is
  theirs), the tile game's ``claim`` (a Joker game's own count of a play, which a
  play there needs).
* ``observation(player)``: what that player may see and nothing more: never another
  player's hand or rack, a bag's or a deck's order, an unturned card. It is all a
  fair computer player is given.
* ``is_over``: True once the game (the match: the series) has ended.
* ``record(players)``: the JSON-ready record of the game so far, ``players`` naming
  the seats; each game's record module replays it (:class:`Replay`), checking every
  card and score, to an engine in the same state.

Computer players are one model too: a :class:`Player` has a ``name`` and
``choose(observation) -> action``, and each game has one registry,
``make_player(name, rng)`` (:class:`MakePlayer`), that makes its players by name
with a seeded :class:`random.Random` for those that draw at random.

``tests/test_engine_contract.py`` drives every engine through this contract alone.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

__all__ = ["Engine", "MakePlayer", "Player", "RecordedEngine", "Replay"]

ActionT = TypeVar("ActionT")
ActionT_co = TypeVar("ActionT_co", covariant=True)
HappenedT_co = TypeVar("HappenedT_co", covariant=True)
ObservationT_co = TypeVar("ObservationT_co", covariant=True)
ObservationT_contra = TypeVar("ObservationT_contra", contravariant=True)
EngineT_co = TypeVar("EngineT_co", covariant=True)


class Engine(Protocol[ActionT, HappenedT_co, ObservationT_co]):
    """A game's rules as state: whose turn, what they may do, doing it, what each sees."""

    @property
    def current_player(self) -> int | None:
        """The seat to act (see the module's note on a game that is over)."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    def legal_actions(self) -> Sequence[ActionT]:
        """Every action the player to act may take; empty once the game is over."""
        ...

    def check(self, action: ActionT, /) -> object:
        """Raise an IllegalMoveError naming why ``action`` is refused now; change nothing."""
        ...

    def can(self, action: ActionT, /) -> bool:
        """True when :meth:`apply` would accept ``action`` (only an IllegalMoveError is no)."""
        ...

    def apply(self, action: ActionT, /) -> HappenedT_co:
        """Take ``action`` for the player to act; what happened."""
        ...

    def observation(self, player: int, /) -> ObservationT_co:
        """What ``player`` may see now, and nothing they may not."""
        ...


class RecordedEngine(
    Engine[ActionT, HappenedT_co, ObservationT_co],
    Protocol[ActionT, HappenedT_co, ObservationT_co],
):
    """An engine that writes its own record (the game's :class:`Replay` reads it back)."""

    def record(self, players: Sequence[str], /) -> dict[str, Any]:
        """The JSON-ready record of the game so far; ``players`` names the seats."""
        ...


class Replay(Protocol[EngineT_co]):
    """A game's replay: a record played again on a fresh engine, every card and score
    checked (a record that does not match is refused with a ``RecordError``)."""

    def __call__(
        self, record: Mapping[str, Any], /, *, allow_unfinished: bool = False
    ) -> EngineT_co:
        """The engine the record leads to; a game not over is refused unless allowed."""
        ...


class Player(Protocol[ObservationT_contra, ActionT_co]):
    """A seat at the table: chooses a legal action from what it may see."""

    @property
    def name(self) -> str:
        """The player's name, as records write it."""
        ...

    def choose(self, observation: ObservationT_contra, /) -> ActionT_co:
        """One of the legal actions of the position observed."""
        ...


class MakePlayer(Protocol[ObservationT_contra, ActionT_co]):
    """A game's one registry of computer players."""

    def __call__(self, name: str, rng: random.Random, /) -> Player[ObservationT_contra, ActionT_co]:
        """The player of this name; ``rng`` feeds those that draw at random."""
        ...
