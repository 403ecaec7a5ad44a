"""Computer players: plain strategy objects that see only a player's :class:`Observation`.

Any object with a ``name`` and a ``choose(view) -> Action`` method can sit at the
table (the engine contract's :class:`~solitaire.core.engine.Player`):
:class:`EasyPlayer` (random legal choices), :class:`StandardPlayer`, the next
level's expert, or an adapter around an outside program; the levels are made by
name in :mod:`solitaire.match.registry`. :func:`advance` lets the computer seats
act until a person (a ``None`` seat) is to act.

>>> from solitaire.match.game import Match
>>> match = Match(seed=3)
>>> players = (StandardPlayer(), EasyPlayer(random.Random(1)))
>>> _ = advance(match, players)
>>> match.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Final, TypeAlias

from solitaire.core import engine
from solitaire.core.cards import ALL_CARDS, Card
from solitaire.core.errors import CribsolError
from solitaire.core.scoring import score_total
from solitaire.match.decide.discard import discard_values
from solitaire.match.game import (
    GO,
    Action,
    Claim,
    Discard,
    Event,
    IllegalMoveError,
    Lay,
    Match,
    Observation,
    Phase,
)
from solitaire.match.levels import PLAYERS
from solitaire.match.pegging import MAX_COUNT, count_of, peg_points

__all__ = [
    "PLAYERS",
    "EasyPlayer",
    "Player",
    "PlayerError",
    "StandardPlayer",
    "advance",
    "discard_values",
    "lay_values",
    "own_count",
]


class PlayerError(CribsolError):
    """A computer player chose something the rules refuse; the match is left as it was."""


Player: TypeAlias = engine.Player[Observation, Action]
"""A seat at the table: a ``name`` (as records write it) and ``choose(view)``, one of
``view.legal`` chosen from what it can see."""


class EasyPlayer:
    """Any legal action, uniformly at random from the injected generator."""

    name: Final = "easy"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, view: Observation) -> Action:
        """A random legal action (the count of its own hand is always right)."""
        if view.phase is Phase.SHOW:
            return own_count(view)
        return view.legal[self._rng.randrange(len(view.legal))]


def own_count(view: Observation) -> Claim:
    """The true count of the hand or crib a computer seat is to count itself."""
    return Claim(score_total(view.counting, view.starter, crib=view.counting_crib))


def lay_values(view: Observation) -> dict[Card, Fraction]:
    """Each card that fits: the points it pegs now, less the opponent's expected best reply.

    The reply is the most the opponent could peg at once with one card, their hand
    being any ``opponent_held`` of the cards this player has not seen, all equally
    likely; exactly, ``E[max] = sum over t >= 1 of P(max >= t)``. A card that makes
    31, or an opponent who has said go or holds nothing, leaves no reply.
    """
    seen = view.seen()
    unseen = [c for c in ALL_CARDS if c not in seen]
    held = min(view.opponent_held, len(unseen))
    hands = comb(len(unseen), held)
    of_rank: dict[int, tuple[Card, int]] = {}  # a card of each rank unseen, and how many
    for reply in unseen:
        first, cards = of_rank.get(reply.rank, (reply, 0))
        of_rank[reply.rank] = (first, cards + 1)
    values = {}
    for card in view.hand:
        if view.count + card.value > MAX_COUNT:
            continue
        series = [*view.series, card]
        count = count_of(series)
        risk = 0  # the sum over t of the hands whose best reply pegs t or more
        if count < MAX_COUNT and held and not view.opponent_said_go:
            # what a reply pegs depends on its rank alone: each rank once, times its cards
            replies = [
                (peg_points([*series, reply]), cards)
                for reply, cards in of_rank.values()
                if count + reply.value <= MAX_COUNT
            ]
            for threshold in range(1, max((points for points, _ in replies), default=0) + 1):
                reach = sum(cards for points, cards in replies if points >= threshold)
                risk += hands - comb(len(unseen) - reach, held)
        values[card] = peg_points(series) - Fraction(risk, hands)
    return values


class StandardPlayer:
    """Discards by the exact expected hand and crib; lays the card that pegs most, safely.

    In the play: the most immediate points, less the opponent's expected best
    reply, so it avoids leaving 5 or 21 (an easy 15 or 31) and laying a card that
    invites a pair royal; among equals it keeps its low cards for later.
    """

    name: Final = "standard"

    def choose(self, view: Observation) -> Action:
        """The best discard, or the best card to lay, or go."""
        if view.phase is Phase.SHOW:
            return own_count(view)
        if view.phase is Phase.DISCARD:
            values = discard_values(view)
            return Discard(max(values, key=lambda pair: (values[pair], pair)))
        lays = lay_values(view)
        if not lays:
            return GO
        return Lay(max(lays, key=lambda card: (lays[card], card.value, card)))


def advance(match: Match, players: Sequence[Player | None]) -> tuple[Event, ...]:
    """Let the computer seats act until a person's turn (a ``None`` seat) or the end.

    The match referees every choice: one the rules refuse raises :class:`PlayerError`
    naming the player, and changes nothing.
    """
    events: list[Event] = []
    while (seat := match.current_player) is not None:
        player = players[seat]
        if player is None:
            break
        action = player.choose(match.observation(seat))
        try:
            events += match.apply(action, player=seat)
        except IllegalMoveError as error:
            raise PlayerError(
                f"{player.name} (player {seat}) chose {str(action)[:40]!r}, which the rules "
                f"refuse: {error}"
            ) from None
    return tuple(events)
