"""The chance of winning: the model, its file, its fit, and the expert that judges by it."""

from __future__ import annotations

import json
import statistics

import pytest

from solitaire.core.errors import InputError
from solitaire.tiles.fit_win_chance import (
    BAG_SIZES,
    Position,
    self_play_positions,
    win_chance_of,
)
from solitaire.tiles.fit_win_chance import _Task as Task
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import generate
from solitaire.tiles.players import CHANCE_BAG, Expert, greedy, sample_racks
from solitaire.tiles.tiles import RACK_SIZE, rack_less, rack_pips
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
        ({"means": [1.0]}, "a mean and a spread for each bag size"),
        ({"means": [], "spreads": []}, "a mean and a spread for each bag size"),
        ({"spreads": [1.0, 0.0]}, "positive"),
        ({"spreads": [1.0, -2.0]}, "positive"),
        ({"means": [1.0, True]}, "means as a list of numbers"),
        ({"means": "1, 2"}, "means as a list of numbers"),
        ({"spreads": [1.0, "2"]}, "spreads as a list of numbers"),
        ({"spreads": [1.0, None]}, "spreads as a list of numbers"),
        ({"games": -1}, "games as a whole number"),
        ({"positions": 2.5}, "positions as a whole number"),
        ({"seed": False}, "seed as a whole number"),
        ({"player": "oracle"}, "player greedy, expert or planner"),
        ({"means": [1e400, 1.0]}, "finite"),
    ],
)
def test_a_wrong_file_is_refused_by_name(change: dict[str, object], problem: str) -> None:
    data = {**WinChance((1.0, 2.0), (3.0, 4.0), 5, 6, 7).to_dict(), **change}
    with pytest.raises(InputError, match=problem):
        WinChance.from_dict(json.loads(json.dumps(data)))


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


@pytest.mark.parametrize("seed", [2, 9, 14])
def test_near_the_end_each_play_s_chance_is_recomputed_by_the_whole_board(seed: int) -> None:
    """An independent recomputation: every reply searched on the whole board, the margin
    and the bag after it worked out by hand, the normal curve from the standard library."""
    model = load_win_chance()
    judging = Expert(win=model)
    game = walked_to(seed, CHANCE_BAG)
    checked = 0
    while not game.is_over and checked < 12:
        view = game.observation(game.current_player)
        me = view.player
        plays = judging.candidates(view)
        looked = judging.look_ahead(view, judging.appraise(view, plays)) if plays else []
        racks = sample_racks(view, judging.samples)
        for item in looked:
            if item.closing is not None or item.chance is None:
                continue
            kept = rack_less(view.rack, item.play.tiles)
            drawn = min(view.bag_size, RACK_SIZE - len(kept))
            margin = view.scores[me] - view.scores[1 - me] + item.value
            chances = []
            costs = []
            ambiguous = False
            for rack in racks:
                if not kept and view.bag_size == drawn:  # out with the bag empty: over
                    costs.append(0)
                    chances.append(float(margin > 0) + 0.5 * (margin == 0))
                    continue
                after = view.board.place(item.play.placements)
                replies = generate(after, rack)
                points = max((p.score for p in replies), default=0)
                lengths = {len(p.play.tiles) for p in replies if p.score == points}
                if len(lengths) > 1:  # best replies of different lengths: the bag after is
                    ambiguous = True  # the one of whichever the search met first
                    break
                reply = next((p for p in replies if p.score == points), None)
                laid = len(reply.play.tiles) if reply else 0
                if reply and view.bag_size == drawn and laid == len(rack):
                    cost = points + rack_pips(kept)
                    final = margin - item.leave - cost
                    chances.append(float(final > 0) + 0.5 * (final == 0))
                else:
                    cost = points
                    bag = max(0, view.bag_size - drawn - laid)
                    index = min(bag, len(model.means) - 1)
                    curve = statistics.NormalDist(model.means[index], model.spreads[index])
                    chances.append(1 - curve.cdf(cost - margin))
                costs.append(cost)
            if ambiguous:
                continue
            assert item.risk == pytest.approx(sum(costs) / len(costs))
            assert item.chance == pytest.approx(statistics.mean(chances), abs=1e-9)
            assert 0.0 <= item.chance <= 1.0
            checked += 1
        game.apply(judging.choose(view) if plays else greedy(view))
    assert checked >= 4


def test_far_from_the_end_the_judging_expert_chooses_as_the_plain_one() -> None:
    plain, judging = Expert(), Expert(win=load_win_chance())
    game = TileGame(4)
    compared = 0
    while not game.is_over:
        view = game.observation(game.current_player)
        action = plain.choose(view)
        if view.bag_size > CHANCE_BAG:
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
                judged += any(a.chance is not None for a in ranked)
            game.apply(action)
    assert judged >= 3
