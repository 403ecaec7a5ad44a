"""The games the history knows: each game's storage code handed to the store.

The store (:mod:`solitaire.store`) knows no game, and no engine knows the store:
this registry, above both, tells the store how to check each kind's summary and
how to read an older history's rows, from plain functions in each game's package
(``patience/summary.py``, ``match/summary.py``, ``tiles/summary.py``). The
helpers below save and read the patience's rows for its session and commands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from solitaire.core.shapes import Shape
from solitaire.match.summary import (
    DRILL_SHAPE,
    MATCH_SHAPE,
    drill_from_record,
    match_from_record,
)
from solitaire.patience import summary as patience
from solitaire.patience.game import Game
from solitaire.patience.summary import record_text
from solitaire.store import GameRow, History, Kind, StoreError, Summary, command
from solitaire.tiles.summary import SHAPE as TILE_SHAPE
from solitaire.tiles.summary import tile_from_record

__all__ = [
    "DRILL",
    "KINDS",
    "MATCH",
    "PATIENCE",
    "TILES",
    "StoredGame",
    "history",
    "patience_row",
    "patience_rows",
    "patience_summary",
    "record_text",
    "stored_patience",
]

PATIENCE: Final = "patience"
MATCH: Final = "match"
DRILL: Final = "drill"
TILES: Final = "tiles"


def _kind(
    name: str,
    noun: str,
    shape: Shape,
    read: Callable[[str], tuple[int | None, bool, dict[str, Any]]],
) -> Kind:
    def migrate(text: str, old: Mapping[str, Any]) -> Summary:
        seed, finished, fields = read(text)
        why = shape.why(fields)
        if why is not None:
            raise StoreError(why)
        return Summary(seed, finished, fields)

    return Kind(name, noun, shape.why, migrate)


def _patience_migrate(text: str, old: Mapping[str, Any]) -> Summary:
    seed, finished, fields = patience.migrated(text, old)
    return Summary(seed, finished, fields)


KINDS: Final[Mapping[str, Kind]] = {
    PATIENCE: Kind(PATIENCE, "patience game", patience.SHAPE.why, _patience_migrate),
    MATCH: _kind(MATCH, "match", MATCH_SHAPE, match_from_record),
    DRILL: _kind(DRILL, "drill", DRILL_SHAPE, drill_from_record),
    TILES: _kind(TILES, "tile game", TILE_SHAPE, tile_from_record),
}


def history(data_dir: Path, timeout: float = 5.0, *, readonly: bool = False) -> History:
    """The history in ``data_dir``, knowing every game."""
    return History(data_dir, timeout, readonly=readonly, kinds=KINDS)


# -- the patience's rows --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A stored patience game replayed from its record: its row, the game and its daily."""

    row: patience.PatienceRow
    game: Game
    daily: str | None


def patience_row(row: GameRow) -> patience.PatienceRow:
    """A checked patience row as its listings read it."""
    return patience.patience_row(
        row.id, row.played_by, row.played_at, row.seed, row.finished, row.summary
    )


def patience_rows(store: History, limit: int | None = None) -> list[patience.PatienceRow]:
    """The patience games that check out, newest first."""
    return [patience_row(row) for row in store.games(limit, kind=PATIENCE)]


def patience_summary(game: Game, review: Any, daily: str | None) -> Summary:
    """A patience game's summary for its row (``review``: the GameReview once finished)."""
    return Summary(game.seed, game.is_over, patience.summary(game, review, daily))


def stored_patience(store: History, game_id: int) -> StoredGame:
    """A stored patience game, replayed from its record; a StoreError says why it cannot be."""
    kind = store.kind_of(game_id)
    if kind is None:
        raise StoreError(f"no game {game_id} in the history (see {command('history')})")
    if kind != PATIENCE:  # the match's and the tile game's own commands play them
        row, _ = store.stored_record(game_id, kind)
        then = "resumes" if not row.finished else "replays"
        words = f"{kind} --resume {game_id}" if not row.finished else f"replay {game_id}"
        noun = "a match" if kind == MATCH else f"a {kind} game"
        raise StoreError(f"game {game_id} is {noun}: {command(words)} {then} it")
    row, text = store.stored_record(game_id, PATIENCE)
    try:
        game, daily = patience.replayed(text)
    except (ValueError, RecursionError) as error:
        raise StoreError(f"game {game_id} in the history cannot be replayed: {error}") from None
    return StoredGame(patience_row(row), game, daily)
