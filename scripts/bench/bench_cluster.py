"""Benchmark: the same runs on this machine's processes and on a Dask cluster, side by side.

    nice -n 15 .venv/bin/python scripts/bench/bench_cluster.py            # needs .[cluster]
    .venv/bin/python scripts/bench/bench_cluster.py --games 20000 --arena-games 200

A LocalCluster of 2 worker processes (one thread each) stands for a cluster on the
same 2 cores that ``--jobs 2`` uses: each run is played both ways, and printed are
the games per second by the wall clock and per CPU second (every process's: this
one, which holds the scheduler, and the pool's or the workers'; on a shared machine
the wall clock mostly times the neighbours), the cluster's share of the local
pool's (target: at least 0.9), and a check that the totals are identical. Then the
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

from solitaire.cluster import DaskCluster, connect
from solitaire.core.runs import Executor, LocalPool, run_tasks
from solitaire.match.arena import arena
from solitaire.patience.simulation import simulate


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
        f"{local_cpu / away_cpu:.2f} by CPU time"
    )
    if not same:
        raise SystemExit("the cluster's totals differ from the local pool's")
    return float(local_cpu / away_cpu)


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
    args = parser.parse_args()
    import distributed

    make_cluster: Any = distributed.LocalCluster  # untyped

    with (
        make_cluster(n_workers=2, threads_per_worker=1, dashboard_address=":0") as local,
        connect(local.scheduler_address) as cluster,
    ):
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
        print(f"cluster / local by CPU time: {geometric:.2f} (geometric mean; target >= 0.9)")
        print(f"overhead of one empty task ({args.tasks} tasks):")
        print(f"  local pool, 2 processes: {task_overhead(LocalPool(2), args.tasks) * 1e3:7.2f} ms")
        print(f"  cluster, 2 workers:      {task_overhead(cluster, args.tasks) * 1e3:7.2f} ms")
    print("local chunks, 1,000 games of target121 with --jobs 1:")
    chunking(1000)
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
