"""Practice from your own mistakes: the positions your reviewed games lost points on,
dealt again, graded by the review's own grader, scheduled by the Leitner boxes.

The history is built from real games: a match whose seat 0 (you) was played by ``easy``
and lost points, the sample patience game (its discards made blindly) and the sample
drill, each reviewed as ``cribsol review`` reviews it. The clock is passed in.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
import sqlite3
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from solitaire.cli import main
from solitaire.core.cards import Card
from solitaire.core.review import Decision, Grade, review_from_json
from solitaire.core.schedule import AGAIN, WAITS, box_from_json
from solitaire.games import game, resolve
from solitaire.match.actions import Discard, Lay
from solitaire.match.game import Match
from solitaire.match.grading import drill_moments, grade, match_moments
from solitaire.match.players import EasyPlayer, advance
from solitaire.match.record import match_record, replay_match
from solitaire.patience import grading as patience_grading
from solitaire.patience.record import replay
from solitaire.store import History
from solitaire.ui.kinds import KINDS
from solitaire.ui.practice.decision_screen import PositionScreen
from solitaire.ui.practice.decisions import PositionSession, Stage
from solitaire.ui.practice.figures import practice_figures
from solitaire.ui.practice.positions import DISCARD, PEGGING, Puzzle, mistakes, rebuild
from tests.record_samples import MAKERS
from tests.shared_grading import shared_planner, shared_tile_moves  # noqa: F401 (fixtures)
from tests.ui.helpers import drive, render

# A tile position is ranked by the planner as it is dealt, as the answer is graded and by
# the grader beside it: each ranking, and the move generator's answers, are worked out once
# (tests/shared_grading.py).
pytestmark = pytest.mark.usefixtures("shared_planner", "shared_tile_moves")

START = datetime(2026, 12, 5, 9, 0)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.at = START

    def now(self) -> datetime:
        return self.at

    def wait(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@functools.cache
def _games() -> tuple[tuple[str, str, dict[str, Any]], ...]:
    """Each game's kind, record text and kept review (built once: reviewing takes seconds)."""
    match = Match(3, games=1)
    advance(match, (EasyPlayer(random.Random(3)), EasyPlayer(random.Random(4))))
    built = []
    for kind, record in (
        ("match", match_record(match, ("you", "easy"))),
        ("patience", MAKERS["patience"]()),
        ("drill", MAKERS["drill"]()),
    ):
        text = json.dumps(record)
        review = resolve(game(kind).review)(json.loads(text))
        built.append((kind, text, review.to_json()))
    return tuple(built)


def history_of(data: Path, played_by: str = "you") -> History:
    history = History(data, kinds=KINDS)
    for kind, text, review in _games():
        game_id = history.add(kind, text, KINDS[kind].migrate(text, {}), played_by=played_by)
        history.keep_review(game_id, kind, review)
    return history


def sitting(history: History, clock: Clock, **options: Any) -> PositionSession:
    return PositionSession(history, now=clock.now, seed=5, **options)


def choices(puzzle: Puzzle) -> Iterator[tuple[Card, ...]]:
    """Every answer a player can give at the position."""
    playable = [card for card in puzzle.cards if card in puzzle.playable()]
    return itertools.combinations(playable, puzzle.picks)


def the_best(puzzle: Puzzle) -> tuple[Card, ...]:
    return next(c for c in choices(puzzle) if puzzle.grade(c).grade is Grade.BEST)


def a_miss(puzzle: Puzzle) -> tuple[Card, ...]:
    return next(c for c in choices(puzzle) if puzzle.grade(c).grade is not Grade.BEST)


def stage(session: PositionSession) -> Stage:
    return session.stage


def answer(session: PositionSession, cards: tuple[Card, ...]) -> None:
    for card in cards:
        session.pick(session.puzzle.cards.index(card) + 1)
    session.enter()


