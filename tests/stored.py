"""The patience's rows through the store's one API, for the tests (as the session does)."""

from __future__ import annotations

from typing import Any

from solitaire.patience.game import Game as Game
from solitaire.patience.record import game_record
from solitaire.patience.summary import PatienceRow, Stats, patience_stats
from solitaire.store import History
from solitaire.ui.kinds import (
    PATIENCE,
    StoredGame,
    patience_rows,
    patience_summary,
    record_text,
    stored_patience,
)


def add(
    history: History, game: Game, review: Any, daily: str | None = None, played_by: str = "you"
) -> int:
    """A patience game stored as a new row."""
    summary = patience_summary(game, review, daily)
    return history.add(PATIENCE, record_text(game, daily), summary, played_by=played_by)


def save(history: History, game_id: int, game: Game, daily: str | None, review: Any = None) -> None:
    """A patience game in progress rewritten."""
    summary = patience_summary(game, review, daily)
    history.save(game_id, PATIENCE, record_text(game, daily), summary)


def load(history: History, game_id: int) -> StoredGame:
    """A stored patience game replayed."""
    return stored_patience(history, game_id)


def games(history: History, limit: int | None = None) -> list[PatienceRow]:
    """The patience rows that check out, newest first."""
    return patience_rows(history, limit)


def unfinished(history: History) -> list[PatienceRow]:
    """The patience games in progress, the latest played first."""
    rows = [row for row in patience_rows(history) if not row.finished]
    return sorted(rows, key=lambda r: r.played_at, reverse=True)


def stats(history: History, recent: int = 10) -> Stats | None:
    """The patience's stats."""
    return patience_stats(patience_rows(history), recent)


def record(history: History, game_id: int) -> dict[str, Any]:
    """The record of a stored patience game, once it checks out and replays."""
    loaded = stored_patience(history, game_id)
    return game_record(loaded.game, daily=loaded.daily)
