"""The play of two known hands searched to its end: the exact net pegging of each card.

Below the values of a decision (:mod:`solitaire.match.decide`): given the hand to
lay, the other hand, the count and the series, the rest of the play is a
two-player game of perfect information: each side lays to maximise its own
pegging minus the other's. It is solved exactly by negamax with alpha-beta
pruning, captures first. The searches over hidden hands
(:mod:`~solitaire.match.decide.search`, :mod:`~solitaire.match.decide.endgame`)
and the lead table's builder call it; it reads no observation.

* **Shared work.** A position is (the hand to lay, the other hand, the count,
  the tail of the series that can still score) and its value does not depend on
  what is unseen, so one transposition table of bounds serves every hidden hand
  and every later decision (it is emptied when it grows past a bound). The tail
  kept is the trailing cards of one rank (pairs) or else the longest suffix of
  distinct ranks that a run could still extend.
* **Ids.** Hands (ascending ranks) and tails are interned as small ints
  (:func:`hand_id`, :func:`series_tail`), so a position is one int key.

>>> solve([5], [10], 0, [])  # their ten makes 15 for 2, and is the last card for 1
-3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from solitaire.core.errors import InputError
from solitaire.match.pegging import MAX_COUNT

__all__ = [
    "HAND_LEAST",
    "HAND_MOVES",
    "INF",
    "Hand",
    "after",
    "bounds_after",
    "clear_table",
    "hand_id",
    "lay",
    "nets_after",
    "peg_ranks",
    "series_tail",
    "solve",
    "tail_steps",
    "trim_table",
]

Hand = tuple[int, ...]  # ranks 1-13, ascending: a hand as the play sees it
Tail = tuple[int, ...]  # ranks of the scoring tail of the series

_VALUE: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # by rank
_PAIR_POINTS: Final = (0, 0, 2, 6, 12)  # by how many of a rank end the series
_INF: Final = 1000
INF: Final = _INF  # beyond any net pegging: a search's full window is (-INF, INF)
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
    # bounds_after(low, high, best, alpha, beta), written out: this is the hot path
    if best <= alpha:
        _table[key] = (low, best if best < high else high)
    elif best >= beta:
        _table[key] = (best if best > low else low, high)
    else:
        _table[key] = (best, best)
    return best


def after(laid: int, other: int, count: int, tail: int, alpha: int, beta: int) -> int:
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
    trim_table()
    return _negamax(x, y, count, series_tail(series), -_INF, _INF)


def trim_table() -> None:
    """Empty the table of positions once it has grown past its bound (before a search)."""
    if len(_table) > _TABLE_LIMIT:
        _table.clear()


def lay(mine: Hand, rank: int, count: int, tail: int) -> tuple[int, int, int, int]:
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
    trim_table()
    rest, new_count, new_tail, points = lay(mine, rank, count, tail)
    return [points + after(rest, hand, new_count, new_tail, -_INF, _INF) for hand in hands]
