"""Plays checked against the rules: each refusal names its rule; legal plays score in full."""

from __future__ import annotations

import pytest

from solitaire.core.scoring import Kind
from solitaire.tiles.board import Board, parse_square
from solitaire.tiles.moves import (
    Exchange,
    IllegalMoveError,
    Pass,
    Play,
    Reason,
    check_play,
    parse_action,
)
from solitaire.tiles.scoring import BONUS, BonusKind
from solitaire.tiles.tiles import Tile, TileError, parse_tiles


def board_of(text: str) -> Board:
    """A board from ``G7:7D H7:8D ...`` (no rule is checked)."""
    return Board().place(Play.parse(text).placements)


RACK = parse_tiles("7D 8D 7L 6L 2L")

REFUSALS = [
    (Reason.COUNT, "", "", "a play lays 1 to 5 tiles, not 0"),
    (Reason.SAME_SQUARE, "", "H7:7D H7:8D", "two tiles on H7"),
    (Reason.OCCUPIED, "H7:5L I7:5D", "H7:7D", "H7 already holds a tile"),
    (Reason.BAD_FACE, "", "H7:7D/9 I7:8D", "7D cannot be laid as 9"),
    (Reason.NOT_ON_RACK, "", "H7:KD I7:5L", "KD is not on your rack"),
    (Reason.NOT_ON_RACK, "", "H7:7D I7:7D", "7D is not on your rack"),
    (Reason.NOT_IN_LINE, "", "H7:7D I8:8D", "not in one row or one column"),
    (Reason.GAP, "", "G7:7D I7:8D", "gap at H7"),
    (Reason.GAP, "H7:5L", "H5:7D H8:8D", "gap at H6"),
    (Reason.FIRST_TOO_SHORT, "", "H7:7D", "first play is a Crib Hand of 2 to 5"),
    (Reason.NOT_TOUCHING, "A1:5L B1:TL", "H7:7D I7:8D", "must join the tiles"),
    (Reason.TOO_LONG, "B1:AL C1:2L D1:3L E1:4L", "A1:6L F1:7D", "A1-F1 would be 6 tiles"),
    (Reason.TOO_LONG, "A1:AL A2:2L A3:3L A4:4L A5:5L", "A6:6L B6:7D", "A1-A6 would be 6"),
    (Reason.NO_POINTS, "G7:7L H7:8L", "I7:2L", "2L on I7 scores nothing"),
    (Reason.NO_POINTS, "", "G7:7D H7:8D I7:2L", "2L on I7 scores nothing"),
    (Reason.NO_POINTS, "G7:KL H7:KL", "I7:6L/9", "6L laid as a 9 on I7 scores nothing"),
]


@pytest.mark.parametrize(("reason", "board", "play", "message"), REFUSALS)
def test_each_refusal_names_its_rule_and_changes_nothing(
    reason: Reason, board: str, play: str, message: str
) -> None:
    before = board_of(board) if board else Board()
    copy = before.copy()
    with pytest.raises(IllegalMoveError, match=message) as caught:
        check_play(before, RACK, Play.parse(play))
    assert caught.value.reason is reason
    assert before == copy


def test_more_than_five_tiles_and_squares_off_the_board_are_refused() -> None:
    seven = Tile.parse("7L")
    six = Play([(s, seven, 7) for s in range(6)])
    with pytest.raises(IllegalMoveError, match="not 6") as caught:
        check_play(Board(), [seven] * 6, six)
    assert caught.value.reason is Reason.COUNT
    with pytest.raises(IllegalMoveError, match="off the board") as caught:
        check_play(Board(), [seven] * 2, Play([(0, seven, 7), (169, seven, 7)]))
    assert caught.value.reason is Reason.OFF_BOARD


def test_the_first_play_scores_its_line_and_ten() -> None:
    score = check_play(Board(), RACK, Play.parse("G7:7D H7:8D"))
    assert [line.total for line in score.lines] == [2]
    assert [b.kind for b in score.bonuses] == [BonusKind.FIRST_PLAY]
    assert score.total == 2 + BONUS


