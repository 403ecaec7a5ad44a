"""Real old histories migrate and lose nothing: every game and every stat survives.

The fixtures in ``tests/fixtures/store/`` were written by the old code itself, run from a
worktree of the commit named (their scripts are kept beside them, ``make_v*.py.txt``):

- ``v1/``: the first version's history (schema 1, commit 75b696c): six patience games
  (reviews, hints, an unfinished one, a daily) and its game in progress, ``current.json``.
- ``v2/``: the schema-2 history of the code before the store became a package: every kind
  of game (patience with hints, an undo, a 64-bit daily seed and an --auto game; matches,
  one a 3-game series counted by hand with muggins; drills; tile games: Joker, plain, the
  Servant, hot seat, the Solitaire), finished and not. ``v2-stats.json`` and
  ``v2-history.json`` are what that code's ``stats --json`` and ``history --json`` said.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from solitaire.cli import main
from solitaire.store import SCHEMA_VERSION, History, StoreError
from solitaire.store.schema import digest
from solitaire.ui.kinds import KINDS
from tests import stored as pstore

FIXTURES = Path(__file__).parent / "fixtures" / "store"
V1_COLUMNS = ("id", "seed", "daily", "total", "finished", "hints", "efficiency", "hindsight_best")


def copy(name: str, tmp_path: Path) -> Path:
    data = tmp_path / name
    shutil.copytree(FIXTURES / name, data)
    return data


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def old_rows(path: Path, columns: tuple[str, ...]) -> list[dict[str, Any]]:
    conn = sqlite3.connect(path)
    rows = conn.execute(f"SELECT {', '.join(columns)} FROM games ORDER BY id").fetchall()
    conn.close()
    return [dict(zip(columns, row, strict=True)) for row in rows]


@pytest.mark.parametrize("readonly", [True, False])
def test_the_first_versions_history_loses_no_game(tmp_path: Path, readonly: bool) -> None:
    """Every row of the first version comes through with every column it had (its deal
    codes were of an older form: the record's own is accepted), read-only (migrated in
    memory, nothing written) or for play (migrated once, its saved game imported)."""
    data = copy("v1", tmp_path)
    before = old_rows(data / "history.sqlite3", V1_COLUMNS)
    with History(data, readonly=readonly, kinds=KINDS) as history:
        rows = {row.id: row for row in pstore.games(history)}
        assert history.skipped == {}
    for old in before:
        row = rows[old["id"]]
        assert (row.seed, row.daily, row.total, row.finished, row.hints) == (
            old["seed"],
            old["daily"],
            old["total"],
            bool(old["finished"]),
            old["hints"],
        )
        assert (row.efficiency, row.hindsight_best) == (old["efficiency"], old["hindsight_best"])
    saved = json.loads((FIXTURES / "v1" / "current.json").read_text())
    if readonly:
        assert set(rows) == {old["id"] for old in before}
        with sqlite3.connect(data / "history.sqlite3") as conn:
            assert conn.execute("PRAGMA user_version").fetchone()[0] == 1  # untouched
        return
    (imported,) = [row for row in rows.values() if row.id not in {o["id"] for o in before}]
    assert not imported.finished and imported.rounds == len(saved["rounds"])
    assert not (data / "current.json").exists()
    with History(data, kinds=KINDS) as history:  # once migrated, it opens as it is
        assert len(pstore.games(history)) == len(before) + 1 and not history.notices


def test_the_first_versions_stats_survive(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = copy("v1", tmp_path)
    before = old_rows(data / "history.sqlite3", V1_COLUMNS)
    totals = [old["total"] for old in before if old["finished"]]
    status, out, err = run(capsys, "--data-dir", str(data), "stats", "--json")
    assert status == 0 and err == ""
    stats = json.loads(out)
    assert stats["games"] == len(totals) and stats["best"] == max(totals)
    assert stats["mean"] == sum(totals) / len(totals)
    effs = [old["efficiency"] for old in before if old["efficiency"] is not None]
    assert stats["mean_efficiency"] == pytest.approx(sum(effs) / len(effs), abs=1e-12)
    status, out, _ = run(capsys, "--data-dir", str(data), "replay", "2")
    assert status == 0 and "79" in out


def assert_regraded(before: dict[str, int], after: dict[str, int]) -> None:
    """A drill's figures after migration: the same, but for the "choices" between cards of
    one rank, which the old version graded (always as best, at no loss) and the drill no
    longer does (issue 25): those leave the graded and the best counts alike."""
    dropped = before["graded"] - after["graded"]
    assert dropped >= 0 and before["best"] - after["best"] == dropped
    others = set(before) - {"graded", "best", "best_share", "mean_loss"}
    assert {k: after[k] for k in others} == {k: before[k] for k in others}


@pytest.mark.parametrize("readonly", [True, False])
def test_the_second_versions_history_loses_no_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], readonly: bool
) -> None:
    """What ``history --json`` said before, it says now, field for field; only the tile
    game played with the Servant now says so (it said "plain")."""
    data = copy("v2", tmp_path)
    if not readonly:
        with History(data, kinds=KINDS) as history:
            assert history.notices == [] and history.skipped == {}
    old = {row["id"]: row for row in json.loads((FIXTURES / "v2-history.json").read_text())}
    status, out, err = run(capsys, "--data-dir", str(data), "history", "--json")
    assert status == 0 and err == ""
    new = {row["id"]: row for row in json.loads(out)}
    assert set(new) == set(old)
    generic = ("kind", "played_by", "played_at", "seed", "finished")
    for game_id, before in old.items():
        after = new[game_id]
        same: tuple[str, ...] = generic
        if before["kind"] == "patience":
            same = tuple(before)
        elif before["kind"] == "match":
            same = (*generic, "opponent", "state")
        elif before["kind"] == "drill":
            same = (*generic, "drill")
        elif before["kind"] == "tiles":
            same = (*generic, "players", "scores", "winners", "state")
        if before["kind"] == "drill":
            same = generic
            assert_regraded(before["drill"], after["drill"])
        assert {k: after[k] for k in same} == {k: before[k] for k in same}, game_id
    rules = {i: (old[i]["rules"], new[i]["rules"]) for i in old if old[i]["kind"] == "tiles"}
    assert rules[14] == ("plain", "plain, the Servant")
    assert all(was == now for i, (was, now) in rules.items() if i != 14)


def test_the_second_versions_stats_survive(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every figure ``stats --json`` gave before, it gives now, but the hands and cribs of
    the match played with muggins: they are now the true counts (what was claimed plus
    what the opponent took), and the points taken are a figure of their own."""
    data = copy("v2", tmp_path)
    before = json.loads((FIXTURES / "v2-stats.json").read_text())
    status, out, err = run(capsys, "--data-dir", str(data), "stats", "--json")
    assert status == 0 and err == ""
    after = json.loads(out)
    roles_before = before["match"].pop("roles")
    roles_after = after["match"].pop("roles")
    for part in ("all", "recent"):
        assert_regraded(before["drill"][part], after["drill"][part])
    for section in ("match", "tiles"):
        assert {k: after[section][k] for k in before[section]} == before[section], section
    patience = {k: v for k, v in before.items() if k not in ("match", "tiles", "drill")}
    assert {k: after[k] for k in patience} == patience
    for role in ("dealer", "pone"):
        for what in ("deals", "pegged"):
            assert roles_after[role][what] == roles_before[role][what]
    gained = sum(
        roles_after[role][what] - roles_before[role][what]
        for role in ("dealer", "pone")
        for what in ("hand", "crib")
    )
    assert 0 < gained <= after["match"]["muggins_given"]  # complete deals only in the roles
    assert after["match"]["muggins_taken"] == 0  # the computer counts right
    assert set(after["match"]["levels"]) == {"easy", "standard"}
    levels = after["match"]["levels"]
    assert sum(level["games"] for level in levels.values()) == after["match"]["games"]
    assert levels["standard"]["muggins_given"] == after["match"]["muggins_given"]


