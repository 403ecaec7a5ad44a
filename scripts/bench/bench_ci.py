"""Benchmark: the CPU seconds of each part of ``scripts/test`` (what CI runs), side by side
with the target.

    nice -n 19 .venv/bin/python scripts/bench/bench_ci.py            # every part
    .venv/bin/python scripts/bench/bench_ci.py --parts mypy pytest     # some of them

Each part runs alone, as ``scripts/test`` runs it (the venv's tools on PATH), one after the
other; printed are its wall seconds and CPU seconds (user and system, of every process it
started), then the total against the target: CI within 500 CPU seconds. mypy runs
without its cache, as on a clean clone. On a shared machine the wall clock mostly times
the neighbours; the CPU seconds are what CI pays.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent.parent
TARGET: Final = 500.0  # CPU seconds for the whole of scripts/test


def parts(cache: str) -> dict[str, list[str]]:
    """Each part's command, as scripts/test gives it."""
    scripts = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "scripts").glob("*/*.py"))
    return {
        "ruff": ["sh", "-c", "ruff check . && ruff format --check ."],
        "mypy": ["mypy", "--strict", "--cache-dir", cache, "solitaire", "tests", *scripts],
        "pytest": ["pytest", "-n", os.environ.get("PYTEST_WORKERS", "auto"), "--dist", "worksteal"],
        "install": [sys.executable, "scripts/check/smoke_install.py"],
    }


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="+", choices=["ruff", "mypy", "pytest", "install"])
    args = parser.parse_args()
    env = dict(os.environ)
    env["PATH"] = f"{ROOT / '.venv' / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    total = 0.0
    with tempfile.TemporaryDirectory(prefix="bench-ci-") as cache:
        commands = parts(cache)
        for name in args.parts or list(commands):
            started, cpu = time.perf_counter(), children_cpu()
            done = subprocess.run(commands[name], cwd=ROOT, env=env, capture_output=True)
            wall, spent = time.perf_counter() - started, children_cpu() - cpu
            total += spent
            status = "ok" if done.returncode == 0 else f"FAILED (exit status {done.returncode})"
            print(f"{name:<8} {spent:7.1f} CPU s {wall:8.1f} s wall  {status}", flush=True)
    verdict = "met" if total <= TARGET else "MISSED"
    print(f"{'total':<8} {total:7.1f} CPU s  (target <= {TARGET:.0f}: {verdict})")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
