"""The optional rules a screen may offer: the Servant and the Joker.

* **Servant**: after each round of turns, the player with the lowest score is the
  Servant (a title; players tied for lowest share it).
* **Joker**: players count their own plays. Once a player has recorded a score, the
  first other player to call "Joker" on points that were missed takes them; calling
  before the score is recorded, or when nothing was missed, costs the caller 5.
  (How the computer levels count and call: :mod:`solitaire.tiles.joker`.)

>>> joker(recorded=8, actual=12)
JokerCall(caller=4, missed=4, reason='4 points were missed: the caller takes them')
>>> joker(recorded=12, actual=12).caller
-5
>>> servants([(10, 0), (10, 4)], players=2)
(1,)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from solitaire.core.words import plural

__all__ = ["JOKER_PENALTY", "JokerCall", "joker", "servants"]

JOKER_PENALTY: Final = 5


@dataclass(frozen=True, slots=True)
class JokerCall:
    """What a Joker call is worth: points to the caller (negative: a penalty) and why."""

    caller: int
    missed: int
    reason: str


def joker(recorded: int | None, actual: int) -> JokerCall:
    """Judge a Joker call on a play scored ``actual`` whose player recorded ``recorded``.

    ``recorded`` is None when the player has not recorded a score yet.
    """
    if recorded is None:
        return JokerCall(-JOKER_PENALTY, 0, "called before the score was recorded: 5 to pay")
    missed = actual - recorded
    if missed <= 0:
        return JokerCall(-JOKER_PENALTY, 0, "nothing was missed: 5 to pay")
    return JokerCall(
        missed,
        missed,
        f"{plural(missed, 'point')} {'was' if missed == 1 else 'were'} missed: the caller "
        f"takes {'it' if missed == 1 else 'them'}",
    )


def servants(running: Sequence[Sequence[int]], players: int) -> tuple[int, ...]:
    """The Servant(s) after the last complete round, from everyone's score after each turn."""
    complete = len(running) - len(running) % players
    if complete == 0:
        return ()
    scores = running[complete - 1]
    low = min(scores)
    return tuple(p for p, s in enumerate(scores) if s == low)
