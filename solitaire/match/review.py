"""A deal of a match told card by card, for ``cribsol replay`` and the match's deal list.

:func:`review_deal` reads one deal of a :class:`Match` (played or replayed from its
record) and returns a :class:`DealReview`: both hands as dealt, each discard (with
the coach's verdict on the seats asked for: the discard beside the best one in the
discard coach's numbers, :mod:`~solitaire.match.discard_coach`, hand, crib and play
apart, as ``expert`` ranks them), the starter and his heels, every card of the play with its
count, its points and why ("15 for 2", "pair for 2", "31 for 2", "go for 1"),
the show (each hand and the crib, what its owner claimed and what muggins took)
and the scores before and after. It changes nothing and draws nothing.

A deal still in progress is told as one seat saw it (``viewer``): the other
seat's cards appear only once laid.

>>> from solitaire.match.game import Match
>>> from solitaire.match.players import StandardPlayer, advance
>>> match = Match(seed=5)
>>> _ = advance(match, (StandardPlayer(), StandardPlayer()))
>>> told = review_deal(match, game=1, deal=1, coached=(0,))
>>> told.complete, len(told.play) >= 8, told.verdicts[0] is not None
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from solitaire.core.cards import Card
from solitaire.match.discard_coach import (
    DiscardAdvice,
    DiscardCost,
    advise_discard,
    discard_cost,
    discard_view,
)
from solitaire.match.game import (
    Counted,
    Deal,
    Event,
    GameResult,
    GoPoint,
    Laid,
    Match,
    SaidGo,
    missed_groups,
)
from solitaire.match.pegging import MAX_COUNT, PegItem, PegKind, call, go_call

__all__ = [
    "DealReview",
    "DiscardVerdict",
    "PlayLine",
    "ShowLine",
    "deal_numbers",
    "discard_verdict",
    "review_deal",
    "why",
]

_WHY: Final = {
    PegKind.FIFTEEN: "15",
    PegKind.THIRTY_ONE: "31",
    PegKind.PAIR: "pair",
    PegKind.PAIR_ROYAL: "pair royal",
    PegKind.DOUBLE_PAIR_ROYAL: "double pair royal",
    PegKind.GO: "go",
    PegKind.LAST: "last card",
}


def why(item: PegItem) -> str:
    """One scoring event of the play in short: ``15 for 2``, ``pair for 2``, ``run of 3 for
    3``, ``31 for 2``, ``go for 1``, ``last card for 1``."""
    what = f"run of {item.points}" if item.kind is PegKind.RUN else _WHY[item.kind]
    return f"{what} for {item.points}"


@dataclass(frozen=True, slots=True)
class DiscardVerdict:
    """A discard beside the best one, in the discard coach's numbers: every discard of the
    six valued as ``expert`` values them (``advice``, best first), and the one chosen."""

    advice: tuple[DiscardAdvice, ...]
    chosen: tuple[Card, Card]

    @property
    def cost(self) -> DiscardCost:
        """What the chosen discard cost against the best: hand, crib and play apart."""
        return discard_cost(self.advice, self.chosen)

    @property
    def best(self) -> tuple[Card, Card]:
        """The best discard."""
        return self.advice[0].discard


def discard_verdict(
    match: Match, seat: int, game: int, deal: int, chosen: tuple[Card, Card]
) -> DiscardVerdict:
    """The coach's verdict on ``chosen``, ``seat``'s discard in deal ``deal`` of game
    ``game``: valued as the discard coach valued it at that moment (what the seat saw: its
    six, who dealt, the scores)."""
    advice = advise_discard(discard_view(match, seat, game, deal))
    return DiscardVerdict(tuple(advice), chosen)


@dataclass(frozen=True, slots=True)
class PlayLine:
    """One line of the play: a card laid, a go said, or one for the go or the last card.

    ``card`` is None for a go and for the go point; ``count`` is the count after the card
    (or when the go was said, or the count the go point closed); ``call`` is what the player
    says; ``why`` names each thing pegged. ``restart`` is True when the count starts again
    at 0 after this line.
    """

    player: int
    card: Card | None
    count: int
    points: int
    call: str
    why: tuple[str, ...]
    restart: bool


@dataclass(frozen=True, slots=True)
class ShowLine:
    """A hand or the crib counted in the show."""

    player: int
    label: str  # "hand" or "crib"
    counted: Counted

    @property
    def points(self) -> int:
        """The true count."""
        return self.counted.score.total

    @property
    def claimed(self) -> int | None:
        """What its owner said, when they counted it themselves."""
        return self.counted.claimed

    @property
    def taken(self) -> int:
        """Points missed and taken by the opponent (muggins)."""
        return self.counted.taken

    @property
    def missed(self) -> str | None:
        """What was missed, named when the count's groups tell it ("fifteen four")."""
        claimed = self.claimed
        if claimed is None or claimed >= self.points:
            return None
        return missed_groups(self.counted.score, self.points - claimed)


