"""A finished patience game graded: each round's discard against the coach's best.

The valuation is the coach's own (:mod:`solitaire.patience.coach`): the 15 discards'
exact expected totals for the position a player who watched every card is in (what
``?``, ``a``, ``advise`` and the rounds table show), and what a discard gave up is the
best's expected total less the player's, each as those tables write it, in hundredths
(:func:`~solitaire.patience.coach.shown_given_up`). So a round's cost is the "given up"
the coach shows for it, the seat's points lost are the sum the end of the game shows,
and a game played by ``best`` loses nothing. The cost is split, as the coach splits it,
into the hand and the crib (the heels are the same for every discard); the why is the
coach's own sentences.

Reviewing is two steps, so that practice can deal one position again:
:func:`decision_points` lists each round's position and the discard made in it, and
:func:`grade` scores one discard in one position.

>>> from solitaire.patience.game import Game
>>> from solitaire.patience.record import game_record
>>> from solitaire.patience.advisor import advise_position, position_of
>>> game = Game.from_seed(3)
>>> while not game.is_over:
...     _ = game.discard(advise_position(position_of(game))[0].discard)
>>> seat = review_game(game_record(game)).seats[0]
>>> seat.lost, seat.accuracy, len(seat.decisions)
(0.0, 1.0, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from solitaire.core.cards import Card
from solitaire.core.errors import IllegalMoveError
from solitaire.core.review import POINTS, Decision, GameReview, SeatReview
from solitaire.core.rounding import hundredths
from solitaire.patience.advisor import DiscardOption, Position, advise_position
from solitaire.patience.coach import Reason, hint_reasons, position_before, shown_parts
from solitaire.patience.game import Game
from solitaire.patience.record import GAME, replay

__all__ = [
    "KIND",
    "PLAYER",
    "DiscardPoint",
    "decision_points",
    "grade",
    "review_game",
    "review_played",
]

KIND: Final = "discard"
PLAYER: Final = "player"  # the seat's name: a record does not say who played it
_WHY: Final = 400  # the most a decision's why holds (the review's own limit)


@dataclass(frozen=True, slots=True)
class DiscardPoint:
    """One decision of a game: the round (from 1), the position the discard was made in
    (the six shown, the cards unseen by a player who watched every card, the starter when
    known) and the two cards discarded."""

    round: int
    position: Position
    chosen: tuple[Card, Card]

    @property
    def spot(self) -> int:
        """The decision's place among the game's decisions (from 0)."""
        return self.round - 1


def decision_points(game: Game) -> list[DiscardPoint]:
    """Each discard of a game that stood (one taken back is not a decision), in order."""
    points = []
    for number, result in enumerate(game.rounds, start=1):
        position = position_before(game.rounds[: number - 1], result.shown, result.starter)
        points.append(DiscardPoint(number, position, result.discard))
    return points


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(card.symbol(True) for card in cards)


def _said(option: DiscardOption) -> str:
    """A discard and its expected total as the tables write it: ``4C 9S: 20.81 expected``."""
    return f"{_cards(option.discard)}: {hundredths(shown_parts(option)[3])} expected"


def grade(
    position: Position, chosen: Iterable[Card], *, number: int = 1, spot: int | None = None
) -> Decision:
    """The discard ``chosen`` in ``position`` (round ``number``) graded as the coach grades
    it: its cost is the expected points it gave up as shown (the best's total less its
    own, in hundredths), split into hand and crib; the why is the coach's (why the best
    beats it, or the next best when it is the best)."""
    options = advise_position(position)
    wanted = frozenset(chosen)
    mine = next((o for o in options if frozenset(o.discard) == wanted), None)
    if mine is None:
        raise IllegalMoveError(
            f"{_cards(sorted(wanted))} is not a discard of {_cards(position.six)}"
        )
    best = options[0]
    ours, theirs = shown_parts(best), shown_parts(mine)
    given_up = ours[3] - theirs[3]
    parts: tuple[tuple[str, float], ...] = ()
    if given_up:
        hand, crib = ours[0] - theirs[0], ours[1] - theirs[1]
        parts = (("hand", hand / 100), ("crib", crib / 100))
    return Decision(
        spot=number - 1 if spot is None else spot,
        seat=0,
        deal=number,
        kind=KIND,
        where=f"round {number}",
        chosen=_said(mine),
        best=_said(best) if given_up else _said(mine),
        cost=given_up / 100,
        scale=POINTS,
        why=_why(hint_reasons(options, position, mine.discard)),
        parts=parts,
    )


def _why(reasons: Iterable[Reason]) -> str:
    """The coach's sentences, as many whole ones as the review keeps."""
    said = ""
    for reason in reasons:
        sentence = reason.text() + "."
        joined = f"{said} {sentence}" if said else sentence
        if len(joined) > _WHY:
            break
        said = joined
    return said


def review_played(game: Game, progress: Callable[[int, int], None] | None = None) -> GameReview:
    """A finished game's review: every round's discard graded (:func:`grade`)."""
    points = decision_points(game)
    decisions = []
    for done, point in enumerate(points, start=1):
        decisions.append(grade(point.position, point.chosen, number=point.round))
        if progress is not None:
            progress(done, len(points))
    return GameReview(GAME, (SeatReview(0, PLAYER, len(game.rounds), tuple(decisions)),))


def review_game(
    data: Mapping[str, Any], *, progress: Callable[[int, int], None] | None = None
) -> GameReview:
    """The review of a finished game's record (:func:`~solitaire.patience.record.load_record`),
    replayed and checked first: a damaged record is the record's own
    :class:`~solitaire.core.untrusted.RecordError`. ``progress(done, total)`` is called
    after each decision."""
    return review_played(replay(data), progress)
