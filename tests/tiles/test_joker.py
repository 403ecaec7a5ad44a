"""The Joker in the engine: claims, calls, penalties, computers' counts, records and replay."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from solitaire.tiles.game import TileGame
from solitaire.tiles.joker import (
    apply_counted,
    calls_at_once,
    computer_call,
    computer_caller,
    computer_count,
)
from solitaire.tiles.moves import Play
from solitaire.tiles.optional import JOKER_PENALTY
from solitaire.tiles.record import RecordError, game_record, replay
from tests.tiles.quick_greedy import quick_greedy


def first_play(game: TileGame) -> Play:
    action = quick_greedy(game.observation(game.current_player))
    assert isinstance(action, Play)
    return action


def test_a_play_scores_what_its_player_records_and_a_call_takes_the_rest() -> None:
    game = TileGame(4, joker=True)
    play = first_play(game)
    worth = game.check(play)
    assert worth is not None and worth.total > 4
    mover, other = game.current_player, 1 - game.current_player
    turn = game.apply(play, worth.total - 4)
    assert (turn.points, turn.recorded, turn.missed) == (worth.total, worth.total - 4, 4)
    assert game.scores[mover] == worth.total - 4
    assert game.joker_open == turn
    called = game.call_joker(other)
    assert called.points == 4 and game.scores[other] == 4
    assert game.joker_open is None
    with pytest.raises(ValueError, match="no count is open"):
        game.call_joker(other)
    assert game.running_scores()[-1] == tuple(game.scores)


def test_a_false_call_costs_five_and_a_claim_above_the_play_records_nothing() -> None:
    game = TileGame(4, joker=True)
    play = first_play(game)
    worth = game.check(play)
    assert worth is not None
    mover, other = game.current_player, 1 - game.current_player
    game.apply(play, worth.total)
    assert game.call_joker(other).points == -JOKER_PENALTY
    assert game.scores[mover] == worth.total and game.scores[other] == -JOKER_PENALTY

    over = TileGame(4, joker=True)
    turn = over.apply(play, worth.total + 1)
    assert (turn.recorded, turn.missed) == (0, worth.total)
    assert over.call_joker(other).points == worth.total


def test_calls_and_claims_out_of_place_are_refused() -> None:
    game = TileGame(4, joker=True)
    play = first_play(game)
    with pytest.raises(ValueError, match="needs its count"):
        game.apply(play)
    with pytest.raises(ValueError, match="no count is open"):
        game.call_joker(0)
    game.apply(play, 0)
    with pytest.raises(ValueError, match="their own count"):
        game.call_joker(game.turns[-1].player)
    with pytest.raises(ValueError, match="no player 3"):
        game.call_joker(2)
    plain = TileGame(4)
    with pytest.raises(ValueError, match="only a play in a Joker game"):
        plain.apply(play, 3)
    plain.apply(play)
    with pytest.raises(ValueError, match="not played in this game"):
        plain.call_joker(1)
    with pytest.raises(ValueError, match="Joker"):
        TileGame(4, solitaire=True, joker=True)


def test_expert_counts_every_point_and_greedy_overlooks_one_combination_in_three() -> None:
    plays = overlooked = 0
    for seed in range(60):
        game = TileGame(seed)
        while not game.is_over and len(game.turns) < 6:
            action = quick_greedy(game.observation(game.current_player))
            score = game.check(action)
            game.apply(action)
            if score is None:
                continue
            number = len(game.turns)
            assert computer_count("expert", score, seed, number, 13).claim == score.total
            count = computer_count("greedy", score, seed, number, 13)
            assert count == computer_count("greedy", score, seed, number, 13)  # seeded
            plays += 1
            if count.claim != score.total:
                overlooked += 1
                items = [i.points for line in score.lines for i in line.items]
                items += [line.bonus for line in score.lines if line.one_colour]
                assert score.total - count.claim in items
                assert count.overlooked.startswith("overlooked ")
            else:
                assert count.overlooked == ""
    assert plays > 200
    assert 0.2 < overlooked / plays < 0.45


def test_the_computer_after_a_person_calls_on_their_missed_points() -> None:
    assert computer_caller(["Ann", "expert"], 0) == 1
    assert computer_caller(["Ann", "expert"], 1) is None  # computers call only on people
    assert computer_caller(["Ann", "Bob"], 0) is None
    assert computer_caller(["greedy", "Ann", "Bob", "expert"], 1) == 3
    assert computer_caller(["greedy", "Ann", "Bob", "expert"], 3) is None


def play_joker(seed: int, names: list[str], rng: random.Random) -> TileGame:
    """A whole Joker game: people claim at random about the truth and sometimes call, now
    and then too early."""
    game = TileGame(seed, len(names), joker=True)
    people = [s for s, n in enumerate(names) if n not in ("expert", "greedy")]
    while not game.is_over:
        seat = game.current_player
        early = [s for s in people if s != seat]
        if seat in people and early and game.can_play() and rng.random() < 0.15:
            game.call_early(rng.choice(early))
        action = quick_greedy(game.observation(seat))
        score = game.check(action)
        claim = None
        if score is not None and names[seat] not in ("expert", "greedy"):
            claim = max(0, score.total + rng.choice([-4, -2, 0, 0, 0, 1]))
        apply_counted(game, names, action, claim)
        open_turn = game.joker_open
        if open_turn is not None and rng.random() < 0.5:
            callers = [s for s in people if s != open_turn.player]
            if callers:
                game.call_joker(rng.choice(callers))
    return game


@pytest.mark.parametrize(
    ("seed", "names"),
    [(1, ["Ann", "greedy"]), (2, ["greedy", "Ann"]), (3, ["Ann", "Bob"]),
     (4, ["Ann", "expert", "Bob"]), (5, ["greedy", "Ann", "Bob", "expert"])],
)  # fmt: skip
def test_a_joker_game_replays_and_its_scores_add_up(seed: int, names: list[str]) -> None:
    game = play_joker(seed, names, random.Random(seed))
    record = json.loads(json.dumps(game_record(game, names)))
    again = replay(record)
    assert game_record(again, names) == record
    # An independent count: each seat's recorded points and calls, less its leftovers.
    totals = [0] * len(names)
    early = record.get("early_calls", [])
    for index, turn in enumerate(record["turns"]):
        for call in early:
            if call["turn"] == index + 1:
                assert call["points"] == -5 and names[call["caller"]] not in ("expert", "greedy")
                totals[call["caller"]] -= 5
        if turn["action"] == "play":
            said = turn["claim"]
            totals[turn["player"]] += said if said <= turn["score"] else 0
            if turn["call"] is not None:
                totals[turn["call"]["caller"]] += turn["call"]["points"]
        else:
            assert "claim" not in turn
        assert turn["scores"] == totals, index
    assert all(call["turn"] <= len(record["turns"]) for call in early)
    final = [t - d for t, d in zip(totals, record["deductions"], strict=True)]
    assert record["final"] == final == list(game.returns())
    # Every person's missed count was called by the computer after them, at once when no
    # other person could call first, else by the next move unless a person called first.
    last = len(game.turns) - 1
    for index, turn in enumerate(game.turns):
        due = computer_caller(names, turn.player)
        if turn.claim is None or turn.missed <= 0 or due is None:
            continue
        called = game.calls.get(index)
        if calls_at_once(names, turn.player):
            assert called is not None and called.caller == due
        elif index < last:
            assert called is not None and called.caller in (due, *people_but(names, turn.player))
        else:
            assert called is None or called.caller in (due, *people_but(names, turn.player))


def people_but(names: list[str], player: int) -> list[int]:
    return [s for s, n in enumerate(names) if n not in ("expert", "greedy") and s != player]


def test_a_person_may_call_before_the_computer_which_calls_when_the_next_move_is_made() -> None:
    names = ["Ann", "Bob", "expert"]
    beaten = waited = 0
    for seed in range(8):
        for person_calls in (True, False):
            game = TileGame(seed, 3, joker=True)
            while not game.is_over and len(game.turns) < 12:
                seat = game.current_player
                action = quick_greedy(game.observation(seat))
                score = game.check(action)
                claim = None if score is None or seat == 2 else max(0, score.total - 2)
                turn = apply_counted(game, names, action, claim)
                index = len(game.turns) - 1
                if turn.claim is None or turn.missed <= 0 or seat == 2 or game.is_over:
                    continue
                assert index not in game.calls  # the computer waits for the people
                if person_calls:
                    game.call_joker(1 - seat)
                    beaten += 1
                else:
                    waited += 1
                nxt = quick_greedy(game.observation(game.current_player))
                worth = game.check(nxt)
                counted = worth is not None and game.current_player != 2
                apply_counted(game, names, nxt, worth.total if counted and worth else None)
                caller = game.calls[index].caller
                assert caller == (1 - seat if person_calls else 2)
                assert game.calls[index].points == turn.missed
    assert beaten > 5 and waited > 5


@pytest.fixture(scope="module")
def joker_record() -> dict[str, Any]:
    names = ["greedy", "Ann"]
    rng = random.Random(8)
    for seed in range(20, 60):
        game = play_joker(seed, names, rng)
        record = game_record(game, names)
        kinds = {
            ("computer" if t["player"] == 0 else "person", t["claim"] < t["score"])
            for t in record["turns"]
            if t["action"] == "play"
        }
        if kinds >= {("computer", True), ("person", True)}:
            return record
    raise AssertionError("no game with misses on both sides")


def turn_index(record: dict[str, Any], player: int, missed: bool) -> int:
    return next(
        i
        for i, t in enumerate(record["turns"])
        if t["action"] == "play" and t["player"] == player and (t["claim"] < t["score"]) == missed
    )


def test_a_computers_claim_is_counted_again(joker_record: dict[str, Any]) -> None:
    data = copy.deepcopy(joker_record)
    index = turn_index(data, 0, missed=True)
    data["turns"][index]["claim"] = data["turns"][index]["score"]
    move = " ".join(data["turns"][index]["tiles"])
    with pytest.raises(RecordError, match=rf"turn {index + 1} \({move}\): field 'claim'"):
        replay(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.update(call=None), "field 'call': the record says no call"),
        (lambda t: t["call"].update(points=t["call"]["points"] + 1), "field 'call' points"),
        (lambda t: t["call"].update(caller=1), "field 'call': a player does not call Joker on"),
        (lambda t: t.pop("claim"), "missing field 'claim'"),
        (lambda t: t.update(claim=-1), "field 'claim'"),
        (lambda t: t.update(claim=True), "field 'claim'"),
        (lambda t: t.update(action="pass", tiles=[]), "unexpected field 'c"),
    ],
)
def test_a_tampered_call_or_claim_names_the_move_and_field(
    joker_record: dict[str, Any], change: Any, message: str
) -> None:
    data = copy.deepcopy(joker_record)
    index = turn_index(data, 1, missed=True)
    change(data["turns"][index])
    with pytest.raises(RecordError, match=f"turn {index + 1}.*{message}"):
        replay(data)


def test_a_computer_never_calls_on_a_computer_nor_on_a_right_count(
    joker_record: dict[str, Any],
) -> None:
    data = copy.deepcopy(joker_record)
    index = turn_index(data, 1, missed=False)
    data["turns"][index]["call"] = {"caller": 0, "points": -JOKER_PENALTY}
    with pytest.raises(RecordError, match=f"turn {index + 1} .*a call by greedy"):
        replay(data)
    data = copy.deepcopy(joker_record)
    data["joker"] = 0
    with pytest.raises(RecordError, match="unexpected field 'claim'"):
        replay(data)


def test_no_call_is_due_before_a_play_nor_on_a_right_count() -> None:
    game = TileGame(4, joker=True)
    assert computer_call(game, ["Ann", "expert"]) is None
    play = first_play(game)
    worth = game.check(play)
    assert worth is not None
    names = ["Ann", "expert"] if game.current_player == 0 else ["expert", "Ann"]
    apply_counted(game, names, play, worth.total)
    assert computer_call(game, names) is None and game.calls == {}


def test_an_early_call_costs_the_caller_five_and_is_recorded_and_replayed() -> None:
    names = ["Ann", "Bob", "Cy"]
    game = TileGame(6, 3, joker=True)
    mover = game.current_player
    others = [s for s in range(3) if s != mover]
    with pytest.raises(ValueError, match="their own count"):
        game.call_early(mover)
    with pytest.raises(ValueError, match="no player 4"):
        game.call_early(3)
    called = game.call_early(others[0])
    assert (called.turn, called.caller, called.points) == (0, others[0], -JOKER_PENALTY)
    assert "before the score was recorded" in called.judged.reason
    assert game.scores[others[0]] == -JOKER_PENALTY and game.joker_open is None
    play = first_play(game)
    worth = game.check(play)
    assert worth is not None
    game.apply(play, worth.total)
    assert game.early_calls(0) == [called] and game.early_calls(1) == []
    assert game.running_scores()[0][others[0]] == -JOKER_PENALTY
    # A second early call, on the count now being typed: the record keeps it unfinished.
    game.call_early(mover)
    record = json.loads(json.dumps(game_record(game, names)))
    assert record["early_calls"] == [
        {"turn": 1, "caller": others[0], "points": -5},
        {"turn": 2, "caller": mover, "points": -5},
    ]
    again = replay(record, allow_unfinished=True)
    assert again.scores == game.scores and again.early == game.early
    assert game_record(again, names) == record
    plain = TileGame(6, 3)
    with pytest.raises(ValueError, match="not played in this game"):
        plain.call_early(others[0])


def test_no_early_call_when_no_count_is_coming() -> None:
    game = play_joker(9, ["Ann", "Bob"], random.Random(1))
    with pytest.raises(ValueError, match="the game is over"):
        game.call_early(1 - game.current_player)
    for seed in range(40):
        game = TileGame(seed, joker=True)
        while not game.is_over and game.can_play():
            action = quick_greedy(game.observation(game.current_player))
            score = game.check(action)
            game.apply(action, None if score is None else score.total)
        if not game.is_over:
            break
    else:  # pragma: no cover
        raise AssertionError("no game reaches a turn without a play")
    with pytest.raises(ValueError, match="no play: no count is coming"):
        game.call_early(1 - game.current_player)


@pytest.fixture(scope="module")
def early_record() -> dict[str, Any]:
    names = ["Ann", "Bob", "greedy"]
    for seed in range(30, 60):
        record = game_record(play_joker(seed, names, random.Random(seed)), names)
        if len(record.get("early_calls", [])) >= 2:
            return record
    raise AssertionError("no game with two early calls")


def _tamper_turn(record: dict[str, Any], _: dict[str, Any]) -> None:
    """Move an early call back onto a computer's turn (keeping the calls in order)."""
    calls = record["early_calls"]
    for k, call in enumerate(calls):
        earliest = calls[k - 1]["turn"] if k else 1
        for number in range(earliest, call["turn"]):
            if record["turns"][number - 1]["player"] == 2:
                call["turn"] = number
                return
    raise AssertionError("no computer's turn before an early call")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r, c: c.update(points=-4), r"entry 1: field 'points': the record says -4"),
        (lambda r, c: c.update(caller=2), r"entry 1: field 'caller': a computer never calls"),
        (lambda r, c: c.update(caller=r["turns"][c["turn"] - 1]["player"]), "their own count"),
        (_tamper_turn, r"entry \d+: field 'turn': greedy counts at once"),
        (lambda r, c: r["early_calls"].append(c | {"turn": len(r["turns"]) + 5}), "never played"),
        (lambda r, c: c.update(turn=0), r"entry 1: field 'turn': expected 1 to"),
        (lambda r, c: c.update(when=1), r"entry 1: unexpected field 'when'"),
        (lambda r, c: c.pop("caller"), r"entry 1: missing field 'caller'"),
        (lambda r, c: r["early_calls"].reverse(), r"entry 2: field 'turn': expected"),
        (lambda r, c: r.update(early_calls=[]), r"field 'early_calls': expected 1 to"),
        (lambda r, c: r.update(joker=0), "not played in this game|unexpected field 'claim'"),
    ],
)
def test_a_tampered_early_call_is_refused_naming_the_field(
    early_record: dict[str, Any], change: Any, message: str
) -> None:
    data = copy.deepcopy(early_record)
    replay(copy.deepcopy(data))  # the record as made replays
    change(data, data["early_calls"][0])
    with pytest.raises(RecordError, match=message):
        replay(data)
