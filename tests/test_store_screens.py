"""A session's screen state is kept beside its game's record, never in it.

The match keeps how far you have looked through its events ("seen"). The record of an
earlier release carries it inside (``tests/fixtures/store/v3/``, written by the code of
commit 101a9af with ``make_v3.py.txt``: a match left in its first show with Enter pressed
past your last move, and a game of every other kind in progress); such a history gains
the ``screens`` table when opened for play, loses nothing, and its match resumes where
you had looked. Records written now carry no screen state.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solitaire.cli import main
from solitaire.match.game import Match
from solitaire.match.record import load_match_record
from solitaire.store import SCHEMA_VERSION, History, Summary
from solitaire.store.migration import tables
from solitaire.ui.kinds import DRILL, KINDS, MATCH, PATIENCE, TILES
from solitaire.ui.match.session import SEEN, MatchSession

FIXTURES = Path(__file__).parent / "fixtures" / "store"
OLD_MATCH = 2  # the v3 fixture's match: its record says you had seen 22 of 25 events
OLD_SEEN = 22


def copy(name: str, tmp_path: Path) -> Path:
    data = tmp_path / name
    shutil.copytree(FIXTURES / name, data)
    return data


def rows(path: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT * FROM games ORDER BY id").fetchall()


def session(history: History, game_id: int) -> MatchSession:
    return MatchSession(history, "standard", lambda: Match(1), resume_id=game_id)


def stored(history: History, game_id: int) -> dict[str, Any]:
    return load_match_record(history.stored_record(game_id, MATCH)[1])


def test_an_earlier_schema_3_history_gains_the_table_and_loses_nothing(tmp_path: Path) -> None:
    data = copy("v3", tmp_path)
    before = rows(data / "history.sqlite3")
    with sqlite3.connect(data / "history.sqlite3") as conn:
        assert "screens" not in tables(conn)  # as the earlier release wrote it
    with History(data, readonly=True, kinds=KINDS) as history:  # reading writes nothing
        assert history.screen_state(OLD_MATCH, MATCH) == {} and history.skipped == {}
    with History(data, kinds=KINDS) as history:
        kinds = {kind: [row.id for row in history.unfinished(kind)] for kind in KINDS}
        assert kinds == {PATIENCE: [1], MATCH: [2], DRILL: [3], TILES: [4]}
        assert history.skipped == {} and history.notices == []
    with sqlite3.connect(data / "history.sqlite3") as conn:
        assert "screens" in tables(conn)
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    assert rows(data / "history.sqlite3") == before  # every row as it was, digest and all


def test_the_seen_in_an_old_record_is_honoured_then_kept_beside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = copy("v3", tmp_path)
    assert main(["replay", str(OLD_MATCH), "--json", "--data-dir", str(data)]) == 0
    replayed_before = json.loads(capsys.readouterr().out)
    with History(data, kinds=KINDS) as history:
        assert stored(history, OLD_MATCH)[SEEN] == OLD_SEEN
        resumed = session(history, OLD_MATCH)
        assert resumed.told.last_move() < OLD_SEEN == resumed.told.shown  # where you had looked
        resumed.enter()  # the next count of the show: kept beside the record
        assert resumed.told.shown == OLD_SEEN + 1
        assert history.screen_state(OLD_MATCH, MATCH) == {SEEN: OLD_SEEN + 1}
        resumed.close()
        again = session(history, OLD_MATCH)
        assert again.told.shown == OLD_SEEN + 1  # the kept state wins over the record's
        while again.told.shown < len(again.told.events) or not again.your_turn:
            again.enter()  # on to the next deal, then a move of yours: saved afresh
        again.toggle(0)
        again.toggle(1)
        again.confirm()
        assert SEEN not in stored(history, OLD_MATCH)  # records written now carry none
        assert history.screen_state(OLD_MATCH, MATCH) == {SEEN: again.saved.seen}
        again.close()
    assert main(["replay", str(OLD_MATCH), "--json", "--data-dir", str(data)]) == 0
    replayed_after = json.loads(capsys.readouterr().out)
    assert replayed_before["seed"] == replayed_after["seed"] and SEEN not in replayed_after
    deals_after = replayed_after["played"][0]["deals"]
    assert deals_after[:-1] == replayed_before["played"][0]["deals"][:-1]  # your discard added
    assert deals_after[-1]["discards"][0] is not None


@pytest.fixture
def match_id(history: History) -> Iterator[int]:
    first = MatchSession(history, "standard", lambda: Match(5))
    first.toggle(0)
    first.toggle(1)
    first.confirm()
    assert first.game_id is not None
    first.close()
    yield first.game_id


def test_a_screen_state_that_does_not_check_out_is_not_read(
    history: History, match_id: int
) -> None:
    kept = history.screen_state(match_id, MATCH)
    assert type(kept[SEEN]) is int and SEEN not in stored(history, match_id)
    conn = history._conn
    assert conn is not None
    state, digest = conn.execute("SELECT state, digest FROM screens").fetchone()
    for changed in [
        ("UPDATE screens SET state = ?", json.dumps({SEEN: 0})),  # edited
        ("UPDATE screens SET id = ?", match_id + 1),  # moved to another game
        ("UPDATE screens SET state = ?", "[1, 2]"),  # not an object
    ]:
        conn.execute(changed[0], (changed[1],))
        assert history.screen_state(match_id, MATCH) == {}
        assert history.screen_state(match_id + 1, MATCH) == {}
        conn.execute("DELETE FROM screens")
        conn.execute("INSERT INTO screens VALUES (?, ?, ?)", (match_id, state, digest))
    assert history.screen_state(match_id, MATCH) == kept
    assert history.screen_state(match_id, PATIENCE) == {}  # tied to its game's kind


def test_a_record_saved_without_its_screen_state_leaves_it_unread(tmp_path: Path) -> None:
    """An earlier release plays on without knowing the table: its record's seen counts."""
    with History(copy("v3", tmp_path), kinds=KINDS) as history:
        first = session(history, OLD_MATCH)
        first.enter()
        first.close()
        assert history.screen_state(OLD_MATCH, MATCH) == {SEEN: OLD_SEEN + 1}
        row, text = history.stored_record(OLD_MATCH, MATCH)
        summary = Summary(row.seed, False, row.summary)
        history.save(OLD_MATCH, MATCH, json.loads(text) | {SEEN: 0}, summary)
        assert history.screen_state(OLD_MATCH, MATCH) == {}
        again = session(history, OLD_MATCH)
        assert again.told.last_move() <= again.told.shown < OLD_SEEN  # back to your last move
        again.close()


def test_a_finished_game_keeps_no_screen_state(history: History, match_id: int) -> None:
    conn = history._conn
    assert conn is not None
    assert conn.execute("SELECT count(*) FROM screens").fetchone()[0] == 1
    row, text = history.stored_record(match_id, MATCH)
    history.save(match_id, MATCH, text, Summary(row.seed, True, row.summary))
    assert conn.execute("SELECT count(*) FROM screens").fetchone()[0] == 0
