"""Benchmark the history: ``stats`` and ``history`` on a history of mixed games, and a save.

Run: .venv/bin/python scripts/bench/bench_store.py [--games 10000] [--before REV] [--quick]
[--check]

Target (issue 24): ``stats`` and ``history --limit N`` on 10,000 mixed games (patience,
match, drill, tiles) in at most 1 s and 100 MB on the project's 2-core machine. Each
command runs as the player runs it (a fresh interpreter, ``cribsol stats``, its modules'
bytecode cached as an installed package's is), timed wall-clock and in CPU seconds with
its own peak memory; the best of ``--runs`` (by CPU time) is shown with its ratio to the
target. The history is made of the real games of the schema-2 test fixture (every kind,
finished and not), migrated, then stored again and again as new rows until it holds
``--games``.

Side by side in the same run: with ``--before REV`` the same commands of the program as
it was at that commit (``git archive``), run interleaved with today's on the same
history; and the old path, checking a row by replaying its record (what ``stats`` did
before rows kept checked summaries), timed on ``--sample`` rows of the same mix and scaled
to the whole history. ``--quick``: 2,000 games, one run each, a small sample.

``--check`` also times ``cribsol history --check`` on the same history, once (it replays
every record, a review for each finished patience game: minutes, not a second; no target),
and prints its time per game of each kind, measured on the same rows in this process.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from solitaire.games import registered_games, resolve
from solitaire.store import History, Summary
from solitaire.ui.kinds import KINDS

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "store" / "v2"
# The command's own peak (VmHWM starts afresh with the new program; ru_maxrss would carry
# the forking benchmark's own peak over).
_MEASURE = (
    "import sys; from solitaire.cli import main; status = main(sys.argv[1:]); "
    "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0]; "
    "print(peak.split()[1], file=sys.stderr); sys.exit(status)"
)
ROOT = Path(__file__).resolve().parents[2]
TARGET_SECONDS = 1.0
TARGET_MB = 100.0


@dataclass(frozen=True)
class Program:
    """A version of the program to time: its source tree, run without the editable
    install's import hook, its bytecode cached under ``pycache`` (as an installed
    package's is; the first run writes it and is not counted)."""

    label: str
    tree: Path
    pycache: Path

    def argv(self, data: Path, words: tuple[str, ...]) -> list[str]:
        return [sys.executable, "-S", "-c", _MEASURE, "--data-dir", str(data), *words]

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        paths = [str(self.tree), *(p for p in sys.path if p.endswith("site-packages"))]
        pycache = str(self.pycache)
        return {**env, "PYTHONPATH": os.pathsep.join(paths), "PYTHONPYCACHEPREFIX": pycache}


