"""The games the history knows: each game's storage code handed to the store.

The store (:mod:`solitaire.store`) knows no game, and no engine knows the store:
this module, above both, tells the store how to check each registered game's summary
and how to read an older history's rows, from the plain functions each entry of
:mod:`solitaire.games` names in its game's package (``patience/summary.py``,
``match/summary.py``, ``tiles/summary.py``). The helpers below save and read the
patience's rows for its session and commands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from solitaire.core.names import command
from solitaire.core.shapes import Shape
from solitaire.games import (
    DRILL,
    MATCH,
    PATIENCE,
    TILES,
    GameEntry,
    game,
    registered_games,
    resolve,
)
from solitaire.store import GameRow, History, Kind, StoreError, Summary

if TYPE_CHECKING:
    from solitaire.patience.game import Game
    from solitaire.patience.summary import PatienceRow

__all__ = [
    "DRILL",
    "KINDS",
    "MATCH",
    "PATIENCE",
    "TILES",
    "StoredGame",
    "disagreement",
    "history",
    "patience_row",
    "patience_rows",
    "patience_summary",
    "record_text",
    "recounted",
    "stored_patience",
]


def _shape_of(name: str) -> Shape:
    shape: Shape = resolve(game(name).shape)
    return shape


_Read = tuple[int | None, bool, dict[str, Any]]  # a row's seed, finished flag and summary

# Each game's storage code loads when a row of that game is first checked or migrated:
# the patience's first screen does not wait for the match's and the tile game's engines.


def _read(name: str, text: str, old: Mapping[str, Any]) -> _Read:
    """An older row's seed, finished flag and summary fields, from its record."""
    entry = game(name)
    if entry.old_row is not None:
        read: Callable[[str, Mapping[str, Any]], _Read] = resolve(entry.old_row)
        return read(text, old)
    return _recount(name, text)


def _recount(name: str, text: str) -> _Read:
    recount: Callable[[str], _Read] = resolve(game(name).recount)
    return recount(text)


def recounted(kind: str, text: str) -> Summary:
    """The summary a stored record gives (replayed, every card and count derived again; a
    finished patience game reviewed): what its row should say. A ``RecordError`` (or a
    ``CribsolError``) when the record does not replay."""
    return Summary(*_recount(kind, text))


def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, Mapping):
        for name, part in value.items():
            yield from _leaves(part, f"{path}.{name}" if path else str(name))
    elif isinstance(value, list | tuple):
        for index, part in enumerate(value):
            yield from _leaves(part, f"{path}[{index}]")
    else:
        yield path, value


def disagreement(row: GameRow, text: str) -> str | None:
    """Where a checked row's summary says other than its record (the record replayed), in
    a few words; None when they agree. Raises as :func:`recounted` does."""
    recount = recounted(row.kind, text)
    stored = {"seed": row.seed, "finished": row.finished, **row.summary}
    given = {"seed": recount.seed, "finished": recount.finished, **recount.fields}
    unreviewed = row.kind == PATIENCE and all(row.summary.get(n) is None for n in _REVIEWED)
    said = dict(_leaves(stored, ""))
    found = dict(_leaves(given, ""))
    differ = []
    for name in [*said, *(n for n in found if n not in said)]:
        if unreviewed and name in _REVIEWED:
            continue  # a game filed without its review (--auto): nothing to compare
        if name in said and name in found and said[name] == found[name]:
            continue
        if name in _SECRET:  # never shown here: a game's seed may be secret until it ends
            differ.append(f"its {name} is not its record's")
        else:
            differ.append(f"its {name} says {_said(said, name)}, its record {_said(found, name)}")
    if not differ:
        return None
    more = f" (and {len(differ) - 3} more)" if len(differ) > 3 else ""
    return "; ".join(differ[:3]) + more


_REVIEWED: Final = ("efficiency", "perfect_expected", "hindsight_best")
_SECRET: Final = ("seed", "deal_code")


def _said(values: Mapping[str, Any], name: str) -> str:
    from solitaire.core.untrusted import safe_text

    if name not in values:
        return "nothing"
    value = values[name]
    return "none" if value is None else safe_text(str(value), 40)


def _kind(entry: GameEntry) -> Kind:
    name = entry.kind
    shapes: list[Shape] = []  # the shape, once loaded

    def check(fields: Mapping[str, Any]) -> str | None:
        if not shapes:
            shapes.append(_shape_of(name))
        return shapes[0].why(fields)

    def migrate(text: str, old: Mapping[str, Any]) -> Summary:
        seed, finished, fields = _read(name, text, old)
        if entry.old_row is None:  # an old-row reader checks its own fields
            why = check(fields)
            if why is not None:
                raise StoreError(why)
        return Summary(seed, finished, fields)

    return Kind(name, entry.noun, check, migrate)


KINDS: Final[Mapping[str, Kind]] = {entry.kind: _kind(entry) for entry in registered_games()}
"""Every registered game's kind (:mod:`solitaire.games`), as the store is told of it."""


def record_text(game: Game, daily: str | None) -> str:
    """The record of a patience game as the history stores it."""
    from solitaire.patience.summary import record_text as text

    return text(game, daily)


def history(data_dir: Path, timeout: float = 5.0, *, readonly: bool = False) -> History:
    """The history in ``data_dir``, knowing every game."""
    return History(data_dir, timeout, readonly=readonly, kinds=KINDS)


# -- the patience's rows --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A stored patience game replayed from its record: its row, the game and its daily."""

    row: PatienceRow
    game: Game
    daily: str | None


def patience_row(row: GameRow) -> PatienceRow:
    """A checked patience row as its listings read it."""
    from solitaire.patience import summary as patience

    return patience.patience_row(
        row.id, row.played_by, row.played_at, row.seed, row.finished, row.summary, row.checked
    )


def patience_rows(store: History, limit: int | None = None) -> list[PatienceRow]:
    """The patience games that check out, newest first."""
    return [patience_row(row) for row in store.games(limit, kind=PATIENCE)]


def patience_summary(game: Game, review: Any, daily: str | None) -> Summary:
    """A patience game's summary for its row (``review``: the GameReview once finished)."""
    from solitaire.patience import summary as patience

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
    from solitaire.patience import summary as patience

    row, text = store.stored_record(game_id, PATIENCE)
    try:
        game, daily = patience.replayed(text)
    except (ValueError, RecursionError) as error:
        raise StoreError(f"game {game_id} in the history cannot be replayed: {error}") from None
    return StoredGame(patience_row(row), game, daily)
