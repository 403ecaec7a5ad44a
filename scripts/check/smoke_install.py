"""Smoke-test the project as users get it: the built wheel and sdist, installed with pip.

    python scripts/check/smoke_install.py                # build both, install each, run everything
    python scripts/check/smoke_install.py --only wheel   # just the wheel (or: --only sdist)
    python scripts/check/smoke_install.py --dist dist/   # test prebuilt files instead of building
    python scripts/check/smoke_install.py --pip-args "--index-url https://pypi.example/simple"

1. Builds the sdist and the wheel with ``python -m build`` (the wheel made from the sdist) in a
   copy of this checkout, so no stale ``build/`` or ``*.egg-info`` here can hide a missing
   file; checks that both hold every file of ``solitaire/`` and runs ``twine check --strict``.
   ``build`` and ``twine`` go into a throwaway venv when this interpreter lacks them.
2. Installs each into a fresh venv (``pip install FILE``, never ``-e``; pip fetches the
   dependencies and keeps its cache, so a second run is faster), the two side by side, and
   runs the installed ``cribsol`` from an empty directory outside the checkout with a fresh
   ``CRIBSOL_DATA_DIR``: --version, --help and the --help of every command the help lists,
   scores, advice, one computer game of each game whose help offers --auto printed as its
   record and replayed, the history, the stats, simulate, both arenas, each full-screen game
   in an 80x24 pseudo-terminal (its board shows, q quits it, status 0, nothing left running),
   and bad input or no terminal (one line on stderr, status 2, no traceback). The wheel is
   built from the sdist, so pip installing the sdist gives the same files: when they are the
   wheel's install byte for byte (a check of its own), the sdist's venv runs its own import
   and ``cribsol --version``, and every other command once, in the wheel's venv; files
   that differ are a FAIL, and then every command runs in both.

Every check prints ``ok WHAT (S s)`` or ``FAIL WHAT: WHY; it said: LAST LINE``, a failure
followed by the indented tail of what the command said; then the seconds each part took and
``N passed, M failed``. Exit status 1 when anything failed (130 on Ctrl-C). Needs no terminal
and no network but PyPI (or the index pip is set up to use). The temporary files go to
$TMPDIR, else to /dev/shm when it has room (removing thousands of files from a slow disk can
take longer than the checks), else to the system's temporary directory; --tmp DIR chooses.
POSIX only (the pseudo-terminal); standard library only.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import json
import os
import re
import select
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tarfile
import tempfile
import termios
import threading
import time
import zipfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from importlib.util import find_spec
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
PACKAGE: Final = "solitaire"  # the import package whose files the wheel and sdist must hold
DISTRIBUTION: Final = "cribbage_solitaire"  # as its .dist-info folder spells it
_PIP_OWN: Final = ("RECORD", "INSTALLER", "REQUESTED", "direct_url.json")  # about the install
SCRIPT: Final = "cribsol"
KINDS: Final = ("wheel", "sdist")

COMMAND_TIMEOUT: Final = 180.0  # seconds any one command may take
INSTALL_TIMEOUT: Final = 900.0  # pip, build
SCREEN_TIMEOUT: Final = 60.0  # until a full-screen game shows its board
QUIT_TIMEOUT: Final = 15.0  # from q until the game has exited
TAIL_LINES: Final = 15  # lines of a failed command's output shown
SIZE: Final = (24, 80)  # the pseudo-terminal's rows and columns
SHM_ROOM: Final = 2 * 1024**3  # bytes /dev/shm must have free to be used (about 0.4 are)
CHECKS_AT_ONCE: Final = 3  # commands run side by side for each install

# A game played by the computer with --auto, printed as a record with --json and replayed.
# Which games have --auto is read from their --help; these say how to run each one that does.
AUTO_RUNS: Final = {
    "play": ["--auto", "best", "--seed", "7"],
    "match": ["--auto", "standard", "--vs", "expert", "--seed", "7"],
    "tiles": ["--auto", "expert", "--seed", "7"],
}


@dataclass(frozen=True)
class FullScreen:
    """A full-screen game: what its first screen shows once the board is drawn, then keys
    to press there before q, each with what the screen then shows."""

    board: tuple[str, ...]
    keys: tuple[tuple[bytes, tuple[str, ...]], ...] = ()


SCREENS: Final = {
    "play": FullScreen(
        ("Cribbage Solitaire", "round 1 of 6", "Your cards", "q quit"),
        ((b"k", ("How to play Cribbage Solitaire",)),),  # the rules, from RULES.md
    ),
    "match": FullScreen(
        ("deal 1", "Your cards", "crib", "q quit"),
        ((b"k", ("Rules", "page 1 of")),),  # the rules, from match/RULES.md
    ),
    # no seed on the board: a game dealt from a random seed keeps it secret until it ends
    "tiles": FullScreen(("Tiles", "Rack", "bag")),
    "drill": FullScreen(("Pegging drill", "hand 1 of", "Your cards", "q quit")),
}
# What the games say, whatever the exit status, when something broke inside.
BROKEN: Final = (
    "Traceback",
    "stopped on an error",
    "Something went wrong",
    "could not be drawn",
    "terminal too small",
)


# -- reporting and running ----------------------------------------------------------

STOPPING: Final = threading.Event()  # set by Ctrl-C: stop everything, start nothing
_GROUPS: Final[set[int]] = set()  # the process groups of the commands running now
_GROUPS_LOCK: Final = threading.Lock()


@contextlib.contextmanager
def tracked(proc: subprocess.Popen[bytes]) -> Iterator[None]:
    """Keep a started command's process group known until it ends, so that Ctrl-C (or a
    check that is cut short) can stop it; a command started after Ctrl-C is stopped at once."""
    _track(proc.pid)
    try:
        yield
    except BaseException:  # Ctrl-C in the thread waiting for it
        _kill_group(proc.pid)
        raise
    finally:
        _untrack(proc.pid)


def _track(pgid: int) -> None:
    with _GROUPS_LOCK:
        _GROUPS.add(pgid)
    if STOPPING.is_set():
        _kill_group(pgid)


def _untrack(pgid: int) -> None:
    with _GROUPS_LOCK:
        _GROUPS.discard(pgid)


def stop_everything() -> None:
    STOPPING.set()
    with _GROUPS_LOCK:
        groups = list(_GROUPS)
    for pgid in groups:
        _kill_group(pgid)


class Report:
    """The ok and FAIL lines, printed as they come (the two installs run side by side)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.passed = 0
        self.failed = 0

    def ok(self, what: str, seconds: float) -> None:
        if STOPPING.is_set():
            return
        with self.lock:
            self.passed += 1
            print(f"ok {what} ({seconds:.1f} s)", flush=True)

    def fail(self, what: str, why: str, detail: str = "") -> None:
        if STOPPING.is_set():  # after Ctrl-C every check still running fails: say nothing
            return
        lines = [f"FAIL {what}: {_one_line(why)}"]
        tail = detail.rstrip().splitlines()[-TAIL_LINES:]
        lines += [f"    | {line}" for line in tail]
        with self.lock:
            self.failed += 1
            print("\n".join(lines), flush=True)

    def note(self, text: str) -> None:
        if STOPPING.is_set():
            return
        with self.lock:
            print(text, flush=True)


