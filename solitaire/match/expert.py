"""The expert computer player: exact discards with their pegging, the play searched to its end.

Its decision runs one way (:mod:`solitaire.match.decide`): the observation, the model
of the hidden hands built once (:class:`~solitaire.match.decide.hidden.Hidden`), the
values of the choices (:mod:`~solitaire.match.decide.values`), and here the choice.

* **Discard**: each of the 15 discards is worth its exact expected hand and crib
  (for the dealer, against pone), the crib moved to what it makes when the
  opponent throws as a sound player does, plus the fitted expected net pegging
  of the four cards kept (:func:`~solitaire.match.decide.discard.discard_points`).
* **Play**: the card of the greatest exact expected net pegging to the end of the
  play over every hand the opponent can still hold, weighed by how likely a sound
  player is to have kept it (:func:`~solitaire.match.decide.values.play_values`),
  the opponent's answer chosen without seeing this player's cards (the ``"honest"``
  model of :mod:`~solitaire.match.decide.search`) and the rest of the play solved with
  both hands known; among equals the higher card value, then the higher card.
  ``ExpertPlayer(model="open")`` is the expert before that model (the opponent seeing
  every card from here on), kept for ``scripts/bench/bench_deals.py`` to compare against.
* **Pone's opening lead** is read from the lead table
  (:func:`~solitaire.match.decide.lead.lead_values`: the open model's values, both hands
  seen from the lead on) rather than searched under the honest model: the search of ~1,800
  hidden hands doubled the expert's CPU, and against an outside player the honest model
  gained nothing measurable over the open one. ``ExpertPlayer(searched_lead=True)`` searches
  it as the honest model says (what a pegging drill's ``expert`` plays and records, and the
  expert before this change, kept for ``scripts/bench/bench_expert_speed.py`` to compare against).
* **Near the end** (either score at :data:`~solitaire.match.decide.endgame.NEAR_END`
  or more) both choices maximise the chance of winning the game instead, points
  breaking ties, except pone's opening lead: played to win, its ~1,800 hidden hands
  take seconds, so it stays the card of the most net pegging. In a series
  (``--games N``) they maximise the game points expected instead, won less lost, so
  that laying or saving a skunk counts (:func:`~solitaire.match.decide.endgame.series_stakes`);
  ``ExpertPlayer(skunks=False)`` plays every game for the win alone, for comparison.
"""

from __future__ import annotations

from typing import Final

from solitaire.core.cards import Card
from solitaire.match.decide.endgame import series_stakes
from solitaire.match.decide.hidden import Hidden
from solitaire.match.decide.values import Model, is_opening_lead, lay_values, value_discards
from solitaire.match.game import GO, Action, Discard, Lay, Observation, Phase

__all__ = ["ExpertPlayer"]


class ExpertPlayer:
    """Discards by hand, crib and pegging; lays the card the search values most; plays to win."""

    name: Final = "expert"

    def __init__(
        self, model: Model = "honest", skunks: bool = True, searched_lead: bool = False
    ) -> None:
        self.model: Final = model
        self.skunks: Final = skunks
        self.searched_lead: Final = searched_lead

    def choose(self, view: Observation) -> Action:
        """The best discard, or the best card to lay, or go."""
        if view.phase is Phase.DISCARD:
            return Discard(self._discard(view))
        lays = [action.card for action in view.legal if isinstance(action, Lay)]
        if not lays:
            return GO
        if len(lays) == 1:
            return Lay(lays[0])
        model = self.model
        if not self.searched_lead and is_opening_lead(view):
            model = "open"  # the lead table's values (the module's docstring)
        values = lay_values(view, Hidden(view), model, self._stakes(view))
        chances = values.chances
        if chances is not None:
            best = max(chances[card] for card in lays)
            lays = [card for card in lays if chances[card] == best]
            if len({card.rank for card in lays}) == 1:
                return Lay(max(lays))  # (one rank: the same net pegging)
            nets = values.nets  # the points break a tie of chances
            return Lay(max(lays, key=lambda card: (nets[card], card)))
        nets = values.nets
        return Lay(max(lays, key=lambda card: (nets[card], card.value, card)))

    def _stakes(self, view: Observation) -> int:
        return series_stakes(view) if self.skunks else 0

    def _discard(self, view: Observation) -> tuple[Card, Card]:
        values = value_discards(view, Hidden(view), self._stakes(view))
        points, chances = values.points, values.chances
        if chances is not None:
            return max(points, key=lambda pair: (chances[pair], points[pair], pair))
        return max(points, key=lambda pair: (points[pair], pair))
