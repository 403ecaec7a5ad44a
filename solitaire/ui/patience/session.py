"""The interactive game's state: a plain object that key handlers call into.

A :class:`PlaySession` holds the game, the cards picked, the phase of play and
the coaching; each method is one thing a player can do. It saves the game after
every move, so quitting at any moment loses nothing. No UI library is imported
here: the prompt_toolkit app and the rich screen only read and call it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum

from solitaire.core.cards import Card
from solitaire.patience.advisor import DiscardOption, advise_position, position_of
from solitaire.patience.coach import GameReview, RoundReview, review_game, review_round
from solitaire.patience.game import Game, IllegalDiscardError, Milestone, RoundResult
from solitaire.store import History, SavedGame

__all__ = ["Phase", "PlaySession"]


class Phase(StrEnum):
    """Where the player is."""

    RESUME = "resume"  # a saved game exists: resume it or start afresh
    DISCARD = "discard"  # pick two of the six
    RESULT = "result"  # the round just played is counted and coached
    OVER = "over"  # the game is done: the review


class PlaySession:
    """One sitting at the game: the current game, what is picked, what is shown."""

    def __init__(
        self,
        saved: SavedGame,
        history: History,
        new_game: Callable[[], tuple[Game, str | None]],
        *,
        ascii: bool = False,
        resume: bool = True,
    ) -> None:
        self.saved = saved
        self.history = history
        self.new_game = new_game
        self.ascii = ascii
        self.game: Game
        self.daily: str | None = None
        self.phase = Phase.DISCARD
        self.selected: set[int] = set()
        self.cursor = 0
        self.show_hint = False
        self.show_all = False
        self.show_help = False
        self.show_rounds = False
        self.message = ""
        self.reviews: list[RoundReview] = []
        self.review: GameReview | None = None
        self.history_id: int | None = None
        self.milestones: tuple[Milestone, ...] = ()
        self.pending: tuple[Game, str | None] | None = None
        self._advice: tuple[DiscardOption, ...] | None = None

        loaded = saved.load()
        notices = [n for n in (saved.notice, history.notice) if n]
        if loaded is not None and loaded[0].is_over:
            self._archive(*loaded)  # finished but not yet filed: file it now
            loaded = None
        if loaded is not None and not resume:
            kept = history.add(loaded[0], None, loaded[1])
            notices.append(f"Your unfinished game was kept in the history as game {kept}.")
            loaded = None
        if loaded is not None:
            self.pending = loaded
            self.game, self.daily = loaded
            self.phase = Phase.RESUME
        else:
            self._start(*new_game())
        self.message = " ".join(notices)

    # -- starting, resuming ---------------------------------------------------------

    def _start(self, game: Game, daily: str | None) -> None:
        self.game, self.daily = game, daily
        self.reviews = [review_round(game, n) for n in range(1, len(game.rounds) + 1)]
        self.review = None
        self.history_id = None
        self.milestones = ()
        self.selected.clear()
        self.cursor = 0
        self.show_hint = self.show_all = self.show_rounds = False
        self._advice = None
        self.phase = Phase.DISCARD
        self.saved.save(game, daily)

    def resume(self) -> None:
        """Carry on with the saved game, from the last round played (its count and coaching)."""
        if self.pending is None:
            return
        game, daily = self.pending
        self.pending = None
        self._start(game, daily)
        if game.rounds:
            self.phase = Phase.RESULT
        self.message = f"Resumed: round {game.round_number} is next, {game.total} points so far."

    def start_afresh(self) -> None:
        """Start a new game; an unfinished one is kept in the history, not thrown away."""
        if self.pending is not None:
            game, daily = self.pending
            self.pending = None
            kept = self.history.add(game, None, daily)
            self._start(*self.new_game())
            self.message = f"Your unfinished game was kept in the history as game {kept}."
            return
        self._start(*self.new_game())
        self.message = "A new game."

    def _archive(self, game: Game, daily: str | None) -> int:
        review = review_game(game)
        game_id = self.history.add(game, review, daily)
        self.saved.clear()
        return game_id

    # -- picking the discard ---------------------------------------------------------

    @property
    def advice(self) -> tuple[DiscardOption, ...]:
        """The advisor's table for the six cards on screen (computed once a round)."""
        if self._advice is None:
            self._advice = advise_position(position_of(self.game))
        return self._advice

    @property
    def picked(self) -> list[Card]:
        """The cards picked for the discard, in the order shown."""
        return [self.game.shown[i] for i in sorted(self.selected)]

    def toggle(self, index: int) -> None:
        """Pick or unpick the card at this position (0-5)."""
        if self.phase is not Phase.DISCARD or not 0 <= index < len(self.game.shown):
            return
        self.cursor = index
        if index in self.selected:
            self.selected.discard(index)
        elif len(self.selected) < 2:
            self.selected.add(index)
        else:
            self.message = "Two cards are picked already: unpick one first (its number or Space)."
            return
        self.message = ""

    def move(self, step: int) -> None:
        """Move the cursor left or right."""
        if self.phase is Phase.DISCARD:
            self.cursor = (self.cursor + step) % len(self.game.shown)

    def toggle_cursor(self) -> None:
        """Pick or unpick the card under the cursor."""
        self.toggle(self.cursor)

    def hint(self) -> None:
        """Show or hide the advisor's table; showing it is recorded as a hint."""
        if self.phase is not Phase.DISCARD:
            return
        self.show_hint = not self.show_hint
        if self.show_hint and self.game.round_number not in self.game.hints:
            self.game.hints.add(self.game.round_number)
            self.saved.save(self.game, self.daily)

    def confirm(self) -> RoundResult | None:
        """Discard the two picked cards (Enter); refuses unless exactly two are picked."""
        if self.phase is not Phase.DISCARD:
            return None
        if len(self.selected) != 2:
            self.message = f"Pick exactly 2 cards to discard ({len(self.selected)} picked)."
            return None
        return self.discard(self.picked)

    def discard_text(self, text: str) -> RoundResult | None:
        """Discard the cards typed, like ``5h jd``; errors go to the message line."""
        try:
            cards = self.game.check_discard(text)
        except ValueError as error:
            self.message = str(error)
            return None
        return self.discard(list(cards))

    def discard(self, cards: list[Card]) -> RoundResult:
        """Play the round with this discard, save, and show the count and coaching."""
        result = self.game.discard(cards)
        self.reviews.append(review_round(self.game, result.number))
        self.saved.save(self.game, self.daily)
        self.milestones = tuple(m for step in result.steps() for m in step.milestones)
        self.selected.clear()
        self.cursor = 0
        self.show_hint = self.show_all = False
        self._advice = None
        self.phase = Phase.RESULT
        self.message = ""
        return result

    def validate_typed(self, text: str) -> tuple[int, str] | None:
        """For the typing line: (position, problem) of the first bad token, or None if fine."""
        try:
            self.game.check_discard(text)
        except IllegalDiscardError as error:
            starts = [m.start() for m in re.finditer(r"[^\s,]+", text)]
            index = error.index
            return (len(text) if index is None else starts[index]), str(error)
        return None

    # -- after a round ----------------------------------------------------------------

    def toggle_all(self) -> None:
        """Show or hide all 15 discards with what each would have scored."""
        if self.phase in (Phase.RESULT, Phase.OVER) and self.reviews:
            self.show_all = not self.show_all
            self.show_rounds = False

    def toggle_rounds(self) -> None:
        """When the game is over: show or hide the round-by-round review."""
        if self.phase is Phase.OVER:
            self.show_rounds = not self.show_rounds
            self.show_all = False

    def proceed(self) -> None:
        """Go on from a round's result: the next round, or the game's review."""
        if self.phase is not Phase.RESULT:
            return
        self.show_all = False
        if self.game.is_over:
            self._finish()
        else:
            self.phase = Phase.DISCARD
            self.message = ""

    def _finish(self) -> None:
        assert self.game.final is not None
        self.review = review_game(self.game)
        self.history_id = self._archive(self.game, self.daily)
        self.milestones = self.game.final.milestones
        self.phase = Phase.OVER
        self.message = f"Saved in your history as game {self.history_id}."

    # -- what the screen shows ----------------------------------------------------

    def peg_totals(self) -> tuple[int, int]:
        """The front and back pegs, as on a board: the total, and the total before the last score.

        While a round's result is on screen the final hand is not yet counted.
        """
        game = self.game
        scores = [(s.total - s.points, s.total) for r in game.rounds for s in r.steps() if s.points]
        final = game.final
        if final is not None and final.points and self.phase is not Phase.RESULT:
            scores.append((final.total_before, final.total))
        if not scores:
            return 0, 0
        back, front = scores[-1]
        return front, back

    def cards_left(self) -> int:
        """Cards not yet dealt to the player (the final hand counts until it is shown)."""
        final = self.game.final
        if final is not None and self.phase is Phase.RESULT:
            return len(final.cards)
        return self.game.cards_left

    # -- leaving ------------------------------------------------------------------

    def quit(self) -> str:
        """Leave; the game is already saved. Returns what to tell the player."""
        if self.phase is Phase.OVER or self.game.is_over:
            return "Thanks for playing."
        if self.phase is Phase.RESUME:
            return "Your saved game is still there: run cribsol play to resume it."
        return (
            f"Game saved at round {self.game.round_number} with {self.game.total} points: "
            "run cribsol play to resume it."
        )
