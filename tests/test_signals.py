"""SIGINT, SIGTERM and SIGHUP stop every command that starts workers: each process it
started is gone within seconds, and a run prints the totals of the games it finished.

Each command runs in a process of its own, with tasks made short (a twentieth of a
second of work) so that the first finishes at once, and a line on stderr when it has;
the three signals go to three runs at the same time. Whatever happens, no process of a
test outlives it.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Final

import pytest

ROOT: Final = Path(__file__).resolve().parent.parent
SIGNALS: Final = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
STOP_SECONDS: Final = 5.0  # the promise: every process gone within this of the signal
FIRST: Final = "cribsol-test: first task finished"

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc")

# Runs the command (``cribsol ARGS``) or script (``SCRIPT.py ARGS``) with tasks of
# a twentieth of a second, saying on stderr when the run's first task has finished.
_RUN: Final = f"""
import runpy, sys
import solitaire.core.runs as runs

runs.AIM_SECONDS = 0.05

def announcing(play):
    def announced(self, work, tasks, finished):
        said = []

        def first(index, result):
            finished(index, result)
            if index == 0 and not said:
                said.append(True)
                print({FIRST!r}, file=sys.stderr, flush=True)

        return play(self, work, tasks, first)

    return announced

runs.LocalPool.play = announcing(runs.LocalPool.play)
import solitaire.cluster as cluster  # Dask itself is imported only by a run on a cluster
cluster.DaskCluster.play = announcing(cluster.DaskCluster.play)
target, *sys.argv[1:] = sys.argv[1:]
if target.endswith(".py"):
    sys.path.insert(0, str(__import__("pathlib").Path(target).parent))
    sys.argv[0] = target
    runpy.run_path(target, run_name="__main__")
else:
    from solitaire.cli import main
    sys.exit(main(sys.argv[1:]))
"""


def descendants(pid: int) -> set[int]:
    """Every process started by ``pid`` and by those it started, now."""
    found: set[int] = set()
    for tasks in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            children = {int(child) for child in tasks.read_text().split()}
        except OSError:  # gone meanwhile
            continue
        for child in children - found:
            found |= {child, *descendants(child)}
    return found


def alive(pid: int) -> bool:
    """Running, or stopped: not gone, nor a zombie waiting for its parent to read it."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


class Run:
    """A command under way in a process of its own, and every process it started."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _RUN, *argv],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env=env,
        )
        self.started: set[int] = set()  # every process of it ever seen
        self.err = b""

    def watch(self) -> None:
        self.started |= descendants(self.process.pid)

    def kill(self) -> None:
        """End it and everything it started (a test's last word, pass or fail)."""
        self.watch()
        for pid in (self.process.pid, *self.started):
            if alive(pid):
                with suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        self.process.kill()
        self.process.communicate()


@contextmanager
def runs(argv: list[str], env: dict[str, str], count: int) -> Iterator[list[Run]]:
    started: list[Run] = []
    try:
        for _ in range(count):
            started.append(Run(argv, env))
        yield started
    finally:
        for run in started:
            run.kill()


def wait_for(runs: list[Run], first_task: bool, workers: int = 2, seconds: float = 120) -> None:
    """Until each run has started its ``workers`` and, if asked, finished its first task."""
    selector = selectors.DefaultSelector()
    waiting = {run.process.stderr.fileno(): run for run in runs if run.process.stderr}
    for fd in waiting:
        os.set_blocking(fd, False)
        selector.register(fd, selectors.EVENT_READ)
    deadline = time.monotonic() + seconds
    ready: set[int] = set()
    while len(ready) < len(runs) and time.monotonic() < deadline:
        for key, _ in selector.select(0.05):
            run = waiting[int(key.fd)]
            run.err += os.read(int(key.fd), 65536)
        for fd, run in waiting.items():
            run.watch()
            if run.process.poll() is not None:
                pytest.fail(f"ended before the signal: {run.err.decode()}")
            if len(run.started) >= workers and (not first_task or FIRST.encode() in run.err):
                ready.add(fd)
    selector.close()
    for fd in waiting:
        os.set_blocking(fd, True)
    assert len(ready) == len(runs), "a run never got under way"


def stop(runs: list[Run]) -> list[tuple[int, str, str]]:
    """Each run sent its own signal: its exit status, stdout and stderr, once every process
    it started is gone, which must be within :data:`STOP_SECONDS`."""
    sent = time.monotonic()
    for run, number in zip(runs, SIGNALS, strict=True):
        run.watch()
        run.process.send_signal(number)
    ended = []
    for run, number in zip(runs, SIGNALS, strict=True):
        left = max(0.1, sent + STOP_SECONDS - time.monotonic())
        try:
            out, err = run.process.communicate(timeout=left)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{number.name}: the command still ran {STOP_SECONDS} s later")
        while time.monotonic() < sent + STOP_SECONDS and any(map(alive, run.started)):
            time.sleep(0.02)
        lasting = sorted(pid for pid in run.started if alive(pid))
        assert not lasting, f"{number.name}: processes {lasting} outlived the command"
        ended.append((run.process.returncode, out.decode(), (run.err + err).decode()))
    return ended


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "CRIBSOL_DATA_DIR": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}


@pytest.mark.parametrize(
    ("argv", "total"),
    [
        (["simulate", "--strategy", "random", "--games", "10000000"], 10_000_000),
        (["arena", "--a", "easy", "--b", "easy", "--games", "1000000"], 1_000_000),
        (["tiles", "arena", "--a", "greedy", "--b", "greedy", "--games", "100000"], 100_000),
    ],
    ids=["simulate", "arena", "tiles-arena"],
)
def test_each_signal_ends_a_runs_workers_and_prints_its_finished_games(
    env: dict[str, str], argv: list[str], total: int
) -> None:
    with runs(["cribsol", *argv, "--jobs", "2", "--json"], env, len(SIGNALS)) as started:
        wait_for(started, first_task=True)
        ended = stop(started)
    for number, (status, out, err) in zip(SIGNALS, ended, strict=True):
        assert status == 130, f"{number.name}: {err}"
        summary = json.loads(out)
        assert summary["interrupted"] and 0 < summary["games"] < total, number.name
        last = err.strip().splitlines()[-1]
        assert last == f"cribsol: interrupted; {summary['games']:,} finished games reported"


BUILDERS: Final = {
    "build_lead_table": ["--jobs", "2", "--out", "{out}"],
    "build_future": ["--jobs", "2", "--games", "100000000", "--out", "{out}"],
    "build_tile_leaves": ["--jobs", "2", "--games", "100000", "--out", "{out}"],
    "build_win_chance": ["--jobs", "2", "--games", "100000", "--out", "{out}"],
    "build_expert_tables": ["--jobs", "2", "--games", "10000000", "--out", "{out}"],
}


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_each_signal_ends_a_builders_workers_and_writes_nothing(
    env: dict[str, str], tmp_path: Path, name: str
) -> None:
    out = tmp_path / "table"
    argv = [str(ROOT / "scripts" / "build" / f"{name}.py")]
    argv += [word.format(out=out) for word in BUILDERS[name]]
    with runs(argv, env, len(SIGNALS)) as started:
        wait_for(started, first_task=False)
        ended = stop(started)
    for number, (status, _, err) in zip(SIGNALS, ended, strict=True):
        assert status == 130, f"{number.name}: {err}"
        assert err.strip().splitlines()[-1] == f"{name}: interrupted, nothing written"
    assert not out.exists()
