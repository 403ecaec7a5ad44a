"""Scoring Crib Hands: a line of 2 to 5 tiles scored as a cribbage hand with no starter.

A line scores its fifteens (2 each), pairs (2 each, so five of a kind is 20) and
runs of 3-5 in any order along the line; a line of five tiles all one colour adds
a 10-point bonus. A play scores every line it forms or extends, plus 10 for the
first play of the game and 10 for laying all five rack tiles.

Two paths give the same numbers: :func:`score_line` lists every combination with
the positions that make it (for the screen, the record and the checker), and
:func:`line_info` looks the total up in a table (for the move generator), counted
by the core's rank counter.

>>> line = score_line([7, 8, 7, 6, 8], [True] * 5)
>>> line.combination_points, line.bonus, line.total
(24, 10, 34)
>>> score_line([3, 3, 4, 5]).total
10
>>> line_info(line_key([7, 8, 7, 6, 8]))[0]
24
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations, product
from typing import Final

from solitaire.core.errors import InputError
from solitaire.core.scoring import (
    Kind,
    group_combinations,
    rank_multiset_points,
    say_count,
    spoken_number,
)
from solitaire.tiles.board import SIZE, square_name

__all__ = [
    "BONUS",
    "LINE_KEY",
    "LINE_TABLE",
    "MAX_LINE",
    "Bonus",
    "BonusKind",
    "LineItem",
    "LineScore",
    "PlayScore",
    "line_info",
    "line_key",
    "score_line",
]

MAX_LINE: Final = 5
BONUS: Final = 10

LINE_KEY: Final[tuple[int, ...]] = (0, *(6 ** (r - 1) for r in range(1, 14)))
"""``LINE_KEY[rank]``: a rank's share of a line's table key (a base-6 count per rank)."""


class BonusKind(StrEnum):
    """The three 10-point bonuses."""

    FIRST_PLAY = "first play"
    ALL_FIVE = "all five tiles"
    ONE_COLOUR = "five of one colour"


@dataclass(frozen=True, slots=True)
class LineItem:
    """One combination in a line: its kind, the positions along the line, and its points."""

    kind: Kind
    positions: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class LineScore:
    """A Crib Hand scored: its squares, the ranks and colours along it, every combination."""

    squares: tuple[int, ...]
    faces: tuple[int, ...]
    darks: tuple[bool, ...]
    items: tuple[LineItem, ...]

    @property
    def combination_points(self) -> int:
        """Fifteens, pairs and runs."""
        return sum(item.points for item in self.items)

    @property
    def one_colour(self) -> bool:
        """Five tiles all light or all dark."""
        return len(self.darks) == MAX_LINE and len(set(self.darks)) == 1

    @property
    def bonus(self) -> int:
        """The one-colour bonus, 10 or 0."""
        return BONUS if self.one_colour else 0

    @property
    def total(self) -> int:
        """Combinations and the one-colour bonus."""
        return self.combination_points + self.bonus

    def points(self, kind: Kind) -> int:
        """Points of one kind."""
        return sum(item.points for item in self.items if item.kind is kind)

    def scoring_positions(self) -> frozenset[int]:
        """Positions that are in at least one fifteen, pair or run."""
        return frozenset(p for item in self.items for p in item.positions)

    def groups(self) -> list[tuple[str, tuple[LineItem, ...]]]:
        """The combinations grouped and named as players count them (as the core names them)."""
        return group_combinations(self.items, _positions_of, self.faces.__getitem__)

    def spoken(self, colour: bool = True) -> str:
        """The count as a player says it: ``fifteen two, and a pair royal for six is eight``,
        the one-colour bonus last (``and ten for one colour is thirty-four``); without
        ``colour``, the combinations alone (the colours unknown)."""
        groups = [(name, sum(i.points for i in group)) for name, group in self.groups()]
        if colour and self.one_colour:
            groups.append((f"{spoken_number(BONUS)} for one colour", BONUS))
        return say_count(groups, "nothing")

    def to_dict(self, size: int = SIZE) -> dict[str, object]:
        """A JSON-ready breakdown."""
        return {
            "squares": [square_name(s, size) for s in self.squares],
            "faces": list(self.faces),
            "dark": list(self.darks),
            "fifteens": self.points(Kind.FIFTEEN),
            "pairs": self.points(Kind.PAIR),
            "runs": self.points(Kind.RUN),
            "one_colour": self.bonus,
            "total": self.total,
            "items": [
                {"kind": item.kind.value, "positions": list(item.positions), "points": item.points}
                for item in self.items
            ],
        }


@dataclass(frozen=True, slots=True)
class Bonus:
    """A 10-point bonus of a play (one-colour bonuses belong to their lines)."""

    kind: BonusKind
    points: int = BONUS


@dataclass(frozen=True, slots=True)
class PlayScore:
    """Every line a play formed or extended, and the play's own bonuses."""

    lines: tuple[LineScore, ...]
    bonuses: tuple[Bonus, ...]

    @property
    def total(self) -> int:
        """All points of the play."""
        return sum(line.total for line in self.lines) + sum(b.points for b in self.bonuses)

    def bonus_kinds(self) -> list[BonusKind]:
        """Every bonus earned, one entry per bonus (one-colour lines included)."""
        kinds = [b.kind for b in self.bonuses]
        kinds += [BonusKind.ONE_COLOUR for line in self.lines if line.one_colour]
        return kinds


