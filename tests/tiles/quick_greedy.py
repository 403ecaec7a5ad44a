"""Greedy's move, for tests that use greedy only to walk games to their positions.

:func:`solitaire.tiles.players.greedy` itself now finds its play by the generator's
best-only search (several times faster than listing every play); this name is kept for
the tests that walk with it. test_tile_players checks greedy against the whole listing at
every turn of whole games.
"""

from __future__ import annotations

from solitaire.tiles.players import greedy as quick_greedy

__all__ = ["quick_greedy"]
