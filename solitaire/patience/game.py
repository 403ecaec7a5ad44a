"""The solitaire: six rounds dealt 3-2-3 from one deck, then a final hand.

A :class:`Game` holds the stock, the rounds played and the running total. A
discard follows check / ask / act: :meth:`Game.check_discard` raises a precise
error, :meth:`Game.can_discard` answers yes or no, :meth:`Game.discard` plays
the round and returns what happened (each takes the cards as a player types
them too: ``"KD TD"``, or ``"k"`` for the only king).

The game keeps the engine contract (:mod:`solitaire.core.engine`) where a game for
one player can: :attr:`Game.current_player` is 0 until the game is over,
:meth:`Game.legal_actions` are the 15 discards of the six shown (each a pair of
cards), :meth:`Game.check`, :meth:`Game.can` and :meth:`Game.apply` take one of
them, :attr:`Game.is_over`, and :meth:`Game.observation` is what the player sees
(never the stock). Where it does not fit: its record carries no seats' names and
is written by :func:`solitaire.patience.record.game_record` (with the daily deal's
date), not by the game; and it has what no two-player game has, the undo.

>>> game = Game.from_seed(1)
>>> [str(c) for c in game.shown]
['KD', '3D', 'TD', 'TH', '5S', '3S']
>>> result = game.discard("KD TD")
>>> result.number, result.total == game.total
(1, True)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from solitaire.core.cards import ALL_CARDS, Card, CardError, CardLike, Deck, Rank, to_card
from solitaire.core.discards import DISCARDS
from solitaire.core.errors import CribsolError, IllegalMoveError, InputError
from solitaire.core.scoring import Score, crib_points, final_points, hand_points, score_hand
from solitaire.patience.deal import DEALT_BEFORE_STARTER, ROUND_ORDER, ROUNDS, Deal

__all__ = [
    "DISCARDS",
    "GREAT_LINE",
    "ROUNDS",
    "SKUNK_LINE",
    "FinalResult",
    "Game",
    "GameOverError",
    "IllegalDiscardError",
    "Milestone",
    "Observation",
    "RoundResult",
    "Step",
    "Undo",
    "UndoError",
    "milestones_between",
    "rounds_played",
]

SKUNK_LINE: Final = 90
GREAT_LINE: Final = 121
HEELS_POINTS: Final = 2


def rounds_played(rounds: int) -> str:
    """Where an unfinished game stands, said alike by the offer, the resumed screen, the
    quit message, the history and the replay: ``1 of 6 rounds played``."""
    return f"{rounds} of {ROUNDS} rounds played"


class IllegalDiscardError(IllegalMoveError):
    """A discard that is not exactly two distinct cards of the six shown.

    ``index`` is the position of the offending card among those given (None when
    the problem is their number), so an input line can point at it.
    """

    reason = "not a discard"

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class GameOverError(IllegalMoveError):
    """A move was asked of a game that has ended."""

    reason = "game over"


class UndoError(CribsolError):
    """An undo asked of a game with no round to take back."""


class Milestone(StrEnum):
    """Lines worth celebrating: passing 90 (the skunk line) and reaching 121."""

    SKUNK = "skunk"
    GREAT = "great"

    @property
    def message(self) -> str:
        """What a player is told."""
        if self is Milestone.SKUNK:
            return "Past 90: you are over the skunk line!"
        return "121! A great game!"


def milestones_between(before: int, after: int) -> tuple[Milestone, ...]:
    """The milestones crossed by going from ``before`` to ``after`` points."""
    crossed = []
    if before <= SKUNK_LINE < after:
        crossed.append(Milestone.SKUNK)
    if before < GREAT_LINE <= after:
        crossed.append(Milestone.GREAT)
    return tuple(crossed)


@dataclass(frozen=True, slots=True)
class Step:
    """One scoring step of a round: his heels, the hand or the crib."""

    label: str
    points: int
    total: int
    milestones: tuple[Milestone, ...]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What a round was and scored."""

    number: int
    shown: tuple[Card, ...]
    crib_dealt: tuple[Card, Card]
    discard: tuple[Card, Card]
    starter: Card
    heels: int
    hand_points: int
    crib_points: int
    total_before: int

    @property
    def keep(self) -> tuple[Card, ...]:
        """The four cards kept in hand, in the order shown."""
        return tuple(c for c in self.shown if c not in self.discard)

    @property
    def crib_cards(self) -> tuple[Card, ...]:
        """The four crib cards: the two dealt blind, then the discard."""
        return (*self.crib_dealt, *sorted(self.discard))

    @property
    def hand(self) -> Score:
        """The hand's count, every combination listed."""
        return score_hand(self.keep, self.starter)

    @property
    def crib(self) -> Score:
        """The crib's count, every combination listed."""
        return score_hand(self.crib_cards, self.starter, crib=True)

    @property
    def points(self) -> int:
        """Heels, hand and crib points of this round."""
        return self.heels + self.hand_points + self.crib_points

    @property
    def total(self) -> int:
        """The running total after this round."""
        return self.total_before + self.points

    def steps(self) -> tuple[Step, ...]:
        """Heels (when the starter is a jack), hand and crib, each with the running total."""
        steps = []
        total = self.total_before
        parts = [("his heels", self.heels)] if self.heels else []
        parts += [("hand", self.hand_points), ("crib", self.crib_points)]
        for label, points in parts:
            steps.append(
                Step(label, points, total + points, milestones_between(total, total + points))
            )
            total += points
        return tuple(steps)


