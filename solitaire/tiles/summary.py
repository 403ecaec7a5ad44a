"""What the history keeps of a tile game beside its record, and the stats over it.

A row's summary (:func:`tile_summary`) holds the seats, the rules played (the
Servant, the Joker, the Solitaire), the scores, the winners by name and the
people's results (bonuses, best move, Joker calls and missed points), so ``stats``
and ``history`` never replay a game; the store checks it against :data:`SHAPE`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from solitaire.core.shapes import Arr, Bool, Int, Obj, Opt, Text
from solitaire.tiles.game import TileGame
from solitaire.tiles.players import PLAYERS
from solitaire.tiles.record import load_record, replay
from solitaire.tiles.scoring import BonusKind
from solitaire.tiles.stats import TileStats, tile_stats

__all__ = ["SHAPE", "rules_of", "tile_from_record", "tile_stats_of", "tile_summary"]

_BIG: Final = 10**7
_COUNTS: Final = ("games", "solitaires", "against_computer", "wins", "scores", "total")
_PEOPLE: Final = ("joker_calls", "joker_points", "missed")
SHAPE: Final = Obj(
    {
        "names": Arr(Text(24), 1, 4),
        "rules": Text(40, r"(plain|solitaire|joker)(, the Servant)?"),
        "scores": Arr(Int(-_BIG, _BIG), 1, 4),
        "winners": Opt(Arr(Int(0, 3), 1, 4)),
        "turns": Int(0, _BIG),
        "over": Bool(),
        "stats": Obj(
            {
                **{name: Int(-_BIG, _BIG) for name in (*_COUNTS, *_PEOPLE)},
                "best_move": Int(0, _BIG),
                "bonuses": Obj({kind.value: Int(0, _BIG) for kind in BonusKind}),
                "winners": Arr(Text(24), 0, 4),
            }
        ),
    }
)


def rules_of(game: TileGame, servant: bool) -> str:
    """The rules played, as the history says them."""
    rules = "solitaire" if game.solitaire else "joker" if game.joker else "plain"
    return rules + (", the Servant" if servant else "")


def tile_summary(game: TileGame, names: Sequence[str], servant: bool) -> dict[str, Any]:
    """What a tile game's row keeps: seats, rules, scores, winners, the people's results."""
    stats = tile_stats([(game, names)])
    people = _people(names)
    over = game.is_over
    return {
        "names": list(names),
        "rules": rules_of(game, servant),
        "scores": list(game.returns()),
        "winners": list(game.winners()) if over else None,
        "turns": len(game.turns),
        "over": over,
        "stats": {
            **{name: getattr(stats, name) for name in _COUNTS},
            "best_move": stats.best_move,
            "bonuses": dict(stats.bonuses),
            "winners": [names[s] for s in game.winners() if s in people] if over else [],
            **_joker(game, people),
        },
    }


def _people(names: Sequence[str]) -> list[int]:
    return [seat for seat, name in enumerate(names) if name not in PLAYERS]


def _joker(game: TileGame, people: Sequence[int]) -> dict[str, int]:
    """The people's Joker calls (how many, the points they won net) and points they missed."""
    calls = [c for c in (*game.calls.values(), *game.early) if c.caller in people]
    missed = sum(t.missed for t in game.turns if t.player in people and t.claim is not None)
    return {
        "joker_calls": len(calls),
        "joker_points": sum(c.points for c in calls),
        "missed": missed,
    }


def tile_from_record(text: str) -> tuple[int, bool, dict[str, Any]]:
    """A tile row of an older history: its seed, finished flag and summary."""
    data = load_record(text)
    game = replay(data, allow_unfinished=True)
    names = [str(n) for n in data["players"]]
    return game.seed, game.is_over, tile_summary(game, names, data.get("servant") == 1)


def tile_stats_of(summaries: Iterable[Mapping[str, Any]]) -> TileStats:
    """The people's results over finished games, from their checked summaries; games of
    computers alone are counted, and nothing else of them."""
    total = TileStats()
    for summary in summaries:
        if not _people(summary["names"]):
            total.computers_only += 1
            continue
        part = summary["stats"]
        total.jokers += summary["rules"].startswith("joker")
        for name in (*_COUNTS, *_PEOPLE):
            setattr(total, name, getattr(total, name) + part[name])
        total.best_move = max(total.best_move, part["best_move"])
        for kind, count in part["bonuses"].items():
            total.bonuses[kind] += count
        if not summary["rules"].startswith("solitaire"):  # a colour is not a person
            for name in part["winners"]:
                total.winners[name] = total.winners.get(name, 0) + 1
    return total
