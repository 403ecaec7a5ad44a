"""Benchmark the history: ``stats`` and ``history`` on a history of mixed games, and a save.

Run: .venv/bin/python scripts/bench_store.py [--games 10000] [--sample 300]

Target (issue 24): ``stats`` and ``history --limit N`` on 10,000 mixed games (patience,
match, drill, tiles) in at most 1 s and 100 MB on the project's 2-core machine. Each
command runs as the player runs it (a fresh interpreter, ``cribsol stats``), timed
wall-clock with its own peak memory. The history is made of the real games of the
schema-2 test fixture (every kind, finished and not), migrated, then stored again and
again as new rows until it holds ``--games``.

Side by side, the old path: checking a row by replaying its record (what ``stats`` did
before rows kept checked summaries), timed on ``--sample`` rows of the same mix and
scaled to the whole history; the ratio is printed beside it.
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
from pathlib import Path

from solitaire.cli.patience_commands import _replays
from solitaire.patience.summary import replayed
from solitaire.store import History, Summary
from solitaire.ui.kinds import KINDS

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "store" / "v2"
# The command's own peak (VmHWM starts afresh with the new program; ru_maxrss would carry
# the forking benchmark's own peak over).
_MEASURE = (
    "import sys; from solitaire.cli import main; status = main(sys.argv[1:]); "
    "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0]; "
    "print(peak.split()[1], file=sys.stderr); sys.exit(status)"
)


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


def measure(data: Path, *words: str) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak megabytes of one command run as a player runs it
    (on a shared machine the CPU time is the command's own; the wall time waits too)."""
    argv = [sys.executable, "-c", _MEASURE, "--data-dir", str(data), *words]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(words)} failed: {done.stderr.strip()}")
    peak_kb = int(done.stderr.strip().splitlines()[-1])
    return seconds, cpu, peak_kb / 1024


def replay_sample(data: Path, sample: int) -> tuple[float, int]:
    """Seconds to check ``sample`` rows of the mix by replaying their records (the old way)."""
    loaders = _replays()
    with History(data, readonly=True, kinds=KINDS) as history:
        rows = [row for kind in KINDS for row in history.games(sample // len(KINDS), kind=kind)]
        texts = [(row.kind, history.stored_record(row.id, row.kind)[1]) for row in rows]
    start = time.perf_counter()
    for kind, text in texts:
        if kind == "patience":
            replayed(text)
            continue
        load, _ = loaders[kind]
        data_ = load(text)
        if kind == "match":
            from solitaire.match.record import replay_match

            replay_match(data_, allow_unfinished=True)
        elif kind == "drill":
            from solitaire.match.drill import replay_drill

            replay_drill(data_, allow_unfinished=True)
        else:
            from solitaire.tiles.record import replay

            replay(data_, allow_unfinished=True)
    return time.perf_counter() - start, len(texts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3, help="runs of each command (the best)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        start = time.perf_counter()
        kinds = fill(data, args.games)
        filled = time.perf_counter() - start
        size = os.path.getsize(data / "history.sqlite3") / 2**20
        print(f"history of {sum(kinds.values()):,} games: {dict(kinds)}")
        print(f"  ({size:.1f} MB, filled in {filled:.1f} s)")
        figures = {}
        print(f"{'':30} {'wall':>7} {'CPU':>7} {'peak':>9}")
        for words in (("stats",), ("history", "--limit", str(args.games))):
            best = min((measure(data, *words) for _ in range(args.runs)), key=lambda m: m[1])
            seconds, cpu, peak = best
            figures[words[0]] = seconds
            print(f"cribsol {' '.join(words):22} {seconds:6.2f}s {cpu:6.2f}s {peak:6.1f} MB")
        spent, rows = replay_sample(data, args.sample)
        whole = spent / rows * sum(kinds.values())
        print(f"old path, replaying each row:  {spent:6.2f} s for {rows} rows")
        print(f"  scaled to the whole history: {whole:6.1f} s")
        print(f"  ratio to stats now:          {whole / figures['stats']:6.1f}x")

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


if __name__ == "__main__":
    main()
