"""The chances of winning near the end, against plain recomputations, to the last bit."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.core.scoring import rank_points, score_hand
from solitaire.match.decide.endgame import (
    NEAR_END,
    WinModel,
    discard_chances,
    model,
    play_chances,
)
from solitaire.match.decide.hidden import hidden_hands
from solitaire.match.game import GAME_POINTS, Lay, Match, Observation, Phase
from solitaire.match.pegging import MAX_COUNT, count_of, peg_points
from solitaire.match.players import StandardPlayer
from solitaire.patience.advisor import Position
from solitaire.patience.kernel import DISCARDS, round_counts

Floats = NDArray[np.float64]


def near_end_views(seeds: range, phase: Phase, most_hidden: int = 4) -> Iterator[Observation]:
    """Decisions of standard-v-standard games once a score reaches 85, in ``phase``."""
    player = StandardPlayer()
    for seed in seeds:
        match = Match(seed)
        while (seat := match.current_player) is not None:
            view = match.observation(seat)
            lays = sum(isinstance(action, Lay) for action in view.legal)
            playing = lays > 1 and view.opponent_held <= most_hidden
            near = max(view.scores) >= NEAR_END and view.phase is phase
            if near and (phase is Phase.DISCARD or playing):
                yield view
            match.apply(player.choose(view), player=seat)


def chance(wins: WinModel, me: int, them: int, me_next_dealer: bool) -> float:
    if me >= GAME_POINTS or them >= GAME_POINTS:
        return 1.0 if me >= GAME_POINTS and them < GAME_POINTS else 0.0
    if me_next_dealer:
        return 1.0 - float(wins.win[them, me])
    return float(wins.win[me, them])


def after_pegging(
    wins: WinModel, dealer: bool, me: int, them: int, mine: Floats, theirs: Floats
) -> float:
    """P(I win) from the scores after the pegging, the shows counted one point at a time."""
    total = 0.0
    if dealer:  # pone's show first
        for their_points, p_theirs in enumerate(theirs):
            if not p_theirs or them + their_points >= GAME_POINTS:
                continue
            later = 0.0
            for my_points, p_mine in enumerate(mine):
                if p_mine:
                    later += p_mine * chance(wins, me + my_points, them + their_points, False)
            total += p_theirs * later
        return total
    for my_points, p_mine in enumerate(mine):
        if not p_mine:
            continue
        if me + my_points >= GAME_POINTS:
            total += p_mine
            continue
        later = 0.0
        for their_points, p_theirs in enumerate(theirs):
            if p_theirs:
                later += p_theirs * chance(wins, me + my_points, them + their_points, True)
        total += p_mine * later
    return total


def deal_chance(wins: WinModel, view: Observation, mine: Floats) -> float:
    me, them = view.scores[view.player], view.scores[1 - view.player]
    dealer = view.is_dealer
    theirs = wins.pone_hand if dealer else wins.dealer_show
    total = 0.0
    for dealer_pegs, pone_pegs, weight in zip(
        wins.dealer_pegs, wins.pone_pegs, wins.peg_weights, strict=True
    ):
        my_pegs, their_pegs = (dealer_pegs, pone_pegs) if dealer else (pone_pegs, dealer_pegs)
        mine_now, theirs_now = me + int(my_pegs), them + int(their_pegs)
        if mine_now >= GAME_POINTS or theirs_now >= GAME_POINTS:
            both = mine_now >= GAME_POINTS and theirs_now >= GAME_POINTS
            total += weight * (0.5 if both else float(mine_now >= GAME_POINTS))
            continue
        total += weight * after_pegging(wins, dealer, mine_now, theirs_now, mine, theirs)
    return total


def reference_discards(view: Observation) -> dict[tuple[Card, Card], float]:
    wins = model()
    six = view.dealt
    out = {}
    if view.is_dealer:
        position = Position.make(six)
        counts = round_counts(position.six, position.unseen, None).counts
        for index, (a, b) in enumerate(DISCARDS):
            out[(six[a], six[b])] = deal_chance(wins, view, counts[index] / counts[index].sum())
        return out
    unseen = [card for card in ALL_CARDS if card not in six]
    for a, b in combinations(range(6), 2):
        keep = tuple(card for i, card in enumerate(six) if i not in (a, b))
        points = np.bincount([score_hand(keep, starter).total for starter in unseen])
        out[(six[a], six[b])] = deal_chance(wins, view, points.astype(np.float64) / len(unseen))
    return out


def test_discard_chances_equal_the_plain_sums() -> None:
    views = list(near_end_views(range(3), Phase.DISCARD))
    assert {view.is_dealer for view in views} == {True, False}
    for view in views:
        assert discard_chances(view) == reference_discards(view)


Ranks = tuple[int, ...]


def one(points: int) -> Floats:
    """Certainly ``points``."""
    out = np.zeros(points + 1)
    out[points] = 1.0
    return out


def show_chance(dealer: bool, mine: int, theirs: int, me: int, them: int) -> float:
    """P(I win) at the end of the play: my hand and theirs known, the crib measured."""
    wins = model()
    if dealer:
        if them + theirs >= GAME_POINTS:
            return 0.0
        return after_pegging(wins, True, me, them, np.convolve(one(mine), wins.crib), one(theirs))
    return after_pegging(wins, False, me, them, one(mine), np.convolve(one(theirs), wins.crib))


@cache
def to_win(
    x: Ranks, y: Ranks, series: Ranks, scores: tuple[int, int], x_is_me: bool, show: tuple[int, ...]
) -> float:
    """P(x wins), x to lay a card that fits: every line tried, no pruning."""
    cards = tuple(Card(rank, 0) for rank in series)
    best = -1.0
    for rank in set(x):
        laid = (*cards, Card(rank, 0))
        if count_of(laid) > MAX_COUNT:
            continue
        rest = list(x)
        rest.remove(rank)
        mine = scores[0] + peg_points(laid)
        value = (
            1.0
            if mine >= GAME_POINTS
            else after(tuple(rest), y, (*series, rank), (mine, scores[1]), x_is_me, show)
        )
        best = max(best, value)
    return best


def after(
    laid_by: Ranks,
    other: Ranks,
    series: Ranks,
    scores: tuple[int, int],
    is_me: bool,
    show: tuple[int, ...],
) -> float:
    """P(win) for the player who just laid (scores theirs first)."""
    count = count_of([Card(rank, 0) for rank in series])
    if count != MAX_COUNT:
        if any(count + min(rank, 10) <= MAX_COUNT for rank in other):
            return 1.0 - to_win(other, laid_by, series, scores[::-1], not is_me, show)
        if any(count + min(rank, 10) <= MAX_COUNT for rank in laid_by):
            return to_win(laid_by, other, series, scores, is_me, show)
        scores = (scores[0] + 1, scores[1])
        if scores[0] >= GAME_POINTS:
            return 1.0
    if other:
        return 1.0 - to_win(other, laid_by, (), scores[::-1], not is_me, show)
    if laid_by:
        return to_win(laid_by, other, (), scores, is_me, show)
    me, them = scores if is_me else scores[::-1]
    value = show_chance(bool(show[0]), show[1], show[2], me, them)
    return value if is_me else 1.0 - value


def reference_plays(view: Observation) -> dict[Card, float]:
    assert view.starter is not None and view.discard is not None
    hands, total = hidden_hands(view)
    kept = [card for card in view.dealt if card not in view.discard]
    my_show = score_hand(tuple(kept), view.starter).total
    their_laid = [card.rank for who, card in view.laid if who != view.player]
    series = tuple(card.rank for card in view.series)
    me, them = view.scores[view.player], view.scores[1 - view.player]
    mine = sorted(card.rank for card in view.hand)
    out = {}
    for card in view.hand:
        laid = (*view.series, card)
        if count_of(laid) > MAX_COUNT:
            continue
        points = peg_points(laid)
        if me + points >= GAME_POINTS:
            out[card] = 1.0
            continue
        rest = list(mine)
        rest.remove(card.rank)
        value = 0.0
        for hand, weight in hands:
            show = (
                int(view.is_dealer),
                my_show,
                rank_points([*their_laid, *hand, view.starter.rank]),
            )
            value += weight * after(
                tuple(rest), hand, (*series, card.rank), (me + points, them), True, show
            )
        out[card] = value / total
    return out


def test_play_chances_equal_every_line_tried() -> None:
    views = list(near_end_views(range(4), Phase.PLAY, most_hidden=2))
    assert len(views) >= 6
    for view in views[:12]:
        assert play_chances(view) == reference_plays(view)
