"""A finished match (or series) and a pegging drill reviewed: every decision of each seat
graded by the coaches' own valuation.

The review runs in two steps, so that practice can deal a position again and grade an
answer the same way:

* :func:`match_moments` and :func:`drill_moments` enumerate a played game's decisions
  (a :class:`Moment`: the :class:`Position` as the seat saw it, its observation, and the
  choice made), the computer's seats as well as a person's;
* :func:`grade` grades one position and a choice, with exactly what the coaches show:

  - a **discard** by the discard coach (:mod:`~solitaire.match.discard_coach`, the
    match's ``?``): its cost is the best discard's expected hand, crib and play less the
    chosen one's; near the end of a game, where the coach ranks by the chance of winning,
    its cost is that chance given up
    (:attr:`~solitaire.match.discard_coach.DiscardCost.chance`, on the scale
    :data:`~solitaire.core.review.CHANCE`);
  - a **card laid** by the play coach (:func:`~solitaire.match.coach.advise_play`, the
    match's ``w`` and the drill's ``?``): the best card's net pegging to the end of the
    play less the card's; near the end the chance of winning given up. A card is a
    decision only when cards of two ranks or more fit (cards of one rank peg alike); a go
    is never one;
  - a **count** of a seat that counts its own hand and crib: the points missed (the true
    count less the claim, when lower), taken by muggins or, without it, pegged all the
    same: either way the count was wrong by that much.

A cost in points is the one the coach writes (its ``cost_note`` and ``play_note``): the
difference of the two values as it shows them, in hundredths, so that the coach's
lines during the game, its why here and the cost beside it say the same number.

The kinds are the coach's split of the loss: ``discard as dealer``, ``discard as pone``,
``lead`` (the first card of a count), ``reply`` and ``count``. The why is the coach's
own line (:func:`~solitaire.match.discard_coach.cost_note`,
:func:`~solitaire.match.coach.play_note`, :func:`~solitaire.match.card_why.end_play_note`,
:func:`~solitaire.match.card_why.why_card`).

In the drill the discards are made for you, so only the cards laid are graded, both
seats'.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from solitaire.core.cards import Card
from solitaire.core.review import CHANCE, POINTS, Decision, GameReview, Progress, SeatReview
from solitaire.core.rounding import to_hundredths
from solitaire.core.scoring import score_hand
from solitaire.match.actions import Action, Claim, Discard, Lay
from solitaire.match.deal import Deal
from solitaire.match.events import missed_groups
from solitaire.match.game import Match
from solitaire.match.observation import Observation

__all__ = [
    "KINDS",
    "Moment",
    "Position",
    "drill_moments",
    "grade",
    "kind_of",
    "match_moments",
    "review_drill",
    "review_match",
]

DEALER_DISCARD: Final = "discard as dealer"
PONE_DISCARD: Final = "discard as pone"
LEAD: Final = "lead"
REPLY: Final = "reply"
COUNT: Final = "count"
KINDS: Final = (DEALER_DISCARD, PONE_DISCARD, LEAD, REPLY, COUNT)
"""The kinds of a match's decisions, as the coach splits the loss."""


@dataclass(frozen=True, slots=True)
class Position:
    """A decision to make, as the seat to make it saw it.

    ``spot`` is the number of actions of the game made before it (the game replayed that
    far shows it), ``deal`` the deal it belongs to counted through the whole series (the
    drill's hand), ``view`` the seat's observation (all the coach is given), ``muggins``
    whether a count missed is taken by the opponent.
    """

    spot: int
    seat: int
    deal: int
    kind: str
    where: str
    view: Observation
    muggins: bool = False


@dataclass(frozen=True, slots=True)
class Moment:
    """A decision of a played game: the position and the choice made there."""

    position: Position
    choice: Action


def kind_of(view: Observation, action: Action) -> str | None:
    """The kind of decision ``action`` was at ``view``, or None when it was no choice
    (a go, or the cards that fitted all of one rank)."""
    if isinstance(action, Discard):
        return DEALER_DISCARD if view.is_dealer else PONE_DISCARD
    if isinstance(action, Claim):
        return COUNT
    if not isinstance(action, Lay):
        return None
    ranks = {legal.card.rank for legal in view.legal if isinstance(legal, Lay)}
    if len(ranks) < 2:
        return None
    return REPLY if view.series else LEAD


