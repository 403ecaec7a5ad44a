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

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement, permutations, product
from typing import Final

from solitaire.tiles.board import ACROSS, DOWN, Board, Placement
from solitaire.tiles.moves import Play
from solitaire.tiles.scoring import BONUS, LINE_KEY, LINE_TABLE, MAX_LINE, line_info
from solitaire.tiles.tiles import FULL_SET, RACK_SIZE, Tile

__all__ = ["ScoredPlay", "board_closed", "centre", "generate", "has_play", "open_squares"]


@dataclass(frozen=True, slots=True)
class ScoredPlay:
    """A legal play and its total score."""

    play: Play
    score: int


def centre(board: Board) -> int:
    """The middle square, where the computer players open."""
    middle = board.size // 2
    return middle * board.size + middle


Arrangement = tuple[tuple[Tile, ...], tuple[int, ...], tuple[bool, ...]]
# (face key, dark tiles) -> (bit mask of the faces, the arrangements with that multiset)
Groups = dict[tuple[int, int], tuple[int, list[Arrangement]]]


_FACES: Final = tuple(t.faces for t in sorted(set(FULL_SET)))  # by tile kind
_DARK: Final = tuple(t.dark for t in sorted(set(FULL_SET)))


@lru_cache(maxsize=4096)
def _sorted_groups(rack: tuple[Tile, ...], k: int) -> Groups:
    """Distinct ordered choices of ``k`` tiles of a sorted rack with every face, grouped by
    multiset (so the same for the rack in any order). Cached: the computer players ask
    again and again for the same racks."""
    groups: Groups = {}
    # From a sorted rack the permutations come in sorted order; dict keeps the first of each.
    for perm in dict.fromkeys(permutations(rack, k)):
        darks = tuple(_DARK[t] for t in perm)
        dark = sum(darks)
        if all(len(_FACES[t]) == 1 for t in perm):
            choices: Iterable[tuple[int, ...]] = (tuple(_FACES[t][0] for t in perm),)
        else:
            choices = product(*(_FACES[t] for t in perm))
        for faces in choices:
            key = (sum([LINE_KEY[f] for f in faces]), dark)
            entry = groups.get(key)
            if entry is None:
                mask = 0
                for f in faces:
                    mask |= 1 << f
                entry = groups[key] = (mask, [])
            entry[1].append((perm, faces, darks))
    return groups


def _make_play(placements: tuple[Placement, ...], size: int) -> Play:
    play = object.__new__(Play)
    object.__setattr__(play, "placements", placements)
    object.__setattr__(play, "size", size)
    return play


Table = list[tuple[tuple[int, bool], tuple[int, bool]]]


class CrossChecks:
    """For each empty square, the tiles crossing it (above and below, or left and right).

    ``length`` is how many there are; :meth:`table` gives, per rank and colour of a tile
    laid there, the crossing line's points (its one-colour bonus included) and whether
    the tile is in one of its fifteens, pairs or runs, worked out once per square.
    """

    __slots__ = ("_most", "_tables", "dark", "key", "length")

    def __init__(self, board: Board, direction: int) -> None:
        n, faces, colours = board.size, board.faces, board.colours
        cells = n * n
        self.length, self.key, self.dark = [0] * cells, [0] * cells, [0] * cells
        self._tables: dict[int, Table] = {}
        self._most: dict[int, int] = {}
        step = n if direction == ACROSS else 1  # crossing lines run the other way
        length, key, dark = self.length, self.key, self.dark
        for square in range(cells):
            if not faces[square]:
                continue
            # A tile adds itself to the crossing line of the nearest empty square each way.
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
                    if not faces[other]:
                        length[other] += 1
                        key[other] += LINE_KEY[faces[square]]
                        dark[other] += colours[square] == 2
                        break

    def table(self, square: int) -> Table:
        """Per rank (index 1-13): ((points, scores) light, (points, scores) dark)."""
        table = self._tables.get(square)
        if table is None:
            length, key, dark = self.length[square], self.key[square], self.dark[square]
            table = [((0, False), (0, False))]
            for face in range(1, 14):
                points, scoring = line_info(key + LINE_KEY[face])
                scores = bool((scoring >> face) & 1)
                light_bonus = BONUS if length == MAX_LINE - 1 and dark == 0 else 0
                dark_bonus = BONUS if length == MAX_LINE - 1 and dark == length else 0
                table.append(((points + light_bonus, scores), (points + dark_bonus, scores)))
            self._tables[square] = table
        return table

    def most(self, square: int) -> int:
        """The most points the crossing line can give a tile laid there."""
        most = self._most.get(square)
        if most is None:
            most = self._most[square] = max(p for pair in self.table(square) for p, _ in pair)
        return most


