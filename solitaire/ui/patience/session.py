"""The interactive game's state: a plain object that key handlers call into.

A :class:`PlaySession` holds the game, the cards picked, the phase of play and
the coaching; each method is one thing a player can do. Every game is a row of
the history, saved after every move: a move counts only once it is saved (a
failed save leaves the game as it was, with one line saying why), and the last
move files the finished game. The session holds its game's lock, so a second
copy of the program never takes it over. No UI library is imported here: the
prompt_toolkit app and the rich screen only read and call it.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING

from solitaire.core.cards import Card, suit_letters
from solitaire.core.dealcode import deal_code
from solitaire.patience.advisor import DiscardOption, Position, advise_position, position_of
from solitaire.patience.coach import GameReview, RoundReview, review_game, review_round
from solitaire.patience.game import ROUNDS, Game, IllegalDiscardError, Milestone, RoundResult
from solitaire.patience.record import game_record, replay
from solitaire.patience.tracker import Tracker, track
from solitaire.store import (
    GameBusyError,
    GameLock,
    History,
    SaveError,
    StoreError,
    command,
)
from solitaire.ui.kinds import (
    PATIENCE,
    StoredGame,
    patience_rows,
    patience_summary,
    record_text,
    stored_patience,
)
from solitaire.ui.saved import Offer

if TYPE_CHECKING:
    from solitaire.patience.target import TargetChance

__all__ = ["Phase", "PlaySession"]

NewGame = Callable[[], tuple[Game, str | None]]


class Phase(StrEnum):
    """Where the player is."""

    RESUME = "resume"  # a saved game exists: resume it or start the new deal
    DISCARD = "discard"  # pick two of the six
    RESULT = "result"  # the round just played is counted and coached
    OVER = "over"  # the game is done: the review


class Panel(StrEnum):
    """What the table shows beside the cards: one at a time."""

    HINT = "hint"  # the advisor's 15 discards (a hint)
    WHY = "why"  # why the best discard beats the picked one (a hint)
    ALL = "all"  # a played round's 15 discards, expected and actual
    ROUNDS = "rounds"  # when the game is over: every round beside the best


class Overlay(StrEnum):
    """What covers the table: the keys, or the rules a page at a time."""

    HELP = "help"
    RULES = "rules"


def _shown(kind: Panel | Overlay) -> property:
    """A ``show_*`` switch over the one panel or overlay attribute: True when ``kind`` is
    shown; setting it True shows ``kind`` (closing the other), False closes it."""
    slot = "panel" if isinstance(kind, Panel) else "overlay"

    def get(self: object) -> bool:
        return bool(getattr(self, slot) is kind)

    def set_(self: object, on: bool) -> None:
        if on:
            setattr(self, slot, kind)
        elif getattr(self, slot) is kind:
            setattr(self, slot, None)

    return property(get, set_, doc=f"Whether the {kind.value} is shown.")


def describe_deal(game: Game, daily: str | None) -> str:
    """A deal in a few words: the daily's date, the seed, or the start of its deal code."""
    if daily:
        return f"the daily deal of {daily}"
    if game.seed is not None:
        seed = str(game.seed)
        return f"seed {seed if len(seed) <= 24 else seed[:21] + '...'}"
    return f"deal {deal_code(game.deck)[:12]}..."


