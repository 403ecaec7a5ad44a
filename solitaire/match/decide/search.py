"""A value of the play: each card's exact expected net pegging, searched over the hidden hands.

For the player to lay, every card that fits is valued by the points it pegs now
plus all that both players peg after it to the end of the play, theirs minus the
opponent's, averaged over every hand the opponent can still hold: the hands and
their weights are the decision's model (:class:`~solitaire.match.decide.hidden.Hidden`).
Values are integer sums divided once (:class:`~fractions.Fraction`).

Two models of the opponent (:data:`Model`):

* ``"honest"`` (the expert's and the coach's): the opponent does not see my cards.
  Their next card, the answer to mine (or their lead when mine made 31), is chosen
  as ``standard`` chooses a card, from what they can see: the points it pegs now
  less my expected best answer at once, over every hand of the size I still hold
  drawn from the cards they have not seen, all equally likely (exactly:
  ``E[max] = sum over t >= 1 of P(max >= t)``, integers over ``C(unseen, held)``);
  among equals the higher card value, then the higher rank. Their unseen cards are
  all but the starter, the cards laid and their own hand: the two they threw to the
  crib, which I cannot know, count among them, and what my goes have shown of my hand
  is not used (as ``standard`` does not use it). That answer is the one card played
  "blind"; the rest of the play after it is solved exactly with both hands known
  (:mod:`~solitaire.match.decide.solver`). When they cannot answer (go, no cards)
  the rest of the play is solved exactly from my card on.
* ``"open"`` (the expert before the honest model, kept for comparison): both players
  lay knowing both hands from my card on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from solitaire.core.cards import Card
from solitaire.core.errors import InputError
from solitaire.match.decide.blind import MODELS, Blind, Model
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

__all__ = [
    "MODELS",
    "NO_REPLY",
    "Model",
    "PlayOption",
    "blind_reply",
    "open_answer",
    "play_options",
    "search_values",
]

NO_REPLY: Final = 0  # in :attr:`PlayOption.replies`: the opponent lays no card at once


@dataclass(frozen=True, slots=True)
class PlayOption:
    """One card the player may lay, valued by the search.

    ``net`` is the expected pegging to the end of the play, this player's minus the
    opponent's; ``pegs`` what the card pegs at once; ``reply`` the expected points the
    opponent's next card pegs at once under the model (0 when they cannot lay);
    ``replies`` the rank of that card (:data:`NO_REPLY`: none) with the share of the
    opponent's possible hands that lay it, so ``reply`` is the sum over ``replies`` of
    share times what the rank pegs.
    """

    card: Card
    net: Fraction
    pegs: int
    reply: Fraction
    replies: Mapping[int, Fraction]


def _root(view: Observation) -> tuple[Hand, int, int, list[Card]]:
    mine = tuple(sorted(card.rank for card in view.hand))
    fits = [card for card in view.hand if view.count + card.value <= MAX_COUNT]
    return mine, view.count, series_tail([card.rank for card in view.series]), fits


def _hidden_ids(hidden: Hidden) -> tuple[list[tuple[int, int]], int]:
    return [(hand_id(hand), weight) for hand, weight in hidden.hands], hidden.total


@dataclass(frozen=True, slots=True)
class _Sums:
    """One rank of mine, summed over the hidden hands with their weights: the net, the
    points the opponent's next card pegs, and the weight of each rank they lay next."""

    pegs: int
    net: int
    reply: int
    replies: dict[int, int]


def blind_reply(view: Observation, card: Card, hand: Sequence[int]) -> int:
    """The rank the opponent, holding ``hand`` (ranks), lays next when ``view``'s player lays
    ``card``, under the honest model; :data:`NO_REPLY` when they lay none at once."""
    mine, _, tail, _ = _root(view)
    ranks = tuple(sorted(hand))
    move = Blind(view, mine, tail, card.rank).choose(ranks, hand_id(ranks))
    return NO_REPLY if move is None else move[0]


