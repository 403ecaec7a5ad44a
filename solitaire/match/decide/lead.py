"""A value of the play: pone's opening lead from a table, the search's exact values without it.

At the opening lead (count 0, nothing laid) pone holds four kept ranks ``H`` and
the dealer four hidden ranks ``D``. The net pegging to the end of the play of
leading rank ``r``, both hands known, is a small integer ``v(H, D, r)`` that
depends on nothing else, so it is computed once for every ``H`` and ``D`` (the
1,820 rank multisets of four each; pairs with more than four of a rank are left
at 0, and never weighed) by :func:`build_rows` (``scripts/build/build_lead_table.py``)
and stored in ``data/lead.bin``. A lead's value is then, as in
:func:`~solitaire.match.decide.search.search_values`, the mean of ``v`` over the
dealer's hands weighted as the search weighs them
(:func:`~solitaire.match.decide.hidden.blend`: how often a sound dealer keeps each,
blended with how many card hands make each, the product over ranks of
``C(4 - seen, taken)`` for the cards pone has seen). That is one integer dot
product per lead, divided once. For the coach's words
(:func:`~solitaire.match.decide.search.play_options`) each lead's value against each of
the search's hidden hands (:func:`lead_nets`) comes with the rank the dealer answers it
with (:func:`lead_answers`), from a second file of the same form
(``data/lead_replies.bin``, uint8 ranks, built by
:func:`~solitaire.match.build_lead.build_replies` from the first): nothing is searched.

The file: the magic bytes, then for each ``H`` in :data:`HANDS` order the end
offset of its block (little-endian uint32), then the blocks; a block is the
zlib-compressed int8 values, one row per lead rank of ``H`` (ascending), one
column per ``D`` in :data:`HANDS` order.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from solitaire.core.cards import Card
from solitaire.core.errors import InputError
from solitaire.match.decide.hidden import Hand, Hidden, blend_factors, model_of
from solitaire.match.game import Observation

__all__ = [
    "HANDS",
    "LEAD_PATH",
    "REPLIES_PATH",
    "is_opening_lead",
    "lead_answers",
    "lead_nets",
    "lead_values",
    "read_replies",
    "read_rows",
]

LEAD_PATH: Final = Path(__file__).parent.parent / "data" / "lead.bin"
MAGIC: Final = b"cribsol lead table 1\n"
REPLIES_PATH: Final = LEAD_PATH.with_name("lead_replies.bin")
REPLIES_MAGIC: Final = b"cribsol lead replies 1\n"
HANDS: Final[tuple[Hand, ...]] = tuple(combinations_with_replacement(range(1, 14), 4))
_INDEX: Final = {hand: index for index, hand in enumerate(HANDS)}
_RANKS: Final = np.array(
    [[hand.count(rank) for rank in range(14)] for hand in HANDS], dtype=np.intp
)  # [D, rank] -> how many of the rank D holds
_COMB: Final = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)
_LEAD_CARDS: Final = 4


def is_opening_lead(view: Observation) -> bool:
    """True for pone's first card of the play: the case the table answers."""
    return not view.laid and len(view.hand) == view.opponent_held == _LEAD_CARDS


@cache
def _file(path: Path = LEAD_PATH, magic: bytes = MAGIC) -> tuple[bytes, NDArray[np.int64]]:
    data = path.read_bytes()
    start = len(magic) + 4 * len(HANDS)
    if not data.startswith(magic) or len(data) < start:
        raise InputError(f"{path} is not a lead table")
    ends = np.frombuffer(data, dtype="<u4", count=len(HANDS), offset=len(magic))
    offsets = np.concatenate(([0], ends.astype(np.int64))) + start
    if offsets[-1] != len(data):
        raise InputError(f"{path} is not a lead table (its length is off)")
    return data, offsets


def _block(mine: Hand, path: Path, magic: bytes) -> bytes:
    data, offsets = _file(path, magic)
    index = _INDEX[mine]
    return zlib.decompress(data[offsets[index] : offsets[index + 1]])


def read_rows(mine: Hand, path: Path = LEAD_PATH) -> NDArray[np.int8]:
    """The stored rows of :func:`build_rows` for ``mine`` (ascending ranks)."""
    raw = _block(mine, path, MAGIC)
    return np.frombuffer(raw, dtype=np.int8).reshape(len(set(mine)), len(HANDS))


def read_replies(mine: Hand, path: Path = REPLIES_PATH) -> NDArray[np.uint8]:
    """The stored rows of :func:`build_replies` for ``mine`` (ascending ranks)."""
    raw = _block(mine, path, REPLIES_MAGIC)
    return np.frombuffer(raw, dtype=np.uint8).reshape(len(set(mine)), len(HANDS))


def lead_values(view: Observation, hidden: Hidden | None = None) -> dict[Card, Fraction]:
    """Each card pone may lead, with its exact expected net pegging to the end of the play,
    the dealer's hands weighed by the keep model (``hidden``, else built from ``view``)."""
    mine = tuple(sorted(card.rank for card in view.hand))
    seen = np.zeros(14, dtype=np.intp)
    for card in view.seen():
        seen[card.rank] += 1
    cards = _COMB[4 - seen, _RANKS].prod(axis=1)  # card hands making each D
    model = model_of(view, hidden).kept
    modelled = np.array([model.get(hand, 0) for hand in HANDS], dtype=np.int64)
    weights = cards
    if modelled.any():  # the blend of the search's hidden hands (sums stay below 2**63)
        a, b = blend_factors(int(cards.sum()), int(modelled.sum()))
        weights = modelled * a + cards * b
    sums = read_rows(mine).astype(np.int64) @ weights
    total = int(weights.sum())
    row = {rank: index for index, rank in enumerate(sorted(set(mine)))}
    return {card: Fraction(int(sums[row[card.rank]]), total) for card in view.hand}


def lead_nets(view: Observation, hidden: Hidden | None = None) -> dict[int, list[int]]:
    """By rank pone may lead: its net pegging to the end of the play, both hands known,
    against each of the hidden hands of ``hidden`` (else built from ``view``), in order."""
    return _by_lead(view, hidden, read_rows)


def lead_answers(view: Observation, hidden: Hidden | None = None) -> dict[int, list[int]]:
    """By rank pone may lead: the rank the dealer answers it with, both hands known (the
    open model's answer), holding each of the hidden hands of ``hidden`` (else built from
    ``view``), in order."""
    return _by_lead(view, hidden, read_replies)


def _by_lead(
    view: Observation, hidden: Hidden | None, read: Callable[[Hand], NDArray[Any]]
) -> dict[int, list[int]]:
    """By rank pone may lead, the stored row ``read`` gives, at the hidden hands' columns."""
    mine = tuple(sorted(card.rank for card in view.hand))
    columns = [_INDEX[hand] for hand, _ in model_of(view, hidden).hands]
    rows = read(mine)[:, columns]
    return {rank: rows[row].tolist() for row, rank in enumerate(sorted(set(mine)))}
