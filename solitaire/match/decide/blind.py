"""The opponent's answer when they cannot see my cards: the honest model's one blind card.

After I lay a card, their next card (their lead, when mine made 31) is the one
``standard`` would lay from what they can see: the points it pegs now less my
expected best answer at once, over every hand of the size I still hold drawn from the
cards they have not seen, all equally likely (exactly: ``E[max] = sum over t >= 1 of
P(max >= t)``, integers over ``C(unseen, held)``); among equals the higher card value,
then the higher rank. Their unseen cards are all but the starter, the cards laid and
their own hand. The search of points (:mod:`~solitaire.match.decide.search`) and the
play to win (:mod:`~solitaire.match.decide.endgame`) both answer with it.
"""

from __future__ import annotations

from math import comb
from typing import Final, Literal

from solitaire.match.decide.hidden import Hand
from solitaire.match.decide.solver import HAND_LEAST, HAND_MOVES, INF, lay, tail_steps
from solitaire.match.game import Observation
from solitaire.match.pegging import MAX_COUNT

__all__ = ["MODELS", "Blind", "Model"]

Model = Literal["honest", "open"]
"""How the opponent answers in a search: blind (``"honest"``) or seeing every card."""
MODELS: Final[tuple[Model, ...]] = ("honest", "open")

_VALUE: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # by rank


def _answer(
    base: tuple[int, int], rank: int, held: int, unseen: list[int]
) -> tuple[int, int, int, list[tuple[int, frozenset[int], int]]]:
    """The opponent laying ``rank`` at ``base`` (count, tail id): what it pegs, the count and
    tail after it, and my answers' thresholds as ``standard`` weighs them: for each
    ``t >= 1`` up to my best answer, the ranks whose answer pegs ``t`` or more, with the
    unseen cards of those ranks (``held`` cards in my hand; runs of equal thresholds merged
    as ``(how many, ranks, cards)``)."""
    count, tail = base
    new_tail, points = tail_steps(tail)[rank]
    new_count = count + _VALUE[rank]
    if new_count in (15, MAX_COUNT):
        points += 2
    thresholds: list[tuple[int, frozenset[int], int]] = []
    if new_count != MAX_COUNT and held:
        steps = tail_steps(new_tail)
        room = MAX_COUNT - new_count
        answers = {}
        for mine in range(1, 14):
            if _VALUE[mine] <= room:
                pegs = steps[mine][1] + (2 if new_count + _VALUE[mine] in (15, MAX_COUNT) else 0)
                if pegs:
                    answers[mine] = pegs
        for t in range(1, max(answers.values(), default=0) + 1):
            ranks = frozenset(r for r, pegs in answers.items() if pegs >= t)
            if thresholds and thresholds[-1][1] == ranks:
                times, _, cards = thresholds[-1]
                thresholds[-1] = (times + 1, ranks, cards)
            else:
                thresholds.append((1, ranks, sum(unseen[r] for r in ranks)))
    return points, new_count, new_tail, thresholds


class Blind:
    """The opponent's next card after I lay ``rank``, chosen by the honest model from what
    they can see (the module's docstring), for any hand they may hold."""

    def __init__(self, view: Observation, mine: Hand, tail: int, rank: int) -> None:
        self.laid = lay(mine, rank, view.count, tail)  # my hand left, count, tail, points
        _, new_count, new_tail, _ = self.laid
        unseen = [0] + [4] * 13  # by rank: the cards they have not seen, their hand among them
        for _, card in view.laid:
            unseen[card.rank] -= 1
        if view.starter is not None:
            unseen[view.starter.rank] -= 1
        unseen[rank] -= 1
        held = len(mine) - 1
        self.unseen = sum(unseen)
        self.ways = [comb(n, held) for n in range(self.unseen + 1)]
        base = (0, 0) if new_count == MAX_COUNT else (new_count, new_tail)  # 31: they lead
        self.room = MAX_COUNT - base[0]
        self.answers = {
            r: _answer(base, r, held, unseen) for r in range(1, 14) if _VALUE[r] <= self.room
        }

    def choose(self, ranks: Hand, hand: int) -> tuple[int, int, int] | None:
        """The card (rank, value, the hand left) the holder of ``ranks`` (id ``hand``) lays
        next, or None when they lay none at once."""
        if HAND_LEAST[hand] > self.room:  # no card, or none fits
            return None
        cards = self.unseen - len(ranks)  # what my hand is drawn from, as they see it
        of_mine = self.ways[cards]
        best = (-INF * of_mine, 0, 0)
        chosen = None
        for move in HAND_MOVES[hand]:
            r = move[0]
            if _VALUE[r] > self.room:
                continue
            pegs, _, _, thresholds = self.answers[r]
            score = pegs * of_mine  # less the hands of mine whose best answer reaches t
            for times, answering, reach in thresholds:
                theirs = sum(1 for x in ranks if x in answering)
                score -= times * (of_mine - self.ways[cards - reach + theirs])
            key = (score, _VALUE[r], r)
            if key > best:
                best, chosen = key, move
        return chosen