@dataclass(frozen=True, slots=True)
class _Span:
    """The empty squares of one span, and what a play filling them adds whatever the rack:
    the line's own tiles (key, dark count), the crossing lines' tables, the bonuses."""

    empties: tuple[int, ...]
    length: int
    base_key: int
    base_dark: int
    crossed: tuple[tuple[int, Table], ...]
    plain: tuple[int, ...]
    cross_most: int
    extra: int
    most: int
    """The most any play filling it can score (its line at best, the crossing lines' most)."""


_SPANS: dict[tuple[bytes, bytes, int | None, frozenset[int] | None], list[_Span]] = {}
_SPANS_KEPT = 256


def _spans(board: Board, through: int | None, near: Collection[int] | None) -> list[_Span]:
    """Every span a play may fill on this board, in the generator's order (across, then
    down; by line, start and end), whatever the rack. Cached by the board's tiles: the
    computer players try many racks on one board."""
    first = board.is_empty
    key = (
        bytes(board.faces),
        bytes(board.colours),
        through if first else None,
        None if near is None else frozenset(near),
    )
    spans = _SPANS.get(key)
    if spans is None:
        if len(_SPANS) >= _SPANS_KEPT:
            _SPANS.clear()
        spans = _SPANS[key] = _find_spans(board, first, through, near)
    return spans


