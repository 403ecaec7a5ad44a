"""Cribbage Solitaire: cards, an exact scorer, the patience game, a discard advisor.

>>> import solitaire
>>> solitaire.score_hand("5H 5C 5S JD", "5D").total
29
>>> best = solitaire.advise("5H 5C 5S JD 4C 9S")[0]
>>> [str(card) for card in best.discard]
['4C', '9S']
"""

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

__version__ = "0.1.0"
