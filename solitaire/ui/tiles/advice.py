"""The planner's advice at the tile game's keyboard (the strongest level's valuation): the
best plays (?), the exchange to make when there is no play, and why the planner's top
play beats the one laid (w). A part :class:`~solitaire.ui.tiles.session.TileSession`
owns, built on its :class:`~solitaire.ui.tiles.table.Table`, with the words it says;
every value is said as the sum of its parts, rounded so that they add up as shown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from solitaire.tiles.grading import appraised
from solitaire.tiles.hint_words import (
    closing_text,
    hint_text,
    keeps_text,
    split_tenths,
    sum_text,
    tenths_text,
    typed_form,
    value_parts,
)
from solitaire.tiles.moves import Pass, Play
from solitaire.tiles.planner import built_in_planner
from solitaire.tiles.players import (
    Appraisal,
    ExchangeChoice,
    closing_margin,
    same_play,
)
from solitaire.tiles.tiles import format_tiles
from solitaire.ui.tiles.draft import Preview
from solitaire.ui.tiles.table import Table

__all__ = [
    "HINTS",
    "Advice",
    "closing_text",
    "distinct_plays",
    "hint_text",
    "keeps_text",
    "split_tenths",
    "sum_text",
    "why_lines",
]

HINTS: Final = 9  # best plays the hint keeps (keys 1-9; the screen shows those that fit)
ADVISOR: Final = "planner"  # the level whose valuation the hints show: the strongest


def _differences(best: Appraisal, mine: Appraisal, drawing: bool) -> tuple[list[str], int]:
    """What makes the planner's choice better than ``mine``, each difference in words with
    its sign: the difference of the parts each play's sum shows, so that they add up to
    the difference of the totals shown (also returned, in tenths); differences shown as
    0.0 are left out."""
    ours, theirs = (value_parts(a, drawing)[0] for a in (best, mine))
    exact = best.rest is not None and mine.rest is not None
    if exact:  # whole points: said whole
        words = ["scores {} now", "the rest of the game {}"]
    else:
        words = ["scores {} now", "keeps tiles worth {}", "{} on the reply", "chance {}"]
        ours, theirs = (_padded(parts) for parts in (ours, theirs))
    shown = [split_tenths([value for value, _ in parts]) for parts in (ours, theirs)]
    tenths = [a - b for a, b in zip(*shown, strict=True)]
    said = []
    for index, (part, word) in enumerate(zip(tenths, words, strict=True)):
        if not part:
            continue
        if index == 0 or exact:
            said.append(word.format(f"{part // 10:+d}"))
        elif word.startswith("{}"):
            more = "more" if part < 0 else "less"
            said.append(word.format(f"risks {tenths_text(abs(part), sign=False)} {more}"))
        elif word.startswith("chance"):
            said.append(f"its chance of winning is worth {tenths_text(part)}")
        else:
            said.append(word.format(tenths_text(part)))
    return said, sum(tenths)


def _padded(parts: list[tuple[float, str]]) -> list[tuple[float, str]]:
    """A look's parts as four: score, leave, reply and chance (0 where the sum has none)."""
    padded = [*parts, *[(0.0, "")] * (4 - len(parts))]
    return padded[:4]


def why_lines(best: Appraisal, mine: Appraisal, drawing: bool, look: int) -> list[str]:
    """Why the planner's top play beats ``mine``: the verdict first (the differences that
    decide it, each shown as a part of the whole difference, so that they add up as
    shown, and a short panel keeps it), then each play's value as the sum of its parts,
    or the margin a play that closes the board ends the game by. The planner weighs the
    reply only for its best ``look`` plays by score and leave, so a play it did not look
    at may rate higher (one that closes the board ahead, say), and the verdict says so.
    Once the bag is empty and the endgame searched, both are valued to the end."""

    def worth(a: Appraisal) -> str:
        return hint_text(a, drawing)

    if mine.play == best.play:
        return [
            f"Your play, {typed_form(mine.play)}, is the {ADVISOR}'s own choice: {worth(mine)}."
        ]
    if best.closing is not None or mine.closing is not None:  # no reply, the game ends

        def ends(a: Appraisal) -> str:
            if a.closing is not None:
                return closing_text(a)
            return f"plays on ({tenths_text(round(a.total * 10), sign=False)} in all)"

        said = f"{ends(best)}; yours {ends(mine)}."
    else:
        reasons, tenths = _differences(best, mine, drawing)
        whole = best.rest is not None and mine.rest is not None
        total = f"{tenths // 10:+d} in all" if whole else f"{tenths_text(tenths)} in all"
        said = f"{', '.join(reasons) or 'differs by a hair'}: {total}."
    if mine.total > best.total:  # only a play outside the look can rate higher
        verdict = [
            f"Yours rates higher: the {ADVISOR} weighs the reply only for its best {look} "
            "plays by score and leave, and yours was not among them.",
            f"Against yours, its choice {said}",
        ]
    else:
        verdict = [f"The {ADVISOR}'s choice {said}"]
    return [
        *verdict,
        f"The {ADVISOR}'s choice: {typed_form(best.play)}: {worth(best)}.",
        f"Yours: {typed_form(mine.play)}: {worth(mine)}.",
    ]