def test_every_row_is_rekeyed_on_migration(tmp_path: Path) -> None:
    """The plain digests of version 2 are checked, then every row is digested again under
    the history's own key (made with the migrated history)."""
    data = copy("v2", tmp_path)
    with History(data, kinds=KINDS):
        pass
    conn = sqlite3.connect(data / "history.sqlite3")
    (key,) = conn.execute("SELECT key FROM history_key").fetchone()
    assert len(key) == 32 and not (data / "history.key").exists()
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    columns = ("kind", "played_by", "played_at", "seed", "finished", "summary", "record")
    rows = conn.execute(f"SELECT id, {', '.join(columns)}, digest FROM games").fetchall()
    assert len(rows) == 16
    for game_id, *values, stored_digest in rows:
        assert stored_digest == digest(key, game_id, dict(zip(columns, values, strict=True)))


def test_an_edited_old_row_is_kept_as_it_was_and_skipped(tmp_path: Path) -> None:
    data = copy("v2", tmp_path)
    conn = sqlite3.connect(data / "history.sqlite3")
    conn.execute("UPDATE games SET total = 121 WHERE id = 1")  # its plain digest now fails
    conn.commit()
    conn.close()
    with History(data, kinds=KINDS) as history:
        assert "1 game of the history did not check out" in (history.notice or "")
        assert [r.id for r in pstore.games(history)].count(1) == 0
        assert "changed after it was stored" in history.skipped[1]
    conn = sqlite3.connect(data / "history.sqlite3")
    (kept,) = conn.execute("SELECT record FROM games WHERE id = 1").fetchone()
    assert json.loads(kept)["total"] == 121  # nothing lost: the row as it was


