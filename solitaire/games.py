"""Every kind of game the program plays, saves and replays: one entry each.

An entry names its game's parts as ``"module:name"`` strings, resolved by
:func:`resolve` only when one is needed (as the command line names its handlers), so
importing this registry loads no engine: the patience's first screen does not wait for
the match's and the tile game's code. The history's kinds (:mod:`solitaire.ui.kinds`),
``cribsol replay``, ``history`` and ``stats``, and the tests of the engine contract and
of the engines' purity all read this table: a game registered here is stored, replayed,
listed and tested.

It sits above the engines (it names them) and below the skin and the command line; the
core, the engines and the store never import it. A new game is one entry here plus its
engine (docs/EXTENDING.md).

>>> [entry.kind for entry in registered_games()]
['patience', 'match', 'drill', 'tiles']
>>> game("tiles").noun
'tile game'
>>> resolve(game("tiles").levels)
('expert', 'greedy', 'planner')
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

__all__ = [
    "DRILL",
    "MATCH",
    "PATIENCE",
    "TILES",
    "GameEntry",
    "game",
    "record_kind",
    "registered_games",
    "resolve",
]

PATIENCE: Final = "patience"
MATCH: Final = "match"
DRILL: Final = "drill"
TILES: Final = "tiles"


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One kind of game: its names, and where each of its parts is (``"module:name"``)."""

    kind: str
    """The history's kind column and the record's field ``game``."""
    noun: str
    """The game in a sentence: "game 4 is a {noun}"."""
    package: str
    """The engine's package: plain Python that imports only the core and itself."""
    engine: str
    """The state that keeps the engine contract (:mod:`solitaire.core.engine`). The drill's
    is the match's: each of its hands is played on a ``Match``."""
    load: str
    """``(text) -> dict``: a record's JSON, parsed bounded and strictly typed."""
    replay: str
    """``(data, *, allow_unfinished=False) -> state``: a record played again, every field
    checked."""
    shape: str
    """The :class:`~solitaire.core.shapes.Shape` of the summary its history rows keep."""
    recount: str
    """``(text) -> (seed, finished, fields)``: the summary a stored record gives, replayed."""
    old_row: str | None
    """``(text, old) -> (seed, finished, fields)``: a row of an older history read, its old
    columns ``old`` checked against its record; this reader checks its own fields. None:
    read by :attr:`recount`, the old columns holding nothing the record does not say."""
    players: str
    """``(name, rng) -> player``: a computer player (or strategy) made by name."""
    levels: str
    """The names :attr:`players` makes."""
    command: str
    """The command that plays it, and resumes it with ``--resume ID``."""
    shown: str
    """``(args, data, game_id) -> status``: how ``cribsol replay`` shows one of its records
    (in :mod:`solitaire.cli`)."""
    session: str
    """The session that plays it on screen (:mod:`solitaire.ui`)."""
    review: str
    """``(data, *, progress=None) -> GameReview``: every decision of a finished game's
    record (as :attr:`load` reads it) graded against its coach's best, for ``review``."""
    untagged: str | None = None
    """A field by which a record that names no game is still this game's (the patience's
    records named none at first); None: a record of it always names it."""


_GAMES: Final[dict[str, GameEntry]] = {
    PATIENCE: GameEntry(
        kind=PATIENCE,
        noun="patience game",
        package="solitaire.patience",
        engine="solitaire.patience.game:Game",
        load="solitaire.patience.record:load_record",
        replay="solitaire.patience.record:replay",
        shape="solitaire.patience.summary:SHAPE",
        recount="solitaire.patience.summary:recounted",
        old_row="solitaire.patience.summary:migrated",
        players="solitaire.patience.strategy:make_strategy",
        levels="solitaire.patience.levels:STRATEGIES",
        command="play",
        shown="solitaire.cli.patience_commands:replay_patience_record",
        session="solitaire.ui.patience.session:PlaySession",
        review="solitaire.patience.grading:review_game",
        untagged="deck",
    ),
    MATCH: GameEntry(
        kind=MATCH,
        noun="match",
        package="solitaire.match",
        engine="solitaire.match.game:Match",
        load="solitaire.match.record:load_match_record",
        replay="solitaire.match.record:replay_match",
        shape="solitaire.match.summary:MATCH_SHAPE",
        recount="solitaire.match.summary:match_from_record",
        old_row=None,
        players="solitaire.match.registry:make_player",
        levels="solitaire.match.levels:PLAYERS",
        command="match",
        shown="solitaire.cli.match_commands:replay_match_record",
        session="solitaire.ui.match.session:MatchSession",
        review="solitaire.match.grading:review_match",
    ),
    DRILL: GameEntry(
        kind=DRILL,
        noun="drill",
        package="solitaire.match",
        engine="solitaire.match.game:Match",
        load="solitaire.match.drill:load_drill_record",
        replay="solitaire.match.drill:replay_drill",
        shape="solitaire.match.summary:DRILL_SHAPE",
        recount="solitaire.match.summary:drill_from_record",
        old_row=None,
        players="solitaire.match.registry:make_player",
        levels="solitaire.match.levels:PLAYERS",
        command="drill",
        shown="solitaire.cli.drill_commands:replay_drill_record",
        session="solitaire.ui.drill.session:DrillSession",
        review="solitaire.match.grading:review_drill",
    ),
    TILES: GameEntry(
        kind=TILES,
        noun="tile game",
        package="solitaire.tiles",
        engine="solitaire.tiles.game:TileGame",
        load="solitaire.tiles.record:load_record",
        replay="solitaire.tiles.record:replay",
        shape="solitaire.tiles.summary:SHAPE",
        recount="solitaire.tiles.summary:tile_from_record",
        old_row=None,
        players="solitaire.tiles.registry:make_player",
        levels="solitaire.tiles.levels:PLAYERS",
        command="tiles",
        shown="solitaire.cli.tiles_commands:replay_tiles",
        session="solitaire.ui.tiles.session:TileSession",
        review="solitaire.tiles.grading:review_game",
    ),
}


def registered_games() -> tuple[GameEntry, ...]:
    """Every registered game, in the order the program lists them."""
    return tuple(_GAMES.values())


def game(kind: str) -> GameEntry:
    """The registered game of this kind; a KeyError for a kind not registered."""
    return _GAMES[kind]


def resolve(reference: str) -> Any:
    """What a ``"module:name"`` reference names, its module imported now (and only now)."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


def record_kind(data: Mapping[str, Any]) -> str:
    """The game a record is of, by its ``game`` field (a registered game's kind).

    A record without the field is a game's only when it has that game's
    :attr:`~GameEntry.untagged` field (the patience's ``deck``: records written before the
    patience's named their game); any other is refused as missing the field, not guessed.
    """
    from solitaire.core.untrusted import RecordError, quoted

    kinds = ", ".join(_GAMES)
    if "game" not in data:
        for entry in _GAMES.values():
            if entry.untagged is not None and entry.untagged in data:
                return entry.kind
        raise RecordError(f"record: missing field 'game' (the game it records: {kinds})")
    value = data["game"]
    if not isinstance(value, str) or value not in _GAMES:
        raise RecordError(
            f"record: field 'game' is {quoted(value)}: not a game this version replays ({kinds})"
        )
    return value
