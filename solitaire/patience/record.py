"""Game records: versioned JSON that replays and re-scores a game exactly.

Records are untrusted input: every field is type-checked, every card and score
is re-derived on a fresh engine, and anything that does not match is refused
with a message naming the round and the field. No pickle, no eval.

>>> from solitaire.patience.game import Game
>>> game = Game.from_seed(3)
>>> while not game.is_over:
...     _ = game.discard(game.shown[:2])
>>> replay(game_record(game)).total == game.total
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from solitaire.core.cards import Card, CardError, Deck
from solitaire.core.dealcode import deal_code, decode_deal
from solitaire.core.untrusted import RecordError, parse_record
from solitaire.patience.game import ROUNDS, Game, Undo

__all__ = ["RECORD_VERSION", "RecordError", "game_record", "load_record", "replay"]

RECORD_VERSION: Final = 1
_ROUND_FIELDS: Final = (
    "shown",
    "crib_dealt",
    "discard",
    "starter",
    "heels",
    "hand_points",
    "crib_points",
    "total",
)
_TOP_FIELDS: Final = ("version", "seed", "deck", "rounds", "final_hand", "final_points", "total")
_OPTIONAL_FIELDS: Final = ("deal_code", "daily", "hints", "undos")
_UNDO_FIELDS: Final = ("round", "discard")


def game_record(game: Game, daily: str | None = None) -> dict[str, Any]:
    """The JSON-ready record of a game, finished or in progress."""
    final = game.final
    record: dict[str, Any] = {
        "version": RECORD_VERSION,
        "seed": game.seed,
        "deal_code": deal_code(game.deck),
        "deck": [str(c) for c in game.deck],
        "rounds": [
            {
                "shown": [str(c) for c in r.shown],
                "crib_dealt": [str(c) for c in r.crib_dealt],
                "discard": [str(c) for c in r.discard],
                "starter": str(r.starter),
                "heels": r.heels,
                "hand_points": r.hand_points,
                "crib_points": r.crib_points,
                "total": r.total,
            }
            for r in game.rounds
        ],
        "final_hand": None if final is None else [str(c) for c in final.cards],
        "final_points": None if final is None else final.points,
        "total": game.total,
        "hints": sorted(game.hints),
        "undos": [{"round": u.round, "discard": [str(c) for c in u.discard]} for u in game.undos],
    }
    if daily is not None:
        record["daily"] = daily
    return record


def load_record(text: str) -> dict[str, Any]:
    """Parse record JSON text into a dict (not yet checked: see :func:`replay`)."""
    return parse_record(text)


def _card(value: object, where: str) -> Card:
    if not isinstance(value, str):
        raise RecordError(f"{where}: expected a card string, got {json.dumps(value)}")
    try:
        return Card.parse(value)
    except CardError as error:
        raise RecordError(f"{where}: {error}") from None


def _cards(value: object, count: int, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) != count:
        raise RecordError(f"{where}: expected a list of {count} cards")
    return tuple(_card(v, where) for v in value)


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{where}: expected a whole number, got {json.dumps(value)}")
    return value


def _text(value: object) -> str:
    return " ".join(map(str, value)) if isinstance(value, tuple) else str(value)


def _expect(actual: object, recorded: object, where: str) -> None:
    if actual != recorded:
        raise RecordError(
            f"{where}: the record says {_text(recorded)}, the game gives {_text(actual)}"
        )


def _fields(
    data: Mapping[str, Any], required: Sequence[str], optional: Sequence[str], where: str
) -> None:
    for name in required:
        if name not in data:
            raise RecordError(f"{where}: missing field '{name}'")
    for name in data:
        if name not in required and name not in optional:
            raise RecordError(f"{where}: unexpected field '{name}'")


def replay(data: Mapping[str, Any], *, allow_unfinished: bool = False) -> Game:
    """Play a record again on a fresh engine, checking every card and score it states."""
    if not isinstance(data, Mapping):
        raise RecordError("not a game record: expected a JSON object")
    version = data.get("version")
    if version != RECORD_VERSION:
        raise RecordError(
            f"record: field 'version' is {json.dumps(version)}; "
            f"this game reads version {RECORD_VERSION}"
        )
    _fields(data, _TOP_FIELDS, _OPTIONAL_FIELDS, "record")

    deck_cards = _cards(data["deck"], 52, "record: field 'deck'")
    try:
        deck = Deck(deck_cards)
    except CardError as error:
        raise RecordError(f"record: field 'deck': {error}") from None
    seed = data["seed"]
    if seed is not None:
        seed = _int(seed, "record: field 'seed'")
        if Deck.from_seed(seed) != deck:
            raise RecordError("record: field 'deck' is not the deck that field 'seed' deals")
    if "deal_code" in data:
        code = data["deal_code"]
        if not isinstance(code, str) or _decoded(code) != deck:
            raise RecordError("record: field 'deal_code' does not match field 'deck'")

    rounds = data["rounds"]
    if not isinstance(rounds, list) or len(rounds) > 6:
        raise RecordError("record: field 'rounds': expected a list of at most 6 rounds")
    if not allow_unfinished and len(rounds) != 6:
        raise RecordError(
            f"record: field 'rounds': a finished game has 6 rounds, this has {len(rounds)}"
        )

    undos = _undos(data.get("undos", []), len(rounds))
    game = Game(deck, seed=seed)
    for number, entry in enumerate(rounds, start=1):
        where = f"round {number}"
        _replay_undos(game, undos)
        if not isinstance(entry, Mapping):
            raise RecordError(f"{where}: expected an object")
        _fields(entry, _ROUND_FIELDS, (), where)
        _expect(
            game.shown,
            _cards(entry["shown"], 6, f"{where}: field 'shown'"),
            f"{where}: field 'shown'",
        )
        dealt = _cards(entry["crib_dealt"], 2, f"{where}: field 'crib_dealt'")
        discard = _cards(entry["discard"], 2, f"{where}: field 'discard'")
        starter = _card(entry["starter"], f"{where}: field 'starter'")
        try:
            result = game.discard(discard)
        except ValueError as error:
            raise RecordError(f"{where}: field 'discard': {error}") from None
        _expect(result.crib_dealt, dealt, f"{where}: field 'crib_dealt'")
        _expect(result.starter, starter, f"{where}: field 'starter'")
        for name, actual in (
            ("heels", result.heels),
            ("hand_points", result.hand_points),
            ("crib_points", result.crib_points),
            ("total", result.total),
        ):
            _expect(
                actual, _int(entry[name], f"{where}: field '{name}'"), f"{where}: field '{name}'"
            )

    _replay_undos(game, undos)
    final = game.final
    if final is None:
        for name in ("final_hand", "final_points"):
            if data[name] is not None:
                raise RecordError(f"record: field '{name}' must be null before the game ends")
    else:
        cards = _cards(data["final_hand"], 4, "record: field 'final_hand'")
        _expect(final.cards, cards, "record: field 'final_hand'")
        points = _int(data["final_points"], "record: field 'final_points'")
        _expect(final.points, points, "record: field 'final_points'")
    _expect(game.total, _int(data["total"], "record: field 'total'"), "record: field 'total'")

    hints = data.get("hints", [])
    if not isinstance(hints, list) or any(
        isinstance(h, bool) or not isinstance(h, int) or not 1 <= h <= 6 for h in hints
    ):
        raise RecordError("record: field 'hints': expected a list of round numbers 1-6")
    game.hints.update(hints)
    daily = data.get("daily")
    if daily is not None and not isinstance(daily, str):
        raise RecordError("record: field 'daily': expected a date like 2026-11-29")
    return game


def _undos(value: object, rounds: int) -> list[tuple[int, Undo]]:
    """The undos of a record, checked for form and order (each is replayed later)."""
    if not isinstance(value, list):
        raise RecordError("record: field 'undos': expected a list")
    undos: list[tuple[int, Undo]] = []
    last = min(rounds + 1, ROUNDS)  # the round being played when the record was written
    for number, entry in enumerate(value, start=1):
        where = f"record: field 'undos' entry {number}"
        if not isinstance(entry, Mapping):
            raise RecordError(f"{where}: expected an object")
        _fields(entry, _UNDO_FIELDS, (), where)
        round_number = _int(entry["round"], f"{where}: field 'round'")
        earliest = undos[-1][1].round if undos else 1
        if not earliest <= round_number <= last:
            raise RecordError(
                f"{where}: field 'round' is {round_number}; expected {earliest} to {last}"
            )
        first, second = _cards(entry["discard"], 2, f"{where}: field 'discard'")
        undos.append((number, Undo(round_number, (first, second))))
    return undos


def _replay_undos(game: Game, undos: list[tuple[int, Undo]]) -> None:
    """Play and take back, in order, the undone discards of the round now being played."""
    while undos and undos[0][1].round == game.round_number:
        number, undo = undos.pop(0)
        try:
            game.discard(undo.discard)
        except ValueError as error:
            raise RecordError(f"record: field 'undos' entry {number}: {error}") from None
        game.undo()


def _decoded(code: str) -> Deck | None:
    """The deck of a deal code, or None when it is not one."""
    try:
        return decode_deal(code)
    except ValueError:
        return None
