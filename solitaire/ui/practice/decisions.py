"""Practice of your own mistakes at the keyboard: a plain object key handlers call into.

A :class:`PositionSession` deals the positions due (:mod:`solitaire.core.schedule`), the
longest due first, then your mistakes not yet practised, the costliest first
(:func:`~solitaire.ui.practice.positions.mistakes`); with ``fresh``, or none left, a
fresh position of the kind you lose most on. You choose the cards (1 to 6 pick and drop
one; Enter answers), and the answer is graded at once by the game's own grader: solved
when it is graded best. Each answer and the position's new box are kept at once; a
position shown and not answered is kept too, so quitting and coming back deals it
again. No UI library is imported.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from solitaire.core.cards import Card
from solitaire.core.errors import CribsolError
from solitaire.core.review import Decision, Grade
from solitaire.core.schedule import Box, answered, box_from_json, box_json
from solitaire.core.untrusted import RecordError
from solitaire.core.words import plural
from solitaire.games import DRILL, MATCH, PATIENCE
from solitaire.store import History
from solitaire.ui.practice.answering import Answering, Stage
from solitaire.ui.practice.figures import PracticeFigures, practice_figures
from solitaire.ui.practice.positions import (
    DISCARD,
    PEGGING,
    TILE_PLAYS,
    Mistake,
    Puzzle,
    fresh_source,
    mistakes,
    practice_kind,
    rebuild,
)

__all__ = ["DEALT", "PositionSession", "Stage", "loses_most"]

DEALT: Final = (DISCARD, PEGGING, TILE_PLAYS)
"""The kinds practised from games."""
FRESH_TRIES: Final = 20


@dataclass(slots=True)
class _Item:
    id: int
    kind: str
    puzzle: Puzzle
    box: Box


def loses_most(history: History) -> tuple[str, str]:
    """The kind dealt fresh: the one your reviewed games lose most points on (discards
    against the cards laid: seat 0's loss by kind in your patience games, matches and
    drills, added up), and why in words. With no reviewed game: discards, each deal's
    largest decision. The tile game's points are not set against the cards'."""
    lost = {DISCARD: 0.0, PEGGING: 0.0}
    rows = history.games_by_kind()
    yours = {
        row.id
        for kind in (PATIENCE, MATCH, DRILL)
        for row in rows.get(kind, ())
        if row.played_by == "you"
    }
    for stored in history.review_figures((PATIENCE, MATCH, DRILL)):
        if stored.id not in yours or not stored.seats or not isinstance(stored.seats[0], dict):
            continue
        split = stored.seats[0].get("by_kind")
        if not isinstance(split, dict):
            continue
        for name, value in split.items():
            if not isinstance(value, int | float) or isinstance(value, bool):
                continue
            # the patience splits a discard's loss into its hand and crib: all of it discards
            kind = DISCARD if stored.kind == PATIENCE else practice_kind(stored.kind, name)
            if kind in lost:
                lost[kind] += float(value)  # a part may be negative: gained
    if not any(lost.values()):
        return DISCARD, "no reviewed game yet: discards, where a deal's most points are decided"
    kind = max(lost, key=lambda k: lost[k])
    return kind, f"your reviewed games lose most on {'discards' if kind == DISCARD else 'pegging'}"


class PositionSession(Answering):
    """One sitting of practice drawn from your games (or dealt fresh)."""

    WHY_FIRST = "w shows the coach's why once you answer: choose, or ? shows it."

    def __init__(
        self,
        history: History,
        *,
        kinds: Sequence[str] = DEALT,
        fresh: bool = False,
        seed: int | None = None,
        ascii: bool = False,
        now: Callable[[], datetime] = datetime.now,
    ) -> None:
        self.history = history
        self.kinds = tuple(kinds)
        self.fresh = fresh
        self.ascii = ascii
        self.now = now
        self.rng = random.Random(seed)
        self.message = history.notice or ""
        self.show_help = False
        self.shown_why = False
        self.chosen: list[Card] = []
        self.play: int | None = None  # the tile play chosen, by its number
        self.stage = Stage.ASK
        self.decision: Decision | None = None  # the answer graded (or the best, shown)
        self.revealed = False
        self.asked_here = 0
        self.solved_here = 0
        self.fresh_note = ""
        self._mistakes: list[Mistake] | None = None
        self.item = self._next()

    # -- the positions --------------------------------------------------------------

    def _kept(self) -> list[tuple[int, str, object, Box]]:
        found = []
        for kind in self.kinds:
            for stored in self.history.practice_items(kind):
                try:
                    box = box_from_json(stored.state)
                except RecordError:
                    continue  # a damaged row is left out, never believed
                found.append((stored.id, kind, stored.source, box))
        return found

    def _next(self) -> _Item:
        """The position due longest; else your costliest mistake not yet kept; else a
        fresh one. A new position is kept at once (box 1, due now)."""
        now = self.now()
        kept = self._kept()
        due = sorted(
            (entry for entry in kept if entry[3].is_due(now)),
            key=lambda entry: (entry[3].due, entry[3].box, entry[0]),
        )
        for item_id, kind, source, box in due:
            if self.fresh and not (isinstance(source, dict) and "fresh" in source):
                continue  # --fresh deals fresh positions only
            try:
                return _Item(item_id, kind, rebuild(self.history, kind, source), box)
            except RecordError:
                continue  # its game is gone or damaged: left out
        known = [source for *_, source, _ in kept]
        if not self.fresh:
            for mistake in self._new_mistakes():
                if mistake.source in known:
                    continue
                try:
                    puzzle = rebuild(self.history, mistake.kind, mistake.source)
                except RecordError:
                    continue
                return self._keep(mistake.kind, puzzle)
        kind = self.kinds[0] if len(self.kinds) == 1 else loses_most(self.history)[0]
        if len(self.kinds) > 1:
            self.fresh_note = loses_most(self.history)[1]
        source = fresh_source(kind, self.rng)
        for _ in range(FRESH_TRIES):  # a position already kept is not dealt twice
            if source not in known:
                break
            source = fresh_source(kind, self.rng)
        return self._keep(kind, rebuild(self.history, kind, source))

    def _new_mistakes(self) -> list[Mistake]:
        """Your mistakes of every kind practised, the costliest first (read once)."""
        if self._mistakes is None:
            self._mistakes = mistakes(self.history, *self.kinds)
        return self._mistakes

    def _keep(self, kind: str, puzzle: Puzzle) -> _Item:
        box = Box.new(self.now())
        item_id = self.history.add_practice(kind, puzzle.source, box_json(box))
        return _Item(item_id, kind, puzzle, box)

    @property
    def puzzle(self) -> Puzzle:
        """The position on screen."""
        return self.item.puzzle

    # -- keys -----------------------------------------------------------------------

    def pick(self, number: int) -> None:
        """Choose card ``number`` (from 1), or drop it when chosen."""
        if self.stage is not Stage.ASK:
            self.message = "Enter deals the next position."
            return
        if self.puzzle.candidates:
            if not 1 <= number <= len(self.puzzle.candidates):
                self.message = (
                    f"There is no play {number}: choose 1 to {len(self.puzzle.candidates)}."
                )
                return
            self.play = None if self.play == number else number
            self.message = ""
            return
        cards = self.puzzle.cards
        if not 1 <= number <= len(cards):
            self.message = f"There is no card {number}: choose 1 to {len(cards)}."
            return
        card = cards[number - 1]
        if card in self.chosen:
            self.chosen.remove(card)
            self.message = ""
            return
        if card not in self.puzzle.playable():
            self.message = f"{card} does not fit: the count is {self.puzzle.point.view.count}."
            return
        if len(self.chosen) >= self.puzzle.picks:
            self.chosen.pop(0)
        self.chosen.append(card)
        self.message = ""

    def enter(self) -> None:
        """Answer with the cards chosen; once answered, deal the next."""
        if self.stage is Stage.ANSWERED:
            self.next_position()
            return
        if self.puzzle.candidates:
            if self.play is None:
                self.message = "Choose a play (its number), then Enter; ? shows the best."
                return
            self._answer(self.play)
            return
        picks = self.puzzle.picks
        if len(self.chosen) != picks:
            what = "two cards to discard" if picks == 2 else "the card to lay"
            self.message = f"Choose {what} (their numbers), then Enter; ? shows the best."
            return
        self._answer(tuple(self.chosen))

    def _graded(self, chosen: tuple[Card, ...] | int | None) -> tuple[Decision, str | None]:
        """The answer graded, and in words; None: any answer graded names the best."""
        puzzle = self.puzzle
        if isinstance(chosen, int):
            from solitaire.tiles.hint_words import typed_form

            return puzzle.grade_play(chosen), typed_form(puzzle.candidates[chosen - 1])
        if chosen is not None:
            return puzzle.grade(chosen), " ".join(str(card) for card in chosen)
        if puzzle.candidates:
            return puzzle.grade_play(1), None
        playable = [c for c in puzzle.cards if c in puzzle.playable()]
        return puzzle.grade(tuple(playable[: puzzle.picks])), None

    def _answer(self, chosen: tuple[Card, ...] | int | None) -> None:
        decision, said = self._graded(chosen)
        solved = chosen is not None and decision.grade is Grade.BEST
        box = answered(self.item.box, solved, self.now())
        body = {
            "right": solved,
            "answer": said,
            "grade": None if chosen is None else decision.grade.value,
            "cost": None if chosen is None else decision.cost,
        }
        try:
            self.history.answer_practice(
                self.item.id, self.item.kind, self.puzzle.source, box_json(box), body
            )
        except CribsolError as error:
            self.message = f"{error}; the answer was not kept: Enter tries again."
            return
        self.item.box = box
        self.stage = Stage.ANSWERED
        self.decision = decision
        self.revealed = chosen is None
        self.asked_here += 1
        self.solved_here += solved
        self.shown_why = False
        self.message = ""

    @property
    def solved(self) -> bool:
        """Whether the last answer was graded best."""
        return not self.revealed and self.decision is not None and self.decision.grade is Grade.BEST

    def next_position(self) -> None:
        """Deal the next position."""
        self.item = self._next()
        self.stage = Stage.ASK
        self.chosen = []
        self.play = None
        self.decision = None
        self.revealed = False
        self.shown_why = False

    # -- figures --------------------------------------------------------------------

    def figures(self) -> PracticeFigures:
        """The figures of the kind on screen (the position shown not counted due)."""
        return practice_figures(self.history, self.item.kind, self.now(), shown=self.item.id)

    # -- leaving --------------------------------------------------------------------

    def quit(self) -> str:
        """Leave; every answer is already kept."""
        if not self.asked_here:
            return "No position answered: the one shown is kept for next time."
        return (
            f"{self.solved_here} of {plural(self.asked_here, 'position')} solved this "
            "sitting; every answer is kept."
        )

    def close(self) -> None:
        """Nothing to let go of: every answer is written as it is given."""