# -- the breakdown ------------------------------------------------------------


def _positions_of(item: LineItem) -> tuple[int, ...]:
    return item.positions


def _fifteens(pips: Sequence[int]) -> Iterator[LineItem]:
    for size in range(2, len(pips) + 1):
        for combo in combinations(range(len(pips)), size):
            if sum(pips[i] for i in combo) == 15:
                yield LineItem(Kind.FIFTEEN, combo, 2)


def _pairs(faces: Sequence[int]) -> Iterator[LineItem]:
    for a, b in combinations(range(len(faces)), 2):
        if faces[a] == faces[b]:
            yield LineItem(Kind.PAIR, (a, b), 2)


def _runs(faces: Sequence[int]) -> Iterator[LineItem]:
    present = set(faces)
    best: list[int] = []
    for low in sorted(present):
        stretch = [low]
        while stretch[-1] + 1 in present:
            stretch.append(stretch[-1] + 1)
        if len(stretch) > len(best):
            best = stretch
    if len(best) < 3:
        return
    groups = [[i for i, f in enumerate(faces) if f == rank] for rank in best]
    for combo in product(*groups):
        yield LineItem(Kind.RUN, tuple(sorted(combo)), len(combo))


def score_line(
    faces: Sequence[int], darks: Sequence[bool] | None = None, squares: Sequence[int] = ()
) -> LineScore:
    """Score one line of ranks (as laid) with their colours (all light when not given)."""
    if not 1 <= len(faces) <= MAX_LINE or not all(1 <= f <= 13 for f in faces):
        raise InputError(f"a line is 1 to {MAX_LINE} ranks from 1 to 13, not {list(faces)}")
    shades = tuple(darks) if darks is not None else (False,) * len(faces)
    pips = [min(f, 10) for f in faces]
    items = (*_fifteens(pips), *_pairs(faces), *_runs(faces))
    return LineScore(tuple(squares), tuple(faces), shades, items)


# -- the table ----------------------------------------------------------------


def line_key(faces: Sequence[int]) -> int:
    """The table key of a line's ranks: ``sum(LINE_KEY[f] for f in faces)``."""
    return sum(LINE_KEY[f] for f in faces)


def _scoring_ranks(ranks: Sequence[int]) -> int:
    """Bit ``r`` set when a tile of rank ``r`` is in some fifteen, pair or run of the line."""
    counts = Counter(ranks)
    mask = 0
    for rank, n in counts.items():
        others = list(ranks)
        others.remove(rank)
        need = 15 - min(rank, 10)
        reachable = {0}
        for r in others:
            reachable |= {s + min(r, 10) for s in reachable if s + min(r, 10) <= 15}
        run = any(all(counts.get(low + i) for i in range(3)) for low in range(rank - 2, rank + 1))
        if n >= 2 or need in reachable or run:
            mask |= 1 << rank
    return mask


def _ranks_of(key: int) -> list[int]:
    ranks = []
    for rank in range(1, 14):
        key, count = divmod(key, 6)
        ranks += [rank] * count
    return ranks


LINE_TABLE: Final[dict[int, tuple[int, int]]] = {}
"""What :func:`line_info` has counted, by line key: the move generator reads it directly,
calling :func:`line_info` only for a key it does not hold yet."""


def line_info(key: int) -> tuple[int, int]:
    """(combination points, bit mask of scoring ranks) of a line from its :func:`line_key`.

    Entries are counted by the core's rank counter the first time they are asked for.
    """
    info = LINE_TABLE.get(key)
    if info is None:
        ranks = _ranks_of(key)
        if not 1 <= len(ranks) <= MAX_LINE:
            raise InputError(f"a line is 1 to {MAX_LINE} tiles, not {len(ranks)}")
        info = (rank_multiset_points(ranks), _scoring_ranks(ranks)) if len(ranks) > 1 else (0, 0)
        LINE_TABLE[key] = info
    return info
