"""Check the tile hints' endgame accounting against a recount by the game's own rules.

Run: nice -n 19 .venv/bin/python scripts/check/check_endgame_hints.py [--games 200] [--seed 0]
Target: on every end-of-bag position of at least 200 seeded games, every hint's value
equals the recount (:mod:`solitaire.tiles.recount` says how each hint is recounted).

A recount larger than ``--nodes`` positions is given up and counted apart (none was, on
the run reported in docs/RESULTS.md). The report: positions, hints recounted by each way,
those given up, and every mismatch (none is the target). Exits with status 1 on a mismatch.
"""

from __future__ import annotations

import argparse
import sys

from solitaire.tiles.recount import Tally, check_games


def _progress(seed: int, tally: Tally) -> None:
    print(
        f"game {seed}: {tally.positions} positions, {tally.exact} exact, "
        f"{tally.looked} looked, {tally.closing} closing, {tally.unlooked} not "
        f"looked, {tally.given_up} given up, {len(tally.mismatches)} mismatches",
        file=sys.stderr,
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--nodes", type=int, default=200_000, help="positions a recount may see")
    args = parser.parse_args(argv)
    tally = check_games(args.seed, args.games, args.nodes, _progress)
    print(
        f"{args.games} games (seeds {args.seed} to {args.seed + args.games - 1}): "
        f"{tally.positions} end-of-bag positions; hints recounted: {tally.exact} to the end, "
        f"{tally.looked} a turn further, {tally.closing} closing the board, "
        f"{tally.unlooked} not looked at; {tally.given_up} too large to recount; "
        f"{len(tally.mismatches)} mismatches"
    )
    for line in tally.mismatches:
        print(f"  {line}")
    return 1 if tally.mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
