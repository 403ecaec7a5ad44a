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


def sample_history(history: History, games: int = 300) -> None:
    """The history the "Getting better" page's screen was drawn from: ``games`` finished
    games of every kind, seeded, every one reviewed, a player getting better over them."""
    import datetime as dt
    import random

    rng = random.Random(1)
    start = dt.datetime(2026, 9, 1, 20, 0)
    for i in range(games):
        kind = rng.choice(["patience", "match", "match", "drill", "tiles"])
        skill = min(1, i / games)
        deals = {"patience": 6, "match": 9, "drill": 4, "tiles": 12}[kind]
        costs = [
            0.0
            if rng.random() < 0.6 + 0.3 * skill
            else round(rng.expovariate(1 / (1.5 - skill)), 2)
            for _ in range(2 * deals)
        ]
        when = (start + dt.timedelta(hours=7 * i)).isoformat(timespec="seconds")
        efficiency = 0.85 + 0.1 * skill + rng.uniform(-0.05, 0.05) if kind == "patience" else None
        add_game(
            history,
            kind,
            review_of(kind, seats_of(kind, deals, costs)),
            played_at=when,
            efficiency=min(efficiency, 1.0) if efficiency else None,
        )
