"""The exact endgame (issue 26): equal to brute force through the game's own rules."""

from __future__ import annotations

import copy
import random
from collections import Counter
from itertools import combinations, permutations, product

from solitaire.tiles.board import Board, parse_square
from solitaire.tiles.endgame import solve
from solitaire.tiles.game import Ending, TileGame
from solitaire.tiles.moves import Action, IllegalMoveError, Pass, Play, check_play
from solitaire.tiles.tiles import Bag, Tile, parse_tiles


def plain_plays(game: TileGame) -> list[Play]:
    """Every play by the plain rule checker: each set of empty squares of one row or column,
    each ordering of rack tiles and each face on them (no move generator)."""
    board, rack, n = game.board, game.rack(game.current_player), game.board.size
    lines = [[r * n + c for c in range(n)] for r in range(n)]
    lines += [[r * n + c for r in range(n)] for c in range(n)]
    found: dict[tuple[object, ...], Play] = {}
    for line in lines:
        empty = [s for s in line if not board.faces[s]]
        for k in range(1, len(rack) + 1):
            for squares in combinations(empty, k):
                for tiles in set(permutations(rack, k)):
                    for faces in product(*(t.faces for t in tiles)):
                        play = Play(zip(squares, tiles, faces, strict=True), n)
                        try:
                            check_play(board, rack, play)
                        except IllegalMoveError:
                            continue
                        found[tuple(sorted(play.placements))] = play
    return list(found.values())


def fork(game: TileGame) -> TileGame:
    """An independent copy of a game with the bag empty."""
    new = copy.copy(game)
    new.racks = list(game.racks)
    new.scores = list(game.scores)
    new.turns = list(game.turns)
    return new


def brute(game: TileGame, me: int, endings: Counter[Ending]) -> int:
    """The final margin ``me`` forces: every action of both players, played by the game."""
    if game.is_over:
        assert game.ending is not None
        endings[game.ending] += 1
        final = game.returns()
        return final[me] - final[1 - me]
    actions: list[Action] = [*plain_plays(game)] or [Pass()]
    values = []
    for action in actions:
        child = fork(game)
        child.apply(action)
        values.append(brute(child, me, endings))
    return max(values) if game.current_player == me else min(values)


def endgame(board: Board, mine: tuple[Tile, ...], theirs: tuple[Tile, ...]) -> TileGame:
    game = TileGame(0, size=board.size)
    game.board = board
    game.bag = Bag([], random.Random(0))
    game.racks = [mine, theirs]
    game.current_player = 0
    game.scores = [0, 0]
    return game


def small_endgame(case: int) -> tuple[Board, tuple[Tile, ...], tuple[Tile, ...]]:
    """A board of 5 to 7 squares a side, tiles at random on a third to four fifths of it
    (some lines may pass five: no tile fits next to them), and racks of 1 to 2."""
    rng = random.Random(case)
    size = rng.choice((5, 6, 7))
    board = Board(size)
    placements = []
    fill = rng.choice((0.35, 0.5, 0.65, 0.8))
    for square in range(size * size):
        if rng.random() < fill:
            tile = Tile(rng.randint(1, 13), rng.random() < 0.5)
            placements.append((square, tile, rng.choice(tile.faces)))
    board = board.place(placements)

    def rack(size: int) -> tuple[Tile, ...]:
        return tuple(Tile(rng.randint(1, 13), rng.random() < 0.5) for _ in range(size))

    return board, rack(rng.randint(1, 2)), rack(rng.randint(1, 2))


def test_the_endgame_equals_brute_force_on_small_positions() -> None:
    endings: Counter[Ending] = Counter()
    margins = set()
    for case in range(60):
        board, mine, theirs = small_endgame(case)
        game = endgame(board, mine, theirs)
        expected = brute(game, 0, endings)
        result = solve(board, mine, theirs, budget=100_000)
        assert result is not None and result.exact
        assert result.margin == expected, f"case {case}"
        margins.add(expected)
        if result.play is None:
            assert not plain_plays(game)
        else:  # the play it gives forces the margin it says
            child = fork(game)
            child.apply(result.play)
            assert brute(child, 0, Counter()) == expected, f"case {case}"
    assert len(endings) == 3, endings  # out, blocked and closed are all reached
    assert len(margins) > 10


def test_the_endgame_gives_up_past_its_budget() -> None:
    board = Board().place([(parse_square("G7"), Tile(5, True), 5)])
    mine, theirs = parse_tiles("AL 4D 6L 10D QL"), parse_tiles("2L 3D 7L 9D KL")
    assert solve(board, mine, theirs, budget=3) is None
    assert solve(board, mine[:1], theirs[:1], budget=50) is not None
