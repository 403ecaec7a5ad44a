"""The history as shipped waits for the disk at every commit (the suite turns it off)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.store import History
from solitaire.ui.kinds import KINDS

FULL = 2  # PRAGMA synchronous


def test_the_history_as_shipped_is_durable() -> None:
    code = "from solitaire.store import History; print(History.durable)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "True", done.stderr


def test_a_durable_history_commits_to_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(History, "durable", True)
    with History(tmp_path / "data", kinds=KINDS) as history:
        assert history._conn is not None
        assert history._conn.execute("PRAGMA synchronous").fetchone()[0] == FULL
    monkeypatch.setattr(History, "durable", False)
    with History(tmp_path / "data", kinds=KINDS) as history:
        assert history._conn is not None
        assert history._conn.execute("PRAGMA synchronous").fetchone()[0] == 0
