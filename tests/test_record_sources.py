"""Where ``cribsol replay`` reads a record from: every kind of source, for every game's record.

A record file and standard input (``-``) are read, bounded; everything else a name can be
(a directory, a FIFO with or without a writer, a device, a socket, a file that cannot be
read) and a closed standard input get one line on stderr, nothing on stdout and exit
status 2, at once: nothing waits for a writer or reads an endless device.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import pytest

from solitaire.cli import main
from solitaire.games import registered_games
from tests.record_samples import record

GAMES: Final = tuple(entry.kind for entry in registered_games())  # each needs a sample record
SECONDS: Final = 5.0  # far more than any of these takes; a hang is what it catches


def replay(source: str, stdin: Any = None) -> tuple[int, str, str]:
    """``cribsol replay SOURCE`` in this process: the status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = stdin
    started = time.monotonic()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["replay", source])
    finally:
        sys.stdin = saved
    assert time.monotonic() - started < SECONDS
    return status, out.getvalue(), err.getvalue()


def refused(source: str, said: str, stdin: Any = None) -> None:
    status, out, err = replay(source, stdin)
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and said in err and "Traceback" not in err, err


class _Closed:
    """A standard input closed in this process (its buffer raises, as a closed file does)."""

    closed = True

    def __init__(self) -> None:
        self.buffer = io.BytesIO()
        self.buffer.close()


@contextlib.contextmanager
def fifo_with_writer(path: Path, text: str) -> Iterator[None]:
    """A FIFO at ``path`` with a writer holding the record, and a reader of our own holding
    it open (so neither end waits)."""
    os.mkfifo(path)
    reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    writer = os.open(path, os.O_WRONLY)
    try:
        os.write(writer, text.encode()[:60_000])
        yield
    finally:
        os.close(writer)
        os.close(reader)


def record_text(game: str) -> str:
    return json.dumps(record(game))


@pytest.mark.parametrize("game", GAMES)
def test_a_record_file_and_standard_input_are_read(game: str, tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(record_text(game))
    assert replay(str(path))[0] == 0
    stdin = io.TextIOWrapper(io.BytesIO(record_text(game).encode()))
    assert replay("-", stdin)[0] == 0


SOURCES: Final[dict[str, tuple[Callable[[Path, str], str], str]]] = {
    "directory": (lambda tmp, text: str(tmp), "it is a directory"),
    "missing file": (lambda tmp, text: str(tmp / "missing.json"), "No such file"),
    "device /dev/zero": (lambda tmp, text: "/dev/zero", "it is a device"),
    "device /dev/null": (lambda tmp, text: "/dev/null", "it is a device"),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", sorted(SOURCES))
def test_what_is_not_a_record_file_is_one_line(game: str, kind: str, tmp_path: Path) -> None:
    make, said = SOURCES[kind]
    refused(make(tmp_path, record_text(game)), said)


@pytest.mark.parametrize("game", GAMES)
def test_a_fifo_with_or_without_a_writer_is_refused_at_once(game: str, tmp_path: Path) -> None:
    lonely = tmp_path / "no-writer"
    os.mkfifo(lonely)
    refused(str(lonely), "is a pipe (FIFO)")
    with fifo_with_writer(tmp_path / "writer", record_text(game)):
        refused(str(tmp_path / "writer"), "is a pipe (FIFO)")


def test_a_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        refused(str(path), "is a socket")


def test_a_file_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    # /proc/self/mem opens as a regular file and fails on reading (EIO), even for root.
    if Path("/proc/self/mem").exists():
        refused("/proc/self/mem", "Input/output error")
    private = tmp_path / "private.json"
    private.write_text(record_text("match"))
    private.chmod(0)
    if os.geteuid() != 0:  # root reads it anyway
        refused(str(private), "Permission denied")


def test_an_unopenable_file_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "record.json"
    path.write_text(record_text("tiles"))

    def denied(*args: object, **kwargs: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", denied)
    refused(str(path), "Permission denied")


@pytest.mark.parametrize("stdin", [None, "closed"])
def test_a_closed_standard_input_is_one_line(stdin: str | None) -> None:
    refused("-", "cannot read standard input", _Closed() if stdin else _Missing())


class _Missing:
    """What Python makes of a standard input closed before it started: no buffer at all."""


def test_a_closed_standard_input_in_a_real_process(tmp_path: Path) -> None:
    env = {**os.environ, "CRIBSOL_DATA_DIR": str(tmp_path / "data")}
    shell = f"exec {sys.executable} -m solitaire replay - <&-"
    result = subprocess.run(
        ["sh", "-c", shell], capture_output=True, text=True, env=env, timeout=30
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "cribsol: cannot read standard input: it is closed\n"


def test_endless_standard_input_is_bounded_in_a_real_process(tmp_path: Path) -> None:
    env = {**os.environ, "CRIBSOL_DATA_DIR": str(tmp_path / "data")}
    with open("/dev/zero", "rb") as zero:
        result = subprocess.run(
            [sys.executable, "-m", "solitaire", "replay", "-"],
            stdin=zero,
            capture_output=True,
            text=True,
            env=env,
            timeout=30,
        )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and "larger than" in result.stderr
