"""Computer players: legal, deterministic, greedy takes the top score, expert weighs more."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

import pytest

from solitaire.tiles import players
from solitaire.tiles.board import Board
from solitaire.tiles.game import PlayerView, Seen, TileGame
from solitaire.tiles.leaves import FEATURES, LeaveModel, load_leaves
from solitaire.tiles.movegen import centre, generate
from solitaire.tiles.moves import Action, Exchange, Pass, Play, check_play
from solitaire.tiles.players import (
    Expert,
    Inference,
    best_replies,
    closing_margin,
    expert,
    greedy,
    infer_racks,
    reply_cost,
    sample_racks,
)
from solitaire.tiles.registry import make_player
from solitaire.tiles.tiles import FULL_SET, Bag, Tile, parse_tiles
from tests.tiles.quick_greedy import quick_greedy
from tests.tiles.test_closed_board import ISSUE_MOVES


def test_greedy_takes_the_highest_score_now() -> None:
    game = TileGame(3)
    game.apply(greedy(game.observation(game.current_player)))
    view = game.observation(game.current_player)
    choice = greedy(view)
    assert isinstance(choice, Play)
    best = max(p.score for p in generate(view.board, view.rack))
    assert game.check(choice) is not None
    assert game.check(choice).total == best  # type: ignore[union-attr]


@pytest.mark.parametrize("name", ["greedy", "expert"])
def test_every_choice_is_legal_through_a_whole_game(name: str) -> None:
    game = TileGame(9)
    player = make_player(name, random.Random(0))
    while not game.is_over:
        action = player.choose(game.observation(game.current_player))
        assert game.can(action)
        game.apply(action)


def listed_greedy(view: PlayerView) -> Action:
    """Greedy's choice from the whole listing of plays (an independent recomputation of
    what :func:`greedy` finds with the generator's best-only search): the first play of
    the top score, unless it closes the board on a loss; then the next that does not;
    with none, the closing play of the best margin."""
    board = view.board
    plays = generate(board, view.rack, through=centre(board) if board.is_empty else None)
    if not plays:
        return Exchange(tuple(view.rack)) if view.bag_size >= len(view.rack) else Pass()
    margins: list[tuple[float, int]] = []
    for index, play in sorted(enumerate(plays), key=lambda item: -item[1].score):
        margin = closing_margin(view, play)
        if margin is None or margin >= 0:
            return play.play
        margins.append((margin, -index))
    return plays[-max(margins)[1]].play


@pytest.mark.parametrize(("seed", "players"), [(3, 2), (4, 3), (11, 4)])
def test_greedy_chooses_as_the_whole_listing_at_every_turn(seed: int, players: int) -> None:
    game = TileGame(seed, players)
    while not game.is_over:
        view = game.observation(game.current_player)
        action = greedy(view)
        assert listed_greedy(view) == action, len(game.turns)
        game.apply(action)
    assert any(not isinstance(t.action, Play) for t in game.turns)  # a pass or an exchange too


@pytest.mark.parametrize("lead", [-50, 50])
def test_greedy_chooses_as_the_whole_listing_where_its_best_closes_the_board(lead: int) -> None:
    """Issue 26's position, its top play closing the board: ahead, greedy closes it; behind,
    it lays the next play that does not, as the whole listing has it."""
    game = TileGame(27)
    for move in ISSUE_MOVES[:-1]:
        game.apply(Play.parse(move))
    game.scores[game.current_player] += lead
    view = game.observation(game.current_player)
    (top,) = generate(view.board, view.rack, best_only=True)
    assert top.play == Play.parse(ISSUE_MOVES[-1])
    margin = closing_margin(view, top)
    assert margin is not None and (margin > 0) == (lead > 0)
    action = greedy(view)
    assert action == listed_greedy(view)
    assert (action == top.play) == (lead > 0)


def stuck_view(bag: int) -> PlayerView:
    game = TileGame(0)
    game.racks[game.current_player] = parse_tiles("AL 3L 7D QL KD")
    game.bag = Bag(FULL_SET[:bag], random.Random(0))
    return game.observation(game.current_player)


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
    choice = keeper.choose(game.observation(player))
    assert isinstance(choice, Play) and "5D" not in map(str, choice.tiles)


def test_the_shipped_leave_values_load_and_match_the_features() -> None:
    model = load_leaves()
    assert len(model.weights) == len(FEATURES)
    assert model.games > 0 and model.samples > model.games
    assert LeaveModel.from_dict(model.to_dict()).weights == pytest.approx(model.weights, abs=1e-4)


def test_reply_cost_is_the_mean_best_reply_over_the_racks() -> None:
    game = TileGame(21)
    for _ in range(4):
        game.apply(greedy(game.observation(game.current_player)))
    view = game.observation(game.current_player)
    racks = sample_racks(view, 3)
    plays = generate(view.board, view.rack)
    for scored in plays[:: len(plays) // 3][:3]:
        after = view.board.place(scored.play.placements)
        best = [max((p.score for p in generate(after, rack)), default=0) for rack in racks]
        assert reply_cost(view, scored.play, racks) == sum(best) / len(racks)


@pytest.mark.parametrize("seed", [5, 17])
def test_searching_near_the_play_gives_the_same_reply_cost_as_the_whole_board(seed: int) -> None:
    game = TileGame(seed)
    checked = 0
    while not game.is_over and checked < 60:
        view = game.observation(game.current_player)
        plays = generate(view.board, view.rack)
        racks = sample_racks(view, 3)
        if plays and racks and not view.board.is_empty:
            before = best_replies(view, racks)
            for scored in plays[:: max(1, len(plays) // 4)]:
                whole = reply_cost(view, scored.play, racks)
                assert reply_cost(view, scored.play, racks, before) == whole
                checked += 1
        game.apply(greedy(view))
    assert checked >= 40


def endgame_view(bag: int) -> PlayerView:
    board = Board().place(Play.parse("G7:7L H7:8L").placements)
    return PlayerView(0, board, parse_tiles("8D 7D"), (0, 0), (2, 1), bag, parse_tiles("7D"))


def test_a_reply_that_goes_out_at_the_end_costs_the_tiles_kept_once() -> None:
    """Once the bag is empty the 7 kept is counted against the play by its leave (-7 at
    the end); the reply that goes out costs its own points only, not the 7 again (issue
    42: the hints counted the leftovers twice), so the play's total is its score less the
    reply and the 7, the game's own final margin."""
    play = Play.parse("G8:8D")  # 7-8 down; the 7 stays on the rack
    view = endgame_view(0)
    after = view.board.place(play.placements)
    reply = max(p.score for p in generate(after, parse_tiles("7D")))  # 7D goes out, on H8
    assert reply > 0
    assert sample_racks(view, 4) == [parse_tiles("7D")]  # the bag is empty: known
    assert reply_cost(view, play, [parse_tiles("7D")]) == reply
    expert = Expert(shortlist=100)  # every play looked at
    (item,) = [
        a
        for a in expert.look_ahead(view, expert.appraise(view, generate(view.board, view.rack)))
        if a.play == play
    ]
    score = check_play(view.board, view.rack, play).total
    assert item.leave == -7 and item.total == score - reply - 7
    # With tiles still in the bag the game goes on, and the 7 is not lost.
    assert reply_cost(endgame_view(10), play, [parse_tiles("7D")]) == reply
    # Going out oneself ends the game: no reply at all.
    out = Play.parse("G8:8D G9:7D")
    assert check_play(endgame_view(0).board, endgame_view(0).rack, out).total > 0
    assert reply_cost(endgame_view(0), out, [parse_tiles("7D")]) == 0