def _find_spans(
    board: Board, first: bool, through: int | None, near: Collection[int] | None
) -> list[_Span]:
    n, faces, colours = board.size, board.faces, board.colours
    wanted = None if near is None else set(near)
    found: list[_Span] = []
    for direction in (ACROSS, DOWN):
        crosses = CrossChecks(board, direction)
        cross_len = crosses.length
        lines = (
            {sq // n if direction == ACROSS else sq % n for sq in wanted}
            if wanted is not None
            else range(n)
        )
        for index in sorted(lines):
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
                        if cross_len[square] >= MAX_LINE or len(empties) == RACK_SIZE:
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
                    if wanted is not None and wanted.isdisjoint(empties):
                        continue
                    crossed = tuple(
                        (i, crosses.table(sq)) for i, sq in enumerate(empties) if cross_len[sq]
                    )
                    cross_most = sum(crosses.most(empties[i]) for i, _ in crossed)
                    extra = BONUS * first + BONUS * (k == RACK_SIZE)
                    found.append(
                        _Span(
                            tuple(empties),
                            e - s + 1,
                            base_key,
                            base_dark,
                            crossed,
                            tuple(i for i, sq in enumerate(empties) if not cross_len[sq]),
                            cross_most,
                            extra,
                            _line_most(e - s + 1) + extra + cross_most,
                        )
                    )
    return found


def generate(
    board: Board,
    rack: Sequence[Tile],
    *,
    through: int | None = None,
    near: Collection[int] | None = None,
    best_only: bool = False,
    above: int = -1,
) -> list[ScoredPlay]:
    """Every legal play with its score.

    On an empty board only plays covering ``through`` when it is given (every opening
    is the same up to where it lies); with ``near``, only plays laying a tile on one of
    those squares. With ``best_only`` the list holds just one play of the highest score
    (or none), found without listing the rest; with ``above`` too, only if it scores more
    than that (the rest is never looked at: the computer players ask whether a play beats
    one they already know).
    """
    hand = tuple(sorted(rack))
    most = min(len(hand), RACK_SIZE)
    groups = {k: _sorted_groups(hand, k) for k in range(1, most + 1)}
    found: list[ScoredPlay] = []
    for span in _spans(board, through, near):
        k = len(span.empties)
        if k <= most:
            # No play here can beat the best so far (or the bar): nothing to look at.
            if best_only and span.most <= (found[0].score if found else above):
                continue
            _fill(found, best_only, groups[k], span, board.size, above)
    return found


@cache
def _line_most(length: int) -> int:
    """The most points a line of ``length`` tiles can make, its one-colour bonus included."""
    if length < 2:
        return 0
    most = max(
        line_info(sum(LINE_KEY[f] for f in faces))[0]
        for faces in combinations_with_replacement(range(1, 14), length)
    )
    return most + (BONUS if length == MAX_LINE else 0)


def _fill(
    found: list[ScoredPlay],
    best_only: bool,
    groups: Groups,
    span: _Span,
    size: int,
    above: int,
) -> None:
    """Add every legal arrangement of rack tiles on the empty squares of one span."""
    empties, length, base_key, base_dark = span.empties, span.length, span.base_key, span.base_dark
    crossed, plain, extra = span.crossed, span.plain, span.extra
    k = len(empties)
    base_light = length - k - base_dark
    # Only a total above the best so far matters: a bound on the crossing lines skips the rest.
    cross_most = span.cross_most if best_only else 0
    lines = LINE_TABLE
    for (face_key, dark), (face_mask, members) in groups.items():
        if length >= 2:
            line_key = base_key + face_key
            info = lines.get(line_key)
            if info is None:
                info = line_info(line_key)
            points, scoring = info
            if length == MAX_LINE and (
                base_dark + dark == length or base_light + k - dark == length
            ):
                points += BONUS
        else:
            points, scoring = 0, 0
        points += extra
        floor = found[0].score if found else above
        if best_only and points + cross_most <= floor:
            continue
        if not crossed:
            if face_mask & ~scoring:
                continue
            if best_only:
                if points > floor:
                    perm, fs, _ = members[0]
                    placements = tuple(zip(empties, perm, fs, strict=True))
                    found[:] = [ScoredPlay(_make_play(placements, size), points)]
                continue
            for perm, fs, _ in members:
                placements = tuple(zip(empties, perm, fs, strict=True))
                found.append(ScoredPlay(_make_play(placements, size), points))
            continue
        for perm, fs, darks in members:
            for i in plain:
                if not (scoring >> fs[i]) & 1:
                    break
            else:
                total = points
                for i, table in crossed:
                    cross_points, scores = table[fs[i]][darks[i]]
                    if not scores and not (scoring >> fs[i]) & 1:
                        total = -1
                        break
                    total += cross_points
                if total < 0:
                    continue
                if best_only:
                    if total > floor:
                        placements = tuple(zip(empties, perm, fs, strict=True))
                        found[:] = [ScoredPlay(_make_play(placements, size), total)]
                        floor = total
                else:
                    placements = tuple(zip(empties, perm, fs, strict=True))
                    found.append(ScoredPlay(_make_play(placements, size), total))


def has_play(board: Board, rack: Sequence[Tile]) -> bool:
    """Whether any play is legal (an opening is tried through the centre only)."""
    return bool(generate(board, rack, through=centre(board) if board.is_empty else None))


# -- the closed board ----------------------------------------------------------------


def _off_board(board: Board, available: Iterable[Tile] | None) -> Counter[int]:
    """How many tiles of each rank may still be laid (6 and 9 counted together, as 6)."""
    if available is None:
        left = Counter(FULL_SET)
        left.subtract(t for t in board.tiles if t is not None)
        tiles: Iterable[Tile] = left.elements()
    else:
        tiles = available
    counts: Counter[int] = Counter()
    for tile in tiles:
        counts[6 if tile.rank == 9 else tile.rank] += 1
    return counts


def _lines_alone(board: Board, square: int) -> list[tuple[int, int]] | None:
    """The (length, line key of the other tiles) of the lines across and down a tile laid
    alone on an empty square would make; None when one would pass five tiles."""
    n, faces = board.size, board.faces
    row, col = divmod(square, n)
    lines = []
    for dr, dc in ((0, 1), (1, 0)):
        length, key = 1, 0
        for sign in (-1, 1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < n and 0 <= c < n and faces[r * n + c]:
                length += 1
                key += LINE_KEY[faces[r * n + c]]
                r, c = r + sign * dr, c + sign * dc
        if length > MAX_LINE:
            return None
        if length >= 2:
            lines.append((length, key))
    return lines


def _open_lines(board: Board) -> list[tuple[int, list[tuple[int, int]]]]:
    """Each :func:`open_squares` square, in order, with its :func:`_lines_alone`."""
    faces, n = board.faces, board.size
    near: set[int] = set()
    for square, face in enumerate(faces):
        if face:  # its empty neighbours, across and down
            col = square % n
            if col:
                near.add(square - 1)
            if col < n - 1:
                near.add(square + 1)
            if square >= n:
                near.add(square - n)
            if square < n * (n - 1):
                near.add(square + n)
    found = []
    for square in sorted(near):
        if not faces[square]:
            lines = _lines_alone(board, square)
            if lines is not None:
                found.append((square, lines))
    return found


def open_squares(board: Board) -> list[int]:
    """The empty squares next to a tile where a tile laid alone keeps every line within
    five tiles: every play after the first lays a tile on one of them."""
    return [square for square, _ in _open_lines(board)]


_CLOSED: dict[tuple[int, bytes, tuple[Tile | None, ...]], bool] = {}
_CLOSED_KEPT: Final = 4096


def board_closed(board: Board, available: Iterable[Tile] | None = None) -> bool:
    """Whether no tile can ever be laid: no rack of the tiles off the board (or of
    ``available``) has a legal play, whatever is drawn. An empty board is never closed.

    Exact: a play lays a tile on an :func:`open_squares` square, so with none the board is
    closed; a tile that scores laid alone there opens it. Otherwise every rack of five
    (fewer when fewer are left) is tried on those squares. Each board's answer (the tiles
    off it) is kept a while: the players and the endgame ask again of the same boards.
    """
    if board.is_empty:
        return False
    if available is not None:
        return _closed(board, available)
    key = (board.size, bytes(board.faces), tuple(board.tiles))
    found = _CLOSED.get(key)
    if found is None:
        if len(_CLOSED) >= _CLOSED_KEPT:
            _CLOSED.clear()
        found = _CLOSED[key] = _closed(board, None)
    return found


def _closed(board: Board, available: Iterable[Tile] | None) -> bool:
    counts = _off_board(board, available)
    faces = [f for f in range(1, 14) if counts[6 if f == 9 else f]]
    opened = _open_lines(board)
    for _, lines in opened:
        for face in faces:
            for _, key in lines:
                if (line_info(key + LINE_KEY[face])[1] >> face) & 1:
                    return False
    if not opened:
        return True
    # No tile scores alone on an open square: a play of several may still score together.
    squares = [square for square, _ in opened]
    size = min(RACK_SIZE, sum(counts.values()))
    ranks = sorted(rank for rank in counts if counts[rank] > 0)
    for rack in combinations_with_replacement(ranks, size):
        if any(rack.count(rank) > counts[rank] for rank in set(rack)):
            continue
        tiles = tuple(Tile(rank, False) for rank in rack)
        if generate(board, tiles, near=squares, best_only=True):
            return False
    return True
