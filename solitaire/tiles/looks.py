"""How wide the tile expert's one-turn look should be: looks named, and the play each
picks judged on racks of its own.

A look is ``W`` plays looked at (by score and leave) over ``S`` racks the opponent may
hold, and with a third figure ``A`` above 0 a look over distinct plays, ``A`` placings of
each (:attr:`Expert.arrangements`). :func:`judge` takes each look's pick in a position
and values it on racks dealt apart from the look's own (:func:`fresh_racks`): a look that
picks its play by noise in its own racks gains nothing there. It also times each look
from cold caches, whole and as the players make it (:meth:`Expert.best`).
``scripts/bench/bench_look.py`` runs it over self-play games.

>>> parse_look("16x16a4"), parse_look("64x16"), parse_look("8")
((16, 16, 4), (64, 16, 0), (8, 16, 0))
>>> named((16, 16, 4)), named((64, 16, 0))
('16x16a4', '64x16')
"""

from __future__ import annotations

import time
from typing import Final, TypeAlias

from solitaire.core.errors import InputError
from solitaire.tiles import movegen
from solitaire.tiles.game import PlayerView
from solitaire.tiles.planner import SAMPLES
from solitaire.tiles.players import Appraisal, Expert, best_replies, reply_cost, sample_racks
from solitaire.tiles.tiles import Tile

__all__ = ["Look", "fresh_racks", "judge", "named", "parse_look"]

FRESH_SALT: Final = 104_729  # racks dealt apart from every look's own

Look: TypeAlias = tuple[int, int, int]
"""A look: the plays looked at, the racks each is looked at over, and with a third figure
above 0 the placings of each distinct play (the plays then counted as distinct plays:
:attr:`Expert.arrangements`)."""


def fresh_racks(view: PlayerView, count: int) -> list[tuple[Tile, ...]]:
    """``count`` racks the opponent may hold, dealt apart from the look's own."""
    return sample_racks(view, count, salt=FRESH_SALT)


def _cold() -> None:
    """Empty the move generator's caches, as a decision's look finds them."""
    movegen._SPANS.clear()
    movegen._sorted_groups.cache_clear()


def judge(
    view: PlayerView, appraised: list[Appraisal], looks: dict[Look, Expert], fresh: int
) -> tuple[dict[Look, Appraisal], dict[Look, tuple[float, float, bool]], dict[int, float]]:
    """Each look's pick in one position; the CPU seconds its look at every play took,
    those of the bounded look, and whether that picked alike; and each pick's total on
    ``fresh`` racks apart from the look's: score and leave less the mean reply (keyed by
    the play's place in the generator's order)."""
    picks: dict[Look, Appraisal] = {}
    seconds: dict[Look, tuple[float, float, bool]] = {}
    for width, look in looks.items():
        _cold()
        start = time.process_time()
        picks[width] = look.pick(look.look_ahead(view, appraised))
        whole = time.process_time() - start
        _cold()
        start = time.process_time()
        bounded = look.best(view, appraised)
        seconds[width] = (whole, time.process_time() - start, bounded == picks[width])
    racks = fresh_racks(view, fresh)
    before = best_replies(view, racks)
    totals: dict[int, float] = {}
    for pick in picks.values():
        if pick.order not in totals:
            risk = reply_cost(view, pick.play, racks, before, leave=pick.leave)
            totals[pick.order] = pick.value - risk
    return picks, seconds, totals


def parse_look(text: str) -> Look:
    """``W`` (W plays over the planner's racks), ``WxS`` (over S racks) or ``WxSaA`` (W
    distinct plays, A placings of each, over S racks), each at least 1."""
    width, by, rest = text.partition("x")
    samples, has, placings = rest.partition("a")
    try:
        look = (int(width), int(samples) if by else SAMPLES, int(placings) if has else 0)
    except ValueError:
        raise InputError(f"a look is W, WxS or WxSaA, not {text!r}") from None
    if min(look[:2]) < 1 or (has and look[2] < 1):
        raise InputError(f"a look's figures are at least 1: {text!r}")
    return look


def named(look: Look) -> str:
    """``64x16``, or ``16x16a4`` for 16 distinct plays, 4 placings of each."""
    return f"{look[0]}x{look[1]}" + (f"a{look[2]}" if look[2] else "")