class PlaySession:
    """One sitting at the game: the current game, what is picked, what is shown.

    ``explicit`` says the player asked for a deal (``--seed``, ``--deal``,
    ``--daily``, ``--again``): a saved game is offered first, and the asked deal
    is what ``n`` plays. ``resume_id`` resumes that game of the history at once.
    """

    show_hint = _shown(Panel.HINT)
    show_why = _shown(Panel.WHY)
    show_all = _shown(Panel.ALL)
    show_rounds = _shown(Panel.ROUNDS)
    show_help = _shown(Overlay.HELP)
    show_rules = _shown(Overlay.RULES)

    def __init__(
        self,
        history: History,
        new_game: NewGame,
        *,
        ascii: bool = False,
        explicit: bool = False,
        resume_id: int | None = None,
        target: int | None = None,
    ) -> None:
        self.history = history
        self.target = target  # --target N: the hint also weighs each discard's chance of N
        self.new_game = new_game
        self.ascii = ascii
        self.game: Game
        self.daily: str | None = None
        self.game_id: int | None = None  # its row in the history
        self.phase = Phase.DISCARD
        self.selected: set[int] = set()
        self.cursor = 0
        self.panel: Panel | None = None
        self.overlay: Overlay | None = None
        self.sort_hand = False  # show the six by rank; the deal order stays in the game
        self.tracker_choice: bool | None = None  # None: shown where the terminal is large
        self.rules_page = 0
        self.all_round = 0  # the round whose 15 discards ``a`` shows (1-6; 0: the last)
        self.message = ""
        self.reviews: list[RoundReview] = []
        self.review: GameReview | None = None
        self.history_id: int | None = None  # set once the game is filed finished
        self.milestones: tuple[Milestone, ...] = ()
        self.pending: StoredGame | None = None  # the saved game offered on the RESUME screen
        self.offered: tuple[Game, str | None] | None = None  # the deal asked for, if any
        self._lock: GameLock | None = None
        self._pending_lock: GameLock | None = None
        self._advice: tuple[DiscardOption, ...] | None = None
        self._chances: tuple[TargetChance, ...] | None = None
        # With a target: after a round, the coach's word when the target and points disagreed.
        self.round_note: str | None = None

        notices = list(history.notices)
        if resume_id is not None:
            stored, lock = self._claim(resume_id)
            self._take(stored, lock)
            notices.append(self._resumed_line())
        else:
            if explicit:
                self.offered = new_game()
            busy = self._find_saved(notices)
            if busy:
                ids = ", ".join(map(str, busy))
                notices.append(
                    f"Game{'s' if len(busy) > 1 else ''} {ids} "
                    f"{'are' if len(busy) > 1 else 'is'} open in another window "
                    f"({command(f'replay {busy[0]}')} shows it as saved)."
                )
            if self.pending is not None:
                self.game, self.daily = self.pending.game, self.pending.daily
                self.phase = Phase.RESUME
            else:
                fresh = self.offered or new_game()
                self.offered = None
                self._begin(*fresh)  # a failure here is a StoreError for the command line
        report = history.report()
        if report:
            notices.append(report + ".")
        self.message = " ".join(notices)

    # -- finding, claiming and starting games -------------------------------------

    def _claim(self, game_id: int) -> tuple[StoredGame, GameLock]:
        """A game of the history to play on, locked; a StoreError says why it cannot be.

        The lock is taken before the game is read, so what is read is what the last
        holder saved (it saves before it lets go), never an older state.
        """
        lock = GameLock(self.history.data_dir, PATIENCE, game_id)
        if not lock.acquire():
            stored_patience(self.history, game_id)  # a game that is not there says so first
            raise GameBusyError(
                f"game {game_id} is open in another window; "
                f"{command(f'replay {game_id}')} shows it as saved"
            )
        try:
            stored = stored_patience(self.history, game_id)
            if stored.row.kind != PATIENCE:
                raise StoreError(f"game {game_id} is not a game of this patience")
            if stored.row.finished:
                raise StoreError(
                    f"game {game_id} is finished: {command(f'replay {game_id}')} shows it, "
                    f"{command(f'play --again {game_id}')} plays its deal again"
                )
        except StoreError:
            lock.release()
            raise
        return stored, lock

    def _find_saved(self, notices: list[str]) -> list[int]:
        """Offer the saved game of the asked deal, else the latest; returns those open elsewhere."""
        rows = [r for r in patience_rows(self.history) if not r.finished]
        rows.sort(key=lambda r: r.played_at, reverse=True)
        if self.offered is not None:
            code = deal_code(self.offered[0].deck)
            rows.sort(key=lambda row: row.deal_code != code)  # this deal's first, order kept
        busy: list[int] = []
        for row in rows:
            try:
                stored, lock = self._claim(row.id)
            except GameBusyError:
                busy.append(row.id)
                continue
            except StoreError as error:
                notices.append(f"{str(error)[0].upper()}{str(error)[1:]}; it was skipped.")
                continue
            self.pending, self._pending_lock = stored, lock
            break
        return busy

    def _take(self, stored: StoredGame, lock: GameLock) -> None:
        """Play on a stored game: from the last round played (its count and coaching)."""
        self._show(stored.game, stored.daily, stored.row.id, lock)
        if stored.game.rounds:
            self.phase = Phase.RESULT

    def _begin(self, game: Game, daily: str | None) -> None:
        """Start a game: a new row of the history, locked. Raises SaveError when it cannot be."""
        game_id = self.history.add(
            PATIENCE, record_text(game, daily), patience_summary(game, None, daily)
        )
        lock = GameLock(self.history.data_dir, PATIENCE, game_id)
        lock.acquire()
        self._show(game, daily, game_id, lock)

    def _show(self, game: Game, daily: str | None, game_id: int, lock: GameLock) -> None:
        if self._lock is not None and self._lock is not lock:
            self._lock.release(finished=self.game.is_over)
        self.game, self.daily, self.game_id, self._lock = game, daily, game_id, lock
        self.reviews = [review_round(game, n) for n in range(1, len(game.rounds) + 1)]
        self.review = None
        self.history_id = None
        self.milestones = ()
        self.selected.clear()
        self.cursor = 0
        self.show_hint = self.show_all = self.show_rounds = self.show_why = False
        self.undoable = False
        self.all_round = 0
        self._advice = None
        self._chances = None
        self.phase = Phase.DISCARD

    def _resumed_line(self) -> str:
        return (
            f"Resumed game {self.game_id}: round {self.game.round_number} is next, "
            f"{self.game.total} points so far."
        )

    def resume_prompt(self) -> Offer:
        """The RESUME screen's question: what is saved, and what n would play instead."""
        assert self.pending is not None
        row, game = self.pending.row, self.pending.game
        saved = f"game {row.id}, {describe_deal(game, self.pending.daily)}"
        standing = f"round {game.round_number} of {ROUNDS}, {game.total} points"
        keep = f"game {row.id} stays resumable with {command(f'play --resume {row.id}')}"
        headline, instead = "A game in progress was saved", "start a new game"
        if self.offered is not None:
            offered, daily = self.offered
            if deal_code(offered.deck) == row.deal_code:
                headline = "You have an unfinished game of this deal"
                instead = "start this deal again from round 1"
            else:
                instead = f"play {describe_deal(offered, daily)} instead"
        return Offer(headline, saved, standing, instead, keep)

    def resume(self) -> None:
        """Carry on with the saved game, from the last round played (its count and coaching)."""
        if self.pending is None or self._pending_lock is None:
            return
        stored, lock = self.pending, self._pending_lock
        self.pending = self._pending_lock = None
        self.offered = None
        self._take(stored, lock)
        self.message = self._resumed_line()

    def start_afresh(self) -> None:
        """Start the asked deal or a new game; a saved game stays in the history, resumable."""
        kept = self.pending.row.id if self.pending is not None else None
        fresh = self.offered or self.new_game()
        try:
            self._begin(*fresh)
        except SaveError as error:
            self.message = f"{error}. Press n to try again."
            return
        if self._pending_lock is not None:
            self._pending_lock.release()
        self.pending = self._pending_lock = None
        self.offered = None
        if kept is not None:
            self.message = (
                f"Game {kept} stays in your history: {command(f'play --resume {kept}')} resumes it."
            )
        else:
            self.message = "A new game."

    def _save(self, game: Game, review: GameReview | None = None) -> bool:
        """Store the game as it is after a move; False (and one line) when it cannot be."""
        assert self.game_id is not None
        try:
            self.history.save(
                self.game_id,
                PATIENCE,
                record_text(game, self.daily),
                patience_summary(game, review, self.daily),
            )
        except SaveError as error:
            self.message = f"{error}. Nothing changed: try again when it can be saved."
            return False
        return True

    # -- picking the discard ---------------------------------------------------------

    @property
    def advice(self) -> tuple[DiscardOption, ...]:
        """The advisor's table for the six cards on screen (computed once a round)."""
        if self._advice is None:
            self._advice = advise_position(self.position)
        return self._advice

    @property
    def position(self) -> Position:
        """What a player who watched every card knows at this discard."""
        return position_of(self.game)

    @property
    def chances(self) -> tuple[TargetChance, ...] | None:
        """With a target: every discard's chance of finishing at it (computed once a round)."""
        if self.target is None:
            return None
        if self._chances is None:
            from solitaire.patience.target import target_chances  # numpy: only with a target

            self._chances = target_chances(self.game, self.target)
        return self._chances

    @property
    def target_note(self) -> str | None:
        """With a target: the coach's word when playing for it and for points disagree."""
        chances = self.chances
        if chances is None:
            return None
        from solitaire.patience.target import target_disagreement

        return target_disagreement(self.advice, chances, self.target or 0, self.game.total)

    @property
    def picked(self) -> list[Card]:
        """The cards picked for the discard, in the order dealt."""
        return [self.game.shown[i] for i in sorted(self.selected)]

    @property
    def order(self) -> list[int]:
        """The positions in the deal of the cards as shown: dealt order, or by rank with ``s``."""
        shown = self.game.shown
        positions = list(range(len(shown)))
        return sorted(positions, key=shown.__getitem__) if self.sort_hand else positions

    def toggle_sort(self) -> None:
        """Show the hand sorted by rank, or back in the order dealt; picks stay with their cards."""
        under = self.order[self.cursor] if self.game.shown else 0
        self.sort_hand = not self.sort_hand
        self.cursor = self.order.index(under) if self.game.shown else 0

    def toggle(self, shown_at: int) -> None:
        """Pick or unpick the card shown at this place (0-5, left to right on screen)."""
        if self.phase is not Phase.DISCARD or not 0 <= shown_at < len(self.game.shown):
            return
        self.cursor = shown_at
        index = self.order[shown_at]
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
        self.show_why = False
        if self.show_hint:
            self.show_hint = self._record_hint()

    def why(self) -> None:
        """Show or hide why the best discard beats the picked one (or the next best): a hint."""
        if self.phase is not Phase.DISCARD:
            return
        self.show_why = not self.show_why
        self.show_hint = False
        if self.show_why:
            self.show_why = self._record_hint()

    def _record_hint(self) -> bool:
        """Record a hint for this round; False when it cannot be saved (then it is not seen)."""
        number = self.game.round_number
        if number not in self.game.hints:
            self.game.hints.add(number)
            if not self._save(self.game):
                self.game.hints.discard(number)
                return False
        return True

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
            self.message = suit_letters(str(error)) if self.ascii else str(error)
            return None
        return self.discard(list(cards))

    def discard(self, cards: list[Card]) -> RoundResult | None:
        """Play the round with this discard once it is saved; show the count and coaching.

        The round is played on a copy: if the save fails the game, the picks and
        the screen stay as they were (None is returned), so nothing is shown that
        is not stored. The last round files the game, with its review, at once.
        """
        trial = replay(game_record(self.game), allow_unfinished=True)
        result = trial.discard(cards)
        review = review_game(trial) if trial.is_over else None
        if not self._save(trial, review):
            return None
        note = None
        if self.chances is not None:
            from solitaire.patience.target import target_disagreement

            note = target_disagreement(
                self.advice, self.chances, self.target or 0, self.game.total, result.discard
            )
        self.round_note = note
        self.game = trial
        self.reviews.append(review_round(self.game, result.number))
        if review is not None:
            self.review, self.history_id = review, self.game_id
        self.milestones = tuple(m for step in result.steps() for m in step.milestones)
        self.selected.clear()
        self.cursor = 0
        self.show_hint = self.show_all = self.show_why = False
        self.all_round = 0
        self._advice = None
        self._chances = None
        self.phase = Phase.RESULT
        self.message = ""
        return result

    def undo(self) -> None:
        """Right after a discard, while its result is shown: take it back and pick again.

        The undo is recorded in the game (and saved) like a hint. Once the next six
        have been seen, or the last round has filed the game, it is too late.
        """
        if self.phase is not Phase.RESULT:
            return
        if self.game.is_over or not self.game.can_undo():
            self.message = (
                "Round 6 filed the game: it cannot be taken back."
                if self.game.is_over
                else "Only a discard just made can be taken back, before the next six are seen."
            )
            return
        trial = replay(game_record(self.game), allow_unfinished=True)
        undo = trial.undo()
        if not self._save(trial):
            return
        self.game = trial
        self.reviews.pop()
        self.round_note = None
        self.milestones = ()
        self.show_all = False
        self.phase = Phase.DISCARD
        names = " ".join(c.symbol(self.ascii) for c in undo.discard)
        self.message = f"Round {undo.round} taken back: {names} are in your hand again. Pick again."

    def validate_typed(self, text: str) -> str | None:
        """For the typing line: what is wrong with the first bad token, or None if fine."""
        try:
            self.game.check_discard(text)
        except IllegalDiscardError as error:
            return suit_letters(str(error)) if self.ascii else str(error)
        return None

    # -- after a round ----------------------------------------------------------------

    def toggle_all(self) -> None:
        """Show or hide all 15 discards of a round with what each would have scored."""
        if self.phase in (Phase.RESULT, Phase.OVER) and self.reviews:
            self.show_all = not self.show_all
            self.show_rounds = False
            self.all_round = len(self.reviews)
            self.message = ""

    def pick_round(self, number: int) -> None:
        """While all discards are shown: show those of round ``number`` (1-6) instead."""
        if self.show_all and 1 <= number <= len(self.reviews):
            self.all_round = number

    def step_round(self, step: int) -> None:
        """While all discards are shown: the round before or after."""
        if self.show_all and self.reviews:
            self.all_round = (self.all_round - 1 + step) % len(self.reviews) + 1

    @property
    def all_review(self) -> RoundReview:
        """The round whose 15 discards are shown."""
        return self.reviews[(self.all_round or len(self.reviews)) - 1]

    def toggle_rules(self) -> None:
        """Show or hide the rules, from their first page."""
        self.show_rules = not self.show_rules
        self.rules_page = 0
        if self.show_rules:
            self.show_help = False

    def turn_rules_page(self, step: int, pages: int) -> None:
        """The rules' next or previous page (of ``pages``)."""
        if self.show_rules:
            self.rules_page = max(0, min(pages - 1, self.rules_page + step))

    def toggle_rounds(self) -> None:
        """When the game is over: show or hide the round-by-round review."""
        if self.phase is Phase.OVER:
            self.show_rounds = not self.show_rounds
            self.show_all = False
            self.message = ""

    def proceed(self) -> None:
        """Go on from a round's result: the next round, or the game's review."""
        if self.phase is not Phase.RESULT:
            return
        self.show_all = False
        if self.game.is_over:
            self._finish()
            return
        if not self.game.next_seen:  # the next six are shown: the discard stands, once saved
            self.game.see_next()
            if not self._save(self.game):
                self.game.next_seen = False
                return
        self.phase = Phase.DISCARD
        self.message = ""

    def _finish(self) -> None:
        assert self.game.final is not None
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
        """Cards not yet dealt to the player (the next deal counts until it is shown)."""
        return self.tracker().cards_left

    def tracker_shown(self, large: bool) -> bool:
        """Whether the card tracker is on: the player's choice, else on in a large terminal."""
        return self.tracker_choice if self.tracker_choice is not None else large

    def toggle_tracker(self, large: bool) -> None:
        """Show or hide the card tracker."""
        self.tracker_choice = not self.tracker_shown(large)

    def tracker(self) -> Tracker:
        """What a player who watched every card knows now (the next deal is not on the table
        while a round's result is shown)."""
        return track(self.game, dealt=self.phase is not Phase.RESULT)

    # -- leaving ------------------------------------------------------------------

    def quit(self) -> str:
        """Leave; every move is already saved. Returns what to tell the player."""
        if self.phase is Phase.RESUME and self.pending is not None:
            kept = self.pending.row.id
            return f"Game {kept} is still saved: {command('play')} offers it again."
        if self.phase is Phase.OVER or self.game.is_over:
            return f"Game {self.game_id} is in your history. Thanks for playing."
        return (
            f"Game {self.game_id} saved at round {self.game.round_number} with "
            f"{self.game.total} points: {command('play')} resumes it."
        )

    def close(self) -> None:
        """Let other copies of the program have the games this one held."""
        if self._lock is not None:
            self._lock.release(finished=self.game_id is not None and self.game.is_over)
        if self._pending_lock is not None:
            self._pending_lock.release()
