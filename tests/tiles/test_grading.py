"""A tile game graded: every seat's moves by the hints' valuation, as ``w`` shows it."""

from __future__ import annotations

import json
import math
import random
import re
from dataclasses import replace
from typing import Any

import pytest

from solitaire.core.review import TILE_POINTS, GameReview, Grade, review_from_json
from solitaire.core.rounding import apportion
from solitaire.tiles.board import Board
from solitaire.tiles.game import PlayerView, TileGame
from solitaire.tiles.grading import decision_points, grade, review_game
from solitaire.tiles.joker import computer_count
from solitaire.tiles.movegen import centre, generate
from solitaire.tiles.moves import Exchange, Pass, Play
from solitaire.tiles.planner import built_in_planner
from solitaire.tiles.players import best_replies, closing_margin, reply_cost
from solitaire.tiles.record import RecordError, load_record, replay
from solitaire.tiles.registry import make_player
from solitaire.tiles.tiles import FULL_SET, parse_tiles, rack_less
from solitaire.ui.tiles.advice import hint_text, why_lines
from tests import shared_grading as shared
from tests.shared_grading import shared_planner  # noqa: F401 (a fixture)

SEED = 1
NAMES = ["planner", "greedy"]

# The game of seed 1 is played and graded by `cribsol review` too (tests/test_cli_review.py):
# the planner's choices and rankings, and the review of its record, are worked out once.
pytestmark = pytest.mark.usefixtures("shared_planner")


def play_game(names: list[str], seed: int, *, solitaire: bool = False) -> TileGame:
    game = TileGame(seed, len(names), solitaire=solitaire)
    seats = [make_player(name, random.Random(seed)) for name in names]
    while not game.is_over:
        game.apply(seats[game.current_player].choose(game.observation(game.current_player)))
    return game


def record_of(game: TileGame, names: list[str]) -> dict[str, Any]:
    return load_record(json.dumps(game.record(names)))


@pytest.fixture(scope="module")
def played() -> TileGame:
    with shared.planner_shared(), shared.moves_shared():
        return play_game(NAMES, SEED)


@pytest.fixture(scope="module")
def reviewed(played: TileGame) -> GameReview:
    with shared.planner_shared(), shared.moves_shared():
        return shared.reviewed("solitaire.tiles.grading:review_game", record_of(played, NAMES))


def test_every_seat_is_reviewed_by_name(played: TileGame, reviewed: GameReview) -> None:
    assert reviewed.game == "tiles"
    assert [s.name for s in reviewed.seats] == NAMES
    for seat in reviewed.seats:
        assert seat.deals == sum(t.player == seat.seat for t in played.turns)
        assert 0 < len(seat.decisions) <= seat.deals
        assert all(d.seat == seat.seat and d.scale is TILE_POINTS for d in seat.decisions)
    assert [d.spot for d in reviewed.decisions()] == sorted(d.spot for d in reviewed.decisions())


def test_the_planner_loses_nothing(reviewed: GameReview) -> None:
    planner = reviewed.seats[0]
    assert planner.lost == 0.0
    assert planner.accuracy == 1.0
    assert all(d.grade is Grade.BEST and d.cost == 0 for d in planner.decisions)


def test_greedy_loses_points(reviewed: GameReview) -> None:
    greedy = reviewed.seats[1]
    assert greedy.lost > 0
    assert greedy.accuracy < 1.0
    assert greedy.costliest()


def test_a_seats_loss_is_the_sum_of_its_costs(reviewed: GameReview) -> None:
    for seat in reviewed.seats:
        assert seat.lost == math.fsum(d.cost for d in seat.decisions)
        assert math.isclose(sum(seat.by_kind().values()), seat.lost, abs_tol=1e-9)
        for decision in seat.decisions:
            assert math.isclose(math.fsum(v for _, v in decision.parts), decision.cost) or (
                not decision.parts
            )
            assert round(decision.cost * 10) == decision.cost * 10  # tenths, as w shows


