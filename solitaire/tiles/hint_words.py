"""The tile hints' words, as ``?``, ``w`` and the review say them: each play's value as a
sum of parts that adds up as shown (tenths apportioned by the core's rounding), what it
keeps, and the play as it may be typed. Plain text, read by the tile game's screen
(:mod:`solitaire.ui.tiles.advice`) and its grader (:mod:`solitaire.tiles.grading`) alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire.core.rounding import apportion
from solitaire.tiles.board import square_name
from solitaire.tiles.moves import Play
from solitaire.tiles.players import Appraisal
from solitaire.tiles.tiles import format_tiles

__all__ = [
    "closing_text",
    "hint_text",
    "keeps_text",
    "split_tenths",
    "sum_text",
    "tenths_text",
    "typed_form",
    "value_parts",
]


def split_tenths(parts: Sequence[float]) -> list[int]:
    """``parts`` in tenths, each rounded to the nearest or the next nearest tenth so that
    they sum to their total rounded (the largest remainders rounded up): what is shown
    adds up as shown. Whole parts (a score) stay whole.

    >>> split_tenths([12, 2.14, -5.04])  # 9.1 in all: 12 + 2.1 - 5.0
    [120, 21, -50]
    >>> split_tenths([0.14, 0.14, 0.14])  # 0.42 is shown 0.4: one part gives way
    [2, 1, 1]
    """
    return list(apportion(parts, scale=10))


def tenths_text(tenths: int, *, sign: bool = True) -> str:
    """A count of tenths as ``+2.1`` (``2.1`` without ``sign``), exactly."""
    whole, tenth = divmod(abs(tenths), 10)
    mark = "-" if tenths < 0 else "+" if sign else ""
    return f"{mark}{whole}.{tenth}"


def sum_text(parts: Sequence[tuple[float, str]], total: str = "in all") -> str:
    """Parts and their total as a sum that adds up as shown: ``12 now +2.1 leave -5.0
    reply = 9.1 in all`` (each part's value and name; the first, the score now, whole)."""
    tenths = split_tenths([value for value, _ in parts])
    said = []
    for index, ((value, name), part) in enumerate(zip(parts, tenths, strict=True)):
        if index == 0 and float(value).is_integer():
            said.append(f"{int(value)} {name}")
        else:
            said.append(f"{tenths_text(part)} {name}")
    return f"{' '.join(said)} = {tenths_text(sum(tenths), sign=False)} {total}"


def keeps_text(appraisal: Appraisal, drawing: bool) -> str:
    """What a play keeps: ``keeps 3D 7L``, ``keeps nothing`` while the player still draws
    (``drawing``), or ``goes out`` with the bag empty."""
    kept = appraisal.kept
    if not kept and not drawing:
        return "goes out"
    return f"keeps {format_tiles(kept) or 'nothing'}"


def _leave_name(appraisal: Appraisal, drawing: bool) -> str:
    """What the leave's part of a sum is: the leave's value while drawing, the tiles kept
    at the end once the bag is empty, the others' tiles when going out."""
    if drawing:
        return "leave"
    return "the others' tiles" if not appraisal.kept else "at the end"


def value_parts(appraisal: Appraisal, drawing: bool) -> tuple[list[tuple[float, str]], str]:
    """The parts of a play's value and what their sum is called: searched to the end,
    ``score now + the rest of the game``; looked a turn further, ``score now + leave -
    reply`` (and the chance of winning, when judged by it); not looked at, ``score now +
    leave`` before the reply."""
    a = appraisal
    if a.rest is not None:
        return [(a.score, "now"), (a.rest, "to the end")], "in all"
    parts: list[tuple[float, str]] = [(a.score, "now"), (a.leave, _leave_name(a, drawing))]
    if a.risk is None:
        return parts, "before the reply"
    parts.append((-a.risk, "reply"))
    if a.chance is not None:
        parts.append((a.total - a.value + a.risk, "for the chance of winning"))
    return parts, "in all"


def hint_text(appraisal: Appraisal, drawing: bool) -> str:
    """One hint's words after its play: what it keeps, then its value as a sum of its
    parts (``keeps 3D 7L · 12 now +2.1 leave -5.0 reply = 9.1 in all``); a play that
    closes the board its score and by how much the game ends; one searched to the end
    ``5 now -19 to the end = -14 in all``, both players at their best."""
    if appraisal.rest is not None:
        rest = appraisal.rest
        return (
            f"{keeps_text(appraisal, drawing)} · {appraisal.score} now {rest:+d} to the end "
            f"= {appraisal.score + rest} in all"
        )
    if appraisal.closing is not None:
        return f"{appraisal.score} now · {closing_text(appraisal)}"
    parts, called = value_parts(appraisal, drawing)
    return f"{keeps_text(appraisal, drawing)} · {sum_text(parts, called)}"


def closing_text(appraisal: Appraisal) -> str:
    """A play that closes the board: ``closes the board, ending the game ahead by 3.6``
    (the final margin the planner expects over the best of the others)."""
    margin = appraisal.closing
    assert margin is not None
    side = "ahead" if margin >= 0 else "behind"
    return f"closes the board, ending the game {side} by {abs(margin):.1f}"


def typed_form(play: Play) -> str:
    """A play as it may be typed: ``E3 down 4D 7L 9D/6 JD`` (the first square, the way, the
    tiles laid; squares already holding a tile are skipped when it is read back)."""
    size = play.size
    squares = play.squares
    down = len(squares) > 1 and squares[0] % size == squares[1] % size
    tiles = [
        f"{tile}/{face}" if face != tile.rank else str(tile) for _, tile, face in play.placements
    ]
    return f"{square_name(squares[0], size)} {'down' if down else 'across'} {' '.join(tiles)}"
