"""Your graded cards over drills: how many, how many best, their total loss (light: what
``stats`` reads, without the drill's search)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["DrillTally"]


@dataclass(frozen=True, slots=True)
class DrillTally:
    """Graded cards of some drills: how many, how many best, and their total loss."""

    drills: int = 0
    hands: int = 0
    graded: int = 0
    best: int = 0
    loss: Fraction = Fraction(0)

    def __add__(self, other: DrillTally) -> DrillTally:
        return DrillTally(
            self.drills + other.drills,
            self.hands + other.hands,
            self.graded + other.graded,
            self.best + other.best,
            self.loss + other.loss,
        )

    @property
    def best_share(self) -> Fraction | None:
        """The share of graded cards that were best (None without any)."""
        return Fraction(self.best, self.graded) if self.graded else None

    @property
    def mean_loss(self) -> Fraction | None:
        """The average loss per graded card (None without any)."""
        return self.loss / self.graded if self.graded else None
