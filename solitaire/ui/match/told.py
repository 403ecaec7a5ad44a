"""What happened in a match, told one event at a time. No UI library is imported here.

The engine runs ahead: every event of the match is kept in :attr:`Told.events`, each
tagged with its game and deal, and the screen shows them one by one
(:attr:`Told.shown`): the computer's cards after a short pause, each count of the show
and each new deal when you press Enter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from solitaire.match.game import (
    Counted,
    Cut,
    Dealt,
    Discarded,
    Event,
    GameOver,
    GoPoint,
    Laid,
    SaidGo,
)

__all__ = ["COMPUTER", "YOU", "Tagged", "Told", "go_then_point"]

YOU: Final = 0
COMPUTER: Final = 1


def go_then_point(event: Event, after: Event) -> bool:
    """True for a go said just before the same player's "one for the go": a player takes the
    go in those words alone."""
    return isinstance(event, SaidGo) and isinstance(after, GoPoint) and after.player == event.player


@dataclass(frozen=True, slots=True)
class Tagged:
    """An event with the game and deal it belongs to."""

    event: Event
    game: int
    deal: int


class Told:
    """The match's events, and how many of them the screen has shown.

    ``pause``: seconds before each of the computer's cards appears (0: at once); the app
    keeps the time, this only says when a pause is due.
    """

    def __init__(self, pause: float = 0.0) -> None:
        self.pause = pause
        self.events: list[Tagged] = []
        self.shown = 0

    def restart(self, events: tuple[Event, ...] | list[Event]) -> None:
        """Tell another match (or one again from its start): its events so far, none shown."""
        self.events = []
        self.shown = 0
        self.follow(events)

    def follow(self, events: tuple[Event, ...] | list[Event]) -> None:
        """Keep new events, each tagged with its game and deal."""
        game = self.events[-1].game if self.events else 1
        deal = self.events[-1].deal if self.events else 1
        ended = False
        for event in events:
            if isinstance(event, Cut) and self.events:
                game, ended = game + 1, False
            if isinstance(event, Dealt):
                if ended:
                    game, ended = game + 1, False
                deal = event.number
            if isinstance(event, GameOver):
                ended = True
            self.events.append(Tagged(event, game, deal))

    def catch_up(self, seen: int) -> None:
        """Shown as you left a stored match: what you had seen, and never less than your last
        move; the rest (the computer's answer, the counts of the show) is still to come."""
        self.shown = min(max(seen, self.last_move()), len(self.events))

    def last_move(self) -> int:
        """How many events there are up to your last move (a discard, a card laid, a count)."""
        for index in range(len(self.events) - 1, -1, -1):
            event = self.events[index].event
            if event.player == YOU and (
                isinstance(event, Discarded | Laid)
                or (isinstance(event, Counted) and event.claimed is not None)
            ):
                return index + 1
        return 0

    @property
    def all_shown(self) -> bool:
        """True when every event is on screen."""
        return self.shown >= len(self.events)

    def waits_for_enter(self, index: int) -> bool:
        """True when the event at ``index`` is shown only when you press Enter: a count of the
        show, or a new deal (unless it follows the cut)."""
        event = self.events[index].event
        if isinstance(event, Dealt):
            return index > 0 and not isinstance(self.events[index - 1].event, Cut)
        return isinstance(event, Counted)

    @property
    def waiting(self) -> bool:
        """True when the next event waits for Enter."""
        return self.shown < len(self.events) and self.waits_for_enter(self.shown)

    @property
    def timed_pending(self) -> bool:
        """True while the computer's next card waits for its pause."""
        if self.pause <= 0 or self.shown >= len(self.events):
            return False
        event = self.events[self.shown].event
        return isinstance(event, Laid | SaidGo | GoPoint) and event.player == COMPUTER

    def reveal(self) -> bool:
        """Show what happened up to the next pause or Enter; True when a pause is due."""
        while self.shown < len(self.events) and not self.waits_for_enter(self.shown):
            if self.timed_pending:
                return True
            self.shown += 1
        return False

    def tick(self) -> bool:
        """The pause is over: show the computer's card and go on; True when another is due."""
        if self.timed_pending:
            self.shown += 1
            shown = self.shown
            if shown < len(self.events) and go_then_point(
                self.events[shown - 1].event, self.events[shown].event
            ):
                self.shown += 1  # "go" and "one for the go" are said as one
        return self.reveal()

    def skip(self) -> None:
        """Show at once everything up to the next Enter (any key during a pause does this)."""
        while self.shown < len(self.events) and not self.waits_for_enter(self.shown):
            self.shown += 1

    def next_event(self) -> None:
        """Enter: show the event that waited for it (the next count, or the next deal), and
        what follows up to the next pause or Enter."""
        self.shown += 1
        self.reveal()
