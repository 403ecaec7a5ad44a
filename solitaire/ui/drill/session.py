"""The pegging drill at the keyboard: a plain object that key handlers call into.

A :class:`DrillSession` holds a :class:`~solitaire.match.drill.Drill` (you against
``expert``), the coach that values your cards (worked out beside the drill, see
:mod:`solitaire.ui.match.coaching`), and the drill's row in the history, saved
after every card you lay and resumable like a match. No UI library is imported.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from enum import StrEnum
from typing import Final

from solitaire.core.cards import Card, suit_letters
from solitaire.core.names import command
from solitaire.core.words import plural
from solitaire.match.card_why import why_card
from solitaire.match.coach import CardAdvice
from solitaire.match.drill import (
    DRILL,
    Drill,
    Grade,
    drill_record,
    load_drill_record,
    replay_drill,
)
from solitaire.match.game import IllegalMoveError, Lay, Observation
from solitaire.match.summary import drill_summary
from solitaire.store import History, Summary
from solitaire.ui.match.coaching import Coach, Moment
from solitaire.ui.match.session import card_keys
from solitaire.ui.review.positions import drill_positions
from solitaire.ui.review.steps import Reviewing
from solitaire.ui.rules import RulesPages
from solitaire.ui.saved import Claimed, SavedGame, Sitting, saved_move, seed_words

__all__ = ["YOU", "DrillSession", "Stage", "new_seed"]

YOU: Final = 0


class Stage(StrEnum):
    """What the screen is showing."""

    RESUME = "resume"  # an unfinished drill is saved: resume it or start afresh
    PLAY = "play"  # your cards to lay
    HAND_OVER = "hand over"  # the hand's play has ended: Enter deals the next
    OVER = "over"  # the last hand is over


def new_seed() -> int:
    """A fresh drill's seed."""
    return random.SystemRandom().randrange(10**9)


def _load(text: str) -> Drill:
    # The row's digest is checked; its grades are taken as recorded (replay re-grades).
    return replay_drill(load_drill_record(text), allow_unfinished=True, regrade=False)