def _one_line(text: str) -> str:
    return " ".join(text.split())


@dataclass(frozen=True)
class Ran:
    """A finished command: its status (None: it timed out), its output and its seconds."""

    argv: Sequence[str]
    status: int | None
    stdout: str
    stderr: str
    seconds: float

    def tail(self) -> str:
        """What to show under a FAIL line: stderr, else stdout."""
        return self.stderr if self.stderr.strip() else self.stdout


def run(
    argv: Sequence[str],
    *,
    env: dict[str, str],
    cwd: Path,
    input: str | None = None,
    timeout: float = COMMAND_TIMEOUT,
) -> Ran:
    """Run a command without a terminal (stdin is its input or nothing at all)."""
    started = time.perf_counter()
    with (
        subprocess.Popen(
            argv,
            stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=cwd,
            start_new_session=True,  # its own process group, so a timeout stops all of it
        ) as proc,
        tracked(proc),
    ):
        data = input.encode() if input is not None else None
        try:
            out, err = proc.communicate(data, timeout=timeout)
            status: int | None = proc.returncode
        except subprocess.TimeoutExpired:
            _kill_group(proc.pid)
            out, err = proc.communicate()
            status = None
    return Ran(
        argv,
        status,
        out.decode("utf-8", "replace"),
        err.decode("utf-8", "replace"),
        time.perf_counter() - started,
    )


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _group_alive(pgid: int) -> bool:
    """Whether a process of the group still runs (a zombie waiting to be reaped by init, as
    a child of a program that has exited may be for a while, does not count)."""
    proc = Path("/proc")
    if proc.is_dir():
        for stat in proc.glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = stat.read_text().rsplit(")", 1)[1].split()
                if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
                    return True
        return False
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# -- the environment ------------------------------------------------------------------

# Variables that would let the checkout, another venv or a user's setup leak into the runs.
_DROPPED: Final = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "VIRTUAL_ENV")


def base_env(pip_cache: Path | None) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in _DROPPED
        and not key.startswith("CRIBSOL_")
        and key not in ("COLUMNS", "LINES")
    }
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", PIP_PROGRESS_BAR="off")
    if pip_cache is not None:
        env["PIP_CACHE_DIR"] = str(pip_cache)
    return env


def venv_bin(venv: Path, name: str) -> Path:
    return venv / "bin" / name


def make_venv(venv: Path, env: dict[str, str], cwd: Path) -> Ran:
    return run([sys.executable, "-m", "venv", str(venv)], env=env, cwd=cwd, timeout=INSTALL_TIMEOUT)


# -- building -----------------------------------------------------------------------


@dataclass
class Dists:
    """The files under test (a kind is missing when it could not be built or found)."""

    files: dict[str, Path] = field(default_factory=dict)
    version: str = ""


def source_files(root: Path) -> list[str]:
    """The checkout's files as a fresh clone would have them, plus new files not yet added
    (ignored ones, such as build/ and *.egg-info, left out); every file when not in git."""
    listed = subprocess.run(
        ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        check=False,
    )
    if listed.returncode == 0:
        names = [name for name in listed.stdout.decode().split("\0") if name]
        return [name for name in names if (root / name).is_file()]
    skip = {".git", ".venv", "build", "dist", "__pycache__", ".mypy_cache", ".ruff_cache"}
    found = []
    for path in root.rglob("*"):
        parts = path.relative_to(root).parts
        if path.is_file() and not any(p in skip or p.endswith(".egg-info") for p in parts):
            found.append(path.relative_to(root).as_posix())
    return found


def copy_checkout(root: Path, dest: Path) -> list[str]:
    names = source_files(root)
    for name in names:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
    return names


