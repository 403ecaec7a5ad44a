"""The history cannot contradict its own records: ``replay ID`` and ``history --check``
compare each row's summary with what its record gives, for every game's rows; a migrated
row's review is recomputed from its record, never copied."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solitaire.cli import main
from solitaire.games import registered_games
from solitaire.store import History
from solitaire.store.migration import _plain_digest
from solitaire.store.schema import COLUMNS, digest
from solitaire.ui.kinds import KINDS, disagreement
from solitaire.ui.patience.session import PlaySession
from tests.test_store_rows import key_of
from tests.ui.test_lifecycle import lifecycle

FIXTURES = Path(__file__).parent / "fixtures" / "store"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """The schema-2 fixture migrated: finished and unfinished games of every kind."""
    data = tmp_path / "mixed"
    shutil.copytree(FIXTURES / "v2", data)
    with History(data, kinds=KINDS):
        pass
    return data


def resign(data: Path, game_id: int, column: str, value: str) -> None:
    """Rewrite one column of a row and sign it again with the history's key, as the program
    would (the row checks out; only its record can say it is wrong)."""
    conn = sqlite3.connect(data / "history.sqlite3", isolation_level=None)
    conn.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id))
    found = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM games WHERE id = ?", (game_id,))
    values = dict(zip(COLUMNS, found.fetchone(), strict=True))
    new = digest(key_of(data), game_id, values)
    conn.execute("UPDATE games SET digest = ? WHERE id = ?", (new, game_id))
    conn.close()


def _numbers(value: Any, path: str) -> Iterator[tuple[str, list[Any], Any]]:
    """Every whole number in a summary: its path as the check words it, the container and
    the key that hold it."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, part in items:
        name = f"{path}.{key}" if isinstance(value, dict) and path else str(key)
        if isinstance(value, list):
            name = f"{path}[{key}]"
        if isinstance(part, dict | list):
            yield from _numbers(part, name)
        elif type(part) is int:
            yield name, value, key


def rows(data: Path) -> list[tuple[int, str, dict[str, Any]]]:
    conn = sqlite3.connect(data / "history.sqlite3")
    found = conn.execute("SELECT id, kind, summary FROM games ORDER BY id").fetchall()
    conn.close()
    return [(i, kind, json.loads(summary)) for i, kind, summary in found]


def test_a_history_that_agrees_with_its_records_checks_out(
    capsys: pytest.CaptureFixture[str], mixed: Path
) -> None:
    status, out, err = run(capsys, "history", "--check", "--data-dir", str(mixed))
    assert (status, err) == (0, "")
    assert out == "Checked 16 games against their records: 16 agree.\n"


def test_every_kind_of_row_that_says_other_than_its_record_is_named(
    capsys: pytest.CaptureFixture[str], mixed: Path
) -> None:
    """Each row of every kind, one number of its summary changed and signed again: the
    check names that row and that field, one line each, exit 1; replay says so too."""
    stored = rows(mixed)
    assert {kind for _, kind, _ in stored} == set(KINDS)
    changed: dict[int, str] = {}
    for game_id, kind, summary in stored:
        for name, holder, key in _numbers(summary, ""):
            holder[key] += 1
            if KINDS[kind].check(summary) is None:
                changed[game_id] = f"its {name} says {holder[key]}, its record {holder[key] - 1}"
                break
            holder[key] -= 1
        assert game_id in changed, kind
        resign(mixed, game_id, "summary", json.dumps(summary, separators=(",", ":")))
    status, out, err = run(capsys, "history", "--check", "--data-dir", str(mixed))
    assert status == 1 and err == ""
    lines = out.splitlines()
    assert lines[-1] == "Checked 16 games against their records: 0 agree, 16 do not."
    assert len(lines) == 17
    for line, (game_id, kind, _) in zip(lines, stored, strict=False):
        assert line == f"game {game_id} ({KINDS[kind].noun}): {changed[game_id]}"
    for game_id, _, _ in stored:
        status, out, err = run(capsys, "replay", str(game_id), "--data-dir", str(mixed))
        said = " ".join(out.split())
        assert status == 1 and err == ""
        assert f"The history's row of game {game_id} does not match its record" in said
        assert changed[game_id] in said