def test_laying_the_whole_rack_with_tiles_in_the_bag_does_not_end_the_game() -> None:
    """The player draws the bag's last tiles and the opponent replies; when that reply
    goes out, the tiles drawn count against the player too (they are the unseen tiles
    not on the opponent's rack)."""
    board = Board().place(Play.parse("G7:7L H7:8L").placements)
    unseen = parse_tiles("7D 2L 3L 4L")
    view = PlayerView(0, board, parse_tiles("8D 7D"), (0, 0), (2, 1), 3, unseen)
    out = Play.parse("G8:8D G9:7D")  # the whole rack, three tiles still in the bag
    after = board.place(out.placements)
    costs = []
    for rack in (parse_tiles("7D"), parse_tiles("2L"), parse_tiles("4L")):
        best = max((p.score for p in generate(after, rack)), default=None)
        drawn = sum(t.pips for t in unseen) - rack[0].pips  # the one-tile reply goes out
        expected = 0 if best is None else best + drawn
        assert reply_cost(view, out, [rack]) == expected
        costs.append(expected)
    assert any(costs)  # a reply is there: the game did not end with the play
    # With nothing to draw, the same play ends the game: no reply.
    assert reply_cost(replace(view, bag_size=0, unseen=parse_tiles("7D")), out, [unseen[:1]]) == 0


