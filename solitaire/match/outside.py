"""Computer players written by others, from PyPI, seated at our table.

Each adapter shows an outside program only what the seat's
:class:`~solitaire.match.game.Observation` shows, in the program's own card
types, and turns its answer back into one of our actions. Our match referees
and scores everything: the outside program's own scoring is never used, and
an answer that is not a card it holds, or that the rules refuse, stops the game
with a :class:`~solitaire.match.players.PlayerError` naming the program and
changes nothing. The programs are an optional extra
(``pip install 'cribbage-solitaire[outside]'``), so the game never depends on them:

* ``magmacrunch``: the ``ai`` module of ``magmacrunch-cribbage`` (a port of a
  browser game's opponent): a hand-tuned heuristic for the discard (fifteens,
  pairs, runs and suits kept, fives and tens kept out of the opponent's crib) and
  for the play (points now, counts of 10, 20 and 25 avoided, cards left to lay).
* ``pycribbage``: ``pycribbage``'s default methods: the first two cards dealt to
  the crib, the first card that fits in the play.
* ``pycribbage-random``: ``pycribbage``'s random methods, drawing from our
  seeded generator instead of the global one, so games replay.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any, Final

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.core.errors import InputError
from solitaire.match.game import GO, Action, Discard, Lay, Observation, Phase
from solitaire.match.levels import OUTSIDE
from solitaire.match.players import Player, PlayerError

__all__ = ["OUTSIDE", "MagmacrunchPlayer", "PycribbagePlayer", "make_outside"]

# Each outside player's name, the PyPI package that brings it, and the modules it needs.
_SOURCES: Final = {
    "magmacrunch": ("magmacrunch-cribbage", ("cribbage.ai", "cribbage.cards")),
    "pycribbage": ("pycribbage", ("pycribbage.discard_methods", "pycribbage.the_play_methods")),
    "pycribbage-random": (
        "pycribbage",
        ("pycribbage.discard_methods", "pycribbage.the_play_methods"),
    ),
}


def _modules(name: str) -> list[ModuleType]:
    package, modules = _SOURCES[name]
    try:
        return [importlib.import_module(module) for module in modules]
    except ImportError:
        raise InputError(
            f"{name} is an outside player from the PyPI package {package}, which is not "
            "installed: pip install 'cribbage-solitaire[outside]'"
        ) from None


def make_outside(name: str, rng: random.Random) -> Player:
    """The outside player of this name; ``rng`` feeds one that draws at random."""
    if name not in _SOURCES:
        raise InputError(f"unknown outside player {name!r}: expected one of {', '.join(OUTSIDE)}")
    if name == "magmacrunch":
        ai, cards = _modules(name)
        return MagmacrunchPlayer(ai, cards)
    discards, plays = _modules(name)
    return PycribbagePlayer(name, discards, plays, rng if name.endswith("random") else None)


def _ask(name: str, question: Callable[[], Any]) -> Any:
    """An outside program's answer; its failure is the player's, named, never a crash here."""
    try:
        return question()
    except Exception as error:
        raise PlayerError(f"{name} failed: {type(error).__name__}: {str(error)[:80]}") from None


def _ours(name: str, answer: object, cards: dict[object, Card]) -> Card:
    key = _key(answer)
    if key not in cards:
        raise PlayerError(f"{name} answered {str(answer)[:40]!r}, which is not a card it holds")
    return cards[key]


def _key(card: object) -> object:
    try:
        return (getattr(card, "suit", None), getattr(card, "rank", None))
    except Exception:  # an outside object whose attributes fail is no card
        return None


class MagmacrunchPlayer:
    """``magmacrunch-cribbage``'s ``ai.select_crib_cards`` and ``ai.select_pegging_card``."""

    name: Final = "magmacrunch"
    _SUITS: Final = {0: "clubs", 1: "diamonds", 2: "hearts", 3: "spades"}
    _RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

    def __init__(self, ai: ModuleType, cards: ModuleType) -> None:
        self._ai = ai
        self._theirs = {
            card: cards.Card(self._SUITS[card.suit], self._RANKS[card.rank - 1])
            for card in ALL_CARDS
        }

    def _cards(self, cards: Sequence[Card]) -> list[Any]:
        return [self._theirs[card] for card in cards]

    def choose(self, view: Observation) -> Action:
        """Its discard (for the opponent's crib or its own), or its card, or go."""
        hand = self._cards(view.hand)
        held: dict[object, Card] = {
            (c.suit, c.rank): card for card, c in zip(view.hand, hand, strict=True)
        }
        if view.phase is Phase.DISCARD:
            thrown = _ask(self.name, lambda: self._ai.select_crib_cards(hand, not view.is_dealer))
            if not isinstance(thrown, list | tuple) or len(thrown) != 2:
                raise PlayerError(f"{self.name} discarded {str(thrown)[:40]!r}, not two cards")
            return Discard((_ours(self.name, thrown[0], held), _ours(self.name, thrown[1], held)))
        series = self._cards(view.series)
        card = _ask(self.name, lambda: self._ai.select_pegging_card(hand, view.count, series))
        return GO if card is None else Lay(_ours(self.name, card, held))


class PycribbagePlayer:
    """``pycribbage``'s discard and play methods (its default ones, or its random ones)."""

    def __init__(
        self, name: str, discards: ModuleType, plays: ModuleType, rng: random.Random | None
    ) -> None:
        self.name: Final = name
        self._modules = (discards, plays)
        self._rng = rng
        deck = importlib.import_module("pycribbage.deck_tools")
        self._hand_type = deck.Hand
        self._theirs = {card: deck.Card(int(card.suit), int(card.rank)) for card in ALL_CARDS}
        if rng is None:
            self._discard, self._play = discards.Discard(), plays.ThePlayMethod()
        else:
            self._discard, self._play = discards.RandomDiscard(), plays.RandomThePlay()

    def _hand(self, cards: Sequence[Card]) -> Any:
        hand = self._hand_type()
        hand.cards = [self._theirs[card] for card in cards]
        return hand

    @contextmanager
    def _seeded(self) -> Iterator[None]:
        """Their random methods draw from the module's ``random``: ours, for the call."""
        if self._rng is None:
            yield
            return
        saved = [getattr(module, "random", None) for module in self._modules]
        for module in self._modules:
            setattr(module, "random", self._rng)  # noqa: B010 - an outside module's global
        try:
            yield
        finally:
            for module, original in zip(self._modules, saved, strict=True):
                setattr(module, "random", original)  # noqa: B010

    def _index(self, answer: object, size: int) -> int:
        if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < size:
            raise PlayerError(f"{self.name} chose {str(answer)[:40]!r}, not a card of its {size}")
        return answer

    def choose(self, view: Observation) -> Action:
        """Its discard by the indices it names, or the card at the index it names, or go."""
        hand = view.hand
        with self._seeded():
            if view.phase is Phase.DISCARD:
                self._discard.update_hand(self._hand(hand))
                chosen = _ask(self.name, self._discard.choose_discard)
                if not isinstance(chosen, list | tuple) or len(chosen) != 2:
                    raise PlayerError(f"{self.name} discarded {str(chosen)[:40]!r}, not two cards")
                a, b = (hand[self._index(i, len(hand))] for i in chosen)
                return Discard((a, b))
            self._play.update_hand(self._hand(hand))
            self._play.update_on_table(self._hand(view.series))
            index = _ask(self.name, self._play.choose_play)
        return GO if index is None else Lay(hand[self._index(index, len(hand))])
