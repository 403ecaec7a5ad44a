"""Building pone's lead tables (read by :mod:`solitaire.match.decide.lead`): a builder, run by
``scripts/build/build_lead_table.py``, above the play search it takes its values from;
nothing at run time imports it."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from solitaire.match.decide.lead import HANDS, MAGIC, read_rows
from solitaire.match.decide.search import open_answer
from solitaire.match.decide.solver import Hand, hand_id, lay, nets_after, tail_steps, trim_table

__all__ = ["build_replies", "build_rows", "encode"]


def build_rows(mine: Hand) -> NDArray[np.int8]:
    """``v(mine, D, r)``: a row per lead rank ``r`` of ``mine``, a column per dealer's ``D``."""
    fits = [index for index, hand in enumerate(HANDS) if _fits(mine, hand)]
    ids = [hand_id(HANDS[index]) for index in fits]
    rows = np.zeros((len(set(mine)), len(HANDS)), dtype=np.int8)
    for row, rank in enumerate(sorted(set(mine))):
        rows[row, fits] = nets_after(mine, 0, 0, rank, ids)
    return rows


def build_replies(mine: Hand) -> NDArray[np.uint8]:
    """The rank the dealer holding ``D`` answers pone's lead of ``r`` with, both hands known
    (:func:`~solitaire.match.decide.search.open_answer`, given the stored ``v(mine, D, r)``):
    a row per lead rank of ``mine``, a column per ``D`` (0 where ``D`` cannot be held)."""
    stored = read_rows(mine)
    rows = np.zeros((len(set(mine)), len(HANDS)), dtype=np.uint8)
    trim_table()
    for row, rank in enumerate(sorted(set(mine))):
        rest, count, tail, points = lay(mine, rank, 0, 0)
        steps = tail_steps(tail)
        for index, hand in enumerate(HANDS):
            if _fits(mine, hand):
                best = points - int(stored[row, index])
                rows[row, index] = open_answer(rest, hand_id(hand), count, steps, best)[0]
    return rows


def _fits(mine: Hand, theirs: Hand) -> bool:
    return all(mine.count(rank) + theirs.count(rank) <= 4 for rank in set(theirs))


def encode(blocks: Sequence[NDArray[np.integer[Any]]], magic: bytes = MAGIC) -> bytes:
    """The file's bytes for every ``H``'s rows, in :data:`HANDS` order."""
    packed = [zlib.compress(block.tobytes(), 9) for block in blocks]
    ends = np.cumsum([len(data) for data in packed], dtype=np.uint32)
    return magic + ends.astype("<u4").tobytes() + b"".join(packed)
