"""Where the expert's measured table is: the pegging fit, the deal distributions, the win table.

``data/expert.json``, rebuilt by ``scripts/build/build_expert_tables.py``, read by the values of
a discard (:mod:`~solitaire.match.decide.discard`) and of the end of a game
(:mod:`~solitaire.match.decide.endgame`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

__all__ = ["TABLE_PATH"]

TABLE_PATH: Final = Path(__file__).parent.parent / "data" / "expert.json"
