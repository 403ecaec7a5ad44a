"""The expert computer player: exact discards with their pegging, the play searched to its end.

* **Discard**: each of the 15 discards is worth its exact expected hand and crib
  (for the dealer, against pone: :func:`~solitaire.match.players.discard_values`),
  the crib's fifteens, pairs and runs moved to what they make when the opponent
  throws as a sound player does (:func:`~solitaire.match.inference.crib_shift`),
  plus the expected net pegging of the four cards kept, in this role: a linear
  fit to features of the kept ranks (:data:`FEATURES`), measured by simulation
  (``scripts/build_expert_tables.py``; the weights are in ``data/expert.json``).
* **Play**: the card of the greatest exact expected net pegging to the end of the
  play over every hand the opponent can still hold, weighed by how likely a sound
  player is to have kept it (:func:`~solitaire.match.search.play_values`,
  :mod:`~solitaire.match.inference`).
* **Near the end** (either score at :data:`~solitaire.match.endgame.NEAR_END` or
  more) both choices maximise the chance of winning the game instead
  (:mod:`~solitaire.match.endgame`), except pone's opening lead: played to win, its
  ~1,800 hidden hands take seconds, so it stays the card of the most net pegging.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Final

from solitaire.core.cards import Card
from solitaire.match.endgame import TABLE_PATH, discard_chances, is_near_end, play_chances
from solitaire.match.game import GO, Action, Discard, Lay, Observation, Phase
from solitaire.match.inference import crib_shift
from solitaire.match.players import discard_values
from solitaire.match.search import play_values

__all__ = ["FEATURES", "TABLE_PATH", "ExpertPlayer", "peg_features", "pegging_value"]

FEATURES: Final = ("fives", "pairs", "low cards", "ten-cards", "fifteens", "touching ranks")


def peg_features(ranks: Sequence[int]) -> list[int]:
    """The kept ranks' features the pegging fit weighs, in :data:`FEATURES` order.

    Fives; pairs (two of a rank make one, three make three); cards A-4; ten-cards;
    two-card fifteens; pairs of cards one rank apart.
    """
    counts = Counter(ranks)
    values = [min(rank, 10) for rank in ranks]
    return [
        counts[5],
        sum(n * (n - 1) // 2 for n in counts.values()),
        sum(1 for rank in ranks if rank <= 4),
        sum(1 for value in values if value == 10),
        sum(1 for a, b in combinations(values, 2) if a + b == 15),
        sum(counts[rank] * counts[rank + 1] for rank in range(1, 13)),
    ]


@cache
def _weights() -> dict[str, tuple[float, ...]]:
    data = json.loads(TABLE_PATH.read_text())
    return {role: tuple(weights) for role, weights in data["pegging"].items()}


def pegging_value(ranks: Sequence[int], dealer: bool) -> float:
    """The fitted expected net pegging of four kept ranks in this role."""
    intercept, *weights = _weights()["dealer" if dealer else "pone"]
    return intercept + sum(w * f for w, f in zip(weights, peg_features(ranks), strict=True))


def _ranks(pair: tuple[Card, Card]) -> tuple[int, int]:
    low, high = sorted((int(pair[0].rank), int(pair[1].rank)))
    return low, high


class ExpertPlayer:
    """Discards by hand, crib and pegging; lays the card the search values most; plays to win."""

    name: Final = "expert"

    def choose(self, view: Observation) -> Action:
        """The best discard, or the best card to lay, or go."""
        if view.phase is Phase.DISCARD:
            return Discard(self._discard(view))
        lays = [action.card for action in view.legal if isinstance(action, Lay)]
        if not lays:
            return GO
        if len(lays) == 1:
            return Lay(lays[0])
        if is_near_end(view) and view.opponent_held < 4:
            chances = play_chances(view)
            best = max(chances[card] for card in lays)
            lays = [card for card in lays if chances[card] == best]
            if len({card.rank for card in lays}) == 1:
                return Lay(max(lays))  # (one rank: the same net pegging)
            values = play_values(view)  # the points break a tie of chances
            return Lay(max(lays, key=lambda card: (values[card], card)))
        values = play_values(view)
        return Lay(max(lays, key=lambda card: (values[card], card.value, card)))

    def _discard(self, view: Observation) -> tuple[Card, Card]:
        shifts = crib_shift(view)
        sign = 1 if view.is_dealer else -1
        values = {
            pair: float(value + sign * shifts[_ranks(pair)])
            + pegging_value([c.rank for c in view.dealt if c not in pair], view.is_dealer)
            for pair, value in discard_values(view).items()
        }
        if is_near_end(view):
            chances = discard_chances(view)
            return max(values, key=lambda pair: (chances[pair], values[pair], pair))
        return max(values, key=lambda pair: (values[pair], pair))
