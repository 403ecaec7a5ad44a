"""Benchmark: the reply the play coach describes against the card each computer really lays.

The coach describes the opponent's answer to your card by the honest model
(:class:`~solitaire.match.decide.blind.Blind`: the card ``standard`` would lay from what
it can see, for every hand the opponent may hold). This plays seeded games of
``standard`` (in your seat) against ``--level`` and, at every real reply of the
computer (its answer to the card just laid, with two or more ranks to choose from, not
near the end of a game), compares the card it lays with the one the model describes for
the hand it really holds. Printed, measured in this one run:

- the share of replies where they agree;
- where they do not and the computer is ``expert``: how much more its own search values
  the card it laid than the described one (median, mean, 90th percentile, points);
- for ``expert``, what describing its own reply exactly would cost: its decision's CPU time
  multiplied by the hands the coach weighs (one search per hand the opponent may hold,
  for one card of yours), median and 90th percentile, against the coach's 1 s.

    .venv/bin/python scripts/bench/bench_reply_model.py --games 30 --level expert
    .venv/bin/python scripts/bench/bench_reply_model.py --games 30 --level standard
"""

from __future__ import annotations

import argparse
import statistics
import time

from solitaire.core.cards import Card
from solitaire.match.decide.endgame import is_near_end
from solitaire.match.decide.hidden import model_of
from solitaire.match.decide.search import NO_REPLY, blind_reply, search_values
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Lay, Match, Observation
from solitaire.match.players import Player, StandardPlayer

COACH_SECONDS = 1.0


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--level", choices=("standard", "expert"), default="expert")
    args = parser.parse_args()
    you = StandardPlayer()
    computer: Player = ExpertPlayer() if args.level == "expert" else StandardPlayer()
    replies = agree = 0
    gaps: list[float] = []
    costs: list[float] = []
    for game in range(args.games):
        match = Match(args.seed + game)
        seat = game % 2  # the computer's seat
        laid: tuple[Observation, Card] | None = None  # your view and the card you just laid
        while (turn := match.current_player) is not None:
            view = match.observation(turn)
            if turn != seat:
                action = you.choose(view)
                laid = (view, action.card) if isinstance(action, Lay) else None
                match.apply(action, player=turn)
                continue
            ranks = {a.card.rank for a in view.legal if isinstance(a, Lay)}
            described = NO_REPLY
            if laid is not None and len(ranks) > 1 and not is_near_end(view):
                yours, card = laid
                described = blind_reply(yours, card, [c.rank for c in view.hand])
            started = time.process_time()
            action = computer.choose(view)
            seconds = time.process_time() - started
            if described != NO_REPLY and isinstance(action, Lay):  # NO_REPLY: a new lead
                replies += 1
                assert laid is not None
                if args.level == "expert":  # (standard's rule is the model's own sum)
                    costs.append(seconds * len(model_of(laid[0]).hands))
                if action.card.rank == described:
                    agree += 1
                elif args.level == "expert":
                    values = search_values(view)
                    other = max(v for c, v in values.items() if c.rank == described)
                    gaps.append(float(values[action.card] - other))
            laid = None
            match.apply(action, player=turn)
    print(f"{args.games} games, standard v {args.level}, seeds {args.seed}-"
          f"{args.seed + args.games - 1}: {replies} replies with a choice of ranks "
          f"(not near the end)")  # fmt: skip
    if not replies:
        return
    print(f"  the described reply is the card {args.level} lays: {agree} ({agree / replies:.1%})")
    if gaps:
        print(f"  where not, {args.level}'s search values its own card more by "
              f"{statistics.median(gaps):.3f} points median, {statistics.mean(gaps):.3f} mean, "
              f"{_percentile(gaps, 0.9):.3f} at the 90th percentile; "
              f"{sum(gaps) / replies:.3f} a reply over all replies")  # fmt: skip
    if not costs:
        return
    median, p90 = statistics.median(costs), _percentile(costs, 0.9)
    print(f"  describing {args.level}'s own reply exactly, one search a hand the coach weighs, "
          f"for one card: {median:.1f} s CPU median, {p90:.1f} s at the 90th percentile "
          f"({median / COACH_SECONDS:.0f}x and {p90 / COACH_SECONDS:.0f}x the coach's "
          f"{COACH_SECONDS:.0f} s)")  # fmt: skip


if __name__ == "__main__":
    main()
