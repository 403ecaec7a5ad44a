"""Benchmark the scorer: total-only path vs breakdown path, and the full distribution.

Run: .venv/bin/python scripts/bench/bench_score.py [--hands N]
Targets (2 cores): total-only >= 500,000 hands/s; full distribution <= 2 s.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.core.distribution import hand_distribution
from solitaire.core.scoring import hand_points, score_hand


def other_scorer() -> Callable[[tuple[Card, ...]], int] | None:
    """cribbage-scorer's hand total, when it is installed (the bench extra)."""
    try:
        from cribbage_scorer import cribbage_scorer  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None

    def score(hand: tuple[Card, ...]) -> int:
        cards = [(int(c.rank), c.suit.letter) for c in hand]
        return int(cribbage_scorer.show_calc_score(cards[4], cards[:4])[0])

    return score


def best_of(runs: int, func: object) -> float:
    assert callable(func)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3, help="best of this many timings")
    args = parser.parse_args()

    rng = random.Random(1)
    hands = [tuple(rng.sample(ALL_CARDS, 5)) for _ in range(args.hands)]
    ints = [tuple(int(c) for c in hand) for hand in hands]

    def fast() -> None:
        for a, b, c, d, s in ints:
            hand_points(a, b, c, d, s)

    def breakdown() -> None:
        for hand in hands:
            score_hand(hand[:4], hand[4])

    other = other_scorer()
    other_rate = None
    if other is not None:
        sample = hands[: min(len(hands), 20_000)]
        start = time.perf_counter()
        theirs = [other(hand) for hand in sample]
        other_rate = len(sample) / (time.perf_counter() - start)
        ours = [hand_points(a, b, c, d, s) for a, b, c, d, s in sample]
        agree = sum(a == b for a, b in zip(theirs, ours, strict=True))

    fast_s = best_of(args.runs, fast)
    slow_s = best_of(1, breakdown)
    dist_s = best_of(args.runs, hand_distribution)
    fast_rate, slow_rate = args.hands / fast_s, args.hands / slow_s
    print(f"hands scored:        {args.hands:,} (same hands on both paths)")
    fast_us, slow_us = fast_s * 1e6 / args.hands, slow_s * 1e6 / args.hands
    print(f"total-only path:     {fast_rate:12,.0f} hands/s  ({fast_us:.2f} us/hand)")
    print(f"breakdown path:      {slow_rate:12,.0f} hands/s  ({slow_us:.2f} us/hand)")
    print(f"ratio fast/breakdown: {fast_rate / slow_rate:11.1f}x")
    print(f"target total-only:   {500_000:12,} hands/s  -> {fast_rate / 500_000:.2f}x of target")
    if other_rate is None:
        print("cribbage-scorer:     not installed (.venv/bin/pip install -e '.[bench]')")
    else:
        print(f"cribbage-scorer:     {other_rate:12,.0f} hands/s  (0.2.5, same hands)")
        print(f"ratio fast/theirs:   {fast_rate / other_rate:12.1f}x; totals agree on {agree:,}")
    print(f"full distribution:   {dist_s:12.3f} s (12,994,800 hands; target <= 2 s)")
    print(f"distribution rate:   {12_994_800 / dist_s:12,.0f} hands/s equivalent")


if __name__ == "__main__":
    main()
