"""What a card laid in the play leaves the opponent, in a player's words: which of the cards the
player cannot see would score on the reply, and how many of them there are.

The risk is read from the position alone: the count after the card, the cards of the
series on the table, and the cards the player has not seen (all but their six, the
starter and the cards laid). Each rank that fits is tried as the reply and scored as the
play scores it (:func:`~solitaire.match.pegging.peg_items`); the ranks that make the same
points the same way are said together, with how many of the unseen cards hold them:
"leaves a fifteen for any ten-card (16 of the 40 cards you cannot see)", "pairs into a
possible pair royal (2 of the 40)", "count 21: any ten-card makes 31". These are counts of
cards, not the chances of the search, which weigh the hands a sound opponent keeps.

>>> from solitaire.match.game import Match
>>> match = Match.from_cards(0, ["5H 5C 9D TS JH 2C", "AH 3C 4D 6S 8H KC"], "QD")
>>> _ = match.discard(1, "6S 8H"), match.discard(0, "9D 2C")
>>> risks = reply_risks(match.observation(1), Card.parse("KC"))
>>> risk_words(risks, short=True)
'leaves a fifteen for a 5 (4 of 45 unseen), a pair for a king (3)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from solitaire.core.cards import ALL_CARDS, Card, Rank
from solitaire.match.game import Observation
from solitaire.match.pegging import MAX_COUNT, PegKind, count_of, peg_items

__all__ = [
    "Risk",
    "Risks",
    "measure_words",
    "rank_name",
    "reply_risks",
    "risk_sentence",
    "risk_words",
]

_ANY_OF_RANK: Final[dict[int, Card]] = {card.rank: card for card in ALL_CARDS}
_TEN_CARDS: Final = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})
_ORDER: Final = (
    PegKind.THIRTY_ONE,
    PegKind.FIFTEEN,
    PegKind.PAIR,
    PegKind.PAIR_ROYAL,
    PegKind.DOUBLE_PAIR_ROYAL,
    PegKind.RUN,
)


@dataclass(frozen=True, slots=True)
class Risk:
    """One way the reply scores: what it makes (each kind with its points, as the play scores
    them), the ranks that make it, and how many of the cards the player cannot see are of
    those ranks."""

    kinds: tuple[tuple[PegKind, int], ...]
    ranks: tuple[int, ...]
    cards: int

    @property
    def points(self) -> int:
        """What the reply pegs this way."""
        return sum(points for _, points in self.kinds)


@dataclass(frozen=True, slots=True)
class Risks:
    """What a card leaves the reply: the count after it, the cards the player cannot see,
    each way a reply scores (:class:`Risk`), and how many unseen cards score at all;
    ``none`` says why no reply can come at once (the count made 31, the opponent said go
    or holds no card), else it is empty."""

    card: Card
    count: int
    unseen: int
    risks: tuple[Risk, ...]
    scoring: int
    none: str = ""


def reply_risks(view: Observation, card: Card) -> Risks:
    """What laying ``card`` in ``view`` leaves the opponent's reply, counted over the cards
    ``view``'s player cannot see."""
    series = [*view.series, card]
    count = count_of(series)
    seen = view.seen() | {card}
    unseen = [c for c in ALL_CARDS if c not in seen]
    none = ""
    if count == MAX_COUNT:
        none = "makes 31: they lead a new count"
    elif view.opponent_held == 0:
        none = "gets no reply: they have no card left"
    elif view.opponent_said_go:
        none = "gets no reply on this count: they have said go"
    if none:
        return Risks(card, count, len(unseen), (), 0, none)
    held = {rank: sum(1 for c in unseen if c.rank == rank) for rank in Rank}
    ways: dict[tuple[tuple[PegKind, int], ...], list[int]] = {}
    for rank in Rank:
        reply = _ANY_OF_RANK[rank]
        if count + reply.value > MAX_COUNT or not held[rank]:
            continue
        items = peg_items([*series, reply])
        if items:
            kinds = tuple(sorted(((i.kind, i.points) for i in items), key=_kind_order))
            ways.setdefault(kinds, []).append(int(rank))
    risks = [
        Risk(kinds, tuple(ranks), sum(held[Rank(r)] for r in ranks))
        for kinds, ranks in ways.items()
    ]
    risks.sort(key=lambda r: ([_kind_order(k) for k in r.kinds], r.ranks))
    scoring = sum(risk.cards for risk in risks)
    return Risks(card, count, len(unseen), tuple(risks), scoring)


def _kind_order(kind: tuple[PegKind, int]) -> tuple[int, int]:
    return _ORDER.index(kind[0]), kind[1]