def test_the_expert_goes_out_when_the_bag_is_empty_and_it_pays() -> None:
    view = endgame_view(0)
    choice = expert(view)
    assert isinstance(choice, Play) and len(choice.tiles) == 2


def test_sampled_racks_come_from_the_unseen_tiles_and_repeat() -> None:
    game = TileGame(12)
    game.apply(greedy(game.observation(game.current_player)))
    view = game.observation(game.current_player)
    racks = sample_racks(view, 4)
    assert racks == sample_racks(view, 4) and len(racks) == 4
    for rack in racks:
        assert len(rack) == 5
        assert all(rack.count(t) <= view.unseen.count(t) for t in rack)


def walked(seed: int, turns: int) -> TileGame:
    game = TileGame(seed)
    for _ in range(turns):
        game.apply(quick_greedy(game.observation(game.current_player)))
    return game


def test_the_view_shows_the_last_turn_as_everyone_saw_it() -> None:
    game = TileGame(12)
    first = game.observation(game.current_player)
    assert first.last is None
    play = greedy(first)
    assert isinstance(play, Play)
    turn = game.apply(play)
    for player in (0, 1):
        last = game.observation(player).last
        assert last == Seen(turn.player, first.board, play.tiles, 0, turn.points)


def exchanged_two() -> TileGame:
    """A game whose first player, with no opening, has just exchanged two tiles."""
    game = TileGame(0)
    game.racks[game.current_player] = parse_tiles("AL 3L 7D QL KD")
    game.apply(Exchange(parse_tiles("AL 3L")))
    return game


def test_an_exchange_is_seen_by_its_count_never_its_tiles() -> None:
    game = exchanged_two()
    for player in (0, 1):
        seen = game.observation(player).last
        assert seen == Seen(1 - game.current_player, Board(), (), 2, 0)


def kept_admits(board: Board, kept: Sequence[Tile], laid: Sequence[Tile], above: int) -> bool:
    """Whether the kept and laid tiles together have a play scoring more than ``above``."""
    through = centre(board) if board.is_empty else None
    return bool(generate(board, (*kept, *laid), through=through, best_only=True, above=above))


@pytest.mark.parametrize("turns", [1, 2])
def test_inferred_racks_keep_only_what_the_last_play_allows(turns: int) -> None:
    how = Inference(tries=48, slack=0)
    game = walked(0, turns)
    view = game.observation(game.current_player)
    last = view.last
    assert last is not None and 1 <= len(last.laid) < 5 and view.bag_size
    leave = load_leaves().value
    racks = infer_racks(view, 16, leave, how)
    assert racks == infer_racks(view, 16, leave, how) and len(racks) == 16
    kept = 5 - len(last.laid)
    for rack in racks:
        assert len(rack) == 5
        assert all(rack.count(t) <= view.unseen.count(t) for t in rack)
        assert not kept_admits(last.board, rack[:kept], last.laid, last.points)
    # Racks drawn evenly break the rule, so the check above can fail.
    assert any(
        kept_admits(last.board, split, last.laid, last.points)
        for rack in sample_racks(view, 16)
        for split in combinations(rack, kept)
    )


