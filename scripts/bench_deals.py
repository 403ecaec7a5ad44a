"""Benchmark: duplicate deals, player A against B on the same cards with the seats swapped.

    .venv/bin/python scripts/bench_deals.py --a expert --b standard --deals 3000 --jobs 2

Deal ``i`` is six cards each and a starter from seed ``S + i`` (the same cards on every
machine). It is played twice from 0 to 0, A dealing once and B once, each time to the
end of the show, and A's net is what A scored over both minus what B scored. Two
players who choose alike net exactly 0, so the luck of the cards cancels and only
the choices that differ count: a difference of a tenth of a point a deal shows in a
few thousand deals, where whole games would need tens of thousands. Printed: A's
mean net a deal (half a pair) with a 95% interval, split into the play (pegging)
and the show, and how many pairs were played alike. Scores start at 0, so this
measures points, not the play to win near the end of a game.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from dataclasses import dataclass

from solitaire.cluster import run_on
from solitaire.core.cards import ALL_CARDS
from solitaire.core.runs import MAX_JOBS, Z95, run_tasks
from solitaire.match.arena import arena_players, seat
from solitaire.match.game import Match

ROLES = ("dealer", "pone")


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
            seat(name, random.Random(f"{seed} {name} {role}"))
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


def _mean(values: list[int]) -> str:
    """Mean a deal (half a pair) with its 95% interval."""
    mean = statistics.fmean(values) / 2
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) / 2
    return f"{mean:+.3f} (95% {mean - half:+.3f} to {mean + half:+.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="expert", choices=arena_players())
    parser.add_argument("--b", default="standard", choices=arena_players())
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, choices=range(1, MAX_JOBS + 1))
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="a Dask scheduler whose workers play (docs/CLUSTER.md)"
    )
    args = parser.parse_args()
    if args.deals < 2:
        parser.error("--deals must be 2 or more")
    started = time.perf_counter()
    tasks = [(args.a, args.b, args.seed + i) for i in range(args.deals)]
    with run_on(args.cluster) as executor:
        pairs, interrupted = run_tasks(play_pair, tasks, jobs=args.jobs, executor=executor)
    if len(pairs) < 2:
        raise SystemExit("stopped before two deals finished")
    nets = [p.pegged + p.shown for p in pairs]
    print(
        f"{args.a} against {args.b}: {len(pairs):,} deals from seed {args.seed}, each played "
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
