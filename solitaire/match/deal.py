"""A match's cards: the deck of each deal and the cut, fixed by the match seed alone, and
one deal and one game as they are played.

``solitaire.match.game`` imports every name here too.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache

from solitaire.core.cards import Card, Deck, Rank
from solitaire.match.actions import HEELS_POINTS, Go, Lay
from solitaire.match.events import Counted, Event

__all__ = ["Deal", "GamePlay", "cut_deck", "deal_deck"]


def _derived_seed(*parts: object) -> int:
    """A 64-bit seed from text, the same on every Python (no ``hash()``)."""
    text = " ".join(str(part) for part in ("cribsol match", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# A deck is immutable and the same for the same numbers: a replay of a match, a position
# dealt again (whose match deals seed 0's first deck before it is replaced) and a review
# ask for the same decks again and again.
@lru_cache(maxsize=256)
def deal_deck(seed: int, game: int, deal: int) -> Deck:
    """The shuffled pack of one deal of a match, from the match seed and the numbers.

    Pinned: the derivation is SHA-256 of text, and the shuffle draws only with
    ``getrandbits``, so these cards are the same on every machine and Python.

    >>> ' '.join(map(str, deal_deck(1, game=1, deal=1)[:13]))
    'KS 3D QS KH JD 7S 4D JS AD 6C 5D 3H KC'
    """
    return Deck.from_seed(_derived_seed(seed, "game", game, "deal", deal))


@lru_cache(maxsize=256)
def cut_deck(seed: int, game: int, attempt: int) -> Deck:
    """The shuffled pack of one try at the cut for a game's first dealer."""
    return Deck.from_seed(_derived_seed(seed, "game", game, "cut", attempt))


@dataclass(slots=True)
class Deal:
    """One deal: the cards dealt, the discards, the play and the show, as they happen."""

    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]  # the six dealt to each player
    starter: Card  # hidden from the players until turned
    discards: list[tuple[Card, Card] | None] = field(default_factory=lambda: [None, None])
    turned: bool = False
    plays: list[tuple[int, Lay | Go]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    pegged: list[int] = field(default_factory=lambda: [0, 0])  # points in the play
    show: list[Counted] = field(default_factory=list)

    @property
    def pone(self) -> int:
        """The non-dealer, who discards, leads and counts first."""
        return 1 - self.dealer

    def kept(self, player: int) -> tuple[Card, ...]:
        """The four cards a player kept (the six dealt until they discard)."""
        discard = self.discards[player]
        hand = self.hands[player]
        return hand if discard is None else tuple(c for c in hand if c not in discard)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The crib's cards so far: pone's discard, then the dealer's."""
        return tuple(c for p in (self.pone, self.dealer) for c in (self.discards[p] or ()))

    @property
    def heels(self) -> int:
        """Points for his heels: 2 once a jack is turned, else 0."""
        return HEELS_POINTS if self.turned and self.starter.rank == Rank.JACK else 0

    @property
    def scores(self) -> tuple[int, int] | None:
        """The scores after this deal's last event (None before its first)."""
        return self.events[-1].scores if self.events else None

    @property
    def laid(self) -> tuple[tuple[int, Card], ...]:
        """Every card laid in the play so far, in order, with who laid it."""
        return tuple((p, a.card) for p, a in self.plays if isinstance(a, Lay))


@dataclass(frozen=True, slots=True)
class GamePlay:
    """One game of the match as played: the cut (for the first game), the first dealer, the deals.

    After the first game the loser deals first and there is no cut.
    """

    number: int
    cuts: tuple[tuple[Card, Card], ...]
    first_dealer: int
    deals: list[Deal]
