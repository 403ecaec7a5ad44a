"""Breakdowns read off rendered text: every place a coach shows parts making a whole.

Each reader takes the text a screen or a command prints (rendered, not the model) and
returns the :class:`Breakdown` s it finds: the whole as written, and the parts as written
with the sign the words give them. A full breakdown's parts add up to its whole; a
partial one (``1.25 of it ...``) names parts that come to no more than it. The readers
are shared: any game's test can run its screens through :func:`breakdowns` (the tile
game's hints can add their readers here).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

__all__ = [
    "READERS",
    "Breakdown",
    "breakdowns",
    "flat",
    "hundredths_of",
    "unbalanced",
]

NUM = r"[+-]?\d+\.\d\d"


def hundredths_of(number: str) -> int:
    """``-1.20`` as -120."""
    sign = -1 if number.startswith("-") else 1
    whole, cents = number.lstrip("+-").split(".")
    return sign * (int(whole) * 100 + int(cents))


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A whole and its parts as written (hundredths); ``partial``: the parts are some of it."""

    kind: str
    whole: int
    parts: tuple[int, ...]
    text: str
    partial: bool = False

    @property
    def adds_up(self) -> bool:
        """The parts make the whole (a partial breakdown: no more than it, each part too)."""
        if self.partial:
            return all(0 <= part <= self.whole for part in self.parts) and sum(self.parts) <= (
                self.whole
            )
        return sum(self.parts) == self.whole


def flat(text: str) -> str:
    """The text with every run of spaces and line breaks made one space: a sentence wrapped
    over lines, or under a table's label column, read as one line."""
    return re.sub(r"\s+", " ", text)


Reader = Callable[[str], list[Breakdown]]


def _reply(text: str) -> list[Breakdown]:
    """The play coach: ``their reply pegs 2.23 on average: 1.10 from 15-2 and a run of 3
    (22%), 0.75 from a run of 3 (25%), 0.38 from a pair (19%)``; one row's shorter form
    ``their reply 1.65, 1.25 of it a pair (25%)``."""
    found = []
    item = rf"{NUM} from [^()]+? \(\d+%\)"
    for match in re.finditer(rf"their reply pegs ({NUM}) on average: ({item}(?:, {item})*)", text):
        parts = tuple(hundredths_of(n) for n in re.findall(rf"({NUM}) from ", match[2]))
        found.append(Breakdown("reply", hundredths_of(match[1]), parts, match[0]))
    for match in re.finditer(rf"their reply ({NUM}), ({NUM}) of it", text):
        parts = (hundredths_of(match[2]),)
        found.append(Breakdown("reply", hundredths_of(match[1]), parts, match[0], partial=True))
    # an older form, listing shares alone: a breakdown that cannot be checked is a fault
    for match in re.finditer(rf"their reply pegs ({NUM}) on average \(", text):
        found.append(Breakdown("reply", hundredths_of(match[1]), (), match[0]))
    return found


def _play_cost(text: str) -> list[Breakdown]:
    """The play coach's cost line: ``laying the 5♥ cost 1.30 points on average, 0.76 of it
    their 15-2 (...); the 9♣ was best.``, or with what other parts gained back: ``cost 1.38
    points on average: 1.75 lost in the rest of the play, 0.37 gained in their reply``."""
    found = []
    for match in re.finditer(
        rf"laying the \S+ cost ({NUM}) points on average(.*?) was best\.", text
    ):
        whole, said = hundredths_of(match[1]), match[2]
        if said.startswith(":"):
            lost = [hundredths_of(n) for n in re.findall(rf"({NUM}) lost ", said)]
            gained = [hundredths_of(n) for n in re.findall(rf"({NUM}) gained ", said)]
            found.append(Breakdown("play cost", whole, (*lost, *(-g for g in gained)), match[0]))
        else:
            parts = tuple(hundredths_of(n) for n in re.findall(rf"({NUM}) of it ", said))
            found.append(Breakdown("play cost", whole, parts, match[0], partial=True))
    return found


