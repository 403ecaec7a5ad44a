"""The discard coach: all 15 discards valued and ranked as ``expert`` values and ranks them,
each split into its parts, why the best beats another, and what a discard cost.

A discard of six is worth (:func:`advise_discard`):

* **hand**: the exact expected points of the four kept over the 46 starters the
  player has not seen (:func:`~solitaire.core.discards.expected_numerators`);
* **crib**: the exact expected points of the crib, the player's (added) when they
  deal, the opponent's (taken away) when they do not. The crib's fifteens, pairs
  and runs are summed over every six the opponent can hold, throwing the two the
  keep model throws (:func:`~solitaire.match.decide.hidden.crib_shift`), and every
  starter left; flushes and nobs over any two unseen cards. Each part is an integer
  sum divided once, so the crib is an exact fraction too;
* **play**: the expected net pegging (yours less the opponent's) of the four kept in
  this role, a least-squares fit to the kept ranks' features
  (:func:`~solitaire.match.expert.pegging_value`): a model, not an exact value.

The **total** is their sum, computed as ``expert`` computes it, and the discards are
ranked as ``expert`` ranks them: by the total, the tie going to the greater pair; near
the end of a game (:func:`~solitaire.match.decide.endgame.is_near_end`) by the chance of
winning the game first (:func:`~solitaire.match.decide.endgame.discard_chances`), and in
a series by the game points expected, won less lost
(:func:`~solitaire.match.decide.endgame.series_stakes`). So the first discard is always
the one ``expert`` makes in the player's seat. His heels goes to the dealer whatever is
discarded, so it is in no total.

>>> from solitaire.match.game import Match
>>> match = Match.from_cards(0, ["5H 5C 5S JD 4C 9S", "AH 3C 4D 6S 8H KC"], "QD")
>>> best = advise_discard(match.observation(0))[0]
>>> [str(card) for card in best.discard], best.total == float(best.hand + best.crib) + best.play
(['4C', '9S'], True)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations

from solitaire.core.cards import ALL_CARDS, Card, Rank
from solitaire.core.discards import Position, expected_numerators
from solitaire.core.rounding import apportion, hundredths, to_hundredths
from solitaire.core.scoring import score_hand
from solitaire.match.decide.discard import FEATURES, peg_features, pegging_value
from solitaire.match.decide.tables import TABLE_PATH
from solitaire.match.game import HEELS_POINTS, Discard, Match, Observation, Phase

__all__ = [
    "DiscardAdvice",
    "DiscardCost",
    "advise_discard",
    "cost_note",
    "discard_cost",
    "discard_view",
    "end_cost",
    "end_cost_words",
    "end_value",
    "heels_note",
    "hundredths",
    "play_terms",
    "shown_parts",
    "why_discard",
]

Name = Callable[[Card], str]


@dataclass(frozen=True, slots=True)
class DiscardAdvice:
    """One discard of six with the parts of its value, as ``expert`` weighs them.

    ``crib`` is signed: the crib's expected points when it is yours, less them when it
    is the opponent's. ``chance`` (near the end of a game only) is the chance of
    winning the game, which then ranks the discards first; in a series (``stakes``, the
    game points of a double skunk) the game points expected instead, won less lost, on
    the same scale (:mod:`~solitaire.match.decide.endgame`; :func:`end_value` says it).
    """

    discard: tuple[Card, Card]
    keep: tuple[Card, Card, Card, Card]
    dealer: bool
    hand: Fraction
    crib: Fraction
    play: float
    chance: float | None = None
    stakes: int = 0

    @property
    def total(self) -> float:
        """Hand, crib and play together: the points ``expert`` ranks the discard by."""
        return float(self.hand + self.crib) + self.play

    @property
    def key(self) -> tuple[float, ...]:
        """What ranks the discards, greater first (the chance of winning near the end)."""
        rank = (self.total,) if self.chance is None else (self.chance, self.total)
        return (*rank, *self.discard)


def advise_discard(view: Observation) -> list[DiscardAdvice]:
    """Every discard of the six dealt to this player, best first, as ``expert`` ranks them."""
    # numpy's models load with the first advice, not with the screens that show it
    from solitaire.match.decide.endgame import discard_chances, is_near_end, series_stakes
    from solitaire.match.decide.hidden import crib_shift

    six = view.dealt
    nums = expected_numerators(Position.make(six))
    shifts = crib_shift(view)
    sign = 1 if view.is_dealer else -1
    stakes = series_stakes(view)
    chances = discard_chances(view, stakes) if is_near_end(view) else None
    options = []
    for index, (a, b) in enumerate(combinations(range(6), 2)):
        pair = (six[a], six[b])
        keep = tuple(card for card in six if card not in pair)
        low, high = sorted((int(pair[0].rank), int(pair[1].rank)))
        crib = Fraction(nums.crib[index], nums.crib_den) + shifts[(low, high)]
        options.append(
            DiscardAdvice(
                discard=pair,
                keep=(keep[0], keep[1], keep[2], keep[3]),
                dealer=view.is_dealer,
                hand=Fraction(nums.hand[index], nums.hand_den),
                crib=sign * crib,
                play=pegging_value([card.rank for card in keep], view.is_dealer),
                chance=None if chances is None else chances[pair],
                stakes=stakes,
            )
        )
    return sorted(options, key=lambda option: option.key, reverse=True)


def discard_view(match: Match, player: int, game: int, deal: int) -> Observation:
    """What ``player`` saw at their discard in deal ``deal`` of game ``game`` (both from 1),
    rebuilt from the match: their six, who deals, the scores as the deal began."""
    played = match.played[game - 1]
    dealt = played.deals[deal - 1]
    scores = played.deals[deal - 2].scores if deal > 1 else None
    six = dealt.hands[player]
    return Observation(
        player=player,
        phase=Phase.DISCARD,
        to_act=player,
        dealer=dealt.dealer,
        scores=scores or (0, 0),
        game_number=game,
        deal_number=deal,
        dealt=six,
        discard=None,
        hand=six,
        starter=None,
        laid=(),
        series=(),
        count=0,
        opponent_held=4 if player == dealt.dealer else 6,  # pone discards first
        opponent_said_go=False,
        legal=tuple(Discard(pair) for pair in combinations(six, 2)),
        games=match.games,
        double_skunk=match.double_skunk,
    )


def heels_note(view: Observation) -> str:
    """His heels, left out of every total: the same whatever is discarded."""
    jacks = sum(1 for card in ALL_CARDS if card.rank == Rank.JACK and card not in view.dealt)
    unseen = len(ALL_CARDS) - len(view.dealt)
    heels = f"{float(Fraction(HEELS_POINTS * jacks, unseen)):.2f}"
    whose = "yours" if view.is_dealer else "the dealer's"
    return f"His heels ({heels} on average, {whose}) is the same for every discard: in no total."


def _find(advice: Sequence[DiscardAdvice], discard: Iterable[Card]) -> DiscardAdvice:
    wanted = frozenset(discard)
    return next(option for option in advice if frozenset(option.discard) == wanted)


# -- what the screen shows ----------------------------------------------------------------------


def shown_parts(option: DiscardAdvice) -> tuple[int, int, int, int]:
    """Hand, crib, play and total in hundredths, as the screen writes them: the total rounded,
    the parts rounded so that they add up to it (each within a hundredth of its value)."""
    total = to_hundredths(option.total)
    hand, crib, play = apportion((option.hand, option.crib, option.play), total)
    return hand, crib, play, total


# -- why one discard beats another, in a player's words -----------------------------------------


def _cards(cards: Iterable[Card], name: Name) -> str:
    return " ".join(name(card) for card in sorted(cards))


def _gift(pair: tuple[Card, Card]) -> str:
    """What the two cards make together in the crib before the other three come."""
    a, b = pair
    parts = []
    if a.value + b.value == 15:
        parts.append("a fifteen")
    if a.rank == b.rank:
        parts.append("a pair")
    fives = (a.rank == Rank.FIVE) + (b.rank == Rank.FIVE)
    if fives:
        parts.append("a five" if fives == 1 else "two fives")
    if abs(a.rank - b.rank) == 1:
        parts.append("touching cards")
    jacks = (a.rank == Rank.JACK) + (b.rank == Rank.JACK)
    if jacks:
        parts.append("a jack" if jacks == 1 else "two jacks")
    if not parts:
        return "nothing that scores together"
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def _signed(value: float | Fraction) -> str:
    return f"{float(value):+.2f}"


@cache
def _fit() -> dict[str, tuple[float, ...]]:
    data = json.loads(TABLE_PATH.read_text())
    return {role: tuple(weights) for role, weights in data["pegging"].items()}


def play_terms(ranks: Sequence[int], dealer: bool) -> list[float]:
    """What each of :data:`~solitaire.match.expert.FEATURES` adds to the fitted pegging of
    these kept ranks (the intercept apart)."""
    _, *weights = _fit()["dealer" if dealer else "pone"]
    return [w * f for w, f in zip(weights, peg_features(ranks), strict=True)]


def _feature_words(name: str, more: int) -> str:
    """``one more five``, ``two pairs fewer``."""
    count = ("one", "two", "three", "four", "five", "six")[min(abs(more), 6) - 1]
    singular = {"fives": "five", "pairs": "pair", "low cards": "low card"}
    singular |= {"ten-cards": "ten-card", "fifteens": "fifteen", "touching ranks": "touching pair"}
    noun = singular[name] if abs(more) == 1 else name.replace("touching ranks", "touching pairs")
    return f"{count} {noun} {'more' if more > 0 else 'fewer'}"


def _play_reason(better: DiscardAdvice, worse: DiscardAdvice, name: Name) -> str:
    role = "dealer" if better.dealer else "pone"
    ranks = [[int(card.rank) for card in option.keep] for option in (better, worse)]
    terms = [play_terms(r, better.dealer) for r in ranks]
    counts = [peg_features(r) for r in ranks]
    moved = [
        (terms[0][i] - terms[1][i], counts[0][i] - counts[1][i], feature)
        for i, feature in enumerate(FEATURES)
        if counts[0][i] != counts[1][i]
    ]
    moved.sort(key=lambda item: abs(item[0]), reverse=True)
    plays = shown_parts(better)[2], shown_parts(worse)[2]
    # the features' parts add up to the difference of the two plays as shown
    changes = apportion([change for change, _, _ in moved], plays[0] - plays[1]) if moved else ()
    words = [_feature_words(feature, more) for _, more, feature in moved]
    if len(moved) > 3:  # the rest in one part, so that every part is said
        words[2:] = [f"the {len(moved) - 2} other features"]
        changes = (*changes[:2], sum(changes[2:]))
    said = "; ".join(
        f"{what} ({hundredths(change, signed=True)})"
        for what, change in zip(words, changes, strict=True)
    )
    line = (
        f"Play, as {role} (a fitted estimate): {_cards(better.keep, name)} pegs "
        f"{hundredths(plays[0], signed=True)} net on average, "
        f"{_cards(worse.keep, name)} {hundredths(plays[1], signed=True)}"
    )
    return line + (f": {said}." if said else ".")


def why_discard(
    advice: Sequence[DiscardAdvice], chosen: Iterable[Card] | None = None, name: Name = str
) -> list[str]:
    """Why the best discard beats the chosen one (or the next best, when none is chosen or the
    chosen is the best): a sentence for the difference, then the hand, the crib and the play."""
    best = advice[0]
    mine = _find(advice, chosen) if chosen is not None else None
    other = mine if mine is not None and mine is not best else advice[1]
    yours = mine is other
    b, w = _cards(best.discard, name), _cards(other.discard, name)
    other_shown, best_shown = shown_parts(other), shown_parts(best)
    hand, crib, play, gap = (best_shown[i] - other_shown[i] for i in range(4))
    crib_words = (
        f"{'more' if crib >= 0 else 'less'} from your crib"
        if best.dealer
        else f"{'less' if crib >= 0 else 'more'} to their crib"
    )
    split = (
        f"{hundredths(abs(hand))} {'more' if hand >= 0 else 'less'} in the hand, "
        f"{hundredths(abs(crib))} {crib_words}, "
        f"{hundredths(abs(play))} {'more' if play >= 0 else 'less'} in the play"
    )
    if yours:
        lines = [f"Discarding {b} beats your {w} by {hundredths(gap)} points a deal: {split}."]
    elif mine is best:
        lines = [f"Your {b} is the best discard, {hundredths(gap)} better than {w}: {split}."]
    else:
        lines = [f"Discarding {b} is best, {hundredths(gap)} better than the next, {w}: {split}."]
    if best.chance is not None and other.chance is not None:
        ranks = (
            f"game points it expects, won less lost ({_skunks(best.stakes)})"
            if best.stakes
            else "chance of winning the game"
        )
        lines.append(
            f"Near the end{' of a series' if best.stakes else ''} the computer ranks by the "
            f"{ranks}: {end_value(best.chance, best.stakes)} with {b}, "
            f"{end_value(other.chance, other.stakes)} with {w}."
        )
    sure = [score_hand(option.keep).total for option in (best, other)]
    lines.append(
        f"Hand: {_cards(best.keep, name)} holds {sure[0]} before the starter, which adds "
        f"{hundredths(best_shown[0] - 100 * sure[0])} on average; {_cards(other.keep, name)} "
        f"holds {sure[1]} and the starter adds {hundredths(other_shown[0] - 100 * sure[1])}."
    )
    if best.dealer:
        lines.append(
            f"Crib, yours: {b} gives it {_gift(best.discard)} ({hundredths(best_shown[1])} "
            f"expected); {w} {_gift(other.discard)} ({hundredths(other_shown[1])}); pone's two as "
            "a sound pone throws them."
        )
    else:
        lines.append(
            f"Crib, theirs: {b} gives it {_gift(best.discard)} ({hundredths(-best_shown[1])} "
            f"expected against you); {w} {_gift(other.discard)} ({hundredths(-other_shown[1])}); "
            "the dealer's two as a sound dealer throws them."
        )
    lines.append(_play_reason(best, other, name))
    return lines


# -- what a discard cost ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiscardCost:
    """The best discard less the chosen one: in the hand, the crib, the play and in all (and
    near the end in the chance of winning)."""

    best: DiscardAdvice
    chosen: DiscardAdvice

    @property
    def hand(self) -> Fraction:
        """Expected hand points given up (negative: gained)."""
        return self.best.hand - self.chosen.hand

    @property
    def crib(self) -> Fraction:
        """Expected crib points given up (your crib's, or more to theirs)."""
        return self.best.crib - self.chosen.crib

    @property
    def play(self) -> float:
        """Expected net pegging given up (the fitted estimate)."""
        return self.best.play - self.chosen.play

    @property
    def points(self) -> float:
        """Expected points given up in all: hand, crib and play."""
        return self.best.total - self.chosen.total

    @property
    def chance(self) -> float | None:
        """Near the end: the chance of winning the game given up (in a series, the value
        of :attr:`DiscardAdvice.chance`: :func:`end_cost` says it)."""
        if self.best.chance is None or self.chosen.chance is None:
            return None
        return self.best.chance - self.chosen.chance

    @property
    def stakes(self) -> int:
        """In a series, the game points of a double skunk; else 0."""
        return self.best.stakes

    @property
    def is_best(self) -> bool:
        """True when the chosen discard ranks as high as the best."""
        return self.best.key[:-2] == self.chosen.key[:-2]

    def split(self) -> str:
        """``3.65 in the hand, 0.48 in the play; it saved 0.41 in the crib``: hundredths that
        add up to the difference of the totals shown."""
        mine, best = shown_parts(self.chosen), shown_parts(self.best)
        cost, saved = [], []
        for index, where in enumerate(("in the hand", "in the crib", "in the play")):
            value = best[index] - mine[index]
            if value >= 0:
                cost.append(f"{hundredths(value)} {where}")
            else:
                saved.append(f"{hundredths(-value)} {where}")
        said = ", ".join(cost)
        if saved:
            said += ("; " if cost else "") + "it saved " + " and ".join(saved)
        return said

    def terse(self) -> str:
        """``hand 4.96 crib 0.83 play 0.02`` (and near the end ``, win 0.3%``, in a series
        ``, games 0.05``): the parts of the cost as shown, adding up to it."""
        mine, best = shown_parts(self.chosen), shown_parts(self.best)
        words = ("hand", "crib", "play")
        said = " ".join(f"{words[i]} {hundredths(best[i] - mine[i])}" for i in range(3))
        if self.chance is None:
            return said
        return said + f", {'games' if self.stakes else 'win'} {end_cost(self.chance, self.stakes)}"


def end_value(value: float, stakes: int) -> str:
    """A discard's value near the end as said: ``61.2%``, its chance of winning the game;
    in a series ``+0.42``, the game points it expects, won less lost."""
    if not stakes:
        return f"{value:.1%}"
    return f"{(2 * value - 1) * stakes:+.2f}"


def end_cost(cost: float, stakes: int) -> str:
    """What a discard gave up near the end, as said: ``1.2%`` of the chance of winning; in a
    series ``0.05`` game points."""
    if not stakes:
        return f"{cost:.1%}"
    return f"{2 * cost * stakes:.2f}"


def end_cost_words(cost: float, stakes: int, whose: str = "your") -> str:
    """``cost 1.2% of your chance of winning the game``, or in a series ``cost 0.05 of the
    game points expected``."""
    if not stakes:
        return f"cost {end_cost(cost, stakes)} of {whose} chance of winning the game"
    return f"cost {end_cost(cost, stakes)} of the game points expected"


def _skunks(stakes: int) -> str:
    return f"a skunk counts 2, a double skunk {stakes}"


def discard_cost(advice: Sequence[DiscardAdvice], chosen: Iterable[Card]) -> DiscardCost:
    """What the chosen discard cost against the best."""
    return DiscardCost(advice[0], _find(advice, chosen))


def cost_note(advice: Sequence[DiscardAdvice], chosen: Iterable[Card], name: Name = str) -> str:
    """The coach's line on a discard once the deal is over: ``your discard 9♦ K♣ cost 1.23
    points on average (0.50 in the hand, 0.90 in the crib, -0.17 in the play); 5♥ 5♣ was
    best.``"""
    cost = discard_cost(advice, chosen)
    mine = _cards(cost.chosen.discard, name)
    mine_shown, best_shown = shown_parts(cost.chosen), shown_parts(cost.best)
    if cost.is_best:
        return f"your discard {mine} was the best ({hundredths(mine_shown[3])} expected)."
    best = _cards(cost.best.discard, name)
    points = hundredths(best_shown[3] - mine_shown[3])
    if cost.chance is not None:
        return (
            f"your discard {mine} {end_cost_words(cost.chance, cost.stakes)} "
            f"(in points {points}: {cost.split()}); {best} was best."
        )
    return f"your discard {mine} cost {points} points on average ({cost.split()}); {best} was best."
