"""The planner (issue 26): legal, the same on every run, exact in the endgame."""

from __future__ import annotations

import random

import pytest

from solitaire.tiles.endgame import solve
from solitaire.tiles.game import PlayerView, TileGame
from solitaire.tiles.levels import PLAYERS
from solitaire.tiles.moves import Play, check_play
from solitaire.tiles.planner import (
    LOOK,
    SAMPLES,
    Planned,
    Planner,
    built_in_planner,
    new_planner,
    planner,
)
from solitaire.tiles.players import Expert, greedy
from solitaire.tiles.record import game_record, replay
from solitaire.tiles.registry import make_player
from tests.tiles.test_closed_board import ISSUE_MOVES


def small() -> Planner:
    """A planner that looks at less, for whole games in a test."""
    return Planner(Expert(), shortlist=3, worlds=3, endgame_budget=300)


def play_out(seed: int, players: int, chooser: Planner) -> TileGame:
    game = TileGame(seed, players)
    while not game.is_over:
        view = game.observation(game.current_player)
        action = chooser.choose(view) if game.current_player == 0 else greedy(view)
        assert game.can(action), (len(game.turns), action)
        game.apply(action)
    return game


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "players"), [(9, 2), (12, 2), (4, 3)])
def test_every_choice_is_legal_through_a_whole_game(seed: int, players: int) -> None:
    game = play_out(seed, players, small())
    assert game.is_over
    assert replay(game_record(game, ["planner", *["greedy"] * (players - 1)])).returns() == (
        game.returns()
    )


@pytest.mark.slow
@pytest.mark.own_moves  # two runs compared: each finds its own moves
def test_a_seeded_game_is_the_same_on_every_run() -> None:
    first, second = play_out(5, 2, small()), play_out(5, 2, small())
    assert [t.action for t in first.turns] == [t.action for t in second.turns]


def positions(seed: int, *, bag_empty: bool) -> list[PlayerView]:
    """Positions of a greedy game: mid-game ones, or those with the bag empty."""
    game = TileGame(seed)
    found = []
    while not game.is_over:
        view = game.observation(game.current_player)
        if (view.bag_size == 0) == bag_empty and not view.board.is_empty and game.legal_plays():
            found.append(view)
        game.apply(greedy(view))
    return found


@pytest.mark.slow
@pytest.mark.own_moves  # nothing cached decides
def test_the_built_in_planner_chooses_legally_and_the_same_twice() -> None:
    views = positions(21, bag_empty=False)[::12]
    assert len(views) >= 2
    for view in views:
        chosen = planner(view)
        again = new_planner().choose(view)  # a fresh one: nothing cached decides
        assert chosen == again
        assert isinstance(chosen, Play)
        check_play(view.board, view.rack, chosen)  # raises on an illegal play


@pytest.mark.slow
def test_with_the_bag_empty_it_lays_the_endgames_exact_play() -> None:
    solved = 0
    for seed in (21, 22, 23, 24):
        for view in positions(seed, bag_empty=True):
            if len(view.unseen) != view.opponents_tiles:
                continue
            result = solve(view.board, view.rack, view.unseen, rules=view.rules)
            if result is None or result.play is None:
                continue
            solved += 1
            chosen = planner(view)
            assert chosen == result.play
    assert solved >= 3


@pytest.mark.slow
def test_the_built_in_planner_is_the_wider_look_with_the_exact_endgame() -> None:
    """Until the bag is empty it lays what an expert looking at more plays over more racks
    lays; the simulation is off."""
    views = [v for v in positions(5, bag_empty=False) if v.bag_size > 0][:3]
    assert views
    wide = Expert(shortlist=LOOK, samples=SAMPLES)
    assert Expert().shortlist < LOOK and Expert().samples < SAMPLES
    assert built_in_planner().worlds == 0
    for view in views:
        assert planner(view) == wide.choose(view)


def test_the_planner_is_a_level_by_name() -> None:
    assert "planner" in PLAYERS
    player = make_player("planner", random.Random(0))
    assert player.name == "planner"
    assert player is make_player("planner", random.Random(1))  # one, made on first use


@pytest.mark.parametrize("lead", [-50, 50])
def test_the_planner_closes_the_board_only_to_win(lead: int) -> None:
    """The issue's last move closes the board: ahead, the planner takes it first of all;
    behind, it lays another play."""
    game = TileGame(27)
    for move in ISSUE_MOVES[:-1]:
        game.apply(Play.parse(move))
    closing = Play.parse(ISSUE_MOVES[-1])
    game.scores[game.current_player] += lead
    action = small().choose(game.observation(game.current_player))
    assert isinstance(action, Play)
    if lead > 0:
        assert action == closing
    else:
        assert not game.closes(action)


def test_a_gate_keeps_the_experts_choice_unless_another_is_clearly_better() -> None:
    """With a gate the pick is the expert's rule on the same worlds (score and leave less
    the mean reply) or the best total, and the best total only when its gain is clear:
    beyond any gate when it is the same in every world."""
    views = [v for v in positions(3, bag_empty=False) if v.bag_size > 10][:20]
    outcomes = set()
    for view in views:
        plain = Planner(Expert(), shortlist=3, worlds=4)
        plays = plain.expert.candidates(view)
        if len(plays) < 2:
            continue
        planned = plain.simulate(view, plain.expert.appraise(view, plays))
        best, first = plain.pick(planned), Planner.expert_choice(planned)
        assert first.appraisal.value - first.reply == max(
            p.appraisal.value - p.reply for p in planned
        )
        gains = [b - a for a, b in zip(first.values, best.values, strict=True)]
        mean = sum(gains) / len(gains)
        spread = (sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)) ** 0.5
        error = spread / len(gains) ** 0.5
        certain = error == 0 and best.total > first.total  # the same gain in every world
        huge = Planner(Expert(), shortlist=3, worlds=4, gate=10**9).pick(planned)
        assert huge is (best if certain else first)
        gated = Planner(Expert(), shortlist=3, worlds=4, gate=1).pick(planned)
        gain = best.total - first.total
        assert gated is (best if 0 < gain >= error else first)
        outcomes.add((best is first, gated is first))
    assert outcomes >= {(False, False), (False, True)}  # the gate both passes and holds


def test_with_no_worlds_the_planner_is_the_expert_until_the_bag_is_empty() -> None:
    views = [v for v in positions(3, bag_empty=False) if v.bag_size > 0][:8]
    assert views
    expert = Expert()
    for view in views:
        assert Planner(expert, worlds=0).choose(view) == expert.choose(view)


def test_a_gate_keeps_the_experts_choice_against_an_equal_total() -> None:
    """A candidate no better in any world does not overrule the expert's choice, even when
    it comes first in the generator's order (the plain pick's tie-break)."""
    expert = Expert()
    views = [v for v in positions(3, bag_empty=False) if v.bag_size > 10]
    appraised = expert.appraise(views[0], expert.candidates(views[0]))[:2]
    earlier, later = sorted(appraised, key=lambda a: a.order)
    planned = [  # the same in every world; the expert's rule prefers the later
        Planned(earlier, 3.0, 0.5, 3.0, (1.0, 5.0), reply=earlier.value - later.value + 9.0),
        Planned(later, 3.0, 0.5, 3.0, (1.0, 5.0), reply=0.0),
    ]
    assert Planner(expert).pick(planned) is planned[0]
    assert Planner.expert_choice(planned) is planned[1]
    assert Planner(expert, gate=1).pick(planned) is planned[1]
