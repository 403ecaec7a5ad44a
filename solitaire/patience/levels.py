"""The patience's strategy names and the bounds of a run: plain data, light to import.

The command line checks its options against these before any engine loads;
:mod:`solitaire.patience.strategy` makes the strategies they name.
"""

from __future__ import annotations

from solitaire.core.errors import InputError

# typing's own flag would load typing, which --help and --version otherwise skip
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

__all__ = ["MAX_GAMES", "MAX_TARGET", "SIMULATED", "STRATEGIES", "strategy_name", "target_of"]

STRATEGIES: tuple[str, ...] = ("best", "hand", "random", "target90", "target121")
SIMULATED: Final = (*STRATEGIES, "oracle")
MAX_TARGET = 250  # a bound on input: the best of 100,000 hindsight games scored 151
MAX_GAMES: Final = 10_000_000  # about a day of play for the fastest strategy on one core


def target_of(name: str) -> int | None:
    """N for a strategy named ``targetN``, else None."""
    digits = name.removeprefix("target")
    if digits == name or not digits.isdigit() or not 1 <= int(digits) <= MAX_TARGET:
        return None
    return int(digits)


def strategy_name(name: str) -> str:
    """A strategy name checked: one of :data:`STRATEGIES` or ``targetN``; else a ValueError."""
    if name in STRATEGIES or target_of(name) is not None:
        return name
    from solitaire.core.untrusted import safe_text  # only for the error: levels stay light

    raise InputError(
        f"unknown strategy '{safe_text(name, 30)}': expected one of {', '.join(STRATEGIES)} "
        f"or targetN with N from 1 to {MAX_TARGET}"
    )