class Builder:
    """Builds (or finds) the dists and checks them, with build and twine from wherever they are."""

    def __init__(self, report: Report, work: Path, env: dict[str, str], only: Sequence[str]):
        self.report = report
        self.work = work
        self.env = env
        self.only = only

    def tools(self, pool: Executor, need_build: bool) -> tuple[str | None, Future[str | None]]:
        """The interpreters that run ``build`` and ``twine`` (None: there is none): this one
        when it has them, else a throwaway venv; twine goes in while the build runs."""
        wanted = ("build", "twine") if need_build else ("twine",)
        missing = [name for name in wanted if find_spec(name) is None]
        here: Future[str | None] = Future()
        here.set_result(sys.executable)
        if not missing:
            return sys.executable, here
        venv = self.work / "tools"
        python = str(venv_bin(venv, "python"))
        started = time.perf_counter()
        made = make_venv(venv, self.env, self.work)
        if made.status != 0:
            self.report.fail(
                "python -m venv (for build and twine)", _status_text(made), made.tail()
            )
            failed: Future[str | None] = Future()
            failed.set_result(None)
            return None, failed
        seconds = time.perf_counter() - started

        def install(name: str) -> str | None:
            ran = run(
                [python, "-m", "pip", "install", name],
                env=self.env,
                cwd=self.work,
                timeout=INSTALL_TIMEOUT,
            )
            what = f"pip install {name} into a tools venv"
            if ran.status != 0:
                self.report.fail(what, _status_text(ran), ran.stdout + ran.stderr)
                return None
            self.report.ok(what, ran.seconds + seconds)
            return python

        build = install("build") if "build" in missing else sys.executable
        if not need_build:
            build = None
        twine = pool.submit(install, "twine") if "twine" in missing else here
        return build, twine

    def build(self, build_python: str) -> Path | None:
        """``python -m build`` of a copy of the checkout: the sdist, then the wheel from it."""
        source = self.work / "source"
        out = self.work / "dist"
        names = copy_checkout(ROOT, source)
        ran = run(
            [build_python, "-m", "build", "--outdir", str(out), str(source)],
            env=self.env,
            cwd=self.work,
            timeout=INSTALL_TIMEOUT,
        )
        what = f"python -m build ({len(names)} files of {ROOT})"
        if ran.status != 0:
            self.report.fail(what, _status_text(ran), ran.stdout + ran.stderr)
            return None
        self.report.ok(what, ran.seconds)
        return out

    def find(self, directory: Path) -> Dists:
        """The one wheel and the one sdist in a directory."""
        dists = Dists()
        for kind, pattern in (("wheel", "*.whl"), ("sdist", "*.tar.gz")):
            if kind not in self.only:
                continue
            found = sorted(directory.glob(pattern))
            if len(found) == 1:
                dists.files[kind] = found[0]
            else:
                names = ", ".join(p.name for p in found) or "none"
                self.report.fail(f"{kind} in {directory}", f"expected one {pattern}, found {names}")
        wheel = dists.files.get("wheel")
        sdist = dists.files.get("sdist")
        if wheel is not None:
            dists.version = wheel.name.split("-")[1]
        elif sdist is not None:
            dists.version = sdist.name.removesuffix(".tar.gz").rsplit("-", 1)[1]
        return dists

    def twine_check(self, twine_python: str, dists: Dists) -> None:
        files = [str(path) for path in dists.files.values()]
        if not files:
            return
        ran = run(
            [twine_python, "-m", "twine", "check", "--strict", *files], env=self.env, cwd=self.work
        )
        what = f"twine check --strict {' '.join(Path(f).name for f in files)}"
        if ran.status != 0 or "PASSED" not in ran.stdout:
            self.report.fail(what, _status_text(ran), ran.stdout + ran.stderr)
        else:
            self.report.ok(what, ran.seconds)

    def check_contents(self, dists: Dists) -> None:
        """Every file of the package in the checkout is in the wheel and in the sdist (a data
        file left out of package-data is named here, before any command trips over it)."""
        wanted = {
            name
            for name in source_files(ROOT)
            if name.startswith(f"{PACKAGE}/") and not name.endswith((".pyc", ".pyo"))
        }
        for kind, path in dists.files.items():
            started = time.perf_counter()
            if kind == "wheel":
                with zipfile.ZipFile(path) as wheel:
                    held = set(wheel.namelist())
            else:
                with tarfile.open(path) as sdist:
                    held = {m.name.split("/", 1)[-1] for m in sdist.getmembers() if m.isfile()}
            missing = sorted(wanted - held)
            what = f"{kind} holds the {len(wanted)} files of {PACKAGE}/ in the checkout"
            if missing:
                shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
                hint = "not in [tool.setuptools.package-data] of pyproject.toml?"
                self.report.fail(what, f"{len(missing)} missing: {shown} ({hint})")
            else:
                self.report.ok(what, time.perf_counter() - started)


def _status_text(ran: Ran) -> str:
    if ran.status is None:
        return f"timed out after {ran.seconds:.0f} s"
    return f"exit status {ran.status}"


# -- the pseudo-terminal ------------------------------------------------------------------

_TOKEN: Final = re.compile(
    r"\x1b\[([0-9;?<=>]*)[ -/]*([@-~])"  # a control sequence: its numbers and its letter
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # a window title
    r"|\x1b[()#][0-9A-Za-z]|\x1b.?"  # character sets, other escapes
    r"|[\r\n\b\t]|[^\x1b\r\n\b\t]+"
)


