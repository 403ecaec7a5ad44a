"""Cribbage Solitaire: cards, an exact scorer, the patience game, a discard advisor."""

from solitaire.engine.cards import (
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
from solitaire.engine.scoring import Kind, Score, ScoreItem, score_hand, score_total

__all__ = [
    "ALL_CARDS",
    "Card",
    "CardError",
    "Deck",
    "DuplicateCardError",
    "InvalidCardError",
    "Kind",
    "Rank",
    "Score",
    "ScoreItem",
    "Suit",
    "parse_cards",
    "score_hand",
    "score_total",
]

__version__ = "0.1.0"
