"""Runs on a Dask cluster: the same totals as this machine's processes, and every fault
said in one line.

A ``LocalCluster`` of two worker processes stands for the machines of a real cluster:
the command line reaches it by its address as it would reach a scheduler elsewhere.
"""

from __future__ import annotations

import errno
import gc
import json
import os
import pickle
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import types
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Final

import dask.config
import distributed
import pytest
from distributed import LocalCluster
from hypothesis import given
from hypothesis import strategies as st

import solitaire.cluster as cluster_module
from solitaire.cli import main
from solitaire.cluster import (
    NOT_A_SCHEDULER,
    QUIET,
    ClusterError,
    DaskCluster,
    check_workers,
    code_identity,
    connect,
    quiet_environment,
)
from solitaire.core.runs import run_tasks
from solitaire.core.untrusted import safe_text
from solitaire.patience.simulation import simulate
from solitaire.patience.target import build_future
from solitaire.tiles.fit_leaves import fit_leaves
from solitaire.tiles.fit_win_chance import SelfPlayGame as Task
from solitaire.tiles.fit_win_chance import self_play_positions
from solitaire.version import version
from tests.test_signals import SIGNALS, runs, stop, wait_for

ROOT = Path(__file__).resolve().parent.parent


def _local_cluster(workers: int = 2, **options: Any) -> LocalCluster:
    """Worker processes of one thread each, no dashboard port taken."""
    make: Any = distributed.LocalCluster  # untyped
    options = {"processes": True, "threads_per_worker": 1, "dashboard_address": ":0", **options}
    return make(n_workers=workers, **options)  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def local_cluster() -> Iterator[LocalCluster]:
    """Two worker processes, one thread each, as a cluster of two small machines."""
    with _local_cluster() as cluster:
        yield cluster


@pytest.fixture
def address(local_cluster: LocalCluster) -> str:
    return str(local_cluster.scheduler_address)


@pytest.fixture
def executor(address: str) -> Iterator[DaskCluster]:
    with connect(address) as connected:
        yield connected


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_quiet_settings_are_those_the_manual_exports() -> None:
    """docs/CLUSTER.md's ``export`` lines are the settings the benchmark measures, and Dask
    started with them in its environment reads back every one of them."""
    manual = (ROOT / "docs" / "CLUSTER.md").read_text(encoding="utf-8")
    exported = dict(
        line.removeprefix("export ").split("=", 1)
        for line in manual.splitlines()
        if line.startswith("export DASK_")
    )
    assert exported == quiet_environment()
    read = dask.config.collect_env(exported)
    assert {key: dask.config.get(key, config=read) for key in QUIET} == QUIET
    assert all(dask.config.get(key) != value for key, value in QUIET.items())  # not the defaults


def _without_times(summary: dict[str, Any]) -> dict[str, Any]:
    """An arena's JSON less the decision times, the one thing in it measured, not played."""
    for side in ("a", "b"):
        summary[side].pop("decision_seconds")
    return summary


def test_simulate_gives_the_same_json_on_the_cluster_as_with_any_jobs(
    capsys: pytest.CaptureFixture[str], address: str
) -> None:
    argv = ("simulate", "--games", "3000", "--seed", "7", "--json")
    status, on_cluster, err = run(capsys, *argv, "--cluster", address)
    assert status == 0, err
    assert run(capsys, *argv, "--jobs", "2")[1] == on_cluster
    assert run(capsys, *argv)[1] == on_cluster
    assert json.loads(on_cluster)["games"] == 3000


