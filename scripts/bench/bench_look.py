"""How wide the one-turn look should be: the play each width picks, judged on fresh racks.

    nice -n 10 .venv/bin/python scripts/bench/bench_look.py [--games 12] [--looks 8 16 32 64 128x8]

In expert self-play games (seeds apart from every other run's), at every turn with a
choice of plays and at least ``--bag`` tiles in the bag, an expert looking at its best
``w`` plays by score and leave, each over ``s`` racks the opponent may hold (a look
``WxS``, or ``W`` for 16 racks; the planner's look is 64x16), picks a play for each look.
Each pick is then judged on
``--fresh`` racks dealt apart from the look's own (another seed): its score and leave
less the opponent's mean best reply on them. A look that picks its play by noise in
its own racks gains nothing on fresh ones, so the difference from the reference look's
pick, side by side on the same positions, is what widening really buys in the look's
own terms (the opponent's racks drawn evenly from the unseen tiles), not in games won:
``scripts/bench/bench_tiles.py --paired`` measures that. Each look is timed from cold caches
(the move generator's), so a wider look does not reuse a narrower one's work; and timed
again as the players look (:meth:`Expert.best`, which skips the replies to a play that
cannot win), side by side, with a check that both pick the same play.
"""

from __future__ import annotations

import argparse
import math
import statistics
from dataclasses import dataclass, field

from solitaire.core.errors import InputError
from solitaire.core.runs import run_tasks
from solitaire.tiles.game import TileGame
from solitaire.tiles.leaves import load_leaves
from solitaire.tiles.looks import Look, judge, named, parse_look
from solitaire.tiles.planner import SAMPLES
from solitaire.tiles.players import (
    Expert,
    built_in_expert,
)


@dataclass(frozen=True)
class Task:
    """One self-play game to measure on."""

    seed: int
    looks: tuple[Look, ...]
    reference: Look
    fresh: int
    bag: int


@dataclass
class Tally:
    """One look's results over positions."""

    differences: list[float] = field(default_factory=list)
    """Fresh total of its pick less the reference's, a position."""
    seconds: list[float] = field(default_factory=list)
    """CPU time of its look at every play, a position."""
    bounded: list[float] = field(default_factory=list)
    """CPU time of the same look as the players make it (:meth:`Expert.best`), a position."""
    unlike: int = 0
    """Positions where the bounded look picked another play or total (a fault)."""

    def add(self, other: Tally) -> None:
        """Take in another game's results."""
        self.differences += other.differences
        self.seconds += other.seconds
        self.bounded += other.bounded
        self.differ += other.differ
        self.unlike += other.unlike

    differ: int = 0
    """Positions where it picks another play than the reference look."""


def measure(task: Task) -> dict[Look, Tally]:
    """Play one expert self-play game and compare every look's pick on its positions."""
    leaves = load_leaves()
    looks = {
        look: Expert(leaves, shortlist=look[0], samples=look[1], arrangements=look[2])
        for look in task.looks
    }
    tallies = {look: Tally() for look in task.looks}
    player = built_in_expert()
    game = TileGame(task.seed)
    while not game.is_over:
        view = game.observation(game.current_player)
        plays = player.candidates(view)
        if view.bag_size >= task.bag and len(plays) > 1 and len(view.rack_sizes) == 2:
            appraised = player.appraise(view, plays)
            picks, seconds, totals = judge(view, appraised, looks, task.fresh)
            reference = picks[task.reference].order
            for look, pick in picks.items():
                tallies[look].differences.append(totals[pick.order] - totals[reference])
                tallies[look].differ += pick.order != reference
                whole, bounded, alike = seconds[look]
                tallies[look].seconds.append(whole)
                tallies[look].bounded.append(bounded)
                tallies[look].unlike += not alike
        game.apply(player.choose(view))
    return tallies


def _look(text: str) -> Look:
    """A look as ``--looks`` takes it (:func:`parse_look`), refused in argparse's words."""
    try:
        return parse_look(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=12, help="self-play games (default 12)")
    parser.add_argument("--seed", type=int, default=3_500_000, help="first seed (default 3500000)")
    parser.add_argument(
        "--looks",
        type=_look,
        nargs="+",
        default=[(w, SAMPLES, 0) for w in (8, 16, 32, 64)],
        help=f"looks: W plays (over {SAMPLES} racks), WxS (over S racks), or WxSaA (W "
        "distinct plays, A placings of each); default 8 16 32 64",
    )
    parser.add_argument(
        "--reference", type=_look, default=(16, SAMPLES, 0), help="the look compared with"
    )
    parser.add_argument("--fresh", type=int, default=200, help="racks a pick is judged on")
    parser.add_argument("--bag", type=int, default=8, help="tiles in the bag at least")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args()
    if args.games < 1 or args.fresh < 2:
        parser.error("--games and --fresh must be positive (--fresh at least 2)")
    looks = tuple(sorted(set(args.looks) | {args.reference}))
    tasks = [
        Task(seed, looks, args.reference, args.fresh, args.bag)
        for seed in range(args.seed, args.seed + args.games)
    ]
    results, interrupted = run_tasks(measure, tasks, args.jobs)
    if interrupted:
        return 130
    totals = {look: Tally() for look in looks}
    for tallies in results:
        for look, tally in tallies.items():
            totals[look].add(tally)
    count = len(totals[args.reference].differences)
    print(
        f"{count} positions of {len(results)} expert self-play games (at least {args.bag} "
        f"tiles in the bag), picks judged on {args.fresh} fresh racks"
    )
    versus = f"fresh total v {named(args.reference)}"
    print(
        f"{'look':>8} {'picks differ':>14} {versus:>25} {'median look ms':>15}"
        f" {'bounded ms':>10} {'ratio':>6}"
    )
    for look, tally in totals.items():
        diffs = tally.differences
        mean = statistics.fmean(diffs) if diffs else 0.0
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        differ = tally.differ
        median = 1000 * statistics.median(tally.seconds) if tally.seconds else 0.0
        bounded = 1000 * statistics.median(tally.bounded) if tally.bounded else 0.0
        print(
            f"{named(look):>8} {differ:7} ({differ / max(1, count):4.0%}) "
            f"{mean:+8.2f} ({mean - half:+.2f} to {mean + half:+.2f}) {median:15.0f}"
            f" {bounded:10.0f} {median / max(bounded, 1e-9):5.1f}x"
        )
    unlike = sum(tally.unlike for tally in totals.values())
    if unlike:
        print(f"FAULT: the bounded look picked unlike the whole look {unlike} times")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
