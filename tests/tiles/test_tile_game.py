"""The game: who starts, turns, passing and exchanging, the end and the leftovers."""

from __future__ import annotations

import random

import pytest

from solitaire.tiles.board import Board
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import has_play
from solitaire.tiles.moves import Exchange, IllegalMoveError, Pass, Play, Reason
from solitaire.tiles.players import greedy
from solitaire.tiles.record import game_record
from solitaire.tiles.tiles import FULL_SET, RACK_SIZE, Bag, parse_tiles, rack_pips

NO_OPENING = parse_tiles("AL 3L 7D QL KD")  # no pair, fifteen or run among any of them


def play_out(game: TileGame) -> TileGame:
    while not game.is_over:
        game.apply(greedy(game.observation(game.current_player)))
    return game


def test_the_lowest_opening_draw_plays_first_and_ties_draw_again() -> None:
    tied = 0
    for seed in range(60):
        game = TileGame(seed)
        first_round = game.opening_draws[0]
        low = min(t.rank for t in first_round)
        lowest = [p for p, t in enumerate(first_round) if t.rank == low]
        if len(lowest) == 1:
            assert game.first_player == lowest[0]
        else:
            tied += 1
            assert len(game.opening_draws) > 1
            assert game.first_player in lowest
        assert game.current_player == game.first_player
        # the opening tiles went back: the racks and bag still hold the whole set
        assert sorted([*game.rack(0), *game.rack(1), *game.bag.draw(200)]) == sorted(FULL_SET)
    assert tied > 0


def test_each_player_starts_with_five_and_draws_back_up_to_five() -> None:
    game = TileGame(11)
    assert [len(game.rack(p)) for p in (0, 1)] == [RACK_SIZE, RACK_SIZE]
    turn = game.apply(greedy(game.observation(game.current_player)))
    assert isinstance(turn.action, Play)
    assert len(turn.drew) == len(turn.action.tiles)
    assert len(game.rack(turn.player)) == RACK_SIZE
    assert len(game.bag) == 104 - 10 - len(turn.drew)


def test_a_refused_move_changes_nothing() -> None:
    game = TileGame(4)
    play_first = greedy(game.observation(game.current_player))
    game.apply(play_first)
    before = game_record(game, ["a", "b"])
    bag_before = len(game.bag)
    for bad in (Pass(), Exchange(game.rack(game.current_player)[:1]), Play.parse("A1:KD A2:KD")):
        with pytest.raises(IllegalMoveError):
            game.apply(bad)
        assert not game.can(bad)
    assert game_record(game, ["a", "b"]) == before
    assert len(game.bag) == bag_before


def stuck_game(bag_tiles: int) -> TileGame:
    """The player to move has no play on an empty board; the bag holds ``bag_tiles``."""
    game = TileGame(0)
    game.racks[game.current_player] = NO_OPENING
    game.bag = Bag(FULL_SET[:bag_tiles], random.Random(0))
    assert not has_play(game.board, NO_OPENING)
    return game


def test_with_no_play_a_player_passes_or_exchanges_one_to_five() -> None:
    game = stuck_game(40)
    actions = game.legal_actions()
    assert Pass() in actions
    exchanges = [a for a in actions if isinstance(a, Exchange)]
    assert {len(e.tiles) for e in exchanges} == {1, 2, 3, 4, 5}
    assert len(exchanges) == 2**5 - 1  # five different tiles: every non-empty subset
    player = game.current_player
    turn = game.apply(Exchange(NO_OPENING[:2]))
    assert turn.points == 0 and len(turn.drew) == 2
    assert len(game.rack(player)) == RACK_SIZE and len(game.bag) == 40
    assert game.current_player != player


def test_an_exchange_needs_enough_tiles_in_the_bag() -> None:
    game = stuck_game(2)
    assert game.can(Exchange(NO_OPENING[:2]))
    with pytest.raises(IllegalMoveError, match="the bag holds 2 tiles") as caught:
        game.check(Exchange(NO_OPENING[:3]))
    assert caught.value.reason is Reason.BAG_SHORT
    with pytest.raises(IllegalMoveError, match="1 to 5 tiles, not 0"):
        game.check(Exchange(()))
    with pytest.raises(IllegalMoveError, match="not on your rack") as caught:
        game.check(Exchange(parse_tiles("5L")))
    assert caught.value.reason is Reason.NOT_ON_RACK


