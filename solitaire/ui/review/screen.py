"""The review screen the games share, drawn with rich from a session's
:class:`~solitaire.ui.review.steps.Reviewing`: while the review is worked out, how far it
is; then the seats' figures (the same tables ``cribsol review`` prints), or one decision
at a time (where it was, the choice beside the best, its cost and grade, the coach's why)
over the position it was made in, drawn by the game (``board``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from solitaire.core.review import Decision, GameReview, SeatReview
from solitaire.core.rounding import hundredths, to_hundredths
from solitaire.ui.review.steps import KEYS_LINE, Reviewing, ReviewSteps
from solitaire.ui.review.views import chance_words, kinds_table, moment, seats_table

__all__ = ["ReviewScreen", "seat_line"]

Board = Callable[[Decision], RenderableType | None]
Around = Callable[[Decision, RenderableType], RenderableType | None]
"""A decision drawn whole by its game: its position with the decision's words (given)
placed in it, e.g. beside a board too tall for the words to go above it."""


def seat_line(seat: SeatReview) -> Text:
    """A seat's figures on one line: accuracy, points lost in all and a deal."""
    line = Text(f"{seat.name}: ", style="title")
    line.append(f"accuracy {seat.accuracy:.1%}, lost {hundredths(to_hundredths(seat.lost))}")
    line.append(f" ({hundredths(to_hundredths(seat.lost_per_deal))} a deal)")
    if seat.lost_chance:
        line.append(f", chance lost {seat.lost_chance:.1%}")
    return line


class ReviewScreen:
    """The whole screen while a session's review is shown."""

    def __init__(
        self,
        reviewing: Reviewing[Any],
        title: str,
        board: Board,
        message: str = "",
        around: Around | None = None,
    ) -> None:
        self.reviewing = reviewing
        self.title = title
        self.board = board
        self.message = message
        self.around = around

    def _figures(self, review: GameReview) -> list[RenderableType]:
        parts: list[RenderableType] = [seats_table(review)]
        for seat in review.seats:
            parts.append(Text(f"{seat.name}: points lost by kind", style="title"))
            parts.append(kinds_table(seat))
        parts.append(Text("Right: the first decision; m: the first mistake.", style="muted"))
        return parts

    def _decision(self, steps: ReviewSteps, decision: Decision) -> list[RenderableType]:
        review = steps.review
        names = [seat.name for seat in review.seats]
        whose = "yours" if steps.yours_only else "every seat's"
        order = "costliest first" if steps.costliest else "as played"
        place = Text(f"Decision {steps.index + 1} of {len(steps.shown())}", style="title")
        place.append(f" ({whose}, {order})", style="muted")
        parts: list[RenderableType] = [place, *map(seat_line, review.seats), Text("")]
        said = moment(decision, names, chance_words(review))
        whole = None if self.around is None else self.around(decision, said)
        if whole is not None:
            return [*parts, whole]
        parts.append(said)
        board = self.board(decision)
        if board is not None:
            parts += [Text(""), board]
        return parts

    def __rich__(self) -> RenderableType:
        reviewing = self.reviewing
        parts: list[RenderableType] = [Text(self.title, style="title")]
        steps = reviewing.steps
        job = reviewing.job
        if steps is None:
            status = job.status() if job is not None else "No review: the game is not over."
            parts += [Text(status, style="warn" if job and job.failed else "muted")]
        elif steps.current is None:
            parts += self._figures(steps.review)
        else:
            parts += self._decision(steps, steps.current)
        if job is not None and job.not_kept:
            parts.append(Text(job.not_kept, style="warn"))
        if self.message:
            parts.append(Text(self.message, style="warn"))
        parts.append(Text(KEYS_LINE, style="muted"))
        return Group(*parts)
