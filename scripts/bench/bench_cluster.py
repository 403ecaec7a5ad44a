"""Benchmark: the same runs on this machine's processes and on a Dask cluster, side by side.

    nice -n 15 .venv/bin/python scripts/bench/bench_cluster.py            # needs .[cluster]
    .venv/bin/python scripts/bench/bench_cluster.py --games 20000 --arena-games 200

A LocalCluster of 2 worker processes (one thread each) stands for a cluster on the
same 2 cores that ``--jobs 2`` uses: each run is played both ways, and printed are
the games per second by the wall clock and per CPU second (every process's: this
one, which holds the scheduler, and the pool's or the workers'; on a shared machine
the wall clock mostly times the neighbours), the cluster's share of the local
pool's (target: at least 0.9, for each run and for their geometric mean), and a check
that the totals are identical. The cluster is started with the settings docs/CLUSTER.md
gives (``solitaire.cluster.QUIET``); first, Dask's own CPU while no task runs is measured
with its default settings and with those, side by side (on a loaded machine a run's wall
time is a multiple of its CPU time, and that cost grows with the wall clock). Then the
overhead of one task: tasks that do nothing, handed out and collected, on each. Then
the local chunks sized by work against the old rule (by game count): 1,000 games of target121 with
--jobs 1, the time per game. The workers are warmed first (a cluster outlives its
runs); the local pool's processes start with each run, as at the command line.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from solitaire.cluster import QUIET, DaskCluster, connect
from solitaire.core.runs import Executor, LocalPool, run_tasks
from solitaire.match.arena import arena
from solitaire.patience.simulation import simulate

TARGET = 0.9  # the cluster's games per CPU second, against the local pool's


def verdict(ratio: float) -> str:
    """``target 0.9: met`` or ``missed``."""
    return f"target >= {TARGET}: {'met' if ratio >= TARGET else 'MISSED'}"


def timed(play: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall seconds, this process's CPU seconds, and what ``play`` returned."""
    started, cpu = time.perf_counter(), time.process_time()
    result = play()
    return time.perf_counter() - started, time.process_time() - cpu, result


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _workers_cpu(cluster: DaskCluster) -> float:
    used: dict[str, float] = cluster.client.run(time.process_time)
    return sum(used.values())


def side_by_side(
    name: str, games: int, play: Callable[[Executor | None], Any], cluster: DaskCluster
) -> float:
    """Play a run here (``play(None)``: --jobs 2) and on the cluster; print both rates, by
    the wall clock and by the CPU time every process of each spent (this one, the pool's
    or the workers'), and return the cluster's share of the local rate by CPU time."""
    children = _children_cpu()
    local, local_cpu, here = timed(lambda: play(None))
    local_cpu += _children_cpu() - children  # the pool's processes, ended with the run
    workers = _workers_cpu(cluster)
    away, away_cpu, there = timed(lambda: play(cluster))
    away_cpu += _workers_cpu(cluster) - workers  # this process holds the scheduler too
    same = bool(here == there)  # an arena's decision times, measured, are not compared
    print(f"{name}: {'identical totals' if same else 'TOTALS DIFFER'}")
    print(
        f"  local --jobs 2: {games / local:9,.1f} games/s wall, "
        f"{games / local_cpu:9,.1f} games per CPU second"
    )
    print(
        f"  2-worker cluster: {games / away:7,.1f} games/s wall, "
        f"{games / away_cpu:9,.1f} games per CPU second"
    )
    print(
        f"  cluster / local: {local / away:.2f} by the wall clock, "
        f"{local_cpu / away_cpu:.2f} by CPU time ({verdict(local_cpu / away_cpu)})"
    )
    if not same:
        raise SystemExit("the cluster's totals differ from the local pool's")
    return float(local_cpu / away_cpu)


def _local_cluster() -> Any:
    """Two worker processes of one thread each, on Dask's settings as they are now."""
    import distributed

    make: Any = distributed.LocalCluster  # untyped
    return make(n_workers=2, threads_per_worker=1, dashboard_address=":0")


