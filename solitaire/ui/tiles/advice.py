"""The expert's advice at the tile game's keyboard: the best plays (?), the exchange to
make when there is no play, and why the expert's top play beats the one laid (w). A
part of :class:`~solitaire.ui.tiles.session.TileSession`, with the words it says."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final

from solitaire.tiles.board import Placement
from solitaire.tiles.movegen import ScoredPlay
from solitaire.tiles.moves import Pass, Play
from solitaire.tiles.players import (
    Appraisal,
    ExchangeChoice,
    best_replies,
    built_in_expert,
    closing_margin,
    reply_cost,
    same_play,
)
from solitaire.tiles.tiles import format_tiles
from solitaire.ui.tiles.stage import Stage
from solitaire.ui.tiles.typed import typed_form

if TYPE_CHECKING:
    from solitaire.tiles.game import TileGame
    from solitaire.ui.tiles.keys import Preview

__all__ = ["HINTS", "Hints", "closing_text", "keeps_text", "why_lines"]

HINTS: Final = 9  # best plays the hint keeps (keys 1-9; the screen shows those that fit)


def keeps_text(appraisal: Appraisal, drawing: bool) -> str:
    """What a play keeps and what the expert makes of it: while the player still draws
    (``drawing``), ``keeps 3D 7L (leave +2.1)`` or ``keeps nothing (leave +0.0)``; once
    the bag is empty, ``keeps 3D 7L (-10 at the end)`` or ``goes out (+12.0: the others'
    tiles)``."""
    kept = appraisal.kept
    if drawing:
        return f"keeps {format_tiles(kept) or 'nothing'} (leave {appraisal.leave:+.1f})"
    if not kept:
        return f"goes out ({appraisal.leave:+.1f}: the others' tiles)"
    return f"keeps {format_tiles(kept)} ({appraisal.leave:+.0f} at the end)"


def closing_text(appraisal: Appraisal) -> str:
    """A play that closes the board: ``closes the board, ending the game ahead by 3.6``
    (the final margin the expert expects over the best of the others)."""
    margin = appraisal.closing
    assert margin is not None
    side = "ahead" if margin >= 0 else "behind"
    return f"closes the board, ending the game {side} by {abs(margin):.1f}"


def why_lines(best: Appraisal, mine: Appraisal, drawing: bool, look: int) -> list[str]:
    """Why the expert's top play beats ``mine``: the verdict first (the differences that
    decide it, so a short panel keeps it), then each one's score, leave and reply risk,
    or the margin a play that closes the board ends the game by. The expert weighs the
    reply only for its best ``look`` plays by score and leave, so a play it did not look
    at may rate higher (one that closes the board ahead, say), and the verdict says so."""

    def worth(a: Appraisal) -> str:
        if a.closing is not None:
            return f"{a.score} points, {closing_text(a)}"
        risk = "" if a.risk is None else f", the reply it fears {a.risk:.1f}"
        return f"{a.score} points, {keeps_text(a, drawing)}{risk}: {a.total:.1f} in all"

    if mine.play == best.play:
        return [f"Your play, {typed_form(mine.play)}, is the expert's own choice: {worth(mine)}."]
    if best.closing is not None or mine.closing is not None:  # no reply, the game ends

        def ends(a: Appraisal) -> str:
            return closing_text(a) if a.closing is not None else f"plays on ({a.total:.1f} in all)"

        said = f"{ends(best)}; yours {ends(mine)}."
    else:
        reasons = []
        if best.score != mine.score:
            reasons.append(f"scores {best.score - mine.score:+d} now")
        if abs(best.leave - mine.leave) >= 0.05:
            reasons.append(f"keeps tiles worth {best.leave - mine.leave:+.1f}")
        if best.risk is not None and mine.risk is not None and abs(best.risk - mine.risk) >= 0.05:
            more = best.risk - mine.risk
            reasons.append(f"risks {abs(more):.1f} {'more' if more > 0 else 'less'} on the reply")
        total = f"{best.total - mine.total:+.1f} in all"
        said = f"{', '.join(reasons) or 'differs by a hair'}: {total}."
    if mine.total > best.total:  # only a play outside the look can rate higher
        verdict = [
            f"Yours rates higher: the expert weighs the reply only for its best {look} "
            "plays by score and leave, and yours was not among them.",
            f"Against yours, its choice {said}",
        ]
    else:
        verdict = [f"The expert's choice {said}"]
    return [
        *verdict,
        f"The expert's choice: {typed_form(best.play)}: {worth(best)}.",
        f"Yours: {typed_form(mine.play)}: {worth(mine)}.",
    ]


class Hints:
    """?, 1-9 on a hint, and w: the expert's valuation of the plays, asked for."""

    game: TileGame
    hints: list[Appraisal] | None
    laid: list[Placement]
    typing: str | None
    cursor: int
    message: str
    looked: int = 0
    """How many plays the hints' expert looked a turn further at (the same tiles for the
    same score shown once, so fewer may be listed)."""
    _why: list[str] | None = None

    if TYPE_CHECKING:

        @property
        def stage(self) -> Stage: ...

        @property
        def seat(self) -> int: ...

        @property
        def joker(self) -> bool: ...

        @property
        def preview(self) -> Preview | None: ...

    @property
    def drawing(self) -> bool:
        """Whether the player to move draws again after a play (their bag has tiles)."""
        return len(self.game.bag_of(self.seat)) > 0

    def hint(self) -> None:
        """?: the best plays by the expert's own valuation (score, leave, the reply it
        fears), best first; with no play, the exchange it would make and why."""
        if self.stage is not Stage.PLAY:
            return
        self.why = None
        advisor = built_in_expert()
        view = self.game.observation(self.seat)
        ranked = advisor.ranked(view)
        self.looked = sum(1 for a in ranked if a.risk is not None)
        distinct: dict[tuple[object, ...], Appraisal] = {}
        for appraisal in ranked:  # the same tiles in another order along a line: the best
            distinct.setdefault(same_play(appraisal), appraisal)
        hints = list(distinct.values())[:HINTS]
        # Those outside the look were not asked whether they close the board: ask.
        self.hints = [
            a if a.risk is not None else replace(a, closing=closing_margin(view, a.scored))
            for a in hints
        ]
        if not ranked:
            self.message = self._exchange_advice(advisor.exchange_choice(view))

    def _exchange_advice(self, choice: ExchangeChoice) -> str:
        """With no play: the expert's exchange (or pass) and why."""
        if isinstance(choice.action, Pass):
            return "No play, and the bag is too short to exchange: pass (p)."
        kept = format_tiles(choice.kept) or "nothing"
        return (
            f"No play. The expert would exchange {format_tiles(choice.action.tiles)} "
            f"(x, then mark them) and keep {kept}: the best leave it can keep "
            f"({choice.value:+.1f} points on later turns). Or pass (p)."
        )

    def lay_hint(self, number: int) -> None:
        """1-9 while the hints are shown: lay hint ``number`` (from 0) on the board."""
        if self.hints is None or not 0 <= number < len(self.hints):
            return
        chosen = self.hints[number]
        self.laid = list(chosen.play.placements)
        self.typing = None
        self.hints = None
        self.why = None
        self.cursor = self.laid[-1][0]

    def explain_why(self) -> None:
        """w: why the expert's top play beats the play laid (score, leave, reply risk)."""
        if self.stage is not Stage.PLAY or self.joker:
            if self.joker:
                self.message = "In a Joker game the hints do not count for you: no w."
            return
        preview = self.preview
        if preview is None or not isinstance(preview.action, Play) or preview.score is None:
            self.message = "Lay a legal play first (or one of the hints), then w compares it."
            return
        advisor = built_in_expert()
        view = self.game.observation(self.seat)
        ranked = advisor.ranked(view)
        best = ranked[0]
        mine = next((a for a in ranked if a.play == preview.action), None)
        if mine is None:  # a play the ranking lists under another order of squares
            mine = advisor.appraise(view, [ScoredPlay(preview.action, preview.score.total)])[0]
        if best.risk is not None and mine.risk is None and mine.closing is None:
            # Outside the look: weighed as the look weighs a play, over its racks.
            closing = closing_margin(view, mine.scored)
            if closing is not None:
                mine = replace(mine, risk=0.0, closing=closing)
            else:
                racks = advisor.opponent_racks(view)
                risk = reply_cost(view, mine.play, racks, best_replies(view, racks))
                mine = replace(mine, risk=risk)
        self.why = why_lines(best, mine, self.drawing, advisor.shortlist)

    @property
    def why(self) -> list[str] | None:
        """The comparison ``w`` made (None: none shown)."""
        return self._why

    @why.setter
    def why(self, lines: list[str] | None) -> None:
        self._why = lines
