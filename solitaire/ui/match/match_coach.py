"""Your coach at the match: what it is asked, what it shows, and what it says of your cards.

A :class:`MatchCoach` holds the coach's process (a :class:`~solitaire.ui.match.coaching.Coach`,
or None when the coach is off in this window), which of its panels is open (? and w),
the past discards it was asked to value, and your last card laid, for its words on it.
The session hands it what each question needs (where you are, what you saw, the moment
and the deal, as :class:`Asking`) and never itself: the coach knows no session. No UI
library is imported here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from solitaire.core.cards import Card
from solitaire.match.card_why import end_play_note, why_card
from solitaire.match.coach import CardAdvice, Costly, play_note
from solitaire.match.discard_coach import DiscardAdvice, cost_note, discard_view, why_discard
from solitaire.match.game import Match, Observation, Phase
from solitaire.ui.match.coaching import Coach, DealKey, Moment
from solitaire.ui.match.told import YOU

__all__ = ["Asking", "At", "LastLay", "MatchCoach", "moment_of"]

OFF = "The coach is off in this window."


def moment_of(match: Match) -> Moment:
    """The match's moment: its game, its deal, and the plays made in the deal."""
    return (match.game_number, len(match.deals), len(match.deal.plays))


class At(StrEnum):
    """Where you are when you press ? or w."""

    DISCARD = "discard"  # you pick two cards for the crib
    CHOOSE = "choose"  # you choose a card to lay
    PLAY = "play"  # the play is on screen, your choice not due
    SHOW = "show"  # the show is on screen
    OVER = "over"  # a game of the match, or the match, is over
    ELSE = "else"  # a saved match is offered


@dataclass(frozen=True, slots=True)
class Asking:
    """Where you are when you ask the coach: the match, its moment (game, deal, plays made),
    the deal on screen (game, deal), and whether you have discarded in it."""

    at: At
    match: Match
    moment: Moment
    shown: DealKey
    discarded: bool


@dataclass(frozen=True, slots=True)
class LastLay:
    """Your last card laid: the moment, the card, what you saw, how many choices you had."""

    moment: Moment
    card: Card
    view: Observation
    choices: int


