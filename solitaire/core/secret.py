"""Whether a game's seed may be shown yet.

A seed fixes every card or tile still to come (the deck, the computer's hand, every
rack and draw), so a game dealt from a random seed keeps its seed, and its deal code,
secret until it ends: whoever saw it could play the same seed in another window and
know what is hidden. A seed the player asked for (``--seed``, ``--deal``, ``--daily``,
whose deal everyone shares) is theirs to see, and is shown from the start.

A record says ``"seed_chosen": false`` for a secret seed and nothing otherwise: a
record without the field (every record of an earlier release, which showed every
seed from the start) is read as chosen, so a game already shown stays shown.

>>> chosen_field(False), chosen_field(True)
({'seed_chosen': False}, {})
"""

from __future__ import annotations

from typing import Final, Protocol

__all__ = ["SEED_CHOSEN", "Seeded", "chosen_field", "seed_hidden"]

SEED_CHOSEN: Final = "seed_chosen"


class Seeded(Protocol):
    """A game whose seed may be secret: any of the four engines."""

    @property
    def seed(self) -> int | None: ...

    @property
    def seed_chosen(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...


def chosen_field(chosen: bool) -> dict[str, bool]:
    """A record's field for the seed: written only when it is secret (see above)."""
    return {} if chosen else {SEED_CHOSEN: False}


def seed_hidden(game: Seeded) -> bool:
    """Whether the game's seed and deal code must not be shown yet: dealt from a random
    seed, and not over."""
    return not game.seed_chosen and not game.is_over