def test_the_first_play_may_lie_anywhere() -> None:
    corner = check_play(Board(), RACK, Play.parse("A1:7D A2:8D"))
    middle = check_play(Board(), RACK, Play.parse("G7:7D G8:8D"))
    assert corner.total == middle.total == 12


def test_a_single_tile_scores_both_lines_it_joins() -> None:
    board = board_of("G7:5D H8:5L")  # H7 joins G7 across and H8 down
    score = check_play(board, parse_tiles("TL"), Play.parse("H7:TL"))
    assert score.total == 2 + 2


def test_every_crossing_line_through_a_tile_laid_is_scored_whole() -> None:
    board = board_of("G7:5D H7:5D")
    score = check_play(board, parse_tiles("TL TD"), Play.parse("G8:TL H8:TD"))
    # the row 10-10 (a pair) and the columns 5-10 twice (a fifteen each)
    assert sorted(line.total for line in score.lines) == [2, 2, 2]
    assert score.total == 6


def test_extending_a_line_scores_it_whole() -> None:
    board = board_of("G7:7D H7:8D")
    score = check_play(board, RACK, Play.parse("I7:7L"))
    (line,) = score.lines
    assert line.faces == (7, 8, 7)
    assert line.points(Kind.FIFTEEN) == 4 and line.points(Kind.PAIR) == 2
    assert score.total == 6


def test_a_tile_may_score_only_in_its_crossing_line() -> None:
    board = board_of("G7:7L H7:8L H8:5D")
    # I8 adds nothing along row 8 beside H8 (5, 2)... but I8 is not in row 7's line
    score = check_play(board, parse_tiles("TL"), Play.parse("I8:TL"))
    assert score.total == 2  # 5 + 10 across
    refused = parse_tiles("2L")
    with pytest.raises(IllegalMoveError) as caught:
        check_play(board, refused, Play.parse("I8:2L"))
    assert caught.value.reason is Reason.NO_POINTS


def test_laying_all_five_scores_ten_more() -> None:
    board = board_of("A1:KL")
    rack = parse_tiles("5D 5L 5D 5L TL")
    score = check_play(board, rack, Play.parse("A2:5D B2:5L C2:5D D2:5L E2:TL"))
    assert score.bonus_kinds() == [BonusKind.ALL_FIVE]
    assert score.total == (12 + 16) + 2 + BONUS  # the row, then K-5 down A1-A2


def test_five_all_one_colour_across_or_down_scores_ten() -> None:
    board = board_of("C1:AD C2:2D C3:3D C4:4D")
    score = check_play(board, parse_tiles("5D"), Play.parse("C5:5D"))
    assert score.bonus_kinds() == [BonusKind.ONE_COLOUR]
    mixed = check_play(board, parse_tiles("5L"), Play.parse("C5:5L"))
    assert mixed.total == score.total - BONUS


def test_a_six_may_be_laid_as_a_nine_and_stays_a_nine() -> None:
    rack = parse_tiles("6D 6L")
    as_nine = Play.parse("G7:6D/9 H7:6L")
    assert check_play(Board(), rack, as_nine).total == 2 + BONUS  # 9 + 6
    assert check_play(Board(), rack, Play.parse("G7:6D H7:6L")).total == 2 + BONUS  # a pair
    board = Board().place(as_nine.placements)
    assert board.face(parse_square("G7")) == 9
    with pytest.raises(IllegalMoveError):  # the 9 stays a 9: nothing of 9, 6, 3
        check_play(board, parse_tiles("3L"), Play.parse("I7:3L"))


def test_notation_round_trips_and_bad_notation_is_named() -> None:
    play = Play.parse("h7:6d/9, G7:7L")
    assert str(play) == "G7:7L H7:6D/9"
    assert Play.parse(str(play)) == play
    assert parse_action("pass") == Pass()
    assert parse_action("exchange 7D 8l") == Exchange(parse_tiles("7D 8L"))
    assert parse_action("G7:7L") == Play.parse("G7:7L")
    for bad, message in (("H7", "square:tile"), ("H7:7D/x", "6 or 9"), ("Z9:7D", "square"),
                         ("", "empty move")):  # fmt: skip
        with pytest.raises(TileError, match=message):
            parse_action(bad)