class MatchCoach:
    """The coach at your side of the table: its process, and what it was asked."""

    def __init__(self, process: Coach | None) -> None:
        self.process = process  # None: no coach (? says so)
        self._asked: set[DealKey] = set()  # past discards the coach was asked to value
        self._laid: tuple[Moment, Card] | None = None  # your last card, for the coach's note
        self.last_lay: LastLay | None = None  # your last card laid, for w in the play
        self.show_coach = False  # ? in the play: every card valued; after a game: the review
        self.show_why = False  # w: why the best discard beats yours (or the cards picked)
        self.why_card = False  # w shows why your last card (not the discard) is worth what it is

    @property
    def on(self) -> bool:
        """True unless the coach is off in this window."""
        return self.process is not None

    @property
    def failed(self) -> str:
        """Why the coach could not answer the last question (empty when it could)."""
        return self.process.failed if self.process is not None else ""

    def forget(self) -> None:
        """Another match, or a stored one told again: its games and deals repeat the numbers
        the answers are kept by, so none of them may be given for these."""
        self._asked.clear()
        if self.process is not None:
            self.process.forget()

    def close(self) -> None:
        """Stop the coach's process; unfinished work is dropped."""
        if self.process is not None:
            self.process.close()

    # -- ? and w -------------------------------------------------------------------------

    def toggle_coach(self, asking: Asking, record_hint: Callable[[], bool]) -> str | None:
        """?: show or hide the 15 discards valued (a hint, kept by ``record_hint``; False when
        it could not be), every card valued (in the play) or the review (after a game). What
        to say, or None to leave what is said."""
        if self.process is None:
            return OFF
        if self.show_coach:
            self.show_coach = False
            return None
        match = asking.match
        if asking.at is At.DISCARD:
            self.prepare_discard(asking.moment[:2], match.observation(YOU))
            self.show_coach = record_hint()
            self.show_why = False
            return None
        if asking.at is At.CHOOSE:
            self.prepare_play(asking.moment, match.observation(YOU))
        elif asking.at is At.OVER:
            self.prepare_review(match, asking.shown[0])
        else:
            return (
                "? is for the discard and the play (every choice valued) and after a game "
                "(its review)."
            )
        self.show_coach = True
        self.show_why = False
        return ""

    def why(self, asking: Asking, record_hint: Callable[[], bool]) -> str | None:
        """w: show or hide why the best discard beats the two cards picked (or the next best),
        a hint while you discard (kept by ``record_hint``); in the play, once you have laid a
        card in the deal on screen, why that card is worth what it is; before it, and in the
        show, why the best discard beat yours. What to say, or None to leave what is said."""
        if self.process is None:
            return OFF
        if self.show_why:
            self.show_why = self.why_card = False
            return None
        at = asking.at
        if at is At.DISCARD:
            self.prepare_discard(asking.moment[:2], asking.match.observation(YOU))
            self.show_why = record_hint()
            self.show_coach = False
            return None
        if at in (At.CHOOSE, At.PLAY) and self.card_to_explain(asking.shown) is not None:
            self.show_why = self.why_card = True
            self.show_coach = False
            return ""
        if at in (At.CHOOSE, At.PLAY, At.SHOW) and asking.discarded:
            self.ask_past_discard(asking.match, asking.shown)
            self.show_why = True
            self.why_card = False
            self.show_coach = False
            return ""
        return "w is for the discard and the play: why the best beats yours."

    def explaining(self, deal: DealKey) -> bool:
        """True while w shows why your last card laid in this deal is worth what it is."""
        return self.show_why and self.why_card and self.card_to_explain(deal) is not None

    # -- asking ------------------------------------------------------------------------

    def prepare_turn(self, moment: Moment, view: Observation) -> None:
        """Your turn (``view``: what you see at ``moment``): have the coach work out your
        choices before you ask, when it works beside the game."""
        process = self.process
        if process is None or process.executor is None:
            return
        if view.phase is Phase.PLAY and len(view.legal) > 1:
            process.prepare(moment, view)
        elif view.phase is Phase.DISCARD:
            process.prepare_discard(moment[:2], view)

    def prepare_discard(self, deal: DealKey, view: Observation) -> None:
        """Start valuing the 15 discards of this deal (``view``: at your discard)."""
        if self.process is not None:
            self.process.prepare_discard(deal, view)

    def prepare_play(self, moment: Moment, view: Observation) -> None:
        """Start valuing the cards you may lay at this moment."""
        if self.process is not None:
            self.process.prepare(moment, view)

    def prepare_review(self, match: Match, game: int) -> None:
        """Start reviewing your play in a finished game of ``match``."""
        if self.process is not None:
            self.process.prepare_review(match, YOU, game)

    def ask_past_discard(self, match: Match, deal: DealKey) -> None:
        """Have the coach value a past discard of yours in ``match`` (nothing if it was asked
        already: a failure is said, not retried at every redraw)."""
        if self.process is None or deal in self._asked:
            return
        self._asked.add(deal)
        self.process.prepare_discard(deal, discard_view(match, YOU, *deal))

    def new_move(self) -> None:
        """You moved: the coach's note on your card before and its panels no longer apply."""
        self._laid = None
        self.show_coach = self.show_why = self.why_card = False

    def laid(self, moment: Moment, card: Card, view: Observation) -> None:
        """You laid ``card`` at ``moment``, having seen ``view``: kept for w, and valued for the
        coach's note when you had a choice."""
        choices = len(view.legal)
        self.last_lay = LastLay(moment, card, view, choices)
        if self.process is not None and choices > 1:
            self.process.prepare(moment, view)  # already under way, unless it works inline
            self._laid = (moment, card)

    # -- what it says --------------------------------------------------------------------

    def advice(self, moment: Moment) -> list[CardAdvice] | None:
        """The cards you may lay at this moment, valued (None while the coach works)."""
        return None if self.process is None else self.process.advice(moment)

    def review(self, game: int) -> tuple[list[Costly], ...] | None:
        """The review of a game (None while the coach works)."""
        return None if self.process is None else self.process.review(game)

    def discard_advice(self, deal: DealKey) -> list[DiscardAdvice] | None:
        """The 15 discards of this deal, best first (None while the coach works)."""
        return None if self.process is None else self.process.discard_advice(deal)

    def why_lines(
        self, deal: DealKey, chosen: tuple[Card, ...] | None, name: Callable[[Card], str] = str
    ) -> list[str] | None:
        """Why the best discard of this deal beats ``chosen`` (or the next best; None while the
        coach works)."""
        advice = self.discard_advice(deal)
        return None if advice is None else why_discard(advice, chosen, name)

    def cost_note(
        self, match: Match, deal: DealKey, mine: tuple[Card, Card], name: Callable[[Card], str]
    ) -> str | None:
        """The line on what your discard ``mine`` in this deal of ``match`` cost (None while
        the coach works)."""
        if self.process is None:
            return None
        advice = self.process.discard_advice(deal)
        if advice is None:
            self.ask_past_discard(match, deal)  # a resumed match: rebuilt from the match
            advice = self.process.discard_advice(deal)
        return None if advice is None else cost_note(advice, mine, name)

    def card_to_explain(self, deal: DealKey) -> LastLay | None:
        """Your last card laid in this deal, once you have laid one."""
        last = self.last_lay
        if last is None or last.moment[:2] != deal:
            return None
        return last

    def card_why_lines(self, deal: DealKey, name: Callable[[Card], str] = str) -> list[str] | None:
        """Why your last card laid in this deal is worth what it is, beside the best (None while
        the coach works it out, or when you have laid none)."""
        last = self.card_to_explain(deal)
        if last is None or self.process is None:
            return None
        advice = None
        if last.choices > 1:
            self.process.prepare(last.moment, last.view)  # asked once; kept
            advice = self.process.advice(last.moment)
            if advice is None:
                return None
        return why_card(last.view, last.card, advice, name)

    def play_note(self, name: Callable[[Card], str] = str) -> str | None:
        """The line on your last card when it cost more than a little, once worked out."""
        if self.process is None or self._laid is None:
            return None
        moment, card = self._laid
        advice = self.process.advice(moment)
        if advice is None:
            return None
        if advice[0].chance is not None:  # near the end: by the measure the cards are ranked by
            return end_play_note(advice, card, name)
        return play_note(advice, card, name)
