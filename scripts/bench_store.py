"""Benchmark the history: stats, the list and a move's save on a history of N games.

Run: .venv/bin/python scripts/bench_store.py [--games 3000]
Target: stats and history well under a second for a few thousand games. Rows are
checked by their digest; the run also times checking every row by replaying its
record (the other way to check them) and prints the ratio, and checks that both
ways give the same statistics.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from solitaire.patience.game import Game
from solitaire.patience.record import replay
from solitaire.store import History


def fill(data: Path, games: int) -> None:
    with History(data) as history:
        assert history._conn is not None
        history._conn.execute("PRAGMA synchronous = OFF")  # filling only: not what is timed
        for seed in range(games):
            game = Game.from_seed(seed)
            while not game.is_over:
                game.discard(game.shown[:2])
            history.add(game, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        start = time.perf_counter()
        fill(data, args.games)
        filled = time.perf_counter() - start

        start = time.perf_counter()
        with History(data, readonly=True) as history:
            stats = history.stats()
        by_digest = time.perf_counter() - start

        start = time.perf_counter()
        with History(data, readonly=True) as history:
            rows = history.games()
            totals = [replay(history.record(row.id)).total for row in rows]
        by_replay = time.perf_counter() - start
        assert stats is not None and stats.best == max(totals) and stats.games == len(totals)

        start = time.perf_counter()
        with History(data) as history:
            game = Game.from_seed(args.games)
            game_id = history.add(game, None)
            opened = time.perf_counter() - start
            start = time.perf_counter()
            moves = 6
            for _ in range(moves):
                game.discard(game.shown[:2])
                history.save(game_id, game, None)
            save = (time.perf_counter() - start) / moves

    print(f"history of {args.games:,} games (filled in {filled:.1f} s)")
    print(f"stats, rows checked by digest:   {by_digest * 1000:8.1f} ms")
    print(f"every row checked by replaying:  {by_replay * 1000:8.1f} ms")
    print(f"ratio:                           {by_replay / by_digest:8.1f}x")
    print(f"open for play and start a game:  {opened * 1000:8.1f} ms")
    print(f"save one move (with fsync):      {save * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
