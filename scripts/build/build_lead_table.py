"""Build pone's opening-lead table (solitaire/match/data/lead.bin) by the exact search.

    nice -n 10 .venv/bin/python scripts/build/build_lead_table.py --jobs 2
    .venv/bin/python scripts/build/build_lead_table.py --out /tmp/lead.bin
    nice -n 10 .venv/bin/python scripts/build/build_lead_table.py --replies --jobs 2

``--replies`` builds the dealer's answers instead (solitaire/match/data/lead_replies.bin,
from the stored lead table: build that first): for every four kept ranks, every lead
and every four ranks the dealer can hold, the rank the dealer answers with, both hands
known, as the coach's search finds it (153 s with --jobs 2).

For every four kept ranks and every four ranks the dealer can hold, the net
pegging to the end of the play of leading each kept rank, both hands known, as
the search solves it (see solitaire/match/lead.py for the use and the format).
The values are exact, so the file's bytes are the same for any --jobs.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
from pathlib import Path

from solitaire.cluster import run_on
from solitaire.core.runs import MAX_JOBS, run_tasks
from solitaire.match.build_lead import build_replies, build_rows, encode
from solitaire.match.decide.lead import HANDS, LEAD_PATH, MAGIC, REPLIES_MAGIC, REPLIES_PATH


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="the file (default: the package's)")
    parser.add_argument("--replies", action="store_true", help="the dealer's answers")
    parser.add_argument("--jobs", type=int, default=1, choices=range(1, MAX_JOBS + 1))
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="a Dask scheduler whose workers play (docs/CLUSTER.md)"
    )
    args = parser.parse_args()
    out: Path = args.out or (REPLIES_PATH if args.replies else LEAD_PATH)
    build = build_replies if args.replies else build_rows
    started, cpu = time.perf_counter(), time.process_time()
    done = [0]

    def progress(_: object) -> None:
        done[0] += 1
        if done[0] % 100 == 0:
            minutes = (time.perf_counter() - started) / 60
            print(f"  {done[0]:,} of {len(HANDS):,} hands, {minutes:.1f} min", flush=True)

    with run_on(args.cluster) as executor:
        blocks, interrupted = run_tasks(
            build, HANDS, jobs=args.jobs, done=progress, executor=executor
        )
    if interrupted:  # Ctrl-C, SIGTERM or SIGHUP: a part of the hands is no table
        print("build_lead_table: interrupted, nothing written", file=sys.stderr)
        raise SystemExit(130)
    data = encode(blocks, REPLIES_MAGIC if args.replies else MAGIC)
    out.write_bytes(data)
    print(
        f"{out}: {len(data):,} bytes, sha256 {hashlib.sha256(data).hexdigest()[:16]}; "
        f"{len(HANDS):,} hands in {time.perf_counter() - started:.0f} s "
        f"({args.jobs} job(s), this process {time.process_time() - cpu:.0f} s CPU, "
        f"load average {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