def test_replay_of_the_121_that_scored_84(capsys: pytest.CaptureFixture[str], data: Path) -> None:
    """The issue's case: a total re-signed after an edit; stats reads the row, replay and the
    check read the record and say they differ."""
    run(capsys, "play", "--auto", "best", "--seed", "5", "--data-dir", str(data))
    summary = rows(data)[0][2]
    assert summary["total"] == 84
    resign(data, 1, "summary", json.dumps({**summary, "total": 121}))
    status, out, err = run(capsys, "replay", "1", "--data-dir", str(data))
    assert status == 1 and "its total says 121, its record 84" in " ".join(out.split())
    status, out, err = run(capsys, "replay", "1", "--json", "--data-dir", str(data))
    assert status == 1 and err.count("\n") == 1 and "its total says 121, its record 84" in err
    status, out, _ = run(capsys, "history", "--check", "--json", "--data-dir", str(data))
    assert status == 1
    assert json.loads(out) == {
        "checked": 1,
        "disagree": [{"id": 1, "kind": "patience", "problem": "its total says 121, its record 84"}],
        "skipped": 0,
    }


def test_a_record_that_does_not_replay_is_named(
    capsys: pytest.CaptureFixture[str], mixed: Path
) -> None:
    for game_id, _, _ in rows(mixed):
        resign(mixed, game_id, "record", '{"game": "none of ours"}')
    status, out, _ = run(capsys, "history", "--check", "--data-dir", str(mixed))
    lines = out.splitlines()
    assert status == 1 and len(lines) == 17
    assert all("its record does not replay" in line for line in lines[:-1])


def test_migration_recomputes_the_review_from_the_record(tmp_path: Path) -> None:
    """An older row's efficiency, perfect and hindsight are what its record gives, whatever
    its old columns said (its old digest made to agree with them)."""
    data = tmp_path / "v2"
    shutil.copytree(FIXTURES / "v2", data)
    conn = sqlite3.connect(data / "history.sqlite3", isolation_level=None)
    conn.row_factory = sqlite3.Row
    reviewed = [
        dict(row)
        for row in conn.execute("SELECT * FROM games WHERE efficiency IS NOT NULL ORDER BY id")
    ]
    assert reviewed
    true = {row["id"]: dict(row) for row in reviewed}
    for old in reviewed:
        old.update(efficiency=0.5, perfect_expected=150.0, hindsight_best=199)
        conn.execute(
            "UPDATE games SET efficiency = 0.5, perfect_expected = 150.0, hindsight_best = 199,"
            " digest = ? WHERE id = ?",
            (_plain_digest(old), old["id"]),
        )
    conn.close()
    with History(data, kinds=KINDS) as history:
        assert not history.skipped
        for row in history.games(kind="patience"):
            if row.id in true:
                for name in ("efficiency", "perfect_expected", "hindsight_best"):
                    assert row.summary[name] == pytest.approx(true[row.id][name], abs=1e-9)


def test_an_interrupted_check_says_what_it_found_so_far(
    capsys: pytest.CaptureFixture[str], mixed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from solitaire.ui import kinds

    stored = rows(mixed)
    summary = stored[0][2]
    summary["total"] += 1
    resign(mixed, stored[0][0], "summary", json.dumps(summary, separators=(",", ":")))
    real = kinds.disagreement
    calls = 0

    def then_ctrl_c(*args: Any) -> str | None:
        nonlocal calls
        calls += 1
        if calls == 4:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(kinds, "disagreement", then_ctrl_c)
    status, out, _ = run(capsys, "history", "--check", "--data-dir", str(mixed))
    assert status == 130
    assert out.splitlines() == [
        f"game 1 (patience game): its total says {summary['total']}, "
        f"its record {summary['total'] - 1}",
        "Checked 3 of 16 (interrupted) games against their records: 2 agree, 1 does not.",
    ]


@pytest.mark.parametrize("name", [entry.kind for entry in registered_games()])
def test_what_each_session_stores_is_what_its_record_gives(name: str, tmp_path: Path) -> None:
    """Every game's row as its session writes it, a few moves in (and a patience game to
    its end, reviewed), agrees with its record: the check flags edits, not the program."""
    kind = lifecycle(name)
    with History(tmp_path / "data", kinds=KINDS) as history:
        session = kind.open(history, 3, False)
        for _ in range(3 if kind.kind != "patience" else 7):
            if isinstance(session, PlaySession) and session.game.is_over:
                break
            kind.move(session)
            (row,) = history.games(kind=kind.kind)
            _, text = history.stored_record(row.id, kind.kind)
            assert disagreement(row, text) is None
        if kind.kind == "patience":
            assert row.finished and row.summary["efficiency"] is not None


def test_a_seed_that_differs_is_not_shown(capsys: pytest.CaptureFixture[str], mixed: Path) -> None:
    """A seed (or a deal code) may be secret until its game ends: the check says it differs,
    never what either says."""
    resign(mixed, 1, "seed", "424242")
    status, out, _ = run(capsys, "history", "--check", "--data-dir", str(mixed))
    assert status == 1 and "424242" not in out
    assert out.splitlines()[0] == "game 1 (patience game): its seed is not its record's"
