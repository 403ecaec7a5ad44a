"""Game records: versioned JSON that replays and re-scores a game exactly.

Records are untrusted input: every field is type-checked, every card and score
is re-derived on a fresh engine, and anything that does not match is refused
with a message naming the round and the field. No pickle, no eval.

>>> from solitaire.patience.game import ROUNDS, Game, Undo
>>> game = Game.from_seed(3)
>>> while not game.is_over:
...     _ = game.discard(game.shown[:2])
>>> replay(game_record(game)).total == game.total
True
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from typing import Any, Final

from solitaire.core.cards import Card, CardError, Deck, check_card
from solitaire.core.dealcode import CODE_CHARACTERS, CODE_LENGTH, deal_code, decode_deal
from solitaire.core.secret import SEED_CHOSEN, chosen_field
from solitaire.core.untrusted import (
    Fields,
    RecordError,
    check_int,
    check_version,
    expect_same,
    parse_record,
)
from solitaire.patience.game import ROUNDS, Game, Undo

__all__ = [
    "GAME",
    "RECORD_VERSION",
    "RecordError",
    "daily_date",
    "game_record",
    "load_record",
    "replay",
]

RECORD_VERSION: Final = 1
GAME: Final = "patience"  # the record's game; older records name none and still load
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
_OPTIONAL_FIELDS: Final = (
    "game",
    "deal_code",
    "daily",
    "hints",
    "undos",
    "next_seen",
    SEED_CHOSEN,
)
_UNDO_FIELDS: Final = ("round", "discard")
_MAX_UNDOS: Final = 5000


def game_record(game: Game, daily: str | None = None) -> dict[str, Any]:
    """The JSON-ready record of a game, finished or in progress."""
    final = game.final
    record: dict[str, Any] = {
        "game": GAME,
        "version": RECORD_VERSION,
        "seed": None if game.seed is None else str(game.seed),
        **chosen_field(game.seed_chosen),
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
        "next_seen": game.next_seen,
    }
    if daily is not None:
        record["daily"] = daily
    return record


def load_record(text: str) -> dict[str, Any]:
    """Parse record JSON text into a dict (not yet checked: see :func:`replay`)."""
    return parse_record(text)


_DATE: Final = re.compile(r"\d{4}-\d{2}-\d{2}")
_MAX_POINTS: Final = 29 + 29 + 2  # a round's hand and crib at most 29 each, and the heels
_MAX_TOTAL: Final = 6 * _MAX_POINTS + 29


_card = check_card


def _cards(fields: Fields, name: str, count: int) -> tuple[Card, ...]:
    return tuple(_card(v, where) for where, v in fields.items(name, count, count))


def _text(value: object) -> str:
    return " ".join(map(str, value)) if isinstance(value, tuple) else str(value)


def _expect(actual: object, recorded: object, where: str) -> None:
    expect_same(actual, recorded, where, _text)


def daily_date(fields: Fields, name: str = "daily") -> str | None:
    """The optional daily-deal date of a record (``YYYY-MM-DD``), checked as a real date."""
    if not fields.has(name):
        return None
    text = fields.text(name, 10, pattern=_DATE)
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        raise RecordError(f"{fields.name(name)}: {text} is not a date") from None
    return text


def replay(data: Mapping[str, Any], *, allow_unfinished: bool = False) -> Game:
    """Play a record again on a fresh engine, checking every field, card and score it states."""
    if not isinstance(data, Mapping):
        raise RecordError("not a game record: expected a JSON object")
    if "version" not in data:
        raise RecordError("record: missing field 'version'")
    check_version(data.get("version"), "record: field 'version'", RECORD_VERSION)
    record = Fields(data, "record", _TOP_FIELDS, _OPTIONAL_FIELDS)
    if record.has("game"):  # older records name no game
        record.kind("game", GAME)

    try:
        deck = Deck(_cards(record, "deck", 52))
    except CardError as error:
        raise RecordError(f"{record.name('deck')}: {error}") from None
    seed = None if record.is_null("seed") else record.seed("seed")
    if seed is not None and Deck.from_seed(seed) != deck:
        raise RecordError("record: field 'deck' is not the deck that field 'seed' deals")
    if record.has("deal_code"):
        code = record.text("deal_code", CODE_LENGTH, alphabet=CODE_CHARACTERS)
        if _decoded(code) != deck:
            raise RecordError("record: field 'deal_code' does not match field 'deck'")

    rounds = list(record.items("rounds", 0, 6))
    if not allow_unfinished and len(rounds) != 6:
        raise RecordError(
            f"record: field 'rounds': a finished game has 6 rounds, this has {len(rounds)}"
        )

    undos = _undos(record, len(rounds))
    game = Game(deck, seed=seed)
    game.seed_chosen = record.flag(SEED_CHOSEN, default=True)
    for number, (_, entry) in enumerate(rounds, start=1):
        _replay_undos(game, undos)
        played = Fields(entry, f"round {number}", _ROUND_FIELDS)
        _expect(game.shown, _cards(played, "shown", 6), played.name("shown"))
        dealt = _cards(played, "crib_dealt", 2)
        discard = _cards(played, "discard", 2)
        starter = _card(played.raw("starter"), played.name("starter"))
        try:
            result = game.discard(discard)
        except ValueError as error:
            raise RecordError(f"{played.name('discard')}: {error}") from None
        _expect(result.crib_dealt, dealt, played.name("crib_dealt"))
        _expect(result.starter, starter, played.name("starter"))
        for name, actual, high in (
            ("heels", result.heels, 2),
            ("hand_points", result.hand_points, 29),
            ("crib_points", result.crib_points, 29),
            ("total", result.total, _MAX_TOTAL),  # the running total
        ):
            _expect(actual, played.integer(name, 0, high), played.name(name))

    _replay_undos(game, undos)
    final = game.final
    if final is None:
        for name in ("final_hand", "final_points"):
            if not record.is_null(name):
                raise RecordError(f"{record.name(name)} must be null before the game ends")
    else:
        _expect(final.cards, _cards(record, "final_hand", 4), record.name("final_hand"))
        _expect(final.points, record.integer("final_points", 0, 29), record.name("final_points"))
    _expect(game.total, record.integer("total", 0, _MAX_TOTAL), record.name("total"))

    if record.has("hints"):
        hints = [check_int(h, where, 1, 6) for where, h in record.items("hints", 0, 6)]
        game.hints.update(hints)
    # Without the field (an older record) the last discard stands: no undo after loading.
    next_seen = record.raw("next_seen") if record.has("next_seen") else True
    if not isinstance(next_seen, bool):
        raise RecordError(f"{record.name('next_seen')}: expected true or false")
    if game.rounds:
        game.next_seen = next_seen
    elif not next_seen:
        raise RecordError(f"{record.name('next_seen')}: false before any discard")
    daily_date(record)
    return game


def _undos(record: Fields, rounds: int) -> list[tuple[str, Undo]]:
    """The undos of a record, checked for form and order (each is replayed later)."""
    if not record.has("undos"):
        return []
    undos: list[tuple[str, Undo]] = []
    last = min(rounds + 1, ROUNDS)  # the round being played when the record was written
    for where, entry in record.items("undos", 0, _MAX_UNDOS):
        undo = Fields(entry, where, _UNDO_FIELDS)
        earliest = undos[-1][1].round if undos else 1
        round_number = undo.integer("round", earliest, last)
        first, second = _cards(undo, "discard", 2)
        undos.append((where, Undo(round_number, (first, second))))
    return undos


def _replay_undos(game: Game, undos: list[tuple[str, Undo]]) -> None:
    """Play and take back, in order, the undone discards of the round now being played."""
    while undos and undos[0][1].round == game.round_number:
        where, undo = undos.pop(0)
        try:
            game.discard(undo.discard)
        except ValueError as error:
            raise RecordError(f"{where}: {error}") from None
        game.undo()


def _decoded(code: str) -> Deck | None:
    """The deck of a deal code, or None when it is not one."""
    try:
        return decode_deal(code)
    except ValueError:
        return None