_TOTAL = re.compile(r": ([+-]\d+(?:\.\d)?) in all\.$")


def test_each_cost_is_what_w_shows(played: TileGame, reviewed: GameReview) -> None:
    """Every decision of greedy's seat recomputed as ``w`` computes it: the planner's
    ranking, the play outside its look weighed over its racks, and ``w``'s own words."""
    planner = built_in_planner()
    expert = planner.expert
    graded = {d.spot: d for d in reviewed.seats[1].decisions}
    again = TileGame(played.seed, played.players)
    checked = costly = 0
    for index, turn in enumerate(played.turns):
        view = again.observation(turn.player)
        decision = graded.get(index)
        if decision is not None and isinstance(turn.action, Play):
            drawing = view.bag_size > 0
            ranked = planner.ranked(view)
            best = ranked[0]
            mine = next(a for a in ranked if a.play == turn.action)
            if best.risk is not None and mine.risk is None and mine.closing is None:
                closing = closing_margin(view, mine.scored)
                if closing is not None:
                    mine = replace(mine, risk=0.0, closing=closing)
                else:
                    racks = expert.opponent_racks(view)
                    before = best_replies(view, racks)
                    risk = reply_cost(view, mine.play, racks, before, leave=mine.leave)
                    mine = replace(mine, risk=risk)
            assert decision.chosen.endswith(hint_text(mine, drawing))
            verdict = why_lines(best, mine, drawing, expert.shortlist)[0]
            found = _TOTAL.search(verdict)
            if mine.play == best.play:
                assert decision.cost == 0
            elif found is not None:  # no play closes the board: w says the difference
                assert decision.cost == max(0.0, float(found.group(1)))
                if decision.cost:
                    assert decision.best.endswith(hint_text(best, drawing))
                    assert decision.why == verdict
                    costly += 1
            checked += 1
        again.apply(turn.action)
    assert checked == len(graded) - sum(d.kind != "play" for d in graded.values())
    assert costly >= 3  # the comparison was made where it matters


def no_play_view(bag: int) -> PlayerView:
    """The opening with a rack no two or three of whose tiles score together."""
    rack = parse_tiles("AD 3L 7D JL KD")
    board = Board(13)
    assert not generate(board, rack, through=centre(board))
    unseen = rack_less(FULL_SET, rack)
    return PlayerView(0, board, rack, (0, 0), (5, 5), bag, unseen)


@pytest.mark.parametrize("bag", [94, 3])
def test_an_exchange_or_a_pass_is_weighed_by_the_leave_it_keeps(bag: int) -> None:
    view = no_play_view(bag)
    expert = built_in_planner().expert
    advice = expert.exchange_choice(view)
    assert isinstance(advice.action, Exchange)
    best = apportion([advice.value], scale=10)[0]  # the hint's "+2.3 points on later turns"
    rack = view.rack
    choices: list[Pass | Exchange] = [Pass(), advice.action, Exchange(rack)]
    choices += [Exchange(rack[:1]), Exchange(rack[1:3])]
    costs = []
    for choice in choices:
        if isinstance(choice, Exchange) and len(choice.tiles) > bag:
            continue
        kept = rack if isinstance(choice, Pass) else rack_less(rack, choice.tiles)
        mine = apportion([expert.leaves.value(kept)], scale=10)[0]
        decision = grade(view, choice, spot=4, turn=5)
        assert decision.kind == ("pass" if isinstance(choice, Pass) else "exchange")
        assert decision.cost == max(0, best - mine) / 10
        assert (decision.spot, decision.deal, decision.where) == (4, 5, "turn 5")
        costs.append(decision.cost)
    assert costs[1] == 0  # the hint's own exchange
    assert max(costs) > 0


def test_with_the_bag_empty_a_pass_costs_nothing() -> None:
    decision = grade(no_play_view(0), Pass())
    assert decision.cost == 0
    assert decision.kind == "pass"


