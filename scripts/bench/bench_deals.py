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
this benchmark knows, to measure the honest model against it:

    nice -n 15 .venv/bin/python scripts/bench/bench_deals.py --a expert --b expert-open \
        --deals 5000 --jobs 2 --out results/match/deals-expert-open.jsonl

``--out FILE`` keeps every finished pair as one line of JSON (its seed and A's nets) as
it comes, and a run given the same file plays only the seeds it does not hold yet, so a
stopped run loses nothing finished; the figures printed are those of every pair in the
file for these two players from ``--seed`` on, up to ``--deals``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from solitaire.cluster import run_on
from solitaire.core.cards import ALL_CARDS
from solitaire.core.runs import MAX_JOBS, Z95, run_tasks
from solitaire.match.arena import arena_players, seat
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Match
from solitaire.match.players import Player

ROLES = ("dealer", "pone")
OPEN = "expert-open"  # the expert whose search lets the opponent see every card


@dataclass(frozen=True, slots=True)
class Pair:
    """A's net over one deal played twice: in the play, and the rest (the show, his heels)."""

    pegged: int
    shown: int


def play_pair(task: tuple[str, str, int]) -> Pair:
    """Deal ``seed`` played with A dealing, then with B dealing; A's nets over both."""
    a, b, seed = task
    rng = random.Random(f"cribsol duplicate deal {seed}")
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    hands = (cards[:6], cards[6:12])
    pegged = shown = 0
    for a_seat in (0, 1):
        names = (a, b) if a_seat == 0 else (b, a)  # seat 0 deals
        seats = [
            _seat(name, random.Random(f"{seed} {name} {role}"))
            for name, role in zip(names, ROLES, strict=True)
        ]
        match = Match.from_cards(0, hands, cards[12])
        while match.deal.number == 1 and (who := match.current_player) is not None:
            match.apply(seats[who].choose(match.observation(who)), player=who)
        deal = match.deals[0]
        scores = deal.scores  # the deal's own points: the match began at 0 to 0
        assert scores is not None
        sign = 1 if a_seat == 0 else -1
        pegged += sign * (deal.pegged[0] - deal.pegged[1])
        shown += sign * (scores[0] - deal.pegged[0] - scores[1] + deal.pegged[1])
    return Pair(pegged, shown)


def _seeded_pair(task: tuple[str, str, int]) -> tuple[int, Pair]:
    return task[2], play_pair(task)


def vars_of(pair: Pair) -> dict[str, int]:
    """A pair's fields, as a line of ``--out`` keeps them."""
    return {"pegged": pair.pegged, "shown": pair.shown}


def _seat(name: str, rng: random.Random) -> Player:
    return ExpertPlayer(model="open") if name == OPEN else seat(name, rng)


def _read(path: Path, a: str, b: str, seeds: range) -> dict[int, Pair]:
    """The pairs of these players and seeds already kept in ``path``."""
    kept: dict[int, Pair] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if row["a"] == a and row["b"] == b and row["seed"] in seeds:
                kept[row["seed"]] = Pair(row["pegged"], row["shown"])
    return kept


def _mean(values: list[int]) -> str:
    """Mean a deal (half a pair) with its 95% interval."""
    mean = statistics.fmean(values) / 2
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) / 2
    return f"{mean:+.3f} (95% {mean - half:+.3f} to {mean + half:+.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="expert", choices=[*arena_players(), OPEN])
    parser.add_argument("--b", default="standard", choices=[*arena_players(), OPEN])
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
            row = {"a": args.a, "b": args.b, "seed": seed, **vars_of(pair)}
            with args.out.open("a") as out:
                out.write(json.dumps(row) + "\n")

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