def test_simulate_reports_where_it_played(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    """$CRIBSOL_CLUSTER sends a run to the cluster unless --jobs keeps it here."""
    monkeypatch.setenv("CRIBSOL_CLUSTER", address)
    status, out, _ = run(capsys, "simulate", "--games", "300", "--strategy", "random")
    assert status == 0 and f"on the cluster at {address} (2 threads)" in out
    status, out, _ = run(capsys, "simulate", "--games", "300", "--jobs", "2")
    assert status == 0 and "with 2 jobs" in out and "cluster" not in out


def test_the_report_after_a_run_never_asks_a_scheduler_that_may_be_gone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run whose scheduler was lost is reported with the threads last counted: asking again
    (the count is old after a slow run) would fail and lose the finished games' report."""

    class Gone:
        def __init__(self) -> None:
            self.answers = [{"a": 1, "b": 2}]

        def nthreads(self) -> dict[str, int]:
            if not self.answers:
                raise OSError("Timed out trying to connect")
            return self.answers.pop()

    executor = DaskCluster(Gone(), "tcp://127.0.0.1:1")
    monkeypatch.setattr(executor, "_counted", time.monotonic() - 3600)  # counted long ago
    assert executor.where == "the cluster at tcp://127.0.0.1:1 (3 threads)"


def test_a_recount_the_scheduler_does_not_answer_keeps_the_last_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The threads are counted again every few seconds mid-run; a scheduler slow to answer
    is asked for a second at most (a stop waits on no longer), and the last count stands."""
    asked: list[float | None] = []

    class Silent:
        def nthreads(self, callback_timeout: float | None = None) -> dict[str, int]:
            asked.append(callback_timeout)
            if len(asked) > 1:
                raise TimeoutError
            return {"a": 2, "b": 2}

    executor = DaskCluster(Silent(), "tcp://127.0.0.1:1")
    monkeypatch.setattr(executor, "_counted", time.monotonic() - 3600)
    assert executor.slots == 4 and asked == [None, 1.0]


def test_arena_gives_the_same_totals_on_the_cluster(
    capsys: pytest.CaptureFixture[str], address: str
) -> None:
    argv = ("arena", "--a", "easy", "--b", "standard", "--games", "40", "--seed", "3", "--json")
    status, on_cluster, err = run(capsys, *argv, "--cluster", address)
    assert status == 0, err
    here = run(capsys, *argv, "--jobs", "2")[1]
    assert _without_times(json.loads(on_cluster)) == _without_times(json.loads(here))
    assert json.loads(on_cluster)["games"] == 40


def test_tile_arena_gives_the_same_json_on_the_cluster(
    capsys: pytest.CaptureFixture[str], address: str
) -> None:
    argv = ("tiles", "arena", "--a", "greedy", "--b", "greedy", "--games", "4", "--json")
    status, on_cluster, err = run(capsys, *argv, "--cluster", address)
    assert status == 0, err
    assert run(capsys, *argv, "--jobs", "2")[1] == on_cluster


def test_the_table_builders_build_the_same_tables_on_the_cluster(executor: DaskCluster) -> None:
    """scripts/build/build_future.py's, build_tile_leaves.py's and build_win_chance.py's tables,
    whoever plays the games."""
    assert build_future(300, 5, chunk=100, executor=executor) == build_future(300, 5, chunk=100)
    assert fit_leaves(2, seed=77, executor=executor) == fit_leaves(2, seed=77)
    tasks = [Task(seed, "greedy") for seed in (5, 6)]  # the win chance's games
    assert run_tasks(self_play_positions, tasks, executor=executor) == (
        run_tasks(self_play_positions, tasks)
    )


def test_every_task_is_counted_once_in_task_order(executor: DaskCluster) -> None:
    seen: list[int] = []
    results, interrupted = run_tasks(abs, range(-60, 0), done=seen.append, executor=executor)
    assert results == list(range(60, 0, -1)) and not interrupted
    assert sorted(seen) == sorted(results)


def test_an_error_in_a_task_stops_the_run_and_is_raised(executor: DaskCluster) -> None:
    with pytest.raises(ValueError, match="invalid literal"):
        run_tasks(int, ["1", "2", "x", *map(str, range(20))], executor=executor)


def _kill_a_busy_worker(client: Any) -> str:
    """SIGKILL a worker holding a task; its address (the nanny starts another)."""
    for _ in range(200):
        busy = [worker for worker, keys in client.processing().items() if keys]
        if busy:
            pids: dict[str, int] = client.run(os.getpid, workers=busy[:1])
            os.kill(pids[busy[0]], signal.SIGKILL)
            return str(busy[0])
        time.sleep(0.02)
    raise AssertionError("no worker was ever busy")


@pytest.mark.slow
def test_a_worker_killed_mid_run_changes_nothing_but_the_time(executor: DaskCluster) -> None:
    killed: list[str] = []

    def progress(count: int) -> None:
        if not killed:
            killed.append(_kill_a_busy_worker(executor.client))

    # target121 in tasks of 100 games: a fifth of a second each, so tasks are under way.
    run = simulate(1000, "target121", seed=11, chunk=100, executor=executor, progress=progress)
    assert killed and not run.interrupted
    assert run == simulate(1000, "target121", seed=11, chunk=100, jobs=2)
    executor.client.wait_for_workers(2, timeout=60)  # the nanny's new worker, for the others


def test_ctrl_c_cancels_what_is_left_and_keeps_the_finished_games(
    executor: DaskCluster, local_cluster: LocalCluster
) -> None:
    calls: list[int] = []

    def progress(count: int) -> None:
        calls.append(count)
        if len(calls) == 2:
            raise KeyboardInterrupt

    result = simulate(4000, "target121", seed=5, chunk=100, executor=executor, progress=progress)
    assert result.interrupted and sum(calls) <= result.games < 4000
    assert result.games % 100 == 0  # whole tasks only
    assert result.totals == simulate(result.games, "target121", seed=5, chunk=100).totals
    _no_task_left(local_cluster)


def test_a_connection_cut_as_a_result_comes_is_one_line_of_our_own(
    executor: DaskCluster, local_cluster: LocalCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dask's own words for a cut connection (``in <TCP (closed) ...>``) never reach the
    player: the run stops with its finished games and says what happened in ours."""
    real_result = distributed.Future.result
    reported: list[int] = []

    def result(future: Any, *args: Any, **kwargs: Any) -> Any:
        if len(reported) == 2:  # two tasks' games reported: the next result is cut
            reported.append(0)
            raise distributed.comm.core.CommClosedError(
                "in <TCP (closed) ConnectionPool.gather local=tcp://127.0.0.1:1 "
                "remote=tcp://127.0.0.1:2>: ConnectionResetError: [Errno 104] Connection reset"
            )
        return real_result(future, *args, **kwargs)

    monkeypatch.setattr(distributed.Future, "result", result)
    run = simulate(
        4000, "target121", seed=5, chunk=100, executor=executor, progress=reported.append
    )
    monkeypatch.undo()
    assert run.interrupted and run.games % 100 == 0 and run.games < 4000
    assert run.totals == simulate(run.games, "target121", seed=5, chunk=100).totals
    assert executor.stopped == f"the cluster at {executor.address} stopped answering"
    _no_task_left(local_cluster)


def test_a_scheduler_gone_as_the_stopped_run_is_cancelled_leaves_the_runs_reason(
    executor: DaskCluster, local_cluster: LocalCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancelling what is left is asked of a scheduler that may be gone by then: its cut
    connection neither replaces the run's own stop nor reaches the player."""
    cancelled: list[Any] = []
    real_cancel = executor.client.cancel

    def cut(futures: Any, *args: Any, **kwargs: Any) -> None:
        cancelled.append(futures)
        raise distributed.comm.core.CommClosedError("in <TCP (closed) Scheduler.cancel>")

    stopped: list[bool] = []

    def progress(count: int) -> None:
        if not stopped:  # once: the tasks finished meanwhile are reported through here too
            stopped.append(True)
            raise KeyboardInterrupt

    monkeypatch.setattr(executor.client, "cancel", cut)
    run = simulate(4000, "target121", seed=5, chunk=100, executor=executor, progress=progress)
    monkeypatch.undo()
    assert run.interrupted and cancelled
    real_cancel(cancelled[0])  # what the cut connection left on this test's cluster
    _no_task_left(local_cluster)


def test_results_a_stopped_run_cannot_fetch_end_its_report_in_our_words(
    executor: DaskCluster, local_cluster: LocalCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a stop, the tasks finished meanwhile are fetched for a second each; one the
    cluster no longer gives (its connection cut) ends the report there, with no word of
    Dask's and the first games kept."""
    real_result = distributed.Future.result
    stopped: list[bool] = []
    after: list[float | None] = []

    def result(future: Any, timeout: float | None = None) -> Any:
        if stopped:
            after.append(timeout)
            raise distributed.comm.core.CommClosedError("in <TCP (closed) ConnectionPool.gather>")
        return real_result(future, timeout=timeout)

    def progress(count: int) -> None:
        if not stopped:
            stopped.append(True)
            # every task under way reads as finished: each is fetched as the run ends
            monkeypatch.setattr(distributed.Future, "status", property(lambda _: "finished"))
            raise KeyboardInterrupt

    monkeypatch.setattr(distributed.Future, "result", result)
    run = simulate(4000, "target121", seed=5, chunk=100, executor=executor, progress=progress)
    monkeypatch.undo()
    assert run.interrupted and after == [1.0]  # the first one failed: no more asked
    assert run.totals == simulate(run.games, "target121", seed=5, chunk=100).totals
    _no_task_left(local_cluster)


def _tasks(local_cluster: LocalCluster) -> int:
    """The tasks the scheduler holds."""
    scheduler: Any = local_cluster.scheduler
    return len(scheduler.tasks)


def _no_task_left(local_cluster: LocalCluster) -> None:
    """The scheduler forgets every task of a run that stopped (cancelled, not played on)."""
    deadline = time.monotonic() + 20
    while _tasks(local_cluster) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _tasks(local_cluster)


def test_each_signal_at_the_command_line(address: str, local_cluster: LocalCluster) -> None:
    """SIGINT, SIGTERM or SIGHUP to a ``cribsol simulate --cluster`` under way: exit 130
    within seconds, the finished games reported in the JSON, the rest cancelled on the
    cluster."""
    argv = ["cribsol", "simulate", "--games", "10000000", "--json", "--strategy", "random"]
    with runs([*argv, "--cluster", address], {**os.environ}, len(SIGNALS)) as started:
        wait_for(started, first_task=True, workers=0)
        ended = stop(started)
    for number, (status, out, err) in zip(SIGNALS, ended, strict=True):
        assert status == 130, f"{number.name}: {err}"
        summary = json.loads(out)
        assert summary["interrupted"] and 0 < summary["games"] < 10_000_000, number.name
        assert (
            err.strip()
            .splitlines()[-1]
            .endswith(f"interrupted; {summary['games']:,} finished games reported")
        )
    _no_task_left(local_cluster)


def _script(source: str, address: str) -> subprocess.CompletedProcess[str]:
    """``source`` run by Python in a process of its own, given the cluster's address."""
    return subprocess.run(
        [sys.executable, "-c", source, address],
        capture_output=True,
        text=True,
        timeout=120,  # each ends within seconds; a run that never stops is what fails
        cwd=ROOT,
    )


_STOPPED_IN_A_FINALIZER = """
import os, signal, sys
from solitaire.cluster import connect
from solitaire.patience.simulation import simulate


class LetGo:
    def __del__(self):  # as a Dask future let go: the signal's handler runs in here
        os.kill(os.getpid(), signal.SIGTERM)


calls = []


def progress(count):
    calls.append(count)
    if len(calls) == 2:
        LetGo()


with connect(sys.argv[1]) as cluster:
    result = simulate(10**6, "random", seed=5, chunk=100, executor=cluster, progress=progress)
print(result.interrupted, 0 < result.games < 10**6, result.games % 100 == 0)
"""


def test_a_stop_signal_that_lands_in_a_finalizer_still_stops_the_run(
    address: str, local_cluster: LocalCluster
) -> None:
    """A stop signal while Dask lets a future go (its finalizer, where an exception raised
    is printed and dropped): the run still stops, keeping its finished games, because the
    run looks at the signals itself."""
    result = _script(_STOPPED_IN_A_FINALIZER, address)
    assert (result.returncode, result.stdout) == (0, "True True True\n"), result.stderr
    _no_task_left(local_cluster)


_STOPPED_WHILE_A_RESULT_HANGS = """
import os, signal, sys, threading, time
import distributed
from solitaire.cluster import connect
from solitaire.patience.simulation import simulate

real_result = distributed.Future.result
reports = []


def result(future, timeout=None):
    if len(reports) < 2:
        return real_result(future, timeout=timeout)
    time.sleep(3600 if timeout is None else timeout)  # a scheduler that stopped answering
    raise TimeoutError


def progress(count):
    reports.append(count)
    if len(reports) == 2:
        threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGTERM)).start()


distributed.Future.result = result
with connect(sys.argv[1]) as cluster:
    run = simulate(10**6, "random", seed=5, chunk=100, executor=cluster, progress=progress)
print(run.interrupted, run.games >= 200)
"""


def test_a_stop_signal_while_a_result_never_comes_still_stops_the_run(
    address: str, local_cluster: LocalCluster
) -> None:
    """A result asked of a scheduler that no longer answers: the run looks at the stop
    signals between asks, so a stop still ends it, with the games it has."""
    result = _script(_STOPPED_WHILE_A_RESULT_HANGS, address)
    assert (result.returncode, result.stdout) == (0, "True True\n"), result.stderr
    _no_task_left(local_cluster)


_STOPPED_THEN_LOST = """
import os, signal, sys
from concurrent.futures import CancelledError
import distributed
from solitaire.cluster import connect
from solitaire.patience.simulation import simulate

real_result = distributed.Future.result
asked = []


def result(future, timeout=None):
    asked.append(future)
    if len(asked) == 3:  # the run stopped, and then its scheduler lost, as this comes
        os.kill(os.getpid(), signal.SIGTERM)
        raise CancelledError("scheduler-connection-lost")
    return real_result(future, timeout=timeout)


distributed.Future.result = result
with connect(sys.argv[1]) as cluster:
    run = simulate(10**6, "random", seed=5, chunk=100, executor=cluster)
    print(run.interrupted, cluster.stopped)
"""


def test_a_run_stopped_before_its_scheduler_was_lost_is_said_interrupted(
    address: str, local_cluster: LocalCluster
) -> None:
    """A stop signal first, then the scheduler lost: the player asked for the stop, and
    hears of it (not of the cluster's end, nor with its exit status)."""
    result = _script(_STOPPED_THEN_LOST, address)
    assert (result.returncode, result.stdout) == (0, "True None\n"), result.stderr
    _no_task_left(local_cluster)


@contextmanager
def _own_scheduler(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A scheduler in a process of its own (to be killed) on loopback, one worker of one
    thread; every process of it ended when done."""
    where = tmp_path / "scheduler.json"
    started: list[subprocess.Popen[bytes]] = []

    def start(*argv: str) -> None:
        started.append(
            subprocess.Popen(
                [sys.executable, "-m", *argv],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        )

    try:
        start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
              "--dashboard-address", "127.0.0.1:0", "--scheduler-file", str(where))  # fmt: skip
        address = ""
        deadline = time.monotonic() + 60
        while not address and time.monotonic() < deadline:
            time.sleep(0.05)
            with suppress(OSError, ValueError):  # not written yet, or not all of it
                address = str(json.loads(where.read_text())["address"])
        start("distributed.cli.dask_worker", address, "--nworkers", "1", "--nthreads", "1",
              "--no-dashboard")  # fmt: skip
        yield started[0], address
    finally:
        for process in started:
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_a_scheduler_killed_mid_run_is_one_line_and_keeps_the_finished_games(
    tmp_path: Path,
) -> None:
    with _own_scheduler(tmp_path) as (scheduler, address):
        argv = ["cribsol", "simulate", "--games", "10000000", "--json", "--strategy", "random"]
        with runs([*argv, "--cluster", address], {**os.environ}, 1) as (run,):
            wait_for([run], first_task=True, workers=0)
            scheduler.kill()
            out, err = run.process.communicate(timeout=60)
            said = (run.err + err).decode()
    assert run.process.returncode == 2, said
    assert out, said
    summary = json.loads(out)
    assert summary["interrupted"] and 0 < summary["games"] < 10_000_000
    assert said.splitlines()[-2:] == [
        "cribsol-test: first task finished",
        f"cribsol: the connection to the Dask scheduler at {address} was lost mid-run; "
        f"{summary['games']:,} finished games reported",
    ]


def test_workers_running_another_version_are_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    monkeypatch.setattr(cluster_module, "version", lambda: "0.0.1")  # this side only
    status, out, err = run(capsys, "simulate", "--cluster", address, "--json")
    assert (status, out) == (2, "")
    assert err == (
        f"cribsol: 2 of 2 workers at {address} run cribbage-solitaire {version()}, this is "
        "0.0.1: install cribbage-solitaire 0.0.1 on every worker\n"
    )


def test_workers_lacking_the_project_are_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "no_project.py"
    blocker.write_text("import sys\nsys.modules['solitaire'] = None  # not installed here\n")
    with _local_cluster(1, preload=[str(blocker)]) as lacking:
        address = lacking.scheduler_address
        with pytest.raises(ClusterError) as refused:
            connect(address)
    assert str(refused.value).startswith(
        f"1 of 1 workers at {address} cannot load cribbage-solitaire ("
    )
    assert str(refused.value).endswith(f"install cribbage-solitaire {version()} on every worker")


def _package_copy(into: Path) -> Path:
    """A copy of the package's files (no compiled caches) under ``into``; the package."""
    import shutil

    package = Path(cluster_module.__file__).resolve().parent
    copy = into / "solitaire"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return copy


def test_the_code_identity_is_the_code_not_where_it_lies(tmp_path: Path) -> None:
    copy = _package_copy(tmp_path)
    (copy / "core" / "__pycache__").mkdir()
    (copy / "core" / "__pycache__" / "runs.cpython-311.pyc").write_bytes(b"compiled")
    assert code_identity(copy) == code_identity()  # the same files elsewhere: the same code
    seen = {code_identity()}
    for edit in ("core/scoring.py", "patience/data/future.json", "patience/RULES.md"):
        path = copy / edit
        path.write_bytes(path.read_bytes() + b"\n")
        cluster_module._identities.pop(copy)
        seen.add(code_identity(copy))
    (copy / "core" / "extra.py").write_text("")  # a file more
    cluster_module._identities.pop(copy)
    seen.add(code_identity(copy))
    assert len(seen) == 5 and all(re.fullmatch("[0-9a-f]{12}", code) for code in seen)


_FROM_COPY: Final = """
import sys
sys.path.insert(0, {root!r})  # this package's copy, edited, before the one installed
for name in [name for name in sys.modules if name.split(".")[0] == "solitaire"]:
    del sys.modules[name]
"""


def test_a_worker_built_from_other_code_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A worker running the same version from an edited package (a comment more in one
    module) is refused before any game, at the command line in one line."""
    copy = _package_copy(tmp_path / "edited")
    scoring = copy / "core" / "scoring.py"
    scoring.write_text(scoring.read_text() + "# edited on that worker\n")
    preload = tmp_path / "from_copy.py"
    preload.write_text(_FROM_COPY.format(root=str(copy.parent)))
    with _local_cluster(1, preload=[str(preload)]) as edited:
        address = edited.scheduler_address
        status, out, err = run(capsys, "simulate", "--games", "20", "--cluster", address)
        make: Any = distributed.Client  # untyped
        client: Any = make(address, set_as_default=False)
        with client:
            theirs = client.run(cluster_module.worker_version)
            where = client.run(lambda: __import__("solitaire").__file__)
    assert list(where.values()) == [str(copy / "__init__.py")]  # the copy played there
    assert list(theirs.values()) == [f"{version()} {code_identity(copy)}"]
    assert code_identity(copy) != code_identity()
    assert (status, out) == (2, "")
    assert err == (
        f"cribsol: 1 of 1 workers at {address} run cribbage-solitaire {version()} built from "
        f"other code (code {code_identity(copy)}, this is {code_identity()}): install this "
        "same build of cribbage-solitaire on every worker\n"
    )


def test_the_version_check_names_each_kind_of_worker() -> None:
    ours = cluster_module.build()
    check_workers({"tcp://a": ours, "tcp://b": ours}, "x")  # all alike: accepted
    with pytest.raises(ClusterError, match=r"1 of 3 workers at x run cribbage-solitaire 9\.9,"):
        check_workers({"tcp://a": ours, "tcp://b": "9.9", "tcp://c": ours}, "x")
    with pytest.raises(ClusterError, match=r"1 of 3 workers at x run cribbage-solitaire 9\.9, th"):
        check_workers({"tcp://a": ours, "tcp://b": "9.9 0123456789ab", "tcp://c": ours}, "x")
    other_code = (
        f"2 of 3 workers at x run cribbage-solitaire {version()} built from other code "
        f"(code {{}}, this is {code_identity()}): install this same build of "
        "cribbage-solitaire on every worker"
    )
    older = version()  # a release before code identities: its code is unknown
    with pytest.raises(ClusterError) as refused:
        check_workers({"tcp://a": older, "tcp://b": ours, "tcp://c": older}, "x")
    assert str(refused.value) == other_code.format("unknown")
    edited = f"{version()} 0123456789ab"
    with pytest.raises(ClusterError) as refused:
        check_workers({"tcp://a": edited, "tcp://b": older, "tcp://c": ours}, "x")
    assert str(refused.value) == other_code.format("unknown, 0123456789ab")
    with pytest.raises(ClusterError, match=r"^1 of 2 workers at x cannot load .*\\x1b"):
        check_workers({"tcp://a": ours, "tcp://b": OSError("\x1b[2Jgone")}, "x")


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize(
    "address",
    ["tcp://127.0.0.1:{closed}", "tcp://127.0.0.1:{silent}", "127.0.0.1:{closed}"],
)
def test_an_address_with_no_scheduler_is_one_line_within_the_timeout(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 2.0)
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))  # bound, never listening: connections are refused
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen()  # accepts, never answers: not a scheduler
    with closed, silent:
        shown = address.format(closed=closed.getsockname()[1], silent=silent.getsockname()[1])
        started = time.monotonic()
        status, out, err = run(capsys, "simulate", "--cluster", shown)
    assert time.monotonic() - started < 15
    assert (status, out) == (2, "")
    assert _one_line(err).startswith(f"cribsol: no Dask scheduler answered at {shown} within 2 s")
    _connecting_ended()
    assert _clients_left_open() == []


def err_of(capsys: pytest.CaptureFixture[str], address: str) -> str:
    status, out, err = run(capsys, "simulate", "--games", "10", "--cluster", address)
    assert (status, out) == (2, "")
    return _one_line(err)


UNSAFE: Final = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # what no line of ours may hold
_FORM: Final = "write tcp://HOST:PORT (or tls://), the port from 1 to 65535"


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("", None),
        ("   ", None),
        ("\t\n", None),
        ("127.0.0.1", "has no port"),
        ("tcp://127.0.0.1", "has no port"),
        ("tcp://127.0.0.1:", "has a port that is not a number"),
        ("tcp://127.0.0.1:port", "has a port that is not a number"),
        ("tcp://127.0.0.1:-1", "has a port that is not a number"),
        (" tcp://127.0.0.1:1\n", ""),  # spaces around it are dropped
        ("tcp://127.0.0.1 :8786", "has a host that is neither a name nor an IP address"),
        ("tcp://127.0.0.1:٨٧٨٦", "has a port that is not a number"),  # Arabic-Indic digits
        ("tcp://127.0.0.1:0", "has a port out of range"),
        ("tcp://127.0.0.1:65536", "has a port out of range"),
        ("tcp://127.0.0.1:" + "9" * 400, "has a port out of range"),
        ("tcp://127.0.0.1:99999999999999999999", "has a port out of range"),
        ("tcp://999999999999999999999:8786", "has a host that is not an IPv4 address"),
        ("tcp://256.0.0.1:8786", "has a host that is not an IPv4 address"),
        ("tcp://:8786", "has no host"),
        ("tcp://127.0.0.1:8786:1", "has more than one ':'"),
        ("tcp://::1:8786", "has more than one ':'"),
        ("tcp://[::1:8786", "opens a [ for its host that it never closes"),
        ("tcp://[::1]", "has no port after its host"),
        ("tcp://[nope]:8786", "has in brackets something that is not an IPv6 address"),
        ("tcp://-x-:8786", "has a host that is neither a name nor an IP address"),
        ("tcp://127.0.0.1:8786/path", "has a port that is not a number"),
        ("http://127.0.0.1:8786", "has the scheme http:// that no scheduler speaks here"),
        ("nonsense://x", "has the scheme nonsense:// that no scheduler speaks here"),
        ("inproc://127.0.0.1/1/2", "has the scheme inproc:// that no scheduler speaks here"),
        ("%%%", "has no port"),
        ("\x1b[2J:1", "has a host that is neither a name nor an IP address"),
        ("tcp://127.0.0.1:1", ""),  # nothing listens on loopback's port 1
    ],
)
def test_every_bad_address_is_one_line_of_our_own(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    address: str,
    why: str | None,
) -> None:
    """Empty, blank, with no port or a bad one, out of range, huge, of another scheme,
    garbage, or with nothing there: one line saying which, exit status 2, for --cluster
    and $CRIBSOL_CLUSTER alike (set but blank, that one means this machine)."""
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 1.0)
    shown = safe_text(address.strip(), 80)
    if why is None:
        expected = f"cribsol: no scheduler address given: {_FORM}"
    elif why:
        expected = f"cribsol: the scheduler address {shown} {why}"
        assert err_of(capsys, address).endswith(f": {_FORM}")
    else:
        expected = f"cribsol: no Dask scheduler answered at {shown} within 1 s"
    status, out, err = run(capsys, "simulate", "--games", "10", "--cluster", address)
    assert (status, out) == (2, "")
    assert _one_line(err).startswith(expected), err
    if address.strip():
        monkeypatch.setenv("CRIBSOL_CLUSTER", address)
        status, out, err = run(capsys, "simulate", "--games", "10")
        assert (status, out) == (2, "") and _one_line(err).startswith(expected), err
    else:  # blank in the environment: this machine
        monkeypatch.setenv("CRIBSOL_CLUSTER", address)
        status, out, err = run(capsys, "simulate", "--games", "10", "--json")
        assert status == 0 and json.loads(out)["games"] == 10, err


@given(st.text())
def test_any_text_is_an_address_or_one_line_saying_why(text: str) -> None:
    """Never an error of Python's or numpy's: an address Dask reads, or a ClusterError in
    one printable line."""
    try:
        address = cluster_module.scheduler_address(text)
    except ClusterError as error:
        said = str(error)
        assert not {unicodedata.category(ch) for ch in said} & UNSAFE, said
        assert said.endswith(_FORM)
    else:
        scheme, _, rest = address.partition("://")
        assert scheme in ("tcp", "tls") and 1 <= int(rest.rpartition(":")[2]) <= 65535
        assert cluster_module.scheduler_address(address) == address


@given(
    st.sampled_from(["tcp://", "tls://", "TCP://", ""]),
    st.one_of(
        st.ip_addresses(v=4).map(str),
        st.ip_addresses(v=6).map(lambda ip: f"[{ip}]"),
        # A name is at most 253 characters (RFC 1035); a longer one is refused, tested below.
        st.from_regex(
            r"[a-z]([a-z0-9-]{0,20}[a-z0-9])?(\.[a-z][a-z0-9]{0,9})*", fullmatch=True
        ).filter(lambda name: len(name) <= 253),
    ),
    st.integers(1, 65535),
)
def test_every_address_of_the_form_is_read_as_dask_reads_it(
    scheme: str, host: str, port: int
) -> None:
    address = cluster_module.scheduler_address(f" {scheme}{host}:{port}\n")
    assert address == f"{scheme.lower() or 'tcp://'}{host}:{port}"


@pytest.mark.parametrize("length", [254, 300, 1000])
def test_a_host_name_over_253_characters_is_refused(length: int) -> None:
    name = ("a." * length)[: length - 1] + "a"
    assert len(name) == length
    with pytest.raises(cluster_module.ClusterError, match="neither a name nor an IP"):
        cluster_module.scheduler_address(f"tcp://{name}:8786")
    fits = ".".join(["a"] * 127)
    assert len(fits) == 253
    assert cluster_module.scheduler_address(f"tcp://{fits}:8786") == f"tcp://{fits}:8786"


@pytest.mark.parametrize(
    "answer",
    [
        b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n",  # numpy: 3.07 EiB
        b"\xff" * 7 + b"\x3f garbage",
        b"\x01" + b"\x00" * 7 + b"\x05" + b"\x00" * 7 + b"hello",
        b"SSH-2.0-OpenSSH_9.2\r\n",
    ],
)
def test_a_server_that_is_not_a_scheduler_is_one_line_of_our_own(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answer: bytes
) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 1.0)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    done = threading.Event()

    def serve() -> None:
        while not done.is_set():
            with suppress(OSError):
                talker, _ = server.accept()
                with talker:
                    talker.sendall(answer)

    serving = threading.Thread(target=serve, daemon=True)
    serving.start()
    shown = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    try:
        status, out, err = run(capsys, "simulate", "--games", "10", "--cluster", shown)
    finally:
        done.set()
        serving.join(10)
        server.close()
    assert (status, out) == (2, "")
    assert _one_line(err) == (
        f"cribsol: no Dask scheduler answered at {shown} within 1 s ({NOT_A_SCHEDULER})"
    )
    _connecting_ended()


def _connecting_ended() -> None:
    """Wait for connections given up on to end (their server is gone now)."""
    for thread in threading.enumerate():
        if thread.name == "cribsol-connect":
            thread.join(60)
            assert not thread.is_alive(), "a connection given up on never ended"


def _clients_left_open() -> list[Any]:
    """Dask clients not closed, garbage or not. Garbage of that kind closes whenever and
    wherever the collector next runs, and Dask's finalizer then waits for ever on a lock
    when that is inside Dask's start of another client (a whole test run once hung so)."""
    return [
        thing
        for thing in gc.get_objects()
        if isinstance(thing, distributed.Client) and thing.status not in ("closed", "newly-created")
    ]


class _Late:
    """A stand-in for ``distributed`` whose Client comes after the caller stopped waiting."""

    closed = threading.Event()

    class Client:  # Dask's name
        def __init__(self, *args: object, **kwargs: object) -> None:
            time.sleep(1.5)

        def close(self, timeout: float) -> None:
            _Late.closed.set()


def test_a_client_made_after_connect_gave_up_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    late = _Late()
    monkeypatch.setattr(cluster_module, "_distributed", lambda: late)
    monkeypatch.setattr(cluster_module, "_HANDSHAKE_SECONDS", 0.5)
    with pytest.raises(ClusterError) as refused:
        connect("tcp://x:1", timeout=0.5)
    assert str(refused.value) == "no Dask scheduler answered at tcp://x:1 within 0.5 s"
    assert late.closed.wait(30)


class _Refusing:
    """A stand-in for ``distributed`` whose Client fails with one error."""

    def __init__(self, error: BaseException) -> None:
        class Client:  # Dask's name
            def __init__(self, *args: object, **kwargs: object) -> None:
                raise error

            def close(self, timeout: float) -> None:
                pass

        self.Client = Client


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (OSError("Zeitüberschreitung beim Verbinden nach 2 s"), ""),  # Dask's own, no errno
        (TimeoutError("the handshake timed out"), ""),
        (ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused"), " (Connection refused)"),
        (ValueError("invalid literal for int() with base 10: 'x'"), f" ({NOT_A_SCHEDULER})"),
        (MemoryError("Unable to allocate 3.07 EiB for an array"), f" ({NOT_A_SCHEDULER})"),
    ],
)
def test_why_no_scheduler_answered_is_told_by_the_errors_type(
    monkeypatch: pytest.MonkeyPatch, error: BaseException, reason: str
) -> None:
    monkeypatch.setattr(cluster_module, "_distributed", lambda: _Refusing(error))
    with pytest.raises(ClusterError) as caught:
        connect("tcp://x:1", timeout=1)
    assert str(caught.value) == f"no Dask scheduler answered at tcp://x:1 within 1 s{reason}"


def test_a_workers_version_error_carries_its_version_through_pickling() -> None:
    error = pickle.loads(pickle.dumps(cluster_module.WorkerVersionError("9.9")))
    assert error.version == "9.9" and str(error) == "9.9"


_NO_WORKERS: Final = """
import time
import distributed
from solitaire.cluster import ClusterError, connect
with distributed.LocalCluster(n_workers=0, processes=True, dashboard_address=":0") as empty:
    started = time.monotonic()
    try:
        connect(empty.scheduler_address, timeout=1)
    except ClusterError as error:
        print(f"{time.monotonic() - started:.1f} {error}")
"""


def test_a_scheduler_without_workers_is_one_line() -> None:
    # In a process of its own: a second cluster's event loop started beside the module's
    # cluster in one test process can wait for ever.
    result = subprocess.run(
        [sys.executable, "-c", _NO_WORKERS], capture_output=True, text=True, timeout=120
    )
    seconds, _, said = result.stdout.strip().partition(" ")
    assert result.returncode == 0, result.stderr
    assert re.search(r"has no worker \(none joined within 1 s\)", said), result.stdout
    assert float(seconds) < 10


def test_without_dask_cluster_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # not installed
    for argv in (
        ["simulate", "--cluster", "tcp://127.0.0.1:8786"],
        ["arena", "--a", "easy", "--b", "easy", "--cluster", "tcp://127.0.0.1:8786"],
        ["tiles", "arena", "--cluster", "tcp://127.0.0.1:8786"],
    ):
        status, out, err = run(capsys, *argv)
        assert (status, out) == (2, "")
        assert err == (
            "cribsol: --cluster needs Dask's distributed scheduler: "
            "pip install 'cribbage-solitaire[cluster]'\n"
        )


def test_cluster_and_jobs_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "arena", "--a", "easy", "--b", "easy", "--jobs", "2",
                         "--cluster", "tcp://127.0.0.1:8786")  # fmt: skip
    assert status == 2 and "--cluster and --jobs do not go together" in _one_line(err)


def test_a_local_run_never_imports_dask() -> None:
    code = (
        "import sys\n"
        "from solitaire.cli import main\n"
        "status = main(['simulate', '--games', '20', '--jobs', '2', '--json'])\n"
        "print(status, sorted(m for m in sys.modules if m.split('.')[0] in "
        "('dask', 'distributed')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip().splitlines()[-1] == "0 []"


def test_a_worker_of_another_version_met_mid_run_stops_it_in_one_line(
    executor: DaskCluster, address: str
) -> None:
    # The run expects another version than its workers run, as when a worker of another
    # version joins after the check at connect: its first task refuses, on the worker.
    executor.expected = "0.0.1"
    with pytest.raises(ClusterError) as refused:
        simulate(400, "target121", seed=5, chunk=100, executor=executor)
    assert str(refused.value) == (
        f"a worker at {address} runs cribbage-solitaire {version()}, this is 0.0.1: "
        "install cribbage-solitaire 0.0.1 on every worker"
    )
    executor.expected = f"{version()} 0123456789ab"  # this version, other code
    with pytest.raises(ClusterError) as refused:
        simulate(400, "target121", seed=5, chunk=100, executor=executor)
    assert str(refused.value) == (
        f"a worker at {address} runs cribbage-solitaire {version()} built from other code "
        f"(code {code_identity()}, this is 0123456789ab): install this same build of "
        "cribbage-solitaire on every worker"
    )
    executor.expected = cluster_module.build()
    assert simulate(200, "target121", seed=5, chunk=100, executor=executor).games == 200


class _Interrupted:
    """A stand-in for ``distributed`` whose Client starts after the caller was interrupted
    (Ctrl-C) while it waited."""

    def __init__(self) -> None:
        self.closed = threading.Event()
        closed = self.closed

        class Client:  # Dask's name
            def __init__(self, *args: object, **kwargs: object) -> None:
                time.sleep(0.5)

            def close(self, timeout: float = 0) -> None:
                closed.set()

        self.Client = Client


class _JoinInterrupted(threading.Thread):
    def join(self, timeout: float | None = None) -> None:
        raise KeyboardInterrupt


def test_a_client_made_after_connect_was_interrupted_is_closed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Ctrl-C (any BaseException) during connect's wait: the client made later is
    closed by its maker, not left as garbage for Dask's finalizer."""
    fake = _Interrupted()
    monkeypatch.setattr(cluster_module, "_distributed", lambda: fake)
    only_here = types.SimpleNamespace(
        Thread=_JoinInterrupted, Event=threading.Event, Lock=threading.Lock
    )
    monkeypatch.setattr(cluster_module, "threading", only_here)
    with pytest.raises(KeyboardInterrupt):
        connect("tcp://x:1", timeout=0.5)
    assert fake.closed.wait(10), "the client made after the interrupted wait was never closed"