@dataclass(frozen=True, slots=True)
class DealReview:
    """One deal told from start to end (or as far as it went)."""

    game: int
    number: int
    dealer: int
    hands: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]  # None: not shown
    discards: tuple[tuple[Card, Card] | None, tuple[Card, Card] | None]
    verdicts: tuple[DiscardVerdict | None, DiscardVerdict | None]
    starter: Card | None
    heels: int
    play: tuple[PlayLine, ...]
    show: tuple[ShowLine, ...]
    pegged: tuple[int, int]
    before: tuple[int, int]
    after: tuple[int, int]
    result: GameResult | None  # the game ended in this deal
    complete: bool  # played to its end (or to the end of the game)

    @property
    def pone(self) -> int:
        """The non-dealer."""
        return 1 - self.dealer

    def kept(self, player: int) -> tuple[Card, ...] | None:
        """The four cards a player kept, once both are known."""
        hand, discard = self.hands[player], self.discards[player]
        if hand is None or discard is None:
            return None
        return tuple(card for card in hand if card not in discard)

    def ended_how(self) -> str:
        """When the game ended in this deal ("" when it did not)."""
        if self.result is None:
            return ""
        if self.show:
            rest = ("the dealer's hand and the crib", "the crib", "")[len(self.show) - 1]
            return "121 reached in the show" + (f", before {rest} counted" if rest else "")
        if self.play:
            return "121 reached in the play, before the show"
        return "121 reached with his heels, before the play"


def deal_numbers(match: Match) -> list[tuple[int, int]]:
    """Every deal of the match begun so far, as (game, deal) numbers, in order."""
    return [(game.number, deal.number) for game in match.played for deal in game.deals]


def _spoken(events: Sequence[Event]) -> list[Event]:
    """The play's events as told: a go said just before the same player's go point is left
    out (the player says only "one for the go")."""
    return [
        event
        for event, after in zip(events, [*events[1:], None], strict=False)
        if not (
            isinstance(event, SaidGo)
            and isinstance(after, GoPoint)
            and after.player == event.player
        )
    ]


def _play(deal: Deal) -> tuple[PlayLine, ...]:
    lines: list[PlayLine] = []
    count = 0
    for event in _spoken(deal.events):
        if isinstance(event, Laid):
            count = event.count
            lines.append(
                PlayLine(
                    event.player,
                    event.card,
                    count,
                    event.points,
                    call(count, event.items),
                    tuple(why(item) for item in event.items),
                    count == MAX_COUNT,
                )
            )
        elif isinstance(event, SaidGo):
            lines.append(PlayLine(event.player, None, event.count, 0, "go", (), False))
        elif isinstance(event, GoPoint):
            lines.append(
                PlayLine(
                    event.player, None, count, 1, go_call(event.item), (why(event.item),), True
                )
            )
    return tuple(lines)


def _result(match: Match, game: int, deal: Deal) -> GameResult | None:
    """The game's result when it ended in this deal."""
    played = match.played[game - 1]
    if len(match.results) < game or played.deals[-1] is not deal:
        return None
    return match.results[game - 1]


def review_deal(
    match: Match,
    game: int,
    deal: int,
    coached: Iterable[int] = (),
    viewer: int | None = None,
) -> DealReview:
    """Deal ``deal`` of game ``game`` told in full; the discards of the seats in ``coached``
    get the coach's verdict. A deal not played to its end is told as ``viewer`` saw it (the
    other seat's hand, discard and verdict left out; None: as the record holds it)."""
    if not 1 <= game <= len(match.played):
        raise IndexError(f"no game {game}: the match has {len(match.played)}")
    deals = match.played[game - 1].deals
    if not 1 <= deal <= len(deals):
        raise IndexError(f"no deal {deal} in game {game}: it has {len(deals)}")
    played = deals[deal - 1]
    result = _result(match, game, played)
    complete = result is not None or played is not match.deal or match.is_over
    hidden = set() if complete or viewer is None else {1 - viewer}
    previous = deals[deal - 2].scores if deal > 1 else None
    before = previous or (0, 0)
    coached = set(coached) - hidden
    verdicts: list[DiscardVerdict | None] = [None, None]
    for seat in coached:
        chosen = played.discards[seat]
        if chosen is not None:
            verdicts[seat] = discard_verdict(match, seat, game, deal, (chosen[0], chosen[1]))
    hands = tuple(None if seat in hidden else played.hands[seat] for seat in (0, 1))
    discards = tuple(None if seat in hidden else played.discards[seat] for seat in (0, 1))
    return DealReview(
        game=game,
        number=deal,
        dealer=played.dealer,
        hands=(hands[0], hands[1]),
        discards=(discards[0], discards[1]),
        verdicts=(verdicts[0], verdicts[1]),
        starter=played.starter if played.turned else None,
        heels=played.heels,
        play=_play(played),
        show=tuple(ShowLine(c.player, c.label, c) for c in played.show),
        pegged=(played.pegged[0], played.pegged[1]),
        before=before,
        after=played.scores or before,
        result=result,
        complete=complete,
    )
