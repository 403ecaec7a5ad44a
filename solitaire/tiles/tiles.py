"""Tiles and the bag: 104 tiles, A to K, eight of each rank, four light and four dark.

A :class:`Tile` is a rank and a colour; the eight tiles of a rank are two groups of
four identical tiles, so a tile is an int ``(rank - 1) * 2 + dark`` from 0 to 25,
interned like :class:`~solitaire.core.cards.Card`. A 6 may be laid as a 9 and a 9
as a 6: :meth:`Tile.faces` lists what a tile may be laid as.

>>> Tile.parse("7d"), str(Tile.parse("10L")), Tile.parse("9D").faces
(Tile.parse('7D'), 'TL', (9, 6))
>>> parse_tiles("7d 8D 7D")
(Tile.parse('7D'), Tile.parse('8D'), Tile.parse('7D'))
>>> len(Bag.from_seed(1)), Bag.from_seed(1).draw(3) == Bag.from_seed(1).draw(3)
(104, True)
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final, Self

from solitaire.core.cards import Rank, shuffle
from solitaire.core.errors import CribsolError
from solitaire.core.untrusted import safe_text

__all__ = [
    "ALL_TILES",
    "COPIES",
    "FULL_SET",
    "RACK_SIZE",
    "Bag",
    "Tile",
    "TileError",
    "face_pips",
    "format_tiles",
    "parse_rank",
    "parse_tiles",
    "rack_less",
    "rack_pips",
]

COPIES: Final = 4
"""Tiles of one rank and one colour."""

RACK_SIZE: Final = 5
_RANKS: Final = {
    "A": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "T": 10, "J": 11, "Q": 12, "K": 13,
}  # fmt: skip
_HELP: Final = (
    "expected a rank (A or 1, 2-10 or T, J, Q, K) then L (light) or D (dark), like 7D or 10L"
)


def parse_rank(token: str) -> int | None:
    """A rank as players write it (A or 1, 2-10, T, J, Q, K; any case), or None: only
    these ASCII forms, so '11', '²', '٣' or a thousand digits are no rank."""
    text = token.strip().upper()
    return _RANKS.get(text)


class TileError(CribsolError):
    """A token that is not a tile, or tiles that are not where they are said to be."""


class Tile(int):
    """One of the 26 kinds of tile: ``(rank - 1) * 2 + dark``."""

    __slots__ = ()

    def __new__(cls, rank: int, dark: bool) -> Self:
        if not 1 <= rank <= 13:
            raise TileError(f"invalid rank {rank!r}: expected 1 (ace) to 13 (king)")
        return _TILES[(rank - 1) * 2 + int(dark)]  # type: ignore[return-value]

    @classmethod
    def _make(cls, index: int) -> Tile:
        return int.__new__(cls, index)

    @classmethod
    def parse(cls, token: str) -> Tile:
        """Read a tile such as ``7D``, ``10l``, ``TL``, ``qd``, ``AD`` or ``1D``."""
        text = token.strip().upper()
        rank = _RANKS.get(text[:-1])
        if rank is None or text[-1:] not in ("L", "D"):
            raise TileError(f"invalid tile '{safe_text(token, 20)}': {_HELP}")
        return _TILES[(rank - 1) * 2 + (text[-1] == "D")]

    @property
    def rank(self) -> int:
        """1 (ace) to 13 (king), as printed on the tile."""
        return (int(self) >> 1) + 1

    @property
    def dark(self) -> bool:
        """True for the dark tiles, False for the light."""
        return bool(int(self) & 1)

    @property
    def pips(self) -> int:
        """Face value: ace 1, 2-10 their number, J/Q/K 10."""
        return min(self.rank, 10)

    @property
    def faces(self) -> tuple[int, ...]:
        """The ranks it may be laid as: a 6 or a 9 either way round."""
        rank = self.rank
        if rank == 6:
            return (6, 9)
        if rank == 9:
            return (9, 6)
        return (rank,)

    def label(self, face: int | None = None) -> str:
        """The rank shown (``10`` for ten), as laid when ``face`` is given."""
        shown = Rank(face or self.rank)
        return "10" if shown == Rank.TEN else shown.letter

    def __str__(self) -> str:
        return Rank(self.rank).letter + ("D" if self.dark else "L")

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[object, tuple[int, bool]]:
        return (Tile, (self.rank, self.dark))


_TILES: Final[tuple[Tile, ...]] = tuple(Tile._make(i) for i in range(26))
ALL_TILES: Final = _TILES
"""The 26 kinds: AL AD 2L 2D ... KL KD."""

FULL_SET: Final[tuple[Tile, ...]] = tuple(t for t in _TILES for _ in range(COPIES))
"""The 104 tiles of a set, in kind order."""

_SEPARATORS: Final = re.compile(r"[\s,;]+")


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Tiles separated by spaces or commas; repeats are allowed (there are four of each)."""
    return tuple(Tile.parse(token) for token in _SEPARATORS.split(text.strip()) if token)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles joined by spaces."""
    return " ".join(map(str, tiles))


def face_pips(face: int) -> int:
    """What a rank counts toward fifteens."""
    return min(face, 10)


def rack_pips(rack: Iterable[Tile]) -> int:
    """The face value of tiles left on a rack, deducted at the end."""
    return sum(t.pips for t in rack)


class Bag:
    """The tiles not yet drawn, in a seeded order; draws come off the top.

    Only ``getrandbits`` is used, so a seed gives the same bag on every Python.
    """

    __slots__ = ("_rng", "_tiles")

    def __init__(self, tiles: Iterable[Tile], rng: random.Random) -> None:
        self._tiles = list(tiles)
        self._rng = rng

    @classmethod
    def from_seed(cls, seed: int, tiles: Sequence[Tile] = FULL_SET) -> Bag:
        """A full set (or the given tiles) shuffled from an integer seed."""
        rng = random.Random(seed)
        order = list(tiles)
        shuffle(order, rng)
        return cls(order, rng)

    def __len__(self) -> int:
        return len(self._tiles)

    def draw(self, count: int) -> tuple[Tile, ...]:
        """Take up to ``count`` tiles off the top."""
        count = min(count, len(self._tiles))
        drawn = self._tiles[len(self._tiles) - count :][::-1]
        del self._tiles[len(self._tiles) - count :]
        return tuple(drawn)

    def put_back(self, tiles: Iterable[Tile]) -> None:
        """Return tiles and mix the bag again."""
        self._tiles.extend(tiles)
        shuffle(self._tiles, self._rng)

    def counts(self) -> Counter[Tile]:
        """How many of each kind are left."""
        return Counter(self._tiles)

    def copy(self) -> Bag:
        """An independent bag in the same order with the same generator state."""
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        return Bag(self._tiles, rng)


def rack_less(rack: Sequence[Tile], tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """The rack less these tiles (one copy each), in rack order."""
    used = Counter(tiles)
    kept = []
    for tile in rack:
        if used[tile]:
            used[tile] -= 1
        else:
            kept.append(tile)
    return tuple(kept)
