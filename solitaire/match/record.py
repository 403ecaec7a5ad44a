"""Match records: versioned JSON of a whole match, replayed and re-scored exactly.

A record holds the seed and every action (each discard, every card laid and
every go, and the counts claimed by a player who counts their own hand) beside
everything they led to (the cards dealt, the starter, each card's count and
points, the go points, the show and any muggins, the scores and each game's
result). :func:`replay_match` plays the actions again on a fresh :class:`Match`
dealt from the seed and refuses any record whose cards or scores differ, naming
the game, the deal and the field. Records are untrusted: they are read through
:mod:`solitaire.core.untrusted` (bounded, strictly typed).

>>> import random
>>> from solitaire.match.players import EasyPlayer, advance
>>> match = Match(seed=5)
>>> _ = advance(match, (EasyPlayer(random.Random(1)), EasyPlayer(random.Random(2))))
>>> record = match_record(match, ("easy", "easy"))
>>> record["game"], replay_match(record).results == match.results
('match', True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from solitaire.core.cards import Card, check_card
from solitaire.core.secret import SEED_CHOSEN
from solitaire.core.untrusted import (
    Fields,
    RecordError,
    check_bool,
    check_int,
    check_kind,
    check_list,
    check_text,
    parse_record,
    safe_text,
)
from solitaire.match.game import (
    GAME_NAME,
    GO,
    MAX_HAND_COUNT,
    RECORD_VERSION,
    Claim,
    Discard,
    Go,
    Lay,
    Match,
    Phase,
    deal_record,
    record_cards,
    result_record,
)
from solitaire.match.levels import MAX_DEALS, MAX_GAMES

__all__ = [
    "GAME_NAME",
    "MAX_GAMES",
    "MAX_RECORD_BYTES",
    "RECORD_VERSION",
    "RecordError",
    "load_match_record",
    "match_record",
    "replay_match",
]

MAX_RECORD_BYTES: Final = 512 * 1024  # a game is about 10 KB
_NAME_CHARS: Final = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.'"

_TOP: Final = (
    "game",
    "version",
    "seed",
    "games",
    "double_skunk",
    "players",
    "played",
    "match_points",
    "winner",
)
# "counting" and "muggins" are written only when a player counts themselves; "seen" was
# written by the interactive match of earlier releases (how many of the match's events you
# had seen; now kept beside the record, in the history's screens table) and is still read;
# "hints" only once a player has asked the discard coach.
_TOP_OPTIONAL: Final = ("counting", "muggins", "seen", "hints", SEED_CHOSEN)
_HINT: Final = ("player", "game", "deal", "coach")
MAX_HINTS: Final = MAX_GAMES * MAX_DEALS * 2
_GAME: Final = ("number", "cuts", "first_dealer", "deals", "result")
_SHOWN: Final = ("player", "counts", "cards", "points")
_DEAL: Final = (
    "number",
    "dealer",
    "hands",
    "discards",
    "starter",
    "heels",
    "play",
    "show",
    "scores",
)


# -- writing ---------------------------------------------------------------------------


def match_record(match: Match, players: Sequence[str]) -> dict[str, Any]:
    """The JSON-ready record of a match, finished or in progress; ``players`` name the seats
    (:meth:`Match.record`, the engine contract's record)."""
    return match.record(players)


# -- reading ---------------------------------------------------------------------------


def load_match_record(text: str) -> dict[str, Any]:
    """Parse match record JSON (bounded; not yet checked: see :func:`replay_match`)."""
    return parse_record(text, limit=MAX_RECORD_BYTES)


_card = check_card
_TEXT_CHARS: Final = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "
_MAX_TEXT: Final = 12  # the longest text a match record writes: "last card"; cards are 2
_MAX_NUMBER: Final = 10_000  # far above any count, score or index a match writes


def _card_list(value: object, count: int, where: str) -> tuple[Card, ...]:
    return tuple(
        check_card(v, f"{where} item {index}")
        for index, v in enumerate(check_list(value, where, count, count), 1)
    )


def _shown(value: object) -> str:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(value) or "nothing"
    return json.dumps(value)[:60]


def _wrong_type(recorded: object, actual: object, path: str) -> str | None:
    """Why ``recorded`` is not even of the kind of value the game writes there (a whole
    number, true or false, bounded text of the record's alphabet, a list, an object)."""
    try:
        if isinstance(actual, bool):
            check_bool(recorded, path)
        elif isinstance(actual, int):
            check_int(recorded, path, -_MAX_NUMBER, _MAX_NUMBER)
        elif isinstance(actual, str):
            check_text(recorded, path, _MAX_TEXT, alphabet=_TEXT_CHARS)
        elif isinstance(actual, list):
            check_list(recorded, path, 0, max(len(actual), _MAX_LIST))
        elif isinstance(actual, dict) and not isinstance(recorded, dict):
            return f"{path}: expected an object, got {_shown_json(recorded)}"
    except RecordError as error:
        return str(error)
    return None


_MAX_LIST: Final = 64


def _shown_json(value: object) -> str:
    return safe_text(json.dumps(value), 40)


def _difference(recorded: object, actual: object, path: str) -> str | None:
    """Where and how a recorded JSON value first differs from the game's, types included.

    ``1``, ``1.0`` and ``true`` all differ, and a value of the wrong type is named as such;
    the message names the field and item.
    """
    if actual is not None:
        wrong = _wrong_type(recorded, actual, path)
        if wrong is not None:
            return wrong
    if isinstance(actual, dict) and isinstance(recorded, dict):
        for name, value in actual.items():
            if name not in recorded:
                return f"{path}: missing field {name!r}"
            found = _difference(recorded[name], value, f"{path}: field {name!r}")
            if found:
                return found
        extra = next((name for name in recorded if name not in actual), None)
        return None if extra is None else f"{path}: unexpected field {safe_text(extra, 40)!r}"
    cards = isinstance(actual, list) and all(isinstance(v, str) for v in actual)
    if isinstance(actual, list) and isinstance(recorded, list) and not cards:
        for index, (r, v) in enumerate(zip(recorded, actual, strict=False), 1):
            found = _difference(r, v, f"{path} item {index}")
            if found:
                return found
        if len(recorded) != len(actual):
            return f"{path} has {len(recorded)} items, the game gives {len(actual)}"
        return None
    if cards and isinstance(recorded, list):
        for index, item in enumerate(recorded, 1):
            wrong = _wrong_type(item, "", f"{path} item {index}")
            if wrong is not None:
                return wrong
    if type(recorded) is not type(actual) or recorded != actual:
        return f"{path}: the record says {_shown(recorded)}, the game gives {_shown(actual)}"
    return None


_TEXT_SET: Final = frozenset(_TEXT_CHARS)


def _same(recorded: object, actual: object) -> bool:
    """True when ``recorded`` is what the game gives, type for type, and within what a
    record may hold: what :func:`_difference` passes, found without naming every item on
    the way (a replay compares every deal whole)."""
    kind = type(actual)
    if type(recorded) is not kind:
        return False
    if kind is dict:
        assert isinstance(recorded, dict) and isinstance(actual, dict)
        return recorded.keys() == actual.keys() and all(
            _same(recorded[name], value) for name, value in actual.items()
        )
    if kind is list:
        assert isinstance(recorded, list) and isinstance(actual, list)
        return len(recorded) == len(actual) and all(map(_same, recorded, actual))
    if kind is int:
        assert isinstance(actual, int)
        return recorded == actual and -_MAX_NUMBER <= actual <= _MAX_NUMBER
    if kind is str:
        assert isinstance(actual, str)
        return recorded == actual and len(actual) <= _MAX_TEXT and _TEXT_SET.issuperset(actual)
    if kind is bool:
        return recorded == actual
    return actual is None  # anything else: told by _difference


def _expect(actual: Mapping[str, Any], recorded: Mapping[str, Any], where: str) -> None:
    """Refuse the first field of ``actual`` whose value in ``recorded`` is not what the game
    gives (the order of every game's record check: the game's, the record's, where)."""
    for name, value in actual.items():
        if name not in recorded:
            raise RecordError(f"{where}: missing field {name!r}")
        if _same(recorded[name], value):
            continue
        found = _difference(recorded[name], value, f"{where}: field {name!r}")
        if found is not None:
            raise RecordError(found)


def _apply(match: Match, player: int, action: Discard | Lay | Go | Claim, where: str) -> None:
    try:
        match.apply(action, player=player)
    except ValueError as error:
        raise RecordError(f"{where}: {error}") from None


def _replay_deal(match: Match, data: object, where: str, last: bool) -> None:
    """Replay one recorded deal; only the record's last deal may stop before its end."""
    deal = match.deal
    fields = Fields(data, where, required=_DEAL)
    _expect({"number": deal.number, "dealer": deal.dealer}, fields.data, where)
    _expect({"hands": deal_record(deal)["hands"]}, fields.data, where)
    discards = fields.array("discards", 2, 2)
    for player in (deal.pone, deal.dealer):
        value = discards[player]
        if value is None:
            break
        cards = _card_list(value, 2, f"{where}: field 'discards' item {player + 1}")
        _apply(match, player, Discard((cards[0], cards[1])), f"{where}: field 'discards'")
    for index, entry in fields.items("play", 0, 40):
        if isinstance(entry, Mapping) and "point" in entry:
            continue  # go points are what the play gives: compared below
        lays = isinstance(entry, Mapping) and "lay" in entry
        if isinstance(entry, Mapping) and not lays and "go" not in entry:
            raise RecordError(f"{index}: missing field 'lay' (or 'go', for a go)")
        step = Fields(
            entry, index, ("player", "lay", "count", "points") if lays else ("player", "go")
        )
        player = step.integer("player", 0, 1)
        action: Lay | Go = GO
        if step.has("lay"):
            action = Lay(_card(step.raw("lay"), step.name("lay")))
        elif step.flag("go") is not True:
            raise RecordError(f"{step.name('go')}: a go is written 'go': true")
        if match.deal is not deal or match.current_player is None:
            raise RecordError(f"{index}: the play is already over")
        _apply(match, player, action, index)
    show = fields.array("show", 0, 3)
    while match.deal is deal and match.phase is Phase.SHOW and len(deal.show) < len(show):
        name = f"{where}: field 'show' item {len(deal.show) + 1}"
        entry = Fields(show[len(deal.show)], name, _SHOWN, ("claimed", "muggins"))
        if not entry.has("claimed"):
            raise RecordError(f"{name}: missing field 'claimed' (this player counts themselves)")
        claimed = check_int(entry.raw("claimed"), entry.name("claimed"), 0, MAX_HAND_COUNT)
        seat = match.current_player
        assert seat is not None  # the show waits for a player
        _apply(match, seat, Claim(claimed), entry.name("claimed"))
    if match.deal is deal and not match.is_over and not last:
        raise RecordError(f"{where}: the deal is not played to its end")
    _expect(deal_record(deal), fields.data, where)


def replay_match(data: Mapping[str, Any], *, allow_unfinished: bool = False) -> Match:
    """Play a match record again on a fresh :class:`Match`, checking every card and score."""
    game_name = data.get("game") if isinstance(data, Mapping) else None
    check_kind(game_name, "record: field 'game'", GAME_NAME)
    top = Fields(data, "record", required=_TOP, optional=_TOP_OPTIONAL)
    top.version("version", RECORD_VERSION)
    seed = top.seed("seed")
    games = top.integer("games", 1, MAX_GAMES)
    double_skunk = top.integer("double_skunk", 3, 4)
    names = top.array("players", 2, 2)
    for index, name in enumerate(names, 1):
        check_text(name, f"record: field 'players' item {index}", 20, alphabet=_NAME_CHARS)
    counting: list[int] = []
    muggins = False
    if top.has("counting") or top.has("muggins"):
        for name in ("counting", "muggins"):  # written together: one alone names the other
            if not top.has(name):
                raise RecordError(f"record: missing field {name!r}")
        seats = top.array("counting", 1, 2)
        counting = [
            check_int(v, f"{top.name('counting')} item {i}", 0, 1) for i, v in enumerate(seats, 1)
        ]
        muggins = top.flag("muggins")
    try:
        match = Match(
            seed, games=games, double_skunk=double_skunk, counting=counting, muggins=muggins
        )
    except ValueError as error:
        raise RecordError(f"record: {error}") from None
    match.seed_chosen = top.flag(SEED_CHOSEN, default=True)
    played = top.array("played", 1, games)
    for game_index, game_data in enumerate(played, 1):
        where = f"game {game_index}"
        game = Fields(game_data, where, required=_GAME)
        if game_index > len(match.played):
            raise RecordError(f"{where}: the match was already over")
        current = match.played[game_index - 1]
        _expect({"number": current.number}, game.data, where)
        _expect({"cuts": [record_cards(pair) for pair in current.cuts]}, game.data, where)
        _expect({"first_dealer": current.first_dealer}, game.data, where)
        deals = game.array("deals", 1, MAX_DEALS)
        last_game = game_index == len(played)
        for deal_index, deal_data in enumerate(deals, 1):
            if match.game_number != game_index or len(current.deals) < deal_index:
                raise RecordError(
                    f"{where}: field 'deals' has {len(deals)} deals; "
                    f"the game ended after {len(current.deals)}"
                )
            last = last_game and deal_index == len(deals)
            _replay_deal(match, deal_data, f"{where} deal {deal_index}", last)
        result = match.results[game_index - 1] if len(match.results) >= game_index else None
        if result is None and not last_game:
            raise RecordError(f"{where}: the game is not played to its end")
        _expect({"deals": [deal_record(d) for d in current.deals]}, game.data, where)
        _expect({"result": result_record(result)}, game.data, where)
    if not match.is_over and not allow_unfinished:
        raise RecordError("record: the match is not finished")
    _expect({"match_points": list(match.match_points), "winner": match.winner}, top.data, "record")
    if top.has("seen"):
        top.integer("seen", 0, len(match.timeline))
    if top.has("hints"):
        match.hints.update(_hints(top, match))
    return match


def _hints(top: Fields, match: Match) -> list[tuple[int, int, int]]:
    """The record's hints: each a deal of the match where a player asked the discard coach."""
    hints = []
    for where, entry in top.items("hints", 0, MAX_HINTS):
        hint = Fields(entry, where, required=_HINT)
        player = hint.integer("player", 0, 1)
        game = hint.integer("game", 1, len(match.played))
        deal = hint.integer("deal", 1, len(match.played[game - 1].deals))
        if hint.raw("coach") != "discard":
            raise RecordError(f'{hint.name("coach")}: expected "discard"')
        hints.append((player, game, deal))
    return hints
