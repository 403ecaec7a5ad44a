"""Records of tile games: versioned JSON that replays and re-scores a whole game.

A record holds the seed, the opening draws, every rack drawn, every play (as
``square:tile`` placements), exchange and pass with its score and the tiles drawn
after it, and the leftovers deducted at the end. In a Joker game each play also
holds the player's ``claim`` and each turn its Joker ``call`` (the caller and the
points judged), ``early_calls`` lists the calls made while a player was still
counting (the turn counted, the caller, the points judged; the last may be on a
turn not yet recorded), and the running scores are what was recorded. ``rules`` is
the rules' version (:data:`~solitaire.tiles.game.RULES`): records written before a
closed board ended the game have none and replay by rules 1, where such a game went
on to six turns without a play, exactly as it was played. Records are untrusted:
they are read through :mod:`solitaire.core.untrusted`, and :func:`replay` plays them
again on a fresh engine, refusing the first turn and field that does not match: a
computer's claim is counted again, a call judged again.

>>> from solitaire.tiles.players import greedy
>>> game = TileGame(seed=3)
>>> while not game.is_over:
...     _ = game.apply(greedy(game.observation(game.current_player)))
>>> replay(game_record(game, ["greedy", "greedy"])).returns() == game.returns()
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from solitaire.core.secret import SEED_CHOSEN
from solitaire.core.untrusted import (
    Fields,
    RecordError,
    check_int,
    check_kind,
    check_list,
    check_text,
    expect_same,
    parse_record,
    safe_text,
)
from solitaire.tiles.game import GAME, MAX_CLAIM, RECORD_VERSION, RULES, TileGame
from solitaire.tiles.joker import calls_at_once, computer_caller, computer_count
from solitaire.tiles.levels import PLAYERS
from solitaire.tiles.moves import Action, Exchange, Pass, Play
from solitaire.tiles.tiles import Tile, TileError

__all__ = ["GAME", "NAME", "RECORD_VERSION", "RecordError", "game_record", "load_record", "replay"]

MAX_TURNS: Final = 1000  # each play lays a tile and six turns without one end the game
MAX_RECORD_BYTES: Final = 512 * 1024
_MAX_SCORE: Final = 100_000  # far above any score, deduction or final a game reaches
_TOP: Final = (
    "game",
    "version",
    "seed",
    "players",
    "first_player",
    "opening_draws",
    "racks",
    "turns",
    "deductions",
    "final",
)
_OPTIONAL: Final = (  # absent: off, none, chosen
    "rules",
    "solitaire",
    "servant",
    "joker",
    "early_calls",
    SEED_CHOSEN,
)
_EARLY: Final = ("turn", "caller", "points")
_TURN: Final = ("player", "rack", "action", "tiles", "score", "drew", "scores")
_JOKER_TURN: Final = ("claim", "call")  # a Joker game's plays: the count said, the call made
_ACTIONS: Final = ("play", "pass", "exchange")
_TILE_CHARS: Final = "A23456789TJQKLD10"
_PLACEMENT: Final = re.compile(r"[A-M](?:[1-9]|1[0-3]):(?:[A2-9TJQK]|10)[LD](?:/[69])?")
NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9 _-]{0,23}")


def game_record(game: TileGame, players: Sequence[str], *, servant: bool = False) -> dict[str, Any]:
    """The JSON-ready record of a game, finished or in progress; ``players`` names the seats
    (:meth:`TileGame.record`, the engine contract's record).

    ``servant`` notes that the Servant is shown (a display option, kept for resuming).
    """
    return game.record(players, servant=servant)


def load_record(text: str) -> dict[str, Any]:
    """Parse record JSON (bounded; not yet checked: see :func:`replay`)."""
    return parse_record(text, limit=MAX_RECORD_BYTES)


def _tile_list(value: object, where: str, max_len: int = 5) -> tuple[Tile, ...]:
    tiles = []
    for index, item in enumerate(check_list(value, where, 0, max_len), 1):
        text = check_text(item, f"{where} item {index}", 3, alphabet=_TILE_CHARS)
        try:
            tile = Tile.parse(text)
        except TileError as error:
            raise RecordError(f"{where} item {index}: {error}") from None
        if str(tile) != text:
            raise RecordError(f"{where} item {index}: expected a tile written like {tile}")
        tiles.append(tile)
    return tuple(tiles)


def _numbers(fields: Fields, name: str, count: int) -> tuple[int, ...]:
    """A list of ``count`` whole numbers (scores, deductions), each checked as one."""
    return tuple(
        check_int(item, where, -_MAX_SCORE, _MAX_SCORE)
        for where, item in fields.items(name, count, count)
    )


def _expect(actual: object, recorded: object, where: str) -> None:
    expect_same(actual, recorded, where, _shown)


def _shown(value: object) -> str:
    """A value as players write it: tiles like 7D, lists in brackets (never Python's reprs)."""
    if isinstance(value, tuple | list):
        return "[" + " ".join(_shown(v) for v in value) + "]"
    return safe_text(str(value), 40)


def _action(kind: str, fields: Fields, size: int) -> Action:
    where = fields.name("tiles")
    if kind == "pass":
        if fields.array("tiles", 0, 0):
            raise RecordError(f"{where}: a pass lays no tiles")
        return Pass()
    if kind == "exchange":
        return Exchange(_tile_list(fields.raw("tiles"), where))
    placements = []
    for index, item in enumerate(fields.array("tiles", 1, 5), 1):
        text = check_text(item, f"{where} item {index}", 9)
        if not _PLACEMENT.fullmatch(text):
            shown = safe_text(text, 20)
            raise RecordError(f"{where} item {index}: '{shown}' is not a placement like H7:7D")
        placements.append(text)
    try:
        return Play.parse(" ".join(placements), size)
    except TileError as error:
        raise RecordError(f"{where}: {error}") from None


def _replay_call(
    game: TileGame, names: Sequence[str], turn: Fields, where: str, *, last: bool
) -> None:
    """Check a Joker game's play: a computer's claim counted again, the call made and judged.

    A computer's call due on a person's missed points is made by the time the next move
    is: on the ``last`` turn it may be still to come, unless no other person may call."""
    played = game.turns[-1]
    assert played.score is not None and played.claim is not None
    if names[played.player] in PLAYERS:
        count = computer_count(
            names[played.player], played.score, game.seed, len(game.turns), game.board.size
        )
        _expect(count.claim, played.claim, f"{where}: field 'claim'")
    caller: int | None = None
    if not turn.is_null("call"):
        call = turn.nested("call", required=("caller", "points"))
        caller = call.integer("caller", 0, game.players - 1)
        points = call.integer("points", -10_000, 10_000)
    computer = computer_caller(names, played.player)
    due = computer if computer is not None and played.missed > 0 else None
    waits = last and not calls_at_once(names, played.player)
    computer_called = caller is not None and names[caller] in PLAYERS
    if computer_called or (due is not None and caller is None and not waits):
        # A computer calls on a person's missed points when the count closes, and never else.
        _expect(_caller(names, due), _caller(names, caller), f"{where}: field 'call'")
    if caller is not None:
        try:
            called = game.call_joker(caller)
        except ValueError as error:
            raise RecordError(f"{where}: field 'call': {error}") from None
        _expect(called.points, points, f"{where}: field 'call' points")


EarlyCall = tuple[str, int, int, int]  # where the record gives it, the turn, the caller, the points


def _early_calls(record: Fields, seats: int) -> list[EarlyCall]:
    """The calls made before a count was recorded, checked for shape and order."""
    out: list[EarlyCall] = []
    if not record.has("early_calls"):
        return out
    for where, item in record.items("early_calls", 1, MAX_TURNS):
        call = Fields(item, where, required=_EARLY)
        turn = call.integer("turn", out[-1][1] if out else 1, MAX_TURNS + 1)  # in order
        caller = call.integer("caller", 0, seats - 1)
        out.append((where, turn, caller, call.integer("points", -5, 0)))
    return out


def _replay_early(game: TileGame, names: Sequence[str], calls: list[EarlyCall]) -> None:
    """Make the calls recorded before the count of the turn to come, judging each again."""
    number = len(game.turns) + 1
    while calls and calls[0][1] == number:
        where, _, caller, points = calls.pop(0)
        if names[game.current_player] in PLAYERS:
            player = names[game.current_player]
            raise RecordError(f"{where}: field 'turn': {player} counts at once: no call is early")
        if names[caller] in PLAYERS:
            raise RecordError(f"{where}: field 'caller': a computer never calls before a count")
        try:
            called = game.call_early(caller)
        except ValueError as error:
            raise RecordError(f"{where}: field 'caller': {error}") from None
        _expect(called.points, points, f"{where}: field 'points'")


def _caller(names: Sequence[str], seat: int | None) -> str:
    return "no call" if seat is None else f"a call by {names[seat]}"


def replay(data: Mapping[str, Any], *, allow_unfinished: bool = False) -> TileGame:
    """Play a record again on a fresh engine, checking every draw, move and score it states."""
    check_kind(
        data.get("game") if isinstance(data, Mapping) else None, "record: field 'game'", GAME
    )
    record = Fields(data, "record", required=_TOP, optional=_OPTIONAL)
    record.version("version", RECORD_VERSION)
    seed = record.seed("seed")
    names = record.array("players", 2, 4)
    for index, name in enumerate(names):
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise RecordError(f"record: field 'players': player {index + 1} is not a name")
    seats = len(names)
    solitaire = bool(record.integer("solitaire", 0, 1, default=0))
    record.integer("servant", 0, 1, default=0)
    jokers = bool(record.integer("joker", 0, 1, default=0))
    if solitaire and seats != 2:
        raise RecordError("record: field 'solitaire': the solitaire has 2 seats")
    if solitaire and jokers:
        raise RecordError("record: field 'joker': the solitaire is not played with the Joker")
    rules = record.integer("rules", 1, RULES, default=1)
    game = TileGame(seed, players=seats, solitaire=solitaire, joker=jokers, rules=rules)
    game.seed_chosen = record.flag(SEED_CHOSEN, default=True)
    _expect(
        game.first_player,
        record.integer("first_player", 0, seats - 1),
        "record: field 'first_player'",
    )
    draws = [_tile_list(item, where, seats) for where, item in record.items("opening_draws", 1, 50)]
    _expect(
        [list(d) for d in game.opening_draws],
        [list(d) for d in draws],
        "record: field 'opening_draws'",
    )
    racks = [_tile_list(item, where) for where, item in record.items("racks", seats, seats)]
    for player, rack in enumerate(racks):
        _expect(game.rack(player), rack, f"record: field 'racks': player {player + 1}")

    size = game.board.size
    early = _early_calls(record, seats)
    turns = len(record.array("turns", 0, MAX_TURNS))
    for number, (_, item) in enumerate(record.items("turns", 0, MAX_TURNS), start=1):
        where = f"turn {number}"
        _replay_early(game, names, early)
        if game.is_over:
            raise RecordError(f"{where}: the game was already over")
        if not record.has("joker") and isinstance(item, Mapping) and set(_JOKER_TURN) & set(item):
            joker = next(name for name in _JOKER_TURN if name in item)
            raise RecordError(f"record: missing field 'joker' ({where} has a Joker's {joker!r})")
        turn = Fields(item, where, required=_TURN, optional=_JOKER_TURN if jokers else ())
        kind = turn.text("action", 8, pattern=re.compile("|".join(_ACTIONS)))
        counted = jokers and kind == "play"  # a Joker game's play says its count and call
        for name in _JOKER_TURN:
            if counted and not turn.has(name):
                raise RecordError(f"{where}: missing field {name!r}")
            if turn.has(name) and not counted:
                raise RecordError(f"{where}: unexpected field {name!r} (only a Joker game's plays)")
        _expect(game.current_player, turn.integer("player", 0, seats - 1), turn.name("player"))
        _expect(
            game.rack(game.current_player),
            _tile_list(turn.raw("rack"), turn.name("rack")),
            turn.name("rack"),
        )
        action = _action(kind, turn, size)
        claim = turn.integer("claim", 0, MAX_CLAIM) if counted else None
        try:
            played = game.apply(action, claim)
        except ValueError as error:
            raise RecordError(f"{turn.name('tiles')}: {error}") from None
        _expect(played.points, turn.integer("score", 0, 10_000), turn.name("score"))
        _expect(played.drew, _tile_list(turn.raw("drew"), turn.name("drew")), turn.name("drew"))
        if counted:
            where = f"turn {number} ({action})"
            _replay_call(game, [str(n) for n in names], turn, where, last=number == turns)
        _expect(tuple(game.scores), _numbers(turn, "scores", seats), turn.name("scores"))

    _replay_early(game, names, early)
    if early:
        raise RecordError(f"{early[0][0]}: field 'turn': turn {early[0][1]} was never played")
    if not game.is_over:
        if not allow_unfinished:
            raise RecordError(
                f"record: field 'turns': the game is not over after {len(game.turns)} turns"
            )
        for name in ("deductions", "final"):
            if not record.is_null(name):
                raise RecordError(f"record: field '{name}' must be null before the game ends")
        return game
    assert game.deductions is not None
    for name, actual in (("deductions", game.deductions), ("final", game.returns())):
        _expect(actual, _numbers(record, name, seats), record.name(name))
    return game
