"""Every field read back from the history is checked, whatever its digest says: a row
edited with its digest recomputed under the history's own key (as its owner could) is
skipped and reported, never shown raw and never a crash; a row whose digest is not
keyed by the history's secret (a plain hash, another history's key) is refused."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solitaire.cli import main
from solitaire.patience.game import Game
from solitaire.patience.strategy import best_strategy, play_out
from solitaire.patience.summary import SHAPE as PATIENCE_SHAPE
from solitaire.store import History
from solitaire.store.schema import COLUMNS, DIGESTED, digest
from solitaire.ui.kinds import KINDS
from tests import stored as pstore

FIXTURES = Path(__file__).parent / "fixtures" / "store"

# Values SQLite stores as given (a column's type would turn "121" into 121, a valid
# value, so such edits are no forgery); each breaks what this program writes there.
EDITS: dict[str, list[object]] = {
    "played_by": ["\x1b]0;owned\x07\x1b[2J\x1b[41mred", "YOU", "", "x" * 30, 5],
    "seed": ["abc", "1" * 41, "-5", "²"],
    "finished": [2, "yes"],
    "summary": ["\x1b[2J", "[]", "{}", '{"total": 1}', b"{}"],
    "record": [b"\x1b[2J"],  # its content is checked by its digest, and when replayed
}
CASES = [(column, value) for column, values in EDITS.items() for value in values]
# The patience's summary fields, forged inside a row's summary.
FIELD_EDITS: dict[str, list[object]] = {
    "deal_code": ["\x1b[2J", "lower", 5],
    "daily": ["2026-13", "\x1b[2Jdate", 20261201],
    "total": ["x", 1.5, 10**12, True, None],
    "rounds": ["six", -(10**9)],
    "hints": ["x", 0.5],
    "undos": [False, -1],
    "efficiency": ["high", 1e300],
    "perfect_expected": ["x", -1e300],
    "hindsight_best": ["ninety", 1.5],
}
FIELD_CASES = [(name, value) for name, values in FIELD_EDITS.items() for value in values]


def key_of(data: Path) -> bytes:
    """The history's key, kept in its database."""
    conn = sqlite3.connect(data / "history.sqlite3")
    (key,) = conn.execute("SELECT key FROM history_key").fetchone()
    conn.close()
    return bytes(key)


def forge(data: Path, game_id: int, column: str, value: object, key: bytes | None = None) -> None:
    """Edit one column and recompute the row's digest (under ``key``, by default the
    history's own), as someone with the file and its key could."""
    conn = sqlite3.connect(data / "history.sqlite3", isolation_level=None)
    # The forger's own writes need not wait for the disk (a thousand of them per run); the
    # history then reads the row as it does any row.
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("BEGIN")
    conn.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id))
    row = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM games WHERE id = ?", (game_id,))
    values = dict(zip(COLUMNS, row.fetchone(), strict=True))
    values = {k: v.decode("latin-1") if isinstance(v, bytes) else v for k, v in values.items()}
    new = digest(key if key is not None else key_of(data), game_id, values)
    conn.execute("UPDATE games SET digest = ? WHERE id = ?", (new, game_id))
    conn.execute("COMMIT")
    conn.close()


def forge_field(data: Path, game_id: int, path: tuple[str | int, ...], value: object) -> None:
    """Set one field inside a row's summary, its digest recomputed under the history's key."""
    conn = sqlite3.connect(data / "history.sqlite3")
    (text,) = conn.execute("SELECT summary FROM games WHERE id = ?", (game_id,)).fetchone()
    conn.close()
    summary = json.loads(text)
    place: Any = summary
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    forge(data, game_id, "summary", json.dumps(summary))


def two_games(data: Path) -> None:
    with History(data, kinds=KINDS) as history:
        for seed in (3, 4):
            game = Game.from_seed(seed)
            play_out(game, best_strategy)
            pstore.add(history, game, None, None)


