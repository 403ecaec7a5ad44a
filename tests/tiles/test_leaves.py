"""Leave values: the features, the simulated samples and the within-position fit."""

from __future__ import annotations

import random

import pytest

from solitaire.core.cards import shuffle
from solitaire.tiles.fit_leaves import (
    RACKS_PER_POSITION,
    _draw_count,
    fit_leaves,
    position_samples,
    within_positions_fit,
)
from solitaire.tiles.game import TileGame
from solitaire.tiles.leaves import FEATURES, leave_features
from solitaire.tiles.movegen import generate
from solitaire.tiles.players import greedy
from solitaire.tiles.tiles import parse_tiles


def test_leave_features_count_ranks_and_the_pairs_of_tiles_kept() -> None:
    features = dict(zip(FEATURES, leave_features(parse_tiles("5L 5D TL 6L 3D")), strict=True))
    assert (features["rank 5"], features["rank 10"], features["rank 6"]) == (2, 1, 1)
    assert features["pairs"] == 1  # 5-5
    assert features["fifteens"] == 2  # 5-10 twice
    assert features["neighbours"] == 2  # 5-6 twice
    assert features["two apart"] == 2  # 3-5 twice
    assert features["one colour"] == 4  # 5L-TL, 5L-6L, TL-6L, 5D-3D
    assert leave_features(()) == [0] * len(FEATURES)


def test_each_sample_is_the_best_score_of_a_rack_dealt_from_the_pool() -> None:
    game = TileGame(4)
    for _ in range(3):
        game.apply(greedy(game.observation(game.current_player)))
    view = game.observation(game.current_player)
    pool = [*view.rack, *sorted(game.bag.counts().elements())]
    group = position_samples(view.board, pool, random.Random(11))
    assert len(group) == RACKS_PER_POSITION
    rng = random.Random(11)  # deal the same racks again, the slow way
    for features, points in group:
        tiles = list(pool)
        shuffle(tiles, rng)
        rack = tiles[:5]
        assert points == max((p.score for p in generate(view.board, rack)), default=0)
        assert features == leave_features(rack[: _draw_count(rng, 5)])


def test_the_fit_recovers_weights_under_position_effects() -> None:
    rng = random.Random(3)
    truth = [1.5, -2.0, 0.25]
    groups = []
    for _ in range(40):
        offset = rng.randint(-50, 50)  # a board worth more or less to every rack
        group = []
        for _ in range(6):
            x = [rng.randint(0, 3) for _ in truth]
            group.append((x, offset + sum(w * v for w, v in zip(truth, x, strict=True))))
        groups.append(group)
    weights, count = within_positions_fit(groups, len(truth), ridge=0.0)
    assert count == 240
    assert weights == pytest.approx(truth)


def test_the_fit_is_the_same_for_any_number_of_processes() -> None:
    one = fit_leaves(2, seed=77, jobs=1)
    two = fit_leaves(2, seed=77, jobs=2)
    assert one == two and one.samples > 0 and one.samples % RACKS_PER_POSITION == 0
