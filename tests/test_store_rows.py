"""Every column read back from the history is checked, whatever its digest says: a row
edited with its digest recomputed (the digest is a plain hash today) is skipped and
reported, never shown raw and never a crash."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.patience.game import Game
from solitaire.patience.strategy import best_strategy, play_out
from solitaire.store import _COLUMNS, _DIGESTED, History, _digest

# Values SQLite stores as given (a column's type would turn "121" into 121, a valid
# value, so such edits are no forgery); each breaks what this program writes there.
EDITS: dict[str, list[object]] = {
    "played_by": ["\x1b]0;owned\x07\x1b[2J\x1b[41mred", "YOU", "", "x" * 30, 5],
    "deal_code": ["\x1b[2J", "lower"],
    "seed": ["abc", "1" * 41, "-5", "²"],
    "daily": ["2026-13", "\x1b[2Jdate", 20261201],
    "total": ["x", 1.5, 10**12],
    "finished": [2, "yes"],
    "rounds": ["six", -(10**9)],
    "hints": ["x", 0.5],
    "efficiency": ["high", 1e300],
    "perfect_expected": ["x", -1e300],
    "hindsight_best": ["ninety", 1.5],
    "record": [b"\x1b[2J"],
}
CASES = [(column, value) for column, values in EDITS.items() for value in values]


def forge(data: Path, game_id: int, column: str, value: object) -> None:
    """Edit one column and recompute the row's digest, as someone with the file could."""
    conn = sqlite3.connect(data / "history.sqlite3", isolation_level=None)
    conn.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id))
    row = conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM games WHERE id = ?", (game_id,))
    values = dict(zip(_COLUMNS, row.fetchone(), strict=True))
    digest = _digest([values[c] for c in _DIGESTED])
    conn.execute("UPDATE games SET digest = ? WHERE id = ?", (digest, game_id))
    conn.close()


def two_games(data: Path) -> None:
    with History(data) as history:
        for seed in (3, 4):
            game = Game.from_seed(seed)
            play_out(game, best_strategy)
            history.add(game, None, None)


@pytest.mark.parametrize(
    ("column", "value"), CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(CASES)]
)
def test_a_forged_row_is_skipped_by_every_reading_command(
    data: Path, capsys: pytest.CaptureFixture[str], column: str, value: object
) -> None:
    two_games(data)
    forge(data, 1, column, value)
    for words in (["history"], ["stats"], ["history", "--json"], ["stats", "--json"]):
        assert main(words) == 0, words
        out, err = capsys.readouterr()
        assert "\x1b" not in out + err and "\x07" not in out + err
        assert "1 game in the history does not check out and was skipped" in err
        assert "Traceback" not in err
    assert main(["replay", "2"]) == 0  # the good row is read as before
    capsys.readouterr()


def test_the_columns_checked_cover_every_column_but_the_time() -> None:
    """Every digested column is forged above, but the kind: a row of another kind is
    simply not one of the games listed (the lists ask for a kind)."""
    assert set(EDITS) | {"kind"} == set(_DIGESTED)


@pytest.mark.parametrize("kind", ["Patience", "patience\x1b[2J", "x" * 40])
def test_a_row_of_a_forged_kind_is_never_listed(
    data: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    two_games(data)
    forge(data, 1, "kind", kind)
    assert main(["history"]) == 0 and main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "Traceback" not in err