@dataclass(frozen=True, slots=True)
class Undo:
    """A discard taken back: the round it was made in and the two cards first discarded."""

    round: int
    discard: tuple[Card, Card]


@dataclass(frozen=True, slots=True)
class FinalResult:
    """The last four cards, scored as a hand with no starter."""

    cards: tuple[Card, ...]
    points: int
    total_before: int

    @property
    def score(self) -> Score:
        """The final hand's count, every combination listed."""
        return score_hand(self.cards)

    @property
    def total(self) -> int:
        """The game's final total."""
        return self.total_before + self.points

    @property
    def milestones(self) -> tuple[Milestone, ...]:
        """Milestones crossed by the final hand."""
        return milestones_between(self.total_before, self.total)


@dataclass(frozen=True, slots=True)
class Observation:
    """What the player can see: the six shown, the rounds played (every card of them was
    turned up), the total; never the stock, whose order is the game's one secret."""

    player: int
    round_number: int
    shown: tuple[Card, ...]
    total: int
    rounds: tuple[RoundResult, ...]
    final: FinalResult | None
    seen: frozenset[Card]
    cards_left: int
    known_starter: Card | None  # when the cards seen tell it (round 6)
    legal: tuple[tuple[Card, Card], ...]


class Game:
    """One game of Cribbage Solitaire, from a fixed deck order."""

    def __init__(self, deck: Deck | Iterable[CardLike], seed: int | None = None) -> None:
        self.deck: Final = deck if isinstance(deck, Deck) else Deck(deck)
        self.seed: Final = seed
        self.seed_chosen = True  # False: a random seed, secret until the game ends
        self.hints: set[int] = set()
        self.undos: list[Undo] = []
        # False from a discard until the player sees what it dealt next: until then it
        # may be taken back (see :meth:`undo`).
        self.next_seen = True
        self.rounds: list[RoundResult] = []
        self.final: FinalResult | None = None
        self._stock: deque[Card] = deque()
        self._seen: set[Card] = set()
        self._shown: tuple[Card, ...] = ()
        self._crib_dealt: tuple[Card, Card] | None = None
        self._restart()

    def _restart(self) -> None:
        """Back to the first deal, before any discard."""
        self.rounds = []
        self.final = None
        self._stock = deque(self.deck)
        self._seen = set()
        self._deal()

    @classmethod
    def from_seed(cls, seed: int) -> Game:
        """The game for a seed: the same on every machine."""
        return cls(Deck.from_seed(seed), seed=seed)

    # -- what a player sees ------------------------------------------------

    @property
    def round_number(self) -> int:
        """The round being played (1-6), or 7 once the game is over."""
        return len(self.rounds) + 1

    @property
    def is_over(self) -> bool:
        """True once the final hand is scored."""
        return self.final is not None

    @property
    def shown(self) -> tuple[Card, ...]:
        """The six cards dealt to the hand this round (empty once over)."""
        return self._shown

    @property
    def total(self) -> int:
        """The running total."""
        if self.final is not None:
            return self.final.total
        return self.rounds[-1].total if self.rounds else 0

    @property
    def cards_left(self) -> int:
        """Cards still in the stock, not yet dealt to the player."""
        return len(self._stock)

    def seen(self) -> frozenset[Card]:
        """Every card the player has seen: past rounds (crib cards included) and the six shown."""
        return frozenset(self._seen | set(self._shown))

    def unseen(self) -> tuple[Card, ...]:
        """The cards not seen yet, in card order: where the blind crib cards and starter lie."""
        seen = self.seen()
        return tuple(c for c in ALL_CARDS if c not in seen)

    def known_starter(self) -> Card | None:
        """This round's starter when a player who watched every card knows it.

        Starters go to the bottom of the stock, so once the stock has come round
        (round 6) the next starter is a card already seen.
        """
        if self.is_over or not self._stock:
            return None
        starter = self._stock[0]
        return starter if starter in self._seen else None

    # -- the engine contract: one player, who discards -----------------------

    @property
    def current_player(self) -> int | None:
        """The one player, 0, until the game is over; then None."""
        return None if self.is_over else 0

    def legal_actions(self) -> tuple[tuple[Card, Card], ...]:
        """The 15 discards of the six shown, in the order every table uses (none once over)."""
        shown = self._shown
        return () if self.is_over else tuple((shown[a], shown[b]) for a, b in DISCARDS)

    def check(self, action: tuple[Card, Card]) -> tuple[Card, Card]:
        """The discard's two cards, or an :class:`IllegalDiscardError` (a
        :class:`GameOverError` once over) naming what is wrong (:meth:`check_discard`)."""
        return self.check_discard(action)

    def can(self, action: tuple[Card, Card]) -> bool:
        """True when :meth:`apply` would accept this discard."""
        try:
            self.check(action)
        except IllegalMoveError:
            return False
        return True

    def apply(self, action: tuple[Card, Card]) -> RoundResult:
        """Discard two cards: the round played (:meth:`discard`)."""
        return self.discard(action)

    def observation(self, player: int = 0) -> Observation:
        """What the player sees now (the patience has one player, 0)."""
        if player != 0:
            raise InputError(f"the patience has one player, 0, not {player!r}")
        return Observation(
            player=0,
            round_number=self.round_number,
            shown=self._shown,
            total=self.total,
            rounds=tuple(self.rounds),
            final=self.final,
            seen=self.seen(),
            cards_left=self.cards_left,
            known_starter=self.known_starter(),
            legal=self.legal_actions(),
        )

    # -- a move: check, ask, act -------------------------------------------

    def check_discard(self, cards: str | Iterable[CardLike]) -> tuple[Card, Card]:
        """The two cards of a legal discard, or an error saying what is wrong."""
        if self.is_over:
            raise GameOverError("the game is over: there is nothing to discard")
        tokens = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
        hand_text = " ".join(card.symbol() for card in self._shown)
        chosen: list[Card] = []
        for index, token in enumerate(tokens):
            try:
                card = to_card(token)
            except CardError as error:
                card = self._card_of_rank(token, index, hand_text, error)
            if card in chosen:
                raise IllegalDiscardError(
                    f"duplicate card {card.symbol()}: pick two different cards", index
                )
            if card not in self._shown:
                raise IllegalDiscardError(
                    f"{card.symbol()} is not in your hand ({hand_text})", index
                )
            chosen.append(card)
        if len(chosen) != 2:
            raise IllegalDiscardError(
                f"discard exactly 2 of your 6 cards, not {len(chosen)} ({hand_text})"
            )
        return chosen[0], chosen[1]

    def _card_of_rank(self, token: CardLike, index: int, hand_text: str, error: CardError) -> Card:
        """The one card of the six with the rank typed alone (``k`` for the only king)."""
        try:
            rank = Rank.parse(token) if isinstance(token, str) else None
        except CardError:
            rank = None
        if rank is None:
            raise IllegalDiscardError(str(error), index) from None
        matches = [c for c in self._shown if c.rank == rank]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise IllegalDiscardError(f"no {rank.letter} in your hand ({hand_text})", index)
        names = " or ".join(map(str, matches))
        raise IllegalDiscardError(
            f"'{token}' is ambiguous: {names}? Type the suit too, like {matches[0]}", index
        )

    def can_discard(self, cards: str | Iterable[CardLike]) -> bool:
        """True when :meth:`discard` would accept these cards."""
        try:
            self.check_discard(cards)
        except IllegalMoveError:
            return False
        return True

    def discard(self, cards: str | Iterable[CardLike]) -> RoundResult:
        """Discard two cards to the crib, turn the starter, score the round and deal the next."""
        discard = self.check_discard(cards)
        assert self._crib_dealt is not None
        k = [c for c in self._shown if c not in discard]
        starter = self._stock.popleft()
        blind = self._crib_dealt
        result = RoundResult(
            number=self.round_number,
            shown=self._shown,
            crib_dealt=self._crib_dealt,
            discard=(discard[0], discard[1]),
            starter=starter,
            heels=HEELS_POINTS if starter.rank == Rank.JACK else 0,
            hand_points=hand_points(k[0], k[1], k[2], k[3], starter),
            crib_points=crib_points(blind[0], blind[1], discard[0], discard[1], starter),
            total_before=self.total,
        )
        self._seen.update(self._shown, self._crib_dealt, (starter,))
        self._stock.append(starter)
        self.rounds.append(result)
        self._deal()
        self.next_seen = False
        return result

    def see_next(self) -> None:
        """The player has seen what the last discard dealt next: that discard now stands."""
        self.next_seen = True

    def check_undo(self) -> RoundResult:
        """The round an undo would take back (the last one played), or an error."""
        if not self.rounds:
            raise UndoError("there is no discard to take back yet")
        last = self.rounds[-1]
        if self.next_seen:
            raise UndoError(
                f"round {last.number}'s discard stands: what it dealt next has been seen"
            )
        return last

    def can_undo(self) -> bool:
        """True when :meth:`undo` would take a round back."""
        return bool(self.rounds) and not self.next_seen

    def undo(self) -> Undo:
        """Take back the last discard before the next deal is seen.

        Its round is dealt again as it was (and seen again); the undo is recorded in
        :attr:`undos`, with the two cards first discarded.
        """
        last = self.check_undo()
        kept = [r.discard for r in self.rounds[:-1]]
        self._restart()
        for discard in kept:
            self.discard(discard)
        self.next_seen = True
        undo = Undo(last.number, last.discard)
        self.undos.append(undo)
        return undo

    def _deal(self) -> None:
        if len(self.rounds) < ROUNDS:
            dealt: dict[Deal, list[Card]] = {Deal.HAND: [], Deal.CRIB: []}
            for place in ROUND_ORDER[:DEALT_BEFORE_STARTER]:  # the starter is turned later
                dealt[place].append(self._stock.popleft())
            first, second = dealt[Deal.CRIB]
            self._shown = tuple(dealt[Deal.HAND])
            self._crib_dealt = (first, second)
            return
        cards = tuple(self._stock)
        self._stock.clear()
        self._seen.update(cards)
        self._shown = ()
        self._crib_dealt = None
        self.final = FinalResult(cards, final_points(*cards[:4]), self.total)

    def __repr__(self) -> str:
        return f"<Game seed={self.seed} round={self.round_number} total={self.total}>"