def checked_out(rev: str, where: Path) -> Path:
    """The project's source tree at commit ``rev``, unpacked under ``where``."""
    where.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "solitaire"], capture_output=True, check=False
    )
    if archive.returncode != 0:
        raise SystemExit(f"--before {rev}: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive.stdout, check=True)
    return where


def fill(data: Path, games: int) -> Counter[str]:
    """A history of ``games`` rows, the fixture's games over and over; the count by kind."""
    shutil.copytree(FIXTURE, data, dirs_exist_ok=True)
    kinds: Counter[str] = Counter()
    with History(data, kinds=KINDS) as history:
        rows = [
            (row, history.stored_record(row.id, kind)[1])
            for kind in KINDS
            for row in history.games(kind=kind)
        ]
        kinds.update(row.kind for row, _ in rows)
        assert history._conn is not None
        history._conn.execute("PRAGMA synchronous = OFF")  # filling only: not what is timed
        index = 0
        while sum(kinds.values()) < games:
            row, text = rows[index % len(rows)]
            summary = Summary(row.seed, row.finished, row.summary)
            history.add(row.kind, text, summary, played_by=row.played_by)
            kinds[row.kind] += 1
            index += 1
    return kinds


def measure(program: Program, data: Path, *words: str) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak megabytes of one command run as a player runs it
    (on a shared machine the CPU time is the command's own; the wall time waits too)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        program.argv(data, words), capture_output=True, text=True, check=False,
        env=program.env(), cwd=program.pycache,
    )  # fmt: skip
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if done.returncode != 0:
        raise SystemExit(f"{program.label}: {' '.join(words)} failed: {done.stderr.strip()}")
    peak_kb = int(done.stderr.strip().splitlines()[-1])
    return seconds, cpu, peak_kb / 1024


def replay_sample(data: Path, sample: int) -> tuple[float, int]:
    """Seconds to check ``sample`` rows of the mix by replaying their records (the old way)."""
    readers = {e.kind: (resolve(e.load), resolve(e.replay)) for e in registered_games()}
    with History(data, readonly=True, kinds=KINDS) as history:
        rows = [row for kind in KINDS for row in history.games(sample // len(KINDS), kind=kind)]
        texts = [(row.kind, history.stored_record(row.id, row.kind)[1]) for row in rows]
    start = time.perf_counter()
    for kind, text in texts:
        load, replay = readers[kind]
        replay(load(text), allow_unfinished=True)
    return time.perf_counter() - start, len(texts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3, help="runs of each command (the best)")
    parser.add_argument("--before", metavar="REV", help="time this commit's program beside")
    parser.add_argument("--quick", action="store_true", help="2,000 games, one run each")
    parser.add_argument("--check", action="store_true", help="time history --check too, once")
    args = parser.parse_args()
    if args.quick:
        args.games, args.runs, args.sample = 2_000, 1, 40
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        start = time.perf_counter()
        kinds = fill(data, args.games)
        filled = time.perf_counter() - start
        size = os.path.getsize(data / "history.sqlite3") / 2**20
        print(f"history of {sum(kinds.values()):,} games: {dict(kinds)}")
        print(f"  ({size:.1f} MB, filled in {filled:.1f} s)")
        programs = [Program("now", ROOT, Path(tmp) / "pycache-now")]
        if args.before:
            tree = checked_out(args.before, Path(tmp) / "before")
            programs.insert(0, Program(f"at {args.before}", tree, Path(tmp) / "pycache-before"))
        commands = (("stats",), ("history", "--limit", str(args.games)))
        for program in programs:
            program.pycache.mkdir()
            for words in commands:  # writes the bytecode; not counted
                measure(program, data, *words)
        best: dict[tuple[str, tuple[str, ...]], tuple[float, float, float]] = {}
        for _ in range(args.runs):  # interleaved, so a busy neighbour slows them alike
            for words in commands:
                for program in programs:
                    figures = measure(program, data, *words)
                    key = (program.label, words)
                    if key not in best or figures[1] < best[key][1]:
                        best[key] = figures
        print(f"target: {TARGET_SECONDS:.0f} s and {TARGET_MB:.0f} MB each; the best of "
              f"{args.runs} run(s) by CPU time")  # fmt: skip
        print(f"{'':32} {'':12} {'wall':>6} {'CPU':>6} {'peak':>8}  "
              f"{'wall/1 s':>8} {'CPU/1 s':>7} {'peak/100 MB':>11}")  # fmt: skip
        for words in commands:
            for program in programs:
                seconds, cpu, peak = best[program.label, words]
                print(f"cribsol {' '.join(words):24} {program.label:12} {seconds:5.2f}s "
                      f"{cpu:5.2f}s {peak:5.1f} MB  {seconds / TARGET_SECONDS:8.2f} "
                      f"{cpu / TARGET_SECONDS:7.2f} {peak / TARGET_MB:11.2f}")  # fmt: skip
        walls = {words[0]: best["now", words][0] for words in commands}
        spent, rows = replay_sample(data, args.sample)
        whole = spent / rows * sum(kinds.values())
        print(f"old path, replaying each row:  {spent:6.2f} s for {rows} rows")
        print(f"  scaled to the whole history: {whole:6.1f} s")
        print(f"  ratio to stats now:          {whole / walls['stats']:6.1f}x")

        if args.check:  # before the save below adds a row its record contradicts
            time_check(programs[-1], data, kinds)

        with History(data, kinds=KINDS) as history:
            row = history.games(1, kind="patience")[0]
            _, text = history.stored_record(row.id, "patience")
            summary = Summary(row.seed, False, row.summary)
            start = time.perf_counter()
            game_id = history.add("patience", text, summary)
            moves = 6
            for _ in range(moves):
                history.save(game_id, "patience", text, summary)
            save = (time.perf_counter() - start) / (moves + 1)
        print(f"save one move (with fsync):    {save * 1000:6.1f} ms")


def time_check(program: Program, data: Path, kinds: Counter[str]) -> None:
    """``history --check`` on the whole history, as a player runs it; then each kind's share
    (CPU seconds of 200 rows of it, checked in this process)."""
    from solitaire.ui.kinds import disagreement

    seconds, cpu, peak = measure(program, data, "history", "--check")
    games = sum(kinds.values())
    print(f"cribsol history --check: {seconds:6.1f} s wall, {cpu:6.1f} s CPU, {peak:5.1f} MB "
          f"for {games:,} games ({seconds / games * 1000:.1f} ms a game)")  # fmt: skip
    with History(data, readonly=True, kinds=KINDS) as history:
        for kind in KINDS:
            rows = history.games(200, kind=kind)
            texts = [(row, history.stored_record(row.id, kind)[1]) for row in rows]
            disagreement(*texts[0])  # the kind's modules loaded: not counted
            start = time.process_time()  # CPU: the machine's other jobs do not count
            for row, text in texts:
                assert disagreement(row, text) is None
            each = (time.process_time() - start) / len(texts)
            print(f"  {kind:9} {each * 1000:6.1f} ms CPU a game ({kinds[kind]:,} of them: "
                  f"{each * kinds[kind]:6.1f} s)")  # fmt: skip


if __name__ == "__main__":
    main()