def test_passing_or_exchanging_is_refused_while_a_play_is_possible() -> None:
    game = TileGame(2)
    assert game.can_play()
    for action in (Pass(), Exchange(game.rack(game.current_player)[:1])):
        with pytest.raises(IllegalMoveError, match="a play is possible") as caught:
            game.check(action)
        assert caught.value.reason is Reason.MUST_PLAY
    assert Pass() not in game.legal_actions()


def test_the_game_ends_when_the_bag_is_empty_and_a_player_lays_their_last_tile() -> None:
    game = TileGame(0)
    player = game.current_player
    game.bag = Bag((), random.Random(0))
    game.racks[player] = parse_tiles("7D 8D")
    game.racks[1 - player] = parse_tiles("KD 5L AL")
    game.apply(Play.parse("G7:7D H7:8D"))
    assert game.is_over
    assert game.deductions == ((0, 16) if player == 0 else (16, 0))
    assert game.returns()[player] == 12 and game.returns()[1 - player] == -16
    assert game.winners() == (player,)
    assert game.legal_actions() == []
    with pytest.raises(IllegalMoveError, match="the game is over") as caught:
        game.check(Pass())
    assert caught.value.reason is Reason.GAME_OVER


def test_the_game_ends_when_the_bag_is_empty_and_no_player_can_play() -> None:
    game = TileGame(0)
    game.bag = Bag((), random.Random(0))
    game.racks = [NO_OPENING, parse_tiles("2L 4L 8L")]
    assert game.legal_actions() == [Pass()]  # the bag cannot take an exchange
    game.apply(Pass())
    assert not game.is_over
    game.apply(Pass())
    assert game.is_over
    assert game.deductions == (rack_pips(NO_OPENING), 14)


def test_six_turns_without_a_play_end_the_game() -> None:
    game = stuck_game(50)
    game.racks = [NO_OPENING, NO_OPENING]  # passes change nothing: nobody can ever open
    for _ in range(6):
        assert not game.is_over
        game.apply(Pass())
    assert game.is_over
    assert game.returns() == (-rack_pips(NO_OPENING), -rack_pips(NO_OPENING))
    assert game.winners() == (0, 1)


@pytest.mark.parametrize("seed", range(6))
def test_move_scores_less_the_leftovers_are_the_final_score(seed: int) -> None:
    game = play_out(TileGame(seed))
    assert game.deductions is not None
    for player in (0, 1):
        points = sum(t.points for t in game.turns if t.player == player)
        assert game.scores[player] == points
        assert game.returns()[player] == points - game.deductions[player]
        assert game.deductions[player] == rack_pips(game.rack(player))
        for turn in game.turns:
            if turn.score is not None:
                assert turn.points == turn.score.total
    tiles_out = len(game.board) + sum(len(r) for r in game.racks) + len(game.bag)
    assert tiles_out == 104


def test_seeded_games_are_identical_across_runs() -> None:
    one = game_record(play_out(TileGame(21)), ["greedy", "greedy"])
    two = game_record(play_out(TileGame(21)), ["greedy", "greedy"])
    assert one == two
    assert one != game_record(play_out(TileGame(22)), ["greedy", "greedy"])


def test_a_player_sees_their_own_rack_and_counts_of_the_rest() -> None:
    game = TileGame(8)
    game.apply(greedy(game.observation(game.current_player)))
    view = game.observation(game.current_player)
    assert view.rack == game.rack(game.current_player)
    assert view.rack_sizes == (5, 5) and view.opponents_tiles == 5
    assert len(view.unseen) == 104 - len(game.board) - 5
    other = game.rack(1 - game.current_player)
    assert all(view.unseen.count(t) >= other.count(t) for t in other)
    assert isinstance(view.board, Board)


def test_two_to_four_players() -> None:
    assert TileGame(1, players=4).players == 4
    with pytest.raises(ValueError, match="2 to 4 players"):
        TileGame(1, players=5)
