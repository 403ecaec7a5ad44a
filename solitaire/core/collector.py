"""The garbage collector's pace for the program's long searches.

The computer players, the coaches and the reviews make millions of small objects that
die young (candidate plays, scored arrangements, search nodes). At Python's default
pace (a young collection every 700 new objects) a tenth to a fifth of a tile hint or a
graded game went to collections that freed nothing, promoting the survivors of each
into older generations that then had to be walked again. :func:`pace_collector` sets a
calmer pace once per process: the program's entry point, the coach's worker and the
test suite each call it, so they all run the searches the same way. Nothing the program
computes depends on it; only the time does (``scripts/bench/bench_collector.py``).

>>> import gc
>>> before = gc.get_threshold()
>>> pace_collector()
>>> gc.get_threshold() == THRESHOLDS
True
>>> gc.set_threshold(*before)
"""

from __future__ import annotations

import gc

# typing's own flag would load typing, which the command line's --help otherwise skips
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

__all__ = ["THRESHOLDS", "pace_collector"]

THRESHOLDS: Final = (50_000, 20, 100)
"""New objects before a young collection; young collections before a middle one; middle
collections before a full one (Python's defaults: 700, 10, 10)."""


def pace_collector() -> None:
    """Collect garbage at the program's pace (:data:`THRESHOLDS`) in this process."""
    gc.set_threshold(*THRESHOLDS)
