"""Every legal play for a rack on a board, with its score, the way word-game engines find them.

A play fills the empty squares of one *span*: a stretch of at most five squares
of one row or column whose ends are not next to a tile (the whole line it makes).
Spans are tried only where they touch the tiles already down (the anchor squares),
and each empty square carries a *cross-check*: the tiles above and below it (or
left and right), which fix the crossing line a tile there would make. A tile is
kept only when it is in a fifteen, pair or run of its own line or its crossing
line, and the totals come from the line table, so each arrangement costs a few
lookups. Single tiles are generated along rows only, so no play is listed twice.

:func:`check_play` in :mod:`solitaire.tiles.moves` is the slow, plain statement of
the same rules; the tests hold the two equal on small and random boards.

>>> from solitaire.tiles.board import parse_square
>>> from solitaire.tiles.tiles import parse_tiles
>>> board = Board()
>>> plays = generate(board, parse_tiles("7D 8D 2L 3L 4L"), through=parse_square("G7"))
>>> max(p.score for p in plays)  # 7+8, 3+4+8, the run 2-3-4, first play, all five
27
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations, product

from solitaire.tiles.board import ACROSS, DOWN, Board, Placement
from solitaire.tiles.moves import Play
from solitaire.tiles.scoring import BONUS, LINE_KEY, MAX_LINE, line_info
from solitaire.tiles.tiles import RACK_SIZE, Tile

__all__ = ["ScoredPlay", "centre", "generate", "has_play"]


@dataclass(frozen=True, slots=True)
class ScoredPlay:
    """A legal play and its total score."""

    play: Play
    score: int


def centre(board: Board) -> int:
    """The middle square, where the computer players open."""
    middle = board.size // 2
    return middle * board.size + middle


Arrangement = tuple[tuple[Tile, ...], tuple[int, ...]]
# (face key, dark tiles) -> (bit mask of the faces, the arrangements with that multiset)
Groups = dict[tuple[int, int], tuple[int, list[Arrangement]]]


def _groups(rack: Sequence[Tile], k: int) -> Groups:
    """Distinct ordered choices of ``k`` rack tiles with every face, grouped by multiset."""
    groups: Groups = {}
    for perm in sorted(set(permutations(rack, k))):
        dark = sum(t.dark for t in perm)
        for faces in product(*(t.faces for t in perm)):
            key = (sum(LINE_KEY[f] for f in faces), dark)
            mask = 0
            for f in faces:
                mask |= 1 << f
            entry = groups.setdefault(key, (mask, []))
            entry[1].append((perm, faces))
    return groups


def _make_play(placements: tuple[Placement, ...], size: int) -> Play:
    play = object.__new__(Play)
    object.__setattr__(play, "placements", placements)
    object.__setattr__(play, "size", size)
    return play


def _cross_checks(board: Board, direction: int) -> tuple[list[int], list[int], list[int]]:
    """For each square: length, table key and dark count of the tiles crossing it."""
    n, faces, colours = board.size, board.faces, board.colours
    cells = n * n
    length, key, dark = [0] * cells, [0] * cells, [0] * cells
    step = n if direction == ACROSS else 1  # crossing lines run the other way
    for square in range(cells):
        if faces[square]:
            continue
        row, col = divmod(square, n)
        for sign in (-1, 1):
            r, c = row, col
            while True:
                if step == n:
                    r += sign
                else:
                    c += sign
                if not (0 <= r < n and 0 <= c < n):
                    break
                other = r * n + c
                face = faces[other]
                if not face:
                    break
                length[square] += 1
                key[square] += LINE_KEY[face]
                dark[square] += colours[other] == 2
    return length, key, dark


def generate(board: Board, rack: Sequence[Tile], *, through: int | None = None) -> list[ScoredPlay]:
    """Every legal play with its score; on an empty board only plays covering ``through``
    when it is given (every opening is the same up to where it lies)."""
    n, faces, colours = board.size, board.faces, board.colours
    first = board.is_empty
    groups = {k: _groups(rack, k) for k in range(1, min(len(rack), RACK_SIZE) + 1)}
    found: list[ScoredPlay] = []
    for direction in (ACROSS, DOWN):
        cross_len, cross_key, cross_dark = _cross_checks(board, direction)
        for index in range(n):
            if direction == ACROSS:
                line = [index * n + c for c in range(n)]
            else:
                line = [r * n + index for r in range(n)]
            for s in range(n):
                if s > 0 and faces[line[s - 1]]:
                    continue
                empties: list[int] = []
                base_key = base_len = base_dark = 0
                touches = False
                for e in range(s, min(s + MAX_LINE, n)):
                    square = line[e]
                    if faces[square]:
                        base_key += LINE_KEY[faces[square]]
                        base_len += 1
                        base_dark += colours[square] == 2
                        touches = True
                    else:
                        if cross_len[square] >= MAX_LINE or len(empties) == len(rack):
                            break
                        empties.append(square)
                        touches = touches or cross_len[square] > 0
                    if e + 1 < n and faces[line[e + 1]]:
                        continue
                    k = len(empties)
                    if not k or (k == 1 and direction == DOWN):
                        continue
                    if first:
                        if k < 2 or (through is not None and through not in empties):
                            continue
                    elif not touches:
                        continue
                    _fill(
                        found,
                        groups[k],
                        empties,
                        e - s + 1,
                        base_key,
                        base_dark,
                        cross_len,
                        cross_key,
                        cross_dark,
                        BONUS * first + BONUS * (k == RACK_SIZE),
                        n,
                    )
    return found


def _fill(
    found: list[ScoredPlay],
    groups: Groups,
    empties: list[int],
    span: int,
    base_key: int,
    base_dark: int,
    cross_len: list[int],
    cross_key: list[int],
    cross_dark: list[int],
    extra: int,
    size: int,
) -> None:
    """Add every legal arrangement of rack tiles on the empty squares of one span."""
    k = len(empties)
    crossed = [(i, square) for i, square in enumerate(empties) if cross_len[square]]
    base_light = span - k - base_dark
    for (face_key, dark), (face_mask, members) in groups.items():
        if span >= 2:
            points, scoring = line_info(base_key + face_key)
            if span == MAX_LINE and (base_dark + dark == span or base_light + k - dark == span):
                points += BONUS
        else:
            points, scoring = 0, 0
        points += extra
        if not crossed:
            if face_mask & ~scoring:
                continue
            for perm, fs in members:
                placements = tuple(zip(empties, perm, fs, strict=True))
                found.append(ScoredPlay(_make_play(placements, size), points))
            continue
        for perm, fs in members:
            total = points
            for i, square in crossed:
                face = fs[i]
                cross_points, cross_scoring = line_info(cross_key[square] + LINE_KEY[face])
                total += cross_points
                length, cdark = cross_len[square], cross_dark[square]
                if length == MAX_LINE - 1 and cdark == (length if perm[i].dark else 0):
                    total += BONUS
                if not (cross_scoring >> face) & 1 and not (scoring >> face) & 1:
                    break
            else:
                if all((scoring >> fs[i]) & 1 for i in range(k) if not cross_len[empties[i]]):
                    placements = tuple(zip(empties, perm, fs, strict=True))
                    found.append(ScoredPlay(_make_play(placements, size), total))


def has_play(board: Board, rack: Sequence[Tile]) -> bool:
    """Whether any play is legal (an opening is tried through the centre only)."""
    return bool(generate(board, rack, through=centre(board) if board.is_empty else None))
