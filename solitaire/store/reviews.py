"""The reviews kept beside finished games, so that ``stats`` never grades a game again.

A review is a game's :class:`~solitaire.core.review.GameReview` as JSON (its ``body``)
and each seat's figures in a small JSON list (its ``figures``: what the progress
figures read, a few hundred characters a game where the body is many kilobytes).
Both are signed with the history's key, bound to the game's id and kind, so a
review cannot be edited by hand or moved to another game; one that does not check
out reads as no review (the game is graded again when it is reviewed).

The table was added to schema 3 without a new version, like ``screens``: a history
of an earlier release gains it when opened for play, and an earlier release reads a
history that has it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from solitaire.store.paths import SaveError

__all__ = [
    "MAX_BODY",
    "MAX_FIGURES",
    "REVIEWS",
    "StoredFigures",
    "figures_of",
    "keep",
    "read_body",
    "read_figures",
]

REVIEWS: Final = """CREATE TABLE IF NOT EXISTS reviews (
    id INTEGER PRIMARY KEY,
    version INTEGER NOT NULL,
    figures TEXT NOT NULL,
    body_sha TEXT NOT NULL,
    body TEXT NOT NULL,
    digest TEXT NOT NULL
)"""
MAX_BODY: Final = 1 << 21  # characters; a long series' review is some hundreds of kilobytes
MAX_FIGURES: Final = 1 << 12  # characters; a seat's figures are a hundred or so


@dataclass(frozen=True, slots=True)
class StoredFigures:
    """A reviewed game's figures as stored: its id, kind, and each seat's figures (a list
    of JSON objects, still untrusted: the caller reads them strictly)."""

    id: int
    kind: str
    version: int
    seats: list[Any]


def _digest(key: bytes, game_id: int, kind: str, version: int, figures: str, body_sha: str) -> str:
    parts = [b"review %d %s %d" % (game_id, kind.encode(), version)]
    for text in (figures, body_sha):
        data = text.encode("utf-8", "surrogatepass")
        parts += (b"%d:" % len(data), data)
    return hmac.digest(key, b"".join(parts), hashlib.sha256).hex()


def _sha(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()


def figures_of(review: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each seat's figures from a review's JSON (:meth:`GameReview.to_json`): what the
    progress figures read, without the decisions."""
    return [
        {name: value for name, value in seat.items() if name != "decisions"}
        | {"decisions": len(seat["decisions"])}
        | {"best": sum(d["grade"] == "best" for d in seat["decisions"])}
        for seat in review["seats"]
    ]


def keep(
    conn: sqlite3.Connection, key: bytes, game_id: int, kind: str, review: Mapping[str, Any]
) -> None:
    """Keep a finished game's review (replacing any), in the caller's transaction."""
    body = json.dumps(dict(review), separators=(",", ":"))
    figures = json.dumps(figures_of(review), separators=(",", ":"))
    if len(body) > MAX_BODY or len(figures) > MAX_FIGURES:
        raise SaveError("the review is larger than the history keeps")
    version = int(review["version"])
    sha = _sha(body)
    conn.execute(
        "INSERT OR REPLACE INTO reviews (id, version, figures, body_sha, body, digest)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, version, figures, sha, body, _digest(key, game_id, kind, version, figures, sha)),
    )


def read_body(
    conn: sqlite3.Connection, keys: Sequence[bytes], game_id: int, kind: str
) -> dict[str, Any] | None:
    """A game's review as kept (untrusted JSON, for the caller to read strictly), or None
    when there is none or what is kept does not check out."""
    try:
        found = conn.execute(
            "SELECT reviews.version, figures, body_sha, body, reviews.digest FROM reviews"
            " JOIN games ON games.id = reviews.id"
            " WHERE reviews.id = ? AND games.kind = ? AND games.finished = 1",
            (game_id, kind),
        ).fetchone()
    except sqlite3.OperationalError:  # an earlier release's history, read as it is
        return None
    if found is None:
        return None
    version, figures, sha, body, stored = found
    if not (
        type(version) is int
        and isinstance(figures, str)
        and isinstance(sha, str)
        and isinstance(body, str)
        and len(body) <= MAX_BODY
        and len(figures) <= MAX_FIGURES
    ):
        return None
    if not _signed(keys, stored, game_id, kind, version, figures, sha) or _sha(body) != sha:
        return None
    try:
        loaded = json.loads(body)
    except ValueError:
        return None
    return loaded if isinstance(loaded, dict) else None


def read_figures(
    conn: sqlite3.Connection, keys: Sequence[bytes], kinds: Sequence[str] = ()
) -> Iterator[StoredFigures]:
    """The figures of every reviewed finished game (of ``kinds``, or all), by id; a row
    that does not check out is left out."""
    where = f" AND games.kind IN ({', '.join('?' * len(kinds))})" if kinds else ""
    try:
        rows = conn.execute(
            "SELECT reviews.id, games.kind, reviews.version, figures, body_sha, reviews.digest"
            " FROM reviews JOIN games ON games.id = reviews.id"
            f" WHERE games.finished = 1{where} ORDER BY reviews.id",
            tuple(kinds),
        ).fetchall()
    except sqlite3.OperationalError:
        return
    for game_id, kind, version, figures, sha, stored in rows:
        if not (
            type(game_id) is int
            and isinstance(kind, str)
            and type(version) is int
            and isinstance(figures, str)
            and len(figures) <= MAX_FIGURES
            and isinstance(sha, str)
        ):
            continue
        if not _signed(keys, stored, game_id, kind, version, figures, sha):
            continue
        try:
            seats = json.loads(figures)
        except ValueError:
            continue
        if isinstance(seats, list):
            yield StoredFigures(game_id, kind, version, seats)


def _signed(
    keys: Sequence[bytes],
    stored: object,
    game_id: int,
    kind: str,
    version: int,
    figures: str,
    sha: str,
) -> bool:
    return isinstance(stored, str) and any(
        hmac.compare_digest(stored, _digest(key, game_id, kind, version, figures, sha))
        for key in keys
    )
