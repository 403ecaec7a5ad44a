"""A match as its record writes it (:meth:`~solitaire.match.game.Match.record`); the
record is read back, every card and count checked, by :mod:`solitaire.match.record`.

``solitaire.match.game`` imports every name here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from solitaire.core.cards import Card
from solitaire.match.deal import Deal, GamePlay
from solitaire.match.events import Counted, GameResult, GoPoint, Laid, SaidGo

__all__ = [
    "GAME_NAME",
    "RECORD_VERSION",
    "deal_record",
    "game_record",
    "record_cards",
    "result_record",
]

GAME_NAME: Final = "match"
RECORD_VERSION: Final = 1
_SKUNKS: Final = ("none", "skunk", "double skunk")


def record_cards(cards: Sequence[Card]) -> list[str]:
    """Cards as a record writes them: ``["5H", "JD"]``."""
    return [str(c) for c in cards]


def _counted_record(counted: Counted) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "player": counted.player,
        "counts": counted.label,
        "cards": record_cards(counted.score.hand),
        "points": counted.score.total,
    }
    if counted.claimed is not None:
        entry["claimed"] = counted.claimed
    if counted.taken:
        entry["muggins"] = {"player": 1 - counted.player, "points": counted.taken}
    return entry


def deal_record(deal: Deal) -> dict[str, Any]:
    """One deal as the record holds it: the cards, the discards, the play, the show."""
    play: list[dict[str, Any]] = []
    for event in deal.events:
        if isinstance(event, Laid):
            play.append(
                {"player": event.player, "lay": str(event.card), "count": event.count}
                | {"points": event.points}
            )
        elif isinstance(event, SaidGo):
            play.append({"player": event.player, "go": True})
        elif isinstance(event, GoPoint):
            play.append({"player": event.player, "point": event.item.kind.value, "points": 1})
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "hands": [record_cards(deal.hands[0]), record_cards(deal.hands[1])],
        "discards": [None if d is None else record_cards(d) for d in deal.discards],
        "starter": str(deal.starter) if deal.turned else None,
        "heels": deal.heels,
        "play": play,
        "show": [_counted_record(c) for c in deal.show],
        "scores": list(deal.scores or (0, 0)),
    }


def result_record(result: GameResult | None) -> dict[str, Any] | None:
    """A game's result as the record holds it (None for a game not over)."""
    if result is None:
        return None
    return {
        "winner": result.winner,
        "scores": list(result.scores),
        "game_points": result.game_points,
        "skunk": _SKUNKS[result.skunk],
    }


def game_record(game: GamePlay, result: GameResult | None) -> dict[str, Any]:
    """One game as the record holds it: its cuts, first dealer, deals and result."""
    return {
        "number": game.number,
        "cuts": [record_cards(pair) for pair in game.cuts],
        "first_dealer": game.first_dealer,
        "deals": [deal_record(deal) for deal in game.deals],
        "result": result_record(result),
    }