def _actions(deal: Deal) -> list[tuple[int, Action]]:
    """A played deal's actions in the order made: the discards (pone's first), the play,
    then the counts claimed in the show."""
    actions: list[tuple[int, Action]] = [
        (seat, Discard(cards))
        for seat in (deal.pone, deal.dealer)
        if (cards := deal.discards[seat]) is not None
    ]
    actions += deal.plays
    actions += [(c.player, Claim(c.claimed)) for c in deal.show if c.claimed is not None]
    return actions


def _moments(
    fresh: Match, deals: Iterable[tuple[str, Deal]], first: int = 1, start: int = 0
) -> Iterator[Moment]:
    """The decisions of ``deals`` (each with its place: ``game 2, deal 3``) replayed on
    ``fresh``, numbered through from ``first`` (the deal) and ``start`` (the spot)."""
    spot = start
    for number, (place, deal) in enumerate(deals, first):
        laid = 0
        for seat, action in _actions(deal):
            view = fresh.observation(seat)
            kind = kind_of(view, action)
            if isinstance(action, Lay):
                laid += 1
            if kind is not None:
                where = f"{place}, {_what(view, action, laid)}"
                position = Position(spot, seat, number, kind, where, view, fresh.muggins)
                yield Moment(position, action)
            fresh.apply(action, player=seat)
            spot += 1


def _what(view: Observation, action: Action, laid: int) -> str:
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, Claim):
        return "the crib" if view.counting_crib else "the hand"
    return f"card {laid}"


def match_moments(match: Match) -> Iterator[Moment]:
    """Every decision of either seat of a match played from its seed, in the order played:
    its actions made again on a fresh match, each seen from the seat that made it."""
    fresh = Match(
        match.seed,
        games=match.games,
        double_skunk=match.double_skunk,
        counting=match.counting,
        muggins=match.muggins,
    )
    series = match.games > 1
    places = [
        (f"game {game.number}, deal {deal.number}" if series else f"deal {deal.number}", deal)
        for game in match.played
        for deal in game.deals
    ]
    return _moments(fresh, places)


def drill_moments(matches: Iterable[Match]) -> Iterator[Moment]:
    """Every card laid by either seat of a drill's hands (each a match of one deal) while
    it was a choice, in the order played."""
    spot = 0
    for hand, match in enumerate(matches, 1):
        deal = match.deals[0]
        fresh = Match.from_cards(deal.dealer, deal.hands, deal.starter)
        for moment in _moments(fresh, [(f"hand {hand}", deal)], first=hand, start=spot):
            if isinstance(moment.choice, Lay):
                yield moment
        spot += len(_actions(deal))


# -- one decision graded ----------------------------------------------------------------


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _sentence(line: str) -> str:
    return line[:1].upper() + line[1:]


def grade(position: Position, choice: Action) -> Decision:
    """``choice`` at ``position`` graded against the coach's best, with the coach's numbers
    and words (the module's docstring says which)."""
    if isinstance(choice, Discard):
        return _discard(position, choice)
    if isinstance(choice, Lay):
        return _lay(position, choice)
    if isinstance(choice, Claim):
        return _count(position, choice)
    raise ValueError(f"not a decision to grade: {choice}")


def _decision(
    position: Position, chosen: str, best: str, cost: float, chance: bool, why: str
) -> Decision:
    return Decision(
        spot=position.spot,
        seat=position.seat,
        deal=position.deal,
        kind=position.kind,
        where=position.where,
        chosen=chosen,
        best=best,
        cost=cost,
        scale=CHANCE if chance else POINTS,
        why=why,
    )


