"""Leave values: the features, the simulated samples and the within-position fit."""

from __future__ import annotations

import random

import pytest

from solitaire.core.cards import shuffle
from solitaire.core.errors import InputError
from solitaire.tiles.fit_leaves import (
    RACKS_PER_POSITION,
    _draw_count,
    fit_leaves,
    position_samples,
    within_positions_fit,
)
from solitaire.tiles.game import TileGame
from solitaire.tiles.leaves import (
    FEATURES,
    PAIR_FEATURES,
    LeaveModel,
    leave_features,
    pair_features,
)
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


def test_pair_features_count_each_pair_of_ranks_kept_once() -> None:
    features = dict(zip(PAIR_FEATURES, pair_features(parse_tiles("5L 5D TL 6L 3D")), strict=True))
    assert (features["rank 5"], features["rank 10"], features["rank 3"]) == (2, 1, 1)
    pairs = {name: count for name, count in features.items() if count and len(name) == 2}
    assert pairs == {"55": 1, "5T": 2, "56": 2, "35": 2, "36": 1, "3T": 1, "6T": 1}
    assert features["one colour"] == 4
    assert pair_features(()) == [0] * len(PAIR_FEATURES)


def test_every_pair_of_ranks_has_its_own_feature() -> None:
    ranks = "A23456789TJQK"
    seen = set()
    for low in range(13):
        for high in range(low, 13):
            kept = parse_tiles(f"{ranks[low]}L {ranks[high]}D".replace("T", "10"))
            counts = pair_features(kept)
            named = [PAIR_FEATURES[i] for i, c in enumerate(counts[13:-1], 13) if c]
            assert named == [ranks[low] + ranks[high]]
            seen.update(named)
    assert len(seen) == 91 == len(PAIR_FEATURES) - 14


def test_a_model_of_either_set_reads_back_and_refuses_the_wrong_weights() -> None:
    for names, kind in ((FEATURES, "basic"), (PAIR_FEATURES, "pairs")):
        model = LeaveModel(tuple(i / 8 for i in range(len(names))), 3, 40, 9, kind, "expert")
        assert LeaveModel.from_dict(model.to_dict()) == model
        with pytest.raises(InputError):
            LeaveModel(model.weights[:-1], features=kind)
    data = LeaveModel(tuple([0.0] * len(PAIR_FEATURES)), features="pairs").to_dict()
    data["features"] = "basic"  # 105 weights named for the other set
    with pytest.raises(InputError):
        LeaveModel.from_dict(data)
    data["features"] = "triples"
    with pytest.raises(InputError):
        LeaveModel.from_dict(data)


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


def test_a_pairs_fit_on_expert_positions_names_its_set_and_its_player() -> None:
    model = fit_leaves(1, seed=78, features="pairs", player="expert", racks=3)
    assert (model.features, model.player) == ("pairs", "expert")
    assert len(model.weights) == len(PAIR_FEATURES) and model.samples % 3 == 0
    assert "expert self-play" in str(model.to_dict()["method"])
