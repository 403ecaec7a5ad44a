"""The history's key travels with it: a history copied without ``history.key`` (or with one
that is empty, a directory, /dev/null) still lists every game, marked unchecked, and keeps
listing every game after a new one is stored."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solitaire.cli import main
from solitaire.store import History
from solitaire.ui.kinds import KINDS

FIXTURES = Path(__file__).parent / "fixtures" / "store"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def earlier_release(data: Path) -> None:
    """Make a history of this release what an earlier one wrote: its key in ``history.key``
    beside the database, none in it."""
    conn = sqlite3.connect(data / "history.sqlite3", isolation_level=None)
    (key,) = conn.execute("SELECT key FROM history_key").fetchone()
    conn.execute("DROP TABLE history_key")
    conn.close()
    (data / "history.key").write_text(bytes(key).hex() + "\n")


def todays_history(name: str, tmp_path: Path) -> Path:
    """A history as the release before this one leaves it (schema 3, ``history.key``):
    ``v3`` is one it wrote (a game of every kind in progress); ``v2`` its migration of the
    schema-2 fixture (finished and unfinished games of every kind)."""
    data = tmp_path / name
    shutil.copytree(FIXTURES / name, data)
    if name == "v2":
        with History(data, kinds=KINDS):
            pass
        earlier_release(data)
    assert (data / "history.key").is_file()
    return data


def listed(capsys: pytest.CaptureFixture[str], data: Path) -> tuple[list[dict[str, Any]], str]:
    status, out, err = run(capsys, "history", "--limit", "1000", "--json", "--data-dir", str(data))
    assert status == 0, err
    return json.loads(out), err


def _missing(path: Path) -> None:
    path.unlink()


def _empty(path: Path) -> None:
    path.write_text("")  # what a full disk leaves


def _directory(path: Path) -> None:
    path.unlink()
    path.mkdir()


def _dev_null(path: Path) -> None:
    path.unlink()
    path.symlink_to("/dev/null")


def _garbage(path: Path) -> None:
    path.write_text("not a key\n")


BROKEN: dict[str, tuple[Callable[[Path], None], str]] = {
    "missing": (_missing, "is missing"),
    "empty": (_empty, "is empty"),
    "a directory": (_directory, "is not a regular file"),
    "/dev/null": (_dev_null, "is not a regular file"),
    "not a key": (_garbage, "does not hold a key"),
}


@pytest.mark.parametrize("name", ["v3", "v2"])
def test_a_history_of_today_keeps_checking_its_rows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    """A history written with the side file loads, every row checked; once opened for play
    its key is in the database, so the copy of the database alone still checks them."""
    data = todays_history(name, tmp_path)
    before, err = listed(capsys, data)
    assert before and err == "" and all(row["checked"] for row in before)
    assert {row["kind"] for row in before} == set(KINDS)
    status, _, err = run(capsys, "play", "--auto", "best", "--seed", "5", "--data-dir", str(data))
    assert status == 0 and err == ""
    copy = tmp_path / "copy"
    copy.mkdir()
    shutil.copy(data / "history.sqlite3", copy)  # the database alone, no history.key
    after, err = listed(capsys, copy)
    assert err == "" and all(row["checked"] for row in after)
    assert sorted(row["id"] for row in after) == sorted([*(r["id"] for r in before), len(after)])


@pytest.mark.parametrize("broken", list(BROKEN))
@pytest.mark.parametrize("name", ["v3", "v2"])
def test_a_history_without_its_key_lists_every_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, broken: str
) -> None:
    data = todays_history(name, tmp_path)
    before, _ = listed(capsys, data)
    _, stats_before, _ = run(capsys, "stats", "--json", "--data-dir", str(data))
    spoil, words = BROKEN[broken]
    spoil(data / "history.key")
    ids = sorted(row["id"] for row in before)

    rows, err = listed(capsys, data)
    assert sorted(row["id"] for row in rows) == ids
    assert not any(row["checked"] for row in rows)
    assert f"as the key {data / 'history.key'} {words}:" in err and "edited or damaged" not in err
    assert err.count("\n") == 1
    status, stats_after, _ = run(capsys, "stats", "--json", "--data-dir", str(data))
    assert status == 0 and json.loads(stats_after) == json.loads(stats_before)

    for seed in (5, 6):  # new games, each stored under a key the history now keeps
        status, _, err = run(
            capsys, "play", "--auto", "best", "--seed", str(seed), "--data-dir", str(data)
        )
        assert status == 0, err
        rows, err = listed(capsys, data)
        new = [row for row in rows if row["id"] not in ids]
        assert sorted(row["id"] for row in rows) == [*ids, *(r["id"] for r in reversed(new))]
        assert len(new) == seed - 4 and all(row["checked"] for row in new)
        assert not any(row["checked"] for row in rows if row["id"] in ids)
        assert "edited or damaged" not in err and f"history.key {words}:" in err
        status, shown, _ = run(capsys, "history", "--limit", "1000", "--data-dir", str(data))
        marked = re.findall(r"^ *(\d+)(\??) +\d{4}-", shown, flags=re.MULTILINE)
        assert sorted((int(i), mark) for i, mark in marked) == sorted(
            (row["id"], "" if row["checked"] else "?") for row in rows
        )


def test_the_key_file_brought_back_checks_the_old_rows_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = todays_history("v3", tmp_path)
    kept = (data / "history.key").read_text()
    (data / "history.key").unlink()
    run(capsys, "play", "--auto", "best", "--seed", "5", "--data-dir", str(data))
    (data / "history.key").write_text(kept)
    rows, err = listed(capsys, data)
    assert len(rows) == 5 and all(row["checked"] for row in rows) and err == ""


def test_rows_stored_under_the_new_key_are_still_checked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Losing the key spares only the rows stored before: one stored since and edited is
    skipped as edited."""
    data = todays_history("v3", tmp_path)
    (data / "history.key").unlink()
    run(capsys, "play", "--auto", "best", "--seed", "5", "--data-dir", str(data))
    conn = sqlite3.connect(data / "history.sqlite3")
    conn.execute("UPDATE games SET summary = json_set(summary, '$.total', 121) WHERE id = 5")
    conn.commit()
    conn.close()
    rows, err = listed(capsys, data)
    assert sorted(row["id"] for row in rows) == [1, 2, 3, 4]
    assert "1 game in the history does not check out and was skipped (edited or damaged): 5" in err


def test_reading_a_history_without_its_key_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = todays_history("v3", tmp_path)
    (data / "history.key").unlink()
    before = (data / "history.sqlite3").read_bytes()
    for argv in (["history"], ["stats"], ["replay", "1"]):
        status, _, err = run(capsys, *argv, "--data-dir", str(data))
        assert status == 0 and "as the key" in err and err.count("\n") == 1, err
    assert (data / "history.sqlite3").read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == ["history.sqlite3"]


def test_a_new_history_keeps_its_key_inside(tmp_path: Path) -> None:
    """No side file to lose: the key is in the database, written with its first row."""
    data = tmp_path / "data"
    main(["play", "--auto", "best", "--seed", "5", "--data-dir", str(data)])
    assert sorted(p.name for p in data.iterdir() if p.is_file()) == ["history.sqlite3"]
    conn = sqlite3.connect(data / "history.sqlite3")
    ((key, since),) = conn.execute("SELECT key, since FROM history_key").fetchall()
    assert len(key) == 32 and since == 0
