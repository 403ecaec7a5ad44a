"""Cribbage Solitaire: cards, an exact scorer, the patience game, a discard advisor.

>>> import solitaire
>>> solitaire.score_hand("5H 5C 5S JD", "5D").total
29
>>> best = solitaire.advise("5H 5C 5S JD 4C 9S")[0]
>>> [str(card) for card in best.discard]
['4C', '9S']
"""

from __future__ import annotations

import importlib

# typing's own flag would load typing, which --help and --version otherwise skip
TYPE_CHECKING = False
if TYPE_CHECKING:  # the names below are imported on first use (start-up stays light)
    from typing import Any

    from solitaire.core.cards import (
        ALL_CARDS,
        Card,
        CardError,
        Deck,
        DuplicateCardError,
        InvalidCardError,
        Rank,
        Suit,
        parse_cards,
    )
    from solitaire.core.dealcode import deal_code, decode_deal
    from solitaire.core.scoring import Kind, Score, ScoreItem, score_hand, score_total
    from solitaire.patience.advisor import DiscardOption, Hindsight, advise, hindsight
    from solitaire.patience.game import Game, IllegalDiscardError, RoundResult
    from solitaire.patience.record import RecordError, game_record, replay
    from solitaire.patience.simulation import simulate

_HOMES: dict[str, str] = {
    **dict.fromkeys(
        (
            "ALL_CARDS",
            "Card",
            "CardError",
            "Deck",
            "DuplicateCardError",
            "InvalidCardError",
            "Rank",
            "Suit",
            "parse_cards",
        ),
        "solitaire.core.cards",
    ),
    **dict.fromkeys(("deal_code", "decode_deal"), "solitaire.core.dealcode"),
    **dict.fromkeys(
        ("Kind", "Score", "ScoreItem", "score_hand", "score_total"), "solitaire.core.scoring"
    ),
    **dict.fromkeys(
        ("DiscardOption", "Hindsight", "advise", "hindsight"), "solitaire.patience.advisor"
    ),
    **dict.fromkeys(("Game", "IllegalDiscardError", "RoundResult"), "solitaire.patience.game"),
    **dict.fromkeys(("RecordError", "game_record", "replay"), "solitaire.patience.record"),
    "simulate": "solitaire.patience.simulation",
}

__all__ = [
    "ALL_CARDS",
    "Card",
    "CardError",
    "Deck",
    "DiscardOption",
    "DuplicateCardError",
    "Game",
    "Hindsight",
    "IllegalDiscardError",
    "InvalidCardError",
    "Kind",
    "Rank",
    "RecordError",
    "RoundResult",
    "Score",
    "ScoreItem",
    "Suit",
    "advise",
    "deal_code",
    "decode_deal",
    "game_record",
    "hindsight",
    "parse_cards",
    "replay",
    "score_hand",
    "score_total",
    "simulate",
]


def __getattr__(name: str) -> Any:
    """The public names, each imported from its home module when first asked for."""
    if name == "__version__":
        from solitaire.version import version

        return version()
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'solitaire' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES, "__version__"])
