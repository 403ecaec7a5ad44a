"""Records: a whole game round-trips, replays and re-scores; tampering is refused by name."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from solitaire.tiles.game import TileGame
from solitaire.tiles.players import greedy
from solitaire.tiles.record import RecordError, game_record, load_record, replay
from tests.record_samples import tampered


def finished(seed: int) -> TileGame:
    game = TileGame(seed)
    while not game.is_over:
        game.apply(greedy(game.observation(game.current_player)))
    return game


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return game_record(finished(17), ["greedy", "greedy"])


def test_a_record_round_trips_through_json_and_replays_exactly(record: dict[str, Any]) -> None:
    text = json.dumps(record)
    game = replay(load_record(text))
    assert game_record(game, ["greedy", "greedy"]) == record
    assert record["game"] == "tiles" and record["version"] == 1
    kinds = {turn["action"] for turn in record["turns"]}
    assert "play" in kinds


def test_an_unfinished_game_replays_only_when_asked() -> None:
    game = TileGame(5)
    for _ in range(3):
        game.apply(greedy(game.observation(game.current_player)))
    data = game_record(game, ["expert", "greedy"])
    with pytest.raises(RecordError, match="not over after 3 turns"):
        replay(data)
    assert replay(data, allow_unfinished=True).scores == game.scores


def first_play(record: dict[str, Any]) -> int:
    return next(i for i, t in enumerate(record["turns"]) if t["action"] == "play")


CASES = [
    (["game"], "patience", "field 'game'"),
    (["version"], 2, "this game reads version 1"),
    (["seed"], "x1", "field 'seed'"),
    (["first_player"], 7, "field 'first_player'"),
    (["players"], ["greedy"], "field 'players'"),
    (["racks", 0, 0], "ZZ", "field 'racks'"),
    (["deductions"], [0, 0], "field 'deductions'"),
    (["final"], [999, 0], "field 'final'"),
]


@pytest.mark.parametrize(("path", "value", "message"), CASES)
def test_tampering_with_the_game_is_refused_naming_the_field(
    record: dict[str, Any], path: list[Any], value: Any, message: str
) -> None:
    with pytest.raises(RecordError, match=message):
        replay(tampered(record, path, value))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("score", 999, "field 'score': the record says 999"),
        ("player", 1, "field 'player'"),
        ("drew", ["KD"], "field 'drew'"),
        ("scores", [0, 0], "field 'scores'"),
        ("rack", ["KD", "KD", "KD", "KD", "KD"], "field 'rack'"),
        ("action", "cheat", "field 'action'"),
        ("tiles", ["A1:KD"], "field 'tiles'"),
        ("tiles", ["A1:KD;"], "not a placement"),
        ("extra", 1, "unexpected field 'extra'"),
    ],
)
def test_tampering_with_a_turn_names_the_turn_and_field(
    record: dict[str, Any], field: str, value: Any, message: str
) -> None:
    index = first_play(record)
    data = copy.deepcopy(record)
    turn = data["turns"][index]
    if field == "player":
        value = 1 - turn["player"]
    turn[field] = value
    with pytest.raises(RecordError, match=f"turn {index + 1}: .*{message}"):
        replay(data)


def test_a_turn_after_the_end_and_missing_turns_are_refused(record: dict[str, Any]) -> None:
    extra = copy.deepcopy(record)
    extra["turns"].append(extra["turns"][-1])
    with pytest.raises(RecordError, match="already over"):
        replay(extra)
    short = copy.deepcopy(record)
    short["turns"].pop()
    with pytest.raises(RecordError, match="not over"):
        replay(short)


@pytest.mark.parametrize("text", ["", "[]", "{", '{"game": "tiles"}', "1e999"])
def test_malformed_text_is_one_error(text: str) -> None:
    with pytest.raises(RecordError):
        replay(load_record(text))
