"""A finished game reviewed: every decision of a seat graded against the coach's best.

Each game's engine turns its record into a :class:`GameReview` (``patience/grading.py``,
``match/grading.py``, ``tiles/grading.py``) with the valuation its coach shows; this
module holds what the reviews share: the :class:`Decision` graded on a :class:`Scale`,
a seat's figures (:class:`SeatReview`: accuracy, points lost, the loss by kind, the
costliest moments) and the review as JSON, written for ``review --json`` and the history
and read back strictly, as any stored text is untrusted.

A decision's cost is what the choice gave up against the best choice, in the scale's
unit: points, or (near the end of a match, where the coach ranks by it) the chance of
winning. Its grade follows from the cost and the scale's stated thresholds:

>>> POINTS.grade(0.0), POINTS.grade(0.3), POINTS.grade(1.0), POINTS.grade(2.0)
(<Grade.BEST: 'best'>, <Grade.INACCURACY: 'inaccuracy'>, <Grade.MISTAKE: 'mistake'>, \
<Grade.BLUNDER: 'blunder'>)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from solitaire.core.rounding import apportion, to_hundredths
from solitaire.core.untrusted import Fields, RecordError

__all__ = [
    "CHANCE",
    "POINTS",
    "REVIEW_VERSION",
    "SCALES",
    "TILE_POINTS",
    "Decision",
    "GameReview",
    "Grade",
    "Progress",
    "Scale",
    "SeatReview",
    "review_from_json",
]

REVIEW_VERSION: Final = 1
MAX_SEATS: Final = 4
MAX_DECISIONS: Final = 2_000  # a seat's decisions in one stored review (a long series)
MAX_TEXT: Final = 400  # a decision's why, and its other words
MAX_COST: Final = 1_000.0


Progress = Callable[[int, int], None]
"""What a review calls as it goes, for a progress bar: decisions graded, and of how many."""


class Grade(StrEnum):
    """How a decision compares with the best one, from its cost."""

    BEST = "best"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


@dataclass(frozen=True, slots=True)
class Scale:
    """The thresholds that grade a cost in one unit.

    A cost up to ``tolerance`` is best (the choice ties the best, or is within what the
    coach's shown figures cannot tell apart); below ``mistake`` an inaccuracy; below
    ``blunder`` a mistake; from ``blunder`` on a blunder.
    """

    name: str
    unit: str
    tolerance: float
    mistake: float
    blunder: float

    def grade(self, cost: float) -> Grade:
        """The grade of a decision that cost ``cost`` in this scale's unit."""
        if cost <= self.tolerance:
            return Grade.BEST
        if cost < self.mistake:
            return Grade.INACCURACY
        if cost < self.blunder:
            return Grade.MISTAKE
        return Grade.BLUNDER

    def stated(self) -> str:
        """The thresholds in words, for ``--help`` and the docs."""

        def amount(value: float) -> str:
            if self.unit == "chance":
                return f"{value * 100:g}% of the chance of winning"
            return f"{value:g} points"

        return (
            f"best: within {amount(self.tolerance)} of the best; inaccuracy: under "
            f"{amount(self.mistake)}; mistake: under {amount(self.blunder)}; blunder: "
            f"{amount(self.blunder)} or more"
        )


POINTS: Final = Scale("points", "points", tolerance=0.05, mistake=0.5, blunder=1.5)
"""The patience's, the match's and the drill's points (a deal scores some 10 to 30)."""
CHANCE: Final = Scale("chance", "chance", tolerance=0.005, mistake=0.03, blunder=0.08)
"""The chance of winning a match near its end."""
TILE_POINTS: Final = Scale("tile points", "points", tolerance=0.5, mistake=4.0, blunder=10.0)
"""The tile game's points (a play scores some 10 to 40)."""
SCALES: Final[Mapping[str, Scale]] = {scale.name: scale for scale in (POINTS, CHANCE, TILE_POINTS)}


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one seat, graded.

    ``spot`` numbers the decision among all the game's decisions (every seat's), in the
    order played: the game replayed to its ``spot`` shows the position it was made in.
    ``deal`` is the deal, round or turn it belongs to (from 1), ``kind`` what kind of
    decision it was as the coach splits the loss ("discard as dealer", "lead", "reply",
    "play", "exchange", ...), ``where`` a short place for the eye ("deal 3, card 2").
    ``parts`` splits the cost further where the coach splits one decision's value (the
    patience's hand and crib, a tile play's score and leave): each part's name and the
    points it gave up (negative: gained), adding up to the cost; none, all of it is the
    decision's kind.
    """

    spot: int
    seat: int
    deal: int
    kind: str
    where: str
    chosen: str
    best: str
    cost: float
    scale: Scale
    why: str
    parts: tuple[tuple[str, float], ...] = ()

    @property
    def grade(self) -> Grade:
        """The decision's grade on its scale."""
        return self.scale.grade(self.cost)

    def to_json(self) -> dict[str, Any]:
        """The decision as ``review --json`` prints it and the history keeps it."""
        data: dict[str, Any] = {
            "spot": self.spot,
            "seat": self.seat,
            "deal": self.deal,
            "kind": self.kind,
            "where": self.where,
            "chosen": self.chosen,
            "best": self.best,
            "cost": self.cost,
            "unit": self.scale.unit,
            "scale": self.scale.name,
            "grade": self.grade.value,
            "why": self.why,
        }
        if self.parts:
            data["parts"] = dict(self.parts)
        return data


