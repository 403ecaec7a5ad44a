"""A patience game graded: the coach's own figures, round by round, for every strategy."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

from solitaire.cli import main
from solitaire.core.errors import IllegalMoveError
from solitaire.core.review import POINTS, Grade, review_from_json
from solitaire.core.rounding import hundredths, to_hundredths
from solitaire.patience.advisor import advise_position, position_of
from solitaire.patience.coach import review_game as coach_review
from solitaire.patience.coach import round_reasons, shown_given_up, shown_parts
from solitaire.patience.game import Game
from solitaire.patience.grading import decision_points, grade, review_game
from solitaire.patience.record import RecordError, game_record, load_record
from solitaire.patience.strategy import make_strategy, play_out

SEEDS = (1, 7, 12, 40, 99)


def played(seed: int, strategy: str) -> Game:
    return play_out(Game.from_seed(seed), make_strategy(strategy, random.Random(seed)))


def record_of(game: Game) -> dict[str, Any]:
    return load_record(json.dumps(game_record(game)))


@pytest.mark.parametrize("seed", SEEDS)
def test_best_loses_nothing(seed: int) -> None:
    seat = review_game(record_of(played(seed, "best"))).seats[0]
    assert len(seat.decisions) == seat.deals == 6
    assert seat.lost == 0.0
    assert seat.accuracy == 1.0
    assert all(d.grade is Grade.BEST and d.cost == 0 for d in seat.decisions)
    assert seat.costliest() == ()


def test_cribsol_play_auto_best_reviewed_loses_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in ("3", "21"):
        assert main(["play", "--seed", seed, "--auto", "best", "--json"]) == 0
        out = capsys.readouterr().out
        review = review_game(load_record(out))
        assert review.seats[0].lost == 0.0
        assert review.seats[0].accuracy == 1.0


@pytest.mark.parametrize("strategy", ["hand", "random"])
def test_a_weaker_strategy_loses_points(strategy: str) -> None:
    lost = [review_game(record_of(played(seed, strategy))).seats[0].lost for seed in SEEDS]
    assert all(value >= 0 for value in lost)
    assert sum(lost) > 0


@pytest.mark.parametrize(("seed", "strategy"), [(s, "random") for s in SEEDS] + [(5, "hand")])
def test_each_cost_is_the_coachs_given_up_and_the_loss_their_sum(seed: int, strategy: str) -> None:
    game = played(seed, strategy)
    seat = review_game(record_of(game)).seats[0]
    rounds = coach_review(game).rounds  # the coach's rounds table, recomputed
    assert [d.deal for d in seat.decisions] == [r.number for r in rounds]
    for decision, coached in zip(seat.decisions, rounds, strict=True):
        assert decision.cost == shown_given_up(coached) / 100
        assert decision.grade is POINTS.grade(shown_given_up(coached) / 100)
        assert (decision.grade is Grade.BEST) == (shown_given_up(coached) <= 5)
        shown = [shown_parts(o) for o in (coached.best_option, coached.chosen_option)]
        if shown_given_up(coached):
            hand, crib = shown[0][0] - shown[1][0], shown[0][1] - shown[1][1]
            assert decision.parts == (("hand", hand / 100), ("crib", crib / 100))
            assert decision.best.startswith(
                " ".join(c.symbol(True) for c in coached.best_option.discard)
            )
        else:
            assert decision.parts == ()
        assert decision.chosen.startswith(" ".join(c.symbol(True) for c in coached.chosen))
        assert decision.chosen.endswith(f"{hundredths(shown[1][3])} expected")
        assert decision.why.startswith(round_reasons(coached)[0].text() + ".")
    assert seat.lost == math.fsum(d.cost for d in seat.decisions)
    # The end of the game shows the sum of the rounds' "given up": the seat's loss, as shown.
    assert to_hundredths(seat.lost) == sum(shown_given_up(r) for r in rounds)
    assert sum(seat.shown_by_kind().values()) == to_hundredths(seat.lost)


def test_the_positions_are_those_the_coach_saw_while_playing() -> None:
    game = Game.from_seed(17)
    rng = random.Random(17)
    live = []
    while not game.is_over:
        position = position_of(game)  # what ? and w weigh at this discard
        chosen = advise_position(position)[rng.randrange(15)].discard
        live.append(grade(position, chosen, number=game.round_number))
        game.discard(chosen)
    points = decision_points(game)
    assert [p.position for p in points] == [position_of_round(game, p.round) for p in points]
    assert review_game(record_of(game)).seats[0].decisions == tuple(live)


def position_of_round(game: Game, number: int) -> Any:
    again = Game(game.deck)
    for result in game.rounds[: number - 1]:
        again.discard(result.discard)
    return position_of(again)


def test_progress_is_called_after_each_decision() -> None:
    calls: list[tuple[int, int]] = []
    review_game(record_of(played(2, "random")), progress=lambda *a: calls.append(a))
    assert calls == [(n, 6) for n in range(1, 7)]


def test_the_review_goes_through_json() -> None:
    review = review_game(record_of(played(4, "random")))
    assert review.game == "patience"
    assert review_from_json(json.loads(json.dumps(review.to_json()))) == review


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (lambda r: r["rounds"][2].update(total=r["rounds"][2]["total"] + 1), "round 3"),
        (lambda r: r["rounds"].pop(), "6 rounds"),
        (lambda r: r.update(deck=r["deck"][:-1]), "deck"),
        (lambda r: r["rounds"][0].update(discard=["5H", "5H"]), "round 1"),
    ],
)
def test_a_damaged_record_is_the_records_own_error(edit: Any, named: str) -> None:
    record = record_of(played(6, "random"))
    edit(record)
    with pytest.raises(RecordError, match=named):
        review_game(record)


def test_a_discard_not_in_the_six_is_refused() -> None:
    position = position_of(Game.from_seed(1))
    other = next(c for c in position.unseen)
    with pytest.raises(IllegalMoveError, match="not a discard"):
        grade(position, (position.six[0], other))