def rank_name(rank: int) -> str:
    """A rank as a player names one card of it: ``an ace``, ``a 7``, ``an 8``, ``a jack``."""
    names = {1: "an ace", 8: "an 8", 11: "a jack", 12: "a queen", 13: "a king"}
    return names.get(rank, f"a {rank}")


def _ranks_words(ranks: Sequence[int]) -> str:
    """``any ten-card`` (all four ranks worth ten), else ``a 4 or a 7``."""
    if len(ranks) == 4 and set(ranks) == _TEN_CARDS:
        return "any ten-card"
    names = [rank_name(rank) for rank in ranks]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _noun(kind: PegKind, points: int) -> str:
    if kind is PegKind.RUN:
        return f"a run of {points}"
    return "31" if kind is PegKind.THIRTY_ONE else f"a {kind.value}"


def _clause(risk: Risk, count: int) -> str:
    """One way the reply scores, in a player's words: ``leaves a fifteen and a pair for a 6``,
    ``count 21: any ten-card makes 31``, ``pairs into a possible pair royal`` (the card
    paired the one before it)."""
    cards = _ranks_words(risk.ranks)
    kinds = [kind for kind, _ in risk.kinds]
    nouns = [_noun(kind, points) for kind, points in risk.kinds]
    if PegKind.THIRTY_ONE in kinds:
        return f"count {count}: {cards} makes {' and '.join(nouns)}"
    if PegKind.PAIR_ROYAL in kinds:  # the card paired: a third of its rank answers it
        others = [noun for noun in nouns if noun != "a pair royal"]
        return f"pairs into a possible {' and '.join(['pair royal', *others])}"
    return f"leaves {' and '.join(nouns)} for {cards}"


def risk_words(risks: Risks, short: bool = False, most: int | None = None) -> str:
    """What a card leaves the reply, each way with its count of unseen cards: ``leaves a
    fifteen for any ten-card (16 of the 40 cards you cannot see); leaves a pair for a 5 (3
    of the 40)``; ``short``: ``leaves a fifteen for any ten-card (16 of 40 unseen), a pair
    for a 5 (3)``. ``most`` names only that many ways, those worth most (cards times
    points; ``...`` says the rest)."""
    if risks.none:
        return risks.none
    if not risks.risks:
        if short:
            return "no unseen card scores on it"
        return f"none of the {risks.unseen} cards you cannot see scores on it"
    said = ""
    shown = risks.risks
    if most is not None:  # the ways worth most (cards times points), in the order said
        kept = sorted(shown, key=lambda risk: risk.cards * risk.points, reverse=True)[:most]
        shown = tuple(risk for risk in risks.risks if risk in kept)
    last = ""
    for index, risk in enumerate(shown):
        clause = _clause(risk, risks.count)
        if index == 0:
            said = clause
        elif short and clause.startswith("leaves ") and last.startswith("leaves "):
            said += ", " + clause.removeprefix("leaves ")
        else:
            said += "; " + clause
        last = clause
        if short:
            said += (
                f" ({risk.cards} of {risks.unseen} unseen)" if index == 0 else f" ({risk.cards})"
            )
        elif index == 0:
            said += f" ({risk.cards} of the {risks.unseen} cards you cannot see)"
        else:
            said += f" ({risk.cards} of the {risks.unseen})"
    return said + (" ..." if len(shown) < len(risks.risks) else "")


def risk_sentence(risks: Risks, card: str) -> str:
    """What a card leaves the reply as a sentence, with how many unseen cards score in all:
    ``The 5♦ leaves a fifteen for any ten-card (16 of the 40 cards you cannot see); leaves a
    pair for a 5 (3 of the 40): 19 of the 40 score on their reply.``, ``After the 6♥, count
    25: a 6 makes 31 and a pair (3 of the 40 cards you cannot see).``"""
    if not risks.none and not risks.risks:
        return f"None of the {risks.unseen} cards you cannot see scores on the {card}."
    words = risk_words(risks)
    said = f"After the {card}, {words}" if words.startswith("count") else f"The {card} {words}"
    if len(risks.risks) > 1:
        said += f": {risks.scoring} of the {risks.unseen} score on their reply"
    return said + "."


def measure_words(chance: bool, stakes: int = 0) -> str:
    """What a coach ranks by, as the screen says it: ``ranked by points``, ``ranked by your
    chance of winning``, or in a series ``ranked by the game points you expect``."""
    if not chance:
        return "ranked by points"
    return "ranked by the game points you expect" if stakes else "ranked by your chance of winning"
