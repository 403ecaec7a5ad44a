"""The second stage of a decision: the values of the choices, from the one source that fits.

Given the observation and the decision's model of the hidden hands
(:class:`~solitaire.match.decide.hidden.Hidden`, built once and handed down), the
source of the values is chosen here, once:

* a **discard** is worth its expected points
  (:func:`~solitaire.match.decide.discard.discard_points`), and near the end of a
  game (either score at :data:`~solitaire.match.decide.endgame.NEAR_END` or more)
  its chance of winning too (:func:`~solitaire.match.decide.endgame.discard_chances`);
* a **card** is worth its exact expected net pegging to the end of the play, by the
  search (:mod:`~solitaire.match.decide.search`), the opponent's next card chosen
  without seeing mine (the ``"honest"`` model, the expert's and the coach's); with the
  ``"open"`` model (both hands seen, kept for comparison) pone's opening lead is read
  from the lead table (:mod:`~solitaire.match.decide.lead`) instead, and for the
  coach's words (:func:`play_options`) the dealer's answers from the table of them;
  near the end, once
  the opponent has laid a card, its chance of winning
  (:func:`~solitaire.match.decide.endgame.play_chances`, the opponent's next card laid
  as the model says and the rest played to win with both hands known), the net
  pegging only breaking ties. Pone's opening lead played to win, its ~1,800
  hidden hands would take seconds, so it stays the lead of the most net pegging.

What to choose from these values is the caller's (:mod:`solitaire.match.expert`,
:mod:`solitaire.match.coach`); nothing here calls back up to them.

>>> from solitaire.match.game import Match
>>> match = Match.from_cards(0, ["5H 5C 9D TS JH 2C", "AH 3C 4D 6S 8H KC"], "QD")
>>> _ = match.discard(1, "6S 8H"), match.discard(0, "9D 2C")
>>> values = play_values(match.observation(1))
>>> [(str(card), round(float(value), 4)) for card, value in sorted(values.items())]
[('AH', -1.0858), ('3C', -1.0055), ('4D', -0.4143), ('KC', -1.4067)]
>>> values[Card.parse("4D")].denominator  # one exact fraction, divided once
6257192530050
>>> open_values = play_values(match.observation(1), model="open")  # both hands seen
>>> [(str(card), round(float(value), 4)) for card, value in sorted(open_values.items())]
[('AH', -1.8241), ('3C', -1.5132), ('4D', -1.2523), ('KC', -1.9689)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Final, Literal

from solitaire.core.cards import Card
from solitaire.match.decide.discard import discard_points, discard_values
from solitaire.match.decide.endgame import discard_chances, is_near_end, play_chances
from solitaire.match.decide.hidden import Hidden, model_of
from solitaire.match.decide.lead import is_opening_lead, lead_answers, lead_nets, lead_values
from solitaire.match.decide.search import Model, PlayOption, search_values
from solitaire.match.decide.search import play_options as searched_options
from solitaire.match.game import Observation

__all__ = [
    "DiscardValues",
    "LayValues",
    "Model",
    "PlayOption",
    "Source",
    "discard_points",
    "discard_values",
    "is_opening_lead",
    "lay_values",
    "play_options",
    "play_values",
    "value_discards",
]

Source = Literal["search", "lead table", "endgame"]


@dataclass(frozen=True, slots=True)
class DiscardValues:
    """Each discard's expected points, and near the end its chance of winning (else None)."""

    points: Mapping[tuple[Card, Card], float]
    chances: Mapping[tuple[Card, Card], float] | None


def value_discards(
    view: Observation, hidden: Hidden | None = None, stakes: int = 0
) -> DiscardValues:
    """The values of the 15 discards of ``view``'s six, with the decision's model; near the
    end, for ``stakes`` (:func:`~solitaire.match.decide.endgame.series_stakes`; 0, the
    chance of winning)."""
    hidden = model_of(view, hidden)
    points = discard_points(view, hidden)
    return DiscardValues(points, discard_chances(view, stakes) if is_near_end(view) else None)


def play_values(
    view: Observation, hidden: Hidden | None = None, model: Model = "honest"
) -> dict[Card, Fraction]:
    """Each card the player to lay may lay, with its exact expected net pegging to the end,
    the opponent played as ``model`` says (:mod:`~solitaire.match.decide.search`).

    Empty when no card fits (the player must say go). With the ``"open"`` model pone's
    opening lead is read from a table of the same values
    (:mod:`~solitaire.match.decide.lead`).
    """
    hidden = model_of(view, hidden)
    if model == "open" and is_opening_lead(view):
        return lead_values(view, hidden)
    return search_values(view, hidden, model)


def play_options(
    view: Observation, hidden: Hidden | None = None, model: Model = "honest"
) -> list[PlayOption]:
    """Each card that fits, valued by the search with what it pegs and the opponent's next
    card under ``model`` (:func:`~solitaire.match.decide.search.play_options`), best first.

    With the ``"open"`` model pone's opening lead takes each card's value against each
    hidden hand, and the dealer's answer, from the lead tables
    (:func:`~solitaire.match.decide.lead.lead_nets`,
    :func:`~solitaire.match.decide.lead.lead_answers`): the same options, nothing searched.
    """
    hidden = model_of(view, hidden)
    if model == "open" and is_opening_lead(view):
        known = lead_nets(view, hidden), lead_answers(view, hidden)
        return searched_options(view, hidden, model, known)
    return searched_options(view, hidden, model)


class LayValues:
    """The values of the cards the player to lay may lay, from the source chosen once.

    :attr:`chances` is each card's chance of winning when the play is played to win
    (None otherwise); :attr:`nets` each card's net pegging (:func:`play_values`),
    worked out the first time it is asked for.
    """

    def __init__(
        self, view: Observation, hidden: Hidden, model: Model = "honest", stakes: int = 0
    ) -> None:
        self._view: Final = view
        self._hidden: Final = hidden
        self._model: Final = model
        self._stakes: Final = stakes
        to_win = is_near_end(view) and view.opponent_held < 4
        table = model == "open" and is_opening_lead(view)
        self.source: Final[Source] = "endgame" if to_win else "lead table" if table else "search"

    @cached_property
    def chances(self) -> Mapping[Card, float] | None:
        """Each card that fits: its chance of winning the game (its value for the stakes, in
        a series), when the play is to win."""
        if self.source != "endgame":
            return None
        return play_chances(self._view, self._hidden, self._stakes, self._model)

    @cached_property
    def nets(self) -> Mapping[Card, Fraction]:
        """Each card that fits: its exact expected net pegging to the end of the play
        (:func:`play_values`)."""
        if self.source == "lead table":
            return lead_values(self._view, self._hidden)
        return search_values(self._view, self._hidden, self._model)


def lay_values(
    view: Observation, hidden: Hidden | None = None, model: Model = "honest", stakes: int = 0
) -> LayValues:
    """The values of the cards ``view``'s player may lay, with the decision's model of the
    hidden hands and ``model`` of the opponent's play; near the end, for ``stakes``
    (:func:`~solitaire.match.decide.endgame.series_stakes`; 0, the chance of winning)."""
    return LayValues(view, model_of(view, hidden), model, stakes)
