"""Histories of reviewed games for the progress tests: real finished games of each kind
stored as rows, each given a review built to hold the figures a test asks for."""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass

from solitaire.core.review import POINTS, TILE_POINTS, Decision, GameReview, SeatReview
from solitaire.store import History, Summary
from solitaire.ui.kinds import KINDS
from tests.record_samples import MAKERS

SAMPLE = {"patience": "patience", "match": "match", "drill": "drill", "tiles": "tiles-joker"}


@dataclass(frozen=True)
class Seat:
    """A seat's figures to build a review for: its deals, and its decisions' costs (a cost
    of 0 is a best decision)."""

    seat: int
    deals: int
    costs: Sequence[float]


@functools.cache
def _sample(kind: str) -> tuple[str, Summary]:
    record = json.dumps(MAKERS[SAMPLE[kind]]())
    summary = KINDS[kind].migrate(record, {})
    assert summary.finished
    return record, summary


def review_of(kind: str, seats: Sequence[Seat], names: Sequence[str] = ()) -> GameReview:
    """A review of ``kind`` whose seats hold these decisions (one a deal, round robin)."""
    scale = TILE_POINTS if kind == "tiles" else POINTS
    built = []
    spot = 0
    for index, seat in enumerate(seats):
        decisions = []
        for number, cost in enumerate(seat.costs):
            deal = number % max(seat.deals, 1) + 1
            decisions.append(
                Decision(spot, seat.seat, deal, "play", f"deal {deal}", "a", "b", cost, scale, "")
            )
            spot += 1
        name = names[index] if index < len(names) else ("you" if seat.seat == 0 else "expert")
        built.append(SeatReview(seat.seat, name, seat.deals, tuple(decisions)))
    return GameReview(kind, tuple(built))


def add_game(
    history: History,
    kind: str,
    review: GameReview | None = None,
    *,
    played_at: str | None = None,
    efficiency: float | None = None,
    played_by: str = "you",
    names: Sequence[str] | None = None,
) -> int:
    """A finished game of ``kind`` stored (its time set when given), with its review kept."""
    record, summary = _sample(kind)
    if kind == "patience":
        summary = Summary(summary.seed, True, {**summary.fields, "efficiency": efficiency})
    if names is not None:  # a tile game's seats named otherwise (its record is not read)
        summary = Summary(summary.seed, True, {**summary.fields, "names": list(names)})
    game_id = history.add(kind, record, summary, played_by=played_by)
    if played_at is not None:
        assert history._conn is not None  # the time is not signed: it changes alone
        history._conn.execute("UPDATE games SET played_at = ? WHERE id = ?", (played_at, game_id))
    if review is not None:
        history.keep_review(game_id, kind, review.to_json())
    return game_id


def seats_of(kind: str, deals: int, costs: Sequence[float]) -> list[Seat]:
    """The player's seat(s) of a sample game of ``kind`` holding these costs, beside a
    computer's seat that never errs (so a test sees which seat is read)."""
    other = [Seat(1, deals, [5.0] * len(costs))]  # the computer's: never the player's
    return [Seat(0, deals, costs), *other]
