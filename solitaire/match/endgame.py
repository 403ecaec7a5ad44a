"""The chance of winning from a score, and the choices that maximise it near the end of a game.

How the chance is estimated (the data: ``data/expert.json``, rebuilt by
``scripts/build_expert_tables.py``): ``standard`` played ``standard`` over
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
  still hold (as in :mod:`~solitaire.match.search`), the chance of winning when
  both play the rest of the play to win it: pegging out wins at once, and at the
  end of the play the show is counted (this player's hand exactly, the opponent's
  kept ranks without flush or nobs, the crib from its distribution) in order.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Final

import numpy as np
from numpy.typing import NDArray

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.core.scoring import rank_points, score_hand
from solitaire.match.game import GAME_POINTS, Observation
from solitaire.match.pegging import MAX_COUNT
from solitaire.match.search import bounds_after, hidden_hands, peg_ranks
from solitaire.patience.advisor import Position
from solitaire.patience.kernel import DISCARDS, round_counts

__all__ = [
    "NEAR_END",
    "TABLE_PATH",
    "WinModel",
    "discard_chances",
    "is_near_end",
    "model",
    "play_chances",
]

TABLE_PATH: Final = Path(__file__).parent / "data" / "expert.json"
NEAR_END: Final = 85  # from here (either score) the expert plays to win, not for points
Floats = NDArray[np.float64]


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

    def chance(self, me: int, them: int, me_next_dealer: bool) -> float:
        """P(this player wins) from these scores, with the next deal dealt as said."""
        if me >= GAME_POINTS or them >= GAME_POINTS:
            return 1.0 if me >= GAME_POINTS and them < GAME_POINTS else 0.0
        if me_next_dealer:
            return 1.0 - float(self.win[them, me])
        return float(self.win[me, them])


@cache
def model(path: Path = TABLE_PATH) -> WinModel:
    """The model from its JSON table (checked only as far as a trusted package file needs)."""
    data = json.loads(path.read_text())
    deal = data["deal"]
    pegging = np.array(deal["pegging"], dtype=np.int64)
    dealer_hand = np.array(deal["dealer_hand"], dtype=np.float64)
    crib = np.array(deal["crib"], dtype=np.float64)
    return WinModel(
        win=np.array(data["win"], dtype=np.float64),
        dealer_pegs=pegging[:, 0],
        pone_pegs=pegging[:, 1],
        peg_weights=pegging[:, 2] / pegging[:, 2].sum(),
        pone_hand=np.array(deal["pone_hand"], dtype=np.float64),
        dealer_hand=dealer_hand,
        crib=crib,
        dealer_show=np.convolve(dealer_hand, crib),
    )


def is_near_end(view: Observation) -> bool:
    """True once either player has reached :data:`NEAR_END`."""
    return max(view.scores) >= NEAR_END


def _distribution(points: Sequence[int]) -> Floats:
    """P(points) by points, each entry of ``points`` equally likely."""
    out = np.bincount(np.asarray(points)).astype(np.float64)
    return out / len(points)


def _after_pegging_as_dealer(
    wins: WinModel, me: int, them: int, mine: Floats, theirs: Floats
) -> float:
    """P(the dealer wins) after the pegging: pone shows ``theirs``, then the dealer ``mine``."""
    chance = 0.0
    for their_points, p_theirs in enumerate(theirs):
        if not p_theirs or them + their_points >= GAME_POINTS:
            continue
        later = 0.0
        for my_points, p_mine in enumerate(mine):
            if p_mine:
                later += p_mine * wins.chance(
                    me + my_points, them + their_points, me_next_dealer=False
                )
        chance += p_theirs * later
    return chance


def _after_pegging_as_pone(
    wins: WinModel, me: int, them: int, mine: Floats, theirs: Floats
) -> float:
    """P(pone wins) once the pegging is over: pone shows ``mine``, then the dealer ``theirs``."""
    chance = 0.0
    for my_points, p_mine in enumerate(mine):
        if not p_mine:
            continue
        if me + my_points >= GAME_POINTS:
            chance += p_mine
            continue
        later = 0.0
        for their_points, p_theirs in enumerate(theirs):
            if p_theirs:
                later += p_theirs * wins.chance(
                    me + my_points, them + their_points, me_next_dealer=True
                )
        chance += p_mine * later
    return chance


def _deal_chance(wins: WinModel, view: Observation, mine: Floats) -> float:
    """P(win) over this deal's pegging and the opponent's show, ``mine`` being my show's points."""
    me, them = view.scores[view.player], view.scores[1 - view.player]
    dealer = view.is_dealer
    theirs = wins.pone_hand if dealer else wins.dealer_show
    chance = 0.0
    for dealer_pegs, pone_pegs, weight in zip(
        wins.dealer_pegs, wins.pone_pegs, wins.peg_weights, strict=True
    ):
        my_pegs, their_pegs = (dealer_pegs, pone_pegs) if dealer else (pone_pegs, dealer_pegs)
        mine_now, theirs_now = me + int(my_pegs), them + int(their_pegs)
        if mine_now >= GAME_POINTS or theirs_now >= GAME_POINTS:
            both = mine_now >= GAME_POINTS and theirs_now >= GAME_POINTS
            chance += weight * (0.5 if both else float(mine_now >= GAME_POINTS))
            continue
        after = _after_pegging_as_dealer if dealer else _after_pegging_as_pone
        chance += weight * after(wins, mine_now, theirs_now, mine, theirs)
    return chance