class DrillSession(Sitting[Drill, Drill], RulesPages):
    """One sitting at the drill."""

    noun = "drill"
    command_name = "drill"

    def __init__(
        self,
        history: History,
        new_drill: Callable[[], Drill],
        *,
        explicit: bool = False,
        resume_id: int | None = None,
        ascii: bool = False,
        coach: Coach | None = None,
    ) -> None:
        self.history = history
        self.new_drill = new_drill
        self.ascii = ascii
        self.coach = coach or Coach()
        self.coach.searched_lead = True  # the drill's expert searches pone's opening lead
        self.show_coach = False
        self.show_why = False  # w: why the card you just laid is worth what it is
        self._laid: tuple[Moment, Card, Observation, bool] | None = None  # for w
        self.show_help = False
        self.message = ""
        self.cursor = 0
        self.last: Grade | None = None  # the grade of your last card, shown under your cards
        self._last_moment: Moment | None = None
        self.saved: SavedGame[Drill] = SavedGame(history, DRILL, "drill", _load)
        self.reviewing: Reviewing[Observation] = Reviewing(history, DRILL, self.coach.executor)
        self.drill: Drill
        self._open(resume_id, new_drill() if explicit else None, new_drill, history.notice)
        self._prepare()

    # -- the history -------------------------------------------------------------------

    @property
    def game_id(self) -> int | None:
        """The drill's row in the history, once saved."""
        return self.saved.game_id

    @property
    def pending(self) -> Claimed[Drill] | None:
        """The saved drill the RESUME screen offers."""
        return self.saved.pending

    def _enter(self, loaded: Drill) -> None:
        self.coach.forget()
        self.reviewing.forget()
        self.drill = loaded

    def _describe(self, loaded: Drill) -> str:
        return f"{seed_words(loaded)}, against {loaded.opponent}"

    def _standing(self, loaded: Drill) -> str:
        return f"hand {loaded.number} of {loaded.hands}"

    def _current_standing(self) -> str:
        return self._standing(self.drill)

    def _deal_name(self, game: Drill) -> str:
        return seed_words(game)

    def _save(self) -> None:
        drill = self.drill
        summary = Summary(drill.seed, drill.is_over, drill_summary(drill))
        self.saved.save(drill_record(drill), summary)
        if drill.is_over and self.game_id is not None:  # reviewed while you read the end
            record = json.dumps(drill_record(drill))
            self.reviewing.start(self.game_id, record, lambda: drill_positions(drill.matches))

    def _begin(self, drill: Drill) -> None:
        self.coach.forget()  # a new drill deals hand 1 again: no answer of the last one
        self.reviewing.forget()
        self.saved.new_row()
        self.drill = drill
        self.last = None
        self._laid = None
        self.show_why = False
        self.cursor = 0

    def resume(self) -> None:
        """Carry on with the saved drill."""
        super().resume()
        self._prepare()

    def start_afresh(self) -> None:
        """A new drill; an unfinished one stays in the history, resumable later."""
        super().start_afresh()
        self._prepare()

    def close(self) -> None:
        """Let other windows have the drill; stop the coach's work."""
        self.saved.close()
        self.coach.close()
        self.reviewing.close()

    def quit(self) -> str:
        """Leave; the drill is already saved. Returns what to tell the player."""
        if self.pending is not None:
            kept = self.pending.game_id
            return f"Your saved drill {kept} is still there: {command(f'drill --resume {kept}')}."
        if self.busy_offer:
            return f"Drill {self.saved.busy} stays open in the other window."
        if self.game_id is None:
            return "Nothing was played, so nothing was kept."
        if self.drill.is_over:
            return f"Drill {self.game_id} is in your history: {command('stats')} shows it."
        return f"Drill saved: {command(f'drill --resume {self.game_id}')} resumes it."

    # -- the coach ---------------------------------------------------------------------

    def _moment(self) -> Moment:
        drill = self.drill
        return (drill.number, 1, len(drill.match.deal.plays))

    def settle(self) -> None:
        """Let the opponent make the first hand's discard, if a drill made ``deferred`` holds
        it back (the app asks once the first screen is drawn); then ask the coach."""
        if self.drill.waiting:
            self.drill.settle()
            self._prepare()

    def _prepare(self) -> None:
        """Have the coach value your cards before you lay one (it grades the card you lay)."""
        background = self.coach.executor is not None
        if background and not self.offering and self.drill.choosing():
            self.coach.prepare(self._moment(), self.drill.observation())

    def advice(self) -> list[CardAdvice] | None:
        """The coach's values of the cards you may lay (None while it works them out)."""
        return self.coach.advice(self._moment())

    def last_advice(self) -> list[CardAdvice] | None:
        """The coach's values at your last graded card, for the words beside its grade."""
        return None if self._last_moment is None else self.coach.advice(self._last_moment)

    def toggle_coach(self) -> None:
        """?: show or hide every card you may lay, valued and explained."""
        self.settle()
        if self.show_coach:
            self.show_coach = False
        elif len(self.drill.playable()) > 1:
            self.coach.prepare(self._moment(), self.drill.observation())
            self.show_coach = True
        else:
            self.message = "The coach values your cards when more than one can be laid."

    def toggle_review(self) -> None:
        """? once the drill is over: show or hide its review, a card at a time."""
        self.message = self.reviewing.toggle()

    def why(self) -> None:
        """w: show or hide why the card you just laid in this hand is worth what it is."""
        if self.show_why:
            self.show_why = False
        elif self._laid is not None and self._laid[0][0] == self.drill.number:
            self.show_why = True
            self.show_coach = False
            self.message = ""
        else:
            self.message = "w explains the card you just laid: lay one first."

    def why_lines(self, name: Callable[[Card], str] = str) -> list[str] | None:
        """Why the card you just laid is worth what it is, beside the best (None while the
        coach works it out, or before you lay one in this hand)."""
        if self._laid is None:
            return None
        moment, card, view, choice = self._laid
        advice = None
        if choice:
            self.coach.prepare(moment, view)  # already asked when it works in the background
            advice = self.coach.advice(moment)
            if advice is None:
                return None
        return why_card(view, card, advice, name)

    # -- what you can do ---------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """What the screen shows now."""
        if self.offering:
            return Stage.RESUME
        if self.drill.is_over:
            return Stage.OVER
        if self.drill.hand_over:
            return Stage.HAND_OVER
        return Stage.PLAY

    @property
    def hand(self) -> tuple[Card, ...]:
        """Your cards not yet laid, of the four kept."""
        deal = self.drill.match.deals[0]
        laid = {card for player, card in deal.laid if player == YOU}
        return tuple(card for card in deal.kept(YOU) if card not in laid)

    def playable(self, card: Card) -> bool:
        """True when this card can be laid now."""
        return card in self.drill.playable()

    def move(self, step: int) -> None:
        """Move the cursor along your cards."""
        if self.hand:
            self.cursor = (self.cursor + step) % len(self.hand)

    @saved_move("drill")
    def lay(self, index: int) -> None:
        """Lay your card at this position (0-3), graded; one that does not fit says why."""
        if self.stage is not Stage.PLAY:
            return
        if not 0 <= index < len(self.hand):
            held = len(self.hand)
            self.message = f"You hold {plural(held, 'card')}: press {card_keys(held)}."
            return
        self.settle()
        card = self.hand[index]
        drill = self.drill
        try:
            drill.match.check(Lay(card), player=YOU)
        except IllegalMoveError as error:
            self.message = suit_letters(str(error)) if self.ascii else str(error)
            return
        moment, view, choice = self._moment(), drill.observation(), drill.choosing()
        advice = self.coach.advice(moment)
        values = None if advice is None else {item.card: item.net for item in advice}
        grade = drill.lay(card, values)
        if grade is not None:
            self.last, self._last_moment = grade, moment
        self._laid = (moment, card, view, choice)
        self.show_coach = self.show_why = False
        self.message = ""
        self.cursor = 0
        self._save()
        self._prepare()

    def enter(self) -> None:
        """Enter: resume, lay the card under the cursor, or deal the next hand."""
        if self.offering:
            self.enter_offer()
        elif self.stage is Stage.PLAY:
            self.lay(self.cursor)
        elif self.stage is Stage.HAND_OVER:
            self._next_hand()

    @saved_move("drill")
    def _next_hand(self) -> None:
        self.drill.next_hand()
        self.last = None
        self.show_why = False
        self.cursor = 0
        self._save()
        self._prepare()