def test_the_mistakes_are_your_seat_s_mistakes_and_blunders(tmp_path: Path) -> None:
    history = history_of(tmp_path)
    found = {kind: mistakes(history, kind) for kind in (DISCARD, PEGGING)}
    expected = {DISCARD: 0, PEGGING: 0}
    for _, _, kept in _games():
        for decision in review_from_json(kept).seats[0].decisions:  # seat 0: you
            if decision.grade in (Grade.MISTAKE, Grade.BLUNDER) and decision.kind != "count":
                kind = PEGGING if decision.kind in ("lead", "reply") else DISCARD
                expected[kind] += 1
    assert {kind: len(found[kind]) for kind in found} == expected
    assert expected[DISCARD] and expected[PEGGING]
    for kind, costs in found.items():  # the costliest first (points before chance)
        points = [m.cost for m in costs if not m.chance]
        assert points == sorted(points, reverse=True), kind
    history.close()
    other = history_of(tmp_path / "auto", played_by="easy")  # not yours: none
    assert mistakes(other, DISCARD) == [] and mistakes(other, PEGGING) == []
    other.close()


def _graded_directly(
    history: History, source: dict[str, Any], chosen: tuple[Card, ...]
) -> Decision:
    """The grader called directly, on the position its own decision points give."""
    _, text = history.stored_record(source["game"], source["kind"])
    record = resolve(game(source["kind"]).load)(text)
    if source["kind"] == "patience":
        point = patience_grading.decision_points(replay(record))[source["spot"]]
        return patience_grading.grade(point.position, chosen, number=point.round)
    if source["kind"] == "match":
        moments = match_moments(replay_match(record))
    else:
        from solitaire.match.drill import replay_drill

        moments = drill_moments(replay_drill(record, regrade=False).matches)
    position = next(m.position for m in moments if m.position.spot == source["spot"])
    action = Lay(chosen[0]) if len(chosen) == 1 else Discard((chosen[0], chosen[1]))
    return grade(position, action)


def test_an_answer_is_graded_exactly_as_the_grader_grades_it(tmp_path: Path) -> None:
    history = history_of(tmp_path)
    reviews = {kind: review_from_json(kept) for kind, _, kept in _games()}
    ids = {row.kind: row.id for rows in history.games_by_kind().values() for row in rows}
    for kind in (DISCARD, PEGGING):
        for mistake in mistakes(history, kind)[:4]:
            puzzle = rebuild(history, kind, mistake.source)
            for chosen in choices(puzzle):
                assert puzzle.grade(chosen) == _graded_directly(history, mistake.source, chosen)
            # and the decision made then, graded again, is the kept review's own
            game_kind = mistake.source["kind"]
            assert ids[game_kind] == mistake.source["game"]
            kept = next(
                d for d in reviews[game_kind].seats[0].decisions if d.spot == mistake.source["spot"]
            )
            assert mistake.cost == kept.cost and kept.grade in (Grade.MISTAKE, Grade.BLUNDER)
    history.close()


def test_the_session_grades_with_the_grader_and_solves_only_the_best(tmp_path: Path) -> None:
    clock = Clock()
    session = sitting(history_of(tmp_path), clock)
    puzzle = session.puzzle
    miss = a_miss(puzzle)
    answer(session, miss)
    assert session.stage is Stage.ANSWERED and not session.solved
    assert session.decision == _graded_directly(session.history, puzzle.source, miss)
    shown = render(PositionScreen(session), 80)
    decision = session.decision
    assert decision is not None
    assert f"Not the best ({decision.grade.value})" in shown
    assert f"The best: {decision.best}." in " ".join(shown.split())
    session.why()
    assert " ".join(decision.why.split()) in " ".join(render(PositionScreen(session), 80).split())
    session.history.close()