def discard_chances(view: Observation) -> dict[tuple[Card, Card], float]:
    """Each discard's chance of winning the game, this deal's own points counted exactly."""
    wins = model()
    six = view.dealt
    unseen = [card for card in ALL_CARDS if card not in six]
    out = {}
    if view.is_dealer:
        position = Position.make(six)
        counts = round_counts(position.six, position.unseen, None).counts
        for index, (a, b) in enumerate(DISCARDS):
            mine = counts[index] / counts[index].sum()
            out[(six[a], six[b])] = _deal_chance(wins, view, mine)
        return out
    for a, b in combinations(range(6), 2):
        keep = tuple(card for i, card in enumerate(six) if i not in (a, b))
        points = [score_hand(keep, starter).total for starter in unseen]
        mine = _distribution(points)
        out[(six[a], six[b])] = _deal_chance(wins, view, mine)
    return out


# -- the play, to win ----------------------------------------------------------------------


_Show = tuple[bool, int, int]  # am I the dealer; my hand's points in the show; the opponent's


@cache
def _show_chance(show: _Show, me: int, them: int) -> float:
    """P(I win) from the scores at the end of the play, the show still to count."""
    dealer, mine, theirs = show
    wins = model()
    if dealer:
        if them + theirs >= GAME_POINTS:
            return 0.0
        return _after_pegging_as_dealer(
            wins, me, them, np.convolve(_point(mine), wins.crib), _point(theirs)
        )
    return _after_pegging_as_pone(
        wins, me, them, _point(mine), np.convolve(_point(theirs), wins.crib)
    )


@cache
def _point(points: int) -> Floats:
    out = np.zeros(points + 1)
    out[points] = 1.0
    return out


_VALUE: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


_Memo = dict[tuple[object, ...], tuple[float, float]]