def check_every_reading_command(capsys: pytest.CaptureFixture[str], bad: int = 1) -> None:
    for words in (["history"], ["stats"], ["history", "--json"], ["stats", "--json"]):
        assert main(words) == 0, words
        out, err = capsys.readouterr()
        assert "\x1b" not in out + err and "\x07" not in out + err
        assert "1 game in the history does not check out and was skipped" in err
        assert f"skipped (edited or damaged): {bad}" in err
        assert "Traceback" not in err
    assert main(["replay", str(bad)]) == 2  # replay agrees: the row is refused
    _, err = capsys.readouterr()
    assert "does not check out" in err and "\n" not in err.strip()


@pytest.mark.parametrize(
    ("column", "value"), CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(CASES)]
)
def test_a_forged_row_is_skipped_by_every_reading_command(
    data: Path, capsys: pytest.CaptureFixture[str], column: str, value: object
) -> None:
    two_games(data)
    forge(data, 1, column, value)
    check_every_reading_command(capsys)
    assert main(["replay", "2"]) == 0  # the good row is read as before
    capsys.readouterr()


@pytest.mark.parametrize(
    ("name", "value"), FIELD_CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(FIELD_CASES)]
)
def test_a_forged_summary_field_is_skipped_by_every_reading_command(
    data: Path, capsys: pytest.CaptureFixture[str], name: str, value: object
) -> None:
    two_games(data)
    forge_field(data, 1, (name,), value)
    check_every_reading_command(capsys)


def test_the_columns_checked_cover_every_column_but_the_time() -> None:
    """Every digested column is forged above, but the kind: a row of another kind is
    simply not one of the games listed (the lists ask for a kind)."""
    assert set(EDITS) | {"kind"} == set(DIGESTED)
    assert set(FIELD_EDITS) == set(PATIENCE_SHAPE.fields)


