"""A value near the end of a game: the chance of winning from a score, of each discard and card.

How the chance is estimated (the data: ``data/expert.json``, rebuilt by
``scripts/build/build_expert_tables.py``): ``standard`` played ``standard`` over
thousands of seeded games, and every deal played to the crib gave one sample of
the deal's points in blocks: the two players' pegging (jointly), his heels,
pone's hand, the dealer's hand, the crib. A dynamic programme over those
distributions, deal after deal in the order of the show (pegging, pone's hand,
the dealer's hand and crib; the blocks taken as independent), gives
``win[p][d]``: the chance that the next deal's pone, at ``p``, reaches 121 before
the dealer, at ``d``.

Near the end of a game the expert stops counting points and counts wins:

* a **discard** is worth the chance of winning over this deal's outcomes: its own
  exact hand (over every starter), and for the dealer its exact hand, crib and
  heels together; the pegging, the opponent's hand and a crib not one's own from
  the measured distributions; then ``win`` for the deals after;
* a **card** in the play is worth, averaged over every hand the opponent can
  still hold (the decision's model, as in :mod:`~solitaire.match.decide.search`), the
  chance of winning when the opponent answers it without seeing this player's cards
  (the honest model of :mod:`~solitaire.match.decide.blind`: the card ``standard``
  would lay) and both then play the rest of the play to win it, both hands known:
  pegging out wins at once, and at the end of the play the show is counted (this
  player's hand exactly, the opponent's kept ranks without flush or nobs, the crib from
  its distribution) in order.

**In a series** (``--games N``) a game is worth game points, not one win: 2 when the
loser has not passed 90, 3 (or 4) when not past 60. There the value of a choice is
its expected game points won less those lost, ``E``, as a number from 0 to 1 like a
chance: ``(E + S) / (2 S)``, ``S`` the double skunk's game points (a win worth one
game then gives ``(1 + S) / (2 S)``, a loss one minus that). The same sums give it:
each end of the game is worth :attr:`WinModel.won` of the loser's score instead of
one, and the table of the deals after comes from the same dynamic programme
(:func:`win_table`) with those ends. A player's ``stakes`` (:func:`series_stakes`)
say which: 0 for a single game, whose value stays the chance of winning.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.core.discards import DISCARDS, Position
from solitaire.core.errors import InputError
from solitaire.core.kernel import four_points, round_counts
from solitaire.core.scoring import rank_points, score_hand
from solitaire.match.decide.blind import Blind, Model
from solitaire.match.decide.hidden import Hidden, model_of
from solitaire.match.decide.solver import (
    HAND_LEAST,
    HAND_MOVES,
    bounds_after,
    hand_id,
    series_tail,
    tail_steps,
)
from solitaire.match.decide.tables import TABLE_PATH
from solitaire.match.game import DOUBLE_SKUNK_POINTS, GAME_POINTS, Observation, skunk_of
from solitaire.match.pegging import MAX_COUNT

__all__ = [
    "NEAR_END",
    "WinModel",
    "discard_chances",
    "is_near_end",
    "model",
    "model_for",
    "play_chances",
    "series_stakes",
    "win_table",
]

_KEEPS: Final = [[i for i in range(6) if i not in pair] for pair in DISCARDS]  # cards kept
NEAR_END: Final = 85  # from here (either score) the expert plays to win, not for points
Floats = NDArray[np.float64]
Ints = NDArray[np.int64]


@dataclass(frozen=True)
class WinModel:
    """The measured deal distributions and the win table built from them."""

    win: Floats  # [pone's score, dealer's score] -> P(the next deal's pone wins)
    dealer_pegs: NDArray[np.int64]  # the joint pegging outcomes (heels apart) ...
    pone_pegs: NDArray[np.int64]
    peg_weights: Floats  # ... and their chances
    pone_hand: Floats  # P(points) by points
    dealer_hand: Floats
    crib: Floats
    dealer_show: Floats  # the dealer's hand and crib together (independent)
    ahead: Floats  # [mine, theirs, me next dealer] -> :meth:`chance`, scores past 121 as 121
    won: Floats  # [the loser's score] -> the value of a win (all 1.0 in a single game)

    def chance(self, me: int, them: int, me_next_dealer: bool) -> float:
        """P(this player wins) from these scores, with the next deal dealt as said."""
        return float(self.ahead[min(me, GAME_POINTS), min(them, GAME_POINTS), int(me_next_dealer)])


@cache
def _table(path: Path = TABLE_PATH) -> Any:
    """The JSON table (a trusted package file), read once."""
    return json.loads(path.read_text())


@cache
def model(path: Path = TABLE_PATH) -> WinModel:
    """The model from its JSON table (checked only as far as a trusted package file needs)."""
    data = _table(path)
    deal = data["deal"]
    pegging = np.array(deal["pegging"], dtype=np.int64)
    dealer_hand = np.array(deal["dealer_hand"], dtype=np.float64)
    crib = np.array(deal["crib"], dtype=np.float64)
    win = np.array(data["win"], dtype=np.float64)
    won = np.ones(GAME_POINTS)
    return WinModel(
        win=win,
        dealer_pegs=pegging[:, 0],
        pone_pegs=pegging[:, 1],
        peg_weights=pegging[:, 2] / pegging[:, 2].sum(),
        pone_hand=np.array(deal["pone_hand"], dtype=np.float64),
        dealer_hand=dealer_hand,
        crib=crib,
        dealer_show=np.convolve(dealer_hand, crib),
        ahead=_ahead(win, won),
        won=won,
    )


def series_stakes(view: Observation) -> int:
    """0 in a single game; in a series, the game points of a double skunk (3 or 4)."""
    return view.double_skunk if view.games > 1 else 0


@cache
def model_for(stakes: int) -> WinModel:
    """The model for these ``stakes`` (:func:`series_stakes`): :func:`model` for 0, else
    its distributions with the value of game points and the win table they give."""
    if stakes not in (0, *DOUBLE_SKUNK_POINTS):
        raise InputError(f"stakes are 0 or a double skunk's game points, not {stakes!r}")
    single = model()
    if not stakes:
        return single
    points = np.array([(1, 2, stakes)[skunk_of(loser)] for loser in range(GAME_POINTS)])
    won = (points + stakes) / (2 * stakes)
    win = win_table(_table()["deal"], won)
    return replace(single, win=win, ahead=_ahead(win, won), won=won)


def _ahead(win: Floats, won: Floats) -> Floats:
    """:attr:`WinModel.ahead` from the win table and the value of each win."""
    ahead = np.zeros((GAME_POINTS + 1, GAME_POINTS + 1, 2))
    ahead[GAME_POINTS, :GAME_POINTS] = won[:, None]  # I have reached 121 and they have not
    ahead[:GAME_POINTS, GAME_POINTS] = 1.0 - won[:, None]  # they have, and I have not
    ahead[:GAME_POINTS, :GAME_POINTS, 0] = win  # I am the next deal's pone
    ahead[:GAME_POINTS, :GAME_POINTS, 1] = 1.0 - win.T
    return ahead


def win_table(deal: Mapping[str, Any], won: Floats) -> Floats:
    """``[p, d]``: the value for the next deal's pone (score p) against the dealer (score d)
    of the game played out over the deal distributions of ``deal`` (the table file's),
    a win worth ``won`` of the loser's score (all ones: the chance of winning).

    Deals are played in the order of the show: the pegging (his heels taken as
    independent of it), pone's hand, the dealer's hand and crib (independent, added);
    a deal where both peg past 121 counts as half a win each.
    """
    goal = GAME_POINTS
    heels = deal["heels"] / deal["deals"]
    outcomes: Counter[tuple[int, int]] = Counter()
    for dealer, pone, n in deal["pegging"]:
        outcomes[(dealer, pone)] += n * (1 - heels)
        outcomes[(dealer + 2, pone)] += n * heels
    pone_pegs = np.array([pone for _, pone in outcomes])
    dealer_pegs = np.array([dealer for dealer, _ in outcomes])
    peg_weights = np.array(list(outcomes.values())) / sum(outcomes.values())
    hand = np.array(deal["pone_hand"])
    show = np.convolve(deal["dealer_hand"], deal["crib"])
    wide = goal + max(len(hand), len(show), int(pone_pegs.max()) + 1, int(dealer_pegs.max()) + 1)
    win = np.zeros((goal, goal))  # [pone's score, dealer's score] before the deal
    # after the pegging, with pone's and the dealer's score: pone past 121 first wins,
    # the dealer first loses, both: half a win each
    pegged = np.zeros((wide, wide))
    pegged[goal:, :goal] = won
    pegged[:goal, goal:] = 1.0 - won[:, None]
    pegged[goal:, goal:] = 0.5
    shown = np.zeros((goal, goal))  # after pone's hand too: [pone's score, dealer's score]
    hands = np.arange(len(hand))
    shows = np.arange(len(show))
    # By total score, highest first: every deal pegs at least one point (the last card),
    # and each block looks only at totals as high as its own.
    for total in range(2 * goal - 2, -1, -1):
        pairs = [(p, total - p) for p in range(max(0, total - goal + 1), min(goal - 1, total) + 1)]
        for p, d in pairs:
            win[p, d] = peg_weights @ pegged[p + pone_pegs, d + dealer_pegs]
        for p, d in pairs:  # the dealer shows: the next deal's pone is this deal's dealer
            later = d + shows
            live = later < goal
            shown[p, d] = show[live] @ (1.0 - win[later[live], p]) + show[~live].sum() * (
                1.0 - won[p]
            )
        for p, d in pairs:  # pone shows first
            after = p + hands
            live = after < goal
            pegged[p, d] = hand[~live].sum() * won[d] + hand[live] @ shown[after[live], d]
    return win


def is_near_end(view: Observation) -> bool:
    """True once either player has reached :data:`NEAR_END`."""
    return max(view.scores) >= NEAR_END


# Sums below run in a fixed order (np.add.accumulate adds one term after another, as a
# loop would): a chance is the same float however the work is batched.


def _last_sum(terms: Floats, axis: int) -> Floats:
    """The terms added up in order along ``axis`` (a zero term changes nothing)."""
    sums: Floats = np.add.accumulate(terms, axis=axis)
    return np.asarray(sums.take(-1, axis=axis))


def _after_pegging(
    wins: WinModel, dealer: bool, me: Ints, them: Ints, mines: Floats, theirs: Floats
) -> Floats:
    """P(I win) (the value, in a series) once the pegging leaves the scores at ``me`` and
    ``them`` (one per outcome), for each row of ``mines`` (the chances of my show's points)
    and ``theirs`` (of the opponent's), pone's show counted first: [row, outcome]."""
    my_scores = np.minimum(me[:, None, None] + np.arange(mines.shape[1])[:, None], GAME_POINTS)
    their_scores = np.minimum(them[:, None, None] + np.arange(len(theirs)), GAME_POINTS)
    if dealer:  # pone shows first: their points that reach 121 win for them
        chances = wins.ahead[my_scores, their_scores, 0]  # [outcome, mine, theirs]
        later = np.stack([_last_sum(mine[:, None] * chances, axis=1) for mine in mines])
        lost = theirs * (1.0 - wins.won[np.minimum(me, GAME_POINTS - 1)])[:, None]
        return _last_sum(np.where(their_scores[:, 0] < GAME_POINTS, theirs * later, lost), axis=2)
    chances = wins.ahead[my_scores, their_scores, 1]
    won = wins.won[np.minimum(them, GAME_POINTS - 1)][:, None]
    later = np.where(my_scores[:, :, 0] < GAME_POINTS, _last_sum(theirs * chances, axis=2), won)
    return _last_sum(mines[:, None, :] * later, axis=2)


def _deal_chances(wins: WinModel, dealer: bool, scores: tuple[int, int], mines: Floats) -> Floats:
    """P(win) over this deal's pegging and the opponent's show, for each row of ``mines``
    (the chances of my show's points), from ``scores`` (mine, theirs)."""
    my_pegs, their_pegs = (
        (wins.dealer_pegs, wins.pone_pegs) if dealer else (wins.pone_pegs, wins.dealer_pegs)
    )
    me = scores[0] + my_pegs
    them = scores[1] + their_pegs
    theirs = wins.pone_hand if dealer else wins.dealer_show
    mine_out, theirs_out = me >= GAME_POINTS, them >= GAME_POINTS
    won = wins.won[np.minimum(them, GAME_POINTS - 1)]
    lost = 1.0 - wins.won[np.minimum(me, GAME_POINTS - 1)]
    pegged_out = np.where(mine_out & theirs_out, 0.5, np.where(mine_out, won, lost))
    after = np.where(
        mine_out | theirs_out, pegged_out, _after_pegging(wins, dealer, me, them, mines, theirs)
    )
    return _last_sum(wins.peg_weights * after, axis=1)


def discard_chances(view: Observation, stakes: int = 0) -> dict[tuple[Card, Card], float]:
    """Each discard's chance of winning the game (its value for ``stakes`` in a series),
    this deal's own points counted exactly."""
    scores = (view.scores[view.player], view.scores[1 - view.player])
    return dict(_discard_chances(view.dealt, view.is_dealer, scores, stakes))


@lru_cache(maxsize=64)  # the expert's discard, the coach's and the review's ask for the same six
def _discard_chances(
    six: tuple[Card, ...], dealer: bool, scores: tuple[int, int], stakes: int
) -> Mapping[tuple[Card, Card], float]:
    if dealer:
        position = Position.make(six)
        counts = round_counts(position.six, position.unseen, None).counts
        mines = counts / counts.sum(axis=1, keepdims=True)
    else:  # my hand over every starter
        keeps = np.array(six, dtype=np.int64)[_KEEPS]
        unseen = np.array([card for card in ALL_CARDS if card not in six], dtype=np.int64)
        shape = (len(DISCARDS), len(unseen))
        points = four_points(
            np.broadcast_to(keeps[:, None], (*shape, 4)), np.broadcast_to(unseen, shape), crib=False
        )
        width = int(points.max()) + 1
        rows = points + width * np.arange(len(DISCARDS))[:, None]
        counts = np.bincount(rows.ravel(), minlength=width * len(DISCARDS))
        mines = counts.reshape(len(DISCARDS), width) / len(unseen)
    mines = mines[:, : int(np.flatnonzero(mines.any(axis=0))[-1]) + 1]  # up to the most points
    chances = _deal_chances(model_for(stakes), dealer, scores, mines)
    return MappingProxyType(
        {(six[a], six[b]): float(chance) for (a, b), chance in zip(DISCARDS, chances, strict=True)}
    )


# -- the play, to win ----------------------------------------------------------------------


_Show = tuple[bool, int, int, int]  # am I the dealer; my hand's, the opponent's show; stakes


@cache
def _show_chance(show: _Show, me: int, them: int) -> float:
    """P(I win) (the value, in a series) from the scores at the end of the play, the show
    still to count."""
    dealer, mine, theirs, stakes = show
    wins = model_for(stakes)
    if dealer:
        if them + theirs >= GAME_POINTS:
            return 1.0 - float(wins.won[me])
        mine_show, their_show = np.convolve(_point(mine), wins.crib), _point(theirs)
    else:
        mine_show, their_show = _point(mine), np.convolve(_point(theirs), wins.crib)
    at = np.array([me]), np.array([them])
    return float(_after_pegging(wins, dealer, *at, mine_show[None], their_show)[0, 0])


@cache
def _won(stakes: int) -> tuple[float, ...]:
    """:attr:`WinModel.won` for ``stakes``, as floats quick to index."""
    return tuple(float(value) for value in model_for(stakes).won)


@cache
def _point(points: int) -> Floats:
    out = np.zeros(points + 1)
    out[points] = 1.0
    return out


_Memo = dict[tuple[object, ...], tuple[float, float]]
_RESTART: Final = (0, 0)  # the count and the (empty) tail when the count restarts


def _play_to_win(
    x: int,
    y: int,
    series: tuple[int, ...],
    at: tuple[int, int],
    scores: tuple[int, int],
    x_is_me: bool,
    show: _Show,
    memo: _Memo,
    alpha: float,
    beta: float,
) -> float:
    """P(x wins the game), x to lay a card that fits, both playing the play to win.

    Hands are ids (:func:`~solitaire.match.decide.solver.hand_id`); ``at`` is the series'
    count and its scoring tail (:func:`~solitaire.match.decide.solver.tail_steps`).
    Alpha-beta, fail-soft, with bounds kept in ``memo`` (as in the search of points).
    """
    key = (x, y, series, scores, x_is_me)
    low, high = memo.get(key, (0.0, 1.0))
    if low == high or low >= beta:
        return low
    if high <= alpha:
        return high
    if low > alpha:
        alpha = low
    if high < beta:
        beta = high
    count, tail = at
    steps = tail_steps(tail)
    children = []
    for rank, pips, rest in HAND_MOVES[x]:
        new_count = count + pips
        if new_count > MAX_COUNT:
            continue
        new_tail, points = steps[rank]
        if new_count == 15 or new_count == MAX_COUNT:
            points += 2
        children.append((points, (*series, rank), rest, (new_count, new_tail)))
    children.sort(reverse=True)  # (no two children share the series laid)
    best = -1.0
    bound = alpha
    for points, laid, rest, after in children:
        mine = scores[0] + points
        if mine >= GAME_POINTS:
            value = _won(show[3])[scores[1]]  # pegging out wins at once
        else:
            value = _after_lay(
                rest, y, laid, after, (mine, scores[1]), x_is_me, show, memo, bound, beta
            )
        if value > best:
            best = value
            if value > bound:
                bound = value
                if bound >= beta:
                    break
    memo[key] = bounds_after(low, high, best, alpha, beta)
    return best


def _after_lay(
    laid_by: int,
    other: int,
    series: tuple[int, ...],
    at: tuple[int, int],
    scores: tuple[int, int],
    is_me: bool,
    show: _Show,
    memo: _Memo,
    alpha: float = 0.0,
    beta: float = 1.0,
) -> float:
    """P(win) for the player who just laid (now holding ``laid_by``; scores theirs first)."""
    count = at[0]
    if count != MAX_COUNT:
        room = MAX_COUNT - count
        if HAND_LEAST[other] <= room:
            swapped = (scores[1], scores[0])
            return 1.0 - _play_to_win(
                other, laid_by, series, at, swapped, not is_me, show, memo, 1.0 - beta, 1.0 - alpha
            )
        if HAND_LEAST[laid_by] <= room:
            return _play_to_win(laid_by, other, series, at, scores, is_me, show, memo, alpha, beta)
        scores = (scores[0] + 1, scores[1])  # the go, or the last card
        if scores[0] >= GAME_POINTS:
            return _won(show[3])[scores[1]]
    swapped = (scores[1], scores[0])
    if other:
        return 1.0 - _play_to_win(
            other, laid_by, (), _RESTART, swapped, not is_me, show, memo, 1.0 - beta, 1.0 - alpha
        )
    if laid_by:
        return _play_to_win(laid_by, other, (), _RESTART, scores, is_me, show, memo, alpha, beta)
    me, them = scores if is_me else swapped
    chance = _show_chance(show, me, them)
    return chance if is_me else 1.0 - chance


def play_chances(
    view: Observation, hidden: Hidden | None = None, stakes: int = 0, model: Model = "honest"
) -> dict[Card, float]:
    """Each card that fits: the chance of winning the game (its value for ``stakes`` in a
    series), over every hidden hand of the model (``hidden``, else built from ``view``).

    With the ``"honest"`` model the opponent's next card is laid without seeing mine, as
    in the search of points (:class:`~solitaire.match.decide.blind.Blind`), and the rest
    of the play is played to win with both hands known; with ``"open"`` both hands are
    known from my card on.
    """
    fits = [card for card in view.hand if view.count + card.value <= MAX_COUNT]
    if not fits or view.starter is None:
        return {}
    model_ = model_of(view, hidden)
    hands, total = model_.hands, model_.total
    mine = tuple(sorted(card.rank for card in view.hand))
    kept = [card for card in view.dealt if view.discard is None or card not in view.discard]
    my_show = score_hand(tuple(kept), view.starter).total
    their_laid = [card.rank for who, card in view.laid if who != view.player]
    series = tuple(card.rank for card in view.series)
    me, them = view.scores[view.player], view.scores[1 - view.player]
    shows = [
        (view.is_dealer, my_show, rank_points([*their_laid, *hand, view.starter.rank]), stakes)
        for hand, _ in hands
    ]
    tail = series_tail(series)
    ids = [hand_id(hand) for hand, _ in hands]
    won = _won(stakes)
    by_rank: dict[int, float] = {}  # two cards of a rank are worth the same
    for rank in sorted({card.rank for card in fits}):
        blind = Blind(view, mine, tail, rank)
        rest_id, count, new_tail, points = blind.laid
        if me + points >= GAME_POINTS:
            by_rank[rank] = won[them]
            continue
        laid = (*series, rank)
        chance = 0.0
        for (ranks, weight), hand, show in zip(hands, ids, shows, strict=True):
            answer = blind.choose(ranks, hand) if model == "honest" else None
            if answer is None:  # the open model, or no card of theirs fits at once
                value = _after_lay(
                    rest_id, hand, laid, (count, new_tail), (me + points, them), True, show, {}
                )
            else:
                reply, _, left = answer
                pegs, count_after, tail_after, _ = blind.answers[reply]
                if them + pegs >= GAME_POINTS:
                    value = 1.0 - won[me + points]
                else:
                    theirs = (reply,) if count == MAX_COUNT else (*laid, reply)
                    value = 1.0 - _after_lay(
                        left,
                        rest_id,
                        theirs,
                        (count_after, tail_after),
                        (them + pegs, me + points),
                        False,
                        show,
                        {},
                    )
            chance += weight * value
        by_rank[rank] = chance / total
    return {card: by_rank[card.rank] for card in fits}