def _discard_cost(text: str) -> list[Breakdown]:
    """The discard coach's cost line: ``cost 1.23 points on average (0.50 in the hand, 0.90
    in the crib; it saved 0.17 in the play)`` or near the end ``(in points 1.23: ...)``."""
    found = []
    where = r"in the (?:hand|crib|play)"
    said = rf"(?:{NUM} {where}|, | and |; it saved |it saved )+"
    pattern = rf"(?:cost ({NUM}) points on average \(|\(in points ({NUM}): )({said})\)"
    for match in re.finditer(pattern, text):
        cost, _, saved = match[3].partition("it saved")
        parts = [hundredths_of(n) for n in re.findall(rf"({NUM}) {where}", cost)]
        parts += [-hundredths_of(n) for n in re.findall(rf"({NUM}) {where}", saved)]
        found.append(
            Breakdown("discard cost", hundredths_of(match[1] or match[2]), tuple(parts), match[0])
        )
    return found


def _discard_why(text: str) -> list[Breakdown]:
    """The discard coach's why: ``... by 1.23 points a deal: 0.50 more in the hand, 0.90 less
    to their crib, 0.17 less in the play``; then the play's fitted features: ``pegs +0.35 net
    on average, 5♥ 6♣ 7♦ 8♠ +0.10: one more five (+0.20); two pairs fewer (+0.05)``."""
    found = []
    crib = {"more from your crib": 1, "less from your crib": -1, "less to their crib": 1}
    crib["more to their crib"] = -1
    pattern = (
        rf"({NUM}) (?:points a deal|better than [^:]*?): ({NUM}) (more|less) in the hand, "
        rf"({NUM}) (more from your crib|less from your crib|less to their crib|more to their "
        rf"crib), ({NUM}) (more|less) in the play"
    )
    for m in re.finditer(pattern, text):
        sign = {"more": 1, "less": -1}
        parts = (
            sign[m[3]] * hundredths_of(m[2]),
            crib[m[5]] * hundredths_of(m[4]),
            sign[m[7]] * hundredths_of(m[6]),
        )
        found.append(Breakdown("discard why", hundredths_of(m[1]), parts, m[0]))
    features = rf"((?:[^();]+ \({NUM}\)(?:; )?)+)"
    for m in re.finditer(rf"pegs ({NUM}) net on average, [^:]*? ({NUM}): {features}\.", text):
        changes = tuple(hundredths_of(n) for n in re.findall(rf"\(({NUM})\)", m[3]))
        found.append(
            Breakdown("play features", hundredths_of(m[1]) - hundredths_of(m[2]), changes, m[0])
        )
    return found


def _discard_rows(text: str) -> list[Breakdown]:
    """The discard coach's table, row by row: hand, crib and play make the total."""
    found = []
    for line in text.splitlines():
        m = re.search(rf"\s(\d+\.\d\d) +([+-]\d+\.\d\d) +([+-]\d+\.\d\d) +({NUM})(?:\s|$)", line)
        if m:
            parts = tuple(hundredths_of(m[i]) for i in (1, 2, 3))
            found.append(Breakdown("discard row", hundredths_of(m[4]), parts, line))
    return found


def _review(text: str) -> list[Breakdown]:
    """The match's review after a game: ``deal 3: 9♦ K♣ cost 1.23; best ... (hand 0.50 crib
    0.90 play -0.17)``, a play ``deal 3: 5♥ cost 0.62; best 3♥ (-1.60 against -0.98)``."""
    found = []
    for m in re.finditer(rf"deal \d+: [^;]*? cost ({NUM}); best [^(]*\((.*?)\)", text):
        whole, said = hundredths_of(m[1]), m[2]
        against = re.fullmatch(rf"({NUM}) against ({NUM})", said)
        if against:
            parts: tuple[int, ...] = (hundredths_of(against[2]), -hundredths_of(against[1]))
        else:
            parts = tuple(
                hundredths_of(n) for n in re.findall(rf"(?:hand|crib|play) ({NUM})", said)
            )
        found.append(Breakdown("review", whole, parts, m[0]))
    return found


def _heels(text: str) -> int | None:
    """The heels in every patience total, from the note under the table."""
    m = re.search(rf"= ({NUM}) each", flat(text))
    if m:
        return hundredths_of(m[1])
    if "no heels:" in text:
        return 0
    if "the known starter is a jack, 2 in each total" in flat(text):
        return 200
    return None


def _patience_rows(text: str) -> list[Breakdown]:
    """The patience's table of discards (``advise``, ``?``, ``a``): hand, crib and the heels
    of the note under it make each row's total."""
    heels = _heels(text)
    if heels is None:
        return []
    found = []
    for line in text.splitlines():
        m = re.search(r"\s(\d+\.\d\d) +(\d+\.\d\d) +(\d+\.\d\d)(?:\s|$)", line)
        if m:
            parts = (hundredths_of(m[1]), hundredths_of(m[2]), heels)
            found.append(Breakdown("patience row", hundredths_of(m[3]), parts, line))
    return found