def background(cluster: DaskCluster, seconds: float) -> tuple[float, float]:
    """Dask's own CPU while no task runs, in percent of a core per second of the wall
    clock: each worker's (their mean), and this process's (the scheduler, the nannies)."""
    workers, here = _workers_cpu(cluster), time.process_time()
    started = time.perf_counter()
    time.sleep(seconds)
    wall = time.perf_counter() - started
    here = time.process_time() - here
    spent = _workers_cpu(cluster) - workers
    return 100 * spent / len(cluster.client.nthreads()) / wall, 100 * here / wall


def print_background(label: str, cluster: DaskCluster, seconds: float) -> None:
    time.sleep(1.0)  # the workers' start settled
    each, here = background(cluster, seconds)
    print(f"  {label:<34} {each:4.1f}% each worker, {here:4.1f}% this process")


def task_overhead(executor: Executor, tasks: int) -> float:
    """Seconds per task of tasks that do nothing (``abs`` of a number)."""
    seconds, _, (results, _) = timed(lambda: run_tasks(abs, range(tasks), executor=executor))
    assert len(results) == tasks
    return float(seconds / tasks)


def chunking(games: int) -> None:
    """1,000 games of target121 with --jobs 1: chunks by the old rule and by work."""
    old = max(1, min(250, games // 20 or 1))  # the rule before: games // (jobs * 20)
    simulate(50, "target121")  # the tables built once, for both
    rows = []
    for label, chunk in ((f"chunks of {old} (by game count)", old), ("chunks by work", None)):
        wall, cpu, result = timed(partial(simulate, games, "target121", chunk=chunk))
        rows.append((label, wall, cpu, result.totals))
    assert rows[0][3] == rows[1][3], "chunking changed the totals"
    for label, wall, cpu, _ in rows:
        print(
            f"  {label:<32} {wall / games * 1000:6.2f} ms a game wall, "
            f"{cpu / games * 1000:6.2f} ms CPU"
        )
    print(f"  by work / by game count: {rows[0][2] / rows[1][2]:.1f}x faster (CPU), same totals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="simulated games of best")
    parser.add_argument("--target-games", type=int, default=10_000, help="games of target121")
    parser.add_argument("--arena-games", type=int, default=600, help="arena games")
    parser.add_argument("--tasks", type=int, default=400, help="empty tasks for the overhead")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of Dask idle, each way")
    args = parser.parse_args()
    import dask

    print("Dask's own CPU while no task runs, in % of a core per second of the wall clock:")
    with _local_cluster() as local, connect(local.scheduler_address) as cluster:
        print_background("default settings:", cluster, args.idle)
    dask.config.set(QUIET)  # read by the scheduler and the nannies here, and by the workers
    with _local_cluster() as local, connect(local.scheduler_address) as cluster:
        print_background("QUIET (as docs/CLUSTER.md says):", cluster, args.idle)
        simulate(2000, "best", executor=cluster)  # warm the workers: imports, tables
        simulate(200, "target121", executor=cluster)
        arena("standard", "easy", 20, executor=cluster)
        print(f"2 processes here against 2 workers of one thread, {os.cpu_count()} cores")
        ratios = [
            side_by_side(
                f"simulate best, {args.games:,} games",
                args.games,
                lambda on: simulate(args.games, "best", jobs=2, executor=on),
                cluster,
            ),
            side_by_side(
                f"simulate target121, {args.target_games:,}",
                args.target_games,
                lambda on: simulate(args.target_games, "target121", jobs=2, executor=on),
                cluster,
            ),
            side_by_side(
                f"arena standard v easy, {args.arena_games:,}",
                args.arena_games,
                lambda on: arena(
                    "standard", "easy", args.arena_games, jobs=2, executor=on, keep_games=False
                ),
                cluster,
            ),
        ]
        geometric = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(
            f"cluster / local by CPU time: {geometric:.2f} (geometric mean; {verdict(geometric)})"
        )
        print(f"overhead of one empty task ({args.tasks} tasks):")
        print(f"  local pool, 2 processes: {task_overhead(LocalPool(2), args.tasks) * 1e3:7.2f} ms")
        print(f"  cluster, 2 workers:      {task_overhead(cluster, args.tasks) * 1e3:7.2f} ms")
    print("local chunks, 1,000 games of target121 with --jobs 1:")
    chunking(1000)
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
