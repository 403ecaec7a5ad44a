"""Bounds on input that every layer checks against: plain numbers, light to import."""

from __future__ import annotations

import os

# typing's own flag would load typing, which --help and --version otherwise skip
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

__all__ = ["MAX_JOBS", "MAX_SEED_DIGITS", "SEED_LIMIT"]

MAX_SEED_DIGITS: Final = 40  # a seed is 0 <= seed < 10**40 (the daily seed has 20 digits)
SEED_LIMIT: Final = 10**MAX_SEED_DIGITS
MAX_JOBS: Final = min(64, 4 * (os.cpu_count() or 1))  # processes a long run may use