def test_a_missed_position_comes_back_before_a_solved_one(tmp_path: Path) -> None:
    clock = Clock()
    session = sitting(history_of(tmp_path), clock)
    first = session.puzzle
    answer(session, the_best(first))
    assert session.solved
    session.enter()
    second = session.puzzle
    assert second.source != first.source
    answer(session, a_miss(second))
    assert not session.solved
    clock.wait(AGAIN.total_seconds())
    session.enter()  # the missed one is due again; the solved one waits a day
    assert session.puzzle.source == second.source
    states = {item.source["spot"]: box_from_json(item.state) for item in _items(session)}
    assert states[first.source["spot"]].due == START + WAITS[0]
    assert states[second.source["spot"]].due == START + AGAIN
    session.history.close()


def _items(session: PositionSession) -> list[Any]:
    return [i for kind in (DISCARD, PEGGING) for i in session.history.practice_items(kind)]


def test_quitting_and_resuming_keeps_the_schedule_and_the_position_shown(
    tmp_path: Path,
) -> None:
    clock = Clock()
    session = sitting(history_of(tmp_path), clock)
    answer(session, a_miss(session.puzzle))
    session.enter()
    shown = session.puzzle.source
    kept = {i.id: i.state for i in _items(session)}
    assert session.quit() == "0 of 1 position solved this sitting; every answer is kept."
    session.history.close()
    clock.wait(60)
    again = sitting(History(tmp_path, kinds=KINDS), clock)
    assert again.puzzle.source == shown  # the position shown is dealt again
    assert {i.id: i.state for i in _items(again)} == kept
    figures = again.figures()
    assert (figures.answered, figures.right, figures.kept) == (1, 0, 2)
    again.history.close()


def test_the_puzzle_shows_the_cards_and_counts_of_the_decision(tmp_path: Path) -> None:
    clock = Clock()
    history = history_of(tmp_path)
    for kind in (DISCARD, PEGGING):
        for mistake in mistakes(history, kind)[:6]:
            puzzle = rebuild(history, kind, mistake.source)
            session = sitting(history, clock, kinds=(kind,))
            session.item.puzzle = puzzle
            shown = render(PositionScreen(session), 80)
            for number, card in enumerate(puzzle.cards, 1):
                assert f"{number}  {card.symbol(False)}" in shown
            if puzzle.game == "patience":
                assert f"Round {puzzle.point.round} of 6" in shown
                continue
            view = puzzle.point.view
            you, them = view.scores[view.player], view.scores[1 - view.player]
            assert f"you {you}, opponent {them}" in shown
            assert ("dealer" if view.is_dealer else "pone") in shown
            if kind == PEGGING:
                series = " ".join(card.symbol(False) for card in view.series)
                assert f"count {view.count}" + (f": {series}" if series else "") in shown
                assert f"Opponent holds {view.opponent_held} card" in shown
    history.close()


def test_a_damaged_practice_row_is_left_out(tmp_path: Path) -> None:
    clock = Clock()
    session = sitting(history_of(tmp_path), clock)
    first = session.puzzle.source
    answer(session, a_miss(session.puzzle))
    session.history.close()
    with sqlite3.connect(tmp_path / "history.sqlite3") as conn:
        conn.execute("UPDATE practice SET state = replace(state, '\"box\":1', '\"box\":3')")
        conn.execute("UPDATE answers SET body = replace(body, 'false', 'true')")
    clock.wait(AGAIN.total_seconds())
    again = sitting(History(tmp_path, kinds=KINDS), clock)
    figures = practice_figures(again.history, again.item.kind, clock.now())
    assert figures.answered == 0  # the edited answer is not believed
    assert [i.source for i in _items(again)].count(first) == 1  # nor the edited position
    again.history.close()


def test_fresh_positions_are_graded_by_the_same_grader(tmp_path: Path) -> None:
    clock = Clock()
    history = History(tmp_path, kinds=KINDS)  # no reviewed game: fresh ones
    for kind in (DISCARD, PEGGING):
        session = sitting(history, clock, kinds=(kind,), fresh=True)
        puzzle = session.puzzle
        assert "fresh" in puzzle.source and len(puzzle.cards) >= puzzle.picks
        again = rebuild(history, kind, puzzle.source)  # dealt the same again
        assert again.cards == puzzle.cards
        for chosen in choices(puzzle):
            assert puzzle.grade(chosen) == again.grade(chosen)
        answer(session, the_best(puzzle))
        assert session.solved
    history.close()


