"""Discard strategies for games played without a person.

A strategy takes a game at a discard and returns the two cards to discard.
``targetN`` (``target90``, ``target121``, any N from 1 to 250) plays each round for
the best chance of finishing at N points or more (:mod:`solitaire.patience.target`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from solitaire.core.cards import Card
from solitaire.patience.advisor import best_discard, position_of
from solitaire.patience.game import Game
from solitaire.patience.levels import MAX_TARGET, STRATEGIES, strategy_name, target_of
from solitaire.patience.target import target_discard

__all__ = [
    "MAX_TARGET",
    "STRATEGIES",
    "Strategy",
    "make_strategy",
    "play_out",
    "strategy_name",
    "target_of",
]

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


def target_strategy(target: int) -> Strategy:
    """Each round, the discard with the best chance of finishing at ``target`` or more."""

    def choose(game: Game) -> tuple[Card, Card]:
        return target_discard(game, target)

    return choose


def make_strategy(name: str, rng: random.Random) -> Strategy:
    """The strategy of this name; ``rng`` feeds the ones that draw at random."""
    target = target_of(name)
    if target is not None:
        return target_strategy(target)
    if name == "best":
        return best_strategy
    if name == "hand":
        return hand_strategy
    if name == "random":
        return random_strategy(rng)
    strategy_name(name)  # an unknown name: a ValueError naming it
    raise AssertionError(f"strategy {name!r} is listed but has no player")


def play_out(game: Game, strategy: Strategy) -> Game:
    """Play every remaining round of a game with a strategy."""
    while not game.is_over:
        game.discard(strategy(game))
    return game
