"""Benchmark: the runs of many games on this machine's processes, this tree against another.

    nice -n 10 .venv/bin/python scripts/bench/bench_pool.py               # 3 rounds
    .venv/bin/python scripts/bench/bench_pool.py --rev 11c4afe --rounds 5

"Before" is the package at git revision ``--rev`` (by default the last tree whose runs
stood on the standard library's process pool), extracted to a temporary folder; "after"
is this tree. Each run is a fresh ``cribsol`` with ``--jobs 2``, the two sides taking
turns (before, after, after, before ...), timed by the wall clock and by the CPU of the
command and its worker processes together (what the neighbours' jobs do not change):

* ``simulate --games 40000`` (the patience's best play);
* ``arena --a standard --b easy --games 400`` (the match);
* ``tiles arena --a greedy --b greedy --games 40``;
* the cost of handing out a task: ``run_tasks(abs, range(4000), jobs=2)``, per task.

Printed: each side's median, after over before (target for the runs' CPU: at most
1.05, the pool no dearer than the one it replaced), and whether every run's results
(its JSON, less the decision times) were the same on both sides.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BEFORE = "11c4afe"  # the runs on concurrent.futures.ProcessPoolExecutor
TARGET = 1.05
RUNS = {
    "simulate": ["simulate", "--games", "40000"],
    "arena": ["arena", "--a", "standard", "--b", "easy", "--games", "400"],
    "tiles arena": ["tiles", "arena", "--a", "greedy", "--b", "greedy", "--games", "40"],
}
OVERHEAD = """
import time
from solitaire.core.runs import run_tasks
started = time.perf_counter()
results, _ = run_tasks(abs, range(4000), jobs=2)
assert results == list(range(4000))
print(time.perf_counter() - started)
"""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _without_times(value: Any) -> Any:
    """A run's JSON less what is measured rather than computed (decision times)."""
    if isinstance(value, dict):
        return {k: _without_times(v) for k, v in value.items() if k != "decision_seconds"}
    if isinstance(value, list):
        return [_without_times(part) for part in value]
    return value


def _run(tree: Path, argv: list[str], data: Path) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (the command's and its workers') and stdout of one run."""
    env = {**os.environ, "PYTHONPATH": str(tree), "CRIBSOL_DATA_DIR": str(data)}
    cpu, started = _children_cpu(), time.perf_counter()
    done = subprocess.run(
        [sys.executable, *argv], cwd=tree, env=env, check=True, capture_output=True, text=True
    )
    return time.perf_counter() - started, _children_cpu() - cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default=BEFORE, help="the git revision of the before side")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each side (at least 1)")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be 1 or more")
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "archive", args.rev], cwd=ROOT, check=True, capture_output=True
        ).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(Path(folder) / "before", filter="data")
        trees = {"before": Path(folder) / "before", "after": ROOT}
        data = Path(folder) / "data"
        print(f"runs with --jobs 2, {args.rounds} a side, before = {args.rev}, after = this tree")
        ratios = []
        for name, command in RUNS.items():
            argv = ["-m", "solitaire", *command, "--jobs", "2", "--json"]
            walls: dict[str, list[float]] = {"before": [], "after": []}
            cpus: dict[str, list[float]] = {"before": [], "after": []}
            outputs: dict[str, set[str]] = {"before": set(), "after": set()}
            for round_ in range(args.rounds):
                order = ("before", "after") if round_ % 2 == 0 else ("after", "before")
                for side in order:
                    wall, cpu, out = _run(trees[side], argv, data)
                    walls[side].append(wall)
                    cpus[side].append(cpu)
                    outputs[side].add(json.dumps(_without_times(json.loads(out)), sort_keys=True))
            same = len(outputs["before"] | outputs["after"]) == 1
            ratio = statistics.median(cpus["after"]) / statistics.median(cpus["before"])
            ratios.append(ratio)
            print(
                f"  {name:<12} CPU {statistics.median(cpus['before']):6.2f} s -> "
                f"{statistics.median(cpus['after']):6.2f} s ({ratio:.3f}x), wall "
                f"{statistics.median(walls['before']):6.2f} s -> "
                f"{statistics.median(walls['after']):6.2f} s; results "
                f"{'the same' if same else 'DIFFERENT'}"
            )
        overhead: dict[str, list[float]] = {"before": [], "after": []}
        for round_ in range(args.rounds):
            order = ("before", "after") if round_ % 2 == 0 else ("after", "before")
            for side in order:
                _, _, out = _run(trees[side], ["-c", OVERHEAD], data)
                overhead[side].append(float(out) / 4000)
        print(
            f"  handing out a task: {statistics.median(overhead['before']) * 1e3:.3f} ms -> "
            f"{statistics.median(overhead['after']) * 1e3:.3f} ms (wall, 2 processes)"
        )
        worst = max(ratios)
        met = "met" if worst <= TARGET else "MISSED"
        print(f"the runs' CPU, after over before, at most {worst:.3f}: target <= {TARGET}: {met}")


if __name__ == "__main__":
    main()
