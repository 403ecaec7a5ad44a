"""Coaching: each round's discard beside the best one, why the best is better, a game's review.

The reasons are computed from the advisor's exact values and said in a player's
terms: how much of a difference is hand and how much crib, the sure points the
four kept cards hold before the starter and what the starter adds on average,
and what the discard gives your own crib.

A discard changes only its own round's score and every round's cards are the
same whatever was discarded before, so a game can be reviewed after the fact:
each round's position is rebuilt from the cards dealt before it.

>>> from solitaire.patience.advisor import advise
>>> best, other = advise("5H 5C 5S JD 4C 9S")[:2]
>>> why = compare(best, other, Position.make("5H 5C 5S JD 4C 9S"))
>>> [points_text(d) for d in (why.hand_diff, why.crib_diff, why.total_diff)], why.better.sure
(['3.70', '-0.15', '3.54'], 14)
>>> print(reasons(why)[2].text())
Your crib gets 4C 9S: nothing that scores together (4.03 expected); JD 9S: a jack (4.17)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from solitaire.core.cards import ALL_CARDS, Card, Rank
from solitaire.core.errors import InputError
from solitaire.core.rounding import apportion, hundredths, to_hundredths
from solitaire.core.scoring import score_hand
from solitaire.patience.advisor import (
    DiscardOption,
    Hindsight,
    Position,
    advise_position,
    hindsight,
)
from solitaire.patience.game import GREAT_LINE, SKUNK_LINE, Game, RoundResult

__all__ = [
    "Comparison",
    "CribGift",
    "GameReview",
    "KeepFacts",
    "Reason",
    "RoundReview",
    "compare",
    "crib_gift",
    "heels_note",
    "hint_reasons",
    "keep_facts",
    "points_text",
    "position_before",
    "reasons",
    "review_game",
    "review_round",
    "round_reasons",
    "shown_given_up",
    "shown_parts",
]


@dataclass(frozen=True, slots=True)
class RoundReview:
    """A played round judged: the player's discard, the best one, and what each scored."""

    number: int
    options: tuple[DiscardOption, ...]
    actual: tuple[Hindsight, ...]
    chosen: tuple[Card, Card]
    position: Position

    @property
    def known_starter(self) -> Card | None:
        """The starter when a player who watched every card knows it (round 6)."""
        return self.position.starter

    def _option(self, discard: tuple[Card, Card]) -> DiscardOption:
        wanted = frozenset(discard)
        return next(o for o in self.options if frozenset(o.discard) == wanted)

    def _actual(self, discard: tuple[Card, Card]) -> Hindsight:
        wanted = frozenset(discard)
        return next(h for h in self.actual if frozenset(h.discard) == wanted)

    @property
    def chosen_option(self) -> DiscardOption:
        """The player's discard, with its expected values."""
        return self._option(self.chosen)

    @property
    def best_option(self) -> DiscardOption:
        """The discard with the best expected total."""
        return self.options[0]

    @property
    def given_up(self) -> Fraction:
        """Expected points the player's discard gave up against the best one."""
        return self.best_option.total - self.chosen_option.total

    @property
    def chosen_scored(self) -> int:
        """What the player's discard actually scored (heels included)."""
        return self._actual(self.chosen).total

    @property
    def best_scored(self) -> int:
        """What the best-expected discard actually scored."""
        return self._actual(self.best_option.discard).total

    @property
    def hindsight_best(self) -> Hindsight:
        """The discard that actually scored most."""
        return self.actual[0]

    @property
    def is_best(self) -> bool:
        """True when the player's discard had the best expected total (ties count)."""
        return self.given_up == 0

    @property
    def hindsight_news(self) -> Hindsight | None:
        """The hindsight best, when it says more than the player's and the best discard's scores.

        None when the player's discard scored the most, or the best expected discard
        (already shown with its score) did.
        """
        top = self.hindsight_best
        if top.total == self.chosen_scored or top.total == self.best_scored:
            return None
        return top


@dataclass(frozen=True, slots=True)
class GameReview:
    """A finished game judged against perfect play and hindsight."""

    total: int
    final_points: int
    rounds: tuple[RoundReview, ...]

    @property
    def skunk_passed(self) -> bool:
        """True when the total passed 90."""
        return self.total > SKUNK_LINE

    @property
    def great_reached(self) -> bool:
        """True when the total reached 121."""
        return self.total >= GREAT_LINE

    @property
    def perfect_expected(self) -> Fraction:
        """Perfect play's expected total on this deal: each round's best, plus the final hand."""
        return sum((r.best_option.total for r in self.rounds), Fraction(0)) + self.final_points

    @property
    def perfect_scored(self) -> int:
        """What perfect play (best expected discard every round) actually scores on this deal."""
        return sum(r.best_scored for r in self.rounds) + self.final_points

    @property
    def hindsight_best(self) -> int:
        """The best total anyone could have scored here: the best actual discard every round."""
        return sum(r.hindsight_best.total for r in self.rounds) + self.final_points

    @property
    def expected_given_up(self) -> Fraction:
        """Expected points given up over the game."""
        return sum((r.given_up for r in self.rounds), Fraction(0))

    @property
    def efficiency(self) -> float:
        """Expected points of the player's discards as a share of perfect play's (1.0 = perfect)."""
        best = sum((r.best_option.total for r in self.rounds), Fraction(0))
        chosen = sum((r.chosen_option.total for r in self.rounds), Fraction(0))
        return float(chosen / best) if best else 1.0

    def costliest(self, count: int = 3) -> tuple[RoundReview, ...]:
        """The rounds that gave up most expected points (only those that gave up any)."""
        costly = sorted((r for r in self.rounds if r.given_up > 0), key=lambda r: -r.given_up)
        return tuple(costly[:count])


