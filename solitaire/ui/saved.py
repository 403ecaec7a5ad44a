"""A game of the history as a session plays it: its row, its lock, and a saved game to offer.

Every game keeps its games in the history as records. A :class:`SavedGame`
holds what the sessions share around that: the game's row (made by the first
save), the lock that keeps a second copy of the program
off it, the screen's own state kept beside the record, and the unfinished game
found at start-up that the RESUME screen offers. The lock is always taken
before a record is read, so what is read is what the last holder saved.
:class:`Sitting` is the one start-up / offer / resume lifecycle of the four
sessions (patience, match, drill, tiles). No UI library is imported here.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Concatenate, Generic, ParamSpec, Protocol, TypeVar

from solitaire.core.names import command
from solitaire.core.secret import Seeded, seed_hidden
from solitaire.store import (
    GameBusyError,
    GameLock,
    GameRow,
    History,
    StoreError,
    Summary,
)

__all__ = [
    "Claimed",
    "Offer",
    "SavedGame",
    "Sitting",
    "kept_if_saved",
    "not_saved",
    "saved_move",
    "seed_words",
]

T = TypeVar("T")
G = TypeVar("G")


@dataclass(frozen=True, slots=True)
class Offer:
    """What the RESUME screen asks when a game is saved: the saved game, where it stands,
    what n does instead, and how to resume the saved one later."""

    headline: str  # "A match in progress was saved"
    saved: str  # "match 1, seed 3, against expert"
    standing: str  # "you 0, expert 0"
    instead: str  # "play seed 4 instead"
    keep: str  # "match 1 stays resumable with cribsol match --resume 1"
    resumable: bool = True  # False: the saved game is open in another window


@dataclass(frozen=True, slots=True)
class Claimed(Generic[T]):
    """A stored game this program now holds: its id, its lock, and what its record loaded as."""

    game_id: int
    lock: GameLock
    loaded: T


class SavedGame(Generic[T]):
    """The history's side of one session: which row it saves to, its lock, a game on offer.

    ``load`` turns a stored record's text into what the session plays on; it raises
    RecordError (a ValueError), KeyError or TypeError for a record that does not check out.
    ``noun`` names the kind in messages ("match", "tile game"). ``screen``, when given,
    joins what a record loaded as with the screen state kept beside it (:meth:`keep_screen`),
    an empty mapping when none is kept. A game read through its own rows (the patience)
    overrides :meth:`exists`, :meth:`read` and :meth:`peek`, and may set :attr:`hold_finished`.
    """

    hold_finished = False  # True: a finished game's lock is held until the session lets go
    skipped = ""  # said after the reason a saved game is not offered: "; it was skipped"

    def __init__(
        self,
        history: History,
        kind: str,
        noun: str,
        load: Callable[[str], T],
        screen: Callable[[T, Mapping[str, Any]], T] | None = None,
    ) -> None:
        self.history = history
        self.kind = kind
        self.noun = noun
        self.load = load
        self.screen = screen
        self.game_id: int | None = None  # its row, once saved
        self.lock: GameLock | None = None
        self.filed = False  # the game held is finished (its lock file goes when let go)
        self.pending: Claimed[T] | None = None  # the saved game the RESUME screen offers
        self.busy: int | None = None  # the latest saved game, open in another window

    def exists(self, game_id: int) -> None:
        """A StoreError when the history has no game ``game_id`` of this kind."""
        self.history.stored_record(game_id, self.kind)

    def read(self, game_id: int) -> T:
        """An unfinished stored game as its record loads; a StoreError says why it cannot be."""
        row, text = self.history.stored_record(game_id, self.kind)
        if row.finished:
            raise StoreError(
                f"{self.noun} {game_id} is finished: {command(f'replay {game_id}')} shows it"
            )
        try:
            loaded = self.load(text)
        except (ValueError, KeyError, TypeError, RecursionError) as error:  # RecordError too
            raise StoreError(f"{self.noun} {game_id} could not be resumed ({error})") from None
        if self.screen is not None:
            loaded = self.screen(loaded, self.history.screen_state(game_id, self.kind))
        return loaded

    def claim(self, game_id: int) -> Claimed[T]:
        """An unfinished game of the history, locked and loaded; a StoreError says why not."""
        lock = GameLock(self.history.data_dir, self.kind, game_id)
        if not lock.acquire():
            self.exists(game_id)  # a game that is not there says so
            raise GameBusyError(
                f"{self.noun} {game_id} is open in another window; "
                f"{command(f'replay {game_id}')} shows it as saved"
            )
        try:
            loaded = self.read(game_id)
        except StoreError:
            lock.release()
            raise
        return Claimed(game_id, lock, loaded)

    def find(
        self, notices: list[str], first: Callable[[GameRow], bool] | None = None
    ) -> Claimed[T] | None:
        """Offer the latest unfinished game no other copy is playing (those ``first`` picks
        before the rest); say why others are not. With none to offer, :attr:`busy` names
        the latest of those open in another window."""
        self.busy = None
        rows = self.history.unfinished(self.kind)
        if first is not None:
            rows.sort(key=lambda row: not first(row))  # the order is kept within each
        for row in rows:
            try:
                self.pending = self.claim(row.id)
            except GameBusyError:
                self.busy = row.id if self.busy is None else self.busy
                continue
            except StoreError as error:
                text = str(error)
                notices.append(f"{text[0].upper()}{text[1:]}{self.skipped}.")
                continue
            self.busy = None
            return self.pending
        return None

    def peek(self, game_id: int) -> T | None:
        """A game as last saved, read without its lock (for words only); None if unreadable."""
        try:
            return self.load(self.history.stored_record(game_id, self.kind)[1])
        except (StoreError, ValueError, KeyError, TypeError, RecursionError):
            return None

    def take(self, claimed: Claimed[T]) -> T:
        """Play on a claimed game from now on (the one held so far is let go)."""
        if self.lock is not claimed.lock:
            self.release()
        self.game_id, self.lock, self.filed = claimed.game_id, claimed.lock, False
        return claimed.loaded

    def resume(self) -> T | None:
        """Play on the game on offer; None when there is none."""
        if self.pending is None:
            return None
        claimed, self.pending = self.pending, None
        return self.take(claimed)

    def keep_pending(self) -> int | None:
        """Decline the game on offer: it stays in the history for later. Returns its id."""
        if self.pending is None:
            return None
        kept, self.pending = self.pending, None
        kept.lock.release()
        return kept.game_id

    def new_row(self) -> None:
        """The next save starts a new row (a new game); the old one is let go."""
        self.release()
        self.game_id = None

    def save(
        self,
        record: Mapping[str, Any] | str,
        summary: Summary,
        screen: Mapping[str, Any] | None = None,
    ) -> None:
        """Write the game after a move (with the screen's state to keep beside it, if any);
        a finished game is filed and its lock let go (unless :attr:`hold_finished`)."""
        if self.game_id is None:
            self.game_id = self.history.add(self.kind, record, summary, screen=screen)
            self.lock = GameLock(self.history.data_dir, self.kind, self.game_id)
            self.lock.acquire()
        else:
            self.history.save(self.game_id, self.kind, record, summary, screen=screen)
        self.filed = summary.finished
        if summary.finished and not self.hold_finished:
            self.release()

    def withdraw(self) -> None:
        """Take the game out of the history, as every move of it was taken back (a game
        with no move made is not kept); the next save adds it again."""
        if self.game_id is None:
            return
        self.history.withdraw(self.game_id, self.kind)
        if self.lock is not None:
            self.lock.release(True)  # no game by that id is left to guard
            self.lock = None
        self.game_id = None

    def keep_screen(self, screen: Mapping[str, Any]) -> None:
        """Keep the screen's state beside the saved game (not in its record)."""
        assert self.game_id is not None
        self.history.keep_screen(self.game_id, self.kind, screen)

    def release(self) -> None:
        """Let other windows have the game played (a finished one's lock file goes)."""
        if self.lock is not None:
            self.lock.release(self.filed)
            self.lock = None

    def close(self) -> None:
        """Let other windows have every game this session holds."""
        self.release()
        self.keep_pending()


class Sitting(Generic[T, G]):
    """The saved-game lifecycle every game's session shares: how a sitting opens, what y
    and n do on the RESUME screen, and the offer's words.

    A sitting opens on the game asked by id (``--resume N``), else on the latest saved
    game of its kind, offered on the RESUME screen, else on a new game. One rule for a
    deal asked on the command line (``--seed`` and the like): a saved game is offered
    first and n plays the asked deal. When the only saved game is open in another
    window, the RESUME screen says so and n starts the new game. A new game is filed
    with its first move, so a sitting nobody played leaves nothing in the history. A
    move stands only once it is saved (:func:`saved_move`).

    ``T`` is what a stored record loads as, ``G`` a new game. The session sets
    :attr:`saved` and calls :meth:`_open`, and gives the hooks :meth:`_enter` (show a
    stored game), :meth:`_begin` (start a new one), :meth:`_describe`,
    :meth:`_standing` and :meth:`_deal_name` (words for the offer).
    """

    noun: ClassVar[str]  # "match", "drill", "tile game", "game" (the patience)
    command_name: ClassVar[str]  # the command that plays it: "match", "drill", "tiles", "play"
    saved: SavedGame[T]
    message: str

    def _open(
        self,
        resume_id: int | None,
        asked: G | None,
        new_game: Callable[[], G],
        notice: str | None,
    ) -> None:
        """Open on the game asked by id, the saved game on offer, or a new game."""
        self._new_game = new_game
        self.asked_game: G | None = asked  # the deal asked for, played on n
        self.busy_offer = False  # the RESUME screen says the saved game is open elsewhere
        self._busy_instead: str | None = None  # the asked deal, dealt behind that screen
        notices = [notice] if notice else []
        if resume_id is not None:
            self._enter(self.saved.take(self.saved.claim(resume_id)))
            self.asked_game = None
            notices.append(self._resumed_line())
        else:
            pending = self.saved.find(notices, None if asked is None else self._first(asked))
            if pending is not None:
                self._enter(pending.loaded)
            else:
                self.busy_offer = self.saved.busy is not None
                if self.busy_offer and self.asked_game is not None:
                    self._busy_instead = f"play {self._deal_name(self.asked_game)} instead"
                self._begin(self._asked_or_new())
        self.message = " ".join(notices)

    def _asked_or_new(self) -> G:
        asked, self.asked_game = self.asked_game, None
        return asked if asked is not None else self._new_game()

    @property
    def offering(self) -> bool:
        """Whether the RESUME screen is up."""
        return self.saved.pending is not None or self.busy_offer

    @property
    def resumable(self) -> bool:
        """Whether y on the RESUME screen resumes the saved game here (not when it is open
        in another window): what the screen's keys offer follows this."""
        return self.saved.pending is not None

    def resume(self) -> None:
        """Carry on with the saved game where it was left."""
        if self.saved.pending is None:
            if self.busy_offer:
                self.message = (
                    f"{self.noun.capitalize()} {self.saved.busy} is open in another window: "
                    "play it there, or press n here."
                )
            return
        loaded = self.saved.resume()
        assert loaded is not None
        self.asked_game = None
        self._enter(loaded)
        self.message = self._resumed_line()

    def enter_offer(self) -> None:
        """Enter on the RESUME screen: resume the saved game, or, when it is open in another
        window, go on with the new one."""
        if self.busy_offer:
            self.start_afresh()
        else:
            self.resume()

    def start_afresh(self) -> None:
        """Start the asked deal or a new game; a saved game stays in the history, resumable."""
        if self.busy_offer:  # the new game is already dealt behind the offer
            self.busy_offer = False
            self.message = f"A new {self.noun}: it is kept from your first move."
            self._go_on()
            return
        self._begin(self._asked_or_new())
        kept = self.saved.keep_pending()
        self.message = self._kept_line(kept) if kept is not None else f"A new {self.noun}."

    def _kept_line(self, kept: int) -> str:
        return (
            f"{self.noun.capitalize()} {kept} is kept: "
            f"{command(f'{self.command_name} --resume {kept}')} resumes it."
        )

    def resume_prompt(self) -> Offer:
        """The RESUME screen's question: what is saved, and what n plays instead."""
        noun = self.noun
        instead = (
            f"play {self._deal_name(self.asked_game)} instead"
            if self.asked_game is not None
            else f"start a new {noun}"
        )
        pending = self.saved.pending
        if pending is not None:
            kept = pending.game_id
            headline = f"A {noun} in progress was saved"
            if self.asked_game is not None and self._same_deal(self.asked_game, pending.loaded):
                headline = f"You have an unfinished {noun} of this deal"
                instead = "start this deal again from round 1"
            return Offer(
                headline,
                f"{noun} {kept}, {self._describe(pending.loaded)}",
                self._standing(pending.loaded),
                instead,
                f"{noun} {kept} stays resumable with "
                f"{command(f'{self.command_name} --resume {kept}')}",
            )
        busy = self.saved.busy
        assert busy is not None
        seen = self.saved.peek(busy)
        return Offer(
            f"{noun.capitalize()} {busy} is open in another window",
            f"{noun} {busy}" + ("" if seen is None else f", {self._describe(seen)}"),
            "as last saved" + ("" if seen is None else f", {self._standing(seen)}"),
            self._busy_instead or "start a new one here",
            f"{command(f'replay {busy}')} shows it as saved",
            resumable=False,
        )

    def _resumed_line(self) -> str:
        return f"Resumed {self.noun} {self.saved.game_id}: {self._current_standing()}."

    # -- the hooks each session gives ---------------------------------------------------

    def _enter(self, loaded: T) -> None:
        """Show a stored game (resumed, or behind the offer)."""
        raise NotImplementedError

    def _begin(self, game: G) -> None:
        """Start a new game (filed with its first move)."""
        raise NotImplementedError

    def _go_on(self) -> None:
        """The new game dealt behind an offer of a game open elsewhere goes on (n)."""

    def _first(self, asked: G) -> Callable[[GameRow], bool] | None:
        """Which saved games to offer before the others when ``asked`` was asked for."""
        return None

    def _same_deal(self, asked: G, loaded: T) -> bool:
        """Whether the saved game on offer is of the deal asked for."""
        return False

    def _not_saved(self, error: StoreError) -> str:
        """The line for a move that was not made because it could not be saved."""
        return not_saved(error)

    def _describe(self, loaded: T) -> str:
        """A stored game in a few words: "seed 5, against expert"."""
        raise NotImplementedError

    def _standing(self, loaded: T) -> str:
        """Where a stored game stands: "you 12, expert 9"."""
        raise NotImplementedError

    def _current_standing(self) -> str:
        """Where the game on screen stands."""
        raise NotImplementedError

    def _deal_name(self, game: G) -> str:
        """A new game as the command line asked it: "seed 4"."""
        raise NotImplementedError


@contextmanager
def kept_if_saved(owner: object, deep: Collection[str]) -> Iterator[None]:
    """A move of a session that stands only once it is saved: when saving raises a
    StoreError, every attribute of ``owner`` is put back as it was before the move (the
    games named in ``deep`` copied whole, lists, sets and dicts copied, the rest kept as
    the same objects) and the error goes on to the caller, which says why."""
    before = {
        name: copy.deepcopy(value)
        if name in deep
        else copy.copy(value)
        if isinstance(value, list | set | dict)
        else value
        for name, value in vars(owner).items()
    }
    try:
        yield
    except StoreError:
        vars(owner).update(before)
        raise


def seed_words(game: Seeded) -> str:
    """A game's seed in a few words: "seed 5", or "a random seed" while it is secret (a
    seed fixes every card to come: see :mod:`solitaire.core.secret`)."""
    return "a random seed" if seed_hidden(game) else f"seed {game.seed}"


def not_saved(error: StoreError) -> str:
    """The line for a move that was not made because it could not be saved."""
    return f"Not played: {error}; the same key tries again."


class _Speaks(Protocol):
    message: str

    def _not_saved(self, error: StoreError) -> str: ...


S = TypeVar("S", bound=_Speaks)
P = ParamSpec("P")
R = TypeVar("R")


def saved_move(
    *deep: str,
) -> Callable[[Callable[Concatenate[S, P], R]], Callable[Concatenate[S, P], R | None]]:
    """A session method that is a move: run under :func:`kept_if_saved` (``deep``: the
    game attributes copied whole), and a save that fails puts everything back, says why
    in the session's message line and returns None."""

    def wrap(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R | None]:
        def move(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R | None:
            try:
                with kept_if_saved(self, deep):
                    return method(self, *args, **kwargs)
            except StoreError as error:
                self.message = self._not_saved(error)
                return None

        move.__name__, move.__qualname__ = method.__name__, method.__qualname__
        move.__doc__ = method.__doc__
        return move

    return wrap
