"""The play coach: every card that fits, valued by the search and explained; what a play cost;
and after a game, the costliest discards and plays.

Every value is the search's (:func:`~solitaire.match.decide.values.play_options`, the
expert's own; at pone's opening lead the lead tables', the dealer's answers among them):
the card's exact expected net pegging to the end of the play, yours minus the opponent's,
over every hand the opponent can still hold (each as likely as a
sound player is to have kept it: the model of :mod:`~solitaire.match.decide.hidden`,
built once per position), the opponent answering without seeing your cards (the
``"honest"`` model: they lay the card ``standard`` would, from what they can see) and
the rest of the play solved with both hands known. The coach is a choice on the
expert's stages (:mod:`solitaire.match.decide`): it reads the values and the model,
and adds words: what the card pegs now, what the opponent's answer pegs on average,
and what that answer makes (15-2, 31-2, a pair, a run), each with the share of the
opponent's possible hands (weighed as the search weighs them) that answer so. Those
shares are the search's own, so the average is exactly the sum of share times points.
A discard is valued as the discard coach values it (:mod:`~solitaire.match.discard_coach`:
as ``expert`` does, its hand, crib and play).

>>> from solitaire.match.game import Match
>>> match = Match.from_cards(0, ["5H 5C 9D TS JH 2C", "AH 3C 4D 6S 8H KC"], "QD")
>>> _ = match.discard(1, "6S 8H"), match.discard(0, "9D 2C")
>>> advice = advise_play(match.observation(1))
>>> sorted(str(a.card) for a in advice), advice[0].net >= advice[-1].net
(['3C', '4D', 'AH', 'KC'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.core.rounding import apportion, hundredths, to_hundredths
from solitaire.match.discard_coach import advise_discard, discard_cost, shown_parts
from solitaire.match.game import Action, Discard, Lay, Match, Observation, Phase
from solitaire.match.pegging import MAX_COUNT, PegKind, count_of, peg_items
from solitaire.match.risk import Risks, reply_risks

if TYPE_CHECKING:
    from solitaire.match.decide.hidden import Hidden
    from solitaire.match.decide.search import Model

__all__ = [
    "NOTE_LOSS",
    "CardAdvice",
    "Costly",
    "Threat",
    "advise_play",
    "decisions",
    "explain",
    "play_model",
    "play_note",
    "reply_parts",
    "review_game",
]

NOTE_LOSS: Final = Fraction(1, 2)  # a play costing more than this, on average, is named
_ANY_OF_RANK: Final[dict[int, Card]] = {
    card.rank: card for card in reversed(ALL_CARDS)
}  # pegging: rank only


@dataclass(frozen=True, slots=True)
class Threat:
    """What the opponent's answer to a card makes: its points, and the share of their
    possible hands that answer so (the search's model of their answer)."""

    what: str  # "15-2", "31-2", "a pair", "a pair royal", "a run of 3", joined by "and"
    points: int
    chance: Fraction


@dataclass(frozen=True, slots=True)
class CardAdvice:
    """One card that fits: the search's net value, what it pegs now, what the opponent's
    answer pegs on average, and the answers that score (the most points on average first):
    ``reply`` is the sum over ``threats`` of chance times points. ``risks`` is what the card
    leaves the reply, counted over the cards the player cannot see
    (:func:`~solitaire.match.risk.reply_risks`). Where ``expert`` plays to win (near the end),
    ``chance`` is the card's chance of winning the game (in a series, its value for the
    ``stakes``, as :func:`~solitaire.match.discard_coach.end_value` says it), which then
    ranks the cards first; else None."""

    card: Card
    net: Fraction
    pegs: int
    reply: Fraction
    threats: tuple[Threat, ...]
    risks: Risks | None = None
    chance: float | None = None
    stakes: int = 0


def _label(kinds: Sequence[tuple[PegKind, int]]) -> str:
    words = {
        PegKind.FIFTEEN: "15-2",
        PegKind.THIRTY_ONE: "31-2",
        PegKind.PAIR: "a pair",
        PegKind.PAIR_ROYAL: "a pair royal",
        PegKind.DOUBLE_PAIR_ROYAL: "a double pair royal",
    }
    return " and ".join(words.get(kind, f"a run of {points}") for kind, points in kinds)


def _threats(view: Observation, card: Card, replies: Mapping[int, Fraction]) -> tuple[Threat, ...]:
    """The opponent's answers to ``card`` that score, from the search's share of their hands
    laying each rank (:attr:`~solitaire.match.decide.search.PlayOption.replies`), those
    making the same points the same way together."""
    series = [*view.series, card]
    if count_of(series) == MAX_COUNT:
        series = []  # they lead the next count
    answers: dict[str, tuple[int, Fraction]] = {}
    for rank, share in replies.items():
        reply = _ANY_OF_RANK.get(rank)
        if reply is None:
            continue  # (the search's NO_REPLY: no card at once)
        items = peg_items([*series, reply])
        if items:
            label = _label([(item.kind, item.points) for item in items])
            chance = answers[label][1] if label in answers else Fraction(0)
            answers[label] = (sum(item.points for item in items), chance + share)
    threats = [Threat(label, points, chance) for label, (points, chance) in answers.items()]
    threats.sort(key=lambda t: (t.chance * t.points, t.points), reverse=True)
    return tuple(threats)


def play_model(view: Observation, *, searched_lead: bool = False) -> Model:
    """The model of the opponent's play the coach values ``view``'s cards under, as
    ``expert`` does: the open model at pone's opening lead (its lead table's), unless the
    lead is ``searched_lead`` (the drill's expert); the honest model everywhere else."""
    from solitaire.match.decide.lead import is_opening_lead

    return "open" if not searched_lead and is_opening_lead(view) else "honest"


def advise_play(view: Observation, *, searched_lead: bool = False) -> list[CardAdvice]:
    """Every card that fits, best first as ``expert`` ranks them (by net pegging; near the end
    by the chance of winning first, see :func:`_ranked`), with its explanation.

    At pone's opening lead ``expert`` values the cards as its lead table does, under the open
    model of the dealer's play (:mod:`~solitaire.match.expert`), and so does the coach;
    ``searched_lead`` values them under the honest model, as the drill's ``expert`` leads."""
    from solitaire.match.decide.hidden import Hidden  # numpy: loads with the first advice
    from solitaire.match.decide.values import play_options

    hidden = Hidden(view)  # the model, once for every card
    model = play_model(view, searched_lead=searched_lead)
    advice = [
        CardAdvice(
            option.card,
            option.net,
            option.pegs,
            option.reply,
            _threats(view, option.card, option.replies),
            reply_risks(view, option.card),
        )
        for option in play_options(view, hidden, model)
    ]
    return _ranked(view, hidden, advice)


def _ranked(view: Observation, hidden: Hidden, advice: list[CardAdvice]) -> list[CardAdvice]:
    """``advice`` ranked by the measure ``expert`` chooses by: where it plays to win (near the
    end, the opponent having laid a card), each card's chance of winning first, the net
    pegging breaking ties; else the net pegging alone (as given)."""
    from solitaire.match.decide.endgame import series_stakes  # numpy, as above
    from solitaire.match.decide.values import lay_values

    stakes = series_stakes(view)
    chances = lay_values(view, hidden, stakes=stakes).chances
    if chances is None:
        return advice
    ranked = [replace(item, chance=chances[item.card], stakes=stakes) for item in advice]
    ranked.sort(key=lambda item: (chances[item.card], item.net, item.card), reverse=True)
    return ranked


def _signed(value: Fraction) -> str:
    return hundredths(to_hundredths(value), signed=True)


def _share(chance: Fraction) -> str:
    return f"{float(chance):.0%}"


def reply_parts(advice: CardAdvice, most: int = 3) -> list[tuple[str, Fraction, int]]:
    """What the opponent's answers to a card add to their reply's average: the kind, the
    share of their hands that answer so, and its points times that share in hundredths,
    the parts adding up to the average as shown. The ``most`` worth most are named, any
    others together make ``other replies``."""
    threats = advice.threats
    points = apportion([t.chance * t.points for t in threats], to_hundredths(advice.reply))
    parts = [(t.what, t.chance, p) for t, p in zip(threats, points, strict=True)]
    if len(parts) > most:
        rest = parts[most:]
        chance = sum((chance for _, chance, _ in rest), Fraction(0))
        parts[most:] = [("other replies", chance, sum(p for _, _, p in rest))]
    return parts


def explain(advice: CardAdvice, most: int = 3) -> str:
    """Why a card is worth what it is: what it pegs now and what the opponent's answer pegs,
    answer by answer (the ``most`` worth most on average, then the others together), the
    answers' points adding up to the average shown. With ``most`` 1 and more than one
    answer, the line is shorter: the answer worth most, as a part of the average."""
    now = f"pegs {advice.pegs}"
    if not advice.threats:
        return f"{now}; their reply pegs nothing at once"
    reply = hundredths(to_hundredths(advice.reply))
    parts = reply_parts(advice, most)
    if most == 1 and len(parts) > 1:  # one row at 80 columns
        what, chance, points = parts[0]
        return f"{now}; their reply {reply}, {hundredths(points)} of it {what} ({_share(chance)})"
    top = ", ".join(
        f"{hundredths(points)} from {what} ({_share(chance)})" for what, chance, points in parts
    )
    return f"{now}; their reply pegs {reply} on average: {top}"


_PART_GROUPS: Final = {
    "now": "what it pegs now",
    "reply": "their reply",
    "rest": "the rest of the play",
}


def _cost_parts(best: CardAdvice, mine: CardAdvice) -> list[tuple[Fraction, str, str]]:
    """The cost of ``mine`` against ``best`` split exactly: (points, words, group) for what
    it pegs now, each answer of theirs (its points times the change in the share of their
    hands answering so) and the rest of the play."""
    pegs = best.pegs - mine.pegs
    more = "fewer" if pegs >= 0 else "more"
    parts = [(Fraction(pegs), f"pegging {abs(pegs)} {more} now", "now")]
    theirs = {t.what: t for t in best.threats}
    ours = {t.what: t for t in mine.threats}
    for what in [*ours, *(what for what in theirs if what not in ours)]:
        threat = ours.get(what) or theirs[what]
        was = theirs[what].chance if what in theirs else Fraction(0)
        now = ours[what].chance if what in ours else Fraction(0)
        shares = f"in {_share(now)} of their hands, against {_share(was)}"
        words = f"their {what.removeprefix('a ')} ({shares})"  # "their pair", not "their a pair"
        parts.append((threat.points * (now - was), words, "reply"))
    answers = sum((points for points, _, group in parts if group == "reply"), Fraction(0))
    parts.append((best.net - mine.net - pegs - answers, "in the rest of the play", "rest"))
    return parts


def play_note(
    advice: Sequence[CardAdvice], laid: Card, name: Callable[[Card], str] = str
) -> str | None:
    """A line naming a costly card and what most of its cost comes from, or None when
    ``laid`` was within :data:`NOTE_LOSS` of the best: ``laying the 5♥ cost 1.30 points on
    average, 0.76 of it their 15-2 (in 38% of their hands, against 0%); the 9♣ was
    best.``

    The cost splits exactly into what the card pegs now, each answer of theirs (its points
    times the change in the share of their hands answering so) and the rest of the play,
    rounded together so that the parts add up to the cost shown (the difference of the two
    cards' values as the coach writes them); the line names the
    largest parts until they make up half the cost (two at most). When those come to more
    than the cost, the line says what the others gained back: ``cost 1.38 points on
    average: 1.75 lost in the rest of the play, 0.37 gained in their reply``.
    """
    best = advice[0]
    mine = next(a for a in advice if a.card == laid)
    loss = best.net - mine.net
    if loss <= NOTE_LOSS:
        return None
    parts = _cost_parts(best, mine)
    # the cost as the two values the coach shows make it, so that the line, the coach's
    # table and the review after the game all say the same number
    whole = to_hundredths(best.net) - to_hundredths(mine.net)
    shown = sorted(
        zip(apportion([cost for cost, _, _ in parts], whole), parts, strict=True),
        key=lambda part: part[0],
        reverse=True,
    )
    named: list[tuple[int, str, str]] = []
    for cost, (_, words, group) in shown[:2]:
        if cost <= 0 or sum(c for c, _, _ in named) * 2 >= whole:
            break
        named.append((cost, words, group))
    over = sum(cost for cost, _, _ in named) - whole
    start = f"laying the {name(laid)} cost {hundredths(whole)} points on average"
    ending = f"; the {name(best.card)} was best."
    if over <= 0:
        why = " and ".join(f"{hundredths(cost)} of it {words}" for cost, words, _ in named)
        return start + (f", {why}" if why else "") + ending
    lost = " and ".join(
        f"{hundredths(cost)} lost {'to ' if group == 'reply' else ''}{words}"
        for cost, words, group in named
    )
    # what the parts not named gained back, by where it was gained
    others = {group for cost, (_, _, group) in shown[len(named) :] if cost}
    groups = dict(_PART_GROUPS)
    if any(group == "reply" for _, _, group in named):
        groups["reply"] = "their other replies"
    where = " and ".join(said for group, said in groups.items() if group in others)
    return f"{start}: {lost}, {hundredths(over)} gained in {where}{ending}"


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
    shown: int  # the loss in hundredths as written: what the detail's parts make


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
                shown = int(loss * 100)  # already the difference of the totals shown
                discards.append(
                    Costly(view.deal_number, Phase.DISCARD, action, best, loss, detail, shown)
                )
        elif isinstance(action, Lay) and len(view.legal) > 1:
            advice = advise_play(view)
            mine = next(a for a in advice if a.card == action.card)
            loss = advice[0].net - mine.net
            if loss > 0:
                detail = f"{_signed(mine.net)} against {_signed(advice[0].net)}"
                # the difference of the two values as the detail writes them
                shown = to_hundredths(advice[0].net) - to_hundredths(mine.net)
                lay = Lay(advice[0].card)
                plays.append(Costly(view.deal_number, Phase.PLAY, action, lay, loss, detail, shown))
    discards.sort(key=lambda c: c.loss, reverse=True)
    plays.sort(key=lambda c: c.loss, reverse=True)
    return discards[:most], plays[:most]