def _honest_sums(
    view: Observation, mine: Hand, tail: int, rank: int, hands: list[tuple[Hand, int, int]]
) -> _Sums:
    """Laying ``rank`` against each hidden hand (its ranks, id and weight), the opponent's
    next card chosen blind (the module's honest model) and the rest solved with both hands
    known."""
    blind = Blind(view, mine, tail, rank)
    rest, new_count, new_tail, points = blind.laid
    net = reply = 0
    replies: dict[int, int] = {}
    for ranks, hand, weight in hands:
        move = blind.choose(ranks, hand)
        if move is None:
            net += weight * (points + after(rest, hand, new_count, new_tail, -INF, INF))
            replies[NO_REPLY] = replies.get(NO_REPLY, 0) + weight
            continue
        r, _, left = move
        pegs, count_after, tail_after, _ = blind.answers[r]
        then = after(left, rest, count_after, tail_after, -INF, INF)
        net += weight * (points - pegs - then)
        reply += weight * pegs
        replies[r] = replies.get(r, 0) + weight
    return _Sums(points, net, reply, replies)


def _open_sums(mine: Hand, tail: int, count: int, rank: int, hands: list[tuple[int, int]]) -> _Sums:
    """Laying ``rank`` against each hidden hand (an id with its weight), both hands known
    from here on: the opponent answers with their card of the greatest value to them (the
    most it pegs at once among equals, then the highest rank)."""
    rest, new_count, new_tail, points = lay(mine, rank, count, tail)
    net = reply = 0
    replies: dict[int, int] = {}
    room = MAX_COUNT - new_count
    for hand, weight in hands:
        if new_count == MAX_COUNT or HAND_LEAST[hand] > room:
            net += weight * (points + after(rest, hand, new_count, new_tail, -INF, INF))
            replies[NO_REPLY] = replies.get(NO_REPLY, 0) + weight
            continue
        # The answer of the greatest (value, points, rank): tried in descending (points,
        # rank), a later one replaces the best only when it is worth strictly more, which
        # a search whose window starts there tells without its exact value when it is not.
        best = -INF
        pegged = r = 0
        for answer_points, rank, left, answer_count, answer_tail in _answers(
            hand, new_count, tail_steps(new_tail)
        ):
            floor = best - answer_points
            then = after(left, rest, answer_count, answer_tail, max(floor, -INF), INF)
            if then > floor:
                best, pegged, r = answer_points + then, answer_points, rank
        net += weight * (points - best)
        reply += weight * pegged
        replies[r] = replies.get(r, 0) + weight
    return _Sums(points, net, reply, replies)


def _known_open_sums(
    mine: Hand,
    tail: int,
    count: int,
    rank: int,
    hands: list[tuple[int, int]],
    nets: Sequence[int],
    answers: Sequence[int],
) -> _Sums:
    """:func:`_open_sums` given, for each hidden hand (in the order of ``hands``), the net of
    laying ``rank`` and the rank the opponent answers with (as :func:`open_answer` finds
    it): nothing is searched."""
    _, new_count, new_tail, points = lay(mine, rank, count, tail)
    net = reply = 0
    replies: dict[int, int] = {}
    room = MAX_COUNT - new_count
    steps = tail_steps(new_tail)
    for (hand, weight), value, r in zip(hands, nets, answers, strict=True):
        net += weight * value
        if new_count == MAX_COUNT or HAND_LEAST[hand] > room:
            replies[NO_REPLY] = replies.get(NO_REPLY, 0) + weight
            continue
        if r == NO_REPLY:
            raise InputError(f"no answer given to rank {rank} for a hand that can answer")
        reply += weight * _answer_points(new_count, steps, r)
        replies[r] = replies.get(r, 0) + weight
    return _Sums(points, net, reply, replies)


def _answer_points(count: int, steps: Sequence[tuple[int, int]], rank: int) -> int:
    """What laying ``rank`` at ``count`` pegs (the next tails ``steps``)."""
    points = steps[rank][1]
    return points + 2 if count + min(rank, 10) in (15, MAX_COUNT) else points


def _answers(
    hand: int, count: int, steps: Sequence[tuple[int, int]]
) -> list[tuple[int, int, int, int, int]]:
    """Each card the holder of ``hand`` (an id) may lay at ``count`` (the next tails
    ``steps``): what it pegs, its rank, the hand left, the count and the tail after it;
    most points first, then the highest rank."""
    room = MAX_COUNT - count
    answers = [
        (_answer_points(count, steps, r), r, left, count + value, steps[r][0])
        for r, value, left in HAND_MOVES[hand]
        if value <= room
    ]
    answers.sort(reverse=True)
    return answers