def test_after_an_exchange_the_kept_tiles_have_no_play() -> None:
    game = exchanged_two()
    view = game.observation(game.current_player)
    racks = infer_racks(view, 16, load_leaves().value, Inference())
    for rack in racks:
        assert not kept_admits(view.board, rack[:3], (), -1)
    assert any(kept_admits(view.board, rack[:3], (), -1) for rack in sample_racks(view, 16))


def test_without_a_last_turn_to_go_on_the_racks_are_drawn_evenly() -> None:
    game = TileGame(12)
    view = game.observation(game.current_player)
    assert infer_racks(view, 8, load_leaves().value, Inference()) == sample_racks(view, 8)
    game.apply(greedy(view))
    mine = replace(game.observation(game.current_player), last=None)
    assert infer_racks(mine, 8, load_leaves().value, Inference()) == sample_racks(mine, 8)


def test_an_expert_told_to_infer_looks_over_the_inferred_racks() -> None:
    game = walked(0, 2)
    view = game.observation(game.current_player)
    plain, inferring = Expert(), Expert(infer=Inference())
    assert plain.opponent_racks(view) == sample_racks(view, 8)
    inferred = infer_racks(view, 8, inferring.leaves.value, Inference())
    assert inferring.opponent_racks(view) == inferred != plain.opponent_racks(view)


def test_unknown_players_are_named() -> None:
    with pytest.raises(ValueError, match="unknown player 'wizard'"):
        make_player("wizard", random.Random(0))


def test_the_experts_pipeline_ranks_its_own_choice_first() -> None:
    """The hints read the expert's pipeline (candidates, appraise, look_ahead, pick): the
    first of its ranking is the play it chooses, at every turn of a game."""
    chooser, ranker = Expert(), Expert()
    game = TileGame(12, size=11)
    looked = 0
    while not game.is_over:
        view = game.observation(game.current_player)
        action = chooser.choose(view)
        ranked = ranker.ranked(view)
        if ranked:
            assert ranked[0].play == action, len(game.turns)
            totals = [a.total for a in ranked if a.risk is not None]
            assert totals == sorted(totals, reverse=True)
            looked += any(a.risk is not None for a in ranked)
        else:
            assert action == ranker.exchange_choice(view).action
        game.apply(action)
    assert looked > 10


def test_the_bounded_look_picks_what_the_whole_look_picks(monkeypatch: pytest.MonkeyPatch) -> None:
    """:meth:`Expert.best` skips replies that cannot matter: at every turn of a game, for
    narrow and wide looks over few and many racks, it picks the very play (and total) that
    looking at every play over every rack picks, and searches fewer replies."""
    searched = 0
    whole = players.iter_replies

    def counted(*args: Any, **kwargs: Any) -> Iterator[players.Reply]:
        nonlocal searched
        for reply in whole(*args, **kwargs):
            searched += 1
            yield reply

    monkeypatch.setattr(players, "iter_replies", counted)
    looks = [Expert(shortlist=w, samples=s) for w, s in [(2, 3), (6, 6), (24, 4)]]
    game = TileGame(20, size=9)
    turns = possible = closings = 0
    while not game.is_over:
        view = game.observation(game.current_player)
        plays = looks[0].candidates(view)
        if plays:
            turns += 1
            for look in looks:
                appraised = look.appraise(view, plays)
                assert look.best(view, appraised) == look.pick(look.look_ahead(view, appraised))
            closings += any(closing_margin(view, play) is not None for play in plays)
            possible += min(24, len(plays)) * len(looks[2].opponent_racks(view))
            searched = 0
            looks[2].best(view, looks[2].appraise(view, plays))
            possible -= searched
        game.apply(looks[1].choose(view))
    assert turns > 10 and possible > 0 and closings  # plays that close the board too
