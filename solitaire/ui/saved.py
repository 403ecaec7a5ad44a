"""A game of the history as a session plays it: its row, its lock, and a saved game to offer.

The match and the tile game keep their games in the history as records. A
:class:`SavedGame` holds what their sessions share around that: the game's row
(made by the first save), the lock that keeps a second copy of the program off
it, and the unfinished game found at start-up that the RESUME screen offers.
The lock is always taken before a record is read, so what is read is what the
last holder saved. No UI library is imported here.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar

from solitaire.store import GameBusyError, GameLock, History, StoreError, Summary, command

__all__ = ["Claimed", "Offer", "SavedGame", "kept_if_saved", "not_saved", "saved_move"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Offer:
    """What the RESUME screen asks when a game is saved: the saved game, where it stands,
    what n does instead, and how to resume the saved one later."""

    headline: str  # "A match in progress was saved"
    saved: str  # "match 1, seed 3, against expert"
    standing: str  # "you 0, expert 0"
    instead: str  # "play seed 4 instead"
    keep: str  # "match 1 stays resumable with cribsol match --resume 1"


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
    ``noun`` names the kind in messages ("match", "tile game").
    """

    def __init__(self, history: History, kind: str, noun: str, load: Callable[[str], T]) -> None:
        self.history = history
        self.kind = kind
        self.noun = noun
        self.load = load
        self.game_id: int | None = None  # its row, once saved
        self.lock: GameLock | None = None
        self.pending: Claimed[T] | None = None  # the saved game the RESUME screen offers

    def claim(self, game_id: int) -> Claimed[T]:
        """An unfinished game of the history, locked and loaded; a StoreError says why not."""
        lock = GameLock(self.history.data_dir, self.kind, game_id)
        if not lock.acquire():
            self.history.stored_record(game_id, self.kind)  # a game that is not there says so
            raise GameBusyError(
                f"{self.noun} {game_id} is open in another window; "
                f"{command(f'replay {game_id}')} shows it as saved"
            )
        try:
            row, text = self.history.stored_record(game_id, self.kind)
            if row.finished:
                raise StoreError(
                    f"{self.noun} {game_id} is finished: {command(f'replay {game_id}')} shows it"
                )
            loaded = self.load(text)
        except StoreError:
            lock.release()
            raise
        except (ValueError, KeyError, TypeError, RecursionError) as error:  # RecordError too
            lock.release()
            raise StoreError(f"{self.noun} {game_id} could not be resumed ({error})") from None
        return Claimed(game_id, lock, loaded)

    def find(self, notices: list[str]) -> Claimed[T] | None:
        """Offer the latest unfinished game no other copy is playing; say why others are not."""
        for row in self.history.unfinished(self.kind):
            try:
                self.pending = self.claim(row.id)
            except StoreError as error:
                text = str(error)
                notices.append(f"{text[0].upper()}{text[1:]}.")
                continue
            return self.pending
        return None

    def take(self, claimed: Claimed[T]) -> T:
        """Play on a claimed game from now on (the one held so far is let go)."""
        if self.lock is not claimed.lock:
            self.release()
        self.game_id, self.lock = claimed.game_id, claimed.lock
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

    def save(self, record: Mapping[str, Any], summary: Summary) -> None:
        """Write the game after a move; a finished game is filed and its lock let go."""
        if self.game_id is None:
            self.game_id = self.history.add(self.kind, record, summary)
            self.lock = GameLock(self.history.data_dir, self.kind, self.game_id)
            self.lock.acquire()
        else:
            self.history.save(self.game_id, self.kind, record, summary)
        if summary.finished:
            self.release(finished=True)

    def release(self, finished: bool = False) -> None:
        """Let other windows have the game played."""
        if self.lock is not None:
            self.lock.release(finished)
            self.lock = None

    def close(self) -> None:
        """Let other windows have every game this session holds."""
        self.release()
        self.keep_pending()


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


def not_saved(error: StoreError) -> str:
    """The line for a move that was not made because it could not be saved."""
    return f"Not played, as it could not be saved: {error}; the same key tries again."


class _Speaks(Protocol):
    message: str


S = TypeVar("S", bound=_Speaks)
P = ParamSpec("P")


def saved_move(
    *deep: str,
) -> Callable[[Callable[Concatenate[S, P], None]], Callable[Concatenate[S, P], None]]:
    """A session method that is a move: run under :func:`kept_if_saved` (``deep``: the
    game attributes copied whole), and a save that fails puts everything back and says
    why in the session's message line."""

    def wrap(method: Callable[Concatenate[S, P], None]) -> Callable[Concatenate[S, P], None]:
        def move(self: S, /, *args: P.args, **kwargs: P.kwargs) -> None:
            try:
                with kept_if_saved(self, deep):
                    method(self, *args, **kwargs)
            except StoreError as error:
                self.message = not_saved(error)

        move.__name__, move.__qualname__ = method.__name__, method.__qualname__
        move.__doc__ = method.__doc__
        return move

    return wrap