def position_before(rounds: list[RoundResult], shown: tuple[Card, ...], starter: Card) -> Position:
    """The position of a round, from the rounds dealt before it and the round's own starter."""
    seen: set[Card] = set()
    for r in rounds:
        seen.update(r.shown, r.crib_dealt, (r.starter,))
    known = starter if starter in seen else None
    gone = seen | set(shown) | ({known} if known is not None else set())
    unseen = tuple(c for c in ALL_CARDS if c not in gone)
    return Position(shown, unseen, known)


def review_round(game: Game, number: int) -> RoundReview:
    """Judge round ``number`` (1-6) of a game that has played it."""
    result = game.rounds[number - 1]
    position = position_before(game.rounds[: number - 1], result.shown, result.starter)
    options = advise_position(position)
    actual = hindsight(result.shown, result.crib_dealt, result.starter)
    return RoundReview(number, options, actual, result.discard, position)


def review_game(game: Game) -> GameReview:
    """Judge every round of a finished game."""
    if game.final is None:
        raise InputError("only a finished game can be reviewed")
    rounds = tuple(review_round(game, n) for n in range(1, len(game.rounds) + 1))
    return GameReview(game.total, game.final.points, rounds)


# -- reasons: why one discard beats another, in a player's words ----------------


def points_text(value: Fraction | int) -> str:
    """Points as every coaching line writes them: two decimals."""
    return hundredths(to_hundredths(value))


def shown_parts(option: DiscardOption) -> tuple[int, int, int, int]:
    """Hand, crib, heels and total in hundredths, as every screen writes them: the total and
    the heels (the same for every discard) rounded, the hand and the crib rounded together
    so that the four add up (each within a hundredth of its value)."""
    total, heels = to_hundredths(option.total), to_hundredths(option.heels)
    hand, crib = apportion((option.hand, option.crib), total - heels)
    return hand, crib, heels, total


def shown_given_up(review: RoundReview) -> int:
    """What a round's discard gave up in hundredths, as shown: the best's expected total less
    the player's, each as written."""
    return shown_parts(review.best_option)[3] - shown_parts(review.chosen_option)[3]


@dataclass(frozen=True, slots=True)
class CribGift:
    """What the two discarded cards make together in your crib before the other three come."""

    cards: tuple[Card, Card]
    fifteen: bool
    pair: bool
    fives: int
    touching: bool
    jacks: int

    def words(self) -> str:
        """``a pair and two fives``, or ``nothing that scores together``."""
        parts = []
        if self.fifteen:
            parts.append("a fifteen")
        if self.pair:
            parts.append("a pair")
        if self.fives:
            parts.append("a five" if self.fives == 1 else "two fives")
        if self.touching:
            parts.append("touching cards")
        if self.jacks:
            parts.append("a jack" if self.jacks == 1 else "two jacks")
        if not parts:
            return "nothing that scores together"
        return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def crib_gift(discard: tuple[Card, Card]) -> CribGift:
    """The fifteen, pair, fives, touching ranks and jacks of a discard."""
    a, b = discard
    return CribGift(
        cards=discard,
        fifteen=a.value + b.value == 15,
        pair=a.rank == b.rank,
        fives=(a.rank == Rank.FIVE) + (b.rank == Rank.FIVE),
        touching=abs(a.rank - b.rank) == 1,
        jacks=(a.rank == Rank.JACK) + (b.rank == Rank.JACK),
    )


@dataclass(frozen=True, slots=True)
class KeepFacts:
    """One discard's expected values split the way a player thinks of them."""

    option: DiscardOption
    sure: int  # what the four kept cards score on their own, before any starter
    gift: CribGift

    @property
    def starter_adds(self) -> Fraction:
        """What the starter adds to the hand on average (exactly, when it is known)."""
        return self.option.hand - self.sure


def keep_facts(option: DiscardOption) -> KeepFacts:
    """The sure points of the four kept and what the discard gives the crib."""
    return KeepFacts(option, score_hand(option.keep).total, crib_gift(option.discard))


