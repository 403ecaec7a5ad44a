"""The chances of winning near the end (and in a series their game points), against plain
recomputations, to the last bit; the series' table against a simulation of its games."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from functools import cache
from itertools import combinations

import numpy as np
import pytest
from numpy.typing import NDArray

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.core.scoring import rank_points, score_hand
from solitaire.match.decide.endgame import (
    NEAR_END,
    WinModel,
    discard_chances,
    model_for,
    play_chances,
    series_stakes,
    win_table,
)
from solitaire.match.decide.hidden import hidden_hands
from solitaire.match.decide.tables import TABLE_PATH
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import (
    DOUBLE_SKUNK_LINE,
    GAME_POINTS,
    SKUNK_LINE,
    Discard,
    Lay,
    Match,
    Observation,
    Phase,
)
from solitaire.match.pegging import MAX_COUNT, count_of, peg_points
from solitaire.match.players import StandardPlayer
from solitaire.patience.advisor import Position
from solitaire.patience.kernel import DISCARDS, round_counts
from tests.match.test_honest import standard_answer

Floats = NDArray[np.float64]


def near_end_views(
    seeds: range, phase: Phase, most_hidden: int = 4, games: int = 1
) -> Iterator[Observation]:
    """Decisions of standard-v-standard games once a score reaches 85, in ``phase``."""
    player = StandardPlayer()
    for seed in seeds:
        match = Match(seed, games=games)
        while (seat := match.current_player) is not None:
            view = match.observation(seat)
            lays = sum(isinstance(action, Lay) for action in view.legal)
            playing = lays > 1 and view.opponent_held <= most_hidden
            near = max(view.scores) >= NEAR_END and view.phase is phase
            if near and (phase is Phase.DISCARD or playing):
                yield view
            match.apply(player.choose(view), player=seat)


def won(wins: WinModel, loser: int) -> float:
    """The value of a win over a loser at ``loser`` (1.0 but in a series)."""
    return float(wins.won[min(loser, GAME_POINTS - 1)])


def chance(wins: WinModel, me: int, them: int, me_next_dealer: bool) -> float:
    if me >= GAME_POINTS and them < GAME_POINTS:
        return won(wins, them)
    if them >= GAME_POINTS and me < GAME_POINTS:
        return 1.0 - won(wins, me)
    if me >= GAME_POINTS:
        return 0.0
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
            if not p_theirs:
                continue
            if them + their_points >= GAME_POINTS:
                total += p_theirs * (1.0 - won(wins, me))
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
            total += p_mine * won(wins, them)
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
            if both:
                total += weight * 0.5
            elif mine_now >= GAME_POINTS:
                total += weight * won(wins, theirs_now)
            else:
                total += weight * (1.0 - won(wins, mine_now))
            continue
        total += weight * after_pegging(wins, dealer, mine_now, theirs_now, mine, theirs)
    return total


def reference_discards(view: Observation, stakes: int = 0) -> dict[tuple[Card, Card], float]:
    wins = model_for(stakes)
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


def show_chance(dealer: bool, mine: int, theirs: int, me: int, them: int, stakes: int) -> float:
    """P(I win) at the end of the play: my hand and theirs known, the crib measured."""
    wins = model_for(stakes)
    if dealer:
        if them + theirs >= GAME_POINTS:
            return 1.0 - won(wins, me)
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
            won(model_for(show[3]), scores[1])
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
            return won(model_for(show[3]), scores[1])
    if other:
        return 1.0 - to_win(other, laid_by, (), scores[::-1], not is_me, show)
    if laid_by:
        return to_win(laid_by, other, (), scores, is_me, show)
    me, them = scores if is_me else scores[::-1]
    value = show_chance(bool(show[0]), show[1], show[2], me, them, show[3])
    return value if is_me else 1.0 - value


def cards_of(view: Observation, ranks: Ranks) -> tuple[Card, ...]:
    """A card hand of these ranks from the cards ``view``'s player has not seen (the play
    reads ranks alone)."""
    unseen = [card for card in ALL_CARDS if card not in view.seen()]
    hand = []
    for rank in ranks:
        card = next(c for c in unseen if c.rank == rank and c not in hand)
        hand.append(card)
    return tuple(hand)


def reference_plays(view: Observation, stakes: int = 0, honest: bool = True) -> dict[Card, float]:
    """Each card's value over every hidden hand: the opponent's next card the one
    ``standard``'s own code lays from what they see (``honest``; else every line is tried
    from my card on), then every line tried to the end of the play."""
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
            out[card] = won(model_for(stakes), them)
            continue
        rest = list(mine)
        rest.remove(card.rank)
        value = 0.0
        for hand, weight in hands:
            show = (
                int(view.is_dealer),
                my_show,
                rank_points([*their_laid, *hand, view.starter.rank]),
                stakes,
            )
            scores = (me + points, them)
            answer = standard_answer(view, card, cards_of(view, hand)) if honest else None
            if answer is None:
                value += weight * after(tuple(rest), hand, (*series, card.rank), scores, True, show)
                continue
            ranks = (*series, card.rank) if count_of(laid) < MAX_COUNT else ()
            theirs = (*ranks, answer.rank)
            pegs = peg_points(tuple(Card(rank, 0) for rank in theirs))
            left = list(hand)
            left.remove(answer.rank)
            if them + pegs >= GAME_POINTS:
                value += weight * (1.0 - won(model_for(stakes), me + points))
            else:
                scores = (them + pegs, me + points)
                theirs_won = after(tuple(left), tuple(rest), theirs, scores, False, show)
                value += weight * (1.0 - theirs_won)
        out[card] = value / total
    return out


def test_play_chances_equal_every_line_tried() -> None:
    views = list(near_end_views(range(4), Phase.PLAY, most_hidden=2))
    assert len(views) >= 6
    for view in views[:12]:
        assert play_chances(view) == reference_plays(view)
        assert play_chances(view, model="open") == reference_plays(view, honest=False)


def test_discard_chances_in_a_series_equal_the_plain_sums() -> None:
    views = list(near_end_views(range(2), Phase.DISCARD, games=3))[::3]
    assert {view.is_dealer for view in views} == {True, False}
    assert any(min(view.scores) <= SKUNK_LINE for view in views)  # a skunk in reach
    for view in views:
        stakes = series_stakes(view)
        assert stakes == 3
        assert discard_chances(view, stakes) == reference_discards(view, stakes)


def test_play_chances_in_a_series_equal_every_line_tried() -> None:
    views = list(near_end_views(range(4), Phase.PLAY, most_hidden=2, games=2))
    assert any(min(view.scores) <= SKUNK_LINE for view in views)
    for view in views[:12]:
        for stakes in (3, 4):
            assert play_chances(view, stakes=stakes) == reference_plays(view, stakes)


def answers_pegging_out(view: Observation) -> int:
    """How many (my card, their hand) pairs have ``standard``'s answer peg the opponent out."""
    them = view.scores[1 - view.player]
    hands, _ = hidden_hands(view)
    out = 0
    for card in view.hand:
        laid = (*view.series, card)
        if count_of(laid) > MAX_COUNT:
            continue
        for hand, _ in hands:
            answer = standard_answer(view, card, cards_of(view, hand))
            if answer is not None:
                series = laid if count_of(laid) < MAX_COUNT else ()
                out += them + peg_points((*series, answer)) >= GAME_POINTS
    return out


