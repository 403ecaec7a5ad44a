"""A value of the discard: each of the 15 discards' expected points, hand, crib and pegging.

* ``standard``'s value (:func:`discard_values`): the exact expected hand plus the
  crib (for the dealer) or minus it (for pone), the opponent's two crib cards
  taken as random unseen cards.
* ``expert``'s value (:func:`discard_points`): that, with the crib's fifteens,
  pairs and runs moved to what they make when the opponent throws as a sound
  player does (the decision's model: :attr:`~solitaire.match.decide.hidden.Hidden.crib_shift`),
  plus the expected net pegging of the four cards kept, in this role: a linear fit
  to features of the kept ranks (:data:`FEATURES`), measured by simulation
  (``scripts/build/build_expert_tables.py``; the weights are in ``data/expert.json``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Final

from solitaire.core.cards import Card
from solitaire.core.discards import Position, expected_numerators
from solitaire.match.decide.tables import TABLE_PATH
from solitaire.match.game import Observation

if TYPE_CHECKING:
    from solitaire.match.decide.hidden import Hidden

__all__ = ["FEATURES", "discard_points", "discard_values", "peg_features", "pegging_value"]

FEATURES: Final = ("fives", "pairs", "low cards", "ten-cards", "fifteens", "touching ranks")


def discard_values(view: Observation) -> dict[tuple[Card, Card], Fraction]:
    """Each discard's exact expected hand plus crib (for the dealer) or minus crib (for pone).

    The starter is any of the 46 unseen cards and the opponent's two crib cards any
    two of the rest, weighed as random unseen cards (the opponent chooses them, but
    from cards this player cannot see). His heels goes to the dealer whatever is
    discarded, so it is left out: it never changes the choice.
    """
    nums = expected_numerators(Position.make(view.dealt))
    sign = 1 if view.is_dealer else -1
    return {
        (view.dealt[a], view.dealt[b]): Fraction(nums.hand[index], nums.hand_den)
        + sign * Fraction(nums.crib[index], nums.crib_den)
        for index, (a, b) in enumerate(combinations(range(6), 2))
    }


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


def discard_points(
    view: Observation, hidden: Hidden | None = None
) -> dict[tuple[Card, Card], float]:
    """Each discard's expected points as ``expert`` counts them: hand, crib as the model
    of the opponent's throw shifts it (``hidden``, else built from ``view``), and the
    fitted pegging of the four kept."""
    from solitaire.match.decide.hidden import model_of  # numpy: not for standard's values

    shifts = model_of(view, hidden).crib_shift
    sign = 1 if view.is_dealer else -1
    return {
        pair: float(value + sign * shifts[_ranks(pair)])
        + pegging_value([c.rank for c in view.dealt if c not in pair], view.is_dealer)
        for pair, value in discard_values(view).items()
    }