def _discard(position: Position, choice: Discard) -> Decision:
    from solitaire.match.discard_coach import (
        advise_discard,
        cost_note,
        discard_cost,
        shown_parts,
    )

    advice = advise_discard(position.view)
    cost = discard_cost(advice, choice.cards)
    if cost.chance is not None:
        lost = cost.chance
    else:  # the totals as the coach shows them, less each other (its cost_note's number)
        lost = (shown_parts(cost.best)[3] - shown_parts(cost.chosen)[3]) / 100
    why = _sentence(cost_note(advice, choice.cards))
    best = _cards(cost.chosen.discard if cost.is_best else cost.best.discard)  # a tie is best
    return _decision(position, _cards(choice.cards), best, lost, cost.chance is not None, why)


def _lay(position: Position, choice: Lay) -> Decision:
    from solitaire.match.card_why import end_play_note, why_card
    from solitaire.match.coach import advise_play, play_note

    view = position.view
    advice = advise_play(view)
    best = advice[0]
    mine = next(item for item in advice if item.card == choice.card)
    if best.chance is not None and mine.chance is not None:
        cost = best.chance - mine.chance
        note = end_play_note(advice, choice.card)
    else:  # the two values as the coach shows them, less each other (its play_note's number)
        cost = (to_hundredths(best.net) - to_hundredths(mine.net)) / 100
        note = play_note(advice, choice.card)
    why = _sentence(note) if note is not None else why_card(view, choice.card, advice)[0]
    tied = (mine.chance, mine.net) == (best.chance, best.net)  # a card as good is best too
    shown = choice.card if tied else best.card
    return _decision(position, str(choice.card), str(shown), cost, mine.chance is not None, why)


def _count(position: Position, choice: Claim) -> Decision:
    view = position.view
    assert view.starter is not None  # the show comes after the starter is turned
    score = score_hand(view.counting, view.starter, crib=view.counting_crib)
    said, true = choice.points, score.total
    what = "crib" if view.counting_crib else "hand"
    missed = max(0, true - said)
    if said == true:
        why = f"You said {said} for your {what}: right."
    elif said > true:
        why = f"You said {said} for your {what}: it makes only {true}, corrected."
    else:
        groups = missed_groups(score, missed)
        which = f" ({groups})" if groups else ""
        fate = "taken by muggins" if position.muggins else "pegged all the same"
        why = f"You said {said} for your {what} of {true}: {missed} missed{which}, {fate}."
    return _decision(position, str(said), str(true), float(missed), False, why)


# -- a whole game reviewed -------------------------------------------------------------------


def _review(
    game: str,
    names: Iterable[str],
    deals: int,
    moments: list[Moment],
    progress: Progress | None,
) -> GameReview:
    graded: list[Decision] = []
    for done, moment in enumerate(moments, 1):
        graded.append(grade(moment.position, moment.choice))
        if progress is not None:
            progress(done, len(moments))
    seats = tuple(
        SeatReview(seat, name, deals, tuple(d for d in graded if d.seat == seat))
        for seat, name in enumerate(names)
    )
    return GameReview(game, seats)


def review_match(data: Mapping[str, Any], *, progress: Progress | None = None) -> GameReview:
    """A finished match's record (as :func:`~solitaire.match.record.load_match_record`
    reads it) replayed and each seat's decisions graded; ``progress`` is told each
    decision graded. A record that does not replay, or of a match not finished, is a
    :class:`~solitaire.core.untrusted.RecordError`."""
    from solitaire.match.record import replay_match

    match = replay_match(data)
    deals = sum(len(game.deals) for game in match.played)
    names = [str(name) for name in data["players"]]
    return _review("match", names, deals, list(match_moments(match)), progress)


def review_drill(data: Mapping[str, Any], *, progress: Progress | None = None) -> GameReview:
    """A finished drill's record (as :func:`~solitaire.match.drill.load_drill_record`
    reads it) replayed and every card laid while it was a choice graded, yours (seat 0,
    ``you``) and the opponent's; ``progress`` as in :func:`review_match`."""
    from solitaire.match.drill import DRILL, replay_drill

    # every card is graded again below: the recorded grades need not be searched twice
    drill = replay_drill(data, regrade=False)
    names = ["you", drill.opponent]
    moments = list(drill_moments(drill.matches))
    return _review(DRILL, names, len(drill.matches), moments, progress)