@pytest.mark.parametrize(("mine", "theirs", "stakes"), [(117, 119, 0), (84, 119, 3)])
def test_play_chances_when_the_answer_pegs_out_equal_every_line_tried(
    mine: int, theirs: int, stakes: int
) -> None:
    """The opponent two short: their blind answer often pegs out, which ends the game
    before my goes, last card or show (I am three short) and, in a series, is worth the
    game points of my score then (I am within the skunk line, they are not)."""
    views = []
    for view in list(near_end_views(range(4), Phase.PLAY, most_hidden=2))[:12]:
        scores = (mine, theirs) if view.player == 0 else (theirs, mine)
        views.append(dataclasses.replace(view, scores=scores, games=2 if stakes else 1))
    assert sum(answers_pegging_out(view) for view in views) >= 10
    for view in views:
        assert play_chances(view, stakes=stakes) == reference_plays(view, stakes)


def test_the_stored_win_table_is_the_dynamic_programme_s() -> None:
    import json

    data = json.loads(TABLE_PATH.read_text())
    table = win_table(data["deal"], np.ones(GAME_POINTS))
    assert np.array_equal(np.round(table, 5), np.array(data["win"]))


def simulated_values(wins: WinModel, pone: int, dealer: int, games: int) -> tuple[float, float]:
    """The value for the next deal's pone of ``games`` games played out deal by deal from
    the model's distributions (the show in order), with its standard error."""
    import json

    rng = np.random.default_rng(pone * 1000 + dealer)
    deal = json.loads(TABLE_PATH.read_text())["deal"]
    heels = deal["heels"] / deal["deals"]  # his heels, apart from the pegging
    # scores[:, 0] is the first pone's, who then deals the next deal, and so on
    scores = np.tile([pone, dealer], (games, 1))
    value = np.full(games, np.nan)
    first_pone_deals = np.zeros(games, dtype=bool)
    pone_hand = wins.pone_hand / wins.pone_hand.sum()
    dealer_show = wins.dealer_show / wins.dealer_show.sum()
    while np.isnan(value).any():
        live = np.isnan(value)
        n = int(live.sum())
        pegs = rng.choice(len(wins.peg_weights), size=n, p=wins.peg_weights)
        p_seat = np.where(first_pone_deals[live], 1, 0)  # the seat that is pone
        d_seat = 1 - p_seat
        rows = np.flatnonzero(live)
        p_score = scores[rows, p_seat] + wins.pone_pegs[pegs]
        d_score = scores[rows, d_seat] + wins.dealer_pegs[pegs] + 2 * (rng.random(n) < heels)
        p_score_show = p_score + rng.choice(len(pone_hand), size=n, p=pone_hand)
        d_score_show = d_score + rng.choice(len(dealer_show), size=n, p=dealer_show)
        both = (p_score >= GAME_POINTS) & (d_score >= GAME_POINTS)
        pone_out = ~both & (p_score >= GAME_POINTS)
        dealer_out = ~both & ~pone_out & (d_score >= GAME_POINTS)
        pone_shows_out = ~both & ~pone_out & ~dealer_out & (p_score_show >= GAME_POINTS)
        dealer_shows_out = (
            ~both & ~pone_out & ~dealer_out & ~pone_shows_out & (d_score_show >= GAME_POINTS)
        )
        # the end's value for this deal's pone (the loser's score when the winner got
        # there: the dealer has not shown when pone does), then for the first pone
        loser_p = np.minimum(np.where(dealer_out, p_score, p_score_show), GAME_POINTS - 1)
        for_pone = np.select(
            [both, pone_out | pone_shows_out, dealer_out | dealer_shows_out],
            [
                np.full(n, 0.5),
                wins.won[np.minimum(d_score, GAME_POINTS - 1)],
                1.0 - wins.won[loser_p],
            ],
            np.nan,
        )
        ended = ~np.isnan(for_pone)
        first = np.where(p_seat == 0, for_pone, 1.0 - for_pone)
        value[rows[ended]] = first[ended]
        going = rows[~ended]
        scores[going, p_seat[~ended]] = p_score_show[~ended]
        scores[going, d_seat[~ended]] = d_score_show[~ended]
        first_pone_deals[going] = ~first_pone_deals[going]
    return float(value.mean()), float(value.std() / np.sqrt(games))


