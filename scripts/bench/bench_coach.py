"""Benchmark: how long the play and discard coaches take, and that the screen does not wait.

Collects every position where a player chooses among two or more cards, and every
discard, in seeded `standard` games, then measures in this one run:

- the coach's advice (`coach.advise_play`: the search's values plus the words) per
  position, median and 99th percentile, split by how many cards the opponent hides;
- the discard coach (`discard_coach.advise_discard`: all 15 discards as `expert`
  values them) per discard, and the first one in a fresh process;
- a game's review (`coach.review_game`);
- the screen: drawing the match screen with the coach's panel, and how long a key
  takes to be answered while the coach works in its own process (the app's set-up),
  for `?` in the play and `?` at the discard (the time until the 15 values are drawn).

    .venv/bin/python scripts/bench/bench_coach.py --games 4

``--cpu`` times the coaches' advice and the review by this process's CPU
(``time.process_time``) and leaves the screen out: figures the machine's other jobs do
not change, to set two trees side by side (the other run with ``PYTHONPATH`` at the
other tree's root, this script the same):

    nice -n 19 .venv/bin/python scripts/bench/bench_coach.py --games 3 --cpu
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import tempfile
import time
from pathlib import Path

from rich.console import Console

from solitaire.match.coach import advise_play, review_game
from solitaire.match.discard_coach import advise_discard
from solitaire.match.game import Match, Observation, Phase
from solitaire.match.players import StandardPlayer
from solitaire.store import History
from solitaire.ui.kinds import KINDS
from solitaire.ui.match.coaching import Coach, coach_executor
from solitaire.ui.match.screen import MatchScreen
from solitaire.ui.match.session import YOU, MatchSession
from solitaire.ui.views import THEME


def positions(games: int, seed: int) -> tuple[list[Observation], list[Match], list[Observation]]:
    """Every choice among two or more cards in the play of these games, the games, and
    every discard."""
    views, matches, discards = [], [], []
    player = StandardPlayer()
    for i in range(games):
        match = Match(seed + i)
        while (seat := match.current_player) is not None:
            if match.phase is Phase.PLAY and len(match.legal_actions()) > 1:
                views.append(match.observation(seat))
            elif match.phase is Phase.DISCARD:
                discards.append(match.observation(seat))
            match.apply(player.choose(match.observation(seat)), player=seat)
        matches.append(match)
    return views, matches, discards


def first_discard(view: Observation) -> float:
    """Seconds the discard coach takes in a fresh process (its imports and tables)."""
    started = time.perf_counter()
    advise_discard(view)
    return time.perf_counter() - started


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"median {statistics.median(ordered) * 1000:7.1f} ms, p99 {p99 * 1000:7.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cpu", action="store_true", help="CPU time, the screen left out")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter

    views, matches, discards = positions(args.games, args.seed)
    if not args.cpu:
        with coach_executor(at_once=True) as fresh:
            cold = fresh.submit(first_discard, discards[0]).result()
        print(f"discard coach, first in a fresh process: {cold * 1000:7.1f} ms")
    times = []
    for view in discards:
        started = clock()
        advise_discard(view)
        times.append(clock() - started)
    print(f"discard coach ({len(times):3} discards)        : {summary(times)}")
    by_hidden: dict[int, list[float]] = {}
    for view in views:
        started = clock()
        advise_play(view)
        by_hidden.setdefault(view.opponent_held, []).append(clock() - started)
    print(f"{len(views)} positions of {args.games} games (seeds {args.seed} on)")
    for hidden in sorted(by_hidden, reverse=True):
        times = by_hidden[hidden]
        print(f"advice, {hidden} hidden cards ({len(times):3} positions): {summary(times)}")
    every = [t for times in by_hidden.values() for t in times]
    print(f"advice, all                         : {summary(every)}")

    started = clock()
    review_game(matches[0], YOU, 1)
    print(f"a game's review (seed {args.seed}): {clock() - started:.2f} s")
    if args.cpu:
        print("(CPU time of this process)")
        return

    with tempfile.TemporaryDirectory() as folder, History(Path(folder), kinds=KINDS) as history:
        session = MatchSession(
            history, "standard", lambda: Match(args.seed), coach=Coach(coach_executor(at_once=True))
        )
        draws, keys, waited, opened = [], [], [], []
        first = True
        while not session.match.is_over:
            if session.discarding:
                started = time.perf_counter()
                session.toggle_coach()  # ? the moment the six are dealt: the 15 discards
                while session.view.discard_advice() is None:
                    time.sleep(0.005)
                Console(file=io.StringIO(), width=80, theme=THEME).print(MatchScreen(session))
                if first:
                    took = time.perf_counter() - started
                    print(f"the match screen: ? at the first discard: {took:.2f} s (a new process)")
                    first = False
                else:
                    opened.append(time.perf_counter() - started)
                session.toggle_coach()
                session.toggle(0)
                session.toggle(1)
                session.confirm()
            elif session.coaching:
                started = time.perf_counter()
                session.toggle_coach()  # the key: the panel, with values or "working it out"
                Console(file=io.StringIO(), width=80, theme=THEME).print(MatchScreen(session))
                keys.append(time.perf_counter() - started)
                while session.view.advice() is None:
                    time.sleep(0.005)
                waited.append(time.perf_counter() - started)
                started = time.perf_counter()
                Console(file=io.StringIO(), width=80, theme=THEME).print(MatchScreen(session))
                draws.append(time.perf_counter() - started)
                session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
            else:
                session.enter()
        session.close()
    print(f"the match screen: ? answered (drawn)  : {summary(keys)} over {len(keys)} keys")
    print(f"the match screen: values on screen    : {summary(waited)} after ? (prefetched)")
    print(f"the match screen: drawn with the panel: {summary(draws)}")
    print(f"the match screen: ? at a discard, drawn: {summary(opened)} over {len(opened)} deals")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
