"""Match records: replayed and re-scored exactly; tampering refused with the field named."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.untrusted import RecordError
from solitaire.match.game import Match
from solitaire.match.players import EasyPlayer, StandardPlayer, advance
from solitaire.match.record import load_match_record, match_record, replay_match

NAMES = ("standard", "easy")


def finished(seed: int = 3, games: int = 2) -> dict[str, Any]:
    match = Match(seed, games=games)
    advance(match, (StandardPlayer(), EasyPlayer(random.Random(seed))))
    return match_record(match, NAMES)


RECORD = finished()


def test_a_record_round_trips_through_json() -> None:
    text = json.dumps(RECORD)
    match = replay_match(load_match_record(text))
    assert json.dumps(match_record(match, NAMES)) == text
    assert RECORD["game"] == "match" and RECORD["version"] == 1


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**12), steps=st.integers(0, 200))
def test_a_match_in_progress_round_trips_at_any_moment(seed: int, steps: int) -> None:
    match = Match(seed, games=2)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.current_player is None:
            break
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    record = match_record(match, ("you", "easy"))
    again = replay_match(record, allow_unfinished=True)
    assert match_record(again, ("you", "easy")) == record
    assert again.current_player == match.current_player
    assert again.legal_actions() == match.legal_actions()
    if not match.is_over:
        with pytest.raises(RecordError, match="not finished"):
            replay_match(record)


def tampered(path: tuple[object, ...], value: object) -> dict[str, Any]:
    record = copy.deepcopy(RECORD)
    target: Any = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return record


def first_deal() -> dict[str, Any]:
    deal: dict[str, Any] = RECORD["played"][0]["deals"][0]
    return deal


def other_card(cards: list[str]) -> str:
    used = {c for deal in RECORD["played"][0]["deals"][:1] for h in deal["hands"] for c in h}
    return next(c for c in ("AS", "2S", "3S", "4S", "5S", "6S", "7S") if c not in used | set(cards))


def lay_index(deal: dict[str, Any]) -> int:
    return next(i for i, step in enumerate(deal["play"]) if "lay" in step)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("seed",), "4", "game 1: field 'cuts'"),
        (("seed",), 3.0, "record: field 'seed'"),
        (("version",), 2, "field 'version' is 2"),
        (("games",), True, "field 'games': expected a whole number"),
        (("players", 0), "\x1b[2J", "field 'players' item 1"),
        (("played", 0, "first_dealer"), "flip", "game 1: field 'first_dealer'"),
        (("played", 0, "deals", 0, "dealer"), "flip", "game 1 deal 1: field 'dealer'"),
        (("played", 0, "deals", 0, "hands", 0, 0), "other", "game 1 deal 1: field 'hands'"),
        (("played", 0, "deals", 0, "starter"), "other", "game 1 deal 1: field 'starter'"),
        (("played", 0, "deals", 0, "heels"), "heels", "game 1 deal 1: field 'heels'"),
        (("played", 0, "deals", 0, "discards", 0), ["XX", "5H"], "field 'discards' item 1"),
        (("played", 0, "deals", 0, "show", 0, "points"), 30, "field 'show' item 1"),
        (("played", 0, "deals", 0, "scores", 0), 120, "game 1 deal 1: field 'scores'"),
        (("played", 0, "deals", 0, "extra"), 1, "game 1 deal 1: unexpected field 'extra'"),
        (("played", 0, "result", "skunk"), "triple", "game 1: field 'result'"),
        (("match_points", 0), 99, "record: field 'match_points'"),
        (("winner",), "flip", "record: field 'winner'"),
    ],
)
def test_tampering_is_refused_with_the_field_named(
    path: tuple[object, ...], value: object, message: str
) -> None:
    deal = first_deal()
    flipped = {
        "first_dealer": 1 - RECORD["played"][0]["first_dealer"],
        "dealer": 1 - deal["dealer"],
        "winner": 0 if RECORD["winner"] == 1 else 1,
    }
    if value == "flip":
        value = flipped[str(path[-1])]
    elif value == "other":
        value = other_card(deal["hands"][0] + [deal["starter"]])
    elif value == "heels":
        value = 2 - deal["heels"]
    with pytest.raises(RecordError, match=message.replace("[", r"\[")):
        replay_match(tampered(path, value))


def test_a_changed_card_laid_or_count_is_refused() -> None:
    deal = first_deal()
    index = lay_index(deal)
    step = deal["play"][index]
    with pytest.raises(RecordError, match=f"game 1 deal 1: field 'play' item {index + 1}"):
        replay_match(tampered(("played", 0, "deals", 0, "play", index, "count"), 31))
    with pytest.raises(RecordError, match="points"):
        replay_match(tampered(("played", 0, "deals", 0, "play", index, "points"), 1.0 * 0))
    with pytest.raises(RecordError, match="game 1 deal 1"):
        replay_match(
            tampered(("played", 0, "deals", 0, "play", index, "player"), 1 - step["player"])
        )


def test_a_dropped_go_point_or_an_extra_deal_is_refused() -> None:
    deal = first_deal()
    points = [i for i, step in enumerate(deal["play"]) if "point" in step]
    record = copy.deepcopy(RECORD)
    del record["played"][0]["deals"][0]["play"][points[0]]
    with pytest.raises(RecordError, match="game 1 deal 1: field 'play'"):
        replay_match(record)
    record = copy.deepcopy(RECORD)
    record["played"][0]["deals"].append(copy.deepcopy(deal))
    with pytest.raises(RecordError, match="game 1: field 'deals' has"):
        replay_match(record)


def test_a_record_that_stops_early_is_unfinished() -> None:
    record = copy.deepcopy(RECORD)
    record["played"] = record["played"][:1]
    with pytest.raises(RecordError, match="not finished"):
        replay_match(record)
    record = copy.deepcopy(RECORD)
    del record["played"][0]["deals"][2:]
    with pytest.raises(RecordError, match="game 1: the game is not played to its end"):
        replay_match(record)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "expected a JSON object"),
        ("{", "invalid JSON"),
        ('{"game": "tiles"}', "field 'game' is \"tiles\""),
        ('{"game": "match"}', "missing field 'version'"),
        ("[" * 100, "nested deeper"),
    ],
)
def test_what_is_not_a_match_record(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay_match(load_match_record(text))
