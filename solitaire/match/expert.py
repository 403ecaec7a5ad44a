"""The expert computer player: exact discards and the play searched to its end.

* **Discard**: the exact expected hand and crib (for the dealer, against pone) of
  each of the 15 discards (:func:`~solitaire.match.players.discard_values`).
* **Play**: the card of the greatest exact expected net pegging to the end of the
  play over every hand the opponent can still hold
  (:func:`~solitaire.match.search.play_values`).
"""

from __future__ import annotations

from typing import Final

from solitaire.match.game import GO, Action, Discard, Lay, Observation, Phase
from solitaire.match.players import discard_values
from solitaire.match.search import play_values

__all__ = ["ExpertPlayer"]


class ExpertPlayer:
    """Discards by the exact expectation; lays the card the search values most."""

    name: Final = "expert"

    def choose(self, view: Observation) -> Action:
        """The best discard, or the best card to lay, or go."""
        if view.phase is Phase.DISCARD:
            values = discard_values(view)
            return Discard(max(values, key=lambda pair: (values[pair], pair)))
        lays = [action for action in view.legal if isinstance(action, Lay)]
        if not lays:
            return GO
        if len(lays) == 1:
            return lays[0]
        nets = play_values(view)
        return Lay(max(nets, key=lambda card: (nets[card], card.value, card)))