class Screen:
    """Just enough of a terminal to say what its screen shows now: the cursor moves, erasing
    and the alternate screen (what full-screen programs use); colours are dropped."""

    def __init__(self, rows: int, columns: int) -> None:
        self.rows, self.columns = rows, columns
        self.grid = self._blank()
        self.saved = self._blank()
        self.row = self.col = 0

    def _blank(self) -> list[list[str]]:
        return [[" "] * self.columns for _ in range(self.rows)]

    def text(self) -> str:
        return "\n".join("".join(line).rstrip() for line in self.grid).rstrip()

    def feed(self, data: str) -> None:
        for token in _TOKEN.finditer(data):
            if token.group(2) is not None:
                self._control(token.group(1), token.group(2))
            else:
                self._plain(token.group(0))

    def _plain(self, text: str) -> None:
        if text == "\r":
            self.col = 0
        elif text == "\n":
            self.row = min(self.row + 1, self.rows - 1)
        elif text == "\b":
            self.col = max(0, self.col - 1)
        elif text == "\t":
            self.col = min(self.columns - 1, (self.col // 8 + 1) * 8)
        elif not text.startswith("\x1b"):
            for char in text:
                if char.isprintable():
                    self.grid[self.row][self.col] = char
                    self.col = min(self.col + 1, self.columns - 1)

    def _control(self, params: str, letter: str) -> None:
        if params.startswith("?"):
            if params[1:] == "1049" and letter in "hl":  # the alternate screen, in and out
                if letter == "h":
                    self.grid, self.saved = self._blank(), self.grid
                else:
                    self.grid, self.saved = self.saved, self._blank()
            return
        numbers = [int(n) if n.isdigit() else 0 for n in params.split(";")] if params else []
        first = numbers[0] if numbers else 0
        step = first or 1
        if letter in "Hf":
            self.row = min(self.rows, max(1, first or 1)) - 1
            self.col = min(self.columns, max(1, numbers[1] if len(numbers) > 1 else 1)) - 1
        elif letter == "A":
            self.row = max(0, self.row - step)
        elif letter in "BE":
            self.row = min(self.rows - 1, self.row + step)
            self.col = 0 if letter == "E" else self.col
        elif letter == "C":
            self.col = min(self.columns - 1, self.col + step)
        elif letter == "D":
            self.col = max(0, self.col - step)
        elif letter == "G":
            self.col = min(self.columns, step) - 1
        elif letter == "d":
            self.row = min(self.rows, step) - 1
        elif letter == "K":
            line = self.grid[self.row]
            span = {0: range(self.col, self.columns), 1: range(self.col + 1)}
            for col in span.get(first, range(self.columns)):
                line[col] = " "
        elif letter == "J":
            below = range(self.row + 1, self.rows)
            rows = {0: below, 1: range(self.row)}.get(first, range(self.rows))
            for row in rows:
                self.grid[row] = [" "] * self.columns
            if first in (0, 1):
                self._control(str(first), "K")


def stream_text(raw: bytes) -> str:
    """Everything a program wrote, escapes left out: what it said, on any screen."""
    text = raw.decode("utf-8", "replace")
    text = re.sub(r"\x1b\[\d*(?:;\d*)*[HfABEFdG]", "\n", text)
    text = "".join(t.group(0) for t in _TOKEN.finditer(text) if not t.group(0).startswith("\x1b"))
    return text.replace("\r", "")


class Terminal:
    """A program in a pseudo-terminal of :data:`SIZE`, its output kept as it comes."""

    def __init__(self, argv: Sequence[str], env: dict[str, str], cwd: Path) -> None:
        self.master, slave = os.openpty()
        rows, columns = SIZE
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                cwd=cwd,
                start_new_session=True,
            )
        except BaseException:
            os.close(self.master)
            raise
        finally:
            os.close(slave)
        _track(self.proc.pid)
        self.raw = bytearray()
        self.closed = False

    def pump(self, seconds: float) -> None:
        """Read what the program writes for up to ``seconds`` (less once it has closed)."""
        if self.closed:
            time.sleep(min(seconds, 0.05))
            return
        ready, _, _ = select.select([self.master], [], [], seconds)
        if not ready:
            return
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: every copy of the terminal's other side is closed
            chunk = b""
        if chunk:
            self.raw += chunk
        else:
            self.closed = True

    def screen(self) -> str:
        """What the terminal's screen shows now."""
        screen = Screen(*SIZE)
        screen.feed(bytes(self.raw).decode("utf-8", "replace"))
        return screen.text()

    def said(self) -> str:
        """All it wrote, on any screen (the parting line is printed after the game's screen)."""
        return stream_text(bytes(self.raw))

    def wait_for(self, markers: Sequence[str], timeout: float) -> list[str]:
        """Wait until the screen shows every marker; returns those it never showed."""
        deadline = time.monotonic() + timeout
        while True:
            missing = [marker for marker in markers if marker not in self.screen()]
            if not missing or time.monotonic() >= deadline:
                return missing
            if self.closed and self.proc.poll() is not None:
                return missing
            self.pump(min(0.2, max(0.0, deadline - time.monotonic())))

    def send(self, keys: bytes) -> None:
        with contextlib.suppress(OSError):
            os.write(self.master, keys)

    def wait_exit(self, timeout: float) -> int | None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            self.pump(0.1)
        status = self.proc.poll()
        if status is not None:  # what it wrote just before it went
            end = time.monotonic() + 1.0
            while not self.closed and time.monotonic() < end:
                self.pump(0.1)
        return status

    def close(self) -> None:
        if self.proc.poll() is None:
            _kill_group(self.proc.pid)
            self.proc.wait()
        _untrack(self.proc.pid)
        os.close(self.master)


# -- one installed copy -------------------------------------------------------------------


@dataclass
class Expect:
    status: int = 0
    stdout_has: Sequence[str] = ()
    stderr_lines: int | None = 0  # non-blank lines on stderr; None: any


class Install:
    """One wheel or sdist: its venv, its pip install, then every check of its ``cribsol``."""

    def __init__(
        self, report: Report, kind: str, work: Path, env: dict[str, str], pip_args: Sequence[str]
    ) -> None:
        self.report = report
        self.kind = kind
        self.work = work / kind
        self.venv = self.work / "venv"
        self.cwd = self.work / "cwd"  # empty and outside the checkout: nothing to import here
        self.data = self.work / "data"
        self.pip_args = list(pip_args)
        self.cribsol = str(venv_bin(self.venv, SCRIPT))
        for directory in (self.cwd, self.data):
            directory.mkdir(parents=True)
        self.env = dict(env)
        self.env["PATH"] = f"{self.venv / 'bin'}{os.pathsep}{env.get('PATH', os.defpath)}"
        self.env["CRIBSOL_DATA_DIR"] = str(self.data)
        self.xdg = self.work / "xdg-data"  # where the user's own data would go without it
        self.xdg.mkdir()
        self.env["XDG_DATA_HOME"] = str(self.xdg)
        self.made: Ran | None = None

    def label(self, what: str) -> str:
        return f"{self.kind}: {what}"

    def make_venv(self) -> None:
        """Done while the dists are built."""
        self.made = make_venv(self.venv, self.env, self.cwd)

    def install(self, path: Path) -> bool:
        if self.made is None or self.made.status != 0:
            why = _status_text(self.made) if self.made else "never made"
            self.report.fail(
                self.label("python -m venv"), why, self.made.tail() if self.made else ""
            )
            return False
        python = str(venv_bin(self.venv, "python"))
        argv = [python, "-m", "pip", "install", *self.pip_args, str(path)]
        ran = run(argv, env=self.env, cwd=self.cwd, timeout=INSTALL_TIMEOUT)
        what = self.label(f"pip install {path.name} into a fresh venv")
        if ran.status != 0:
            self.report.fail(what, _status_text(ran), ran.stdout + ran.stderr)
            return False
        self.report.ok(what, ran.seconds + self.made.seconds)
        checked = run([python, "-m", "pip", "check"], env=self.env, cwd=self.cwd)
        what = self.label("pip check (the dependencies installed fit)")
        if checked.status != 0:
            self.report.fail(what, _status_text(checked), checked.stdout + checked.stderr)
        else:
            self.report.ok(what, checked.seconds)
        return True

    # -- running cribsol -------------------------------------------------------------

    def check(
        self,
        args: Sequence[str],
        expect: Expect | None = None,
        *,
        input: str | None = None,
        what: str | None = None,
    ) -> Ran | None:
        """Run ``cribsol ARGS`` and check it; returns the run when it passed."""
        expect = expect or Expect()
        ran = run([self.cribsol, *args], env=self.env, cwd=self.cwd, input=input)
        what = self.label(what or shlex.join([SCRIPT, *args]))
        why = self._problem(ran, expect)
        if why is not None:
            said = [line.strip() for line in ran.tail().splitlines() if line.strip()]
            if said and said[-1] not in why:
                why = f"{why}; it said: {said[-1]}"
            self.report.fail(what, why, ran.tail())
            return None
        self.report.ok(what, ran.seconds)
        return ran

    @staticmethod
    def _problem(ran: Ran, expect: Expect) -> str | None:
        if ran.status is None:
            return _status_text(ran)
        if "Traceback" in ran.stderr or "Traceback" in ran.stdout:
            return f"a traceback (exit status {ran.status})"
        if ran.status != expect.status:
            return f"exit status {ran.status}, expected {expect.status}"
        lines = [line for line in ran.stderr.splitlines() if line.strip()]
        if expect.stderr_lines is not None and len(lines) != expect.stderr_lines:
            said = f": {lines[0]}" if lines else ""
            return f"{len(lines)} lines on stderr, expected {expect.stderr_lines}{said}"
        if expect.status == 0 and not ran.stdout.strip():
            return "printed nothing"
        for part in expect.stdout_has:
            if part not in ran.stdout:
                return f"its output lacks {part!r}"
        return None

    def installed_files(self) -> dict[str, str]:
        """The installed package's files and its dist-info's, each path with the SHA-256 of
        its bytes; left out are what pip writes about the install itself (where from, the
        installer, the record of paths) and compiled caches."""
        found: dict[str, str] = {}
        for site in sorted(self.venv.glob("lib/python*/site-packages")):
            tops = [site / PACKAGE, *site.glob(f"{DISTRIBUTION}-*.dist-info")]
            for top in tops:
                for path in sorted(top.rglob("*")):
                    name = path.relative_to(site).as_posix()
                    if path.is_file() and "__pycache__" not in path.parts:
                        if path.parent.name.endswith(".dist-info") and path.name in _PIP_OWN:
                            continue
                        found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
        return found

    def same_as(self, other: Install) -> bool:
        """This install's files are the ``other``'s, byte for byte (a FAIL names those that
        differ); then every command would run the same code, and runs once, in ``other``."""
        ours, theirs = self.installed_files(), other.installed_files()
        differ = sorted(
            name for name in ours.keys() | theirs.keys() if ours.get(name) != theirs.get(name)
        )
        what = self.label(f"installs the same {len(ours)} files as the {other.kind}, byte for byte")
        if differ or not ours:
            shown = ", ".join(differ[:8]) + (" ..." if len(differ) > 8 else "")
            self.report.fail(what, f"{len(differ)} differ: {shown or 'nothing installed'}")
            return False
        self.report.ok(what, 0.0)
        return True

    def run_same(self, version: str, other: Install) -> None:
        """The checks of an install whose files are the ``other``'s: what is its own (the
        package imported from its venv, its ``cribsol`` script running), every command's
        check having run on the same files there."""
        self.check_import()
        if self.check(["--version"], Expect(stdout_has=[f"{SCRIPT} {version}"])) is not None:
            self.report.note(
                f"{self.kind}: every other command runs the same files: checked in the "
                f"{other.kind}'s venv"
            )

    def run_all(self, version: str) -> None:
        """Every check, three at a time (the history and the stats once there are games), if
        ``cribsol --version`` runs at all; then nothing was written outside the data dirs."""
        self.check_import()
        if self.check(["--version"], Expect(stdout_has=[f"{SCRIPT} {version}"])) is None:
            self.report.note(f"{self.kind}: its other checks are skipped ({SCRIPT} does not run)")
            return

        def games_then_history() -> None:
            self.check_auto_games(self.check_helps())
            self.check(["history"], Expect(stdout_has=["seed 7"]))
            self.check(["stats"])

        five = ["5H", "5C", "5S", "JD", "5D"]
        checks: list[Callable[[], object]] = [
            games_then_history,  # the longest chain first, then the slowest single commands
            partial(
                self.check,
                ["tiles", "arena", "--games", "2"],
                Expect(stdout_has=["Arena", "2 games"]),
            ),
            partial(
                self.check,
                ["arena", "--a", "standard", "--b", "expert", "--games", "4"],
                Expect(stdout_has=["Arena", "4 games"]),
            ),
            *(partial(self.check_screen, game) for game in SCREENS),
            partial(self.check, ["score", *five], Expect(stdout_has=["29"])),
            partial(
                self.check, ["score", "--json", "--crib", *five], Expect(stdout_has=['"total": 29'])
            ),
            partial(
                self.check,
                ["advise", *five, "2C"],
                Expect(stdout_has=["Why the best beats the next best"]),
            ),
            partial(self.check, ["simulate", "--games", "50"], Expect(stdout_has=["50 games"])),
            partial(  # the target table, patience/data/future.json
                self.check,
                ["simulate", "--games", "20", "--target", "121", "--jobs", "2"],
                Expect(stdout_has=["20 games"]),
            ),
            *self.bad_input_checks(),
        ]
        with ThreadPoolExecutor(CHECKS_AT_ONCE) as pool:
            for done in [pool.submit(check) for check in checks]:
                done.result()
        self.check_nothing_elsewhere()

    def check_nothing_elsewhere(self) -> None:
        """No command wrote to the user data directory: CRIBSOL_DATA_DIR was heeded."""
        what = self.label("nothing written to $XDG_DATA_HOME (CRIBSOL_DATA_DIR heeded)")
        written = sorted(str(p.relative_to(self.xdg)) for p in self.xdg.rglob("*"))
        if written:
            self.report.fail(what, f"found {', '.join(written[:5])}")
        else:
            self.report.ok(what, 0.0)

    def check_import(self) -> None:
        """The package imported is the installed one, not the checkout's."""
        python = str(venv_bin(self.venv, "python"))
        code = f"import {PACKAGE}; print({PACKAGE}.__file__)"
        ran = run([python, "-c", code], env=self.env, cwd=self.cwd)
        what = self.label(f"import {PACKAGE} from the venv")
        where = ran.stdout.strip()
        if ran.status != 0:
            self.report.fail(what, _status_text(ran), ran.tail())
        elif not Path(where).resolve().is_relative_to(self.venv.resolve()):
            self.report.fail(what, f"imported from {where}, not from {self.venv}")
        else:
            self.report.ok(what, ran.seconds)

    def check_helps(self) -> dict[str, str]:
        """--help, then the --help of every command it lists, and of theirs in turn; returns
        each command's help by its words ("tiles arena")."""
        top = self.check(["--help"], Expect(stdout_has=["usage:"]))
        if top is None:
            return {}
        listed = listed_commands(top.stdout)
        if not listed:
            self.report.fail(self.label("cribsol --help lists commands"), "none found", top.stdout)
            return {}
        helps: dict[str, str] = {}
        queue = [[name] for name in listed]
        while queue:
            words = queue.pop(0)
            usage = f"usage: {SCRIPT} {' '.join(words)}"
            ran = self.check([*words, "--help"], Expect(stdout_has=[usage]))
            if ran is not None:
                helps[" ".join(words)] = ran.stdout
                queue += [[*words, name] for name in listed_commands(ran.stdout)]
        self.report.note(f"{self.kind}: commands found in the help: {', '.join(helps)}")
        return helps

    def check_auto_games(self, helps: dict[str, str]) -> None:
        """Each game whose help offers --auto: one game as a JSON record, then replayed."""
        automatic = [name for name, text in helps.items() if " " not in name and "--auto" in text]
        for game in dict.fromkeys([*SCREENS, *automatic]):
            text = helps.get(game)
            if text is None:
                self.report.fail(self.label(f"{SCRIPT} {game}"), "not among the commands")
                continue
            offers = "--auto" in text and "--json" in text
            if offers != (game in AUTO_RUNS):
                said = "offers --auto and --json" if offers else "has no --auto with --json"
                self.report.fail(
                    self.label(f"{SCRIPT} {game} --help"),
                    f"it {said}; update AUTO_RUNS in {Path(__file__).name}",
                )
            if not offers or game not in AUTO_RUNS:
                continue
            played = self.check([game, *AUTO_RUNS[game], "--json"])
            if played is None:
                continue
            try:
                record = json.loads(played.stdout)
            except ValueError as error:
                self.report.fail(
                    self.label(f"{game} --auto --json prints JSON"), str(error), played.stdout
                )
                continue
            if not isinstance(record, dict):
                self.report.fail(
                    self.label(f"{game} --auto --json prints a record"),
                    f"a {type(record).__name__}, not an object",
                )
                continue
            # The game's own replay command when it has one (tiles replay), else replay.
            replay = [game, "replay"] if f"{game} replay" in helps else ["replay"]
            self.check(
                [*replay, "-"],
                Expect(stdout_has=["Replayed and re-scored"]),
                input=played.stdout,
                what=f"{SCRIPT} {game} {shlex.join(AUTO_RUNS[game])} --json | "
                f"{SCRIPT} {' '.join(replay)} -",
            )

    def check_screen(self, game: str) -> None:
        """The game full-screen in a pseudo-terminal with a data directory of its own (no
        saved game to offer): the board shows, q quits, status 0, nothing left running."""
        data = self.work / f"data-{game}"
        data.mkdir()
        env = {**self.env, "TERM": "xterm-256color", "CRIBSOL_DATA_DIR": str(data)}
        spec = SCREENS[game]
        pressed = "".join(f"{key.decode()}, " for key, _ in spec.keys)
        what = self.label(f"{SCRIPT} {game} in an {SIZE[1]}x{SIZE[0]} terminal, {pressed}q")
        started = time.perf_counter()
        term = Terminal([self.cribsol, game], env, self.cwd)
        try:
            missing = term.wait_for(spec.board, SCREEN_TIMEOUT)
            shown = time.perf_counter() - started
            for key, shows in spec.keys:
                if missing:
                    break
                term.send(key)
                missing = term.wait_for(shows, QUIT_TIMEOUT)
            if missing:
                waited = time.perf_counter() - started
                why = f"the screen never showed {missing} (waited {waited:.0f} s)"
                if term.proc.poll() is not None:
                    why = f"exited with status {term.proc.returncode}; {why}"
                self.report.fail(what, why, term.screen() + "\n" + term.said()[-2000:])
                return
            term.send(b"q")
            status = term.wait_exit(QUIT_TIMEOUT)
            said = term.said()
            broken = next((phrase for phrase in BROKEN if phrase in said), None)
            last = said.strip().splitlines()[-1].strip() if said.strip() else ""
            if status is None:
                why = f"still running {QUIT_TIMEOUT:.0f} s after q"
                self.report.fail(what, why, term.screen())
            elif broken is not None:
                self.report.fail(what, f"it says {broken!r} (exit status {status})", said)
            elif status != 0:
                self.report.fail(what, f"exit status {status} after q; it said: {last}", said)
            elif self._left_running(term.proc.pid):
                self.report.fail(what, "processes it started still ran 5 s after it exited")
            else:
                self.report.ok(
                    f"{what} (board in {shown:.1f} s; said {last!r})",
                    time.perf_counter() - started,
                )
        finally:
            term.close()

    @staticmethod
    def _left_running(pgid: int, grace: float = 5.0) -> bool:
        deadline = time.monotonic() + grace
        while _group_alive(pgid):
            if time.monotonic() > deadline:
                _kill_group(pgid)
                return True
            time.sleep(0.05)
        return False

    def bad_input_checks(self) -> list[Callable[[], object]]:
        """Bad input and no terminal: one line on stderr, status 2, no traceback."""
        refused = Expect(status=2, stderr_lines=1)
        checks: list[Callable[[], object]] = [
            partial(self.check, ["score", "5H", "5H"], refused),
            partial(self.check, ["no-such-command"], refused),
            partial(
                self.check,
                ["replay", "-"],
                refused,
                input="this is not a game record\n",
                what=f"{SCRIPT} replay - < (not a record)",
            ),
        ]
        for game in SCREENS:  # stdin is no terminal here
            checks.append(
                partial(self.check, [game], refused, what=f"{SCRIPT} {game} without a terminal")
            )
        return checks


def listed_commands(help_text: str) -> list[str]:
    """The commands an argparse help lists under its ``COMMAND ...`` (or ``{a,b} ...``)."""
    usage = help_text.split("\n\n", 1)[0]
    found = re.search(r"(?:^|\s)([^\s\[\]]+) \.\.\.(?=\s|$)", usage)
    if found is None:
        return []
    lines = help_text.splitlines()
    header = next(
        (i for i, line in enumerate(lines) if line.strip() == found.group(1) and i > 0), None
    )
    if header is None:
        return []
    depth = _indent(lines[header])
    names: list[str] = []
    entry_depth: int | None = None
    for line in lines[header + 1 :]:
        if not line.strip() or _indent(line) <= depth:
            break
        entry_depth = entry_depth if entry_depth is not None else _indent(line)
        if _indent(line) == entry_depth:
            names.append(line.split()[0])
    return names


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


# -- the whole run -------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Build the wheel and the sdist, install each into a fresh venv and run "
        "every cribsol command there.",
    )
    parser.add_argument(
        "--dist", type=Path, metavar="DIR", help="test the wheel and sdist in DIR, not a build"
    )
    parser.add_argument("--only", choices=KINDS, help="test only the wheel or only the sdist")
    parser.add_argument(
        "--pip-args",
        default="",
        metavar="ARGS",
        help="more arguments for pip install of the wheel and sdist, as one string "
        '(e.g. "--index-url URL"); PIP_* variables reach every pip run',
    )
    parser.add_argument(
        "--pip-cache",
        type=Path,
        metavar="DIR",
        help="pip's cache (default: pip's own, or $PIP_CACHE_DIR), kept between runs",
    )
    parser.add_argument(
        "--tmp",
        type=Path,
        metavar="DIR",
        help="where the temporary directory goes (default: $TMPDIR, else /dev/shm when it "
        "has room, else the system's)",
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep the temporary directory and say where it is"
    )
    return parser.parse_args(argv)


