"""Building pone's lead table (read by :mod:`solitaire.match.decide.lead`): a builder, run by
``scripts/build/build_lead_table.py``, above the play search it takes its values from;
nothing at run time imports it."""

from __future__ import annotations

import zlib

import numpy as np
from numpy.typing import NDArray

from solitaire.match.decide.lead import HANDS, MAGIC
from solitaire.match.decide.solver import Hand, hand_id, nets_after

__all__ = ["build_rows", "encode"]


def build_rows(mine: Hand) -> NDArray[np.int8]:
    """``v(mine, D, r)``: a row per lead rank ``r`` of ``mine``, a column per dealer's ``D``."""
    fits = [index for index, hand in enumerate(HANDS) if _fits(mine, hand)]
    ids = [hand_id(HANDS[index]) for index in fits]
    rows = np.zeros((len(set(mine)), len(HANDS)), dtype=np.int8)
    for row, rank in enumerate(sorted(set(mine))):
        rows[row, fits] = nets_after(mine, 0, 0, rank, ids)
    return rows


def _fits(mine: Hand, theirs: Hand) -> bool:
    return all(mine.count(rank) + theirs.count(rank) <= 4 for rank in set(theirs))


def encode(blocks: list[NDArray[np.int8]]) -> bytes:
    """The file's bytes for every ``H``'s rows, in :data:`HANDS` order."""
    packed = [zlib.compress(block.tobytes(), 9) for block in blocks]
    ends = np.cumsum([len(data) for data in packed], dtype=np.uint32)
    return MAGIC + ends.astype("<u4").tobytes() + b"".join(packed)
