"""The match state: cribbage for two, from the cut to the last game of a series.

A :class:`Match` is one seeded series of games. It keeps the engine contract
(:mod:`solitaire.core.engine`): it answers who is to act
(:attr:`Match.current_player`) and what they may do (:meth:`Match.legal_actions`),
and applies an action for the player to act in the check / ask / act style:
:meth:`Match.check` raises an :class:`IllegalMoveError` naming the reason,
:meth:`Match.can` answers yes or no, :meth:`Match.apply` acts and returns the
:data:`Event` s that followed (the starter turned, the go, the show, the end of a
game, the next deal). Each also takes the ``player`` who means to act, refused
with :class:`NotYourTurnError` when it is not their turn. A refused action
changes nothing. :meth:`Match.observation` is what one player can see.

A player may count their own hand and crib (``counting``): the show then waits
for their :class:`Claim` of each. A claim too high is corrected to the true
count; one too low pegs the true count unless ``muggins`` is on, when the
player pegs only what they claimed and the opponent takes the points missed.

Chance is fixed by the seed alone: the cut of each game and the deck of each
deal are derived from the match seed and their numbers, so the same seed deals
the same cards whatever the players do.

The parts it is made of each have a module, and every name of theirs is imported
from here too: :mod:`~solitaire.match.actions` (the rules' numbers, the actions and
their refusals), :mod:`~solitaire.match.events` (what happens),
:mod:`~solitaire.match.deal` (the seeded cards, a deal and a game as played),
:mod:`~solitaire.match.observation` (what a player can see) and
:mod:`~solitaire.match.recording` (the record written).

>>> match = Match(seed=7)
>>> match.phase, match.current_player == match.pone
(<Phase.DISCARD: 'discard'>, True)
>>> while not match.is_over:
...     _ = match.apply(match.legal_actions()[0])
>>> max(match.results[0].scores)
121
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any, Final

from solitaire.core.cards import Card, CardError, CardLike, to_card, to_cards
from solitaire.core.errors import InputError
from solitaire.core.scoring import score_hand
from solitaire.core.secret import chosen_field
from solitaire.match.actions import (
    DOUBLE_SKUNK_LINE,
    DOUBLE_SKUNK_POINTS,
    GAME_POINTS,
    GO,
    HAND_SIZE,
    HEELS_POINTS,
    IMPOSSIBLE_COUNTS,
    MAX_HAND_COUNT,
    SHOW_ORDER,
    SKUNK_LINE,
    Action,
    Claim,
    Discard,
    Go,
    GoWhileCardFitsError,
    IllegalMoveError,
    Lay,
    MatchOverError,
    NotInHandError,
    NotYourTurnError,
    PassesThirtyOneError,
    Phase,
    WrongPhaseError,
    parse_action,
    skunk_of,
)
from solitaire.match.deal import Deal, GamePlay, cut_deck, deal_deck
from solitaire.match.events import (
    Counted,
    Cut,
    Dealt,
    Discarded,
    Event,
    GameOver,
    GameResult,
    GoPoint,
    Laid,
    Muggins,
    SaidGo,
    Turned,
    missed_groups,
)
from solitaire.match.observation import Observation
from solitaire.match.pegging import MAX_COUNT, PegItem, PegKind, count_of, peg_items
from solitaire.match.recording import (
    GAME_NAME,
    RECORD_VERSION,
    deal_record,
    game_record,
    record_cards,
    result_record,
)

__all__ = [
    "DOUBLE_SKUNK_LINE",
    "DOUBLE_SKUNK_POINTS",
    "GAME_NAME",
    "GAME_POINTS",
    "GO",
    "HEELS_POINTS",
    "IMPOSSIBLE_COUNTS",
    "MAX_HAND_COUNT",
    "RECORD_VERSION",
    "SKUNK_LINE",
    "Action",
    "Claim",
    "Counted",
    "Cut",
    "Deal",
    "Dealt",
    "Discard",
    "Discarded",
    "Event",
    "GameOver",
    "GamePlay",
    "GameResult",
    "Go",
    "GoPoint",
    "GoWhileCardFitsError",
    "IllegalMoveError",
    "Laid",
    "Lay",
    "Match",
    "MatchOverError",
    "Muggins",
    "NotInHandError",
    "NotYourTurnError",
    "Observation",
    "PassesThirtyOneError",
    "Phase",
    "SaidGo",
    "Turned",
    "WrongPhaseError",
    "deal_deck",
    "deal_record",
    "missed_groups",
    "parse_action",
    "record_cards",
    "result_record",
    "skunk_of",
]


class Match:
    """A seeded series of games of two-player cribbage; players are 0 and 1."""

    def __init__(
        self,
        seed: int,
        games: int = 1,
        double_skunk: int = 3,
        *,
        counting: Iterable[int] = (),
        muggins: bool = False,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError(f"invalid seed {seed!r}: expected a whole number")
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 1000:
            raise InputError(f"invalid number of games {games!r}: expected 1 to 1000")
        if double_skunk not in DOUBLE_SKUNK_POINTS:
            raise InputError(f"a double skunk counts 3 or 4 games, not {double_skunk!r}")
        seats = tuple(sorted(set(counting)))
        if any(seat not in (0, 1) or isinstance(seat, bool) for seat in seats):
            raise InputError(f"the players who count themselves are 0 and 1, not {seats!r}")
        if muggins and not seats:
            raise InputError("muggins needs a player who counts their own hand")
        self.seed: Final = seed
        self.seed_chosen = True  # False: a random seed, secret until the game ends
        self.games: Final = games
        self.double_skunk: Final = double_skunk
        self.counting: Final = seats  # the players who count their own hand and crib
        self.muggins: Final = muggins
        self.timeline: list[Event] = []  # every event of the match, in order
        self.results: list[GameResult] = []
        self.played: list[GamePlay] = []  # every game begun, the current one last
        self.scores: list[int] = [0, 0]
        self.log: list[Event] = []  # the current game's events
        # (player, game, deal): the deals where a player asked the discard coach (a hint)
        self.hints: set[tuple[int, int, int]] = set()
        self._phase = Phase.DISCARD
        self._to_act: int | None = None
        self._held: list[list[Card]] = [[], []]
        self._series: list[Card] = []
        self._gone: set[int] = set()
        self._last: int | None = None
        self._start_game(dealer=None)

    @classmethod
    def from_cards(
        cls,
        dealer: int,
        hands: Sequence[str | Iterable[CardLike]],
        starter: CardLike,
        scores: tuple[int, int] = (0, 0),
        double_skunk: int = 3,
        *,
        counting: Iterable[int] = (),
        muggins: bool = False,
        games: int = 1,
    ) -> Match:
        """A match from a chosen position: six cards each, the starter, the scores; the
        position starts the first of ``games`` games.

        For tests, puzzles and coaching; its first deal is not the seed's, so its
        record does not replay. Later deals are dealt from seed 0.
        """
        _check_player(dealer)
        dealt = [to_cards(hand) for hand in hands]
        start = to_card(starter)
        if len(dealt) != 2 or any(len(hand) != HAND_SIZE for hand in dealt):
            raise CardError("a position needs two hands of 6 cards")
        to_cards((*dealt[0], *dealt[1], start))  # all distinct
        if any(not 0 <= score < GAME_POINTS for score in scores):
            raise InputError(f"scores must be 0 to {GAME_POINTS - 1}, not {scores}")
        match = cls(
            seed=0, games=games, double_skunk=double_skunk, counting=counting, muggins=muggins
        )
        match.played = [GamePlay(1, (), dealer, [])]
        match.log = []
        match.timeline = []
        match.scores = list(scores)
        match._new_deal(dealer, Deal(1, dealer, (dealt[0], dealt[1]), start))
        return match

    # -- what anyone can ask -----------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """What the match is waiting for."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True once the last game of the series has ended."""
        return self._phase is Phase.OVER

    @property
    def current_player(self) -> int | None:
        """The player to act, or None when the match is over."""
        return self._to_act

    @property
    def game_number(self) -> int:
        """The game being played (the last one once the match is over), from 1."""
        return len(self.played)

    @property
    def deals(self) -> list[Deal]:
        """The current game's deals, the current one last."""
        return self.played[-1].deals

    @property
    def deal(self) -> Deal:
        """The current deal (the last one once the match is over)."""
        return self.deals[-1]

    @property
    def dealer(self) -> int:
        """The current deal's dealer, whose crib it is."""
        return self.deal.dealer

    @property
    def pone(self) -> int:
        """The current deal's non-dealer."""
        return self.deal.pone

    @property
    def count(self) -> int:
        """The running count of the play."""
        return count_of(self._series)

    @property
    def series(self) -> tuple[Card, ...]:
        """The cards laid since the count last restarted."""
        return tuple(self._series)

    def held(self, player: int) -> tuple[Card, ...]:
        """The cards a player holds now (six before the discard, then those not yet laid)."""
        return tuple(self._held[player])

    def said_go(self, player: int) -> bool:
        """True when a player has said go in the current series."""
        return player in self._gone

    @property
    def match_points(self) -> tuple[int, int]:
        """Games won by each player, a skunk counting 2 and a double skunk 3 (or 4)."""
        points = [0, 0]
        for result in self.results:
            points[result.winner] += result.game_points
        return points[0], points[1]

    @property
    def winner(self) -> int | None:
        """The player with more match points once the match is over (None if tied or not over)."""
        if not self.is_over:
            return None
        a, b = self.match_points
        return None if a == b else (0 if a > b else 1)

    def observation(self, player: int) -> Observation:
        """What ``player`` can see now."""
        _check_player(player)
        deal = self.deal
        turned = deal.turned
        return Observation(
            player=player,
            phase=self._phase,
            to_act=self._to_act,
            dealer=deal.dealer,
            scores=self._scores(),
            game_number=self.game_number,
            deal_number=deal.number,
            dealt=deal.hands[player],
            discard=deal.discards[player],
            hand=tuple(self._held[player]),
            starter=deal.starter if turned else None,
            laid=deal.laid,
            series=tuple(self._series),
            count=self.count,
            opponent_held=len(self._held[1 - player]),
            opponent_said_go=(1 - player) in self._gone,
            legal=self.legal_actions() if player == self._to_act else (),
            **self._counting(player),
            games=self.games,
            double_skunk=self.double_skunk,
        )

    def _counting(self, player: int) -> dict[str, Any]:
        """The cards a player is to count now (the show waits for them), as Observation fields."""
        showing = self.showing
        if showing is None or showing[0] != player:
            return {}
        crib = showing[1] == "crib"
        return {
            "counting": self.deal.crib if crib else self.deal.kept(player),
            "counting_crib": crib,
        }

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to act may take (empty once the match is over)."""
        player = self._to_act
        if player is None:
            return ()
        hand = self._held[player]
        if self._phase is Phase.DISCARD:
            return tuple(Discard((a, b)) for a, b in combinations(hand, 2))
        if self._phase is Phase.SHOW:
            return tuple(Claim(n) for n in range(MAX_HAND_COUNT + 1) if n not in IMPOSSIBLE_COUNTS)
        fits = [Lay(card) for card in hand if self.count + card.value <= MAX_COUNT]
        return tuple(fits) if fits else (GO,)

    # -- check, ask, act ---------------------------------------------------------------------

    def check(self, action: Action, *, player: int | None = None) -> None:
        """Raise an :class:`IllegalMoveError` naming why the player to act may not take
        ``action``; with ``player``, also when it is not that player's turn."""
        if player is not None:
            _check_player(player)
        if self._phase is Phase.OVER:
            raise MatchOverError("the match is over: there is nothing left to play")
        if player is not None and player != self._to_act:
            raise NotYourTurnError(f"not your turn: player {self._to_act} is to act")
        assert self._to_act is not None  # someone acts until the match is over
        hand = self._held[self._to_act]
        hand_text = " ".join(card.symbol() for card in hand)
        if isinstance(action, Claim):
            _check_claim(action.points)
            if self._phase is not Phase.SHOW:
                raise WrongPhaseError(
                    "there is nothing to count yet: the show comes after the play"
                )
            return
        if self._phase is Phase.SHOW:
            what = self.showing[1] if self.showing else "hand"
            raise WrongPhaseError(f"the play is over: count your {what}")
        if isinstance(action, Discard):
            if self._phase is not Phase.DISCARD:
                raise WrongPhaseError("the discard is over: lay a card or say go")
            a, b = action.cards
            if a == b:
                raise IllegalMoveError(f"duplicate card {a.symbol()}: discard two different cards")
            for card in action.cards:
                if card not in hand:
                    raise NotInHandError(f"{card.symbol()} is not in your hand ({hand_text})")
            return
        if self._phase is not Phase.PLAY:
            raise WrongPhaseError("discard two cards to the crib first")
        if isinstance(action, Lay):
            if action.card not in hand:
                raise NotInHandError(f"{action.card.symbol()} is not in your hand ({hand_text})")
            if self.count + action.card.value > MAX_COUNT:
                raise PassesThirtyOneError(
                    f"{action.card.symbol()} would take the count past 31 "
                    f"({self.count} + {action.card.value})"
                )
            return
        if isinstance(action, Go):
            fits = [c for c in hand if self.count + c.value <= MAX_COUNT]
            if fits:
                raise GoWhileCardFitsError(
                    f"you cannot say go: {' '.join(c.symbol() for c in fits)} can be laid "
                    f"(the count is {self.count})"
                )
            return
        raise IllegalMoveError(f"not an action: {action!r}")

    def can(self, action: Action, *, player: int | None = None) -> bool:
        """True when :meth:`apply` would accept this action."""
        try:
            self.check(action, player=player)
        except IllegalMoveError:
            return False
        return True

    def apply(self, action: Action, *, player: int | None = None) -> tuple[Event, ...]:
        """Take an action for the player to act (refused unless it is ``player``'s turn,
        when given); returns every event up to the next decision."""
        self.check(action, player=player)
        player = self._to_act
        assert player is not None  # checked: the match is not over
        start = len(self.log)
        deal = self.deal
        if isinstance(action, Discard):
            self._discard(player, action, deal)
        elif isinstance(action, Lay):
            self._lay(player, action, deal)
        elif isinstance(action, Claim):
            self._show(deal, action.points)
        else:
            self._go(player, deal)
        events = tuple(self.log[start:])
        if self._phase is not Phase.OVER and self.results and isinstance(events[-1], GameOver):
            self._start_game(dealer=self.results[-1].loser)
            events = events + tuple(self.log)
        return events

    # Convenience spellings of :meth:`check`, :meth:`can` and :meth:`apply`.

    def discard(self, player: int, cards: str | Iterable[CardLike]) -> tuple[Event, ...]:
        """Discard two cards (``"5H JD"`` or cards) for ``player``."""
        return self.apply(_discard_of(cards), player=player)

    def lay(self, player: int, card: CardLike) -> tuple[Event, ...]:
        """Lay one card for ``player``."""
        return self.apply(Lay(to_card(card)), player=player)

    def go(self, player: int) -> tuple[Event, ...]:
        """Say go for ``player``."""
        return self.apply(GO, player=player)

    def claim(self, player: int, points: int) -> tuple[Event, ...]:
        """Claim ``points`` for the hand or crib ``player`` is counting."""
        return self.apply(Claim(points), player=player)

    @property
    def showing(self) -> tuple[int, str] | None:
        """The hand or crib the show waits for (its owner and "hand" or "crib"), or None."""
        if self._phase is not Phase.SHOW:
            return None
        return _show_order(self.deal)[len(self.deal.show)]

    # -- the record -------------------------------------------------------------------------

    def record(self, players: Sequence[str]) -> dict[str, Any]:
        """The JSON-ready record of the match, finished or in progress; ``players`` name the
        seats. :func:`solitaire.match.record.replay_match` plays it again."""
        if len(players) != 2:
            raise InputError(f"a match has 2 players, not {len(players)}")
        results: list[GameResult | None] = [*self.results]
        results += [None] * (len(self.played) - len(results))
        counting: dict[str, Any] = {}
        if self.counting:
            counting = {"counting": list(self.counting), "muggins": self.muggins}
        hints: dict[str, Any] = {}
        if self.hints:  # written only once a coach was asked: older records have none
            hints["hints"] = [
                {"player": p, "game": g, "deal": d, "coach": "discard"}
                for p, g, d in sorted(self.hints)
            ]
        return {
            "game": GAME_NAME,
            "version": RECORD_VERSION,
            "seed": str(self.seed),
            **chosen_field(self.seed_chosen),
            "games": self.games,
            "double_skunk": self.double_skunk,
            **counting,
            **hints,
            "players": list(players),
            "played": [game_record(g, r) for g, r in zip(self.played, results, strict=True)],
            "match_points": list(self.match_points),
            "winner": self.winner,
        }

    # -- what happens -------------------------------------------------------------------------

    def _scores(self) -> tuple[int, int]:
        return self.scores[0], self.scores[1]

    def _peg(self, player: int, points: int) -> bool:
        """Add points; True when they win the game (which is then recorded as over)."""
        self.scores[player] = min(GAME_POINTS, self.scores[player] + points)
        return self.scores[player] >= GAME_POINTS

    def _end_game(self, winner: int) -> None:
        loser_score = self.scores[1 - winner]
        skunk = skunk_of(loser_score)
        game_points = (1, 2, self.double_skunk)[skunk]
        result = GameResult(self.game_number, winner, self._scores(), game_points, skunk)
        self.results.append(result)
        self._log(GameOver(result, self._scores()))
        self._to_act = None
        if len(self.results) == self.games:
            self._phase = Phase.OVER

    def _start_game(self, dealer: int | None) -> None:
        number = len(self.played) + 1
        self.scores = [0, 0]
        self.log = []
        cuts: list[tuple[Card, Card]] = []
        if dealer is None:
            for attempt in range(100):
                deck = cut_deck(self.seed, number, attempt)
                a, b = deck[0], deck[26]
                cuts.append((a, b))
                if a.rank != b.rank:
                    dealer = 0 if a.rank < b.rank else 1
                    break
            else:  # pragma: no cover - 100 ties in a row: the chance is 1 in 17**100
                dealer = 0
            self._log(Cut(tuple(cuts), dealer, self._scores()))
        self.played.append(GamePlay(number, tuple(cuts), dealer, []))
        self._new_deal(dealer)

    def _new_deal(self, dealer: int, cards: Deal | None = None) -> None:
        number = len(self.deals) + 1
        if cards is None:
            deck = deal_deck(self.seed, self.game_number, number)
            pone = 1 - dealer
            hands: list[tuple[Card, ...]] = [(), ()]
            hands[pone] = deck[0:12:2]  # dealt one at a time, pone first
            hands[dealer] = deck[1:12:2]
            cards = Deal(number, dealer, (hands[0], hands[1]), deck[12])
        deal = cards
        self.deals.append(deal)
        self._held = [list(deal.hands[0]), list(deal.hands[1])]
        self._series, self._gone, self._last = [], set(), None
        self._phase = Phase.DISCARD
        self._to_act = deal.pone
        self._log(Dealt(number, dealer, self._scores()))

    def _log(self, event: Event) -> None:
        self.log.append(event)
        self.timeline.append(event)

    def _record(self, event: Event) -> None:
        self._log(event)
        self.deal.events.append(event)

    def _discard(self, player: int, action: Discard, deal: Deal) -> None:
        cards = action.cards
        deal.discards[player] = cards
        self._held[player] = [c for c in self._held[player] if c not in cards]
        self._record(Discarded(player, cards, self._scores()))
        if player == deal.pone:
            self._to_act = deal.dealer
            return
        deal.turned = True
        won = self._peg(deal.dealer, deal.heels)
        self._record(Turned(deal.dealer, deal.starter, deal.heels, self._scores()))
        if won:
            self._end_game(deal.dealer)
            return
        self._phase = Phase.PLAY
        self._to_act = deal.pone

    def _lay(self, player: int, action: Lay, deal: Deal) -> None:
        card = action.card
        self._held[player].remove(card)
        self._series.append(card)
        self._last = player
        deal.plays.append((player, action))
        items = peg_items(self._series)
        points = sum(item.points for item in items)
        deal.pegged[player] += points
        won = self._peg(player, points)
        self._record(Laid(player, card, self.count, items, self._scores()))
        if won:
            self._end_game(player)
            return
        if self.count == MAX_COUNT:
            self._end_series(deal, go_point=False)
            return
        other = 1 - player
        if other not in self._gone and self._held[other]:
            self._to_act = other
        elif self._held[player]:
            self._to_act = player  # the other said go (or is out): lay on, or say go too
        else:
            self._end_series(deal, go_point=True)

    def _go(self, player: int, deal: Deal) -> None:
        self._gone.add(player)
        deal.plays.append((player, GO))
        self._record(SaidGo(player, self.count, self._scores()))
        other = 1 - player
        if other not in self._gone and self._held[other]:
            self._to_act = other
        else:
            self._end_series(deal, go_point=True)

    def _end_series(self, deal: Deal, go_point: bool) -> None:
        last = self._last
        assert last is not None  # a series ends only after a card is laid
        out = not self._held[0] and not self._held[1]
        if go_point:
            kind = PegKind.LAST if out else PegKind.GO
            item = PegItem(kind, tuple(self._series), 1)
            deal.pegged[last] += 1
            won = self._peg(last, 1)
            self._record(GoPoint(last, item, self._scores()))
            if won:
                self._end_game(last)
                return
        self._series, self._gone = [], set()
        if out:
            self._show(deal)
            return
        other = 1 - last
        self._to_act = other if self._held[other] else last

    def _show(self, deal: Deal, claim: int | None = None) -> None:
        """Count on from where the show stands; wait for the claim of a player who counts."""
        for player, label in _show_order(deal)[len(deal.show) :]:
            if player in self.counting and claim is None:
                self._phase, self._to_act = Phase.SHOW, player
                return
            cards = deal.crib if label == "crib" else deal.kept(player)
            score = score_hand(cards, deal.starter, crib=label == "crib")
            missed = 0 if claim is None else max(0, score.total - claim)
            taken = missed if self.muggins else 0
            won = self._peg(player, score.total - taken)
            counted = Counted(player, label, score, self._scores(), claim, taken)
            claim = None
            deal.show.append(counted)
            self._record(counted)
            if won:
                self._end_game(player)
                return
            if taken:
                won = self._peg(1 - player, taken)
                self._record(Muggins(1 - player, counted, self._scores()))
                if won:
                    self._end_game(1 - player)
                    return
        self._new_deal(deal.pone)

    def __repr__(self) -> str:
        return (
            f"<Match seed={self.seed} game={self.game_number} deal={len(self.deals)} "
            f"phase={self._phase.value} scores={self.scores[0]}-{self.scores[1]}>"
        )


