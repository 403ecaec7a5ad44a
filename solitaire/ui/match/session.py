"""The interactive match's state: a plain object that key handlers call into.

A :class:`MatchSession` holds the match (you in seat 0, the computer in seat 1),
the cards you have picked, and how far the screen has got through what
happened. The engine runs ahead: when you act, the computer answers at once
and every event is kept in :attr:`MatchSession.events`; the screen shows them
one by one (:attr:`MatchSession.shown`), the computer's cards after a short
pause and each count of the show when you press Enter. The match is saved in
the history after every move you make. No UI library is imported here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Final

from solitaire.core.cards import Card, suit_letters
from solitaire.core.errors import InputError
from solitaire.core.names import command
from solitaire.core.words import plural
from solitaire.match.card_why import end_play_note, why_card
from solitaire.match.coach import CardAdvice, Costly, play_note
from solitaire.match.discard_coach import (
    DiscardAdvice,
    cost_note,
    discard_view,
    heels_note,
    why_discard,
)
from solitaire.match.game import (
    GO,
    Claim,
    Counted,
    Cut,
    Deal,
    Dealt,
    Discard,
    Discarded,
    Event,
    GameOver,
    GoPoint,
    IllegalMoveError,
    Laid,
    Lay,
    Match,
    Observation,
    Phase,
    SaidGo,
)
from solitaire.match.players import PLAYERS
from solitaire.match.record import RecordError, load_match_record, match_record, replay_match
from solitaire.match.registry import make_player
from solitaire.match.summary import match_summary
from solitaire.store import History, StoreError, Summary
from solitaire.ui.kinds import MATCH
from solitaire.ui.match.browse import DealBrowser
from solitaire.ui.match.coaching import Coach, DealKey, Moment
from solitaire.ui.picks import toggle_pick
from solitaire.ui.rules import RulesPages
from solitaire.ui.saved import (
    Claimed,
    SavedGame,
    Sitting,
    kept_if_saved,
    not_saved,
    seed_words,
)

__all__ = [
    "COMPUTER",
    "MATCH",
    "YOU",
    "MatchSession",
    "Stage",
    "computer_rng",
    "series_end",
    "standing",
]

YOU: Final = 0
COMPUTER: Final = 1
SEEN: Final = "seen"  # how many events you have seen: kept beside the record (older: in it)


class Stage(StrEnum):
    """What the screen is showing."""

    RESUME = "resume"  # a saved match exists: resume it or start afresh
    PLAY = "play"  # the discard and the play
    SHOW = "show"  # the play is over: the show, one count per Enter
    GAME_OVER = "game over"  # a game of the series has ended; Enter deals the next
    MATCH_OVER = "match over"


@dataclass(frozen=True, slots=True)
class Loaded:
    """A stored match replayed: the match, its computer level, and how many events you saw."""

    match: Match
    level: str
    seen: int


def _load_match(text: str) -> Loaded:
    """A stored match record replayed, the computer level it is played against, and how many
    of its events you had seen (untrusted: only ever moves the screen back to your last move)."""
    data = load_match_record(text)
    match = replay_match(data, allow_unfinished=True)
    level = data["players"][COMPUTER]
    if level not in PLAYERS or data["players"][YOU] != "you":
        raise RecordError(f"players {data['players']!r} are not you and a level")
    seen = data.get(SEEN, 0)  # a record of an earlier release carries it
    return Loaded(match, str(level), seen if type(seen) is int else 0)


def _seen_beside(loaded: Loaded, screen: Mapping[str, Any]) -> Loaded:
    """A stored match with how far you had seen, as kept beside its record (untrusted: it
    only ever moves the screen back to your last move); else as its record said."""
    seen = screen.get(SEEN)
    return loaded if type(seen) is not int else replace(loaded, seen=seen)


def computer_rng(seed: int, game: int, deal: int, move: int) -> random.Random:
    """The computer's dice for one decision: from the seed and the moment, so resuming changes
    nothing."""
    return random.Random(f"cribsol match {seed} game {game} deal {deal} move {move}")


def go_then_point(event: Event, after: Event) -> bool:
    """True for a go said just before the same player's "one for the go": a player takes the
    go in those words alone."""
    return isinstance(event, SaidGo) and isinstance(after, GoPoint) and after.player == event.player


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


@dataclass(frozen=True, slots=True)
class Tagged:
    """An event with the game and deal it belongs to."""

    event: Event
    game: int
    deal: int


@dataclass(frozen=True, slots=True)
class LastLay:
    """Your last card laid: the moment, the card, what you saw, how many choices you had."""

    moment: Moment
    card: Card
    view: Observation
    choices: int


class MatchSession(Sitting[Loaded, Match], RulesPages):
    """One sitting at the match: you against one computer level."""

    noun = "match"
    command_name = "match"

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
        self.pause = pause
        self.typed = ""  # your count of a hand or crib, as you type it
        self.match: Match
        self.events: list[Tagged] = []
        self.shown = 0
        self.selected: set[int] = set()
        self.cursor = 0
        self.show_help = False
        self.message = ""
        self.coach = coach  # None: no coach (? says so)
        self.show_coach = False  # ? in the play: every card valued; after a game: the review
        self.show_why = False  # w: why the best discard beats yours (or the cards picked)
        self._asked: set[DealKey] = set()  # past discards the coach was asked to value
        self._laid: tuple[Moment, Card] | None = None  # your last card, for the coach's note
        self._last_lay: LastLay | None = None  # your last card laid, for w in the play
        self.why_card = False  # w shows why your last card (not the discard) is worth what it is
        self.browser: DealBrowser | None = None  # d: the deals so far, one open card by card
        self.saved: SavedGame[Loaded] = SavedGame(
            history, MATCH, "match", _load_match, _seen_beside
        )
        self._saved_seen = 0  # the events seen, as last saved with the match
        self.asked_level = level  # the level a new match is played against
        self._open(resume_id, new_match() if explicit else None, new_match, history.notice)
        self._prepare_coach()

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
        self.match, self.level = loaded.match, loaded.level
        self.browser = None
        self._asked.clear()
        if self.coach is not None:
            self.coach.forget()
        self._catch_up(loaded.seen)

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
        return standing(
            self.level, self.scores(), self.match.games, self.game_number, self.games_won()
        )

    def _deal_name(self, game: Match) -> str:
        return seed_words(game)

    def _summary(self) -> Summary:
        match = self.match
        return Summary(match.seed, match.is_over, match_summary(match, self.names[1]))

    def _record(self) -> dict[str, object]:
        return match_record(self.match, self.names)

    def _save(self) -> None:
        """Write the match after a move, with how far you have seen kept beside it; a
        finished match is filed in the same step."""
        screen = None if self.match.is_over else {SEEN: self.shown}
        self.saved.save(self._record(), self._summary(), screen)
        self._saved_seen = self.shown

    def save_seen(self) -> None:
        """Keep how far you have seen, so a resumed match shows you the rest (and no more)."""
        if self.game_id is not None and not self.match.is_over and self.shown != self._saved_seen:
            self.saved.keep_screen({SEEN: self.shown})
            self._saved_seen = self.shown

    def _catch_up(self, seen: int) -> None:
        """Show a stored match as you left it: what you had seen, and never less than your last
        move; the rest (the computer's answer, the counts of the show) is still to come."""
        self.events = []
        self._follow(self.match.timeline)
        self.shown = min(max(seen, self._last_move()), len(self.events))
        self._saved_seen = self.shown
        self.reveal()

    def _last_move(self) -> int:
        """How many events there are up to your last move (a discard, a card laid, a count)."""
        for index in range(len(self.events) - 1, -1, -1):
            event = self.events[index].event
            if event.player == YOU and (
                isinstance(event, Discarded | Laid)
                or (isinstance(event, Counted) and event.claimed is not None)
            ):
                return index + 1
        return 0

    def _begin(self, match: Match) -> None:
        if self.coach is not None:
            self.coach.forget()  # a new match is game 1 again: no answer of the last one
        self._asked.clear()
        self.saved.new_row()
        self.level = self.asked_level
        self.browser = None
        self.match = match
        self.events = []
        self.shown = 0
        self._saved_seen = 0
        self.selected.clear()
        self.cursor = 0
        self._follow(match.timeline)
        self._settle()
        self.reveal()

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
        if self.coach is not None:
            self.coach.close()

    # -- events ------------------------------------------------------------------------

    def _follow(self, events: tuple[Event, ...] | list[Event]) -> None:
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

    def _computer_move(self) -> None:
        match = self.match
        rng = computer_rng(match.seed, match.game_number, len(match.deals), len(match.deal.plays))
        player = make_player(self.level, rng)
        self._follow(match.apply(player.choose(match.observation(COMPUTER)), player=COMPUTER))

    def _settle(self) -> None:
        """Let the computer act, and say go for you when no card fits, until you must choose."""
        match = self.match
        while (seat := match.current_player) is not None:
            if seat == COMPUTER:
                self._computer_move()
            elif match.legal_actions() == (GO,):
                self._follow(match.apply(GO, player=YOU))
            else:
                break
        self._prepare_coach()

    @staticmethod
    def _timed(tagged: Tagged) -> bool:
        event = tagged.event
        return isinstance(event, Laid | SaidGo | GoPoint) and event.player == COMPUTER

    def _waits_for_enter(self, index: int) -> bool:
        event = self.events[index].event
        if isinstance(event, Dealt):  # a new deal waits, unless it follows the cut
            return index > 0 and not isinstance(self.events[index - 1].event, Cut)
        return isinstance(event, Counted)

    @property
    def timed_pending(self) -> bool:
        """True while the computer's next card waits for its pause."""
        return (
            self.pause > 0
            and self.shown < len(self.events)
            and self._timed(self.events[self.shown])
        )

    def reveal(self) -> bool:
        """Show what happened up to the next pause or Enter; True when a pause is due."""
        while self.shown < len(self.events) and not self._waits_for_enter(self.shown):
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
        while self.shown < len(self.events) and not self._waits_for_enter(self.shown):
            self.shown += 1

    def _busy(self) -> bool:
        """Skip a pause in progress; True when that was all this key did."""
        if self.timed_pending:
            self.skip()
            return True
        return False

    # -- what you can do -----------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """What the screen shows now."""
        if self.offering:
            return Stage.RESUME
        if self.shown < len(self.events) and self._waits_for_enter(self.shown):
            previous = self.events[self.shown - 1].event
            if isinstance(previous, GameOver):
                return Stage.GAME_OVER
            return Stage.SHOW
        if self.match.is_over and self.shown >= len(self.events):
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
            if len(self.typed) < 2:
                self.typed += digit
            self.message = ""  # what was said of an earlier entry no longer applies
            return
        self.toggle(int(digit) - 1)  # 0 and 7-9 are refused there with the keys to press

    def backspace(self) -> None:
        """Take back the last digit typed."""
        self.typed = self.typed[:-1]

    def claim(self) -> None:
        """Enter on your count: claim it; an impossible count is refused with the reason."""
        what = self.counting_what
        if not self.typed:
            self.message = f"Type the points of your {what} (0 to 29), then Enter."
            return
        claim = Claim(int(self.typed))
        try:
            self.match.check(claim, player=YOU)
        except IllegalMoveError as error:
            self.typed = ""
            self.message = f"{error}; count again."
            return
        if self._act(claim):
            self.typed = ""

    @property
    def your_turn(self) -> bool:
        """True when everything is on screen and you are to act."""
        return (
            not self.offering
            and self.shown >= len(self.events)
            and self.match.current_player == YOU
        )

    @property
    def discarding(self) -> bool:
        """True while you pick two cards for the crib."""
        return self.your_turn and self.match.phase is Phase.DISCARD

    @property
    def hand(self) -> tuple[Card, ...]:
        """Your cards on screen: six to discard from, then those not yet laid."""
        deal = self.deal
        if deal.discards[YOU] is None:
            return deal.hands[YOU]
        if self.stage is not Stage.PLAY:
            return deal.kept(YOU)  # the four being counted
        laid = {e.card for e in self.deal_events() if isinstance(e, Laid) and e.player == YOU}
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
        choices = len(self.match.legal_actions())
        moment, view = self._moment(), self.match.observation(YOU)
        if not self._act(Lay(card)):
            return
        self._last_lay = LastLay(moment, card, view, choices)
        if self.coach is not None and choices > 1:
            self.coach.prepare(moment, view)  # already under way, unless the coach works inline
            self._laid = (moment, card)

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
        elif self.shown < len(self.events):
            self.show_coach = self.show_why = False
            self.shown += 1  # the next count, or the next deal
            self.cursor = 0
            self.message = ""
            self.reveal()
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
        key, view = self._deal_key(), self.match.observation(YOU)
        if self._act(Discard((a, b))):
            self.selected.clear()
            if self.coach is not None:
                self.coach.prepare_discard(key, view)  # for what it cost, after the deal

    def _act(self, action: Discard | Lay | Claim) -> bool:
        """Your move and the computer's answer, kept only once saved: when the save fails
        the match, the screen and what you picked are as they were, and the same key tries
        again. Whether the move was made."""
        try:
            with kept_if_saved(self, deep=("match",)):
                self._laid = None
                self.show_coach = self.show_why = self.why_card = False
                self._follow(self.match.apply(action, player=YOU))
                self._settle()
                self.cursor = 0
                if isinstance(action, Claim):
                    self.shown += 1  # your count is shown at once, beside what you said
                self._save()
        except StoreError as error:
            self.message = not_saved(error)
            return False
        self.message = ""
        self.reveal()
        return True

    # -- the deals so far ----------------------------------------------------------------

    def listed_deals(self) -> list[tuple[int, int]]:
        """Every deal of this match seen to its end on screen, as (game, deal), in order: a
        deal whose events are all shown and that the match has left behind (or ended in)."""
        last: dict[tuple[int, int], int] = {}
        for index, tagged in enumerate(self.events):
            last[(tagged.game, tagged.deal)] = index
        current = (self.match.game_number, len(self.match.deals))
        return [
            key
            for key, index in last.items()
            if key[1] > 0 and index < self.shown and (key != current or self.match.is_over)
        ]

    def open_deals(self) -> None:
        """d: list the deals seen to their end, the latest under the cursor."""
        deals = self.listed_deals()
        if self.pending is not None or not deals:
            self.message = "No deal has ended yet: d lists the deals once one has."
            return
        self.show_coach = False
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

    def _moment(self) -> Moment:
        match = self.match
        return (match.game_number, len(match.deals), len(match.deal.plays))

    def _prepare_coach(self) -> None:
        """Have the coach work out the cards you may lay, before you ask."""
        match = self.match
        if self.coach is None or self.coach.executor is None or match.current_player != YOU:
            return
        if match.phase is Phase.PLAY and len(match.legal_actions()) > 1:
            self.coach.prepare(self._moment(), match.observation(YOU))
        elif match.phase is Phase.DISCARD:
            self.coach.prepare_discard(self._deal_key(), match.observation(YOU))

    @property
    def coaching(self) -> bool:
        """True while you choose a card in the play (when ? shows the coach)."""
        return self.your_turn and self.match.phase is Phase.PLAY

    @property
    def reviewing(self) -> bool:
        """True after a game (when ? shows its review)."""
        return self.stage in (Stage.GAME_OVER, Stage.MATCH_OVER)

    def toggle_coach(self) -> None:
        """?: show or hide every card valued (in the play) or the review (after a game)."""
        if self.coach is None:
            self.message = "The coach is off in this window."
            return
        if self.show_coach:
            self.show_coach = False
            return
        if self.discarding:
            self.coach.prepare_discard(self._deal_key(), self.match.observation(YOU))
            self.show_coach = self._record_hint()
            self.show_why = False
            return
        if self.coaching:
            self.coach.prepare(self._moment(), self.match.observation(YOU))
        elif self.reviewing:
            self.coach.prepare_review(self.match, YOU, self.game_number)
        else:
            self.message = (
                "? is for the discard and the play (every choice valued) and after a game "
                "(its review)."
            )
            return
        self.show_coach = True
        self.show_why = False
        self.message = ""

    def _deal_key(self) -> DealKey:
        """The match's current deal: game and deal number."""
        return (self.match.game_number, len(self.match.deals))

    def _shown_key(self) -> DealKey:
        """The deal on screen: game and deal number."""
        return (self.game_number, self.deal.number)

    def _record_hint(self) -> bool:
        """Record that you asked the discard coach in this deal (a hint, kept in the match
        record); False when it cannot be saved (then the coach is not shown)."""
        game, deal = self._deal_key()
        hint = (YOU, game, deal)
        if hint in self.match.hints:
            return True
        self.match.hints.add(hint)
        try:
            self._save()
        except StoreError as error:
            self.match.hints.discard(hint)
            self.message = not_saved(error)
            return False
        self.message = ""
        return True

    def why(self) -> None:
        """w: show or hide why the best discard beats the two cards picked (or the next best),
        a hint while you discard; in the play, once you have laid a card in this deal, why that
        card is worth what it is (:meth:`card_why_lines`); before it, and in the show, why the
        best discard beat yours."""
        if self.coach is None:
            self.message = "The coach is off in this window."
            return
        if self.show_why:
            self.show_why = self.why_card = False
            return
        if self.discarding:
            self.coach.prepare_discard(self._deal_key(), self.match.observation(YOU))
            self.show_why = self._record_hint()
            self.show_coach = False
            return
        if self.stage is Stage.PLAY and self._card_to_explain() is not None:
            self.show_why = self.why_card = True
            self.show_coach = False
            self.message = ""
            return
        if self.stage in (Stage.PLAY, Stage.SHOW) and self._your_discard() is not None:
            self._ask_discard(self._shown_key())
            self.show_why = True
            self.why_card = False
            self.show_coach = False
            self.message = ""
            return
        self.message = "w is for the discard and the play: why the best beats yours."

    def _card_to_explain(self) -> LastLay | None:
        """Your last card laid in the deal on screen, once you have laid one."""
        last = self._last_lay
        if last is None or last.moment[:2] != self._shown_key():
            return None
        return last

    @property
    def explaining_card(self) -> bool:
        """True while w shows why your last card is worth what it is (not the discard)."""
        return (
            self.show_why
            and self.why_card
            and self.stage is Stage.PLAY
            and self._card_to_explain() is not None
        )

    def card_why_lines(self, name: Callable[[Card], str] = str) -> list[str] | None:
        """Why the card you laid last in this deal is worth what it is, beside the best (None
        while the coach works it out, or when you have laid none)."""
        last = self._card_to_explain()
        if last is None or self.coach is None:
            return None
        advice = None
        if last.choices > 1:
            self.coach.prepare(last.moment, last.view)  # asked once; kept
            advice = self.coach.advice(last.moment)
            if advice is None:
                return None
        return why_card(last.view, last.card, advice, name)

    def _your_discard(self) -> tuple[Card, Card] | None:
        """Your discard in the deal on screen, once made."""
        return self.deal.discards[YOU] if self.events else None

    def _ask_discard(self, key: DealKey) -> None:
        """Have the coach value a past discard of yours (nothing if it was asked already)."""
        assert self.coach is not None
        if key in self._asked:
            return  # asked once: a failure is said, not retried at every redraw
        self._asked.add(key)
        self.coach.prepare_discard(key, discard_view(self.match, YOU, *key))

    def discard_advice(self) -> list[DiscardAdvice] | None:
        """The 15 discards of the deal on screen, best first (None while the coach works)."""
        if self.coach is None:
            return None
        return self.coach.discard_advice(self._shown_key())

    def heels_note(self) -> str:
        """His heels, the same for every discard of this deal: in no total."""
        return heels_note(self.match.observation(YOU))

    def why_lines(self, name: Callable[[Card], str] = str) -> list[str] | None:
        """Why the best discard beats yours, or the two picked, or the next best (None while
        the coach works)."""
        advice = self.discard_advice()
        if advice is None:
            return None
        chosen: tuple[Card, ...] | None = self._your_discard()
        if chosen is None and len(self.selected) == 2:
            chosen = tuple(self.hand[i] for i in sorted(self.selected))
        return why_discard(advice, chosen, name)

    def discard_note(self, name: Callable[[Card], str] = str) -> str | None:
        """The coach's line on what your discard cost, once the deal's counts have begun."""
        mine = self._your_discard()
        if self.coach is None or mine is None or self.stage is not Stage.SHOW:
            return None
        if not self.counted():
            return None
        key = self._shown_key()
        advice = self.coach.discard_advice(key)
        if advice is None:
            self._ask_discard(key)  # a resumed match: what you saw is rebuilt from the match
            advice = self.coach.discard_advice(key)
        return None if advice is None else cost_note(advice, mine, name)

    def advice(self) -> list[CardAdvice] | None:
        """The coach's advice on the cards you may lay now (None while it works)."""
        assert self.coach is not None
        return self.coach.advice(self._moment())

    def review(self) -> tuple[list[Costly], ...] | None:
        """The coach's review of the game on screen (None while it works)."""
        assert self.coach is not None
        return self.coach.review(self.game_number)

    def coach_note(self, name: Callable[[Card], str] = str) -> str | None:
        """The coach's line on your last card when it cost more than a little, once worked out."""
        if self.coach is None or self._laid is None:
            return None
        moment, card = self._laid
        advice = self.coach.advice(moment)
        if advice is None:
            return None
        if advice[0].chance is not None:  # near the end: by the measure the cards are ranked by
            return end_play_note(advice, card, name)
        return play_note(advice, card, name)

    # -- what the screen shows ----------------------------------------------------------

    @property
    def visible(self) -> list[Tagged]:
        """The events on screen so far."""
        return self.events[: self.shown]

    @property
    def deal(self) -> Deal:
        """The deal on screen."""
        tagged = self.events[self.shown - 1] if self.shown else self.events[0]
        game = self.match.played[tagged.game - 1]
        return game.deals[max(tagged.deal, 1) - 1]

    @property
    def game_number(self) -> int:
        """The game on screen, from 1."""
        return (self.events[self.shown - 1] if self.shown else self.events[0]).game

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
        return self.events[self.shown - 1].event.scores if self.shown else (0, 0)

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

    def computer_held(self) -> int:
        """Cards the computer still holds, as on screen."""
        laid = sum(1 for e in self.deal_events() if isinstance(e, Laid) and e.player == COMPUTER)
        discarded = self.deal.discards[COMPUTER] is not None and self.crib_shown()
        return 4 - laid if discarded else 6

    def crib_shown(self) -> int:
        """Cards in the crib as on screen: none until you have discarded, whoever discards
        first, so the computer's discard never shows before yours."""
        deal = self.deal
        return len(deal.crib) if deal.discards[YOU] is not None else 0

    @property
    def next_is_deal(self) -> bool:
        """True when Enter deals next (the show is over)."""
        return self.shown < len(self.events) and isinstance(self.events[self.shown].event, Dealt)

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

    def score_line(self) -> str:
        """``you 45, standard 52``."""
        a, b = self.scores()
        return f"{self.names[YOU]} {a}, {self.names[COMPUTER]} {b}"

    def record_json(self) -> str:
        """The match record as JSON, as saved."""
        return json.dumps(self._record())

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