def test_bad_keys_say_what_fits(tmp_path: Path) -> None:
    clock = Clock()
    session = sitting(history_of(tmp_path), clock, kinds=(PEGGING,))
    session.enter()
    assert "Choose the card to lay" in session.message and session.stage is Stage.ASK
    session.pick(9)
    assert session.message.startswith("There is no card 9")
    session.why()
    assert "once you answer" in session.message
    session.reveal()  # shown: kept as missed
    assert stage(session) is Stage.ANSWERED and session.revealed and not session.solved
    assert "kept as missed" in render(PositionScreen(session), 80)
    session.history.close()


def test_the_command_refuses_what_it_cannot_do_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refused = (
        (["--kind", "tiles", "--fresh"], "practice needs a terminal"),  # dealt, not refused
        (["--count", "--fresh"], "--count"),
        (["--count", "--kind", "discard"], "--count"),
    )
    for args, said in refused:
        assert main(["practice", *args, "--data-dir", str(tmp_path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err, err


def test_stats_shows_the_practice_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = Clock()
    session = sitting(history_of(tmp_path), clock)
    answer(session, the_best(session.puzzle))
    session.enter()
    answer(session, a_miss(session.puzzle))
    session.enter()
    now = datetime.now()
    want = {k: practice_figures(session.history, k, now) for k in (DISCARD, PEGGING)}
    session.history.close()
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    practice = json.loads(capsys.readouterr().out)["practice"]
    total = sum(practice[k]["answered"] for k in practice)
    assert total == 2 and sum(practice[k]["solved"] for k in practice) == 1
    for kind, figures in practice.items():
        assert figures["kept"] == want[kind].kept and figures["due"] == want[kind].due
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    table = out[out.index("Practice") :].splitlines()
    assert "solved  answered  due now  kept  streak  longest" in table[1]
    for kind, figures in practice.items():
        name = "discards" if kind == DISCARD else "pegging"
        row = next(line for line in table if line.split()[:1] == [name])
        numbers = [int(n) for n in row.split()[1:]]
        assert numbers == [
            figures["solved"],
            figures["answered"],
            figures["due"],
            figures["kept"],
            figures["streak"],
            figures["longest_streak"],
        ]


@functools.cache
def _tile_game() -> tuple[str, dict[str, Any]]:
    """A tile game you played (seat 0), and a review of your first two tile mistakes as
    the tile grader grades them (reviewing the whole game takes long)."""
    from solitaire.core.review import GameReview, SeatReview
    from solitaire.tiles.game import TileGame
    from solitaire.tiles.grading import decision_points as tile_points
    from solitaire.tiles.grading import grade as tile_grade
    from solitaire.tiles.moves import Play
    from tests.tiles.quick_greedy import quick_greedy

    played = TileGame(17)
    while not played.is_over:
        played.apply(quick_greedy(played.observation(played.current_player)))
    graded = []
    for point in tile_points(played):
        if point.seat == 0 and isinstance(point.choice, Play):
            decision = tile_grade(point.view, point.choice, spot=point.spot, turn=point.turn)
            if decision.grade in (Grade.MISTAKE, Grade.BLUNDER):
                graded.append(decision)
            if len(graded) == 2:
                break
    review = GameReview("tiles", (SeatReview(0, "you", 13, tuple(graded)),))
    return json.dumps(played.record(["you", "greedy"])), review.to_json()


def test_a_tile_play_is_chosen_among_plays_and_graded_by_the_tile_grader(
    tmp_path: Path,
) -> None:
    from solitaire.tiles.grading import decision_points as tile_points
    from solitaire.tiles.grading import grade as tile_grade
    from solitaire.tiles.grading import typed_form
    from solitaire.tiles.moves import Play
    from solitaire.tiles.record import replay as replay_tiles

    text, review = _tile_game()
    history = History(tmp_path, kinds=KINDS)
    game_id = history.add("tiles", text, KINDS["tiles"].migrate(text, {}))
    history.keep_review(game_id, "tiles", review)
    found = mistakes(history, "tiles")
    kept = review_from_json(review).seats[0].decisions
    assert [m.source["spot"] for m in found] == [
        d.spot for d in sorted(kept, key=lambda d: -d.cost)
    ]
    clock = Clock()
    session = sitting(history, clock, kinds=("tiles",))
    puzzle = session.puzzle
    spot = puzzle.source["spot"]
    point = next(p for p in tile_points(replay_tiles(json.loads(text))) if p.spot == spot)
    made = point.choice
    assert isinstance(made, Play)
    assert any(play.placements == made.placements for play in puzzle.candidates)
    again = rebuild(history, "tiles", puzzle.source)  # the same plays, in the same order
    assert [p.placements for p in again.candidates] == [p.placements for p in puzzle.candidates]
    shown = render(PositionScreen(session), 80)
    for number, play in enumerate(puzzle.candidates, 1):
        assert f"{number}  {typed_form(play)}" in shown
    mine = next(n for n, p in enumerate(puzzle.candidates, 1) if p.placements == made.placements)
    session.pick(mine)
    session.enter()
    direct = tile_grade(point.view, point.choice, spot=point.spot, turn=point.turn)
    assert session.decision == direct  # the grader's own grade, and the kept review's
    assert direct == next(d for d in kept if d.spot == spot)
    assert not session.solved
    assert f"play {mine} gives up {direct.cost:.2f} points" in render(PositionScreen(session), 80)
    history.close()


def test_the_app_takes_keys_and_quits_with_the_sitting_s_tally(tmp_path: Path) -> None:
    clock = Clock()
    session = sitting(history_of(tmp_path), clock, kinds=(DISCARD,))
    first = session.puzzle
    keys = "".join(str(first.cards.index(card) + 1) for card in the_best(first))
    said = drive(session, f"{keys}\rw\rx?q")
    assert said == "1 of 2 positions solved this sitting; every answer is kept."
    answers = session.history.practice_answers(DISCARD)
    assert [a.body["right"] for a in answers] == [True, False]  # ? kept as missed
    session.history.close()


def test_fresh_positions_are_of_the_kind_you_lose_most_on(tmp_path: Path) -> None:
    from solitaire.ui.practice.decisions import loses_most

    lost = {DISCARD: 0.0, PEGGING: 0.0}
    for _, _, kept in _games():
        you = review_from_json(kept).seats[0]
        for decision in you.decisions:
            if decision.scale.unit == "points" and decision.kind != "count":
                lost[PEGGING if decision.kind in ("lead", "reply") else DISCARD] += decision.cost
    history = history_of(tmp_path)
    most = max(lost, key=lambda k: lost[k])
    assert loses_most(history) == (
        most,
        f"your reviewed games lose most on {'discards' if most == DISCARD else 'pegging'}",
    )
    session = sitting(history, Clock(), fresh=True)
    assert "fresh" in session.puzzle.source and session.item.kind == most
    history.close()
    auto = history_of(tmp_path / "auto", played_by="easy")  # not yours: as with none
    assert loses_most(auto)[0] == DISCARD and loses_most(auto)[1].startswith("no reviewed game")
    auto.close()


def test_a_review_whose_figures_hold_no_mistake_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.reviewed import Seat, add_game, review_of

    history = history_of(tmp_path)
    quiet = add_game(history, "match", review_of("match", [Seat(0, 9, [0.0, 0.2, 0.29])]))
    costly = add_game(history, "match", review_of("match", [Seat(0, 9, [0.0, 0.5])]))
    read: list[int] = []
    kept_review = history.kept_review

    def counted(game_id: int, kind: str) -> dict[str, Any] | None:
        read.append(game_id)
        return kept_review(game_id, kind)

    monkeypatch.setattr(history, "kept_review", counted)
    mistakes(history, DISCARD)
    assert costly in read and quiet not in read
    assert len(read) == 4  # the three real games, each with mistakes, and the costly one
    history.close()


def test_the_help_states_the_schedule_the_code_keeps(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["practice", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    days = [str(wait.days) for wait in WAITS]
    assert f"comes back in {int(AGAIN.total_seconds() // 60)} minutes" in said
    assert f"comes back after {', '.join(days[:-1])} and {days[-1]} days" in said
    assert "graded a mistake or a blunder" in said


def _greedy_to_play(seed: int, step: int) -> tuple[Any, Any, int]:
    """The view, greedy's play and the turn's index at the ``step``-th play decision of a
    tile game dealt from ``seed`` and played by greedy: recomputed here, apart from the
    practice's own walk."""
    from solitaire.tiles.game import TileGame
    from solitaire.tiles.moves import Play
    from solitaire.tiles.players import greedy

    played = TileGame(seed)
    plays = []
    for index in itertools.count():
        if played.is_over:
            break
        view = played.observation(played.current_player)
        action = greedy(view)
        if isinstance(action, Play) and len(played.legal_actions()) > 1:
            plays.append((view, action, index))
        if len(plays) == step:
            break
        played.apply(action)
    return plays[-1]


def test_a_fresh_tile_position_is_dealt_again_the_same_and_graded_by_the_grader(
    tmp_path: Path,
) -> None:
    from solitaire.tiles.grading import grade as tile_grade
    from solitaire.tiles.grading import typed_form
    from solitaire.tiles.planner import built_in_planner

    clock = Clock()
    history = History(tmp_path, kinds=KINDS)
    session = sitting(history, clock, kinds=("tiles",))  # no tile mistake: a fresh one
    puzzle = session.puzzle
    source = puzzle.source
    assert set(source) == {"fresh", "seed", "step"} and source["fresh"] == "tiles"
    assert 3 <= source["step"] <= 12  # past the opening, the bag not yet empty
    view, made, index = _greedy_to_play(source["seed"], source["step"])
    assert puzzle.point.view == view and puzzle.point.spot == index
    assert puzzle.point.turn == index + 1
    ranked = built_in_planner().ranked(view)
    best = ranked[0].play
    listed = [p.placements for p in puzzle.candidates]
    assert len(listed) == 4 and len(set(listed)) == 4
    scores = {a.play.placements: a.scored.score for a in ranked}
    laid = {
        (frozenset(s for s, *_ in p), tuple(sorted(str(t) for _, t, _ in p)), scores[p])
        for p in listed
    }
    assert len(laid) == 4  # no play is another's tiles rearranged for the same score
    assert made.placements in listed and best.placements in listed
    shown = render(PositionScreen(session), 80)
    assert "A fresh tile game position" in shown
    for number, play in enumerate(puzzle.candidates, 1):
        assert f"{number}  {typed_form(play)}" in shown
    history.close()

    again = sitting(History(tmp_path, kinds=KINDS), clock, kinds=("tiles",), fresh=True)
    assert again.puzzle.source == source  # kept at once: quitting deals it again
    assert [p.placements for p in again.puzzle.candidates] == listed  # in the same order
    number = listed.index(best.placements) + 1
    again.pick(number)
    again.enter()
    direct = tile_grade(view, puzzle.candidates[number - 1], spot=index, turn=index + 1)
    assert again.decision == direct and direct.grade is Grade.BEST and again.solved
    assert f"play {number}" in render(PositionScreen(again), 80)
    again.history.close()


def test_a_fresh_source_deals_only_its_game_s_kind(tmp_path: Path) -> None:
    from solitaire.core.untrusted import RecordError

    history = History(tmp_path, kinds=KINDS)
    for kind, fresh in (("discard", "tiles"), ("pegging", "tiles"), ("tiles", "match")):
        with pytest.raises(RecordError, match=f"deals no {kind} position"):
            rebuild(history, kind, {"fresh": fresh, "seed": 1, "step": 3})
    history.close()