@contextlib.contextmanager
def workspace(
    parent: Path | None, keep: bool, report: Report, times: dict[str, float]
) -> Iterator[Path]:
    """A temporary directory for everything, removed at the end unless kept."""
    work = Path(tempfile.mkdtemp(prefix="cribsol-smoke-", dir=parent or temp_parent())).resolve()
    try:
        yield work
    finally:
        if keep:
            report.note(f"kept {work}")
        else:
            started = time.perf_counter()
            shutil.rmtree(work, ignore_errors=True)
            times["cleanup"] = time.perf_counter() - started


def temp_parent() -> Path | None:
    """$TMPDIR when set; else /dev/shm when it has room (thousands of files are written and
    removed, which a slow disk makes the longest step); else the system's default."""
    if os.environ.get("TMPDIR"):
        return None
    shm = Path("/dev/shm")
    with contextlib.suppress(OSError):
        room = os.statvfs(shm)
        if room.f_bavail * room.f_frsize >= SHM_ROOM and os.access(shm, os.W_OK | os.X_OK):
            return shm
    return None


def timed(label: str, times: dict[str, float], action: Callable[[], None]) -> None:
    started = time.perf_counter()
    try:
        action()
    finally:
        times[label] = time.perf_counter() - started


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    # Run in the background by scripts/test, which stops it with SIGTERM (a background
    # job's SIGINT is ignored): both end the checks as Ctrl-C does, temporary files removed.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _interrupted)
    if os.name != "posix":
        print("smoke_install: needs a POSIX system (the games run in a pseudo-terminal)")
        return 2
    started = time.perf_counter()
    report = Report()
    kinds = [args.only] if args.only else list(KINDS)
    times: dict[str, float] = {}
    pip_cache = args.pip_cache.resolve() if args.pip_cache else None
    env = base_env(pip_cache)
    with (
        workspace(args.tmp, args.keep, report, times) as work,
        ThreadPoolExecutor(len(kinds) + 4) as pool,
    ):
        try:
            report.note(f"working in {work}")
            test_all(report, work, env, args, kinds, pool, times)
        except KeyboardInterrupt:
            stop_everything()  # the checks still running end at once, quietly
            pool.shutdown(wait=True, cancel_futures=True)
            print(f"interrupted: {report.passed} passed, {report.failed} failed so far")
            return 130
    total = time.perf_counter() - started
    parts = ", ".join(f"{label} {seconds:.1f} s" for label, seconds in times.items())
    print(f"seconds: {parts}; total {total:.1f} s")
    print(f"{report.passed} passed, {report.failed} failed")  # the closing line CI reads
    return 1 if report.failed else 0


