"""What the commands print: no line of any command's text ends in blanks (a table's padding),
in plain text and in colour, for every command that prints text and every game it shows."""

from __future__ import annotations

import errno
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire import cli
from solitaire.cli import main
from solitaire.match.summary import drill_from_record, match_from_record
from solitaire.store import History, Summary
from solitaire.tiles.summary import tile_from_record
from solitaire.ui.kinds import KINDS, MATCH, TILES
from solitaire.ui.views import TrimmedOutput

ROOT = Path(__file__).resolve().parent
DRILL = ROOT / "fixtures" / "drill" / "expert-first-before-honest.json"
STYLE = re.compile(r"\x1b\[[0-9;]*m")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


def blank_ended(text: str) -> list[str]:
    """The lines of ``text`` that end in a blank once their style codes are read past."""
    return [
        line for line in text.splitlines() if STYLE.sub("", line) != STYLE.sub("", line).rstrip()
    ]


def _write(capsys: pytest.CaptureFixture[str], path: Path, *argv: str) -> Path:
    path.write_text(run(capsys, *argv), encoding="utf-8")
    return path


@pytest.fixture
def data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, dict[str, Path]]:
    """A history with a game of every kind, finished, and each game's record as a file."""
    folder = tmp_path / "data"
    dirs = ["--data-dir", str(folder)]
    files = {
        "patience": _write(
            capsys, tmp_path / "p.json", "play", "--auto", "best", "--seed", "4", "--json", *dirs
        ),
        "match": _write(
            capsys,
            tmp_path / "m.json",
            "match",
            "--auto",
            "standard",
            "--vs",
            "easy",
            "--seed",
            "5",
            "--games",
            "2",
            "--json",
        ),
        "tiles": _write(
            capsys, tmp_path / "t.json", "tiles", "--auto", "greedy", "--seed", "3", "--json"
        ),
        "drill": DRILL,
    }
    with History(folder, kinds=KINDS) as history:
        text = files["match"].read_text(encoding="utf-8")
        history.add(MATCH, text, Summary(*match_from_record(text)))
        text = files["tiles"].read_text(encoding="utf-8")
        history.add(TILES, text, Summary(*tile_from_record(text)))
        text = DRILL.read_text(encoding="utf-8")
        history.add("drill", text, Summary(*drill_from_record(text)))
    return folder, files


def _commands(folder: Path, files: dict[str, Path]) -> list[list[str]]:
    dirs = ["--data-dir", str(folder)]
    replays = [["replay", str(path)] for path in files.values()]
    return [
        *replays,
        ["replay", str(files["match"]), "--deal", "2", "--game", "1"],
        ["replay", str(files["match"]), "--totals"],
        *(["replay", str(n), *dirs] for n in (1, 2, 3, 4)),
        ["history", *dirs],
        ["stats", *dirs],
        ["advise", "5H", "5S", "JD", "4C", "9S", "KD"],
        ["score", "5H", "5S", "JD", "4C", "5D"],
        ["simulate", "--games", "20", "--seed", "1"],
        ["arena", "--a", "standard", "--b", "easy", "--games", "2", "--seed", "1"],
        ["tiles", "score", "5D", "5L", "10D"],
        ["tiles", "arena", "--games", "2", "--seed", "1", "--a", "greedy", "--b", "greedy"],
    ]


@pytest.mark.parametrize("colour", [False, True], ids=["plain", "colour"])
def test_no_line_of_any_command_ends_in_blanks(
    data: tuple[Path, dict[str, Path]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    colour: bool,
) -> None:
    if colour:
        monkeypatch.setenv("FORCE_COLOR", "1")
    folder, files = data
    for argv in _commands(folder, files):
        out = run(capsys, *argv)
        assert out.strip(), argv
        assert blank_ended(out) == [], (argv, blank_ended(out)[:3])
        if colour:
            assert "\x1b[" in out, argv  # the colour was drawn, and its padding trimmed


@pytest.mark.parametrize("command", ["play", "match", "replay", "history", "stats", "tiles"])
def test_no_line_of_a_commands_help_ends_in_blanks(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    assert "usage:" in out and blank_ended(out) == []


def test_a_line_written_in_pieces_keeps_its_inner_blanks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = TrimmedOutput()
    for piece in ("a  ", "\x1b[1m ", "b   \x1b[0m", "   \n", "c ", "\n"):
        out.write(piece)
    out.write("d  ")
    out.flush()  # a line left open goes out whole
    assert capsys.readouterr().out == "a  \x1b[1m b\x1b[0m\nc\nd  "


class _ReaderGone(io.StringIO):
    """Standard output whose reader has left: every write is a broken pipe."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    def fileno(self) -> int:
        return 1


def test_every_command_whose_reader_leaves_ends_quietly(
    data: tuple[Path, dict[str, Path]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``cribsol history | head -1``: a reader that leaves is not an error, for every command
    that prints (rich's console would end the program itself, with status 1)."""
    folder, files = data
    monkeypatch.setattr(cli, "_stdout_closed", lambda: True)
    monkeypatch.setattr(os, "dup2", lambda *_: None)  # the test's own stdout stays
    for argv in _commands(folder, files):
        with monkeypatch.context() as inside:
            inside.setattr(sys, "stdout", _ReaderGone())
            status = main(list(argv))
        assert (status, capsys.readouterr().err) == (0, ""), argv


def test_a_real_pipe_closed_by_its_reader_ends_quietly(tmp_path: Path) -> None:
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "solitaire", "score", "5H", "5S", "JD", "4C", "5D"],
            stdout=write,
            stderr=subprocess.PIPE,
            env={**os.environ, "CRIBSOL_DATA_DIR": str(tmp_path)},
            timeout=60,
        )
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, b"")
