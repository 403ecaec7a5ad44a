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
from solitaire.core.names import command
from solitaire.core.secret import seed_hidden
from solitaire.core.words import plural
from solitaire.patience.advisor import DiscardOption, Position, position_of
from solitaire.patience.coach import GameReview, RoundReview, review_game, review_round
from solitaire.patience.game import (
    Game,
    IllegalDiscardError,
    Milestone,
    RoundResult,
    rounds_played,
)
from solitaire.patience.tracker import Tracker, track
from solitaire.store import GameRow, History, StoreError
from solitaire.ui.kinds import (
    PATIENCE,
    StoredGame,
    patience_summary,
    record_text,
    stored_patience,
)
from solitaire.ui.patience.round_hint import RoundHint
from solitaire.ui.picks import toggle_pick
from solitaire.ui.review.positions import patience_positions
from solitaire.ui.review.steps import Reviewing
from solitaire.ui.saved import SavedGame, Sitting, saved_move

if TYPE_CHECKING:
    from solitaire.patience.grading import DiscardPoint
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


def _shown(kind: Panel) -> property:
    """A read-only ``show_*`` view of the one panel attribute: True when ``kind`` is shown
    (the session changes :attr:`PlaySession.panel` itself)."""

    def get(self: PlaySession) -> bool:
        return self.panel is kind

    return property(get, doc=f"Whether the {kind.value} is shown.")


def _overlaid(kind: Overlay) -> property:
    """A ``show_*`` switch over the one overlay attribute, as the shell's keys set it: True
    when ``kind`` is shown; setting it True shows ``kind`` (closing the other), False closes
    it."""

    def get(self: PlaySession) -> bool:
        return self.overlay is kind

    def set_(self: PlaySession, on: bool) -> None:
        if on:
            self.overlay = kind
        elif self.overlay is kind:
            self.overlay = None

    return property(get, set_, doc=f"Whether the {kind.value} is shown.")


def describe_deal(game: Game, daily: str | None) -> str:
    """A deal in a few words: the daily's date, the seed, or the start of its deal code."""
    if daily:
        return f"the daily deal of {daily}"
    if seed_hidden(game):  # a seed or a deal code would show every card to come
        return "a random deal"
    if game.seed is not None:
        seed = str(game.seed)
        return f"seed {seed if len(seed) <= 24 else seed[:21] + '...'}"
    return f"deal {deal_code(game.deck)[:12]}..."


class _SavedPatience(SavedGame[StoredGame]):
    """The patience's side of the history: a game is read through the patience's own rows
    (their words name the other games' commands), and holds its lock once finished until
    the session lets go."""

    hold_finished = True
    skipped = "; it was skipped"

    def __init__(self, history: History) -> None:
        super().__init__(history, PATIENCE, "game", _read_whole)

    def exists(self, game_id: int) -> None:
        stored_patience(self.history, game_id)

    def read(self, game_id: int) -> StoredGame:
        stored = stored_patience(self.history, game_id)
        if stored.row.finished:
            raise StoreError(
                f"game {game_id} is finished: {command(f'replay {game_id}')} shows it, "
                f"{command(f'play --again {game_id}')} plays its deal again"
            )
        return stored

    def peek(self, game_id: int) -> StoredGame | None:
        try:
            return stored_patience(self.history, game_id)
        except StoreError:
            return None


def _read_whole(text: str) -> StoredGame:
    """Never called: the patience reads a game with its row (:meth:`_SavedPatience.read`)."""
    raise NotImplementedError


Deal = tuple[Game, str | None]  # a new game and its daily's date