# -- a database that is not ours, and the real cause of a storage failure -----------------


@pytest.mark.parametrize(
    "schema",
    [
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)",
        "CREATE TABLE games (id INTEGER PRIMARY KEY, score INTEGER); PRAGMA user_version = 2",
        "CREATE TABLE games (id INTEGER PRIMARY KEY); PRAGMA user_version = 3",
    ],
)
def test_a_database_of_another_schema_is_set_aside(tmp_path: Path, schema: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    conn = sqlite3.connect(data / "history.sqlite3")
    conn.executescript(schema)
    conn.commit()
    conn.close()
    original = (data / "history.sqlite3").read_bytes()
    with pytest.raises(StoreError, match="is not a cribsol history") as caught:
        History(data, readonly=True, kinds=KINDS)
    assert "\n" not in str(caught.value)
    with History(data, kinds=KINDS) as history:
        assert "is not a cribsol history" in (history.notice or "")
        assert "set aside" in (history.notice or "")
        assert pstore.games(history) == []
    (kept,) = data.glob("history.sqlite3.damaged-*")
    assert kept.read_bytes() == original


def test_a_read_only_history_file_is_said_so_before_a_game(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with History(data, kinds=KINDS):
        pass
    (data / "history.sqlite3").chmod(0o444)
    with pytest.raises(StoreError, match=r"the file .*history.sqlite3 is read-only"):
        History(data, kinds=KINDS)
    with History(data, readonly=True, kinds=KINDS) as history:  # reading still works
        assert pstore.games(history) == []


def test_a_garbage_journal_is_named_not_called_a_read_only_directory(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with History(data, kinds=KINDS) as history:
        pstore.add(history, pstore.Game.from_seed(1), None)
    (data / "history.sqlite3-journal").write_bytes(b"garbage" * 100)
    with pytest.raises(StoreError) as caught:
        History(data, readonly=True, kinds=KINDS)
    message = str(caught.value)
    assert "history.sqlite3-journal" in message and "read-only" not in message


def test_stats_and_history_say_levels_muggins_rules_and_winners(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The match's stats per level with muggins; the tile game's rules (the Servant), the
    winner by name in a hot-seat game, and the points missed in Joker counts."""
    data = copy("v2", tmp_path)
    status, out, _ = run(capsys, "--data-dir", str(data), "stats")
    assert status == 0
    assert "Your matches against standard" in out and "Your matches against easy" in out
    assert "muggins" in out and "given away" in out
    # By name: Ann at the hot seat (the solitaire's dark is a colour, not a person).
    assert "wins by name (not the solitaires)" in out
    assert re.search(r"^ +Ann +1 *$", out, re.MULTILINE)
    assert re.search(r"^ +you +1 *$", out, re.MULTILINE)
    assert not re.search(r"^ +dark +\d", out, re.MULTILINE)
    assert "points missed in their own counts" in out
    status, out, _ = run(capsys, "--data-dir", str(data), "history")
    assert status == 0 and "plain, the Servant" in out
    assert "Ann 292, Bob 281; Ann won" in out
    status, out, _ = run(capsys, "--data-dir", str(data), "stats", "--json")
    tiles = json.loads(out)["tiles"]
    assert tiles["missed"] == 26 and tiles["winners"] == {"Ann": 1, "you": 1}
