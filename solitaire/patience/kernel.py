"""Many games of the patience played at once (numpy), for the simulator and the tables.

:func:`play_decks` plays whole games of ``best``, ``hand`` or ``oracle`` for many decks
in lock-step, one array operation per step for every game, on the exact kernels of
:mod:`solitaire.core.kernel` (re-exported here for the patience's callers).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from solitaire.core.cards import JACK_RANK
from solitaire.core.errors import InputError
from solitaire.core.kernel import (
    DISCARDS,
    WIDTH,
    Ints,
    RoundCounts,
    discard_points,
    expected_many,
    final_points,
    five_rank_points,
    four_points,
    round_counts,
    round_counts_many,
)
from solitaire.patience.deal import FINAL_SLOTS, ROUND_SLOTS, ROUNDS

__all__ = [
    "BATCHED",
    "DISCARDS",
    "WIDTH",
    "RoundCounts",
    "choose",
    "discard_points",
    "final_points",
    "five_rank_points",
    "four_points",
    "play_decks",
    "round_counts",
    "round_counts_many",
]

BATCHED: Final = ("best", "hand", "oracle")
_SIX_AT: Final = tuple(np.array(slots.shown) for slots in ROUND_SLOTS)
_BLIND_AT: Final = tuple(np.array(slots.crib) for slots in ROUND_SLOTS)
_UNSEEN_AT: Final = tuple(
    np.array(slots.unseen(ROUND_SLOTS[:k])) for k, slots in enumerate(ROUND_SLOTS)
)
_FINAL_AT: Final = np.array(FINAL_SLOTS)


def choose(strategy: str, hand: Ints, crib: Ints, hand_den: int, crib_den: int) -> Ints:
    """The discard index ``best_discard`` picks: the first of the largest keys."""
    # ``best``: the expected total, then the expected hand (hand numerators stay below 4096).
    key = hand if strategy == "hand" else (hand * crib_den + crib * hand_den) * 4096 + hand
    return np.asarray(np.argmax(key, axis=1), dtype=np.int64)


def play_decks(decks: Ints, strategy: str, first: int = 1, forced: Ints | None = None) -> Ints:
    """Points of every round and of the final hand ([game, 7]) of games dealt from these
    deck orders ([game, 52] card ints); a game's total is its row's sum.

    ``best`` and ``hand`` choose as the advisor's :func:`best_discard` does; ``oracle``
    takes each round's best actual discard. Rounds before ``first`` are not played (0
    points); ``forced`` [game] is the discard (index of :data:`DISCARDS`) of round ``first``.
    """
    if strategy not in BATCHED:
        raise InputError(f"no batched play for {strategy!r}: expected one of {BATCHED}")
    games = np.arange(len(decks))
    points = np.zeros((len(decks), 7), dtype=np.int64)
    for k in range(first - 1, ROUNDS):
        six, blind = decks[:, _SIX_AT[k]], decks[:, _BLIND_AT[k]]
        starter = decks[:, ROUND_SLOTS[k].starter]
        hand, crib = discard_points(six, blind, starter)
        if strategy == "oracle":
            choice = np.argmax(hand + crib, axis=1)
        elif k < ROUNDS - 1:  # round 6 is played with every card known
            choice = choose(strategy, *expected_many(six, decks[:, _UNSEEN_AT[k]]))
        else:
            choice = choose(strategy, hand, crib, 1, 1)
        if forced is not None and k == first - 1:
            choice = forced
        points[:, k] = hand[games, choice] + crib[games, choice] + 2 * ((starter >> 2) == JACK_RANK)
    points[:, 6] = final_points(decks[:, _FINAL_AT])
    return points
