"""The store: round trips, seeds of any size, migration, checked rows, faults, read-only use."""

from __future__ import annotations

import datetime as dt
import errno
import json
import os
import re
import sqlite3
import statistics
from pathlib import Path
from typing import Any

import pytest

from solitaire.core.dealcode import daily_seed, deal_code
from solitaire.core.names import command
from solitaire.patience.coach import review_game
from solitaire.patience.game import Game
from solitaire.patience.record import replay
from solitaire.patience.strategy import best_strategy, play_out
from solitaire.store import (
    SCHEMA_VERSION,
    GameLock,
    History,
    NotInProgressError,
    SaveError,
    StoreError,
    resolve_data_dir,
)
from solitaire.store.paths import problem
from solitaire.ui.kinds import KINDS, PATIENCE
from tests import stored as pstore
from tests.faults import sqlite_error


def finished(seed: int) -> Game:
    return play_out(Game.from_seed(seed), best_strategy)


def in_progress(seed: int, rounds: int) -> Game:
    game = Game.from_seed(seed)
    for _ in range(rounds):
        game.discard(game.shown[:2])
    return game


# -- the schema and records of version 1, as the previous release wrote them ----------

V1_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    played_at TEXT NOT NULL,
    deal_code TEXT NOT NULL,
    seed INTEGER,
    daily TEXT,
    total INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    efficiency REAL,
    perfect_expected REAL,
    hindsight_best INTEGER,
    record TEXT NOT NULL
);
"""


def v1_record(game: Game, daily: str | None = None) -> dict[str, Any]:
    """A record as version 1 wrote it (written out here so later record versions do not move it)."""
    final = game.final
    record: dict[str, Any] = {
        "version": 1,
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
    }
    if daily is not None:
        record["daily"] = daily
    return record


def v1_database(path: Path, games: list[tuple[Game, str | None]]) -> None:
    """A history as version 1 wrote it: its schema, its columns, its INSERT."""
    conn = sqlite3.connect(path)
    conn.executescript(V1_SCHEMA)
    conn.execute("PRAGMA user_version = 1")
    for game, daily in games:
        review = review_game(game) if game.is_over else None
        conn.execute(
            "INSERT INTO games (played_at, deal_code, seed, daily, total, finished, hints,"
            " efficiency, perfect_expected, hindsight_best, record)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                "2026-11-01T10:00:00",
                deal_code(game.deck),
                game.seed,
                daily,
                game.total,
                int(game.is_over),
                len(game.hints),
                None if review is None else review.efficiency,
                None if review is None else float(review.perfect_expected),
                None if review is None else review.hindsight_best,
                json.dumps(v1_record(game, daily)),
            ),
        )
    conn.commit()
    conn.close()


# -- round trips --------------------------------------------------------------------


def test_history_round_trip(tmp_path: Path) -> None:
    game = finished(3)
    with History(tmp_path, kinds=KINDS) as history:
        game_id = pstore.add(history, game, review_game(game))
        again = replay(pstore.record(history, game_id))
        assert again.rounds == game.rounds and again.total == game.total
        row = pstore.games(history)[0]
        assert row.id == game_id and row.finished and row.efficiency == 1.0
        assert (row.kind, row.played_by, row.rounds) == ("patience", "you", 6)
    with History(tmp_path, kinds=KINDS) as reopened:
        assert pstore.games(reopened)[0].total == game.total
        with pytest.raises(StoreError, match="no game 99"):
            pstore.record(reopened, 99)


@pytest.mark.parametrize(
    "seed",
    [0, 2**63 - 1, 2**63, 2**64 - 1, 10**30, daily_seed(dt.date(2026, 11, 29))],
)
def test_seeds_of_any_size_store_list_load_and_save(tmp_path: Path, seed: int) -> None:
    game = Game.from_seed(seed)
    with History(tmp_path, kinds=KINDS) as history:
        game_id = pstore.add(history, game, None, "2026-11-29")
        game.discard(game.shown[:2])
        pstore.save(history, game_id, game, "2026-11-29")
        row = pstore.games(history)[0]
        assert row.seed == seed and not row.finished and row.rounds == 1
        stored = pstore.load(history, game_id)
        assert stored.game.seed == seed and stored.game.rounds == game.rounds
        assert stored.daily == "2026-11-29"
        play_out(game, best_strategy)
        pstore.save(history, game_id, game, "2026-11-29", review_game(game))
    with History(tmp_path, readonly=True, kinds=KINDS) as reading:
        (row,) = pstore.games(reading)
        assert row.finished and row.seed == seed and row.total == game.total


def test_a_game_in_progress_is_one_row_until_it_is_filed(tmp_path: Path) -> None:
    game = Game.from_seed(4)
    with History(tmp_path, kinds=KINDS) as history:
        game_id = pstore.add(history, game, None)
        while not game.is_over:
            game.discard(game.shown[:2])
            pstore.save(history, game_id, game, None, review_game(game) if game.is_over else None)
            (row,) = pstore.games(history)
            assert (row.id, row.rounds, row.finished) == (game_id, len(game.rounds), game.is_over)
        assert pstore.unfinished(history) == []
        with pytest.raises(SaveError, match="no longer in progress"):
            pstore.save(history, game_id, game, None)  # a finished game is never filed twice
        assert len(pstore.games(history)) == 1


def test_stats_match_a_direct_computation(tmp_path: Path) -> None:
    games = [finished(seed) for seed in range(12)]
    with History(tmp_path, kinds=KINDS) as history:
        for game in games:
            pstore.add(history, game, review_game(game))
        pstore.add(history, in_progress(99, 1), None)
        pstore.add(history, finished(50), None, played_by="best")  # --auto games are not yours
        stats = pstore.stats(history, recent=5)
    totals = [g.total for g in games]
    assert stats is not None
    assert stats.games == 12
    assert stats.mean == pytest.approx(statistics.mean(totals))
    assert stats.best == max(totals)
    assert stats.past_skunk == pytest.approx(sum(t > 90 for t in totals) / 12)
    assert stats.reached_great == pytest.approx(sum(t >= 121 for t in totals) / 12)
    assert stats.recent == tuple(totals[-5:])
    assert stats.recent_mean == pytest.approx(statistics.mean(totals[-5:]))
    assert stats.earlier_mean == pytest.approx(statistics.mean(totals[-10:-5]))
    assert stats.mean_efficiency == pytest.approx(1.0)


def test_stats_split_games_with_and_without_hints_or_undos(tmp_path: Path) -> None:
    games = [finished(seed) for seed in range(9)]
    for seed, game in enumerate(games):
        if seed % 3 == 1:
            game.hints.add(2)
        if seed % 3 == 2:  # take a discard back, then make it again: the same game
            replayed = Game.from_seed(seed)
            replayed.discard(game.rounds[0].discard)
            replayed.undo()
            for result in game.rounds:
                replayed.discard(result.discard)
            assert replayed.rounds == game.rounds and replayed.undos
            games[seed] = replayed
    with History(tmp_path, kinds=KINDS) as history:
        for game in games:
            pstore.add(history, game, review_game(game))
        stats = pstore.stats(history)
        rows = {row.id: row for row in pstore.games(history)}
    assert [rows[i + 1].undos for i in range(9)] == [int(i % 3 == 2) for i in range(9)]
    aided = [g.total for g in games if g.hints or g.undos]
    unaided = [g.total for g in games if not (g.hints or g.undos)]
    assert stats is not None and stats.aided == 6 and stats.games - stats.aided == 3
    assert stats.aided_mean == pytest.approx(statistics.mean(aided))
    assert stats.unaided_mean == pytest.approx(statistics.mean(unaided))


def test_no_games_no_stats(tmp_path: Path) -> None:
    with History(tmp_path, kinds=KINDS) as history:
        assert pstore.stats(history) is None and pstore.games(history) == []


# -- damage, versions, checked rows -------------------------------------------------


def test_a_damaged_database_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"this is not a database, but it is somebody's data" * 100)
    original = path.read_bytes()
    with History(tmp_path, kinds=KINDS) as history:
        assert history.notice is not None and "damaged" in history.notice
        kept = list(tmp_path.glob("history.sqlite3.damaged-*"))
        assert len(kept) == 1 and kept[0].read_bytes() == original
        assert str(kept[0]) in history.notice
        game = finished(1)
        pstore.add(history, game, review_game(game))
        assert len(pstore.games(history)) == 1


@pytest.mark.parametrize("readonly", [False, True])
def test_a_newer_history_is_refused_as_newer_and_kept(tmp_path: Path, readonly: bool) -> None:
    path = tmp_path / "history.sqlite3"
    with History(tmp_path, kinds=KINDS) as history:
        pstore.add(history, finished(1), None)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer version") as caught:
        History(tmp_path, readonly=readonly, kinds=KINDS)
    assert "damaged" not in str(caught.value) and "\n" not in str(caught.value)
    assert path.read_bytes() == before and not list(tmp_path.glob("*.damaged-*"))


def _tamper(path: Path, sql: str) -> None:
    """Run an edit; in the current schema a patience column is edited inside the row's
    summary (``total = 150``)."""
    conn = sqlite3.connect(path)
    if "summary" in {row[1] for row in conn.execute("PRAGMA table_info(games)")}:
        sql = re.sub(
            r"\b(total|efficiency|daily) = ('[^']*'|[0-9.]+)",
            r"summary = json_set(summary, '$.\1', \2)",
            sql,
        )
    conn.execute(sql)
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE games SET total = 150 WHERE id = 2",
        "UPDATE games SET total = '150' WHERE id = 2",
        "UPDATE games SET finished = 0 WHERE id = 2",
        "UPDATE games SET seed = '5' WHERE id = 2",
        "UPDATE games SET efficiency = 1.5 WHERE id = 2",
        "UPDATE games SET played_by = 'you' WHERE id = 2",
        "UPDATE games SET record = replace(record, '\"total\": ', '\"total\": 1') WHERE id = 2",
        "UPDATE games SET digest = NULL, record = '[[[[' WHERE id = 2",
        "UPDATE games SET digest = NULL, total = 150 WHERE id = 2",
        "UPDATE games SET record = zeroblob(10) WHERE id = 2",
    ],
)
def test_an_edited_row_is_reported_and_skipped(tmp_path: Path, edit: str) -> None:
    games = [finished(1), finished(2), finished(3)]
    with History(tmp_path, kinds=KINDS) as history:
        for game in games:
            pstore.add(history, game, review_game(game))
        pstore.add(history, finished(4), None, played_by="random")
    _tamper(tmp_path / "history.sqlite3", edit.replace("played_by = 'you'", "played_by = 'you'"))
    if "played_by" in edit:  # an --auto game claimed as yours
        _tamper(tmp_path / "history.sqlite3", "UPDATE games SET played_by = 'you' WHERE id = 4")
    for readonly in (True, False):
        with History(tmp_path, readonly=readonly, kinds=KINDS) as history:
            stats = pstore.stats(history)
            assert stats is not None
            honest = [g.total for i, g in enumerate(games, 1) if i != 2 or "played_by" in edit]
            assert stats.best == max(honest) and stats.games == len(honest)
            report = history.report()
            assert report is not None and "\n" not in report
            bad = 4 if "played_by" in edit else 2
            assert report.endswith(f": {bad}") and bad not in [r.id for r in pstore.games(history)]
            with pytest.raises(StoreError, match=f"game {bad} in the history does not check out"):
                pstore.load(history, bad)


# -- migration from version 1 ----------------------------------------------------------


def test_migration_of_a_version_1_history_and_saved_game(tmp_path: Path) -> None:
    old_games: list[tuple[Game, str | None]] = [
        (finished(1), None),
        (in_progress(2, 3), None),  # "kept in the history" by version 1: now resumable
        (Game(Game.from_seed(3).deck), None),  # a deal code game: no seed
        (finished(4), "2026-10-01"),
    ]
    old_games[2] = (play_out(old_games[2][0], best_strategy), None)
    path = tmp_path / "history.sqlite3"
    v1_database(path, old_games)
    # The daily seed that version 1 could not store: its game stayed in current.json.
    day = dt.date(2026, 11, 29)
    daily = in_progress(daily_seed(day), 4)
    assert daily.seed is not None and daily.seed > 2**63
    (tmp_path / "current.json").write_text(json.dumps(v1_record(daily, day.isoformat())))

    with History(tmp_path, readonly=True, kinds=KINDS) as reading:  # read in place, nothing written
        assert [r.id for r in pstore.games(reading)] == [4, 3, 2, 1]
        assert reading.report() is None
    assert (tmp_path / "current.json").exists()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 1

    with History(tmp_path, kinds=KINDS) as history:
        assert history.notice == "Your saved game was kept, resumable, in the history as game 5."
        rows = {r.id: r for r in pstore.games(history)}
        assert len(rows) == 5 and history.report() is None
        for game_id, (game, day_text) in enumerate(old_games, start=1):
            row = rows[game_id]
            assert (row.seed, row.daily, row.total) == (game.seed, day_text, game.total)
            assert (row.finished, row.rounds) == (game.is_over, len(game.rounds))
            assert pstore.load(history, game_id).game.rounds == game.rounds
        assert rows[1].efficiency == pytest.approx(review_game(old_games[0][0]).efficiency)
        assert [r.id for r in pstore.unfinished(history)] == [5, 2]
        assert rows[5].seed == daily.seed and rows[5].daily == "2026-11-29"
        assert pstore.load(history, 5).game.rounds == daily.rounds
    assert not (tmp_path / "current.json").exists()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    with History(tmp_path, kinds=KINDS) as again:  # a second open changes nothing
        assert again.notice is None and len(pstore.games(again)) == 5


def test_a_version_1_row_that_does_not_replay_is_kept_and_skipped(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    v1_database(path, [(finished(1), None), (finished(2), None)])
    _tamper(path, "UPDATE games SET total = 140 WHERE id = 1")
    with History(tmp_path, kinds=KINDS) as history:
        assert [r.id for r in pstore.games(history)] == [2]
        assert history.report() is not None and history.report().endswith(": 1")  # type: ignore[union-attr]
    (text,) = sqlite3.connect(path).execute("SELECT record FROM games WHERE id = 1").fetchone()
    kept = json.loads(text)  # the row as it was, every column
    assert kept["total"] == 140 and json.loads(kept["record"])["total"] == finished(1).total


def test_the_old_saved_game_is_imported_once(tmp_path: Path) -> None:
    game = in_progress(8, 2)
    text = json.dumps(v1_record(game))
    (tmp_path / "current.json").write_text(text)
    with History(tmp_path, kinds=KINDS) as history:
        assert len(pstore.unfinished(history)) == 1
    # A crash after the import was committed, before the file was removed: no second copy.
    (tmp_path / "current.json").write_text(text)
    with History(tmp_path, kinds=KINDS) as history:
        assert len(pstore.games(history)) == 1 and "game 1" in (history.notice or "")
    assert not (tmp_path / "current.json").exists()


def test_a_finished_saved_game_is_filed_as_finished(tmp_path: Path) -> None:
    game = finished(9)
    (tmp_path / "current.json").write_text(json.dumps(v1_record(game)))
    with History(tmp_path, kinds=KINDS) as history:
        (row,) = pstore.games(history)
        assert row.finished and row.total == game.total
        assert "finished in the history as game 1" in (history.notice or "")


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\xff\xfe not text",
        b"[1, 2",
        _deep(100_000).encode(),
        b'{"version": 1, "seed": ' + b"9" * 5000 + b"}",
        b'{"version": true}',
        b'{"version": 1.0, "seed": 1}',
        b'{"version": 1, "deck": "nonsense"}',
        b'"a string"',
        b" " * (2 << 20),
    ],
)
def test_a_saved_game_that_cannot_be_loaded_is_set_aside(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "current.json").write_bytes(content)
    with History(tmp_path, kinds=KINDS) as history:
        assert history.notice is not None and "set aside" in history.notice
        assert "\n" not in history.notice
        assert pstore.games(history) == []
    (kept,) = tmp_path.glob("current.json.damaged-*")
    assert kept.read_bytes() == content


# -- reading never writes -------------------------------------------------------------


def _snapshot(path: Path) -> dict[str, bytes]:
    return {str(p.relative_to(path)): p.read_bytes() for p in path.rglob("*") if p.is_file()}


def test_reading_a_missing_history_creates_nothing(tmp_path: Path) -> None:
    where = tmp_path / "never-created"
    with History(where, readonly=True, kinds=KINDS) as history:
        assert pstore.games(history) == [] and pstore.stats(history) is None
        with pytest.raises(StoreError, match="no game 1"):
            pstore.load(history, 1)
    assert not where.exists()


def test_reading_writes_nothing(tmp_path: Path) -> None:
    v1_database(tmp_path / "history.sqlite3", [(finished(1), None)])
    (tmp_path / "current.json").write_text(json.dumps(v1_record(in_progress(2, 1))))
    before = _snapshot(tmp_path)
    with History(tmp_path, readonly=True, kinds=KINDS) as history:
        assert len(pstore.games(history)) == 1 and pstore.stats(history) is not None
        with pytest.raises(StoreError, match="reading only"):
            pstore.add(history, finished(3), None)
    assert _snapshot(tmp_path) == before


def test_reading_beside_a_writer_in_the_middle_of_a_move(tmp_path: Path) -> None:
    with History(tmp_path, kinds=KINDS) as history:
        pstore.add(history, finished(1), None)
    writer = sqlite3.connect(tmp_path / "history.sqlite3", isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # another program is writing (a RESERVED lock)
    writer.execute("UPDATE games SET played_at = 'x'")
    try:
        with History(tmp_path, readonly=True, timeout=0.05, kinds=KINDS) as reading:
            assert len(pstore.games(reading)) == 1
    finally:
        writer.execute("ROLLBACK")
        writer.close()


def test_a_locked_database_is_an_error_not_damage(tmp_path: Path) -> None:
    with History(tmp_path, kinds=KINDS):
        pass
    blocker = sqlite3.connect(tmp_path / "history.sqlite3", timeout=0)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        for readonly in (False, True):
            with pytest.raises(StoreError, match="busy in another program"):
                History(tmp_path, timeout=0.05, readonly=readonly, kinds=KINDS)
        assert not list(tmp_path.glob("*.damaged-*"))
    finally:
        blocker.rollback()
        blocker.close()


# -- faults while saving -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (sqlite_error(sqlite3.SQLITE_FULL), "the disk is full"),
        (sqlite_error(sqlite3.SQLITE_READONLY), "read-only"),
        (sqlite_error(sqlite3.SQLITE_BUSY), "busy in another program"),
        (sqlite_error(sqlite3.SQLITE_IOERR, sqlite3.DatabaseError), "disk I/O error"),
    ],
)
def test_a_failed_save_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: sqlite3.Error, words: str
) -> None:
    game = Game.from_seed(6)
    with History(tmp_path, kinds=KINDS) as history:
        game_id = pstore.add(history, game, None)
        before = pstore.load(history, game_id)
        game.discard(game.shown[:2])

        def fail(*args: object) -> None:
            raise error

        monkeypatch.setattr(history, "_write", fail)
        with pytest.raises(SaveError, match=words) as caught:
            pstore.save(history, game_id, game, None)
        assert "\n" not in str(caught.value)
        with pytest.raises(SaveError):
            pstore.add(history, finished(2), None)
        monkeypatch.undo()
        assert pstore.load(history, game_id).game.rounds == before.game.rounds == []
        assert len(pstore.games(history)) == 1
        pstore.save(history, game_id, game, None)  # space came back: the same move saves
        assert pstore.load(history, game_id).game.rounds == game.rounds


def test_a_game_no_longer_in_progress_is_an_error_of_its_own(tmp_path: Path) -> None:
    game = finished(3)
    with History(tmp_path, kinds=KINDS) as history:
        game_id = pstore.add(history, game, review_game(game))
        with pytest.raises(NotInProgressError, match=f"game {game_id} is no longer in progress"):
            pstore.save(history, game_id, game, None)
        with pytest.raises(NotInProgressError, match="the move could not be saved: game"):
            history.keep_screen(game_id, PATIENCE, {"seen": 1})
        with pytest.raises(NotInProgressError):
            history.keep_screen(game_id + 1, PATIENCE, {"seen": 1})  # no such game


def _coded(kind: type[sqlite3.Error], words: str, code: int) -> sqlite3.Error:
    error = kind(words)
    error.sqlite_errorcode = code
    return error


FULL, BUSY = "the disk is full", "the history is busy in another program"
READ_ONLY = "the data directory is read-only"


@pytest.mark.parametrize(
    ("error", "said"),
    [
        # Another language's words for the system's errors: the code says what failed.
        (OSError(errno.ENOSPC, "Auf dem Gerät ist kein Speicherplatz mehr verfügbar"), FULL),
        (OSError(errno.EDQUOT, "Kontingent überschritten"), FULL),
        (OSError(errno.EACCES, "Keine Berechtigung"), READ_ONLY),
        (OSError(errno.EROFS, "Dateisystem nur lesbar"), READ_ONLY),
        (OSError(errno.EBUSY, "Gerät oder Ressource belegt"), BUSY),
        # SQLite's extended codes are read by their primary code.
        (_coded(sqlite3.OperationalError, "y", sqlite3.SQLITE_READONLY | 1 << 8), READ_ONLY),
        (_coded(sqlite3.OperationalError, "z", sqlite3.SQLITE_BUSY | 2 << 8), BUSY),
        (
            _coded(sqlite3.DatabaseError, "disk I/O error", sqlite3.SQLITE_IOERR | 13 << 8),
            "disk I/O error",
        ),
        # Words that look like a failure are not one: said as they are.
        (_coded(sqlite3.OperationalError, "no such table: full", 1), "no such table: full"),
        (_coded(sqlite3.OperationalError, "a locked door", 1), "a locked door"),
        (OSError(errno.ENOENT, "no such file: readonly.db"), "no such file: readonly.db"),
        (sqlite3.OperationalError("database or disk is full"), "database or disk is full"),
    ],
)
def test_a_storage_error_is_said_by_its_code_not_its_words(error: BaseException, said: str) -> None:
    assert problem(error) == said


def test_a_really_full_database_refuses_and_then_recovers(tmp_path: Path) -> None:
    with History(tmp_path, kinds=KINDS) as history:
        conn = history._conn
        assert conn is not None
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own SQLITE_FULL
        games = [finished(seed) for seed in range(40)]
        with pytest.raises(SaveError, match="the disk is full"):
            for game in games:
                pstore.add(history, game, None)
        stored = len(pstore.games(history))
        assert stored < len(games) and history.report() is None
        conn.execute("PRAGMA max_page_count = 1073741823")
        pstore.add(history, games[stored], None)
        assert len(pstore.games(history)) == stored + 1


# -- locks, data directories, commands -------------------------------------------------------


def test_a_game_lock_is_held_by_one_holder_at_a_time(tmp_path: Path) -> None:
    first, second = GameLock(tmp_path, "patience", 1), GameLock(tmp_path, "patience", 1)
    assert first.acquire() and first.held
    assert not second.acquire()
    assert GameLock(tmp_path, "patience", 2).acquire()  # another game is free
    first.release()
    assert second.acquire()
    second.release()


def test_data_dir_that_cannot_be_used(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot use data directory"):
        resolve_data_dir(str(blocker / "sub"))


def test_environment_variable_chooses_the_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIBSOL_DATA_DIR", str(tmp_path / "here"))
    assert resolve_data_dir(None) == tmp_path / "here"
    assert (tmp_path / "here").is_dir()


@pytest.mark.parametrize(
    ("prog", "words", "said"),
    [
        (None, "play --resume 3", "cribsol play --resume 3"),
        ("scripts/play", "play --resume 3", "scripts/play --resume 3"),
        ("scripts/play", "play", "scripts/play"),
        ("./scripts/play", "replay 3", "./scripts/play replay 3"),
        ("evil\x1b]0;title\x07", "play", "cribsol play"),
    ],
)
def test_messages_name_the_command_the_player_used(
    monkeypatch: pytest.MonkeyPatch, prog: str | None, words: str, said: str
) -> None:
    if prog is None:
        monkeypatch.delenv("CRIBSOL_PROG", raising=False)
    else:
        monkeypatch.setenv("CRIBSOL_PROG", prog)
    assert command(words) == said


def test_an_edited_timestamp_never_reaches_the_terminal(tmp_path: Path) -> None:
    with History(tmp_path, kinds=KINDS) as history:
        pstore.add(history, finished(1), None)
    _tamper(tmp_path / "history.sqlite3", "UPDATE games SET played_at = 'x\x1b]0;pwned\x07'")
    with History(tmp_path, readonly=True, kinds=KINDS) as history:
        (row,) = pstore.games(history)
    assert row.played_at == "????-??-?? ??:??" and history.report() is None


def test_a_version_1_row_with_another_daily_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    v1_database(path, [(finished(1), "2026-01-01"), (finished(2), None)])
    _tamper(path, "UPDATE games SET daily = '\x1b[2J' WHERE id = 1")
    for readonly in (True, False):
        with History(tmp_path, readonly=readonly, kinds=KINDS) as history:
            assert [r.id for r in pstore.games(history)] == [2]
            assert "daily" in history.skipped[1]


def test_a_history_that_is_not_a_regular_file_never_hangs(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    path = data / "history.sqlite3"
    for make in (os.mkfifo, lambda p: p.symlink_to("/dev/zero")):
        make(path)  # opening a FIFO for reading would wait for ever
        with pytest.raises(StoreError, match="not a regular file"):
            History(data, readonly=True, kinds=KINDS)  # reading commands change nothing
        assert not path.is_file()
        with History(
            data, kinds=KINDS
        ) as history:  # playing sets it aside and starts a new history
            assert history.notice is not None and "set aside" in history.notice
        assert path.is_file()
        path.unlink()
