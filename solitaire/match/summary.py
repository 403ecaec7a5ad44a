"""What the history keeps of a match and of a drill beside their records.

A row's summary (:func:`match_summary`, :func:`drill_summary`) holds what ``stats``
and ``history`` show, so neither replays a game; the store checks it when read
against :data:`MATCH_SHAPE` or :data:`DRILL_SHAPE`. :func:`match_from_record` and
:func:`drill_from_record` read a row of an older history (its record replayed).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from solitaire.core.shapes import Arr, Bool, Int, Obj, Opt, Text
from solitaire.match.levels import MAX_HANDS
from solitaire.match.stats import ROLES, MatchStats, RoleTotals, combined, match_stats
from solitaire.match.tally import DrillTally

if TYPE_CHECKING:
    from solitaire.match.drill import Drill
    from solitaire.match.game import Match

__all__ = [
    "DRILL_SHAPE",
    "MATCH_SHAPE",
    "drill_from_record",
    "drill_summary",
    "drill_tally_of",
    "match_from_record",
    "match_summary",
    "stats_by_level",
]

_BIG: Final = 10**7
_NAME: Final = r"[a-z][a-z0-9-]{0,23}"
_ROLE: Final = Obj({n: Int(0, _BIG) for n in ("deals", "pegged", "hand", "crib")})
_STATS: Final = Obj(
    {
        **{f.name: Int(0, _BIG) for f in dataclasses.fields(MatchStats) if f.name != "roles"},
        "roles": Obj({role: _ROLE for role in ROLES}),
    }
)
MATCH_SHAPE: Final = Obj(
    {
        "opponent": Text(24, _NAME),
        "games": Int(1, 1000),
        "game_number": Int(1, 1000),
        "scores": Arr(Int(0, 200), 2, 2),
        "match_points": Arr(Int(0, 4000), 2, 2),
        "winner": Opt(Int(0, 1)),
        "counting": Bool(),
        "muggins": Bool(),
        "deals": Int(0, _BIG),
        "stats": _STATS,
    }
)
DRILL_SHAPE: Final = Obj(
    {
        "opponent": Text(24, _NAME),
        "hands": Int(1, MAX_HANDS),
        "played": Int(0, MAX_HANDS),
        "graded": Int(0, 4 * MAX_HANDS),
        "best": Int(0, 4 * MAX_HANDS),
        # the exact sum of the graded cards' losses: its denominator grows with the cards
        "loss": Text(2001, r"(0|[1-9][0-9]{0,999})(/[1-9][0-9]{0,999})?"),
    }
)


def match_summary(match: Match, opponent: str) -> dict[str, Any]:
    """What a match's row keeps: where it stands, and your results in it (seat 0)."""
    stats = dataclasses.asdict(match_stats([match]))
    return {
        "opponent": opponent,
        "games": match.games,
        "game_number": match.game_number,
        "scores": list(match.scores),
        "match_points": list(match.match_points),
        "winner": match.winner if match.is_over else None,
        "counting": bool(match.counting),
        "muggins": match.muggins,
        "deals": sum(len(game.deals) for game in match.played),
        "stats": stats,
    }


def match_from_record(text: str) -> tuple[int, bool, dict[str, Any]]:
    """A match row of an older history: its seed, finished flag and summary."""
    from solitaire.match.record import load_match_record, replay_match  # replaying: heavier

    data = load_match_record(text)
    match = replay_match(data, allow_unfinished=True)
    return match.seed, match.is_over, match_summary(match, str(data["players"][1]))


def stats_of(summary: Mapping[str, Any]) -> MatchStats:
    """Your results in one match, from its checked summary."""
    fields = dict(summary["stats"])
    stored = fields.pop("roles")
    roles = {role: RoleTotals(**stored[role]) for role in ROLES}
    return MatchStats(**fields, roles=roles)


def stats_by_level(summaries: Iterable[Mapping[str, Any]]) -> dict[str, MatchStats]:
    """Your results over finished matches, level by level (in the order first met)."""
    levels: dict[str, list[MatchStats]] = {}
    for summary in summaries:
        levels.setdefault(summary["opponent"], []).append(stats_of(summary))
    return {level: combined(parts) for level, parts in levels.items()}


def drill_summary(drill: Drill) -> dict[str, Any]:
    """What a drill's row keeps: its hands, and your graded cards."""
    loss = sum((g.loss for g in drill.grades), Fraction(0))
    return {
        "opponent": drill.opponent,
        "hands": drill.hands,
        "played": drill.number,
        "graded": len(drill.grades),
        "best": sum(g.is_best for g in drill.grades),
        "loss": str(loss),
    }


def drill_from_record(text: str) -> tuple[int, bool, dict[str, Any]]:
    """A drill row of an older history: its seed, finished flag and summary."""
    from solitaire.match.drill import load_drill_record, replay_drill  # the search: heavy

    drill = replay_drill(load_drill_record(text), allow_unfinished=True)
    return drill.seed, drill.is_over, drill_summary(drill)


def drill_tally_of(summary: Mapping[str, Any]) -> DrillTally:
    """One drill's graded cards, from its checked summary."""
    return DrillTally(
        1, summary["played"], summary["graded"], summary["best"], Fraction(summary["loss"])
    )
