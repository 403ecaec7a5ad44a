"""A match in the history: its record read back, and the row it is saved to.

How far you had seen (:data:`SEEN`) is kept beside the record, so a resumed match shows
you the rest and no more. No UI library is imported here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from solitaire.match.game import Match
from solitaire.match.players import PLAYERS
from solitaire.match.record import RecordError, load_match_record, match_record, replay_match
from solitaire.match.summary import match_summary
from solitaire.store import History, StoreError, Summary
from solitaire.ui.kinds import MATCH
from solitaire.ui.match.told import COMPUTER, YOU
from solitaire.ui.saved import SavedGame

__all__ = ["SEEN", "Loaded", "SavedMatch"]

SEEN: Final = "seen"  # how many events you have seen: kept beside the record (older: in it)


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


class SavedMatch(SavedGame[Loaded]):
    """The match's row in the history, and how many events you had seen when it was last
    saved (:attr:`seen`)."""

    def __init__(self, history: History) -> None:
        super().__init__(history, MATCH, "match", _load_match, _seen_beside)
        self.seen = 0

    def save_match(self, match: Match, names: tuple[str, str], shown: int) -> None:
        """Write the match after a move, with how far you have seen (``shown`` events) kept
        beside it; a finished match is filed in the same step."""
        summary = Summary(match.seed, match.is_over, match_summary(match, names[1]))
        screen = None if match.is_over else {SEEN: shown}
        self.save(match_record(match, names), summary, screen)
        self.seen = shown

    def save_hint(self, match: Match, names: tuple[str, str], shown: int) -> bool:
        """Record in ``match`` that you asked the discard coach in its deal (a hint, kept in
        its record) and save it; False when it was recorded already. A StoreError leaves the
        match without it."""
        hint = (YOU, match.game_number, len(match.deals))
        if hint in match.hints:
            return False
        match.hints.add(hint)
        try:
            self.save_match(match, names, shown)
        except StoreError:
            match.hints.discard(hint)
            raise
        return True

    def keep_seen(self, match: Match, shown: int) -> None:
        """Keep how far you have seen, so a resumed match shows you the rest (and no more)."""
        if self.game_id is not None and not match.is_over and shown != self.seen:
            self.keep_screen({SEEN: shown})
            self.seen = shown