def test_the_solitaire_s_positions_are_each_colour_s_own() -> None:
    game = play_game(["greedy", "greedy"], 3, solitaire=True)
    points = list(decision_points(game))
    assert {p.seat for p in points} == {0, 1}
    for point in points:
        assert point.view.bag_size == len(_bag_before(game, point.spot, point.seat))
        assert point.view.player == point.seat
        assert not set(game.turns[point.spot].rack) - set(point.view.rack)
    first = [grade(p.view, p.choice, spot=p.spot, turn=p.turn) for p in points[:2]]
    assert all(d.cost >= 0 and d.seat == p.seat for d, p in zip(first, points, strict=False))


def _bag_before(game: TileGame, spot: int, seat: int) -> Any:
    again = TileGame(game.seed, game.players, solitaire=game.solitaire)
    for turn in game.turns[:spot]:
        again.apply(turn.action)
    return again.bag_of(seat)


def test_progress_is_called_after_each_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solitaire reviewed colour by colour, each decision counted as it is graded."""
    game = play_game(["greedy", "greedy"], 5, solitaire=True)
    calls: list[tuple[int, int]] = []
    # Graded cheaply: what is checked here is the count and the seats, not the valuation.
    import solitaire.tiles.grading as grading

    monkeypatch.setattr(grading, "grade", lambda view, choice, **k: _cheap(view, choice, **k))
    record = record_of(game, ["dark", "light"])
    review = review_game(record, progress=lambda *a: calls.append(a))
    assert [seat.name for seat in review.seats] == ["dark", "light"]
    total = len(review.decisions())
    assert calls == [(n, total) for n in range(1, total + 1)]
    assert total == len(list(decision_points(game)))


def _cheap(view: Any, choice: Any, *, spot: int, turn: int) -> Any:
    from solitaire.core.review import Decision

    return Decision(spot, view.player, turn, "play", "", "", "", 0.0, TILE_POINTS, "")


def test_the_review_goes_through_json(reviewed: GameReview) -> None:
    assert review_from_json(json.loads(json.dumps(reviewed.to_json()))) == reviewed


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (lambda r: r["turns"][3].update(score=r["turns"][3]["score"] + 1), "turn 4"),
        (lambda r: r["turns"].pop(), "not over"),
        (lambda r: r.update(seed="7"), "racks|opening_draws|first_player"),
        (lambda r: r.update(game="match"), "game"),
    ],
)
def test_a_damaged_record_is_the_records_own_error(edit: Any, named: str) -> None:
    record = record_of(play_game(["greedy", "greedy"], 2), ["greedy", "greedy"])
    edit(record)
    with pytest.raises(RecordError, match=named):
        review_game(record)


def test_a_joker_game_s_positions_carry_the_scores_as_they_stood() -> None:
    """Counts said short (greedy overlooks some) and a person's calls move the scores: each
    position is seen with the scores of its moment, the calls made before it included."""
    names = ["greedy", "Ann"]
    game = TileGame(8, 2, joker=True)
    greedy = make_player("greedy", random.Random(8))
    while not game.is_over:
        seat = game.current_player
        action = greedy.choose(game.observation(seat))
        claim = None
        if isinstance(action, Play):
            score = game.check(action)
            assert score is not None
            number = len(game.turns) + 1
            claim = computer_count("greedy", score, game.seed, number, game.board.size).claim
            if seat == 1:
                claim = max(0, score.total - 2)  # Ann misses two points
        game.apply(action, claim)
        turn = game.turns[-1]
        if turn.missed:  # a call on a short count: Ann's on greedy's, greedy's on Ann's
            game.call_joker(1 - turn.player)
    assert game.calls  # the scores moved by calls
    running = [(0, 0), *game.running_scores()]
    replayed = replay(load_record(json.dumps(game.record(names))))
    points = list(decision_points(replayed))
    assert points
    for point in points:
        assert point.view.scores == running[point.spot]
        assert point.view.rack == game.turns[point.spot].rack
