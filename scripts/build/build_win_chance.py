"""Rebuild the tile game's chance of winning (solitaire/tiles/data/win-chance.json) from
self-play.

    nice -n 10 .venv/bin/python scripts/build/build_win_chance.py [--games 480] [--jobs 2]

The method (solitaire/tiles/win_chance.py): play the expert against itself; at every
turn note the bag's size, the mover's margin then and its final margin (leftovers
deducted). At each bag size (pooled with the sizes either side; 30 and more as one) the
mean of final less present margin is the mover's edge and its spread what the rest of
the game may swing. The same --games and --seed always write the same file, whatever
--jobs; 480 games take about 30 CPU-minutes.
"""

from __future__ import annotations

import json
import sys
import time

from build_tile_leaves import DATA, games_progress, self_play_parser

from solitaire.cluster import run_on
from solitaire.core.errors import InputError
from solitaire.tiles.fit_win_chance import fit_win_chance
from solitaire.tiles.win_chance import WIN_CHANCE_FILE


def main() -> int:
    args = self_play_parser(__doc__, 480, 2_000_000, "expert").parse_args()
    started = time.perf_counter()
    progress = games_progress(args.games)

    try:
        with run_on(args.cluster) as executor:
            model = fit_win_chance(
                args.games,
                args.seed,
                jobs=args.jobs,
                player=args.player,
                progress=progress,
                executor=executor,
            )
    except InputError as error:
        print(f"\nbuild_win_chance: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM or SIGHUP: a part of the games is no fit
        print(file=sys.stderr)
        print("build_win_chance: interrupted, nothing written", file=sys.stderr)
        raise SystemExit(130) from None
    print(file=sys.stderr)
    path = args.out or DATA / WIN_CHANCE_FILE
    path.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    print(f"{model.positions} positions of {model.games} games -> {path}")
    for bag in (0, 1, 2, 3, 5, 7, 10, 15, 20, 30):
        print(
            f"  bag {bag:>2}: mover's edge {model.means[bag]:+6.2f}, "
            f"spread {model.spreads[bag]:5.2f}"
        )
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