class PlaySession(Sitting[StoredGame, Deal]):
    """One sitting at the game: the current game, what is picked, what is shown.

    ``explicit`` says the player asked for a deal (``--seed``, ``--deal``,
    ``--daily``, ``--again``): a saved game is offered first (one of that deal
    before the others), and the asked deal is what ``n`` plays. ``resume_id``
    resumes that game of the history at once. The start-up, the offer and the
    saving are the lifecycle every game shares (:class:`~solitaire.ui.saved.Sitting`).
    """

    noun = "game"
    command_name = "play"

    show_hint = _shown(Panel.HINT)
    show_why = _shown(Panel.WHY)
    show_all = _shown(Panel.ALL)
    show_rounds = _shown(Panel.ROUNDS)
    show_help = _overlaid(Overlay.HELP)
    show_rules = _overlaid(Overlay.RULES)

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
        self.round_hint = RoundHint(target)  # --target N: it weighs each discard's chance of N
        self.new_game = new_game
        self.ascii = ascii
        self.game: Game
        self.daily: str | None = None
        self._phase = Phase.DISCARD
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
        # With a target: after a round, the coach's word when the target and points disagreed.
        self.round_note: str | None = None
        self.saved: SavedGame[StoredGame] = _SavedPatience(history)
        self.reviewing: Reviewing[DiscardPoint] = Reviewing(history, PATIENCE)  # a few ms
        asked = new_game() if explicit and resume_id is None else None
        self._open(resume_id, asked, new_game, history.notice)  # a StoreError: the command line
        report = history.report()
        if report:
            self.message = " ".join(filter(None, (self.message, report + ".")))

    # -- the saved-game lifecycle's hooks -----------------------------------------------

    @property
    def phase(self) -> Phase:
        """Where the player is (RESUME while a saved game is offered)."""
        return Phase.RESUME if self.offering else self._phase

    @property
    def game_id(self) -> int | None:
        """The game's row in the history."""
        return self.saved.game_id

    @property
    def pending(self) -> StoredGame | None:
        """The saved game offered on the RESUME screen."""
        claimed = self.saved.pending
        return None if claimed is None else claimed.loaded

    def _enter(self, loaded: StoredGame) -> None:
        """Behind the offer, the saved game's deal; resumed, from the last round played
        (its count and coaching)."""
        if self.offering:
            self.game, self.daily = loaded.game, loaded.daily
            return
        self._show(loaded.game, loaded.daily)
        if loaded.game.rounds:
            self._phase = Phase.RESULT

    def _begin(self, game: Deal) -> None:
        """Start a game: it gets its row in the history with its first move."""
        self.saved.new_row()
        self._show(*game)

    def _show(self, game: Game, daily: str | None) -> None:
        self.game, self.daily = game, daily
        self.reviewing.forget()
        self.reviews = [review_round(game, n) for n in range(1, len(game.rounds) + 1)]
        self.review = None
        self.history_id = None
        self.milestones = ()
        self.selected.clear()
        self.cursor = 0
        self.panel = None
        self.all_round = 0
        self.round_hint.forget()
        self._phase = Phase.DISCARD

    def _describe(self, loaded: StoredGame) -> str:
        return describe_deal(loaded.game, loaded.daily)

    def _standing(self, loaded: StoredGame) -> str:
        return f"{rounds_played(len(loaded.game.rounds))}, {plural(loaded.game.total, 'point')}"

    def _current_standing(self) -> str:
        return f"{rounds_played(len(self.game.rounds))}, {plural(self.game.total, 'point')} so far"

    def _deal_name(self, game: Deal) -> str:
        return describe_deal(*game)

    def _first(self, asked: Deal) -> Callable[[GameRow], bool]:
        code = deal_code(asked[0].deck)
        return lambda row: bool(row.summary.get("deal_code") == code)

    def _same_deal(self, asked: Deal, loaded: StoredGame) -> bool:
        return deal_code(asked[0].deck) == loaded.row.deal_code

    def _kept_line(self, kept: int) -> str:
        return f"Game {kept} stays in your history: {command(f'play --resume {kept}')} resumes it."

    def _not_saved(self, error: StoreError) -> str:
        return f"{error}. Nothing changed: try again when it can be saved."

    def _save(self, review: GameReview | None = None) -> None:
        """Store the game as it is after a move (a StoreError when it cannot be)."""
        game, daily = self.game, self.daily
        self.saved.save(record_text(game, daily), patience_summary(game, review, daily))
        if game.is_over and self.game_id is not None:  # graded for ? at the end, and kept
            record = record_text(game, daily)
            self.reviewing.start(self.game_id, record, lambda: patience_positions(game))

    # -- picking the discard ---------------------------------------------------------

    @property
    def target(self) -> int | None:
        """``--target N``: the points the hint weighs each discard's chance of."""
        return self.round_hint.target

    @property
    def advice(self) -> tuple[DiscardOption, ...]:
        """The advisor's table for the six cards on screen (computed once a round)."""
        return self.round_hint.advice(self.game)

    @property
    def position(self) -> Position:
        """What a player who watched every card knows at this discard."""
        return position_of(self.game)

    @property
    def chances(self) -> tuple[TargetChance, ...] | None:
        """With a target: every discard's chance of finishing at it (computed once a round)."""
        return self.round_hint.chances(self.game)

    @property
    def target_note(self) -> str | None:
        """With a target: the coach's word when playing for it and for points disagree."""
        return self.round_hint.note(self.game)

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
        self.message = toggle_pick(self.selected, self.order[shown_at])

    def move(self, step: int) -> None:
        """Move the cursor left or right."""
        if self.phase is Phase.DISCARD:
            self.cursor = (self.cursor + step) % len(self.game.shown)

    def toggle_cursor(self) -> None:
        """Pick or unpick the card under the cursor."""
        self.toggle(self.cursor)

    def hint(self) -> None:
        """Show or hide the advisor's table; showing it is recorded as a hint."""
        self._toggle_hint(Panel.HINT)

    def why(self) -> None:
        """Show or hide why the best discard beats the picked one (or the next best): a hint."""
        self._toggle_hint(Panel.WHY)

    def _toggle_hint(self, panel: Panel) -> None:
        """While discarding: close ``panel`` if shown, else show it once the hint is saved."""
        if self.phase is not Phase.DISCARD:
            return
        self.panel = None if self.panel is panel else panel
        if self.panel is panel and not self._record_hint():
            self.panel = None

    @saved_move("game")
    def _record_hint(self) -> bool:
        """Record a hint for this round; None when it cannot be saved (then it is not seen)."""
        number = self.game.round_number
        if number not in self.game.hints:
            self.game.hints.add(number)
            self._save()
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

    @saved_move("game")
    def discard(self, cards: list[Card]) -> RoundResult:
        """Play the round with this discard once it is saved; show the count and coaching.

        If the save fails the game, the picks and the screen stay as they were (None
        is returned), so nothing is shown that is not stored. The last round files
        the game, with its review, at once.
        """
        total = self.game.total
        self.round_hint.work_out(self.game)
        result = self.game.discard(cards)
        review = review_game(self.game) if self.game.is_over else None
        self._save(review)
        self.round_note = self.round_hint.note(self.game, result.discard, total)
        self.reviews.append(review_round(self.game, result.number))
        if review is not None:
            self.review, self.history_id = review, self.game_id
        self.milestones = tuple(m for step in result.steps() for m in step.milestones)
        self.selected.clear()
        self.cursor = 0
        self.panel = None  # the rounds' review is only ever shown once the game is over
        self.all_round = 0
        self.round_hint.forget()
        self._phase = Phase.RESULT
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
        self._take_back()

    @saved_move("game")
    def _take_back(self) -> None:
        undo = self.game.undo()
        if self.game.rounds:
            self._save()
        else:  # no move stands: not kept until a discard is made again
            self.saved.withdraw()
        self.reviews.pop()
        self.round_note = None
        self.milestones = ()
        self.panel = None  # after a discard, only all 15 discards can be shown
        self._phase = Phase.DISCARD
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
            self.panel = None if self.panel is Panel.ALL else Panel.ALL
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
        self.overlay = None if self.overlay is Overlay.RULES else Overlay.RULES
        self.rules_page = 0

    def turn_rules_page(self, step: int, pages: int) -> None:
        """The rules' next or previous page (of ``pages``)."""
        if self.show_rules:
            self.rules_page = max(0, min(pages - 1, self.rules_page + step))

    def toggle_review(self) -> None:
        """? when the game is over: show or hide its review, a discard at a time."""
        self.message = self.reviewing.toggle()

    def toggle_rounds(self) -> None:
        """When the game is over: show or hide the round-by-round review."""
        if self.phase is Phase.OVER:
            self.panel = None if self.panel is Panel.ROUNDS else Panel.ROUNDS
            self.message = ""

    def proceed(self) -> None:
        """Go on from a round's result: the next round, or the game's review."""
        if self.phase is not Phase.RESULT:
            return
        self.panel = None  # in a round's result, only all 15 discards can be shown
        if self.game.is_over:
            self._finish()
            return
        if not self.game.next_seen and not self._see_next():
            return
        self._phase = Phase.DISCARD
        self.message = ""

    @saved_move("game")
    def _see_next(self) -> bool:
        """The next six are shown: the discard stands, once saved."""
        self.game.see_next()
        self._save()
        return True

    def _finish(self) -> None:
        assert self.game.final is not None
        self.milestones = self.game.final.milestones
        self._phase = Phase.OVER
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

    @property
    def at_count(self) -> bool:
        """Whether the screen is at a round's count: its result shown, or a saved game
        offered (resumed, it opens there); the next deal is not on the table yet."""
        offered = self.phase is Phase.RESUME and not self.busy_offer
        return self.phase is Phase.RESULT or (offered and bool(self.game.rounds))

    def tracker(self) -> Tracker:
        """What a player who watched every card knows now (the next deal is not on the table
        while a round's result is shown)."""
        return track(self.game, dealt=not self.at_count)

    # -- leaving ------------------------------------------------------------------

    def quit(self) -> str:
        """Leave; every move is already saved. Returns what to tell the player."""
        if self.phase is Phase.RESUME and self.pending is not None:
            kept = self.pending.row.id
            return f"Game {kept} is still saved: {command('play')} offers it again."
        if self.busy_offer:
            return f"Game {self.saved.busy} stays open in the other window."
        if self.game_id is None:
            return "Nothing was played, so nothing was kept."
        if self.phase is Phase.OVER or self.game.is_over:
            return f"Game {self.game_id} is in your history. Thanks for playing."
        return (
            f"Game {self.game_id} saved with {rounds_played(len(self.game.rounds))} and "
            f"{plural(self.game.total, 'point')}: {command('play')} resumes it."
        )

    def close(self) -> None:
        """Let other copies of the program have the games this one held."""
        self.saved.close()
        self.reviewing.close()
