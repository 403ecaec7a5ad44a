"""Every legal play for a rack on a board, with its score, the way word-game engines find them.

A play fills the empty squares of one *span*: a stretch of at most five squares
of one row or column whose ends are not next to a tile (the whole line it makes).
Spans are tried only where they touch the tiles already down (the anchor squares),
and each empty square carries a *cross-check*: the tiles above and below it (or
left and right), which fix the crossing line a tile there would make. A tile is
kept only when it is in a fifteen, pair or run of its own line or its crossing
line, and the totals come from the line table, so each arrangement costs a few
lookups. Single tiles are generated along rows only, so no play is listed twice.

The work is shared where it can be: a board's spans (found from its runs of tiles) are
kept for every rack tried on it, each crossing line's table for every board, and what a
rack's tiles make of a line (by the line's own tiles) with the rack. For the best play,
each kind of tile on each square of a span is given what it adds across (or nothing
when it scores in neither line), so a group of arrangements that cannot beat the best so
far is passed over before any is added up (in numpy when there are many).

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
from itertools import chain, combinations_with_replacement, permutations, product
from operator import add
from typing import TYPE_CHECKING, Any, Final

from solitaire.tiles.board import ACROSS, DOWN, Board, Placement
from solitaire.tiles.moves import Play
from solitaire.tiles.scoring import BONUS, LINE_KEY, LINE_TABLE, MAX_LINE, line_info
from solitaire.tiles.tiles import FULL_SET, RACK_SIZE, Tile

if TYPE_CHECKING:
    import numpy as np

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


Arrangement = tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]
"""Tiles (by kind) in order, the faces they are laid as, and which are dark."""
Sums = tuple[
    tuple[tuple[int, int], ...],
    tuple[tuple[int, ...], ...],
    "np.ndarray[Any, np.dtype[np.intp]] | None",
]
"""How a group's arrangements are summed on a span: the kinds of tile laid as
(``face * 2 + dark``, the face's bit), per arrangement the kind on each square as
``square * kinds + kind``, and those as an array when there are many."""


class _Group:
    """Rack tiles with one multiset of faces: its face key, dark tiles, bit mask of the
    faces, and the arrangements (in the generator's order)."""

    __slots__ = ("_sums", "arrangements", "dark", "face_key", "k", "mask")

    def __init__(self, face_key: int, dark: int, mask: int, k: int) -> None:
        self.face_key, self.dark, self.mask, self.k = face_key, dark, mask, k
        self.arrangements: tuple[Arrangement, ...] = ()
        self._sums: Sums | None = None

    def sums(self) -> Sums:
        """The arrangements as sums of kinds on squares, worked out when first asked."""
        if self._sums is None:
            # each tile laid as face * 2 + dark
            laid = [tuple(map(add, map(add, fs, fs), ds)) for _, fs, ds in self.arrangements]
            kinds = tuple(dict.fromkeys(chain.from_iterable(laid)))
            index = {kind: j for j, kind in enumerate(kinds)}.__getitem__
            offsets = range(0, self.k * len(kinds), len(kinds))
            codes = tuple([tuple(map(add, offsets, map(index, slots))) for slots in laid])
            # Many arrangements are summed faster in numpy than one by one.
            array = None
            if len(codes) >= _MANY:
                import numpy as np  # only when needed: no numpy at start-up

                array = np.array(codes, dtype=np.intp)
            self._sums = (tuple([(kind, 1 << (kind >> 1)) for kind in kinds]), codes, array)
        return self._sums


Row = tuple[int, int, int]
"""A group laid in one line: (the line's points, its scoring ranks, the group's index)."""
Line = tuple[int, tuple[int, Arrangement] | None, tuple[Row, ...]]
"""One line's rows: the most points of any, the first of the most among those scoring
every face in the line alone (points, its first arrangement), and the rows in order.
Plain numbers only, which the garbage collector need not look through."""


_KINDS: Final = tuple(sorted(set(FULL_SET)))
_TILE: Final = _KINDS.__getitem__  # the tile of a kind
_FACES: Final = tuple(t.faces for t in _KINDS)  # by tile kind
_DARK: Final = tuple(t.dark for t in _KINDS)
_FACE: Final = tuple(faces[0] for faces in _FACES)
_LINES_KEPT: Final = 50_000  # lines remembered for every rack together (some 45 MB)
_LINES_HELD: list[int] = [0]
_MANY: Final = 12  # arrangements of a group from which numpy sums them


class _Choices:
    """The distinct ordered choices of ``k`` tiles of a rack, grouped by multiset, and what
    each group makes of the lines met so far (by the line's own tiles and length)."""

    __slots__ = ("groups", "k", "lines")

    def __init__(self, groups: list[_Group], k: int) -> None:
        self.groups = groups
        self.k = k
        self.lines: dict[int, Line] = {}

    def line(self, span: _Span) -> Line:
        """The groups laid on the empty squares of ``span``, with its own tiles."""
        lines = self.lines
        found = lines.get(span.line)
        if found is not None:
            return found
        k, length, base_key, base_dark = self.k, span.length, span.base_key, span.base_dark
        base_light = length - k - base_dark
        table = LINE_TABLE
        rows: list[Row] = []
        best = -1
        plain: tuple[int, Arrangement] | None = None
        for index, group in enumerate(self.groups):
            face_key, dark, mask = group.face_key, group.dark, group.mask
            if length >= 2:
                line_key = base_key + face_key
                info = table.get(line_key)
                if info is None:
                    info = line_info(line_key)
                points, scoring = info
                if length == MAX_LINE and (
                    base_dark + dark == length or base_light + k - dark == length
                ):
                    points += BONUS
            else:
                points, scoring = 0, 0
            rows.append((points, scoring, index))
            best = max(best, points)
            if not mask & ~scoring and (plain is None or points > plain[0]):
                plain = (points, group.arrangements[0])
        if _LINES_HELD[0] >= _LINES_KEPT:  # every rack forgotten, and found again
            _LINES_HELD[0] = 0
            _sorted_groups.cache_clear()
        _LINES_HELD[0] += 1
        found = lines[span.line] = (best, plain, tuple(rows))
        return found


@lru_cache(maxsize=4096)
def _sorted_groups(rack: tuple[Tile, ...], k: int) -> _Choices:
    """Distinct ordered choices of ``k`` tiles of a sorted rack with every face, grouped by
    multiset (so the same for the rack in any order). Cached: the computer players ask
    again and again for the same racks."""
    groups: dict[tuple[int, int], tuple[_Group, list[Arrangement]]] = {}
    # From a sorted rack the permutations come in sorted order; dict keeps the first of each.
    single = all(len(_FACES[t]) == 1 for t in rack)  # no 6 or 9 to turn
    line_key = LINE_KEY.__getitem__
    # Kept as plain numbers, which the garbage collector need not look through.
    for perm in dict.fromkeys(permutations(map(int, rack), k)):
        darks = tuple(map(_DARK.__getitem__, perm))
        dark = sum(darks)
        if single:
            choices: Iterable[tuple[int, ...]] = (tuple(map(_FACE.__getitem__, perm)),)
        else:
            choices = product(*map(_FACES.__getitem__, perm))
        for faces in choices:
            key = (sum(map(line_key, faces)), dark)
            entry = groups.get(key)
            if entry is None:
                mask = 0
                for f in faces:
                    mask |= 1 << f
                entry = groups[key] = (_Group(key[0], dark, mask, k), [])
            entry[1].append((perm, faces, darks))
    for group, arrangements in groups.values():
        group.arrangements = tuple(arrangements)
    return _Choices([group for group, _ in groups.values()], k)


def _make_play(placements: tuple[Placement, ...], size: int) -> Play:
    play = object.__new__(Play)
    object.__setattr__(play, "placements", placements)
    object.__setattr__(play, "size", size)
    return play


Table = list[int]
_TABLES: dict[int, tuple[Table, int, int]] = {}
_TABLES_KEPT: Final = 4096


def _cross_table(length: int, key: int, dark: int) -> tuple[Table, int, int]:
    """For a crossing line of ``length`` tiles (its line key, its dark tiles): the points
    it makes with a tile beside it (by ``rank * 2 + dark``, the one-colour bonus included),
    the most of those, and the bit mask of the ranks in one of its fifteens, pairs or
    runs then. A function of the three alone, so kept for every board."""
    packed = key << 6 | dark << 3 | length
    found = _TABLES.get(packed)
    if found is None:
        table: Table = [0, 0]
        light_bonus = BONUS if length == MAX_LINE - 1 and dark == 0 else 0
        dark_bonus = BONUS if length == MAX_LINE - 1 and dark == length else 0
        mask = 0
        for face in range(1, 14):
            points, scoring = line_info(key + LINE_KEY[face])
            mask |= scoring & (1 << face)
            table += [points + light_bonus, points + dark_bonus]
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.clear()
        found = _TABLES[packed] = (table, max(table), mask)
    return found


def _crossings(
    board: Board, laid: list[int], direction: int
) -> dict[int, tuple[Table, int, int] | None]:
    """The crossing line (above and below, or left and right) of each empty square that
    has one: its :func:`_cross_table`, or None when it holds five tiles already."""
    return {
        square: _cross_table(length, key, dark) if length < MAX_LINE else None
        for square, (length, key, dark) in _runs(board, laid, 1 - direction).items()
    }


def _runs(board: Board, laid: list[int], direction: int) -> dict[int, tuple[int, int, int]]:
    """The tiles each side of each empty square next to one along ``direction`` (the
    line a tile laid there would join): how many, their line key, how many are dark."""
    n, faces, colours = board.size, board.faces, board.colours
    found: dict[int, tuple[int, int, int]] = {}
    if direction == ACROSS:
        indices = sorted({square // n for square in laid})
    else:
        indices = sorted({square % n for square in laid})
    crossing = _board_lines(n, direction)
    for index in indices:
        before = -1  # the empty square before the run of tiles going on
        run = run_key = run_dark = 0
        for square in crossing[index]:
            face = faces[square]
            if face:
                run += 1
                run_key += LINE_KEY[face]
                run_dark += colours[square] == 2
                continue
            if run:  # a run of tiles between ``before`` and this square crosses both
                found[square] = (run, run_key, run_dark)
                if before >= 0:
                    _join(found, before, run, run_key, run_dark)
                run = run_key = run_dark = 0
            before = square
        if run and before >= 0:
            _join(found, before, run, run_key, run_dark)
    return found


def _join(
    found: dict[int, tuple[int, int, int]], square: int, run: int, key: int, dark: int
) -> None:
    """Add a run of tiles to what the line through ``square`` holds (the run on its other
    side, if one was found already)."""
    other = found.get(square)
    if other is None:
        found[square] = (run, key, dark)
    else:
        found[square] = (other[0] + run, other[1] + key, other[2] + dark)


@cache
def _board_lines(n: int, direction: int) -> tuple[tuple[int, ...], ...]:
    """The squares of each row (across) or column (down) of a board ``n`` wide."""
    if direction == ACROSS:
        return tuple(tuple(i * n + c for c in range(n)) for i in range(n))
    return tuple(tuple(r * n + i for r in range(n)) for i in range(n))


@dataclass(slots=True)
class _Span:
    """The empty squares of one span, and what a play filling them adds whatever the rack:
    the line's own tiles (key, dark count), the crossing lines' tables, the bonuses."""

    empties: tuple[int, ...]
    length: int
    base_key: int
    base_dark: int
    line: int
    """The line's own tiles and length in one number, the key of what racks make of it."""
    tables: tuple[Table, ...]
    """Per empty square, its crossing line's table (:data:`_ALONE` where there is none);
    none at all when no square has one."""
    masks: tuple[int, ...]
    """Per empty square, the ranks that score in its crossing line."""
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
    laid = [square for square, face in enumerate(faces) if face]
    found: list[_Span] = []
    far = n + MAX_LINE  # beyond any span's reach
    for direction in (ACROSS, DOWN):
        crossing = _crossings(board, laid, direction)
        all_lines = _board_lines(n, direction)
        lines = (
            {sq // n if direction == ACROSS else sq % n for sq in wanted}
            if wanted is not None
            else range(n)
        )
        for index in sorted(lines):
            line = all_lines[index]
            # After the first play a span holds a tile or an empty square beside one: from
            # each start, the nearest such square along the line.
            nearest = [far] * n
            if first:
                nearest = [0] * n
            else:
                ahead = far
                for i in range(n - 1, -1, -1):
                    square = line[i]
                    if faces[square] or square in crossing:
                        ahead = i
                    nearest[i] = ahead
                if ahead == far:
                    continue
            for s in range(n):
                if nearest[s] >= s + MAX_LINE or (s > 0 and faces[line[s - 1]]):
                    continue
                empties: list[int] = []
                base_key = base_len = base_dark = 0
                touches = False
                for e in range(s, min(s + MAX_LINE, n)):
                    square = line[e]
                    face = faces[square]
                    if face:
                        base_key += LINE_KEY[face]
                        base_len += 1
                        base_dark += colours[square] == 2
                        touches = True
                    else:
                        if square in crossing:
                            if crossing[square] is None or len(empties) == RACK_SIZE:
                                break
                            touches = True
                        elif len(empties) == RACK_SIZE:
                            break
                        empties.append(square)
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
                    tables: list[Table] = []
                    masks: list[int] = []
                    cross_most = 0
                    crossed = False
                    for sq in empties:
                        info = crossing.get(sq)
                        if info is None:
                            tables.append(_ALONE)
                            masks.append(0)
                        else:
                            tables.append(info[0])
                            cross_most += info[1]
                            masks.append(info[2])
                            crossed = True
                    extra = BONUS * first + BONUS * (k == RACK_SIZE)
                    length = e - s + 1
                    found.append(
                        _Span(
                            tuple(empties),
                            length,
                            base_key,
                            base_dark,
                            base_key << 6 | base_dark << 3 | length,
                            tuple(tables) if crossed else (),
                            tuple(masks),
                            cross_most,
                            extra,
                            _line_most(length) + extra + cross_most,
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
    choices = [_sorted_groups(hand, k) for k in range(1, most + 1)]
    found: list[ScoredPlay] = []
    size = board.size
    floor = above  # the score to beat: the best so far, or the bar
    for span in _spans(board, through, near):
        k = len(span.empties)
        if k > most:
            continue
        if best_only:
            # No play here can beat the best so far (or the bar): nothing to look at.
            if span.most <= floor:
                continue
            chosen = choices[k - 1]
            line = chosen.line(span)
            if line[0] + span.extra + span.cross_most <= floor:
                continue
            floor = _best(found, line, chosen.groups, span, size, floor)
        else:
            chosen = choices[k - 1]
            _every(found, chosen.line(span), chosen.groups, span, size)
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


def _best(
    found: list[ScoredPlay], line: Line, groups: list[_Group], span: _Span, size: int, floor: int
) -> int:
    """Put in ``found`` the first play of the top score on one span if it scores more than
    ``floor``; the score to beat after it."""
    empties, tables, extra = span.empties, span.tables, span.extra
    if not tables:
        plain_best = line[1]
        if plain_best is not None and plain_best[0] + extra > floor:
            perm, fs, _ = plain_best[1]
            floor = plain_best[0] + extra
            placements = tuple(zip(empties, map(_TILE, perm), fs, strict=True))
            found[:] = [ScoredPlay(_make_play(placements, size), floor)]
        return floor
    cross_most, masks = span.cross_most, span.masks
    # Only a total above the best so far matters: a bound on the crossing lines skips the rest.
    for points, scoring, index in line[2]:
        points += extra
        group = groups[index]
        if points + cross_most <= floor:
            continue
        mask, members = group.mask, group.arrangements
        # Each square needs a tile scoring in the line or across: a quick look first.
        dead = False
        for across in masks:
            if not mask & (across | scoring):
                dead = True
                break
        if dead:
            continue
        kinds, codes, array = group.sums()
        values, top = _values(tables, masks, kinds, scoring)
        if points + top <= floor:
            continue
        if array is None:
            get = values.__getitem__
            totals = [sum(map(get, code)) for code in codes]
            most = max(totals)
            first = totals.index(most)
        else:
            import numpy as np  # loaded already, for the array

            sums = np.array(values).take(array).sum(axis=1)
            first = int(sums.argmax())
            most = int(sums[first])
        if points + most > floor:  # the first arrangement of the most
            perm, fs, _ = members[first]
            floor = points + most
            placements = tuple(zip(empties, map(_TILE, perm), fs, strict=True))
            found[:] = [ScoredPlay(_make_play(placements, size), floor)]
    return floor


def _every(
    found: list[ScoredPlay], line: Line, groups: list[_Group], span: _Span, size: int
) -> None:
    """Add every legal arrangement of rack tiles on the empty squares of one span."""
    empties, tables, masks, extra = span.empties, span.tables, span.masks, span.extra
    for points, scoring, index in line[2]:
        points += extra
        group = groups[index]
        mask, members = group.mask, group.arrangements
        if not tables:
            if mask & ~scoring:
                continue
            for perm, fs, _ in members:
                placements = tuple(zip(empties, map(_TILE, perm), fs, strict=True))
                found.append(ScoredPlay(_make_play(placements, size), points))
            continue
        kinds, codes, _ = group.sums()
        values, top = _values(tables, masks, kinds, scoring)
        if top < 0:
            continue
        get = values.__getitem__
        for (perm, fs, _), code in zip(members, codes, strict=True):
            total = sum(map(get, code))
            if total >= 0:
                placements = tuple(zip(empties, map(_TILE, perm), fs, strict=True))
                found.append(ScoredPlay(_make_play(placements, size), points + total))


_NEVER: Final = -(1 << 30)
"""Far below any total: a tile that scores in neither of its lines."""
_ALONE: Final[Table] = [0] * 28
"""The table of a square with no crossing line: no points, the tile scoring nothing there."""


def _values(
    tables: tuple[Table, ...],
    masks: tuple[int, ...],
    kinds: tuple[tuple[int, int], ...],
    scoring: int,
) -> tuple[list[int], int]:
    """What each kind of tile laid on each square adds across (its crossing line's points,
    or :data:`_NEVER` when it scores in neither line), square by square; and the most any
    arrangement may add."""
    values: list[int] = []
    top = 0
    for table, across in zip(tables, masks, strict=True):
        scores = across | scoring
        most = _NEVER
        for slot, bit in kinds:
            value = table[slot] if scores & bit else _NEVER
            values.append(value)
            if value > most:
                most = value
        top += most
    return values, top


def has_play(board: Board, rack: Sequence[Tile]) -> bool:
    """Whether any play is legal (an opening is tried through the centre only)."""
    return bool(generate(board, rack, through=centre(board) if board.is_empty else None))


# -- the closed board ----------------------------------------------------------------


def _off_board(board: Board, available: Iterable[Tile] | None) -> Counter[int]:
    """How many tiles of each rank may still be laid (6 and 9 counted together, as 6)."""
    counts: Counter[int] = Counter()
    if available is None:
        left = list(_IN_SET)
        for tile in board.tiles:
            if tile is not None:
                left[tile] -= 1
        for kind, count in enumerate(left):
            if count > 0:
                counts[_RANK[kind]] += count
        return counts
    for tile in available:
        counts[6 if tile.rank == 9 else tile.rank] += 1
    return counts


_IN_SET: Final = tuple(FULL_SET.count(tile) for tile in _KINDS)  # by tile kind
_RANK: Final = tuple(6 if tile.rank == 9 else tile.rank for tile in _KINDS)


def _open_lines(board: Board) -> list[tuple[int, list[tuple[int, int]]]]:
    """Each :func:`open_squares` square, in order, with the (length, line key of the other
    tiles) of the lines across and down a tile laid alone there would make."""
    laid = [square for square, face in enumerate(board.faces) if face]
    across, down = _runs(board, laid, ACROSS), _runs(board, laid, DOWN)
    found = []
    for square in sorted(across.keys() | down.keys()):
        lines = []
        for runs in (across, down):
            run = runs.get(square)
            if run is not None:
                lines.append((run[0] + 1, run[1]))
        if all(length <= MAX_LINE for length, _ in lines):
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
