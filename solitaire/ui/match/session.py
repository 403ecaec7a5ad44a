"""The interactive match's state: a plain object that key handlers call into.

A :class:`MatchSession` holds the match (you in seat 0, the computer in seat 1),
the cards you have picked, and what the screen shows, and is made of parts, each
with its own module: what happened, told one event at a time (:class:`Told`: the
engine runs ahead, and the screen shows the computer's cards after a short pause
and each count of the show when you press Enter); the coach (:class:`MatchCoach`,
which holds the coach's process); and the view-model the screen reads
(:class:`OnScreen`). The match is saved in the history after every move you make.
No UI library is imported here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from contextlib import suppress
from enum import StrEnum

from solitaire.core.cards import Card, suit_letters
from solitaire.core.errors import InputError
from solitaire.core.names import command
from solitaire.core.words import plural
from solitaire.match.game import (
    GO,
    Claim,
    Discard,
    Event,
    GameOver,
    IllegalMoveError,
    Lay,
    Match,
    Observation,
    Phase,
)
from solitaire.match.players import PLAYERS
from solitaire.match.record import match_record
from solitaire.match.registry import make_player
from solitaire.store import History, StoreError
from solitaire.ui.kinds import MATCH
from solitaire.ui.match.browse import DealBrowser
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.count_entry import CountEntry
from solitaire.ui.match.match_coach import Asking, At, MatchCoach, moment_of
from solitaire.ui.match.onscreen import OnScreen
from solitaire.ui.match.stored import SEEN, Loaded, SavedMatch
from solitaire.ui.match.told import COMPUTER, YOU, Told
from solitaire.ui.picks import toggle_pick
from solitaire.ui.review.positions import match_positions
from solitaire.ui.review.steps import Reviewing
from solitaire.ui.rules import RulesPages
from solitaire.ui.saved import (
    Claimed,
    Sitting,
    kept_if_saved,
    not_saved,
    seed_words,
)

__all__ = [
    "COMPUTER",
    "MATCH",
    "SEEN",
    "YOU",
    "MatchSession",
    "Stage",
    "answer",
    "computer_rng",
    "series_end",
    "standing",
]


class Stage(StrEnum):
    """What the screen is showing."""

    RESUME = "resume"  # a saved match exists: resume it or start afresh
    PLAY = "play"  # the discard and the play
    SHOW = "show"  # the play is over: the show, one count per Enter
    GAME_OVER = "game over"  # a game of the series has ended; Enter deals the next
    MATCH_OVER = "match over"


def computer_rng(seed: int, game: int, deal: int, move: int) -> random.Random:
    """The computer's dice for one decision: from the seed and the moment, so resuming changes
    nothing."""
    return random.Random(f"cribsol match {seed} game {game} deal {deal} move {move}")


def answer(match: Match, level: str) -> list[Event]:
    """The computer's moves at ``level``, and a go said for you when no card of yours fits,
    until you must choose or the match is over: what happened, in order."""
    events: list[Event] = []
    while (seat := match.current_player) is not None:
        if seat == COMPUTER:
            deal = match.deal
            rng = computer_rng(match.seed, match.game_number, len(match.deals), len(deal.plays))
            player = make_player(level, rng)
            events += match.apply(player.choose(match.observation(COMPUTER)), player=COMPUTER)
        elif match.legal_actions() == (GO,):
            events += match.apply(GO, player=YOU)
        else:
            break
    return events


def standing(
    level: str,
    scores: tuple[int, int],
    games: int,
    game: int = 1,
    won: tuple[int, int] = (0, 0),
) -> str:
    """Where a match stands: ``you 45, standard 52``; in a series, the game's points apart
    from the games won (a skunk counting 2): ``game 2 of 3, points you 0, standard 2;
    games won you 1, standard 0``."""
    points = f"you {scores[0]}, {level} {scores[1]}"
    if games == 1:
        return points
    return f"game {game} of {games}, points {points}; games won you {won[0]}, {level} {won[1]}"


def series_end(names: tuple[str, str], won: tuple[int, int]) -> str:
    """The end of a series, its winner named: ``You win the series, 3 games to 1``."""
    if won[0] == won[1]:
        return f"The series is tied, {won[0]} games to {won[1]}"
    winner = YOU if won[0] > won[1] else COMPUTER
    who = "You win" if winner == YOU else f"{names[COMPUTER]} wins"
    return f"{who} the series, {won[winner]} games to {won[1 - winner]}"


def card_keys(count: int) -> str:
    """The number keys that pick one of this many cards: "1", "1-3"."""
    return "1" if count <= 1 else f"1-{count}"


class MatchSession(Sitting[Loaded, Match], RulesPages):
    """One sitting at the match: you against one computer level."""

    noun = "match"
    command_name = "match"
    saved: SavedMatch

    def __init__(
        self,
        history: History,
        level: str,
        new_match: Callable[[], Match],
        *,
        explicit: bool = False,
        resume_id: int | None = None,
        ascii: bool = False,
        pause: float = 0.0,
        coach: Coach | None = None,
    ) -> None:
        if level not in PLAYERS:
            raise InputError(f"unknown level {level!r}: expected one of {', '.join(PLAYERS)}")
        self.history = history
        self.level = level
        self.new_match = new_match
        self.ascii = ascii
        self.count = CountEntry()  # your count of a hand or crib, as you type it
        self.match: Match
        self.told = Told(pause)  # what happened, and how much of it the screen shows
        self.selected: set[int] = set()
        self.cursor = 0
        self.show_help = False
        self.message = ""
        self.coach = MatchCoach(coach)
        self.browser: DealBrowser | None = None  # d: the deals so far, one open card by card
        self.saved = SavedMatch(history)
        executor = coach.executor if coach is not None else None
        self.reviewing: Reviewing[Observation] = Reviewing(history, MATCH, executor)
        self.asked_level = level  # the level a new match is played against
        self._open(resume_id, new_match() if explicit else None, new_match, history.notice)
        self._prepare_coach()

    @property
    def view(self) -> OnScreen:
        """What the screen shows of the match (the view-model the screen reads)."""
        return OnScreen(self.told, self.match, self.coach)

    # -- starting, resuming, saving --------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        """The two seats as the record and the screen name them."""
        return ("you", self.level)

    @property
    def game_id(self) -> int | None:
        """The match's row in the history, once saved."""
        return self.saved.game_id

    @property
    def pending(self) -> Claimed[Loaded] | None:
        """The saved match the RESUME screen offers."""
        return self.saved.pending

    def _enter(self, loaded: Loaded) -> None:
        """Show a stored match as you left it (see :meth:`Told.catch_up`)."""
        self.match, self.level = loaded.match, loaded.level
        self.browser = None
        self.coach.forget()
        self.reviewing.forget()
        told = self.told
        told.restart(self.match.timeline)
        told.catch_up(loaded.seen)
        self.saved.seen = told.shown
        told.reveal()

    def _describe(self, loaded: Loaded) -> str:
        match = loaded.match
        said = f"{seed_words(match)}, against {loaded.level}"
        if match.counting:
            said += ", you count yourself" + (" with muggins" if match.muggins else "")
        return said

    def _standing(self, loaded: Loaded) -> str:
        match = loaded.match
        scores = (match.scores[YOU], match.scores[COMPUTER])
        return standing(loaded.level, scores, match.games, match.game_number, match.match_points)

    def _current_standing(self) -> str:
        view = self.view
        return standing(
            self.level, view.scores(), self.match.games, view.game_number, view.games_won()
        )

    def _deal_name(self, game: Match) -> str:
        return seed_words(game)

    def _save(self) -> None:
        """Write the match after a move, with how far you have seen kept beside it; a
        finished match is filed in the same step."""
        self.saved.save_match(self.match, self.names, self.told.shown)
        if self.match.is_over and self.game_id is not None:  # reviewed while you read the end
            match = self.match
            self.reviewing.start(self.game_id, self.record_json(), lambda: match_positions(match))

    def save_seen(self) -> None:
        """Keep how far you have seen, so a resumed match shows you the rest (and no more)."""
        self.saved.keep_seen(self.match, self.told.shown)

    def _begin(self, match: Match) -> None:
        self.coach.forget()  # a new match is game 1 again: no answer of the last one
        self.reviewing.forget()
        self.saved.new_row()
        self.level = self.asked_level
        self.browser = None
        self.match = match
        self.told.restart(match.timeline)
        self.saved.seen = 0
        self.selected.clear()
        self.cursor = 0
        self._settle()
        self.told.reveal()

    def start_afresh(self) -> None:
        """A new match; an unfinished one stays in the history, resumable later."""
        super().start_afresh()
        self._prepare_coach()

    def resume(self) -> None:
        """Carry on with the saved match where it was left."""
        super().resume()
        self._prepare_coach()

    def close(self) -> None:
        """Keep how far you have seen, and let other windows have the match."""
        with suppress(StoreError):  # the match is saved: only the screen goes back to your move
            self.save_seen()
        self.saved.close()
        self.coach.close()
        self.reviewing.close()

    # -- the computer, and the pace of what it does ------------------------------------

    def _settle(self) -> None:
        """Let the computer act, and say go for you when no card fits, until you must choose."""
        self.told.follow(answer(self.match, self.level))
        self._prepare_coach()

    @property
    def timed_pending(self) -> bool:
        """True while the computer's next card waits for its pause."""
        return self.told.timed_pending

    def _busy(self) -> bool:
        """Skip a pause in progress; True when that was all this key did."""
        if self.told.timed_pending:
            self.told.skip()
            return True
        return False

    # -- what you can do -----------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """What the screen shows now."""
        if self.offering:
            return Stage.RESUME
        told = self.told
        if told.waiting:
            if isinstance(told.events[told.shown - 1].event, GameOver):
                return Stage.GAME_OVER
            return Stage.SHOW
        if self.match.is_over and told.all_shown:
            return Stage.MATCH_OVER
        if self.counting:
            return Stage.SHOW
        return Stage.PLAY

    @property
    def counting(self) -> bool:
        """True when you are to type the count of your hand or crib (``--count-yourself``)."""
        return self.your_turn and self.match.phase is Phase.SHOW

    @property
    def counting_what(self) -> str:
        """What you are counting: "hand" or "crib"."""
        showing = self.match.showing
        return showing[1] if showing else "hand"

    def digit(self, digit: str) -> None:
        """A digit key: part of your count, or (1-6) a card."""
        if self.counting:
            self.count.digit(digit)
            self.message = ""  # what was said of an earlier entry no longer applies
            return
        self.toggle(int(digit) - 1)  # 0 and 7-9 are refused there with the keys to press

    def backspace(self) -> None:
        """Take back the last digit typed."""
        self.count.backspace()

    def claim(self) -> None:
        """Enter on your count: claim it; an impossible count is refused with the reason."""
        claim = self.count.claim(self.match, self.counting_what)
        if isinstance(claim, str):
            self.message = claim
        elif self._act(claim):
            self.count.typed = ""

    @property
    def your_turn(self) -> bool:
        """True when everything is on screen and you are to act."""
        return not self.offering and self.told.all_shown and self.match.current_player == YOU

    @property
    def discarding(self) -> bool:
        """True while you pick two cards for the crib."""
        return self.your_turn and self.match.phase is Phase.DISCARD

    @property
    def hand(self) -> tuple[Card, ...]:
        """Your cards on screen: six to discard from, then those not yet laid."""
        view = self.view
        deal = view.deal
        if deal.discards[YOU] is None:
            return deal.hands[YOU]
        if self.stage is not Stage.PLAY:
            return deal.kept(YOU)  # the four being counted
        laid = view.laid(YOU)
        return tuple(card for card in deal.kept(YOU) if card not in laid)

    def playable(self, card: Card) -> bool:
        """True when this card of yours can be laid now."""
        return self.your_turn and self.match.can(Lay(card), player=YOU)

    def toggle(self, index: int) -> None:
        """Pick or unpick a card for the crib (0-5); in the play, lay it."""
        if self._busy():
            return
        if not self.your_turn:
            return
        if not 0 <= index < len(self.hand):
            held = len(self.hand)
            self.message = f"You hold {plural(held, 'card')}: press {card_keys(held)}."
            return
        self.cursor = index
        if not self.discarding:
            self.lay(index)
            return
        self.message = toggle_pick(self.selected, index)

    def move(self, step: int) -> None:
        """Move the cursor along your cards."""
        if self._busy():
            return
        if self.hand:
            self.cursor = (self.cursor + step) % len(self.hand)

    def choose_cursor(self) -> None:
        """Space: pick the card under the cursor (or lay it, in the play)."""
        self.toggle(self.cursor)

    def lay(self, index: int) -> None:
        """Lay your card at this position; a card that does not fit is refused with the reason."""
        if not self.your_turn or not 0 <= index < len(self.hand):
            return
        card = self.hand[index]
        try:
            self.match.check(Lay(card), player=YOU)
        except IllegalMoveError as error:
            self.message = suit_letters(str(error)) if self.ascii else str(error)
            return
        moment, view = moment_of(self.match), self.match.observation(YOU)
        if self._act(Lay(card)):
            self.coach.laid(moment, card, view)

    def enter(self) -> None:
        """Enter: discard the two picked, lay the card under the cursor, or go on."""
        if self._busy():
            return
        if self.offering:
            self.enter_offer()
        elif self.counting:
            self.claim()
        elif self.your_turn and self.discarding:
            self.confirm()
        elif self.your_turn:
            self.lay(self.cursor)
        elif not self.told.all_shown:
            self.coach.show_coach = self.coach.show_why = False
            self.cursor = 0
            self.message = ""
            self.told.next_event()  # the next count, or the next deal
            self.save_seen()

    def confirm(self) -> None:
        """Discard the two picked cards to the crib."""
        if not self.discarding:
            return
        if len(self.selected) != 2:
            self.message = f"Pick exactly 2 cards for the crib ({len(self.selected)} picked)."
            return
        hand = self.hand
        a, b = (hand[i] for i in sorted(self.selected))
        key, view = moment_of(self.match)[:2], self.match.observation(YOU)
        if self._act(Discard((a, b))):
            self.selected.clear()
            self.coach.prepare_discard(key, view)  # for what it cost, after the deal

    def _act(self, action: Discard | Lay | Claim) -> bool:
        """Your move and the computer's answer, kept only once saved: when the save fails
        the match, the screen and what you picked are as they were, and the same key tries
        again. Whether the move was made."""
        told = self.told
        try:
            with kept_if_saved(self, deep=("match",)), kept_if_saved(told, deep=()):
                told.follow(self.match.apply(action, player=YOU))
                self._settle()
                self.cursor = 0
                if isinstance(action, Claim):
                    told.shown += 1  # your count is shown at once, beside what you said
                self._save()
        except StoreError as error:
            self.message = not_saved(error)
            return False
        self.coach.new_move()  # its note on your last card, its panels: closed
        self.message = ""
        told.reveal()
        return True

    # -- the deals so far ----------------------------------------------------------------

    def open_deals(self) -> None:
        """d: list the deals seen to their end, the latest under the cursor."""
        deals = self.view.listed_deals()
        if self.pending is not None or not deals:
            self.message = "No deal has ended yet: d lists the deals once one has."
            return
        self.coach.show_coach = False
        self.browser = DealBrowser(self.match, deals, YOU)
        self.message = ""

    def close_deals(self) -> None:
        """d again: back to the game at once."""
        self.browser = None

    def deals_back(self) -> None:
        """Esc: from a deal to the list, from the list back to the game."""
        if self.browser is not None and self.browser.back():
            self.browser = None

    # -- the coach ------------------------------------------------------------------------

    def _prepare_coach(self) -> None:
        """Have the coach work out the cards you may lay (or the discards), before you ask."""
        match = self.match
        if match.current_player == YOU and match.phase in (Phase.PLAY, Phase.DISCARD):
            self.coach.prepare_turn(moment_of(self.match), match.observation(YOU))

    @property
    def coaching(self) -> bool:
        """True while you choose a card in the play (when ? shows the coach)."""
        return self.your_turn and self.match.phase is Phase.PLAY

    def _asking(self) -> Asking:
        """Where you are, as the coach is told it when you press ? or w."""
        stage, view = self.stage, self.view
        if self.discarding:
            at = At.DISCARD
        elif self.coaching:
            at = At.CHOOSE
        elif stage in (Stage.GAME_OVER, Stage.MATCH_OVER):
            at = At.OVER
        else:
            at = {Stage.PLAY: At.PLAY, Stage.SHOW: At.SHOW}.get(stage, At.ELSE)
        discarded = view.your_discard() is not None
        return Asking(at, self.match, moment_of(self.match), view.deal_key, discarded)

    def toggle_coach(self) -> None:
        """?: show or hide the 15 discards valued (a hint), every card valued (in the play) or
        the review (after a game; once the match is over, the whole match's, step by step)."""
        if self.stage is Stage.MATCH_OVER:
            self.message = self.reviewing.toggle()
            return
        said = self.coach.toggle_coach(self._asking(), self._record_hint)
        self.message = self.message if said is None else said

    def why(self) -> None:
        """w: show or hide why the best discard beats the two cards picked (or the next best),
        a hint while you discard; in the play, once you have laid a card in this deal, why that
        card is worth what it is (:meth:`OnScreen.card_why_lines`); before it, and in the show,
        why the best discard beat yours."""
        said = self.coach.why(self._asking(), self._record_hint)
        self.message = self.message if said is None else said

    def _record_hint(self) -> bool:
        """Record that you asked the discard coach in this deal (a hint, kept in the match
        record); False when it cannot be saved (then the coach is not shown)."""
        try:
            if self.saved.save_hint(self.match, self.names, self.told.shown):
                self.message = ""
        except StoreError as error:
            self.message = not_saved(error)
            return False
        return True

    @property
    def explaining_card(self) -> bool:
        """True while w shows why your last card is worth what it is (not the discard)."""
        return self.stage is Stage.PLAY and self.coach.explaining(self.view.deal_key)

    def why_lines(self, name: Callable[[Card], str] = str) -> list[str] | None:
        """Why the best discard beats yours, or the two picked, or the next best (None while
        the coach works)."""
        view = self.view
        chosen: tuple[Card, ...] | None = view.your_discard()
        if chosen is None and len(self.selected) == 2:
            chosen = tuple(self.hand[i] for i in sorted(self.selected))
        return self.coach.why_lines(view.deal_key, chosen, name)

    def discard_note(self, name: Callable[[Card], str] = str) -> str | None:
        """The coach's line on what your discard cost, once the deal's counts have begun."""
        view = self.view
        mine = view.your_discard()
        if mine is None or self.stage is not Stage.SHOW or not view.counted():
            return None
        return self.coach.cost_note(self.match, view.deal_key, mine, name)

    def record_json(self) -> str:
        """The match record as JSON, as saved."""
        return json.dumps(match_record(self.match, self.names))

    # -- leaving ---------------------------------------------------------------------

    def quit(self) -> str:
        """Leave; the match is already saved. Returns what to tell the player."""
        if self.pending is not None:
            kept = self.pending.game_id
            return f"Your saved match {kept} is still there: {command(f'match --resume {kept}')}."
        if self.busy_offer:
            return f"Match {self.saved.busy} stays open in the other window."
        if self.game_id is None:
            return "Nothing was played, so nothing was kept."
        if self.match.is_over:
            return f"Match {self.game_id} is in your history: {command('stats')} shows it."
        return (
            f"Match saved ({self._current_standing()}): "
            f"{command(f'match --resume {self.game_id}')} resumes it."
        )
