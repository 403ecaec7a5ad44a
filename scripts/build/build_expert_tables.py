"""Build the expert's two tables (solitaire/match/data/expert.json) by simulation.

    .venv/bin/python scripts/build/build_expert_tables.py            # 4,000 games, seeds 0-3,999
    .venv/bin/python scripts/build/build_expert_tables.py --games 500 --out /tmp/t.json --jobs 2

Method: ``standard`` plays ``standard`` over seeded one-game matches (the match
seed is the game number); every deal played to the crib is one sample of

* **the pegging of four kept cards, by role**: each player's net pegging (theirs
  minus the opponent's) is fitted by least squares, per role, to features of the
  kept ranks (fives, pairs, low cards, ten-cards, fifteens, touching ranks). The
  expert adds the fitted value to each discard's exact hand and crib;
* **the points of a deal**: the joint distribution of (his heels and the dealer's
  pegging, pone's pegging), pone's hand, and the dealer's hand and crib together.

From those distributions a dynamic programme gives the chance that the next
deal's pone wins from every pair of scores, playing deals to 121 in the order of
the show (pegging, then pone's hand, then the dealer's hand and crib; the other
blocks of a deal taken as independent, and a deal where both peg past 121 counted
as half a win each).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from solitaire.cluster import run_on
from solitaire.core.runs import Executor, run_tasks
from solitaire.match.decide.discard import FEATURES, peg_features
from solitaire.match.decide.endgame import win_table as endgame_table
from solitaire.match.decide.tables import TABLE_PATH
from solitaire.match.game import GAME_POINTS, Match
from solitaire.match.players import StandardPlayer, advance

ROLES = ("dealer", "pone")


Samples = dict[str, list[tuple[list[int], int]]]
BLOCK = 50  # games a task: about two seconds of standard against standard


def simulate(
    games: int, jobs: int = 1, executor: Executor | None = None
) -> tuple[Samples, list[tuple[int, ...]]]:
    """Per role the (features, net pegging) of every kept hand; per deal its point blocks,
    in game order whatever plays the games (``jobs`` processes, or a cluster)."""
    blocks = [(start, min(BLOCK, games - start)) for start in range(0, games, BLOCK)]
    parts, interrupted = run_tasks(_play_block, blocks, jobs, executor=executor)
    if interrupted:
        raise KeyboardInterrupt  # a part of the games is no table
    samples: Samples = {role: [] for role in ROLES}
    deals: list[tuple[int, ...]] = []
    for part_samples, part_deals in parts:
        for role in ROLES:
            samples[role] += part_samples[role]
        deals += part_deals
    return samples, deals


def _play_block(block: tuple[int, int]) -> tuple[Samples, list[tuple[int, ...]]]:
    """The samples of the one-game matches of seeds ``first`` to ``first + count - 1``."""
    first, count = block
    samples: Samples = {role: [] for role in ROLES}
    deals: list[tuple[int, ...]] = []
    players = (StandardPlayer(), StandardPlayer())
    for seed in range(first, first + count):
        match = Match(seed)
        advance(match, players)
        for deal in match.deals:
            if len(deal.show) < 3:
                continue  # the game ended during this deal
            for player in (0, 1):
                role = "dealer" if player == deal.dealer else "pone"
                kept = [card.rank for card in deal.kept(player)]
                net = deal.pegged[player] - deal.pegged[1 - player]
                samples[role].append((peg_features(kept), net))
            pone_hand, dealer_hand, crib = (counted.points for counted in deal.show)
            deals.append(
                (
                    deal.heels + deal.pegged[deal.dealer],
                    deal.pegged[deal.pone],
                    pone_hand,
                    dealer_hand + crib,
                    deal.heels,
                    dealer_hand,
                    crib,
                )
            )
    return samples, deals


def fit(samples: list[tuple[list[int], int]]) -> list[float]:
    """Least-squares intercept and one weight per feature."""
    x = np.array([[1, *features] for features, _ in samples], dtype=float)
    y = np.array([net for _, net in samples], dtype=float)
    weights, *_ = np.linalg.lstsq(x, y, rcond=None)
    return [round(float(w), 4) for w in weights]


def distribution(values: list[int]) -> list[float]:
    """P(value) for value 0..max."""
    counts = Counter(values)
    return [counts.get(v, 0) / len(values) for v in range(max(values) + 1)]


def win_table(deal: dict[str, Any]) -> list[list[float]]:
    """``table[p][d]``: the chance the next deal's pone (score p) beats the dealer (score d),
    from the stored distributions (:func:`solitaire.match.decide.endgame.win_table`)."""
    win = endgame_table(deal, np.ones(GAME_POINTS))
    return [[round(float(v), 5) for v in row] for row in win]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="a Dask scheduler whose workers play (docs/CLUSTER.md)"
    )
    parser.add_argument(
        "--win-only", action="store_true", help="recompute the win table from --out's data"
    )
    args = parser.parse_args()
    if args.win_only:
        table = json.loads(args.out.read_text())
        table["win"] = win_table(table["deal"])
        args.out.write_text(json.dumps(table, separators=(",", ":")) + "\n")
        print(f"wrote {args.out}")
        return
    started = time.perf_counter()
    try:
        with run_on(args.cluster) as executor:
            samples, deals = simulate(args.games, args.jobs, executor)
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM or SIGHUP
        print("build_expert_tables: interrupted, nothing written", file=sys.stderr)
        raise SystemExit(130) from None
    simulated = time.perf_counter() - started
    table = {
        "method": (
            f"standard v standard, {args.games:,} one-game matches (seeds 0-{args.games - 1}), "
            f"{len(deals):,} deals played to the crib; see scripts/build/build_expert_tables.py"
        ),
        "features": list(FEATURES),
        "pegging": {role: fit(samples[role]) for role in ROLES},  # intercept, then FEATURES
        "deal": {
            "deals": len(deals),
            "pegging": [  # [dealer's pegging without his heels, pone's pegging, deals]
                [dealer, pone, n]
                for (dealer, pone), n in sorted(Counter((d[0] - d[4], d[1]) for d in deals).items())
            ],
            "heels": sum(1 for d in deals if d[4]),
            "pone_hand": distribution([d[2] for d in deals]),
            "dealer_hand": distribution([d[5] for d in deals]),
            "crib": distribution([d[6] for d in deals]),
        },
    }
    table["win"] = win_table(table["deal"])
    args.out.write_text(json.dumps(table, separators=(",", ":")) + "\n")
    print(f"{len(deals):,} deals simulated in {simulated:.0f} s; wrote {args.out}")
    for role in ROLES:
        weights = fit(samples[role])
        print(role, dict(zip(("intercept", *FEATURES), weights, strict=True)))


if __name__ == "__main__":
    main()
