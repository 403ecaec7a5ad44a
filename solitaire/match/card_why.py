"""``w`` in the play: why the card just laid is worth what it is, in a player's words.

The coach's values of the position the card was laid in (:func:`~solitaire.match.coach.advise_play`,
ranked as ``expert`` ranks them: by points, or near the end by the chance of winning) set
the card beside the best, what it pegs and what the reply pegs on average
(:func:`~solitaire.match.coach.explain`), and what it left the reply among the cards the
player cannot see (:func:`~solitaire.match.risk.reply_risks`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Final

from solitaire.core.cards import Card
from solitaire.match.coach import CardAdvice, explain
from solitaire.match.discard_coach import end_cost_words, end_value, hundredths
from solitaire.match.game import Observation
from solitaire.match.risk import measure_words, reply_risks, risk_sentence

__all__ = ["NOTE_CHANCE", "end_play_note", "why_card"]

Name = Callable[[Card], str]
NOTE_CHANCE: Final = 0.01  # near the end, a card giving up more of the chance of winning is named


def _points(value: Fraction) -> int:
    """A net value in hundredths, as the coach's table writes it."""
    return round(value * 100)


def why_card(
    view: Observation, card: Card, advice: Sequence[CardAdvice] | None, name: Name = str
) -> list[str]:
    """Why ``card``, laid from ``view``, is worth what it is: beside the best card and by what
    measure the cards are ranked (each value as the coach's table shows it), what it pegs and
    what the reply pegs, and what it left the reply; ``advice`` is the coach's at ``view``
    (None when only one card fitted)."""
    mine = name(card)
    if advice is None or len({item.card.rank for item in advice}) < 2:
        only = "the only card that fitted" if advice is None else "of the only rank that fitted"
        lines = [f"Your {mine} was {only}: there was no choice to weigh."]
        return [*lines, risk_sentence(reply_risks(view, card), mine)]
    laid = next(item for item in advice if item.card == card)
    best = advice[0]
    lines = [_verdict(laid, best, name)]
    lines.append(f"The {mine} {explain(laid, most=len(laid.threats))}.")
    lines.append(risk_sentence(laid.risks or reply_risks(view, card), mine))
    if best.card.rank != card.rank:
        other = name(best.card)
        lines.append(f"The {other} instead {explain(best, most=len(best.threats))}.")
        lines.append(risk_sentence(best.risks or reply_risks(view, best.card), other))
    return lines


def _verdict(laid: CardAdvice, best: CardAdvice, name: Name) -> str:
    """The card beside the best, by the measure the cards are ranked by."""
    mine, other = name(laid.card), name(best.card)
    measure = measure_words(best.chance is not None, best.stakes)
    net = hundredths(_points(laid.net), signed=True)
    if best.chance is not None and laid.chance is not None:
        said = "game points expected" if laid.stakes else "chance of winning"
        value = f"{end_value(laid.chance, laid.stakes)} {said}"
        if laid.card.rank == best.card.rank or laid.chance == best.chance:
            return f"Your {mine} was the best card, {measure}: {value} ({net} net pegging)."
        return (
            f"Your {mine}: {value} ({net} net pegging), against "
            f"{end_value(best.chance, best.stakes)} for the {other}, the best ({measure})."
        )
    if laid.card.rank == best.card.rank or laid.net == best.net:
        return f"Your {mine} was the best card, {measure}: {net} net pegging to the play's end."
    # No cost of its own: the line under your cards (or the drill's grade) says it exactly,
    # and one taken from these rounded values could differ from it by a hundredth.
    return (
        f"Your {mine}: {net} net pegging to the play's end, against "
        f"{hundredths(_points(best.net), signed=True)} for the {other}, the best ({measure})."
    )


def end_play_note(advice: Sequence[CardAdvice], laid: Card, name: Name = str) -> str | None:
    """Near the end, where the cards are ranked by the chance of winning: a line naming a card
    that gave up more than :data:`NOTE_CHANCE` of it (in a series, of the game points' value),
    ``laying the 9♠ cost 20.8% of your chance of winning the game; the J♦ was best.``; None
    for a card within that of the best, or where the cards are ranked by points."""
    best = advice[0]
    mine = next(item for item in advice if item.card == laid)
    if best.chance is None or mine.chance is None or best.chance - mine.chance <= NOTE_CHANCE:
        return None
    cost = end_cost_words(best.chance - mine.chance, best.stakes)
    return f"laying the {name(laid)} {cost}; the {name(best.card)} was best."
