"""The play coach: every card that fits, valued by the search and explained; what a play cost;
and after a game, the costliest discards and plays.

Every value is the search's (:func:`~solitaire.match.decide.search.play_options`): the
card's exact expected net pegging to the end of the play, yours minus the
opponent's, over every hand the opponent can still hold (each as likely as a
sound player is to have kept it: the model of :mod:`~solitaire.match.decide.hidden`,
built once per position). The coach is a choice on the expert's stages
(:mod:`solitaire.match.decide`): it reads the values and the model, and adds words:
what the card pegs now, what the opponent's answer pegs on average, and the
answers it leaves open (15-2, 31-2, a pair, a run), each with the share of the
opponent's possible hands (weighed as the search weighs them) that hold a card
making it. A discard is valued as the discard coach values it
(:mod:`~solitaire.match.discard_coach`: as ``expert`` does, its hand, crib and play).

>>> from solitaire.match.game import Match
>>> match = Match.from_cards(0, ["5H 5C 9D TS JH 2C", "AH 3C 4D 6S 8H KC"], "QD")
>>> _ = match.discard(1, "6S 8H"), match.discard(0, "9D 2C")
>>> advice = advise_play(match.observation(1))
>>> sorted(str(a.card) for a in advice), advice[0].net >= advice[-1].net
(['3C', '4D', 'AH', 'KC'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.match.discard_coach import advise_discard, discard_cost, shown_parts
from solitaire.match.game import Action, Discard, Lay, Match, Observation, Phase
from solitaire.match.pegging import MAX_COUNT, PegKind, count_of, peg_items

if TYPE_CHECKING:
    from solitaire.match.decide.hidden import Hidden

__all__ = [
    "NOTE_LOSS",
    "CardAdvice",
    "Costly",
    "Threat",
    "advise_play",
    "decisions",
    "explain",
    "play_note",
    "review_game",
]

NOTE_LOSS: Final = Fraction(1, 2)  # a play costing more than this, on average, is named
_ANY_OF_RANK: Final = {card.rank: card for card in reversed(ALL_CARDS)}  # pegging: rank only


@dataclass(frozen=True, slots=True)
class Threat:
    """An answer a card leaves open: what it pegs, and the share of the opponent's possible
    hands that hold a card making it."""

    what: str  # "15-2", "31-2", "a pair", "a pair royal", "a run of 3", joined by "and"
    points: int
    chance: Fraction


@dataclass(frozen=True, slots=True)
class CardAdvice:
    """One card that fits: the search's net value, what it pegs now, the opponent's expected
    answer, and the answers it leaves open (likeliest first)."""

    card: Card
    net: Fraction
    pegs: int
    reply: Fraction
    threats: tuple[Threat, ...]


def _label(kinds: Sequence[tuple[PegKind, int]]) -> str:
    words = {
        PegKind.FIFTEEN: "15-2",
        PegKind.THIRTY_ONE: "31-2",
        PegKind.PAIR: "a pair",
        PegKind.PAIR_ROYAL: "a pair royal",
        PegKind.DOUBLE_PAIR_ROYAL: "a double pair royal",
    }
    return " and ".join(words.get(kind, f"a run of {points}") for kind, points in kinds)


def _threats(view: Observation, hidden: Hidden, card: Card) -> tuple[Threat, ...]:
    """The answers to ``card`` that peg, each with its chance over the model's hidden hands."""
    series = [*view.series, card]
    count = count_of(series)
    if count == MAX_COUNT or view.opponent_said_go or not view.opponent_held:
        return ()
    answers: dict[str, tuple[int, set[int]]] = {}
    for rank, reply in _ANY_OF_RANK.items():
        if count + reply.value > MAX_COUNT:
            continue
        items = peg_items([*series, reply])
        if items:
            label = _label([(item.kind, item.points) for item in items])
            points = sum(item.points for item in items)
            answers.setdefault(label, (points, set()))[1].add(rank)
    if not answers:
        return ()
    hands, total = hidden.hands, hidden.total
    threats = []
    for label, (points, ranks) in answers.items():
        held = sum(weight for hand, weight in hands if ranks.intersection(hand))
        if held:
            threats.append(Threat(label, points, Fraction(held, total)))
    threats.sort(key=lambda t: (t.chance * t.points, t.points), reverse=True)
    return tuple(threats)


