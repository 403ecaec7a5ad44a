"""The keep model written out plainly, for tests: which four of six ranks a sound player keeps."""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

from solitaire.core.scoring import rank_multiset_points

Ranks = tuple[int, ...]


def points(ranks: Ranks) -> int:
    """Fifteens, pairs and runs of five ranks; five of one rank (no hand holds it) count 0."""
    return _sorted_points(tuple(sorted(ranks)))


@cache
def _sorted_points(ranks: Ranks) -> int:
    return 0 if len(set(ranks)) == 1 else rank_multiset_points(ranks)


@cache
def _crib_sum(thrown: Ranks) -> int:
    return sum(points((*thrown, *more)) for more in product(range(1, 14), repeat=3))


@cache
def _hand_row(kept: Ranks) -> tuple[int, ...]:
    """The points of ``kept`` with each starter rank (index 1-13), worked out once per four."""
    return (0, *(points((*kept, st)) for st in range(1, 14)))


@cache
def keep_of(six: Ranks, dealer: bool) -> Ranks:
    """The keep model written out: the first keep (in slot order) of the most hand over the
    46 starters times 13**3, plus (dealer) or minus (pone) the crib over 13**3 triples times 46."""
    best: tuple[int, Ranks] | None = None
    for slots in combinations(range(6), 4):
        kept = tuple(six[i] for i in slots)
        thrown = tuple(six[i] for i in range(6) if i not in slots)
        row = _hand_row(kept)
        hand = sum((4 - six.count(st)) * row[st] for st in range(1, 14))
        crib = _crib_sum(thrown) * (1 if dealer else -1)
        value = hand * 13**3 + crib * 46
        if best is None or value > best[0]:
            best = (value, kept)
    assert best is not None
    return best[1]
