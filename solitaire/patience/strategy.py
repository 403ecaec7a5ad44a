"""Discard strategies for games played without a person.

A strategy takes a game at a discard and returns the two cards to discard.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from solitaire.core.cards import Card
from solitaire.patience.advisor import best_discard, position_of
from solitaire.patience.game import Game

__all__ = ["STRATEGIES", "Strategy", "make_strategy", "play_out"]

Strategy = Callable[[Game], tuple[Card, Card]]


def random_strategy(rng: random.Random) -> Strategy:
    """Any of the 15 discards, uniformly, from the injected generator."""

    def choose(game: Game) -> tuple[Card, Card]:
        options = list(combinations(game.shown, 2))
        return options[rng.randrange(len(options))]

    return choose


def best_strategy(game: Game) -> tuple[Card, Card]:
    """The best expected total (hand, crib and heels): perfect play for the expected score."""
    return best_discard(position_of(game))


def hand_strategy(game: Game) -> tuple[Card, Card]:
    """The best expected hand, ignoring the crib."""
    return best_discard(position_of(game), hand_only=True)


STRATEGIES: tuple[str, ...] = ("best", "hand", "random")


def make_strategy(name: str, rng: random.Random) -> Strategy:
    """The strategy of this name; ``rng`` feeds the ones that draw at random."""
    if name == "best":
        return best_strategy
    if name == "hand":
        return hand_strategy
    if name == "random":
        return random_strategy(rng)
    raise ValueError(f"unknown strategy {name!r}: expected one of {', '.join(STRATEGIES)}")


def play_out(game: Game, strategy: Strategy) -> Game:
    """Play every remaining round of a game with a strategy."""
    while not game.is_over:
        game.discard(strategy(game))
    return game
