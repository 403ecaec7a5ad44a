"""A run stopped before its first game finished (a signal at once, a slow first task)
reports no game in plain words and standard JSON: no ``nan`` on screen, no ``NaN`` token
in the JSON, for every command that plays many games."""

from __future__ import annotations

import json
from typing import Any

import pytest

from solitaire.cli import main

RUNS = {
    "simulate": (["simulate", "--games", "50"], "solitaire.patience.simulation._play_chunk"),
    "arena": (["arena", "--a", "easy", "--b", "easy", "--games", "50"],
              "solitaire.match.arena._play_chunk"),
    "tiles arena": (["tiles", "arena", "--a", "greedy", "--b", "greedy", "--games", "50"],
                    "solitaire.tiles.arena._play_task"),
}  # fmt: skip


def _ctrl_c(*args: Any) -> None:
    raise KeyboardInterrupt


def _strict(token: str) -> None:
    raise ValueError(f"not standard JSON: {token}")


@pytest.mark.parametrize("name", list(RUNS))
@pytest.mark.parametrize("as_json", [True, False], ids=["json", "text"])
def test_a_run_stopped_before_any_game_says_so_plainly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str, as_json: bool
) -> None:
    argv, task = RUNS[name]
    monkeypatch.setattr(task, _ctrl_c)
    status = main([*argv, *(["--json"] if as_json else [])])
    out, err = capsys.readouterr()
    assert status == 130
    assert err == "cribsol: interrupted; 0 finished games reported\n"
    if as_json:
        summary = json.loads(out, parse_constant=_strict)
        assert summary["games"] == 0 and summary["interrupted"] is True
    else:
        assert "nan" not in out.lower() and "inf" not in out.lower(), out
        assert out.startswith("No game finished.\n"), out