def advise_play(view: Observation) -> list[CardAdvice]:
    """Every card that fits, best first (the search's order), with its explanation."""
    from solitaire.match.decide.hidden import Hidden  # numpy: loads with the first advice
    from solitaire.match.decide.values import play_options

    hidden = Hidden(view)  # the model, once for every card
    return [
        CardAdvice(
            option.card, option.net, option.pegs, option.reply, _threats(view, hidden, option.card)
        )
        for option in play_options(view, hidden)
    ]


def _signed(value: Fraction) -> str:
    return f"{float(value):+.2f}"


def _share(chance: Fraction) -> str:
    return f"{float(chance):.0%}"


def explain(advice: CardAdvice, most: int = 2) -> str:
    """Why a card is worth what it is: what it pegs now and what it leaves the opponent (the
    ``most`` likeliest answers)."""
    now = f"pegs {advice.pegs}"
    if not advice.threats:
        return f"{now}; leaves them nothing to peg at once"
    top = ", ".join(f"{t.what} {_share(t.chance)}" for t in advice.threats[:most])
    return f"{now}; their reply pegs {float(advice.reply):.2f} on average ({top})"


def play_note(
    advice: Sequence[CardAdvice], laid: Card, name: Callable[[Card], str] = str
) -> str | None:
    """A line naming a costly card, or None when ``laid`` was within :data:`NOTE_LOSS` of the
    best: ``laying the 5♥ gave away 15-2 (in 38% of their hands) and cost 1.30 points on
    average; the 9♣ was best.``"""
    best = advice[0]
    mine = next(a for a in advice if a.card == laid)
    loss = best.net - mine.net
    if loss <= NOTE_LOSS:
        return None
    gave = ""
    if mine.threats and (not best.threats or mine.threats[0].what != best.threats[0].what):
        threat = mine.threats[0]
        gave = f" gave away {threat.what} (in {_share(threat.chance)} of their hands) and"
    return (
        f"laying the {name(laid)}{gave} cost {float(loss):.2f} points on average; "
        f"the {name(best.card)} was best."
    )


def decisions(match: Match, player: int, game: int) -> Iterator[tuple[Observation, Action]]:
    """Each choice ``player`` made in game number ``game`` of a seeded match, with what they
    saw then: the match's actions played again on a fresh match from its seed."""
    fresh = Match(match.seed, games=match.games, double_skunk=match.double_skunk)
    for played in match.played[:game]:
        for deal in played.deals:
            actions: list[tuple[int, Action]] = [
                (p, Discard(cards))
                for p in (deal.pone, deal.dealer)
                if (cards := deal.discards[p]) is not None
            ]
            actions += deal.plays
            for who, action in actions:
                if played.number == game and who == player:
                    yield fresh.observation(who), action
                fresh.apply(action, player=who)


@dataclass(frozen=True, slots=True)
class Costly:
    """A choice that cost points on average: the deal, what was chosen, the best, the loss."""

    deal: int
    phase: Phase
    chosen: Action
    best: Action
    loss: Fraction
    detail: str


def review_game(match: Match, player: int, game: int, most: int = 3) -> tuple[list[Costly], ...]:
    """The costliest discards and the costliest plays of one game, ``most`` of each, costliest
    first; choices that cost nothing are left out."""
    discards: list[Costly] = []
    plays: list[Costly] = []
    for view, action in decisions(match, player, game):
        if isinstance(action, Discard) and view.phase is Phase.DISCARD:
            cost = discard_cost(advise_discard(view), action.cards)
            loss = Fraction(shown_parts(cost.best)[3] - shown_parts(cost.chosen)[3], 100)
            if not cost.is_best and loss > 0:
                detail = cost.terse()
                best = Discard(cost.best.discard)
                discards.append(Costly(view.deal_number, Phase.DISCARD, action, best, loss, detail))
        elif isinstance(action, Lay) and len(view.legal) > 1:
            advice = advise_play(view)
            mine = next(a for a in advice if a.card == action.card)
            loss = advice[0].net - mine.net
            if loss > 0:
                detail = f"{_signed(mine.net)} against {_signed(advice[0].net)}"
                plays.append(
                    Costly(view.deal_number, Phase.PLAY, action, Lay(advice[0].card), loss, detail)
                )
    discards.sort(key=lambda c: c.loss, reverse=True)
    plays.sort(key=lambda c: c.loss, reverse=True)
    return discards[:most], plays[:most]
