"""The expert: seated by name, legal, its lead table and pegging fit, playing to win at the end."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from solitaire.core.cards import Card, parse_cards
from solitaire.match.decide.discard import peg_features, pegging_value
from solitaire.match.decide.endgame import (
    NEAR_END,
    discard_chances,
    is_near_end,
    model,
    play_chances,
)
from solitaire.match.decide.solver import peg_ranks
from solitaire.match.decide.tables import TABLE_PATH
from solitaire.match.decide.values import play_values
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import GAME_POINTS, Discard, Lay, Match
from solitaire.match.pegging import peg_points
from solitaire.match.players import StandardPlayer, advance, discard_values
from solitaire.match.registry import make_player


def test_expert_is_seated_by_name_and_plays_a_game_out_legally() -> None:
    expert = make_player("expert", random.Random(0))
    assert isinstance(expert, ExpertPlayer) and expert.name == "expert"
    for seat in (0, 1):  # from 80 all: a deal or three, for points and then to win
        match = Match.from_cards(seat, ["5H 5C 9D TS JH 2C", "AH 3C 4D 6S 8H KC"], "QD", (80, 80))
        players = (expert, StandardPlayer()) if seat == 0 else (StandardPlayer(), expert)
        advance(match, players)  # the match refuses any illegal action
        assert match.is_over and max(match.results[0].scores) == GAME_POINTS


def test_peg_features_count_what_they_say() -> None:
    assert peg_features([5, 5, 10, 13]) == [2, 1, 0, 2, 4, 0]
    assert peg_features([1, 2, 3, 4]) == [0, 0, 4, 0, 0, 3]
    assert peg_features([7, 8, 8, 12]) == [0, 1, 0, 1, 2, 2]


def test_pegging_fit_is_the_stored_weights_applied() -> None:
    weights = json.loads(TABLE_PATH.read_text())["pegging"]["pone"]
    features = peg_features([1, 2, 3, 4])
    expected = weights[0] + sum(w * f for w, f in zip(weights[1:], features, strict=True))
    assert pegging_value([1, 2, 3, 4], dealer=False) == pytest.approx(expected)


def test_peg_ranks_scores_like_the_engine() -> None:
    rng = random.Random(3)
    for _ in range(500):
        cards = rng.sample(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H"), 5)
        series: list[Card] = []
        for card in cards:
            if sum(c.value for c in series) + card.value <= 31:
                series.append(card)
        assert peg_ranks([c.rank for c in series]) == peg_points(series)


# -- the chance of winning ----------------------------------------------------------------


def test_the_win_table_behaves_like_chances() -> None:
    wins = model()
    table = wins.win
    assert table.shape == (GAME_POINTS, GAME_POINTS)
    assert ((table >= 0) & (table <= 1)).all()
    # more points never hurt: rising in pone's score, falling in the dealer's (rounding aside)
    assert (np.diff(table, axis=0) >= -1e-4).all()
    assert (np.diff(table, axis=1) <= 1e-4).all()
    # the first dealer's edge: published about 56%
    assert 0.53 < wins.chance(0, 0, me_next_dealer=True) < 0.59


def test_the_dynamic_programme_agrees_with_playing_its_model_out() -> None:
    """Games drawn deal by deal from the stored distributions, played to 121, against the table."""
    wins = model()
    rng = np.random.default_rng(7)
    n = 20_000
    start = (100, 105)  # (next pone, next dealer)
    pone = np.full(n, start[0])
    dealer = np.full(n, start[1])
    first_is_pone = np.ones(n, dtype=bool)  # is the first deal's pone this deal's pone?
    first_won = np.full(n, np.nan)
    show = wins.dealer_show / wins.dealer_show.sum()
    while np.isnan(first_won).any():
        live = np.isnan(first_won)
        k = rng.choice(len(wins.peg_weights), size=n, p=wins.peg_weights)
        heels = np.where(rng.random(n) < _heels_share(), 2, 0)
        dp = dealer + heels + wins.dealer_pegs[k]
        pp = pone + wins.pone_pegs[k]
        pone_share = np.where(dp >= GAME_POINTS, np.where(pp >= GAME_POINTS, 0.5, 0.0), 1.0)
        ended = live & ((dp >= GAME_POINTS) | (pp >= GAME_POINTS))
        pp = pp + rng.choice(len(wins.pone_hand), size=n, p=wins.pone_hand)
        pone_out = live & ~ended & (pp >= GAME_POINTS)
        dp = dp + rng.choice(len(show), size=n, p=show)
        dealer_out = live & ~ended & ~pone_out & (dp >= GAME_POINTS)
        share = np.where(ended, pone_share, np.where(pone_out, 1.0, 0.0))
        done = ended | pone_out | dealer_out
        first_won[done] = np.where(first_is_pone, share, 1.0 - share)[done]
        pone, dealer, first_is_pone = dp, pp, ~first_is_pone
    simulated = float(first_won.mean())
    error = 3 * (simulated * (1 - simulated) / n) ** 0.5
    assert abs(simulated - wins.chance(*start, me_next_dealer=False)) < error


def _heels_share() -> float:
    deal = json.loads(TABLE_PATH.read_text())["deal"]
    return float(deal["heels"] / deal["deals"])


def test_near_the_end_the_expert_keeps_the_hand_that_wins_not_the_one_that_scores() -> None:
    # Pone at 116 needs 5 before the dealer (108) counts: the four kept for the most
    # points (exact hand and crib, and the pegging fit) are not the likeliest to win.
    match = Match.from_cards(0, ["8D 6S 4C 5S AH QD", "9S 4D 3H TS 4S JC"], "3S", (108, 116))
    view = match.observation(1)
    assert is_near_end(view) and max(view.scores) >= NEAR_END
    points = {
        pair: float(value) + pegging_value([c.rank for c in view.dealt if c not in pair], False)
        for pair, value in discard_values(view).items()
    }
    chances = discard_chances(view)
    most_points = max(points, key=points.__getitem__)
    likeliest = max(chances, key=chances.__getitem__)
    assert most_points != likeliest and chances[likeliest] > chances[most_points] + 0.1
    assert points[likeliest] < points[most_points] - 1
    choice = ExpertPlayer().choose(view)
    assert isinstance(choice, Discard) and choice.cards == likeliest


def test_near_the_end_the_expert_lays_the_card_that_wins_not_the_one_that_pegs_most() -> None:
    # 8, 5, 7 laid: the dealer's 6 makes a run of four and the most net pegging on
    # average, but at 109 against pone's 110 the quiet 5 wins more often.
    match = Match.from_cards(1, ["3D 8C 6S 7S 2D 7C", "5H 6C 4D AH 5C 8D"], "8S", (109, 110))
    standard = StandardPlayer()
    for seat in (0, 1):
        match.apply(standard.choose(match.observation(seat)), player=seat)
    match.lay(0, "8C")
    match.lay(1, "5H")
    match.lay(0, "7S")
    view = match.observation(1)
    nets = play_values(view)
    chances = play_chances(view)
    most_points = max(nets, key=lambda card: (nets[card], card.value, card))
    likeliest = max(chances, key=lambda card: (chances[card], nets[card], card))
    assert most_points != likeliest and chances[likeliest] > chances[most_points] + 0.05
    assert ExpertPlayer().choose(view) == Lay(likeliest)


def test_a_card_that_pegs_out_wins_at_once() -> None:
    # At 119, pairing the lead pegs 2 and ends the game: certain, whatever else it risks.
    match = Match.from_cards(0, ["9C 9D 5S 5H KD 2C", "9S 7H 8D QC 4S 3H"], "6C", (119, 100))
    match.discard(1, "QC 3H")
    match.discard(0, "KD 2C")
    match.lay(1, "9S")
    view = match.observation(0)
    chances = play_chances(view)
    pairs = [card for card in chances if card.rank == 9]
    assert pairs and all(chances[card] == 1.0 for card in pairs)
    assert ExpertPlayer().choose(view) in [Lay(card) for card in pairs]


def _lead_position() -> Match:
    """Pone (seat 1) to lead, where the lead table and the honest search pick other cards
    (a pegging drill's hand: seed 2, hand 2)."""
    match = Match.from_cards(0, ["8S 6H 9D QH 8H 3D", "4H 7C 5S KS 6D TC"], "4C")
    match.discard(1, "KS TC")
    match.discard(0, "QH 3D")
    return match


def test_pones_opening_lead_comes_from_the_lead_table_unless_searched() -> None:
    """The expert leads the card of the most net pegging by the lead table (the open model's
    values), ties to the higher card value; ``searched_lead`` leads by the honest search."""
    from solitaire.match.decide.lead import is_opening_lead, lead_values
    from solitaire.match.decide.search import search_values

    view = _lead_position().observation(1)
    assert is_opening_lead(view)
    lays = [action.card for action in view.legal if isinstance(action, Lay)]
    table, searched = lead_values(view), search_values(view)
    by_table = max(lays, key=lambda card: (table[card], card.value, card))
    by_search = max(lays, key=lambda card: (searched[card], card.value, card))
    assert by_table != by_search  # the position tells the two apart
    assert ExpertPlayer().choose(view) == Lay(by_table)
    assert ExpertPlayer(searched_lead=True).choose(view) == Lay(by_search)
    expert = make_player("expert", random.Random(0), searched_lead=True)
    assert isinstance(expert, ExpertPlayer) and expert.choose(view) == Lay(by_search)