def test_the_series_table_is_the_value_of_its_games_played_out() -> None:
    """Each game played deal by deal from the same distributions, a skunk worth 2 and a
    double 3: the table's value lies within four standard errors of the games'."""
    wins = model_for(3)
    assert wins.won[DOUBLE_SKUNK_LINE] == 1.0 and wins.won[SKUNK_LINE] == 5 / 6
    assert wins.won[SKUNK_LINE + 1] == 4 / 6
    for pone, dealer in [(40, 100), (100, 40), (75, 110), (110, 55), (0, 0), (95, 95)]:
        mean, error = simulated_values(wins, pone, dealer, 40_000)
        assert abs(mean - wins.win[pone, dealer]) < 4 * error, (pone, dealer, mean)


def test_the_expert_weighs_game_points_in_a_series_only() -> None:
    single = next(near_end_views(range(1), Phase.DISCARD))
    series = next(near_end_views(range(1), Phase.DISCARD, games=5))
    assert (series_stakes(single), series_stakes(series)) == (0, 3)
    assert ExpertPlayer()._stakes(series) == 3
    assert ExpertPlayer(skunks=False)._stakes(series) == 0


@pytest.mark.parametrize(
    ("hands", "starter", "scores", "why"),
    [
        (["3H 9C 4H AC 4C 9H", "9S KD 7D KH 6H TC"], "JD", (88, 115), "saves a skunk"),
        (["AC QS TH KH TD 2H", "7H 7S QD TS 8D TC"], "5D", (110, 80), "lays a skunk"),
    ],
)
def test_with_a_skunk_in_reach_a_series_is_played_for_game_points(
    hands: list[str], starter: str, scores: tuple[int, int], why: str
) -> None:
    """Pone at the discard: in a series the expert takes the discard worth the most game
    points, which here is not the one most likely to win; in one game, the other."""
    for games in (1, 3):
        match = Match.from_cards(1, hands, starter, scores=scores, games=games)
        view = match.observation(0)
        weighing = ExpertPlayer().choose(view)
        plain = ExpertPlayer(skunks=False).choose(view)
        assert isinstance(weighing, Discard) and isinstance(plain, Discard)
        if games == 1:
            assert weighing == plain
            continue
        assert weighing != plain, why
        points = {frozenset(pair): value for pair, value in discard_chances(view, 3).items()}
        chances = {frozenset(pair): value for pair, value in discard_chances(view).items()}
        chosen, other = frozenset(weighing.cards), frozenset(plain.cards)
        assert points[chosen] == max(points.values()) > points[other] + 1e-3
        assert chances[other] == max(chances.values()) > chances[chosen]
