"""The chance of winning: the model, its file, its fit, and the expert that judges by it."""

from __future__ import annotations

import json
import math
import re
import statistics
from dataclasses import replace

import pytest

from solitaire.core.errors import InputError
from solitaire.tiles.board import Board
from solitaire.tiles.fit_win_chance import (
    BAG_SIZES,
    Position,
    self_play_positions,
    win_chance_of,
)
from solitaire.tiles.fit_win_chance import SelfPlayGame as Task
from solitaire.tiles.game import PlayerView, TileGame
from solitaire.tiles.movegen import board_closed, centre, generate
from solitaire.tiles.players import (
    CHANCE_BAG,
    CHANCE_WEIGHT,
    Appraisal,
    Expert,
    greedy,
    sample_racks,
)
from solitaire.tiles.tiles import RACK_SIZE, Tile, parse_tiles, rack_less, rack_pips
from solitaire.tiles.win_chance import WinChance, load_win_chance

MODEL = WinChance((4.0, 6.0, 8.0), (10.0, 20.0, 30.0))


def test_the_chance_is_the_normal_curve_of_the_margin_and_the_mover_s_edge() -> None:
    for margin in (-40, -8, -6, 0, 3, 25):
        for bag in (0, 1, 2, 7, 50):
            index = min(bag, 2)
            curve = statistics.NormalDist(MODEL.means[index], MODEL.spreads[index])
            expected = 1 - curve.cdf(-margin)
            assert MODEL.chance(margin, bag) == pytest.approx(expected, abs=1e-12)
    assert MODEL.chance(-6, 1) == pytest.approx(0.5)
    assert MODEL.chance(10, 0) > MODEL.chance(10, 2) > 0.5  # less game left: surer


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"means": [1.0]}, "1 means and 2 spreads; expected one of each"),
        ({"means": [], "spreads": []}, "means as a list of 1 to 120 numbers"),
        ({"means": [0.0] * 121, "spreads": [9.0] * 121}, "means as a list of 1 to 120"),
        ({"spreads": [1.0, 0.5]}, "every spread must be at least 1 points"),
        ({"spreads": [1.0, -2.0]}, "at least 1 points"),
        ({"means": [1.0, True]}, "means as numbers within 1000 of 0"),
        ({"means": "1, 2"}, "means as a list of"),
        ({"spreads": [1.0, "2"]}, "spreads as numbers within"),
        ({"spreads": [1.0, None]}, "spreads as numbers within"),
        ({"means": [10**400, 1.0]}, "means as numbers within"),
        ({"means": [float("inf"), 1.0]}, "means as numbers within"),
        ({"spreads": [float("nan"), 1.0]}, "spreads as numbers within"),
        ({"games": -1}, "games as a whole number"),
        ({"positions": 2.5}, "positions as a whole number"),
        ({"seed": False}, "seed as a whole number"),
        ({"seed": 2**70}, "seed as a whole number"),
        ({"player": "oracle"}, "player greedy or expert"),
        ({"method": 3}, "method as text"),
        ({"extra": 1}, "unknown field 'extra'"),
        ({"x" * 500: 1}, "unknown field 'xxxxxxxx"),
    ],
)
def test_a_wrong_file_is_refused_by_name(change: dict[str, object], problem: str) -> None:
    data = {**WinChance((1.0, 2.0), (3.0, 4.0), 5, 6, 7).to_dict(), **change}
    with pytest.raises(InputError, match=re.escape(problem)) as refused:
        WinChance.from_dict(json.loads(json.dumps(data)))
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 100


@pytest.mark.parametrize("field", ["method", "games", "positions", "seed", "player", "means"])
def test_a_file_missing_a_field_is_refused_by_name(field: str) -> None:
    data = WinChance((1.0,), (3.0,)).to_dict()
    del data[field]
    with pytest.raises(InputError, match=f"missing field '{field}'"):
        WinChance.from_dict(data)


@pytest.mark.parametrize("data", [None, [], "x", 3])
def test_a_file_that_is_no_object_is_refused(data: object) -> None:
    with pytest.raises(InputError, match="expected an object"):
        WinChance.from_dict(data)