def test_all(
    report: Report,
    work: Path,
    env: dict[str, str],
    args: argparse.Namespace,
    kinds: Sequence[str],
    pool: Executor,
    times: dict[str, float],
) -> None:
    """Build or find the dists, then test each kind in its venv, side by side."""
    installs = {
        kind: Install(report, kind, work, env, shlex.split(args.pip_args)) for kind in kinds
    }
    # The venvs are made while the dists are built.
    made = {kind: pool.submit(install.make_venv) for kind, install in installs.items()}
    builder = Builder(report, work, env, kinds)
    prepared = time.perf_counter()
    dists, twined = prepare(builder, args.dist, pool)
    times["build" if args.dist is None else "dists"] = time.perf_counter() - prepared

    # The wheel is built from the sdist, so pip installing the sdist builds the same files:
    # when they are, byte for byte, the sdist's commands are the wheel's and run once.
    installed: dict[str, Future[bool]] = {kind: Future() for kind in kinds}

    def test(kind: str) -> None:
        install = installs[kind]
        path = dists.files.get(kind)
        ok = False
        try:
            made[kind].result()
            if path is None:
                report.note(f"{kind}: not tested (there is no {kind})")
                return
            ok = install.install(path)
        finally:
            installed[kind].set_result(ok)  # the sdist waits on the wheel's, whatever came
        if not ok:
            return
        if kind == "sdist" and "wheel" in installs and installed["wheel"].result():
            wheel = installs["wheel"]
            if install.same_as(wheel):
                install.run_same(dists.version, wheel)
                return
        install.run_all(dists.version)

    tested = [pool.submit(timed, kind, times, partial(test, kind)) for kind in kinds]
    for future in [*tested, twined]:
        future.result()


def prepare(builder: Builder, dist: Path | None, pool: Executor) -> tuple[Dists, Future[None]]:
    """Find or build the dists and look inside them; twine checks them meanwhile (the
    future)."""
    build_python, twine_python = builder.tools(pool, need_build=dist is None)
    directory = dist.resolve() if dist is not None else None
    if directory is None and build_python is not None:
        directory = builder.build(build_python)
    dists = Dists()
    if directory is not None:
        dists = builder.find(directory)
        builder.check_contents(dists)

    def check_with_twine() -> None:  # the installs need not wait for twine
        twine = twine_python.result()
        if twine is not None:
            builder.twine_check(twine, dists)

    return dists, pool.submit(check_with_twine)


if __name__ == "__main__":
    sys.exit(main())