def _play_to_win(
    x: tuple[int, ...],
    y: tuple[int, ...],
    series: tuple[int, ...],
    scores: tuple[int, int],
    x_is_me: bool,
    show: _Show,
    memo: _Memo,
    alpha: float,
    beta: float,
) -> float:
    """P(x wins the game), x to lay a card that fits, both playing the play to win.

    Alpha-beta, fail-soft, with bounds kept in ``memo`` (as in the search of points).
    """
    key = (x, y, series, scores, x_is_me)
    low, high = memo.get(key, (0.0, 1.0))
    if low == high or low >= beta:
        return low
    if high <= alpha:
        return high
    alpha, beta = max(alpha, low), min(beta, high)
    count = sum(_VALUE[rank] for rank in series)
    children = []
    for index, rank in enumerate(x):
        if (index and x[index - 1] == rank) or count + _VALUE[rank] > MAX_COUNT:
            continue
        laid = (*series, rank)
        children.append((peg_ranks(laid), laid, x[:index] + x[index + 1 :]))
    children.sort(reverse=True)
    best = -1.0
    bound = alpha
    for points, laid, rest in children:
        mine = scores[0] + points
        if mine >= GAME_POINTS:
            value = 1.0  # pegging out wins at once
        else:
            value = _after_lay(rest, y, laid, (mine, scores[1]), x_is_me, show, memo, bound, beta)
        if value > best:
            best = value
            if value > bound:
                bound = value
                if bound >= beta:
                    break
    memo[key] = bounds_after(low, high, best, alpha, beta)
    return best


def _after_lay(
    laid_by: tuple[int, ...],
    other: tuple[int, ...],
    series: tuple[int, ...],
    scores: tuple[int, int],
    is_me: bool,
    show: _Show,
    memo: _Memo,
    alpha: float = 0.0,
    beta: float = 1.0,
) -> float:
    """P(win) for the player who just laid (now holding ``laid_by``; scores theirs first)."""
    count = sum(_VALUE[rank] for rank in series)
    swapped = (scores[1], scores[0])
    if count != MAX_COUNT:
        room = MAX_COUNT - count
        if other and _VALUE[other[0]] <= room:
            return 1.0 - _play_to_win(
                other, laid_by, series, swapped, not is_me, show, memo, 1.0 - beta, 1.0 - alpha
            )
        if laid_by and _VALUE[laid_by[0]] <= room:
            return _play_to_win(laid_by, other, series, scores, is_me, show, memo, alpha, beta)
        scores = (scores[0] + 1, scores[1])  # the go, or the last card
        swapped = (scores[1], scores[0])
        if scores[0] >= GAME_POINTS:
            return 1.0
    if other:
        return 1.0 - _play_to_win(
            other, laid_by, (), swapped, not is_me, show, memo, 1.0 - beta, 1.0 - alpha
        )
    if laid_by:
        return _play_to_win(laid_by, other, (), scores, is_me, show, memo, alpha, beta)
    me, them = scores if is_me else swapped
    chance = _show_chance(show, me, them)
    return chance if is_me else 1.0 - chance


def play_chances(view: Observation) -> dict[Card, float]:
    """Each card that fits: the chance of winning the game, over every hidden hand."""
    fits = [card for card in view.hand if view.count + card.value <= MAX_COUNT]
    if not fits or view.starter is None:
        return {}
    hands, total = hidden_hands(view)
    mine = tuple(sorted(card.rank for card in view.hand))
    kept = [card for card in view.dealt if view.discard is None or card not in view.discard]
    my_show = score_hand(tuple(kept), view.starter).total
    their_laid = [card.rank for who, card in view.laid if who != view.player]
    series = tuple(card.rank for card in view.series)
    me, them = view.scores[view.player], view.scores[1 - view.player]
    out = {}
    for card in fits:
        rest = list(mine)
        rest.remove(card.rank)
        laid = (*series, card.rank)
        points = peg_ranks(laid)
        if me + points >= GAME_POINTS:
            out[card] = 1.0
            continue
        chance = 0.0
        for hand, weight in hands:
            their_show = rank_points([*their_laid, *hand, view.starter.rank])
            show = (view.is_dealer, my_show, their_show)
            memo: _Memo = {}
            chance += weight * _after_lay(
                tuple(rest), hand, laid, (me + points, them), True, show, memo
            )
        out[card] = chance / total
    return out
