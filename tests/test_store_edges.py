"""Full disks and odd data directories: a history that cannot be made leaves nothing, a data
directory that is a file is one line, output that cannot be written names its file."""

from __future__ import annotations

import errno
import sys
from pathlib import Path
from typing import Any, TextIO

import pytest

from solitaire.cli import main
from solitaire.store import History, StoreError, reading_data_dir, resolve_data_dir
from solitaire.store import history as history_module
from solitaire.store.migration import migrate
from solitaire.ui.kinds import KINDS
from tests.faults import FULL, sqlite_error


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("at", ["schema", "key"])
def test_a_new_history_on_a_full_disk_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: str
) -> None:
    """The first transaction (the schema, the key) fails: no database, no key file is left
    behind, and the next run, with room, starts the history afresh."""
    data = tmp_path / "data"
    data.mkdir()
    real = migrate

    def fail(*args: Any) -> list[str]:
        if at == "key":  # the schema made, the key's row not written
            real(*args)
        raise sqlite_error(FULL)

    with monkeypatch.context() as patched, pytest.raises(StoreError, match="the disk is full"):
        patched.setattr(history_module, "migrate", fail)  # as History calls it
        History(data, kinds=KINDS)
    assert list(data.iterdir()) == []
    with History(data, kinds=KINDS) as history:
        assert history.games_by_kind() == {kind: [] for kind in KINDS} and not history.notices


ONE_LINE = "is a file, not a directory"


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--auto", "best"],
        ["replay", "1"],
        ["match", "--resume", "1"],
        ["drill", "--resume", "1"],
        ["tiles", "--resume", "1"],
        ["stats"],
        ["history"],
        ["history", "--check"],
    ],
    ids=" ".join,
)
@pytest.mark.parametrize("below", [False, True])
def test_a_data_directory_that_is_a_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], below: bool
) -> None:
    """Every command that opens the history, given a file (or a path under one) for its data
    directory: one line naming it, exit 2, the file untouched."""
    file = tmp_path / "notes.txt"
    file.write_text("mine")
    given = file / "cribsol" if below else file
    status, out, err = run(capsys, *argv, "--data-dir", str(given))
    said = f"{file} {ONE_LINE}" if below else f"it {ONE_LINE}"
    assert (status, out) == (2, "")
    assert err == f"cribsol: cannot use data directory {given}: {said}\n"
    assert file.read_text() == "mine"


def test_the_data_directory_helpers_say_a_file_is_not_a_directory(tmp_path: Path) -> None:
    file = tmp_path / "file"
    file.write_text("")
    for helper in (reading_data_dir, resolve_data_dir):
        with pytest.raises(StoreError, match=ONE_LINE):
            helper(str(file))


class _FullFile:
    """Standard output redirected to a file on a disk that is full: every write fails as
    the system fails it (ENOSPC), the file is there (it has a name)."""

    encoding = "utf-8"
    errors = "strict"

    def __init__(self, handle: TextIO) -> None:
        self.handle = handle

    def fileno(self) -> int:
        return self.handle.fileno()

    def isatty(self) -> bool:
        return False

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        pass


@pytest.mark.parametrize(
    ("argv", "what"),
    [
        (["play", "--auto", "best", "--seed", "5", "--json"], "JSON of cribsol play"),
        (["replay", "1", "--json"], "JSON of cribsol replay"),
        (["replay", "1"], "output of cribsol replay"),
        (["history", "--json"], "JSON of cribsol history"),
        (["stats", "--json"], "JSON of cribsol stats"),
        (["score", "5H", "5C", "5S", "JD", "5D"], "output of cribsol score"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
def test_output_to_a_full_disk_names_the_file_and_what_was_not_written(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
    what: str,
) -> None:
    out = tmp_path / "export.json"
    with out.open("w") as handle:
        status, err = _printed_into(capsys, monkeypatch, tmp_path, argv, _FullFile(handle))
    assert status == 2
    assert err == f"cribsol: the {what} was not written (in full) to {out}: the disk is full\n"


def _printed_into(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
    stdout: object,
) -> tuple[int, str]:
    """``cribsol ARGV`` (on a history of one game) printing into ``stdout``: its status and
    what it said on stderr."""
    data = ["--data-dir", str(tmp_path / "data")]
    assert main(["play", "--auto", "best", "--seed", "5", *data]) == 0
    capsys.readouterr()
    with monkeypatch.context() as patched:
        patched.setattr(sys, "stdout", stdout)
        status = main([*argv, *data] if argv[0] != "score" else argv)
    return status, capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="/dev/full is Linux's")
@pytest.mark.parametrize(
    ("argv", "what"),
    [
        (["play", "--auto", "best", "--seed", "5", "--json"], "JSON of cribsol play"),
        (["history", "--json"], "JSON of cribsol history"),
        (["stats"], "output of cribsol stats"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
def test_output_to_dev_full_names_it_and_what_was_not_written(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
    what: str,
) -> None:
    """``> /dev/full``, the way to try a full disk by hand, is a device, not a regular file:
    it is named all the same (a terminal, also a device, never is)."""
    with open("/dev/full", "w") as handle:
        said = _printed_into(capsys, monkeypatch, tmp_path, argv, handle)
    assert said == (
        2,
        f"cribsol: the {what} was not written (in full) to /dev/full: the disk is full\n",
    )