class Advice:
    """?, 1-9 on a hint, and w: the planner's valuation of the plays, asked for."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.hints: list[Appraisal] | None = None
        """The best plays ``?`` listed (None: none shown)."""
        self.why: list[str] | None = None
        """The comparison ``w`` made (None: none shown)."""
        self.looked = 0
        """How many plays the hints' planner looked a turn further at (the same tiles for
        the same score shown once, so fewer may be listed)."""

    def clear(self) -> None:
        """Close the hints and the comparison."""
        self.hints = None
        self.why = None

    @property
    def drawing(self) -> bool:
        """Whether the player to move draws again after a play (their bag has tiles)."""
        return len(self.table.game.bag_of(self.table.seat)) > 0

    def hint(self) -> str | None:
        """?: the best plays by the planner's own valuation (:meth:`Planner.ranked`: score,
        leave and the reply it fears, or once the bag is empty the rest of the game
        searched), best first, each play once; with no play, the exchange it would make
        and why (returned, for the message line)."""
        self.why = None
        advisor = built_in_planner()
        view = self.table.game.observation(self.table.seat)
        ranked = advisor.ranked(view)
        self.looked = sum(1 for a in ranked if a.risk is not None)
        hints = distinct_plays(ranked)[:HINTS]
        # Those outside the look were not asked whether they close the board: ask.
        self.hints = [
            a
            if a.risk is not None or a.rest is not None
            else replace(a, closing=closing_margin(view, a.scored))
            for a in hints
        ]
        if not ranked:
            return self._exchange_advice(advisor.expert.exchange_choice(view))
        return None

    def _exchange_advice(self, choice: ExchangeChoice) -> str:
        """With no play: the planner's exchange (or pass) and why."""
        if isinstance(choice.action, Pass):
            return "No play, and the bag is too short to exchange: pass (p)."
        kept = format_tiles(choice.kept) or "nothing"
        return (
            f"No play. The {ADVISOR} would exchange {format_tiles(choice.action.tiles)} "
            f"(x, then mark them) and keep {kept}: the best leave it can keep "
            f"({choice.value:+.1f} points on later turns). Or pass (p)."
        )

    def take_hint(self, number: int) -> Play | None:
        """1-9 while the hints are shown: hint ``number`` (from 0)'s play, the hints closed
        (None: no such hint)."""
        if self.hints is None or not 0 <= number < len(self.hints):
            return None
        chosen = self.hints[number]
        self.clear()
        return chosen.play

    def explain_why(self, preview: Preview | None) -> str | None:
        """w: why the planner's top play beats the play laid (score, leave, reply risk; or
        score and the rest of the game, once the bag is empty); with no legal play laid,
        the line saying so."""
        if preview is None or not isinstance(preview.action, Play) or preview.score is None:
            return "Lay a legal play first (or one of the hints), then w compares it."
        advisor = built_in_planner()
        view = self.table.game.observation(self.table.seat)
        best, mine = appraised(advisor, view, preview.action)
        self.why = why_lines(best, mine, self.drawing, advisor.expert.shortlist)
        return None


def distinct_plays(ranked: Sequence[Appraisal]) -> list[Appraisal]:
    """The ranked plays, each play once: of the placings of the same tiles for the same
    score (another order along the line, or another place), the best ranked."""
    distinct: dict[tuple[object, ...], Appraisal] = {}
    for appraisal in ranked:
        distinct.setdefault(same_play(appraisal), appraisal)
    return list(distinct.values())
