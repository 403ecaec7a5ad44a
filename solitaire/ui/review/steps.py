"""The review on screen as plain state: which decision is shown, whose decisions are
stepped through and in what order, and the part a session owns for it (:class:`Reviewing`:
the review's job, whether it is shown, the keys). No UI library is imported here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Final, Generic, TypeVar

from solitaire.core.review import Decision, GameReview, Grade
from solitaire.store import History
from solitaire.ui.review.job import ReviewJob

__all__ = ["KEYS_LINE", "ReviewSteps", "Reviewing"]

P = TypeVar("P")
MISSED: Final = (Grade.MISTAKE, Grade.BLUNDER)
KEYS_LINE: Final = "Left/Right or p/n step   m next mistake   a all/yours   c order   Esc back"


@dataclass(slots=True)
class ReviewSteps:
    """Stepping through a review: ``index`` is the decision shown among :meth:`shown`
    (-1: the seats' figures); ``yours_only`` keeps to seat ``you``; ``costliest`` orders
    the decisions by cost (the costliest first) instead of as played."""

    review: GameReview
    you: int = 0
    index: int = -1
    yours_only: bool = False
    costliest: bool = False
    _order: list[Decision] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._order = self._ordered()

    def _ordered(self) -> list[Decision]:
        decisions = self.review.decisions()
        if self.yours_only:
            decisions = [d for d in decisions if d.seat == self.you]
        if self.costliest:
            decisions.sort(key=lambda d: (d.scale.unit != "points", -d.cost, d.spot))
        return decisions

    def shown(self) -> list[Decision]:
        """The decisions stepped through, in order."""
        return self._order

    @property
    def current(self) -> Decision | None:
        """The decision shown, or None on the figures."""
        return self._order[self.index] if 0 <= self.index < len(self._order) else None

    def step(self, by: int) -> str:
        """The next (``by`` 1) or previous (-1) decision; from the figures, the first or
        last. What to say (empty: nothing)."""
        count = len(self._order)
        if not count:
            return "No decision to step through here: a toggles all seats and yours."
        if self.index < 0:
            self.index = 0 if by > 0 else count - 1
            return ""
        place = self.index + by
        if not 0 <= place < count:
            self.index = -1
            return "Back at the figures: the first decision is one step on."
        self.index = place
        return ""

    def next_missed(self) -> str:
        """The next decision graded a mistake or a blunder, round to the first."""
        count = len(self._order)
        for offset in range(1, count + 1):
            place = (self.index + offset) % count if self.index >= 0 else offset - 1
            if self._order[place].grade in MISSED:
                self.index = place
                return ""
        return "No mistake or blunder among these decisions."

    def _keep_on(self, decision: Decision | None) -> None:
        self._order = self._ordered()
        if decision is None:
            return
        if decision in self._order:
            self.index = self._order.index(decision)
            return
        later = [i for i, d in enumerate(self._order) if d.spot >= decision.spot]
        self.index = later[0] if later else len(self._order) - 1

    def toggle_seats(self) -> str:
        """Every seat's decisions, or yours only."""
        if len(self.review.seats) < 2:
            return "One seat played this game: every decision is yours."
        self.yours_only = not self.yours_only
        self._keep_on(self.current)
        return "Your decisions only." if self.yours_only else "Every seat's decisions."

    def toggle_order(self) -> str:
        """The costliest first, or in the order played."""
        self.costliest = not self.costliest
        self._keep_on(self.current)
        return "The costliest first." if self.costliest else "In the order played."


class Reviewing(Generic[P]):
    """A session's review of its finished game: worked out beside it (in ``executor``),
    kept, shown on ``?``. ``positions`` gives each decision's position by its spot,
    replayed when the review is first shown. ``when_shown``: without an executor, the
    review is graded when first shown, not as the game ends (a game slow to grade, whose
    sessions tests play to the end by the hundred)."""

    def __init__(
        self,
        history: History,
        kind: str,
        executor: Executor | None = None,
        *,
        when_shown: bool = False,
    ) -> None:
        self.history = history
        self.kind = kind
        self.executor = executor
        self.when_shown = when_shown
        self._game: tuple[int, str] | None = None  # the game to review, once it has ended
        self.on_ready: Callable[[], None] = lambda: None
        self.job: ReviewJob | None = None
        self.steps: ReviewSteps | None = None
        self.shown = False
        self._positions: Callable[[], Mapping[int, P]] | None = None
        self._replayed: Mapping[int, P] | None = None

    def start(self, game_id: int, record: str, positions: Callable[[], Mapping[int, P]]) -> None:
        """The game just ended (and was saved as ``game_id``): start its review."""
        self.forget()
        self._positions = positions
        self._game = game_id, record
        if self.executor is not None or not self.when_shown:
            self._open_job()

    def _open_job(self) -> None:
        if self.job is None and self._game is not None:
            game_id, record = self._game
            self.job = ReviewJob(
                self.history, self.kind, game_id, record, self.executor, lambda: self.on_ready()
            )

    @property
    def started(self) -> bool:
        """True once the game has ended and its review is under way, kept or to come."""
        return self._game is not None

    def forget(self) -> None:
        """Another game: the last one's review is dropped (its work stopped)."""
        if self.job is not None:
            self.job.close()
        self.job = self.steps = None
        self._positions = self._replayed = None
        self._game = None
        self.shown = False

    close = forget

    def toggle(self) -> str:
        """? or Esc: show the review (once the game is over) or go back. What to say."""
        if self.shown:
            self.shown = False
            return ""
        if self._game is None:
            return "The review opens once the game is over."
        self._open_job()
        self.shown = True
        self.poll(look_in_history=True)
        return ""

    def poll(self, look_in_history: bool = False) -> bool:
        """Take the review once worked out; True when what is shown changed."""
        job = self.job
        if job is None:
            return False
        changed = job.poll(look_in_history)
        if job.review is not None and self.steps is None:
            self.steps = ReviewSteps(job.review)
            changed = True
        return changed

    @property
    def pending(self) -> bool:
        """True while the review is worked out."""
        return self.job is not None and self.job.pending

    def position(self, decision: Decision) -> P | None:
        """The position ``decision`` was made in, from the game replayed to its spot."""
        if self._replayed is None:
            if self._positions is None:
                return None
            self._replayed = self._positions()
        return self._replayed.get(decision.spot)

    def key(self, name: str) -> str:
        """A key while the review is shown: what to say (empty: nothing)."""
        steps = self.steps
        if steps is None:
            return "The review is being worked out: Esc or ? goes back."
        action = {
            "right": lambda: steps.step(1),
            "n": lambda: steps.step(1),
            "left": lambda: steps.step(-1),
            "p": lambda: steps.step(-1),
            "m": steps.next_missed,
            "a": steps.toggle_seats,
            "c": steps.toggle_order,
        }.get(name)
        if action is None:
            shown = name if len(name) == 1 else name.replace("c-", "Ctrl-").capitalize()
            return f"{shown!r} does nothing in the review: the keys are below."
        return action()
