"""A whole year of daily deals: each plays to the end, lands in the history and replays."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.core.dealcode import daily_seed

YEAR = [dt.date(2026, 1, 1) + dt.timedelta(days=n) for n in range(365)]


@pytest.mark.slow
def test_every_daily_of_a_year_plays_files_and_replays(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    data = str(tmp_path / "data")
    records: dict[int, dict[str, object]] = {}
    for day in YEAR:
        monkeypatch.setattr("solitaire.cli.patience_commands.today_date", lambda day=day: day)
        assert main(["play", "--daily", "--auto", "best", "--json", "--data-dir", data]) == 0
        record = json.loads(capsys.readouterr().out)
        assert record["daily"] == day.isoformat() and len(record["rounds"]) == 6
        records[len(records) + 1] = record
    # Half of all daily seeds are past SQLite's INTEGER: the reason seeds are stored as text.
    seeds = [daily_seed(day) for day in YEAR]
    assert sum(seed >= 2**63 for seed in seeds) > 100
    assert main(["history", "--json", "--limit", "1000", "--data-dir", data]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sorted(row["seed"] for row in rows) == sorted(seeds)
    assert all(row["finished"] and row["played_by"] == "best" for row in rows)
    for game_id, record in records.items():
        assert main(["replay", str(game_id), "--json", "--data-dir", data]) == 0
        assert json.loads(capsys.readouterr().out) == record
