"""The match as the screen shows it: read from the events told so far, never changed.

:class:`OnScreen` is the view-model the match's screen reads: the deal and game on
screen, the scores and pegs, the count, the show's counts, the deals seen to their
end, and what the coach says of them. It is made afresh from the session's parts (a
:class:`~solitaire.ui.match.told.Told`, the match and the
:class:`~solitaire.ui.match.match_coach.MatchCoach`) whenever it is read, so it never
outlives them. No UI library is imported here.
"""

from __future__ import annotations

from collections.abc import Callable

from solitaire.core.cards import Card
from solitaire.match.coach import CardAdvice, Costly
from solitaire.match.discard_coach import DiscardAdvice, heels_note
from solitaire.match.game import Counted, Cut, Deal, Dealt, Event, GameOver, GoPoint, Laid, Match
from solitaire.ui.match.coaching import DealKey
from solitaire.ui.match.match_coach import MatchCoach, moment_of
from solitaire.ui.match.told import COMPUTER, YOU, Tagged, Told

__all__ = ["OnScreen"]


class OnScreen:
    """What is on screen of a match: the events ``told`` has shown of ``match``, and what
    ``coach`` says of them."""

    def __init__(self, told: Told, match: Match, coach: MatchCoach) -> None:
        self.told = told
        self.match = match
        self.coach = coach

    @property
    def visible(self) -> list[Tagged]:
        """The events on screen so far."""
        return self.told.events[: self.told.shown]

    @property
    def _latest(self) -> Tagged:
        told = self.told
        return told.events[told.shown - 1] if told.shown else told.events[0]

    @property
    def deal(self) -> Deal:
        """The deal on screen."""
        tagged = self._latest
        game = self.match.played[tagged.game - 1]
        return game.deals[max(tagged.deal, 1) - 1]

    @property
    def game_number(self) -> int:
        """The game on screen, from 1."""
        return self._latest.game

    @property
    def deal_key(self) -> DealKey:
        """The deal on screen: game and deal number."""
        return (self.game_number, self.deal.number)

    def deal_events(self) -> list[Event]:
        """This deal's events on screen (and the cut, before the first deal)."""
        out: list[Event] = []
        for tagged in self.visible:
            event = tagged.event
            if isinstance(event, Cut):
                out = [event]  # the cut for the first deal is told with that deal
            elif isinstance(event, Dealt):
                out = out if out and isinstance(out[-1], Cut) else []
            else:
                out.append(event)
        return out

    def scores(self) -> tuple[int, int]:
        """Both scores as on screen."""
        told = self.told
        return told.events[told.shown - 1].event.scores if told.shown else (0, 0)

    def pegs(self, player: int) -> tuple[int, int]:
        """A player's front and back pegs: the score, and where the last score began."""
        front, back = 0, 0
        game = self.game_number
        for tagged in self.visible:
            event = tagged.event
            if tagged.game == game and event.points and event.player == player:
                back, front = front, event.scores[player]
        return front, back

    def series(self) -> tuple[list[Card], int]:
        """The cards laid since the count last restarted, and the count."""
        cards: list[Card] = []
        count = 0
        for event in self.deal_events():
            if isinstance(event, Laid):
                cards.append(event.card)
                count = event.count
                if count == 31:
                    cards, count = [], 0
            elif isinstance(event, GoPoint):
                cards, count = [], 0
        return cards, count

    def laid(self, player: int) -> set[Card]:
        """The cards a player has laid in this deal, as on screen."""
        return {e.card for e in self.deal_events() if isinstance(e, Laid) and e.player == player}

    def computer_held(self) -> int:
        """Cards the computer still holds, as on screen."""
        discarded = self.deal.discards[COMPUTER] is not None and self.crib_shown()
        return 4 - len(self.laid(COMPUTER)) if discarded else 6

    def crib_shown(self) -> int:
        """Cards in the crib as on screen: none until you have discarded, whoever discards
        first, so the computer's discard never shows before yours."""
        deal = self.deal
        return len(deal.crib) if deal.discards[YOU] is not None else 0

    def your_discard(self) -> tuple[Card, Card] | None:
        """Your discard in the deal on screen, once made."""
        return self.deal.discards[YOU] if self.told.events else None

    @property
    def next_is_deal(self) -> bool:
        """True when Enter deals next (the show is over)."""
        told = self.told
        return not told.all_shown and isinstance(told.events[told.shown].event, Dealt)

    def counted(self) -> list[Counted]:
        """The show's counts on screen for this deal."""
        return [e for e in self.deal_events() if isinstance(e, Counted)]

    def result(self) -> GameOver | None:
        """The end of the game on screen, once shown."""
        for tagged in reversed(self.visible):
            if isinstance(tagged.event, GameOver) and tagged.game == self.game_number:
                return tagged.event
        return None

    def games_won(self) -> tuple[int, int]:
        """Each side's games won in the series as on screen (a skunk counting 2)."""
        won = [0, 0]
        for tagged in self.visible:
            if isinstance(tagged.event, GameOver):
                won[tagged.event.result.winner] += tagged.event.result.game_points
        return won[0], won[1]

    def games_done(self) -> int:
        """The games of the series ended, as on screen."""
        return sum(isinstance(tagged.event, GameOver) for tagged in self.visible)

    def score_line(self, names: tuple[str, str]) -> str:
        """``you 45, standard 52``."""
        a, b = self.scores()
        return f"{names[YOU]} {a}, {names[COMPUTER]} {b}"

    def listed_deals(self) -> list[DealKey]:
        """Every deal of this match seen to its end on screen, as (game, deal), in order: a
        deal whose events are all shown and that the match has left behind (or ended in)."""
        last: dict[DealKey, int] = {}
        for index, tagged in enumerate(self.told.events):
            last[(tagged.game, tagged.deal)] = index
        current = (self.match.game_number, len(self.match.deals))
        return [
            key
            for key, index in last.items()
            if key[1] > 0 and index < self.told.shown and (key != current or self.match.is_over)
        ]

    # -- what the coach says of it (None while it works) --------------------------------

    def advice(self) -> list[CardAdvice] | None:
        """The coach's values of the cards you may lay now."""
        return self.coach.advice(moment_of(self.match))

    def discard_advice(self) -> list[DiscardAdvice] | None:
        """The 15 discards of the deal on screen, best first."""
        return self.coach.discard_advice(self.deal_key)

    def heels_note(self) -> str:
        """His heels, the same for every discard of this deal: in no total."""
        return heels_note(self.match.observation(YOU))

    def card_why_lines(self, name: Callable[[Card], str] = str) -> list[str] | None:
        """Why the card you laid last in this deal is worth what it is, beside the best (None
        also when you have laid none)."""
        return self.coach.card_why_lines(self.deal_key, name)

    def review(self) -> tuple[list[Costly], ...] | None:
        """The coach's review of the game on screen."""
        return self.coach.review(self.game_number)

    def coach_note(self, name: Callable[[Card], str] = str) -> str | None:
        """The coach's line on your last card when it cost more than a little."""
        return self.coach.play_note(name)