def _show_order(deal: Deal) -> tuple[tuple[int, str], ...]:
    """The show's counts in order: pone's hand, the dealer's hand, the crib."""
    seats = {"pone": deal.pone, "dealer": deal.dealer}
    return tuple((seats[role], label) for role, label in SHOW_ORDER)


def _check_claim(points: object) -> None:
    if isinstance(points, bool) or not isinstance(points, int):
        raise IllegalMoveError(f"invalid count {points!r}: expected a whole number of points")
    if not 0 <= points <= MAX_HAND_COUNT:
        raise IllegalMoveError(
            f"{points} is not a possible count: a hand or crib makes 0 to {MAX_HAND_COUNT}"
        )
    if points in IMPOSSIBLE_COUNTS:
        impossible = ", ".join(map(str, sorted(IMPOSSIBLE_COUNTS)))
        raise IllegalMoveError(
            f"{points} is not a possible count: no hand or crib makes {impossible}"
        )


def _check_player(player: object) -> None:
    if player not in (0, 1) or isinstance(player, bool):
        raise IllegalMoveError(f"invalid player {player!r}: expected 0 or 1")


def _discard_of(cards: str | Iterable[CardLike]) -> Discard:
    try:
        chosen = to_cards(cards, distinct=False)
    except CardError as error:
        raise IllegalMoveError(str(error)) from None
    if len(chosen) != 2:
        raise IllegalMoveError(f"discard exactly 2 cards, not {len(chosen)}")
    return Discard((chosen[0], chosen[1]))