@dataclass(frozen=True, slots=True)
class Comparison:
    """Why ``better`` beats ``worse``: the difference in hand and in crib.

    His heels is the same whatever is discarded, so it never makes a difference.
    """

    better: KeepFacts
    worse: KeepFacts
    starter: Card | None  # the known starter (round 6), else None
    certain: bool  # every card is known (round 6): the crib's points are sure too

    @property
    def hand_diff(self) -> Fraction:
        """Expected hand points of the better discard minus the worse one's."""
        return self.better.option.hand - self.worse.option.hand

    @property
    def crib_diff(self) -> Fraction:
        """Expected crib points of the better discard minus the worse one's."""
        return self.better.option.crib - self.worse.option.crib

    @property
    def total_diff(self) -> Fraction:
        """Expected points of the better discard minus the worse one's."""
        return self.better.option.total - self.worse.option.total


def compare(better: DiscardOption, worse: DiscardOption, position: Position) -> Comparison:
    """The comparison of two discards of one position."""
    certain = position.starter is not None and len(position.unseen) == 2
    return Comparison(keep_facts(better), keep_facts(worse), position.starter, certain)


Fragment = str | tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Reason:
    """One coaching sentence: words and cards, so a screen can draw the cards in colour."""

    parts: tuple[Fragment, ...]

    def text(self, ascii: bool = True) -> str:
        """The sentence as plain text."""
        return "".join(
            p if isinstance(p, str) else " ".join(c.symbol(ascii) for c in p) for p in self.parts
        )


def _starter_phrase(facts: KeepFacts, starter: Card | None) -> tuple[Fragment, ...]:
    if starter is not None:
        return ("the starter ", (starter,), f" adds {facts.starter_adds}")  # known: a whole number
    adds = shown_parts(facts.option)[0] - 100 * facts.sure  # adds up to the hand shown
    return (f"the starter adds {hundredths(adds)} on average",)


def reasons(c: Comparison) -> tuple[Reason, ...]:
    """Why the better discard is better: where the points come from, the keep, the crib.
    Every number is as the tables write it, so the hand and the crib make the total."""
    b, w = c.better, c.worse
    mine, theirs = b.option.discard, w.option.discard
    shown = shown_parts(b.option), shown_parts(w.option)
    hand, crib, _, total = (shown[0][i] - shown[1][i] for i in range(4))
    if total == 0:
        split: tuple[Fragment, ...] = (
            "Discarding ", mine, " or ", theirs,
            f" is worth the same on average ({hundredths(shown[0][3])})",
        )  # fmt: skip
    elif hand < 0:
        split = (
            "Discarding ", mine, f" costs {hundredths(-hand)} in the hand but gives your crib "
            f"{hundredths(crib)} more than ", theirs, f": {hundredths(total)} better in all",
        )  # fmt: skip
    elif crib < 0:
        split = (
            "Discarding ", mine, f" gives your crib {hundredths(-crib)} less than ", theirs,
            f" but keeps {hundredths(hand)} more in the hand: {hundredths(total)} better in all",
        )  # fmt: skip
    else:
        split = (
            "Discarding ", mine, f" is worth {hundredths(total)} more than ", theirs,
            f": {hundredths(hand)} in the hand and {hundredths(crib)} in your crib",
        )  # fmt: skip
    keep = (
        "Keeping ", b.option.keep, f" holds {b.sure} sure points and ",
        *_starter_phrase(b, c.starter), "; ", w.option.keep, f" holds {w.sure} and ",
        *_starter_phrase(w, c.starter),
    )  # fmt: skip
    if c.certain:  # the blind pair is known: the crib's points are whole and sure
        worth = f"{b.option.crib} for sure", f"{w.option.crib}"
    else:
        worth = f"{hundredths(shown[0][1])} expected", hundredths(shown[1][1])
    gift = (
        "Your crib gets ", mine, f": {b.gift.words()} ({worth[0]}); ",
        theirs, f": {w.gift.words()} ({worth[1]})",
    )  # fmt: skip
    return Reason(split), Reason(keep), Reason(gift)


def hint_reasons(
    options: Sequence[DiscardOption], position: Position, chosen: Iterable[Card] | None = None
) -> tuple[Reason, ...]:
    """Why the best discard beats the picked one, or the next best when none is picked."""
    best = options[0]
    wanted = frozenset(chosen) if chosen is not None else frozenset()
    other = next((o for o in options if frozenset(o.discard) == wanted), None)
    if other is None or other is best:
        other = options[1]
    return reasons(compare(best, other, position))


def round_reasons(review: RoundReview) -> tuple[Reason, ...]:
    """Why the best discard beat the player's (or, when the player's was best, the next best)."""
    return hint_reasons(review.options, review.position, review.chosen)


def heels_note(position: Position) -> str:
    """Why every total holds the heels allowance it does: 2 points when a jack is turned."""
    starter = position.starter
    if starter is not None:
        if starter.rank == Rank.JACK:
            return "his heels: the known starter is a jack, 2 in each total"
        return "no heels: the known starter is not a jack"
    jacks = sum(1 for c in position.unseen if c.rank == Rank.JACK)
    if not jacks:
        return "no heels: no jack is left unseen to be turned"
    size = len(position.unseen)
    share = points_text(Fraction(2 * jacks, size))
    return (
        f"his heels, 2 for a jack turned: {jacks} of {size} unseen are jacks,"
        f" 2 x {jacks}/{size} = {share} each"
    )
