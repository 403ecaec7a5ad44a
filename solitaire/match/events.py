"""What happens in a match, as :meth:`~solitaire.match.game.Match.apply` returns it: the
cut, each deal, discard, card laid, go and count, muggins, and the end of a game.

``solitaire.match.game`` imports every name here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from solitaire.core.cards import Card
from solitaire.core.scoring import Counted as CountGroup
from solitaire.core.scoring import Score, count_groups, spoken_number
from solitaire.match.pegging import PegItem

__all__ = [
    "Counted",
    "Cut",
    "Dealt",
    "Discarded",
    "Event",
    "GameOver",
    "GameResult",
    "GoPoint",
    "Laid",
    "Muggins",
    "SaidGo",
    "Turned",
    "missed_groups",
]


@dataclass(frozen=True, slots=True)
class Cut:
    """The cut for the first deal: each try's two cards (player 0's, player 1's)."""

    cuts: tuple[tuple[Card, Card], ...]
    dealer: int
    scores: tuple[int, int]
    player: None = None
    points: int = 0


@dataclass(frozen=True, slots=True)
class Dealt:
    """A new deal: its number in the game and its dealer."""

    number: int
    dealer: int
    scores: tuple[int, int]
    player: None = None
    points: int = 0


@dataclass(frozen=True, slots=True)
class Discarded:
    """A player put two cards in the crib."""

    player: int
    cards: tuple[Card, Card]
    scores: tuple[int, int]
    points: int = 0


@dataclass(frozen=True, slots=True)
class Turned:
    """The starter; a jack pegs two for his heels to the dealer."""

    player: int  # the dealer
    starter: Card
    points: int
    scores: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Laid:
    """A card laid in the play, the count it makes and what it pegged."""

    player: int
    card: Card
    count: int
    items: tuple[PegItem, ...]
    scores: tuple[int, int]

    @property
    def points(self) -> int:
        """Points pegged by this card."""
        return sum(item.points for item in self.items)


@dataclass(frozen=True, slots=True)
class SaidGo:
    """A player said "go"."""

    player: int
    count: int
    scores: tuple[int, int]
    points: int = 0


@dataclass(frozen=True, slots=True)
class GoPoint:
    """One for the go, or one for the last card, to the player who laid last."""

    player: int
    item: PegItem
    scores: tuple[int, int]

    @property
    def points(self) -> int:
        """Always 1."""
        return self.item.points


@dataclass(frozen=True, slots=True)
class Counted:
    """A hand or the crib counted in the show; ``claimed`` is the owner's own count, if asked."""

    player: int
    label: str  # "hand" or "crib"
    score: Score
    scores: tuple[int, int]
    claimed: int | None = None
    taken: int = 0  # points missed and taken by the opponent (muggins)

    @property
    def points(self) -> int:
        """Points the owner pegs: the count, less what the opponent took."""
        return self.score.total - self.taken


@dataclass(frozen=True, slots=True)
class Muggins:
    """The opponent takes the points a player missed in their own count."""

    player: int  # who takes them
    counted: Counted
    scores: tuple[int, int]

    @property
    def points(self) -> int:
        """The points missed."""
        return self.counted.taken

    @property
    def missed(self) -> str | None:
        """What was missed as players name it ("fifteen four and a pair"), when the count's
        groups make up the points missed in only one way; None when that cannot be told."""
        return missed_groups(self.counted.score, self.points)


def missed_groups(score: Score, missed: int) -> str | None:
    """The groups of a count (as :func:`count_groups` names them) that make up ``missed``
    points, named; None when no set of groups or more than one different set does."""
    groups = count_groups(score.items)
    named: set[str] = set()
    for size in range(1, len(groups) + 1):
        for chosen in combinations(groups, size):
            if sum(group.points for group in chosen) == missed:
                named.add(_name_groups(chosen))
    return named.pop() if len(named) == 1 else None


def _name_groups(groups: Sequence[CountGroup]) -> str:
    fifteens = sum(1 for group in groups if group.name == "fifteen")
    names = [f"fifteen {spoken_number(2 * fifteens)}"] if fifteens else []
    names += [group.name for group in groups if group.name != "fifteen"]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game: who won, the final scores, and what the win counts."""

    number: int
    winner: int
    scores: tuple[int, int]
    game_points: int  # 1, 2 for a skunk, 3 (or 4) for a double skunk
    skunk: int  # 0 none, 1 skunk, 2 double skunk

    @property
    def loser(self) -> int:
        """The other player."""
        return 1 - self.winner


@dataclass(frozen=True, slots=True)
class GameOver:
    """A player reached 121."""

    result: GameResult
    scores: tuple[int, int]
    player: None = None
    points: int = 0


Event = Cut | Dealt | Discarded | Turned | Laid | SaidGo | GoPoint | Counted | Muggins | GameOver
