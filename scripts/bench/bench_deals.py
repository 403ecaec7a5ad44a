"""Benchmark: duplicate deals, player A against B on the same cards with the seats swapped.

    .venv/bin/python scripts/bench/bench_deals.py --a expert --b standard --deals 3000 --jobs 2

Deal ``i`` is six cards each and a starter from seed ``S + i`` (the same cards on every
machine). It is played twice from 0 to 0, A dealing once and B once, each time to the
end of the show, and A's net is what A scored over both minus what B scored. Two
players who choose alike net exactly 0, so the luck of the cards cancels and only
the choices that differ count: a difference of a tenth of a point a deal shows in a
few thousand deals, where whole games would need tens of thousands. Printed: A's
mean net a deal (half a pair) with a 95% interval, split into the play (pegging)
and the show, and how many pairs were played alike. Scores start at 0, so this
measures points, not the play to win near the end of a game.

``expert-open`` is the expert before its honest model of the opponent (the opponent
seeing every card from its next card on: ``ExpertPlayer(model="open")``), a name only
duplicate deals know (:mod:`solitaire.match.duplicate`), to measure the honest model
against it:

    nice -n 15 .venv/bin/python scripts/bench/bench_deals.py --a expert --b expert-open \
        --deals 5000 --jobs 2 --out results/match/deals-expert-open.jsonl

``--out FILE`` keeps every finished pair as one line of JSON (its seed and A's nets) as
it comes, and a run given the same file plays only the seeds it does not hold yet, so a
stopped run loses nothing finished; the figures printed are those of every pair in the
file for these two players from ``--seed`` on, up to ``--deals``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from pathlib import Path

from solitaire.cluster import run_on
from solitaire.core.errors import InputError
from solitaire.core.runs import MAX_JOBS, Z95, run_tasks
from solitaire.match.duplicate import (
    Pair,
    duplicate_players,
    pair_line,
    play_pair,
    read_pairs,
)


def _seeded_pair(task: tuple[str, str, int]) -> tuple[int, Pair]:
    return task[2], play_pair(task)


def _read(path: Path, a: str, b: str, seeds: range) -> dict[int, Pair]:
    """The pairs of these players and seeds already kept in ``path``."""
    if not path.exists():
        return {}
    try:
        return read_pairs(path.read_text().splitlines(), a, b, seeds)
    except InputError as error:
        raise SystemExit(f"{path}: {error}") from None


def _mean(values: list[int]) -> str:
    """Mean a deal (half a pair) with its 95% interval."""
    mean = statistics.fmean(values) / 2
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) / 2
    return f"{mean:+.3f} (95% {mean - half:+.3f} to {mean + half:+.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="expert", choices=duplicate_players())
    parser.add_argument("--b", default="standard", choices=duplicate_players())
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, choices=range(1, MAX_JOBS + 1))
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="a Dask scheduler whose workers play (docs/CLUSTER.md)"
    )
    parser.add_argument("--out", type=Path, help="keep each pair here as it finishes (resumable)")
    args = parser.parse_args()
    if args.deals < 2:
        parser.error("--deals must be 2 or more")
    started = time.perf_counter()
    seeds = range(args.seed, args.seed + args.deals)
    kept = _read(args.out, args.a, args.b, seeds) if args.out else {}
    tasks = [(args.a, args.b, seed) for seed in seeds if seed not in kept]

    def keep(result: tuple[int, Pair]) -> None:
        if args.out:
            seed, pair = result
            with args.out.open("a") as out:
                out.write(pair_line(args.a, args.b, seed, pair) + "\n")

    with run_on(args.cluster) as executor:
        played, interrupted = run_tasks(
            _seeded_pair, tasks, jobs=args.jobs, done=keep, executor=executor
        )
    kept.update(played)
    pairs = [kept[seed] for seed in seeds if seed in kept]
    if len(pairs) < 2:
        raise SystemExit("stopped before two deals finished")
    nets = [p.pegged + p.shown for p in pairs]
    print(
        f"{args.a} against {args.b}: {len(pairs):,} deals from seed {args.seed} "
        f"({len(kept) - len(played):,} read from --out), each played "
        f"twice with the seats swapped{' (stopped early)' if interrupted else ''}"
    )
    print(f"  {args.a}'s net a deal: {_mean(nets)}")
    print(f"    in the play: {_mean([p.pegged for p in pairs])}")
    print(f"    in the show: {_mean([p.shown for p in pairs])}")
    alike = sum(1 for p in pairs if p.pegged == p.shown == 0)
    print(
        f"  {alike:,} deals netted 0 both in the play and in the show; "
        f"{time.perf_counter() - started:.0f} s "
        + (f"on {executor.where}" if executor else f"with {args.jobs} job(s)")
    )


if __name__ == "__main__":
    main()