def open_answer(
    rest: int, hand: int, count: int, steps: Sequence[tuple[int, int]], best: int
) -> tuple[int, int]:
    """The open model's answer (its rank and points) of the holder of ``hand`` (an id) at
    ``count`` (the next tails ``steps``), the other holding ``rest``, given what the answer
    and all after it net its player at best (``best``): the first, in the order
    :func:`_open_sums` tries them, that makes it, each told by a search of a null window
    rather than searched to its exact value (what the lead table of answers is built by)."""
    for answer_points, r, left, answer_count, answer_tail in _answers(hand, count, steps):
        target = best - answer_points  # what the rest must be worth to them
        if after(left, rest, answer_count, answer_tail, target - 1, target) >= target:
            return r, answer_points
    raise InputError(f"no answer makes the net given: {best}")


def _sums(
    view: Observation,
    hidden: Hidden,
    model: Model,
    known: tuple[Mapping[int, Sequence[int]], Mapping[int, Sequence[int]]] | None = None,
) -> dict[int, _Sums]:
    """By rank of mine that fits: its sums over the model's hidden hands (with ``known``, the
    open model's nets and answers against each, given)."""
    mine, count, tail, fits = _root(view)
    trim_table()
    ranks = sorted({card.rank for card in fits})
    if model == "open":
        ids, _ = _hidden_ids(hidden)
        if known is not None:
            nets, answers = known
            return {
                rank: _known_open_sums(mine, tail, count, rank, ids, nets[rank], answers[rank])
                for rank in ranks
            }
        return {rank: _open_sums(mine, tail, count, rank, ids) for rank in ranks}
    hands = [(hand, hand_id(hand), weight) for hand, weight in hidden.hands]
    return {rank: _honest_sums(view, mine, tail, rank, hands) for rank in ranks}


def search_values(
    view: Observation, hidden: Hidden | None = None, model: Model = "honest"
) -> dict[Card, Fraction]:
    """Each card the player to lay may lay, with its exact expected net pegging to the end,
    by searching every hidden hand of the model (``hidden``, else built from ``view``),
    the opponent played as ``model`` says (the module's docstring).

    Empty when no card fits (the player must say go).
    """
    mine, count, tail, fits = _root(view)
    if not fits:
        return {}
    hidden = model_of(view, hidden)
    if model == "open":
        hands, total = _hidden_ids(hidden)
        ids = [hand for hand, _ in hands]
        open_sums = {}
        for rank in sorted({card.rank for card in fits}):
            nets = nets_after(mine, count, tail, rank, ids)
            open_sums[rank] = sum(
                weight * net for (_, weight), net in zip(hands, nets, strict=True)
            )
        return {card: Fraction(open_sums[card.rank], total) for card in fits}
    sums = _sums(view, hidden, model)
    return {card: Fraction(sums[card.rank].net, hidden.total) for card in fits}


def play_options(
    view: Observation,
    hidden: Hidden | None = None,
    model: Model = "honest",
    known: tuple[Mapping[int, Sequence[int]], Mapping[int, Sequence[int]]] | None = None,
) -> list[PlayOption]:
    """:func:`search_values` with what each card pegs and the opponent's next card under the
    model (what it pegs on average, and which rank they lay in what share of their
    hands), best first.

    ``known``, with the ``"open"`` model: by rank of mine, its net pegging against each of
    ``hidden``'s hands in order and the rank each answers with, known already (the lead
    tables', :func:`~solitaire.match.decide.lead.lead_nets` and
    :func:`~solitaire.match.decide.lead.lead_answers`), so that nothing is searched.
    Everything else is as without them.
    """
    if known is not None and model != "open":
        raise InputError("nets and answers are known only under the open model")
    hidden = model_of(view, hidden)
    total = hidden.total
    _, _, _, fits = _root(view)
    if not fits:
        return []
    sums = _sums(view, hidden, model, known)
    options = []
    for card in fits:
        found = sums[card.rank]
        replies = {r: Fraction(weight, total) for r, weight in sorted(found.replies.items())}
        options.append(
            PlayOption(
                card,
                Fraction(found.net, total),
                found.pegs,
                Fraction(found.reply, total),
                replies,
            )
        )
    options.sort(key=lambda option: (option.net, option.card), reverse=True)
    return options
