"""The closed board: exact against brute force, and the game ends on it (issue 26)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, product

import pytest

from solitaire.tiles.board import Board, parse_square
from solitaire.tiles.game import Ending, TileGame
from solitaire.tiles.movegen import board_closed, generate, open_squares
from solitaire.tiles.moves import IllegalMoveError, Pass, Play, check_play
from solitaire.tiles.players import Expert, closing_margin, greedy
from solitaire.tiles.record import game_record, replay
from solitaire.tiles.tiles import Tile

ISSUE_MOVES = (  # --players "Ann,Bob" --seed 27: greedy's own moves, closing a 5x5 block
    "C7:AD D7:2D E7:3D F7:6L G7:6L",
    "F4:AL F5:7L F6:8L",
    "E8:3L F8:9L/6 G8:9L/6",
    "C8:3D D8:6D",
    "C4:4D C5:8D C6:JD",
    "G4:TL G5:JL G6:QL",
    "E4:3L E5:6L/9 E6:9D",
    "D4:5D D5:7D D6:7D",
)


def brute_open(board: Board, available: Sequence[Tile], most: int = 5) -> bool:
    """Whether some play exists: every set of 1 to ``most`` empty squares of one row or
    column, every face on each from the tiles available (counting repeats), put to the
    plain checker."""
    n = board.size
    lines = [[r * n + c for c in range(n)] for r in range(n)]
    lines += [[r * n + c for r in range(n)] for c in range(n)]
    kinds = sorted(set(available))
    options = [(tile, face) for tile in kinds for face in tile.faces]
    for line in lines:
        empty = [s for s in line if not board.faces[s]]
        for k in range(1, min(most, len(available)) + 1):
            for squares in combinations(empty, k):
                for chosen in product(options, repeat=k):
                    rack = [tile for tile, _ in chosen]
                    if Counter(rack) - Counter(available):
                        continue
                    play = Play([(s, t, f) for s, (t, f) in zip(squares, chosen, strict=True)], n)
                    try:
                        check_play(board, rack, play)
                    except IllegalMoveError:
                        continue
                    return True
    return False


def filled(rng: random.Random, size: int, fill: float) -> Board:
    """A board with tiles at random on about ``fill`` of its squares (lines may pass five)."""
    placements = []
    for square in range(size * size):
        if rng.random() < fill:
            tile = Tile(rng.randint(1, 13), rng.random() < 0.5)
            placements.append((square, tile, rng.choice(tile.faces)))
    return Board(size).place(placements)


def small_case(case: int) -> tuple[Board, list[Tile]]:
    """A small board (some lines longer than five) and a few tiles left to draw."""
    rng = random.Random(case)
    size = rng.choice((4, 5, 6, 7))
    board = filled(rng, size, rng.choice((0.15, 0.3, 0.6, 0.85)))
    ranks = rng.sample(range(1, 14), rng.randint(1, 3))
    available = [Tile(r, rng.random() < 0.5) for r in ranks for _ in range(rng.randint(1, 2))]
    return board, available


CASES = 200


def test_closed_equals_brute_force_on_small_boards() -> None:
    kinds: Counter[str] = Counter()
    for case in range(CASES):
        board, available = small_case(case)
        if board.is_empty:
            continue
        closed = board_closed(board, available)
        assert closed == (not brute_open(board, available)), f"case {case}"
        if closed:
            kinds["closed, open squares" if open_squares(board) else "closed, none open"] += 1
        elif not brute_open(board, available, most=1):
            kinds["opened only by several tiles"] += 1
        else:
            kinds["open"] += 1
    assert min(kinds.values()) >= 3 and len(kinds) == 4, kinds  # every path is tried


def test_a_play_of_several_tiles_can_open_a_board_no_single_tile_opens() -> None:
    board = Board(13).place([(parse_square("G7"), Tile(2, False), 2)])
    six, seven = Tile(6, True), Tile(7, True)
    assert board_closed(board, [seven])  # 2 7: nothing
    assert not board_closed(board, [six, seven])  # 2 6 7 or 2 7 6: fifteen
    assert brute_open(board, [six, seven])
    assert not board_closed(board, [six, six])  # 6 2 6: a pair of sixes
    assert board_closed(board, [six])  # 2 6 and 2 9: nothing


def test_a_full_five_by_five_block_closes_the_board() -> None:
    block = [
        (r * 13 + c, Tile(1 + (r * 5 + c) % 13, False), 1 + (r * 5 + c) % 13)
        for r in range(3, 8)
        for c in range(2, 7)
    ]
    board = Board().place(block)
    assert open_squares(board) == []
    assert board_closed(board)
    open_one = Board().place(block[:-1])  # the corner empty: a tile fits there
    assert not board_closed(open_one)
    assert not board_closed(Board())


def _issue_game(rules: int = 2) -> TileGame:
    game = TileGame(27, rules=rules)
    for move in ISSUE_MOVES:
        assert not game.is_over
        game.apply(Play.parse(move))
    return game


def test_the_issue_game_ends_when_the_board_closes() -> None:
    game = _issue_game()
    assert game.is_over and game.ending is Ending.CLOSED
    assert len(game.bag) == 69  # ended at once, the bag still full
    assert game.deductions == (30, 44)
    record = game_record(game, ["Ann", "Bob"])
    assert record["rules"] == 2
    again = replay(record)
    assert again.ending is Ending.CLOSED and again.returns() == game.returns()


def test_old_records_replay_by_the_old_ending() -> None:
    """A game played before the closed board ended it went on to six passes: its record
    (no rules field) replays exactly so, and the same turns under rules 2 are refused."""
    game = _issue_game(rules=1)
    assert not game.is_over
    while not game.is_over:
        game.apply(Pass() if not game.exchanges() else game.exchanges()[0])
    assert game.ending is Ending.PASSES and len(game.turns) == len(ISSUE_MOVES) + 6
    record = game_record(game, ["Ann", "Bob"])
    assert "rules" not in record
    again = replay(record)
    assert again.rules == 1 and again.returns() == game.returns()
    record["rules"] = 2
    with pytest.raises(ValueError, match="already over"):
        replay(record)


def test_passes_left_counts_down_to_the_end() -> None:
    game = _issue_game(rules=1)
    left = []
    while not game.is_over:
        left.append(game.passes_left)
        game.apply(Pass())
    assert left == [6, 5, 4, 3, 2, 1]
    assert game.ending is Ending.PASSES


def test_closes_says_which_play_ends_the_game() -> None:
    game = _issue_game()
    replayed = TileGame(27)
    for move in ISSUE_MOVES[:-1]:
        replayed.apply(Play.parse(move))
    assert replayed.closes(Play.parse(ISSUE_MOVES[-1]))
    assert not TileGame(27).closes(Play.parse(ISSUE_MOVES[0]))
    assert game.passes_left >= 0


def _closing_position() -> TileGame:
    game = TileGame(27)
    for move in ISSUE_MOVES[:-1]:
        game.apply(Play.parse(move))
    return game


@pytest.mark.parametrize("lead", [-50, 50])
def test_the_computers_close_the_board_only_to_win(lead: int) -> None:
    """The last move of the issue closes the board: a computer ahead takes it (the expert
    first of all), one behind lays another play."""
    game = _closing_position()
    closing = Play.parse(ISSUE_MOVES[-1])
    game.scores[game.current_player] += lead
    view = game.observation(game.current_player)
    scored = next(p for p in generate(view.board, view.rack) if p.play == closing)
    margin = closing_margin(view, scored)
    assert margin is not None and (margin > 0) == (lead > 0)
    for name, choose in (("greedy", greedy), ("expert", Expert().choose)):
        action = choose(view)
        assert isinstance(action, Play), name
        if lead > 0:
            assert action == closing, name  # greedy: its top score, as in the issue
        else:
            assert not game.closes(action), name
