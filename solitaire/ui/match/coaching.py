"""The play coach at the table: its answers worked out beside the game, never holding it up.

A :class:`Coach` asks :mod:`solitaire.match.coach` for advice on a position (every
card that fits, valued by the search) and for a finished game's review, and
:mod:`solitaire.match.discard_coach` for the 15 discards of a deal. With an
executor (the app gives it one worker process of its own) the work runs there and
``on_ready`` is called when an answer arrives, so the screen can redraw; without
one (tests) it runs at once. Answers are kept by the moment they are about.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeAlias, TypeVar

from solitaire.match.coach import CardAdvice, Costly, advise_play, review_game
from solitaire.match.discard_coach import DiscardAdvice, advise_discard
from solitaire.match.game import Match, Observation
from solitaire.ui.worker import NotStarted, coach_executor, open_after_first_frame

if TYPE_CHECKING:
    from prompt_toolkit.application import Application

__all__ = [
    "Coach",
    "DealKey",
    "Moment",
    "coach_executor",
    "open_after_first_frame",
    "start_after_first_frame",
]

Moment: TypeAlias = tuple[int, int, int]  # game, deal, plays made in the deal
DealKey: TypeAlias = tuple[int, int]  # game, deal
Review: TypeAlias = tuple[list[Costly], ...]
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = ParamSpec("P")
T = TypeVar("T")


def start_after_first_frame(app: Application[Any], coach: Coach | None) -> None:
    """Let the coach's process start once ``app`` has drawn its first frame: work asked
    for before then waits, so the first screen never waits for multiprocessing."""
    open_after_first_frame(app, coach.executor if coach is not None else None)


def _unavailable(error: BaseException) -> str:
    return f"the coach is unavailable: its process could not start ({error})"


class _Answers(Generic[K, V]):
    """Answers kept by what they are about: worked out once, in the coach's executor."""

    def __init__(self, coach: Coach) -> None:
        self.coach = coach
        self.kept: dict[K, Future[V] | V] = {}

    def ask(self, key: K, work: Callable[[], V]) -> None:
        if key in self.kept:
            return
        self.coach.failed = ""
        executor = self.coach.executor
        if executor is None:
            self.kept[key] = work()
            return
        try:
            future = executor.submit(work)
        except (OSError, RuntimeError) as error:  # the worker could not start (or died)
            self.coach.failed = _unavailable(error)
            return
        future.add_done_callback(lambda _: self.coach.on_ready())
        self.kept[key] = future

    def get(self, key: K) -> V | None:
        value = self.kept.get(key)
        if not isinstance(value, Future):
            return value
        if not value.done():
            return None
        error = value.exception()
        if isinstance(error, NotStarted):
            self.coach.failed = _unavailable(error.args[0])
            del self.kept[key]
            return None
        if error is not None:
            self.coach.failed = f"the coach could not work this out ({type(error).__name__})"
            del self.kept[key]
            return None
        result: V = value.result()
        self.kept[key] = result
        return result


class Coach:
    """Advice on positions and reviews of games, each worked out once."""

    def __init__(self, executor: Executor | None = None, *, searched_lead: bool = False) -> None:
        self.executor = executor
        self.searched_lead = searched_lead  # the drill's: see match.coach.advise_play
        self.on_ready: Callable[[], None] = lambda: None
        self.failed = ""
        self._advice: _Answers[Moment, list[CardAdvice]] = _Answers(self)
        self._reviews: _Answers[int, Review] = _Answers(self)
        self._discards: _Answers[DealKey, list[DiscardAdvice]] = _Answers(self)

    def prepare(self, moment: Moment, view: Observation) -> None:
        """Start working out the advice for this moment (nothing if already asked)."""
        self._advice.ask(moment, partial(advise_play, view, searched_lead=self.searched_lead))

    def advice(self, moment: Moment) -> list[CardAdvice] | None:
        """The advice for this moment, or None while it is worked out (or was never asked)."""
        return self._advice.get(moment)

    def prepare_discard(self, deal: DealKey, view: Observation) -> None:
        """Start valuing the 15 discards of this deal (``view``: at your discard)."""
        self._discards.ask(deal, partial(advise_discard, view))

    def discard_advice(self, deal: DealKey) -> list[DiscardAdvice] | None:
        """The 15 discards of this deal, best first, or None while they are worked out."""
        return self._discards.get(deal)

    def prepare_review(self, match: Match, player: int, game: int) -> None:
        """Start reviewing a finished game."""
        self._reviews.ask(game, partial(review_game, match, player, game))

    def review(self, game: int) -> Review | None:
        """The review of a game, or None while it is worked out."""
        return self._reviews.get(game)

    def forget(self) -> None:
        """Start afresh for another game: its moments repeat the last game's numbers, so no
        answer kept for those may be given for these (work under way is dropped)."""
        for answers in (self._advice, self._reviews, self._discards):
            for value in answers.kept.values():
                if isinstance(value, Future):
                    value.cancel()
            answers.kept.clear()
        self.failed = ""

    def close(self) -> None:
        """Stop the worker; unfinished work is dropped."""
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
