"""Computer players: legal, deterministic, greedy takes the top score, expert weighs more."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from solitaire.tiles.board import Board
from solitaire.tiles.game import PlayerView, TileGame
from solitaire.tiles.leaves import FEATURES, LeaveModel, leave_features, load_leaves
from solitaire.tiles.movegen import generate
from solitaire.tiles.moves import Exchange, Pass, Play
from solitaire.tiles.players import (
    Expert,
    expert,
    greedy,
    make_player,
    opening_cost,
    sample_racks,
)
from solitaire.tiles.tiles import FULL_SET, Bag, parse_tiles


def test_greedy_takes_the_highest_score_now() -> None:
    game = TileGame(3)
    game.apply(greedy(game.view(game.current_player)))
    view = game.view(game.current_player)
    choice = greedy(view)
    assert isinstance(choice, Play)
    best = max(p.score for p in generate(view.board, view.rack))
    assert game.check(choice) is not None
    assert game.check(choice).total == best  # type: ignore[union-attr]


@pytest.mark.parametrize("name", ["greedy", "expert"])
def test_every_choice_is_legal_through_a_whole_game(name: str) -> None:
    game = TileGame(9)
    player = make_player(name)
    while not game.is_over:
        action = player(game.view(game.current_player))
        assert game.can(action)
        game.apply(action)


def stuck_view(bag: int) -> PlayerView:
    game = TileGame(0)
    game.racks[game.current_player] = parse_tiles("AL 3L 7D QL KD")
    game.bag = Bag(FULL_SET[:bag], random.Random(0))
    return game.view(game.current_player)


def test_with_no_play_greedy_exchanges_all_and_expert_keeps_its_best_leave() -> None:
    view = stuck_view(30)
    assert greedy(view) == Exchange(view.rack)
    chosen = expert(view)
    assert isinstance(chosen, Exchange)
    kept = list(view.rack)
    for tile in chosen.tiles:
        kept.remove(tile)
    leaves = load_leaves()
    options = [keep for k in range(5) for keep in combinations(view.rack, k)]
    assert leaves.value(kept) == max(leaves.value(keep) for keep in options)
    assert greedy(stuck_view(0)) == Pass()
    assert expert(stuck_view(0)) == Pass()


def test_the_expert_values_leaves_with_the_model_it_is_given() -> None:
    fives = [0.0] * len(FEATURES)
    fives[4] = 50.0  # a 5 kept is worth a fortune
    keeper = Expert(LeaveModel(tuple(fives)))
    game = TileGame(0)
    player = game.current_player
    game.board = Board().place(Play.parse("G7:7L H7:8L").placements)
    game.racks[player] = parse_tiles("5D 7D 8D 2L 2D")
    choice = keeper(game.view(player))
    assert isinstance(choice, Play) and "5D" not in map(str, choice.tiles)


def test_leave_features_count_ranks_pairs_fifteens_and_neighbours() -> None:
    features = leave_features(parse_tiles("5L 5D TL 6L"))
    assert features[4] == 2 and features[9] == 1 and features[5] == 1
    assert features[13:] == [1, 2, 2]  # 5-5; 5-10 twice; 5-6 twice


def test_the_shipped_leave_values_load_and_match_the_features() -> None:
    model = load_leaves()
    assert len(model.weights) == len(FEATURES)
    assert model.games > 0 and model.samples > model.games
    assert LeaveModel.from_dict(model.to_dict()).weights == pytest.approx(model.weights, abs=1e-4)


def test_opening_cost_counts_only_replies_beyond_what_the_opponent_had() -> None:
    board = Board().place(Play.parse("G7:7L H7:8L").placements)
    fives = [parse_tiles("5D 5L 2L 3L 4L")]
    play = Play.parse("I7:7D").placements  # 7-8-7 leaves J7 and the squares round I7 open
    reply = max(p.score for p in generate(board.place(play), fives[0]))
    assert opening_cost(board, play, fives, [0]) == reply
    assert opening_cost(board, play, fives, [reply]) == 0
    assert opening_cost(board, play, fives, [reply + 5]) == 0  # never below nothing


def test_sampled_racks_come_from_the_unseen_tiles_and_repeat() -> None:
    game = TileGame(12)
    game.apply(greedy(game.view(game.current_player)))
    view = game.view(game.current_player)
    racks = sample_racks(view, 4)
    assert racks == sample_racks(view, 4) and len(racks) == 4
    for rack in racks:
        assert len(rack) == 5
        assert all(rack.count(t) <= view.unseen.count(t) for t in rack)


def test_unknown_players_are_named() -> None:
    with pytest.raises(ValueError, match="unknown player 'wizard'"):
        make_player("wizard")
