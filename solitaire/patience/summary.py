"""What the history keeps of a patience game beside its record, and the stats over it.

The store is game-agnostic: a row carries a small summary the game writes
(:func:`summary`) and checks when read (:data:`SHAPE`), so ``stats`` and
``history`` never replay a game. :func:`migrated` reads a row of an older history
(its record replayed and checked against its old columns).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from solitaire.core.dealcode import CODE_CHARACTERS, deal_code
from solitaire.core.errors import CribsolError
from solitaire.core.shapes import Float, Int, Obj, Opt, Text
from solitaire.core.untrusted import RecordError
from solitaire.patience.game import GREAT_LINE, SKUNK_LINE, Game
from solitaire.patience.record import game_record, load_record, replay

if TYPE_CHECKING:
    from solitaire.patience.coach import GameReview

__all__ = [
    "PATIENCE",
    "REVIEWED",
    "SHAPE",
    "PatienceRow",
    "Stats",
    "migrated",
    "patience_stats",
    "record_text",
    "recounted",
    "replayed",
    "summary",
]

PATIENCE: Final = "patience"
_SMALL: Final = 10**6
SHAPE: Final = Obj(
    {
        "deal_code": Text(64, f"[{CODE_CHARACTERS}]*"),
        "daily": Opt(Text(10, r"\d{4}-\d\d-\d\d")),
        "total": Int(0, 200),
        "rounds": Int(0, 6),
        "hints": Int(0, 6),
        "undos": Int(0, _SMALL),
        "efficiency": Opt(Float(-_SMALL, _SMALL)),
        "perfect_expected": Opt(Float(-_SMALL, _SMALL)),
        "hindsight_best": Opt(Int(0, 200)),
    }
)


@dataclass(frozen=True, slots=True)
class PatienceRow:
    """One stored patience game as the listings and stats read it (checked)."""

    id: int
    kind: str
    played_by: str  # "you", or the --auto strategy
    played_at: str  # when it was last played
    deal_code: str
    seed: int | None
    daily: str | None
    total: int
    finished: bool
    rounds: int  # rounds played
    hints: int
    efficiency: float | None
    perfect_expected: float | None
    hindsight_best: int | None
    undos: int = 0  # discards taken back
    checked: bool = True  # False: its digest could not be checked (see the store)


@dataclass(frozen=True, slots=True)
class Stats:
    """Summary of your finished games."""

    games: int
    mean: float
    best: int
    past_skunk: float
    reached_great: float
    mean_efficiency: float | None  # None when no game has a review
    recent: tuple[int, ...]  # totals of the latest games, oldest first
    recent_mean: float
    earlier_mean: float | None
    aided: int = 0  # games played with a hint or an undo
    unaided_mean: float | None = None  # mean total of the games without either
    aided_mean: float | None = None


def summary(game: Game, review: GameReview | None, daily: str | None) -> dict[str, Any]:
    """What a game's row keeps beside its record (the review once finished)."""
    return {
        "deal_code": deal_code(game.deck),
        "daily": daily,
        "total": game.total,
        "rounds": len(game.rounds),
        "hints": len(game.hints),
        "undos": len(game.undos),
        "efficiency": None if review is None else float(review.efficiency),
        "perfect_expected": None if review is None else float(review.perfect_expected),
        "hindsight_best": None if review is None else review.hindsight_best,
    }


def record_text(game: Game, daily: str | None) -> str:
    """The record a row keeps."""
    return json.dumps(game_record(game, daily=daily))


def replayed(text: str) -> tuple[Game, str | None]:
    """The game a stored record replays to, and its daily date; RecordError if it does not."""
    data = load_record(text)
    game = replay(data, allow_unfinished=True)
    daily = data.get("daily")
    return game, daily if isinstance(daily, str) else None


REVIEWED: Final = ("efficiency", "perfect_expected", "hindsight_best")


def recounted(text: str) -> tuple[int | None, bool, dict[str, Any]]:
    """What a stored record gives of its row: its seed, finished flag and summary (with the
    review, once finished); a RecordError if it does not replay."""
    from solitaire.patience.coach import review_game  # the discard values: loaded when used

    game, daily = replayed(text)
    review = review_game(game) if game.is_over else None
    return game.seed, game.is_over, summary(game, review, daily)


def migrated(text: str, old: Mapping[str, Any]) -> tuple[int | None, bool, dict[str, Any]]:
    """A row of an older history (or the first version's saved game, ``old`` empty): its
    seed, finished flag and summary, its record replayed and its old columns checked. The
    review (efficiency, perfect and hindsight) is recomputed from the record, never copied,
    for a game whose old row had one."""
    game, daily = replayed(text)
    fields = summary(game, None, daily)
    if old:
        recorded = load_record(text).get("deal_code")
        # the first version wrote deal codes of its own form: its record's own is accepted
        if old["deal_code"] not in (fields["deal_code"], recorded):
            raise RecordError("its deal_code is not its record's")
        if old["daily"] is not None and old["daily"] != daily:
            raise RecordError("its daily is not its record's")
        for name in ("total", "hints"):
            if old[name] != fields[name]:
                raise RecordError(f"its {name} is not its record's")
        if game.is_over and any(old[name] is not None for name in REVIEWED):
            from solitaire.patience.coach import review_game

            fields.update(summary(game, review_game(game), daily))
        fields["daily"] = old["daily"] if old["daily"] is not None else daily
        why = SHAPE.why(fields)
        if why is not None:
            raise CribsolError(why)
    return game.seed, game.is_over, fields


def patience_row(
    game_id: int,
    played_by: str,
    played_at: str,
    seed: int | None,
    finished: bool,
    fields: Mapping[str, Any],
    checked: bool = True,
) -> PatienceRow:
    """A checked row (its summary fits :data:`SHAPE`) as the listings read it."""
    return PatienceRow(
        id=game_id,
        kind=PATIENCE,
        played_by=played_by,
        played_at=played_at,
        deal_code=fields["deal_code"],
        seed=seed,
        daily=fields["daily"],
        total=fields["total"],
        finished=finished,
        rounds=fields["rounds"],
        hints=fields["hints"],
        efficiency=fields["efficiency"],
        perfect_expected=fields["perfect_expected"],
        hindsight_best=fields["hindsight_best"],
        undos=fields["undos"],
        checked=checked,
    )


def patience_stats(rows: Sequence[PatienceRow], recent: int = 10) -> Stats | None:
    """Summary of your finished games (rows newest first), or None when there are none."""
    rows = [r for r in reversed(rows) if r.finished and r.played_by == "you"]
    if not rows:
        return None
    totals = [r.total for r in rows]
    effs = [r.efficiency for r in rows if r.efficiency is not None]
    latest = totals[-recent:]
    earlier = totals[-2 * recent : -recent]
    n = len(totals)
    aided = [r.total for r in rows if r.hints or r.undos]
    unaided = [r.total for r in rows if not (r.hints or r.undos)]
    return Stats(
        games=n,
        mean=sum(totals) / n,
        best=max(totals),
        past_skunk=sum(t > SKUNK_LINE for t in totals) / n,
        reached_great=sum(t >= GREAT_LINE for t in totals) / n,
        mean_efficiency=sum(effs) / len(effs) if effs else None,
        recent=tuple(latest),
        recent_mean=sum(latest) / len(latest),
        earlier_mean=sum(earlier) / len(earlier) if earlier else None,
        aided=len(aided),
        unaided_mean=sum(unaided) / len(unaided) if unaided else None,
        aided_mean=sum(aided) / len(aided) if aided else None,
    )
