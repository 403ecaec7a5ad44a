"""The play searched to its end: each legal card's exact expected net pegging.

For the player to lay, every card that fits is valued by the points it pegs now
plus all that both players peg after it to the end of the play, theirs minus the
opponent's, averaged over every hand the opponent can still hold:

* **The hidden hands.** The opponent holds ``opponent_held`` of the cards this
  player has not seen (the opponent's discards and the undealt cards among them),
  except those the play has ruled out: an opponent who could not lay at count
  ``c`` while holding cards holds none worth ``31 - c`` or less. Pegging depends
  on ranks only, so the hands are summed as rank multisets (about 1,800 for four
  hidden cards instead of 150,000 hands), each weighted mostly by how often a
  sound player keeps it and partly by how many card hands make it (the product
  of ``C(unseen of the rank, taken)``): :mod:`~solitaire.match.inference`.
* **The rest of the play, per hidden hand.** Given the opponent's hand both hands
  are known, and the rest of the play is a two-player game of perfect
  information: each side lays to maximise its own pegging minus the other's. It
  is solved exactly by negamax with alpha-beta pruning, captures first.
* **Shared work.** A position is (the hand to lay, the other hand, the count,
  the tail of the series that can still score) and its value does not depend on
  what is unseen, so one transposition table of bounds serves every hidden hand
  and every later decision (it is emptied when it grows past a bound). The tail
  kept is the trailing cards of one rank (pairs) or else the longest suffix of
  distinct ranks that a run could still extend.

Values are integer sums divided once (:class:`~fractions.Fraction`). Both
players are assumed to lay knowing both hands from here on, the usual model of
computer cribbage players (exhaustive here, where others sample the hands).

>>> from solitaire.match.game import Match
>>> match = Match.from_cards(0, ["5H 5C 9D TS JH 2C", "AH 3C 4D 6S 8H KC"], "QD")
>>> _ = match.discard(1, "6S 8H"), match.discard(0, "9D 2C")
>>> values = play_values(match.observation(1))
>>> [(str(card), round(float(value), 4)) for card, value in sorted(values.items())]
[('AH', -1.8241), ('3C', -1.5132), ('4D', -1.2523), ('KC', -1.9689)]
>>> values[Card.parse("4D")].denominator  # one exact fraction, divided once
12514385060100
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Final, TypeVar

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.core.errors import InputError
from solitaire.match.game import Observation
from solitaire.match.inference import Hand, blend, kept_weights
from solitaire.match.lead import is_opening_lead, lead_values
from solitaire.match.pegging import MAX_COUNT

__all__ = [
    "HAND_LEAST",
    "HAND_MOVES",
    "PlayOption",
    "card_hands",
    "clear_table",
    "hand_id",
    "hidden_hands",
    "nets_after",
    "peg_ranks",
    "play_options",
    "play_values",
    "search_values",
    "series_tail",
    "solve",
    "tail_steps",
]

Tail = tuple[int, ...]  # ranks of the scoring tail of the series

_VALUE: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # by rank
_PAIR_POINTS: Final = (0, 0, 2, 6, 12)  # by how many of a rank end the series
_INF: Final = 1000
_TABLE_LIMIT: Final = 1_000_000  # positions kept between calls (some 150 MB at most)
_LONGEST_RUN: Final = 7  # A-7 is the longest run that fits under 31

# Hands and tails are interned as small ints so a position is one int key.
_hand_ids: dict[Hand, int] = {(): 0}
_hands: list[Hand] = [()]
_least: list[int] = [_INF]  # the least value in each hand (none: never fits)
_moves: list[tuple[tuple[int, int, int], ...]] = [()]  # rank, value, the hand left without it
_tail_ids: dict[Tail, int] = {(): 0}
_tails: list[Tail] = [()]
_steps: list[tuple[tuple[int, int], ...] | None] = [None]  # by rank: the next tail, its points
_table: dict[int, tuple[int, int]] = {}  # position -> (lower, upper) bound of its value
HAND_MOVES: Final = _moves  # by hand id: (rank, value, the hand left) of each rank it holds
HAND_LEAST: Final = _least  # by hand id: the least value it holds (none: more than 31)


def clear_table() -> None:
    """Forget every stored position (for timing a cold search)."""
    _table.clear()


def hand_id(hand: Hand) -> int:
    """The id of a hand (ascending ranks), interning it and its moves on first sight."""
    found = _hand_ids.get(hand)
    if found is not None:
        return found
    moves = tuple(
        (rank, _VALUE[rank], hand_id(hand[:i] + hand[i + 1 :]))
        for i, rank in enumerate(hand)
        if i == 0 or hand[i - 1] != rank
    )
    index = len(_hands)
    _hand_ids[hand] = index
    _hands.append(hand)
    _least.append(_VALUE[hand[0]])
    _moves.append(moves)
    return index


def _tail_id(tail: Tail) -> int:
    found = _tail_ids.get(tail)
    if found is None:
        found = len(_tails)
        _tail_ids[tail] = found
        _tails.append(tail)
        _steps.append(None)
    return found


def _lay_rank(tail: Tail, rank: int) -> tuple[Tail, int]:
    """The tail after laying ``rank`` and what the pairs and runs of it peg."""
    if tail and tail[-1] == rank:
        new = (*tail, rank)[-4:] if all(t == rank for t in tail) else (rank, rank)
        return new, _PAIR_POINTS[len(new)]  # (a fifth of a rank is never laid)
    base = tail[-1:] if len(tail) > 1 and tail[-1] == tail[-2] else tail
    if rank in base:
        base = base[base.index(rank) + 1 :]
    new = (*base, rank)
    while max(new) - min(new) >= _LONGEST_RUN:
        new = new[1:]  # no run can reach back to the first card any more
    for n in range(len(new), 2, -1):
        last = new[-n:]
        if max(last) - min(last) == n - 1:
            return new, n
    return new, 0


def _steps_of(tail: int) -> tuple[tuple[int, int], ...]:
    """For each rank (index 1-13): the tail after laying it and its pair and run points."""
    steps = _steps[tail]
    if steps is None:
        laid = [_lay_rank(_tails[tail], rank) for rank in range(1, 14)]
        steps = ((tail, 0), *((_tail_id(new), points) for new, points in laid))
        _steps[tail] = steps
    return steps


def tail_steps(tail: int) -> tuple[tuple[int, int], ...]:
    """By rank laid (1-13): the tail after it (ids, as :func:`series_tail`'s) and what its
    pairs and runs peg."""
    return _steps[tail] or _steps_of(tail)


def peg_ranks(series: Sequence[int]) -> int:
    """What the last rank of a series (ranks 1-13 since the count restarted) pegs."""
    points = _steps_of(series_tail(series[:-1]))[series[-1]][1]
    count = sum(_VALUE[rank] for rank in series)
    return points + (2 if count in (15, MAX_COUNT) else 0)


def series_tail(ranks: Sequence[int]) -> int:
    """The id of the scoring tail of a series laid in this order (the empty series: 0)."""
    tail = 0
    for rank in ranks:
        tail = _steps_of(tail)[rank][0]
    return tail


V = TypeVar("V", int, float)


def bounds_after(low: V, high: V, best: V, alpha: V, beta: V) -> tuple[V, V]:
    """A position's (lower, upper) bounds once searched in the window (alpha, beta) to ``best``:
    a fail-low bounds it from above, a fail-high from below, else it is exact."""
    if best <= alpha:
        return low, min(high, best)
    if best >= beta:
        return max(low, best), high
    return best, best


def _negamax(x: int, y: int, count: int, tail: int, alpha: int, beta: int) -> int:
    """Net pegging to the end of the play for the player holding ``x``, to lay a card that fits.

    Fail-soft: a result at or below ``alpha`` is an upper bound, at or above ``beta`` a
    lower bound, between them exact. (What follows a card is :func:`_after`, written
    out in the loop: this is the hot path.)
    """
    key = (((x << 14 | y) << 5 | count) << 20) | tail
    entry = _table.get(key)
    if entry is None:
        low, high = -_INF, _INF
    else:
        low, high = entry
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
    room = MAX_COUNT - count
    steps = _steps[tail] or _steps_of(tail)
    least = _least
    children = []
    for rank, value, rest in _moves[x]:
        if value <= room:
            new_tail, points = steps[rank]
            new_count = count + value
            if new_count == 15 or new_count == MAX_COUNT:
                points += 2
            children.append((points, new_count, new_tail, rest))
    if len(children) > 1:
        children.sort(reverse=True)  # captures first: the best card is usually among them
    best = -_INF
    bound = alpha
    for points, new_count, new_tail, rest in children:
        lo = bound - points
        hi = beta - points
        if new_count != MAX_COUNT:
            left = MAX_COUNT - new_count
            if least[y] <= left:
                value = points - _negamax(y, rest, new_count, new_tail, -hi, -lo)
            elif least[rest] <= left:
                value = points + _negamax(rest, y, new_count, new_tail, lo, hi)
            elif y:  # neither can lay: one for the go, and the count restarts
                value = points + 1 - _negamax(y, rest, 0, 0, 1 - hi, 1 - lo)
            elif rest:
                value = points + 1 + _negamax(rest, y, 0, 0, lo - 1, hi - 1)
            else:
                value = points + 1  # one for the last card
        elif y:
            value = points - _negamax(y, rest, 0, 0, -hi, -lo)
        elif rest:
            value = points + _negamax(rest, y, 0, 0, lo, hi)
        else:
            value = points
        if value > best:
            best = value
            if value > bound:
                bound = value
                if bound >= beta:
                    break
    _table[key] = bounds_after(low, high, best, alpha, beta)
    return best


def _after(laid: int, other: int, count: int, tail: int, alpha: int, beta: int) -> int:
    """Net pegging from here for the player who just laid (now holding ``laid``)."""
    if count != MAX_COUNT:
        room = MAX_COUNT - count
        if _least[other] <= room:
            return -_negamax(other, laid, count, tail, -beta, -alpha)
        if _least[laid] <= room:
            return _negamax(laid, other, count, tail, alpha, beta)
        # neither can lay: one for the go (or for the last card), and the count restarts
        alpha -= 1
        beta -= 1
        if other:
            return 1 - _negamax(other, laid, 0, 0, -beta, -alpha)
        if laid:
            return 1 + _negamax(laid, other, 0, 0, alpha, beta)
        return 1
    if other:
        return -_negamax(other, laid, 0, 0, -beta, -alpha)
    if laid:
        return _negamax(laid, other, 0, 0, alpha, beta)
    return 0


def solve(mine: Sequence[int], theirs: Sequence[int], count: int, series: Sequence[int]) -> int:
    """The exact net pegging to the end of the play with both hands known, ``mine`` to lay.

    Ranks 1-13; ``series`` is the ranks laid since the count restarted. The player to
    lay must hold a card that fits.
    """
    x, y = hand_id(tuple(sorted(mine))), hand_id(tuple(sorted(theirs)))
    if _least[x] > MAX_COUNT - count:
        raise InputError("the player to lay holds no card that fits")
    _trim()
    return _negamax(x, y, count, series_tail(series), -_INF, _INF)


def _trim() -> None:
    if len(_table) > _TABLE_LIMIT:
        _table.clear()


# -- what the player to lay can know ----------------------------------------------------


def _value_floor(view: Observation) -> int:
    """The least value a card the opponent still holds can have, from the goes seen this deal.

    Whenever the opponent held cards and did not lay at count ``c`` (they said go, or
    this player laid twice running), none of their cards was worth ``31 - c`` or less.
    """
    opponent = 1 - view.player
    floor = 1
    held = view.opponent_held + sum(1 for who, _ in view.laid if who == opponent)
    count = 0
    previous: int | None = None
    for index, (who, card) in enumerate(view.laid):
        if count + card.value > MAX_COUNT:
            # the count restarted: neither player could lay at ``count``
            if held and previous is not None:
                floor = max(floor, MAX_COUNT - count + 1)
            count = 0
        elif index and who == previous == view.player and held:
            floor = max(floor, MAX_COUNT - count + 1)
        count += card.value
        if who == opponent:
            held -= 1
        previous = who
        if count == MAX_COUNT:
            count, previous = 0, None
    if held and (view.opponent_said_go or (count and not view.series)):
        floor = max(floor, MAX_COUNT - count + 1)  # a go now, or the go that ended the series
    return floor


def hidden_hands(view: Observation) -> tuple[list[tuple[Hand, int]], int]:
    """Every rank multiset the opponent can hold with its integer weight, and their sum.

    The weight is the blend of :func:`~solitaire.match.inference.blend`: mostly how
    often a sound discarder keeps the hand, partly how many card hands make it.
    """
    hands = blend(card_hands(view), kept_weights(view))
    return hands, sum(weight for _, weight in hands)


def card_hands(view: Observation) -> list[tuple[Hand, int]]:
    """Every rank multiset the opponent can hold with how many card hands make it."""
    floor = _value_floor(view)
    seen = view.seen()
    available = [0] * 14
    for card in ALL_CARDS:
        if card not in seen and card.value >= floor:
            available[card.rank] += 1
    return list(_multisets(available, 1, view.opponent_held))


def _hidden_ids(view: Observation) -> tuple[list[tuple[int, int]], int]:
    hands, total = hidden_hands(view)
    return [(hand_id(hand), weight) for hand, weight in hands], total


def _multisets(available: Sequence[int], rank: int, size: int) -> Iterator[tuple[Hand, int]]:
    if size == 0:
        yield (), 1
        return
    if rank > 13:
        return
    for take in range(min(size, available[rank]), -1, -1):
        ways = comb(available[rank], take)
        for rest, weight in _multisets(available, rank + 1, size - take):
            yield (rank,) * take + rest, ways * weight


@dataclass(frozen=True, slots=True)
class PlayOption:
    """One card the player may lay, valued by the search.

    ``net`` is the expected pegging to the end of the play, this player's minus the
    opponent's; ``pegs`` what the card pegs at once; ``reply`` the expected points the
    opponent pegs with the card the search has them answer with (0 when they cannot).
    """

    card: Card
    net: Fraction
    pegs: int
    reply: Fraction


def _root(view: Observation) -> tuple[Hand, int, int, list[Card]]:
    mine = tuple(sorted(card.rank for card in view.hand))
    fits = [card for card in view.hand if view.count + card.value <= MAX_COUNT]
    return mine, view.count, series_tail([card.rank for card in view.series]), fits


def _lay(mine: Hand, rank: int, count: int, tail: int) -> tuple[int, int, int, int]:
    """My hand's id, the count and the tail after laying ``rank``, and what it pegs."""
    rest = list(mine)
    rest.remove(rank)
    new_tail, points = _steps_of(tail)[rank]
    new_count = count + _VALUE[rank]
    if new_count in (15, MAX_COUNT):
        points += 2
    return hand_id(tuple(rest)), new_count, new_tail, points


def nets_after(mine: Hand, count: int, tail: int, rank: int, hands: Sequence[int]) -> list[int]:
    """Per hidden hand (an id): the exact net pegging to the end after laying ``rank``.

    ``mine`` holds ``rank``; ``tail`` is the id of the series' scoring tail.
    """
    _trim()
    rest, new_count, new_tail, points = _lay(mine, rank, count, tail)
    return [points + _after(rest, hand, new_count, new_tail, -_INF, _INF) for hand in hands]


def play_values(view: Observation) -> dict[Card, Fraction]:
    """Each card the player to lay may lay, with its exact expected net pegging to the end.

    Empty when no card fits (the player must say go). Pone's opening lead is read
    from a table of the same values (:mod:`~solitaire.match.lead`).
    """
    if is_opening_lead(view):
        return lead_values(view)
    return search_values(view)


def search_values(view: Observation) -> dict[Card, Fraction]:
    """:func:`play_values` by searching every hidden hand (no table)."""
    mine, count, tail, fits = _root(view)
    if not fits:
        return {}
    hands, total = _hidden_ids(view)
    ids = [hand for hand, _ in hands]
    sums = {}
    for rank in sorted({card.rank for card in fits}):
        nets = nets_after(mine, count, tail, rank, ids)
        sums[rank] = sum(weight * net for (_, weight), net in zip(hands, nets, strict=True))
    return {card: Fraction(sums[card.rank], total) for card in fits}


def play_options(view: Observation) -> list[PlayOption]:
    """:func:`play_values` with what each card pegs and the opponent's expected reply, best first.

    The opponent's reply, per hidden hand, is their card of the greatest value to
    them (the most it pegs at once among equals, then the highest rank).
    """
    mine, count, tail, fits = _root(view)
    hands, total = _hidden_ids(view)
    _trim()
    options = []
    for card in fits:
        rest, new_count, new_tail, points = _lay(mine, card.rank, count, tail)
        net = 0
        reply = 0
        room = MAX_COUNT - new_count
        for hand, weight in hands:
            if new_count == MAX_COUNT or _least[hand] > room:
                net += weight * _after(rest, hand, new_count, new_tail, -_INF, _INF)
                continue
            steps = _steps_of(new_tail)
            answers = []
            for rank, value, left in _moves[hand]:
                if value <= room:
                    answer_tail, answer_points = steps[rank]
                    answer_count = new_count + value
                    if answer_count in (15, MAX_COUNT):
                        answer_points += 2
                    then = _after(left, rest, answer_count, answer_tail, -_INF, _INF)
                    answers.append((answer_points + then, answer_points, rank))
            best, pegged, _ = max(answers)
            net -= weight * best
            reply += weight * pegged
        options.append(
            PlayOption(card, points + Fraction(net, total), points, Fraction(reply, total))
        )
    options.sort(key=lambda option: (option.net, option.card), reverse=True)
    return options
