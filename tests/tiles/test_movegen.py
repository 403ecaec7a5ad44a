"""The move generator equals a slow brute force that tries every placement."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations, permutations, product
from typing import Any

import pytest

from solitaire.tiles import movegen
from solitaire.tiles.board import ACROSS, DOWN, Board
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import board_closed, centre, generate, has_play, open_squares
from solitaire.tiles.moves import IllegalMoveError, Play, check_play
from solitaire.tiles.tiles import FULL_SET, Tile, parse_tiles
from tests.tiles.quick_greedy import quick_greedy

Found = set[tuple[tuple[tuple[int, Tile, int], ...], int]]


def brute_force(board: Board, rack: Sequence[Tile]) -> Found:
    """Every set of empty squares in one row or column, every arrangement of rack tiles
    and faces on them, each put to the plain rule checker."""
    n = board.size
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    found: Found = set()
    for line in rows + cols:
        empty = [s for s in line if not board.faces[s]]
        for k in range(1, min(5, len(rack)) + 1):
            for squares in combinations(empty, k):
                for tiles in set(permutations(rack, k)):
                    for faces in product(*(t.faces for t in tiles)):
                        play = Play(zip(squares, tiles, faces, strict=True), n)
                        try:
                            score = check_play(board, rack, play)
                        except IllegalMoveError:
                            continue
                        found.add((play.placements, score.total))
    return found


def generated(board: Board, rack: Sequence[Tile]) -> Found:
    plays = generate(board, rack)
    found = {(p.play.placements, p.score) for p in plays}
    assert len(found) == len(plays), "a play is listed twice"
    return found


def grown_board(rng: random.Random, size: int, plays: int) -> tuple[Board, list[Tile]]:
    """A board grown by random legal plays, and a rack from the tiles left."""
    board = Board(size)
    bag = list(FULL_SET)
    rng.shuffle(bag)
    for _ in range(plays):
        options = generate(board, [bag.pop() for _ in range(5)])
        if options:
            board = board.place(rng.choice(options).play.placements)
    return board, [bag.pop() for _ in range(rng.choice((3, 4, 5) if size == 5 else (3, 4)))]


@pytest.mark.parametrize("case", range(24))
def test_equals_brute_force_on_random_small_boards(case: int) -> None:
    rng = random.Random(case)
    board, rack = grown_board(rng, rng.choice((5, 6)), rng.randint(0, 5))
    assert generated(board, rack) == brute_force(board, rack)


def test_equals_brute_force_on_crowded_boards_with_sixes_and_nines() -> None:
    total = 0
    for seed in range(4):
        rng = random.Random(100 + seed)
        board, _ = grown_board(rng, 6, 3)
        rack = [*parse_tiles("6L 9D 6D"), rng.choice(FULL_SET)]
        found = brute_force(board, rack)
        assert generated(board, rack) == found
        total += len(found)
    assert total > 0


def test_equals_brute_force_near_the_limits() -> None:
    # a column of four one colour: a fifth dark tile scores the one-colour bonus across
    board = Board(6).place(Play.parse("B1:AD B2:2D B3:3D B4:4D D5:5L", 6).placements)
    rack = parse_tiles("5D 5L TD 4L AL")
    found = brute_force(board, rack)
    assert generated(board, rack) == found
    assert max(score for _, score in found) >= 15 + 10


def test_an_opening_may_be_asked_through_one_square() -> None:
    board = Board(7)
    rack = parse_tiles("7D 8D 5L")
    middle = centre(board)
    through = generate(board, rack, through=middle)
    assert through and all(middle in p.play.squares for p in through)
    everywhere = {(p.play.placements, p.score) for p in generate(board, rack)}
    assert {(p.play.placements, p.score) for p in through} <= everywhere
    assert everywhere == brute_force(board, rack)


def test_has_play_answers_whether_any_play_exists() -> None:
    assert has_play(Board(), parse_tiles("7D 8D"))
    assert not has_play(Board(), parse_tiles("AL 3L 7D QL"))
    board = Board().place(Play.parse("G7:5L H7:TL").placements)
    assert not has_play(board, parse_tiles("AL 2L"))  # nothing with 5 or 10, alone or across
    assert has_play(board, parse_tiles("AL 2L 5D"))


def test_near_keeps_exactly_the_plays_on_those_squares() -> None:
    board, rack = grown_board(random.Random(7), 13, 6)
    near = {s for s in range(len(board.faces)) if not board.faces[s]}
    near = set(sorted(near)[::17])
    everything = generate(board, rack)
    chosen = {(p.play.placements, p.score) for p in generate(board, rack, near=near)}
    assert chosen == {
        (p.play.placements, p.score) for p in everything if near & set(p.play.squares)
    }
    assert chosen


@pytest.mark.parametrize("case", range(12))
def test_best_only_finds_the_first_play_of_the_top_score(case: int) -> None:
    rng = random.Random(200 + case)
    board, _ = grown_board(rng, 13, 5 + case)
    rack = [rng.choice(FULL_SET) for _ in range(5)]
    plays = generate(board, rack)
    best = generate(board, rack, best_only=True)
    if not plays:
        assert best == []
        return
    top = max(p.score for p in plays)
    assert best == [next(p for p in plays if p.score == top)]


def _cold(board: Board, rack: Sequence[Tile], **options: Any) -> list[tuple[object, int]]:
    """The plays found, in order, with nothing remembered from earlier boards or racks."""
    movegen._SPANS.clear()
    movegen._sorted_groups.cache_clear()
    return [(p.play.placements, p.score) for p in generate(board, rack, **options)]


def _warm(board: Board, rack: Sequence[Tile], **options: Any) -> list[tuple[object, int]]:
    return [(p.play.placements, p.score) for p in generate(board, rack, **options)]


@pytest.mark.own_moves  # what the generator itself keeps is compared: nothing shared
def test_what_the_generator_keeps_never_answers_for_another_board() -> None:
    """A board's spans and a rack's arrangements are kept between calls: boards that differ
    in one tile, one colour or one 6 laid as a 9, the same rack in another order, an
    opening through another square and another ``near`` each get their own answer, the
    one a cold generator gives, whatever was asked before."""
    rng = random.Random(11)
    # a column of four dark tiles, where a fifth dark one scores the one-colour bonus
    column = Board(6).place(Play.parse("B1:AD B2:2D B3:9D B4:4D D5:6L", 6).placements)
    cases = [(column, list(parse_tiles("5D 5L TD 4L AL")))]
    cases += [grown_board(rng, 13, rng.randint(3, 10)) for _ in range(5)]
    questions: list[tuple[Board, list[Tile], dict[str, Any]]] = []
    changed = [0, 0, 0]
    for board, rack in cases:
        filled = [s for s, f in enumerate(board.faces) if f]
        # a tile in the longest line, where its colour may decide a one-colour bonus
        square = max(filled, key=lambda s: (max(len(board.line(s, d)) for d in (0, 1)), s))
        recoloured = board.copy()
        recoloured.colours[square] = 3 - recoloured.colours[square]
        tile = board.tiles[square]
        assert tile is not None
        recoloured.tiles[square] = Tile(tile.rank, not tile.dark)
        turned = board.copy()
        for s in filled:  # every 6 laid as a 9 and every 9 as a 6
            turned.faces[s] = {6: 9, 9: 6}.get(turned.faces[s], turned.faces[s])
        emptied = board.copy()
        emptied.faces[square], emptied.colours[square], emptied.tiles[square] = 0, 0, None
        near = set(rng.sample([s for s, f in enumerate(board.faces) if not f], 20))
        base = _cold(board, rack)
        for kind, variant in enumerate((recoloured, turned, emptied)):
            changed[kind] += _cold(variant, rack) != base
        for variant in (board, recoloured, turned, emptied):
            for options in ({}, {"near": near}, {"best_only": True}):
                questions += [(variant, rack, options), (variant, rack[::-1], options)]
    assert all(changed), changed  # each kind of change mattered somewhere
    empty = Board()
    opening = list(parse_tiles("7D 8D 5L 2L 3L"))
    questions += [(empty, opening, {"through": through}) for through in (centre(empty), 0, 50)]
    expected = [_cold(board, rack, **options) for board, rack, options in questions]
    assert expected[-2] and expected[-2] != expected[-3]
    # The order of the rack changes nothing, not even which of two equal plays is first.
    assert all(expected[i] == expected[i + 1] for i in range(0, len(questions) - 3, 2))
    # Every question again with everything kept, in an order that mixes the boards.
    order = list(range(len(questions)))
    random.Random(3).shuffle(order)
    for i in order:
        board, rack, options = questions[i]
        assert _warm(board, rack, **options) == expected[i]


@pytest.mark.parametrize("case", range(0, 12, 2))
def test_above_keeps_the_best_play_only_when_it_beats_the_bar(case: int) -> None:
    """``above`` answers "is there a play worth more than this?": the best play (the first
    of the top score) when it scores more than the bar, else nothing, on the whole board
    and near a few squares."""
    rng = random.Random(300 + case)
    board, _ = grown_board(rng, 13, 3 + case)
    rack = [rng.choice(FULL_SET) for _ in range(5)]
    empty = [s for s, f in enumerate(board.faces) if not f]
    for near in (None, set(rng.sample(empty, 30))):
        plays = generate(board, rack, near=near)
        top = max((p.score for p in plays), default=None)
        first = [p for p in plays if p.score == top][:1]
        bars = {-1, 0, 1} | ({top - 1, top, top + 1} if top is not None else set())
        for above in sorted(bars):
            got = generate(board, rack, near=near, best_only=True, above=above)
            assert got == (first if top is not None and top > above else [])


def test_open_squares_are_the_empty_squares_beside_a_tile_with_lines_of_five_at_most() -> None:
    """Plainly: an empty square next to a tile (either side, above or below) where a tile
    laid alone makes no line longer than five. And whether a board is closed, kept once
    asked, is what a board never asked gets, the same tiles with 6s and 9s turned too."""
    met = 0
    for seed in range(3):
        game = TileGame(seed)
        while not game.is_over:
            plays = game.legal_plays()
            for scored in [None, *plays[:: max(1, len(plays) // 6)]]:
                after = game.board if scored is None else game.board.place(scored.play.placements)
                n = after.size
                expected = [
                    s
                    for s in range(n * n)
                    if not after.faces[s]
                    and any(after.faces[t] for t in after.neighbours(s))
                    and all(len(after.line(s, d, frozenset({s}))) <= 5 for d in (ACROSS, DOWN))
                ]
                assert open_squares(after) == expected
                turned = after.copy()
                turned.faces[:] = [{6: 9, 9: 6}.get(f, f) for f in after.faces]
                asked = [board_closed(after), board_closed(turned)]
                movegen._CLOSED.clear()
                assert [board_closed(turned), board_closed(after)] == asked[::-1]
                met += 1
            game.apply(quick_greedy(game.observation(game.current_player)))
    assert met > 100


def _every_cache_cleared(
    board: Board, rack: Sequence[Tile], **options: Any
) -> list[tuple[object, int]]:
    """:func:`_cold`, the crossing lines' tables (kept for every board) emptied too."""
    movegen._TABLES.clear()
    return _cold(board, rack, **options)


