"""A tiny game for the tests that iterate the registry: registered (monkeypatched), it must
reach the engine contract's checks and the purity test, as a real game would.

The race to ten: two players take turns adding 1 or 2 to a running total, from a seeded
start of 0 to 3; whoever brings it to 10 wins. Each player holds a secret bid, dealt from
the seed, that only they may see (so the contract's leak check has something to guard).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from solitaire.core.errors import IllegalMoveError
from solitaire.core.review import POINTS, Decision, GameReview, SeatReview
from solitaire.core.shapes import Int, Obj
from solitaire.games import GameEntry

__all__ = ["ENGINE", "ENTRY", "KIND", "Race", "RaceView", "load_record", "replay"]

KIND: Final = "race"
ENGINE: Final = "tests.dummy_game:Race"
GOAL: Final = 10
STEPS: Final = (1, 2)
PLAYERS: Final = ("first",)
SHAPE: Final = Obj({"total": Int(0, GOAL)})


class RaceError(IllegalMoveError):
    """A step the race refuses."""


@dataclass(frozen=True)
class RaceView:
    """What one player sees: the total, whose turn, their own bid."""

    total: int
    to_move: int | None
    bid: int


class Race:
    """The state of a race: the total, the player to move, each player's secret bid."""

    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self.seed = seed
        self.total = rng.randrange(4)
        self.bids = (rng.randrange(1000, 2000), rng.randrange(2000, 3000))
        self.first = rng.randrange(2)
        self.steps: list[int] = []

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else (self.first + len(self.steps)) % 2

    @property
    def is_over(self) -> bool:
        return self.total >= GOAL

    def legal_actions(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return tuple(step for step in STEPS if self.total + step <= GOAL)

    def check(self, action: object) -> int:
        if self.is_over:
            raise RaceError("the race is over", reason="over")
        if not isinstance(action, int) or isinstance(action, bool) or action not in STEPS:
            raise RaceError(f"{action!r} is not a step", reason="not a step")
        if self.total + action > GOAL:
            raise RaceError("past the goal", reason="past the goal")
        return action

    def can(self, action: object) -> bool:
        try:
            self.check(action)
        except IllegalMoveError:
            return False
        return True

    def apply(self, action: object) -> int:
        step = self.check(action)
        self.total += step
        self.steps.append(step)
        return self.total

    def observation(self, player: int) -> RaceView:
        return RaceView(self.total, self.current_player, self.bids[player])

    def record(self, players: Sequence[str]) -> dict[str, Any]:
        return {"game": KIND, "seed": self.seed, "players": list(players), "steps": self.steps}


def load_record(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    return data


def replay(data: Mapping[str, Any], *, allow_unfinished: bool = False) -> Race:
    race = Race(int(data["seed"]))
    for step in data["steps"]:
        race.apply(step)
    if not race.is_over and not allow_unfinished:
        raise RaceError("the race is not over", reason="unfinished")
    return race


def recount(text: str) -> tuple[int, bool, dict[str, Any]]:
    race = replay(load_record(text), allow_unfinished=True)
    return race.seed, race.is_over, {"total": race.total}


class First:
    """Always takes the first legal step."""

    name = "first"

    def choose(self, view: RaceView) -> int:
        return STEPS[0]


def make_player(name: str, rng: random.Random) -> First:
    return First()


def review(data: Mapping[str, Any], *, progress: Any = None) -> GameReview:
    """Each step graded: the best leaves the total a multiple of 3 short of the goal (the
    player to move then loses); a step that could and did not costs a point."""
    race = Race(int(data["seed"]))
    decisions: list[list[Decision]] = [[], []]
    for spot, step in enumerate(data["steps"]):
        seat = race.current_player
        assert seat is not None
        best = next((s for s in race.legal_actions() if (GOAL - race.total - s) % 3 == 0), step)
        cost = 0.0 if (GOAL - race.total - step) % 3 == (GOAL - race.total - best) % 3 else 1.0
        decisions[seat].append(
            Decision(
                spot,
                seat,
                spot + 1,
                "step",
                f"step {spot + 1}",
                str(step),
                str(best),
                cost,
                POINTS,
                "a multiple of 3 short of the goal wins",
            )
        )
        race.apply(step)
    names = list(data["players"])
    return GameReview(
        KIND,
        tuple(
            SeatReview(seat, names[seat], len(data["steps"]), tuple(decisions[seat]))
            for seat in (0, 1)
        ),
    )


def show_record(args: argparse.Namespace, data: Mapping[str, Any], game_id: int | None) -> int:
    return 0 if replay(data, allow_unfinished=True).is_over else 1


ENTRY: Final = GameEntry(
    kind=KIND,
    noun="race",
    package="tests.dummy_game",
    engine=ENGINE,
    load="tests.dummy_game:load_record",
    replay="tests.dummy_game:replay",
    shape="tests.dummy_game:SHAPE",
    recount="tests.dummy_game:recount",
    old_row=None,
    players="tests.dummy_game:make_player",
    levels="tests.dummy_game:PLAYERS",
    command="race",
    shown="tests.dummy_game:show_record",
    session="tests.dummy_game:Race",
    review="tests.dummy_game:review",
)
