"""Scoring a line: the rules file's examples, the table against the breakdown, bonuses."""

from __future__ import annotations

import itertools
import random
from itertools import combinations_with_replacement, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire.core.scoring import Kind
from solitaire.tiles.scoring import (
    BONUS,
    Bonus,
    BonusKind,
    PlayScore,
    line_info,
    line_key,
    score_line,
)


def test_rules_example_3_3_4_5_scores_ten() -> None:
    line = score_line([3, 3, 4, 5])
    assert line.points(Kind.FIFTEEN) == 2
    assert line.points(Kind.PAIR) == 2
    assert line.points(Kind.RUN) == 6
    assert line.total == 10


def test_rules_example_7_8_7_6_8_all_dark_scores_24_plus_10() -> None:
    line = score_line([7, 8, 7, 6, 8], [True] * 5)
    assert line.points(Kind.FIFTEEN) == 8
    assert line.points(Kind.PAIR) == 4
    assert line.points(Kind.RUN) == 12
    assert line.combination_points == 24
    assert line.bonus == BONUS
    assert line.total == 34


@pytest.mark.parametrize(
    ("faces", "pairs"), [([5, 5], 2), ([5, 5, 5], 6), ([5] * 4, 12), ([9] * 5, 20)]
)
def test_pairs_to_five_of_a_kind(faces: list[int], pairs: int) -> None:
    assert score_line(faces).points(Kind.PAIR) == pairs


@pytest.mark.parametrize(
    ("faces", "runs"),
    [([1, 2, 3], 3), ([3, 1, 2], 3), ([9, 11, 10, 12], 4), ([5, 2, 4, 3, 1], 5), ([12, 13, 1], 0),
     ([1, 2, 4], 0), ([2, 3, 3, 4, 4], 12)],
)  # fmt: skip
def test_runs_of_three_to_five_in_any_order_aces_low(faces: list[int], runs: int) -> None:
    assert score_line(faces).points(Kind.RUN) == runs


def test_fifteens_count_faces_as_ten_and_every_distinct_set() -> None:
    assert score_line([13, 5]).points(Kind.FIFTEEN) == 2
    assert score_line([11, 12, 5]).points(Kind.FIFTEEN) == 4
    assert score_line([5, 5, 5, 10]).points(Kind.FIFTEEN) == 8  # three 5s, and 10 with each 5
    assert score_line([1, 4]).total == 0


def test_one_colour_bonus_needs_five_tiles_all_light_or_all_dark() -> None:
    assert score_line([1, 2, 3, 4, 5], [False] * 5).bonus == BONUS
    assert score_line([1, 2, 3, 4, 5], [True] * 4 + [False]).bonus == 0
    assert score_line([1, 2, 3, 4], [True] * 4).bonus == 0


def test_a_play_adds_its_lines_and_bonuses() -> None:
    lines = (score_line([7, 8]), score_line([5, 5, 5, 5, 5], [True] * 5))
    score = PlayScore(lines, (Bonus(BonusKind.FIRST_PLAY), Bonus(BonusKind.ALL_FIVE)))
    assert score.total == 2 + (20 + 20 + BONUS) + 2 * BONUS
    assert sorted(score.bonus_kinds()) == sorted(
        [BonusKind.FIRST_PLAY, BonusKind.ALL_FIVE, BonusKind.ONE_COLOUR]
    )


def test_the_table_equals_the_breakdown_for_every_line_of_two_to_five() -> None:
    count = 0
    for size in range(2, 6):
        for faces in combinations_with_replacement(range(1, 14), size):
            line = score_line(faces)
            points, mask = line_info(line_key(faces))
            assert points == line.combination_points, faces
            scoring = {line.faces[p] for p in line.scoring_positions()}
            assert mask == sum(1 << f for f in scoring), faces
            count += 1
    assert count == 91 + 455 + 1820 + 6188


@given(st.lists(st.integers(1, 13), min_size=2, max_size=5), st.randoms())
def test_order_along_the_line_does_not_matter(faces: list[int], rng: random.Random) -> None:
    shuffled = faces[:]
    rng.shuffle(shuffled)
    assert score_line(shuffled).total == score_line(faces).total


def test_every_item_is_a_real_combination() -> None:
    for faces in permutations([5, 10, 5, 4, 6]):
        line = score_line(faces)
        for item in line.items:
            chosen = [line.faces[p] for p in item.positions]
            if item.kind is Kind.FIFTEEN:
                assert sum(min(f, 10) for f in chosen) == 15
            elif item.kind is Kind.PAIR:
                assert chosen[0] == chosen[1]
            else:
                assert sorted(chosen) == list(range(min(chosen), min(chosen) + len(chosen)))


def test_a_line_has_one_to_five_ranks() -> None:
    with pytest.raises(ValueError, match="a line is 1 to 5"):
        score_line([1, 2, 3, 4, 5, 6])
    with pytest.raises(ValueError, match="a line is 1 to 5"):
        score_line([0, 14])


def _brute_items(faces: list[int]) -> set[tuple[str, tuple[int, ...]]]:
    """Every combination of a line by the rules, found over every set of its tiles: each
    set adding to 15, each two of one rank, each set of 3 or more consecutive ranks that no
    longer such set holds."""
    n = len(faces)
    sets = [c for k in range(2, n + 1) for c in itertools.combinations(range(n), k)]
    fifteens = {c for c in sets if sum(min(faces[i], 10) for i in c) == 15}
    pairs = {c for c in sets if len(c) == 2 and faces[c[0]] == faces[c[1]]}

    def is_run(c: tuple[int, ...]) -> bool:
        ranks = sorted(faces[i] for i in c)
        return len(c) >= 3 and ranks == list(range(ranks[0], ranks[0] + len(c)))

    runs = [c for c in sets if is_run(c)]
    longest = max((len(c) for c in runs), default=0)
    return (
        {("fifteen", c) for c in fifteens}
        | {("pair", c) for c in pairs}
        | {("run", c) for c in runs if len(c) == longest}
    )


def test_every_line_lists_each_combination_once_as_brute_force_finds_it() -> None:
    """Over every multiset of 2 to 5 ranks, the breakdown is the brute force's: no
    combination missed, none listed twice (7 6 8 8 holds two runs, tiles 1 2 3 and 1 2 4)."""
    checked = 0
    for n in range(2, 6):
        for faces in itertools.combinations_with_replacement(range(1, 14), n):
            if any(faces.count(rank) > 8 for rank in faces):
                continue
            line = score_line(list(faces))
            items = [(item.kind.value, item.positions) for item in line.items]
            assert len(items) == len(set(items)), faces
            assert set(items) == _brute_items(list(faces)), faces
            checked += 1
    assert checked > 8000


def test_tiles_score_shows_each_run_by_its_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire.cli import main

    assert main(["tiles", "score", "7", "6", "8", "8"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith("  run")]
    assert sorted(row[-3:] for row in rows) == [["1", "2", "3"], ["1", "2", "4"]]
    listed = [line.strip() for line in out.splitlines() if line.startswith("  ")]
    assert len(listed) == len(set(listed))
