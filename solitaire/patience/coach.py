"""Coaching: each round's discard beside the best one, and a whole game's review.

A discard changes only its own round's score and every round's cards are the
same whatever was discarded before, so a game can be reviewed after the fact:
each round's position is rebuilt from the cards dealt before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.patience.advisor import (
    DiscardOption,
    Hindsight,
    Position,
    advise_position,
    hindsight,
)
from solitaire.patience.game import GREAT_LINE, SKUNK_LINE, Game, RoundResult

__all__ = ["GameReview", "RoundReview", "position_before", "review_game", "review_round"]


@dataclass(frozen=True, slots=True)
class RoundReview:
    """A played round judged: the player's discard, the best one, and what each scored."""

    number: int
    options: tuple[DiscardOption, ...]
    actual: tuple[Hindsight, ...]
    chosen: tuple[Card, Card]

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
    return RoundReview(number, options, actual, result.discard)


def review_game(game: Game) -> GameReview:
    """Judge every round of a finished game."""
    if game.final is None:
        raise ValueError("only a finished game can be reviewed")
    rounds = tuple(review_round(game, n) for n in range(1, len(game.rounds) + 1))
    return GameReview(game.total, game.final.points, rounds)
