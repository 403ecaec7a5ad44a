"""At 80 columns the tile game's tables wrap between figures, never inside one: every
figure of ``cribsol replay`` and ``cribsol tiles arena`` printed 300 columns wide is
printed whole on one line at 80 (``nothing = 0``, ``one colour 10``, ``95% 9.5%-90.5%)``)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from solitaire.cli import main
from solitaire.tiles import arena as tile_arena
from solitaire.tiles.arena import ArenaResult

REPLAY_FIGURES = [
    r"(?:15s|pairs|runs|one colour) \d+",
    r"(?:nothing|\d+) = \d+",
    r"\+\d+ (?:first play|all five tiles)",
    r"\d+ : \d+",
]
ARENA_FIGURES = [
    r"\d+ \([\d.]+%,",
    r"95% [\d.]+%-[\d.]+%\)",
    r"\(95% [-+][\d.]+ to [-+][\d.]+\)",
]


def printed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, width: int, *argv: str
) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    assert main(list(argv)) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= width
    return out


def figures(text: str, patterns: list[str]) -> Counter[str]:
    return Counter(
        found
        for line in text.splitlines()
        for pattern in patterns
        for found in re.findall(pattern, line)
    )


def test_a_replayed_game_keeps_every_figure_whole_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game = ["tiles", "--auto", "greedy", "--vs", "greedy", "--seed", "4", "--json"]
    record = tmp_path / "game.json"
    assert main(game) == 0
    record.write_text(capsys.readouterr().out)
    wide = figures(printed(capsys, monkeypatch, 300, "replay", str(record)), REPLAY_FIGURES)
    narrow = figures(printed(capsys, monkeypatch, 80, "replay", str(record)), REPLAY_FIGURES)
    assert wide["nothing = 0"] > 0 and narrow == wide


def test_the_arena_keeps_every_figure_whole_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The run is played once (the expert's games take seconds) and printed at both widths:
    # the second command is given the first one's result, its games reported done as they were.
    played: dict[tuple[object, ...], ArenaResult] = {}
    real = tile_arena.arena

    def once(a: str, b: str, games: int, **options: Any) -> ArenaResult:
        key = (a, b, games, options["seed"], options["jobs"])
        if key not in played:
            played[key] = real(a, b, games, **options)
            return played[key]
        for _ in range(played[key].games):
            options["progress"](1)
        return played[key]

    monkeypatch.setattr(tile_arena, "arena", once)
    arena = ["tiles", "arena", "--a", "expert", "--b", "greedy", "--games", "2", "--jobs", "1"]
    wide = figures(printed(capsys, monkeypatch, 300, *arena), ARENA_FIGURES)
    narrow = figures(printed(capsys, monkeypatch, 80, *arena), ARENA_FIGURES)
    assert sum(wide.values()) == 6 and narrow == wide
    assert len(played) == 1


def test_pieces_break_between_figures_only() -> None:
    from rich.console import Console

    from solitaire.ui.views import Unbroken, figure_pieces

    console = Console(width=14, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(Unbroken(["C4-C7: 15s 4,", "runs 3 = 7"]))
    assert console.export_text().splitlines() == ["C4-C7: 15s 4,", "runs 3 = 7"]
    assert figure_pieces("-9.5 (95% -30.1 to +11.1)") == ["-9.5 (95% -30.1 to +11.1)"]