def test_the_shipped_chance_loads_and_the_swing_grows_with_the_bag() -> None:
    model = load_win_chance()
    assert len(model.means) == BAG_SIZES and model.games > 0
    assert model.positions > 20 * model.games
    assert WinChance.from_dict(model.to_dict()) == model
    # More tiles to come, more the game can still swing; the mover has the edge.
    assert model.spreads[0] < min(model.spreads[1:]) and model.spreads[-1] == max(model.spreads)
    assert all(mean > 0 for mean in model.means[1:])


def test_the_fit_is_each_bag_s_mean_and_spread_pooled_with_its_neighbours() -> None:
    positions = [
        Position(bag, margin, margin + swing)
        for bag in range(BAG_SIZES + 5)
        for margin, swing in ((0, bag % 7 - 2), (10, 2 * bag), (-5, -bag // 3), (3, 9))
    ]
    model = win_chance_of(positions, 1, 0, "greedy")
    for bag in range(BAG_SIZES):
        if bag == 0:
            near = {0}
        elif bag == BAG_SIZES - 1:
            near = set(range(BAG_SIZES - 1, BAG_SIZES + 5))
        else:
            near = {b for b in (bag - 1, bag, bag + 1) if 1 <= b < BAG_SIZES - 1}
        swings = [p.final - p.margin for p in positions if p.bag in near]
        assert model.means[bag] == pytest.approx(statistics.mean(swings))
        assert model.spreads[bag] == pytest.approx(statistics.stdev(swings))
    assert model.positions == len(positions)


def test_too_few_positions_are_refused_by_name() -> None:
    with pytest.raises(InputError, match="bag 0 has 1 positions"):
        win_chance_of([Position(0, 0, 1), Position(5, 0, 1)], 1, 0, "greedy")


def test_self_play_notes_every_turn_from_the_mover_s_side() -> None:
    positions = self_play_positions(Task(3, "greedy"))
    game = TileGame(3)
    seen = []
    while not game.is_over:
        view = game.observation(game.current_player)
        seen.append((view.player, view.bag_size, view.scores))
        game.apply(greedy(view))
    final = game.returns()
    assert len(positions) == len(seen) == len(game.turns)
    for position, (me, bag, scores) in zip(positions, seen, strict=True):
        assert position == Position(bag, scores[me] - scores[1 - me], final[me] - final[1 - me])
    assert positions[0].margin == 0 and positions[-1].bag == 0


def walked_to(seed: int, bag: int) -> TileGame:
    """A greedy game walked until its bag holds at most ``bag`` tiles."""
    game = TileGame(seed)
    while not game.is_over and game.observation(game.current_player).bag_size > bag:
        game.apply(greedy(game.observation(game.current_player)))
    return game


def chance_by_hand(view: PlayerView, item: Appraisal, racks: list[tuple[Tile, ...]]) -> float:
    """An independent recomputation of a play's chance: every reply searched on the whole
    board, the game's end scored from the rack this player is left holding, the normal
    curve from the standard library; with the bag empty, a reply that closes the board
    ends the game (both keep their tiles); None when best replies of different lengths,
    endings or leftovers tie (the outcome depends on which the search meets first)."""
    model = load_win_chance()
    me = view.player
    now = view.scores[me] - view.scores[1 - me]
    kept = rack_less(view.rack, item.play.tiles)
    drawn = min(view.bag_size, RACK_SIZE - len(kept))
    if not kept and not drawn:
        final = now + item.score + rack_pips(view.unseen)
        return float(final > 0) + 0.5 * (final == 0)
    chances = []
    for rack in racks:
        after = view.board.place(item.play.placements)
        replies = generate(after, rack)
        points = max((p.score for p in replies), default=0)
        lengths = {len(p.play.tiles) for p in replies if p.score == points} or {0}
        if len(lengths) > 1:
            return math.nan
        (laid,) = lengths
        closes = {
            view.rules >= 2 and not view.bag_size and board_closed(after.place(p.play.placements))
            for p in replies
            if p.score == points
        }
        if len(closes) > 1:
            return math.nan
        lefts = {rack_pips(rack) - rack_pips(p.play.tiles) for p in replies if p.score == points}
        if closes == {True} and laid < len(rack):  # the bag empty, the board closed: the end
            if len(lefts) > 1:
                return math.nan
            final = now + item.score - points - rack_pips(kept) + lefts.pop()
            chances.append(float(final > 0) + 0.5 * (final == 0))
        elif view.bag_size == drawn and laid == len(rack):  # out: the game ends
            held = [*kept, *rack_less(view.unseen, rack)] if drawn else kept
            final = now + item.score - points - rack_pips(held)
            chances.append(float(final > 0) + 0.5 * (final == 0))
        else:
            margin = now + item.score - points + (item.leave if drawn else 0)
            index = min(max(0, view.bag_size - drawn - laid), len(model.means) - 1)
            curve = statistics.NormalDist(model.means[index], model.spreads[index])
            chances.append(1 - curve.cdf(-margin))
    return statistics.mean(chances)


@pytest.mark.parametrize("seed", [2, 9, 14, 31])
def test_near_the_end_each_play_s_chance_is_recomputed_by_hand(seed: int) -> None:
    judging = Expert(win=load_win_chance())
    game = walked_to(seed, CHANCE_BAG)
    checked = 0
    while not game.is_over:
        view = game.observation(game.current_player)
        plays = judging.candidates(view)
        looked = judging.look_ahead(view, judging.appraise(view, plays)) if plays else []
        racks = sample_racks(view, judging.samples)
        for item in looked:
            if item.closing is not None or item.chance is None:
                continue
            expected = chance_by_hand(view, item, racks)
            if not math.isnan(expected):
                assert item.chance == pytest.approx(expected, abs=1e-9), len(game.turns)
                checked += 1
        game.apply(judging.choose(view) if plays else greedy(view))
    assert checked >= 4


def test_far_from_the_end_the_judging_expert_chooses_as_the_plain_one() -> None:
    plain, judging = Expert(), Expert(win=load_win_chance())
    game = TileGame(4)
    compared = 0
    while not game.is_over:
        view = game.observation(game.current_player)
        if view.bag_size <= CHANCE_BAG:  # what is compared ends here
            break
        action = plain.choose(view)
        assert judging.choose(view) == action
        assert all(a.chance is None for a in judging.ranked(view))
        compared += 1
        game.apply(action)
    assert compared > 20


def test_the_judging_expert_ranks_its_own_choice_first_near_the_end() -> None:
    judging = Expert(win=load_win_chance())
    judged = 0
    for seed in (6, 8):
        game = walked_to(seed, CHANCE_BAG)
        while not game.is_over:
            view = game.observation(game.current_player)
            action = judging.choose(view)
            ranked = judging.ranked(view)
            if ranked:
                assert ranked[0].play == action
                looked = [a for a in ranked if a.risk is not None and a.closing is None]
                # Every play looked at near the end is judged by its chance, only those.
                assert all(a.chance is not None for a in looked)
                assert all(a.chance is None for a in ranked if a.risk is None)
                judged += bool(looked)
            game.apply(action)
    assert judged >= 3


def test_a_surer_win_outranks_a_few_more_points_near_the_end() -> None:
    scored = generate(Board(), parse_tiles("5L TL"), through=centre(Board()))[0]
    richer = Appraisal(scored, 0, (), 10.0, risk=5.0, chance=0.2)
    surer = replace(richer, order=1, leave=5.0, chance=0.8)
    assert richer.value > surer.value
    assert surer.total > richer.total
    assert surer.total == surer.value - 5.0 + CHANCE_WEIGHT * 0.8
    unjudged = [replace(a, chance=None) for a in (richer, surer)]
    assert unjudged[0].total > unjudged[1].total


def test_with_more_than_two_players_the_chance_is_not_judged() -> None:
    judging = Expert(win=load_win_chance())
    game = TileGame(5, players=3)
    seen = 0
    while not game.is_over:
        view = game.observation(game.current_player)
        if view.bag_size <= CHANCE_BAG:
            assert all(a.chance is None for a in judging.ranked(view))
            seen += 1
        game.apply(greedy(view))
    assert seen > 3