@pytest.mark.own_moves  # what the generator itself keeps is compared: nothing shared
def test_what_a_rack_makes_of_a_line_is_kept_for_that_line_alone() -> None:
    """What a rack's tiles make of a line is kept by the line's own tiles, how many of them
    are dark and its length; a crossing line's table by its tiles and their colours, for
    every board. Lines and crossing lines that differ only in one colour (where a fifth
    dark tile scores the one-colour bonus) or in one tile each get the answer a generator
    that kept nothing gives, whichever was asked first."""
    boards = []
    for text in ("B2:AD C2:2D D2:3D E2:4D", "B2:AD C2:2L D2:3D E2:4D", "C2:2D D2:3D E2:4D"):
        across = Board(7).place(Play.parse(text, 7).placements)
        turned = " ".join(f"B{ord(t[0]) - 64}:{t.split(':')[1]}" for t in text.split())
        down = Board(7).place(Play.parse(turned, 7).placements)
        boards += [across, down]
    racks = [list(parse_tiles("5D 5L TD 6D AL")), list(parse_tiles("5L 5D 9D 6L AD"))]
    questions = [
        (board, rack, options)
        for board in boards
        for rack in racks
        for options in ({}, {"best_only": True}, {"best_only": True, "above": 20})
    ]
    expected = [_every_cache_cleared(board, rack, **options) for board, rack, options in questions]
    assert len({str(e) for e in expected[::3]}) == len(expected[::3])  # each board its own
    for order in (questions, questions[::-1]):
        movegen._TABLES.clear()
        _cold(Board(7), racks[0])
        for board, rack, options in order:
            assert (
                _warm(board, rack, **options) == expected[questions.index((board, rack, options))]
            )


@pytest.mark.own_moves  # what the generator itself keeps is compared: nothing shared
def test_the_lines_kept_for_racks_stay_few_and_answer_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past so many lines kept for every rack together, the racks are forgotten and found
    again: no more are held, and the answers stay those of a generator that kept nothing."""
    rng = random.Random(5)
    board, rack = grown_board(rng, 13, 6)
    racks = [rack] + [[rng.choice(FULL_SET) for _ in range(5)] for _ in range(3)]
    expected = [_cold(board, r, best_only=True) for r in racks] + [_cold(board, r) for r in racks]
    monkeypatch.setattr(movegen, "_LINES_KEPT", 5)
    movegen._sorted_groups.cache_clear()
    movegen._LINES_HELD[0] = 0
    for _ in range(2):
        got = [_warm(board, r, best_only=True) for r in racks] + [_warm(board, r) for r in racks]
        assert got == expected
        assert 0 < movegen._LINES_HELD[0] <= 5