@pytest.mark.parametrize("kind", ["Patience", "patience\x1b[2J", "x" * 40, "chess"])
def test_a_row_of_a_forged_kind_is_never_listed(
    data: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    two_games(data)
    forge(data, 1, "kind", kind)
    assert main(["history"]) == 0 and main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "Traceback" not in err


@pytest.mark.parametrize("how", ["plain", "another history's key", "no key"])
def test_a_row_digested_without_the_historys_key_is_refused(
    data: Path, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    """The finding: a row edited with its digest recomputed as a plain hash was believed.
    Now the digest is keyed by the history's secret, checked the same way everywhere."""
    two_games(data)
    if how == "no key":
        forge(data, 1, "played_by", "you", key=b"")
    elif how == "another history's key":
        forge(data, 1, "played_by", "you", key=b"k" * 32)
    else:
        conn = sqlite3.connect(data / "history.sqlite3")
        row = conn.execute(f"SELECT {', '.join(DIGESTED)} FROM games WHERE id = 1").fetchone()
        plain = hashlib.sha256(json.dumps([1, *row]).encode()).hexdigest()
        conn.execute("UPDATE games SET digest = ? WHERE id = 1", (plain,))
        conn.commit()
        conn.close()
    check_every_reading_command(capsys)


def test_a_row_copied_in_from_another_history_is_refused(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two_games(data)
    other = tmp_path / "other"
    two_games(other)
    conn = sqlite3.connect(data / "history.sqlite3")
    conn.execute("ATTACH ? AS other", (str(other / "history.sqlite3"),))
    conn.execute("UPDATE games SET digest = (SELECT digest FROM other.games WHERE id = 1)")
    conn.commit()
    conn.close()
    for words in (["history"], ["stats"]):
        assert main(words) == 0
        _, err = capsys.readouterr()
        assert "2 games in the history do not check out" in err


# -- every field of every kind's summary ---------------------------------------------------


def leaves(value: object, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """The path of every scalar inside a summary."""
    if isinstance(value, dict):
        for name, inner in value.items():
            yield from leaves(inner, (*path, name))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from leaves(inner, (*path, index))
    else:
        yield path


def wrong_forms(value: object) -> list[object]:
    """Forms of a field's value that this program never writes there."""
    if isinstance(value, bool):
        return [int(value), "true", None]
    if isinstance(value, int):
        return [float(value) + 0.5, float(value), True, str(value), 10**40]
    if isinstance(value, float):
        return [str(value), True, 1e300]
    if isinstance(value, str):
        return [5, "\x1b[2J" + value, "x" * 5000]
    return [True, "x\x1b", -(10**12)]  # null: a field that is empty now


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The schema-2 fixture (every kind of game) migrated once; each test copies it."""
    path = tmp_path_factory.mktemp("migrated") / "data"
    shutil.copytree(FIXTURES / "v2", path)
    with History(path, kinds=KINDS) as history:
        assert not history.skipped
    return path


def test_every_field_of_every_kinds_summary_is_checked(migrated: Path, tmp_path: Path) -> None:
    """The class, generated from the rows themselves: for every field of every kind's
    summary, the wrong types, absurd sizes and escapes are skipped, naming why."""
    conn = sqlite3.connect(migrated / "history.sqlite3")
    rows = conn.execute("SELECT id, kind, summary FROM games").fetchall()
    conn.close()
    tried: dict[str, int] = {}
    for game_id, kind, text in rows:
        summary = json.loads(text)
        for path in leaves(summary):
            place: Any = summary
            for step in path:
                place = place[step]
            for wrong in wrong_forms(place):
                if wrong == place and type(wrong) is type(place):
                    continue
                data = tmp_path / "try"
                shutil.rmtree(data, ignore_errors=True)
                shutil.copytree(migrated, data)
                forge_field(data, game_id, path, wrong)
                with History(data, readonly=True, kinds=KINDS) as history:
                    ids = [row.id for row in history.games(kind=kind)]
                    why = history.skipped.get(game_id)
                assert game_id not in ids and why, (kind, path, wrong)
                tried[kind] = tried.get(kind, 0) + 1
    assert set(tried) == set(KINDS)  # every registered game's rows
    assert min(tried.values()) >= 20, tried


def test_every_kind_read_in_one_pass_is_what_each_kind_reads(
    migrated: Path, tmp_path: Path
) -> None:
    """``games_by_kind`` (what ``stats`` and ``history`` read) gives each kind the rows
    ``games`` gives it, with any limits, and skips and reports the same rows: forged ones,
    of every kind, and rows of a kind not known here are never read."""
    data = tmp_path / "data"
    shutil.copytree(migrated, data)
    conn = sqlite3.connect(data / "history.sqlite3")
    ids = dict(conn.execute("SELECT kind, max(id) FROM games GROUP BY kind").fetchall())
    conn.close()
    assert set(ids) == set(KINDS)
    for kind, game_id in ids.items():
        forge(data, game_id, "played_by", "\x1b[2J" + kind)
    forge(data, min(ids.values()) - 1, "kind", "chess")
    for limits in ({}, {"match": 1, "drill": 2, "tiles": 1}, dict.fromkeys(KINDS, 1)):
        with History(data, readonly=True, kinds=KINDS) as one_pass:
            by_kind = one_pass.games_by_kind(limits)
        with History(data, readonly=True, kinds=KINDS) as each:
            for kind in KINDS:
                assert by_kind[kind] == each.games(limits.get(kind), kind=kind), (kind, limits)
        assert all(by_kind.values())  # every kind has good games to read
        assert one_pass.skipped == each.skipped and one_pass.skipped


@pytest.mark.parametrize(
    ("game_id", "values", "expected"),
    [
        (7, {"kind": "patience", "played_by": "you", "seed": "12", "finished": 1,
             "summary": '{"total":72}', "record": '{"deck":"x"}'},
         "5ad502ff83be9a94c873b92a818d2315afdb495086b8e39fac930abae0e9a95a"),
        (8, {"kind": "tiles", "played_by": "greedy", "seed": None, "finished": 0,
             "summary": '{"names":["Ann ♥ é"]}', "record": "日本".encode()},
         "2af0cc43285ac29c8ddcef5f1d149f0ed44c0e625a9117d5924d4575682012c6"),
    ],
)  # fmt: skip
def test_the_row_digest_keeps_its_form(
    game_id: int, values: dict[str, object], expected: str
) -> None:
    """Every stored row's digest was made this way: a faster digest must give the same."""
    assert digest(b"k" * 32, game_id, values) == expected
    text = {k: v.decode() if isinstance(v, bytes) else v for k, v in values.items()}
    assert digest(b"k" * 32, game_id, text) == expected  # the record as text, when written