def _patience_why(text: str) -> list[Breakdown]:
    """The patience's why: ``is worth 1.57 more than ...: 0.20 in the hand and 1.37 in your
    crib``, ``costs 0.20 in the hand but gives your crib 1.37 more than ...: 1.17 better in
    all``, ``gives your crib 0.14 less than ... but keeps 3.69 more in the hand: 3.55 better
    in all``."""
    found = []
    for m in re.finditer(
        rf"is worth ({NUM}) more than [^:]*: ({NUM}) in the hand and ({NUM}) in your crib", text
    ):
        parts = (hundredths_of(m[2]), hundredths_of(m[3]))
        found.append(Breakdown("patience why", hundredths_of(m[1]), parts, m[0]))
    for m in re.finditer(
        rf"costs ({NUM}) in the hand but gives your crib ({NUM}) more than [^:]*: "
        rf"({NUM}) better in all",
        text,
    ):
        parts = (-hundredths_of(m[1]), hundredths_of(m[2]))
        found.append(Breakdown("patience why", hundredths_of(m[3]), parts, m[0]))
    for m in re.finditer(
        rf"gives your crib ({NUM}) less than [^:]*? but keeps ({NUM}) more in the hand: "
        rf"({NUM}) better in all",
        text,
    ):
        parts = (hundredths_of(m[2]), -hundredths_of(m[1]))
        found.append(Breakdown("patience why", hundredths_of(m[3]), parts, m[0]))
    return found


def _patience_coaching(text: str) -> list[Breakdown]:
    """The patience's round coaching: ``you discarded ...: expected 18.35, scored 9 best was
    ...: expected 20.81, scored 12; you gave up 2.46``."""
    found = []
    pattern = (
        rf"you discarded [^:]*: expected ({NUM}), scored \d+ best was [^:]*: "
        rf"expected ({NUM}), scored \d+; you gave up ({NUM})"
    )
    for m in re.finditer(pattern, text):
        parts = (hundredths_of(m[2]), -hundredths_of(m[1]))
        found.append(Breakdown("given up", hundredths_of(m[3]), parts, m[0]))
    return found


def _patience_rounds(text: str) -> list[Breakdown]:
    """The patience's table of rounds (yours, the best, lost: the best less yours) and under
    it ``Expected points given up: X of the best discards' Y``, the sums of its columns."""
    found = []
    lost: list[int] = []
    bests: list[int] = []
    for line in text.splitlines():
        # rd, six cards held, yours, exp., got, best (or "same"), exp., got, lost
        row = rf"\s*\d\s+.*?\s({NUM})\s+\d+\s+(?:same|.*?\s({NUM})\s+\d+)\s+({NUM})\s*"
        m = re.fullmatch(row, line)
        if m:
            mine = hundredths_of(m[1])
            best = hundredths_of(m[2]) if m[2] else mine
            lost.append(hundredths_of(m[3]))
            bests.append(best)
            found.append(Breakdown("rounds table", lost[-1], (best, -mine), line))
    m = re.search(rf"Expected points given up: ({NUM}) of the best discards' ({NUM})", flat(text))
    if m and lost:
        found.append(Breakdown("game given up", hundredths_of(m[1]), tuple(lost), m[0]))
        found.append(Breakdown("game best", hundredths_of(m[2]), tuple(bests), m[0]))
    return found


READERS: dict[str, Reader] = {
    "reply": _reply,
    "play cost": _play_cost,
    "discard cost": _discard_cost,
    "discard why": _discard_why,
    "review": _review,
    "patience why": _patience_why,
    "given up": _patience_coaching,
}
TABLES: dict[str, Reader] = {
    "discard row": _discard_rows,
    "patience row": _patience_rows,
    "rounds table": _patience_rounds,
}


def breakdowns(text: str) -> list[Breakdown]:
    """Every breakdown in a rendered text: sentences read flat, tables row by row."""
    found = [b for read in READERS.values() for b in read(flat(text))]
    return found + [b for read in TABLES.values() for b in read(text)]


def unbalanced(found: Iterable[Breakdown]) -> list[Breakdown]:
    """The breakdowns whose parts do not make their whole."""
    return [b for b in found if not b.adds_up]
