"""Records round-trip, replay identically, and tampering is refused with clear messages."""

from __future__ import annotations

import copy
import datetime as dt
import json
from typing import Any

import pytest

from solitaire.core.dealcode import daily_seed
from solitaire.patience.game import Game
from solitaire.patience.record import RecordError, game_record, load_record, replay


def finished(seed: int = 21) -> Game:
    game = Game.from_seed(seed)
    while not game.is_over:
        game.discard(game.shown[1:3])
    return game


def test_record_round_trips_through_json() -> None:
    game = finished()
    record = game_record(game)
    again = replay(load_record(json.dumps(record)))
    assert again.total == game.total
    assert again.rounds == game.rounds
    assert game_record(again) == record
    assert len(record["rounds"]) == 6 and record["version"] == 1
    assert record["final_points"] == game.final.score.total if game.final else False


def test_record_fields() -> None:
    record = game_record(finished())
    assert set(record) >= {"seed", "deck", "rounds", "final_hand", "final_points", "total"}
    assert set(record["rounds"][0]) == {
        "shown", "crib_dealt", "discard", "starter", "heels", "hand_points", "crib_points", "total"
    }  # fmt: skip
    assert len(record["deck"]) == 52


def tamper(path: list[Any], value: Any) -> dict[str, Any]:
    record = copy.deepcopy(game_record(finished()))
    target: Any = record
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return record


DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            ["rounds", 2, "hand_points"],
            99,
            "round 3: field 'hand_points': expected 0 to 29, got 99",
        ),
        (["rounds", 0, "crib_points"], -1, "round 1: field 'crib_points'"),
        (["rounds", 3, "total"], 1, "round 4: field 'total'"),
        (["rounds", 1, "starter"], "ZZ", "round 2: field 'starter': invalid card 'ZZ'"),
        (["rounds", 4, "discard"], ["AS", "AH"], "round 5: field 'discard'"),
        (["rounds", 5, "heels"], "2", "round 6: field 'heels': expected a whole number"),
        (["rounds", 0, "shown"], ["AS", "AH", "AD", "AC", "2S", "2H"], "round 1: field 'shown'"),
        (["rounds", 2, "crib_dealt"], DELETE, "round 3: missing field 'crib_dealt'"),
        (["rounds", 2, "extra"], 1, "round 3: unexpected field 'extra'"),
        (["version"], 2, "field 'version' is 2"),
        (["version"], DELETE, "record: missing field 'version'"),
        (["deck"], DELETE, "missing field 'deck'"),
        (["seed"], 12345, "field 'deck' is not the deck that field 'seed' deals"),
        (["total"], 500, "record: field 'total': expected 0 to 389, got 500"),
        (["total"], 300, "record: field 'total': the record says 300"),
        (["final_points"], 3, "record: field 'final_points'"),
        (["final_hand"], ["AS"], "record: field 'final_hand': expected 4 items, got 1"),
        (["deal_code"], "X", "field 'deal_code' does not match"),
        (["hints"], [9], "field 'hints'"),
    ],
)
def test_tampered_records_are_refused(path: list[Any], value: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        replay(tamper(path, value))


def test_moved_card_in_the_deck_is_refused() -> None:
    record = game_record(finished())
    record["seed"] = None
    del record["deal_code"]
    record["deck"][8], record["deck"][9] = record["deck"][9], record["deck"][8]
    with pytest.raises(RecordError, match="round 1: field 'starter'"):
        replay(record)


def test_unfinished_record_needs_permission() -> None:
    game = Game.from_seed(4)
    game.discard(game.shown[:2])
    record = game_record(game)
    with pytest.raises(RecordError, match="a finished game has 6 rounds, this has 1"):
        replay(record)
    resumed = replay(record, allow_unfinished=True)
    assert resumed.round_number == 2 and resumed.total == game.total


def test_bad_json_is_refused() -> None:
    with pytest.raises(RecordError, match="invalid JSON"):
        load_record("{not json")
    with pytest.raises(RecordError, match="expected a JSON object"):
        load_record("[1, 2]")


def with_undos(seed: int = 21) -> Game:
    """A finished game whose rounds 2 and 6 were undone (round 2 twice) before the discard kept."""
    game = Game.from_seed(seed)
    while not game.is_over:
        if game.round_number in (2, 6):
            game.discard(game.shown[4:])
            game.undo()
        if game.round_number == 2 and len(game.undos) == 1:
            game.discard(game.shown[:2])
            game.undo()
        game.discard(game.shown[1:3])
    return game


def test_a_record_with_undos_replays() -> None:
    game = with_undos()
    record = game_record(game)
    assert [u["round"] for u in record["undos"]] == [2, 2, 6]
    assert record["undos"][0]["discard"] == [str(c) for c in game.undos[0].discard]
    again = replay(load_record(json.dumps(record)))
    assert again.undos == game.undos and again.rounds == game.rounds
    assert again.rounds == finished().rounds  # the discards kept are those of a plain game
    assert game_record(again) == record


def test_an_unfinished_record_keeps_an_undo_of_the_round_in_play() -> None:
    game = Game.from_seed(8)
    game.discard(game.shown[:2])
    game.discard(game.shown[:2])
    game.undo()  # quit after taking round 2 back, before discarding again
    again = replay(game_record(game), allow_unfinished=True)
    assert again.round_number == 2 and again.undos == game.undos


@pytest.mark.parametrize(
    ("entry", "value", "message"),
    [
        ("round", 1, "entry 2: field 'round': expected 2 to 6, got 1"),
        ("round", 7, "entry 2: field 'round': expected 2 to 6, got 7"),
        ("round", "2", "entry 2: field 'round': expected a whole number"),
        ("discard", ["AS", "AS"], "entry 2: "),
        ("discard", ["ZZ", "AS"], "entry 2: field 'discard' entry 1: invalid card 'ZZ'"),
        ("discard", ["AS"], "entry 2: field 'discard': expected 2 items, got 1"),
        ("extra", 1, "entry 2: unexpected field 'extra'"),
        ("round", DELETE, "entry 2: missing field 'round'"),
    ],
)
def test_tampered_undos_are_refused(entry: str, value: Any, message: str) -> None:
    record = game_record(with_undos())
    target = record["undos"][1]
    if value is DELETE:
        del target[entry]
    else:
        target[entry] = value
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        replay(record)


def test_an_undo_of_cards_not_dealt_is_refused() -> None:
    record = game_record(with_undos())
    dealt = set(record["rounds"][1]["shown"])
    record["undos"][0]["discard"] = [c for c in record["deck"] if c not in dealt][:2]
    with pytest.raises(RecordError, match=r"field 'undos' entry 1: .* is not in your hand"):
        replay(record)
    record["undos"] = {"round": 2}
    with pytest.raises(RecordError, match="field 'undos': expected a list"):
        replay(record)


def test_next_seen_says_whether_the_last_discard_may_be_taken_back() -> None:
    game = Game.from_seed(8)
    game.discard(game.shown[:2])
    open_record = game_record(game)
    assert open_record["next_seen"] is False
    assert replay(open_record, allow_unfinished=True).can_undo()
    game.see_next()
    assert not replay(game_record(game), allow_unfinished=True).can_undo()
    del open_record["next_seen"]  # a record from before undo existed: the discard stands
    assert not replay(open_record, allow_unfinished=True).can_undo()


@pytest.mark.parametrize(("value", "message"), [("no", "expected true or false"), (0, "expected")])
def test_a_bad_next_seen_is_refused(value: Any, message: str) -> None:
    record = game_record(finished())
    record["next_seen"] = value
    with pytest.raises(RecordError, match=f"field 'next_seen': {message}"):
        replay(record)
    fresh = game_record(Game.from_seed(3))
    fresh["next_seen"] = False
    with pytest.raises(RecordError, match="false before any discard"):
        replay(fresh, allow_unfinished=True)


@pytest.mark.parametrize(
    "seed", [0, 2**63 - 1, 2**63, 2**64 - 1, 10**30, 10**40 - 1, daily_seed(dt.date(2026, 11, 29))]
)
def test_seeds_of_any_size_round_trip_as_decimal_text(seed: int) -> None:
    game = Game.from_seed(seed)
    game.discard(game.shown[:2])
    record = json.loads(json.dumps(game_record(game)))
    assert record["seed"] == str(seed)
    again = replay(load_record(json.dumps(record)), allow_unfinished=True)
    assert again.seed == seed and again.deck == game.deck


def test_records_with_the_seed_as_a_json_integer_still_load() -> None:
    game = finished(2**64 - 1)
    record = game_record(game)
    record["seed"] = game.seed  # how records were written before seeds became text
    assert replay(load_record(json.dumps(record))).seed == 2**64 - 1


@pytest.mark.parametrize("seed", ["-5", -5, "5.0", 5.0, True, "1" + "0" * 40, 10**40, "0x10", ""])
def test_negative_odd_and_oversized_seeds_are_refused(seed: object) -> None:
    record = game_record(finished(5))
    record["seed"] = seed
    with pytest.raises(RecordError, match="record: field 'seed'"):
        replay(record)


def test_records_with_earlier_47_character_deal_codes_still_load() -> None:
    game = finished(1)
    record = game_record(game)
    record["deal_code"] = "1D915XF821X3XXM504PDBEV4XZ0WEHECHKY86JBHE8CY9D8"  # the old form
    assert replay(record).deck == game.deck
    record["deal_code"] = record["deal_code"].lower()  # records hold codes as written
    with pytest.raises(RecordError, match="field 'deal_code'"):
        replay(record)


@pytest.mark.parametrize(
    "daily", ["2026-13-01", "2026-02-30", "26-11-29", "2026-11-29\x1b[2J", 20261129]
)
def test_daily_must_be_a_real_date(daily: object) -> None:
    record = game_record(finished(), daily="2026-11-29")
    record["daily"] = daily
    with pytest.raises(RecordError, match="record: field 'daily'"):
        replay(record)