@dataclass(frozen=True, slots=True)
class SeatReview:
    """One seat's decisions in a game and the figures drawn from them."""

    seat: int
    name: str
    deals: int
    decisions: tuple[Decision, ...] = field(default=())

    @property
    def accuracy(self) -> float:
        """The share of the seat's decisions graded best (1.0 with none)."""
        if not self.decisions:
            return 1.0
        return sum(d.grade is Grade.BEST for d in self.decisions) / len(self.decisions)

    def _costs(self, unit: str) -> list[float]:
        return [d.cost for d in self.decisions if d.scale.unit == unit]

    @property
    def lost(self) -> float:
        """The points the seat's decisions gave up, in all (the sum of their costs)."""
        return math.fsum(self._costs("points"))

    @property
    def lost_chance(self) -> float:
        """The chance of winning its decisions gave up near the end (a share, 0 to 1)."""
        return math.fsum(self._costs("chance"))

    @property
    def lost_per_deal(self) -> float:
        """The points lost a deal (a round or turn in the patience and the tiles)."""
        return self.lost / self.deals if self.deals else 0.0

    def by_kind(self) -> dict[str, float]:
        """The points lost by kind of decision, in the order the kinds first came; a
        decision split into parts counts each under its own name."""
        kinds: dict[str, list[float]] = {}
        for decision in self.decisions:
            if decision.scale.unit == "points":
                for kind, cost in decision.parts or ((decision.kind, decision.cost),):
                    kinds.setdefault(kind, []).append(cost)
        return {kind: math.fsum(costs) for kind, costs in kinds.items()}

    def shown_by_kind(self) -> dict[str, int]:
        """The loss by kind in hundredths, adding up to the shown whole (its hundredths)."""
        split = self.by_kind()
        shown = apportion(list(split.values()), to_hundredths(self.lost))
        return dict(zip(split, shown, strict=True))

    def costliest(self, count: int = 3) -> tuple[Decision, ...]:
        """The ``count`` decisions that cost most (in points before chance; earliest first
        among equals), leaving out the best ones."""
        missed = [d for d in self.decisions if d.grade is not Grade.BEST]
        missed.sort(key=lambda d: (d.scale.unit != "points", -d.cost, d.spot))
        return tuple(missed[:count])

    def to_json(self) -> dict[str, Any]:
        """The seat as ``review --json`` prints it."""
        return {
            "seat": self.seat,
            "name": self.name,
            "deals": self.deals,
            "accuracy": self.accuracy,
            "lost": self.lost,
            "lost_per_deal": self.lost_per_deal,
            "lost_chance": self.lost_chance,
            "by_kind": self.by_kind(),
            "decisions": [d.to_json() for d in self.decisions],
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    """A finished game reviewed: its kind and the seats it was reviewed for."""

    game: str
    seats: tuple[SeatReview, ...]

    def decisions(self) -> list[Decision]:
        """Every seat's decisions, in the order played."""
        return sorted((d for seat in self.seats for d in seat.decisions), key=lambda d: d.spot)

    def to_json(self) -> dict[str, Any]:
        """``{"game": ..., "version": 1, "seats": [...]}``, as ``review --json`` prints it."""
        return {
            "game": self.game,
            "version": REVIEW_VERSION,
            "seats": [seat.to_json() for seat in self.seats],
        }


def review_from_json(data: object, where: str = "review") -> GameReview:
    """A review read back from its JSON (:meth:`GameReview.to_json`), strictly: a field of
    the wrong type or out of range is a :class:`RecordError` naming it. The figures a seat
    carries are recomputed from its decisions, not trusted."""
    top = Fields(data, where, required=("game", "version", "seats"))
    top.version("version", REVIEW_VERSION)
    game = top.text("game", 20, alphabet="abcdefghijklmnopqrstuvwxyz")
    seats: list[SeatReview] = []
    for seat_where, item in top.items("seats", 1, MAX_SEATS):
        seats.append(_seat(item, seat_where))
    return GameReview(game, tuple(seats))


_SEAT_FIELDS: Final = ("seat", "name", "deals", "decisions")
_SEAT_FIGURES: Final = ("accuracy", "lost", "lost_per_deal", "lost_chance", "by_kind")


def _seat(data: object, where: str) -> SeatReview:
    fields = Fields(data, where, required=_SEAT_FIELDS, optional=_SEAT_FIGURES)
    seat = fields.integer("seat", 0, MAX_SEATS - 1)
    decisions = tuple(
        _decision(item, item_where)
        for item_where, item in fields.items("decisions", 0, MAX_DECISIONS)
    )
    for decision in decisions:
        if decision.seat != seat:
            raise RecordError(f"{where}: a decision of seat {decision.seat} under seat {seat}")
    return SeatReview(
        seat=seat,
        name=_words(fields, "name", 40),
        deals=fields.integer("deals", 0, MAX_DECISIONS),
        decisions=decisions,
    )


_DECISION_FIELDS: Final = (
    "spot", "seat", "deal", "kind", "where", "chosen", "best", "cost", "unit", "scale", "why",
)  # fmt: skip


def _words(fields: Fields, name: str, max_len: int) -> str:
    """A text field of printable characters only: stored words reach the terminal."""
    text = fields.text(name, max_len)
    if not text.isprintable():
        raise RecordError(f"{fields.name(name)}: holds a character that is not printable")
    return text


def _decision(data: object, where: str) -> Decision:
    fields = Fields(data, where, required=_DECISION_FIELDS, optional=("grade", "parts"))
    scale_name = fields.text("scale", 20)
    scale = SCALES.get(scale_name)
    if scale is None:
        raise RecordError(f"{fields.name('scale')}: not a scale ({', '.join(SCALES)})")
    if fields.text("unit", 10) != scale.unit:
        raise RecordError(f"{fields.name('unit')}: the scale {scale.name} counts {scale.unit}")
    raw = fields.raw("cost")
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not 0 <= raw <= MAX_COST:
        raise RecordError(f"{fields.name('cost')}: expected a number from 0 to {MAX_COST:g}")
    cost = float(raw)
    return Decision(
        spot=fields.integer("spot", 0, 100 * MAX_DECISIONS),
        seat=fields.integer("seat", 0, MAX_SEATS - 1),
        deal=fields.integer("deal", 0, MAX_DECISIONS),
        kind=_words(fields, "kind", 40),
        where=_words(fields, "where", 80),
        chosen=_words(fields, "chosen", MAX_TEXT),
        best=_words(fields, "best", MAX_TEXT),
        cost=cost,
        scale=scale,
        why=_words(fields, "why", MAX_TEXT),
        parts=_parts(fields, cost) if fields.has("parts") else (),
    )


MAX_PARTS: Final = 8


def _parts(fields: Fields, cost: float) -> tuple[tuple[str, float], ...]:
    """A decision's cost split into parts: named, each a number, adding up to the cost."""
    data = fields.raw("parts")
    where = fields.name("parts")
    if not isinstance(data, dict) or not 0 < len(data) <= MAX_PARTS:
        raise RecordError(f"{where}: expected an object of 1 to {MAX_PARTS} parts")
    parts = []
    for name, value in data.items():
        if not (isinstance(name, str) and 0 < len(name) <= 40 and name.isprintable()):
            raise RecordError(f"{where}: a part's name is 1 to 40 printable characters")
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not -MAX_COST <= value <= MAX_COST
        ):
            raise RecordError(f"{where}: part {name!r}: expected a number within {MAX_COST:g}")
        parts.append((name, float(value)))
    if not math.isclose(math.fsum(v for _, v in parts), cost, abs_tol=1e-9):
        raise RecordError(f"{where}: the parts do not add up to the cost")
    return tuple(parts)
