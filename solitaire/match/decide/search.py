"""A value of the play: each card's exact expected net pegging, searched over the hidden hands.

For the player to lay, every card that fits is valued by the points it pegs now
plus all that both players peg after it to the end of the play, theirs minus the
opponent's, averaged over every hand the opponent can still hold: the hands and
their weights are the decision's model (:class:`~solitaire.match.decide.hidden.Hidden`),
and each hand's rest of the play is solved exactly with both hands known
(:mod:`~solitaire.match.decide.solver`).

Values are integer sums divided once (:class:`~fractions.Fraction`). Both
players are assumed to lay knowing both hands from here on, the usual model of
computer cribbage players (exhaustive here, where others sample the hands).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from solitaire.core.cards import Card
from solitaire.match.decide.hidden import Hand, Hidden, model_of
from solitaire.match.decide.solver import (
    HAND_LEAST,
    HAND_MOVES,
    INF,
    after,
    hand_id,
    lay,
    nets_after,
    series_tail,
    tail_steps,
    trim_table,
)
from solitaire.match.game import Observation
from solitaire.match.pegging import MAX_COUNT

__all__ = ["PlayOption", "play_options", "search_values"]


@dataclass(frozen=True, slots=True)
class PlayOption:
    """One card the player may lay, valued by the search.

    ``net`` is the expected pegging to the end of the play, this player's minus the
    opponent's; ``pegs`` what the card pegs at once; ``reply`` the expected points the
    opponent pegs with the card the search has them answer with (0 when they cannot).
    """

    card: Card
    net: Fraction
    pegs: int
    reply: Fraction


def _root(view: Observation) -> tuple[Hand, int, int, list[Card]]:
    mine = tuple(sorted(card.rank for card in view.hand))
    fits = [card for card in view.hand if view.count + card.value <= MAX_COUNT]
    return mine, view.count, series_tail([card.rank for card in view.series]), fits


def _hidden_ids(hidden: Hidden) -> tuple[list[tuple[int, int]], int]:
    return [(hand_id(hand), weight) for hand, weight in hidden.hands], hidden.total


def search_values(view: Observation, hidden: Hidden | None = None) -> dict[Card, Fraction]:
    """Each card the player to lay may lay, with its exact expected net pegging to the end,
    by searching every hidden hand of the model (``hidden``, else built from ``view``).

    Empty when no card fits (the player must say go).
    """
    mine, count, tail, fits = _root(view)
    if not fits:
        return {}
    hands, total = _hidden_ids(model_of(view, hidden))
    ids = [hand for hand, _ in hands]
    sums = {}
    for rank in sorted({card.rank for card in fits}):
        nets = nets_after(mine, count, tail, rank, ids)
        sums[rank] = sum(weight * net for (_, weight), net in zip(hands, nets, strict=True))
    return {card: Fraction(sums[card.rank], total) for card in fits}


def play_options(view: Observation, hidden: Hidden | None = None) -> list[PlayOption]:
    """:func:`search_values` with what each card pegs and the opponent's expected reply, best
    first.

    The opponent's reply, per hidden hand, is their card of the greatest value to
    them (the most it pegs at once among equals, then the highest rank).
    """
    mine, count, tail, fits = _root(view)
    hands, total = _hidden_ids(model_of(view, hidden))
    trim_table()
    options = []
    for card in fits:
        rest, new_count, new_tail, points = lay(mine, card.rank, count, tail)
        net = 0
        reply = 0
        room = MAX_COUNT - new_count
        for hand, weight in hands:
            if new_count == MAX_COUNT or HAND_LEAST[hand] > room:
                net += weight * after(rest, hand, new_count, new_tail, -INF, INF)
                continue
            steps = tail_steps(new_tail)
            answers = []
            for rank, value, left in HAND_MOVES[hand]:
                if value <= room:
                    answer_tail, answer_points = steps[rank]
                    answer_count = new_count + value
                    if answer_count in (15, MAX_COUNT):
                        answer_points += 2
                    then = after(left, rest, answer_count, answer_tail, -INF, INF)
                    answers.append((answer_points + then, answer_points, rank))
            best, pegged, _ = max(answers)
            net -= weight * best
            reply += weight * pegged
        options.append(
            PlayOption(card, points + Fraction(net, total), points, Fraction(reply, total))
        )
    options.sort(key=lambda option: (option.net, option.card), reverse=True)
    return options
