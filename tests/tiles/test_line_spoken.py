"""A line's count said the cribbage way: the core's groups and words, every running total true."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from solitaire.core.cards import Card
from solitaire.core.scoring import Kind, count_groups, score_hand, spoken_number
from solitaire.tiles.scoring import BONUS, score_line

NUMBERS = {spoken_number(n): n for n in range(200)}


def said_totals(spoken: str) -> list[int]:
    """The running total at the end of each phrase, read back from the words."""
    if spoken == "nothing":
        return []
    phrases = spoken.split(", ")
    phrases[-1] = phrases[-1].removeprefix("and ")
    totals = []
    for phrase in phrases:
        number = phrase.rsplit(" is ", 1)[1] if " is " in phrase else phrase.split(" ", 1)[1]
        totals.append(NUMBERS[number])
    return totals


def every_line() -> list[tuple[int, ...]]:
    return [
        faces for size in range(2, 6) for faces in combinations_with_replacement(range(1, 14), size)
    ]


def test_every_line_says_each_running_total_and_ends_on_its_total() -> None:
    rng = random.Random(14)
    count = 0
    for faces in every_line():
        laid = list(faces)
        rng.shuffle(laid)
        for dark in (False, True):
            darks = [dark] * len(laid)
            if len(laid) == 5 and rng.random() < 0.5:
                darks[rng.randrange(5)] = not dark  # two colours: no bonus
            line = score_line(laid, darks)
            points = [sum(i.points for i in group) for _, group in line.groups()]
            points += [BONUS] if line.one_colour else []
            running = [sum(points[: i + 1]) for i in range(len(points))]
            spoken = line.spoken()
            assert said_totals(spoken) == running, (laid, spoken)
            assert (running[-1] if running else 0) == line.total, (laid, spoken)
            assert (spoken == "nothing") == (line.total == 0), laid
            assert spoken.endswith(f"ten for one colour is {spoken_number(line.total)}") == (
                line.one_colour
            ), spoken
            count += 1
    assert count == 2 * (91 + 455 + 1820 + 6188)


def test_the_groups_are_the_cores_for_the_same_ranks() -> None:
    """Every line of 4 or 5 ranks (at most four of a rank) against the core's hand count."""
    count = 0
    for faces in every_line():
        if len(faces) < 4 or max(faces.count(f) for f in faces) > 4:
            continue
        cards = [Card(rank, i % 4) for i, rank in enumerate(faces)]  # a repeated rank: new suits
        score = score_hand(cards[:4], cards[4] if len(cards) == 5 else None)
        core = [
            (g.name, g.points)
            for g in count_groups(score.items)
            if g.items[0].kind not in (Kind.FLUSH, Kind.NOBS)
        ]
        line = score_line(faces)
        assert [(n, sum(i.points for i in g)) for n, g in line.groups()] == core, faces
        count += 1
    assert count == 1820 + 6188 - 13  # all but five of a kind


@pytest.mark.parametrize(
    ("faces", "said"),
    [
        ([7, 8, 7, 6, 8], "fifteen two, fifteen four, fifteen six, fifteen eight, a double double "
         "run for sixteen is twenty-four, and ten for one colour is thirty-four"),
        ([3, 3, 4, 5], "fifteen two, and a double run of three for eight is ten"),
        ([5, 5, 5, 5, 5], "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
         "fifteen twelve, fifteen fourteen, fifteen sixteen, fifteen eighteen, fifteen twenty, "
         "five of a kind for twenty is forty, and ten for one colour is fifty"),
        ([10, 5, 5, 5], "fifteen two, fifteen four, fifteen six, fifteen eight, and a pair royal "
         "for six is fourteen"),
        ([9, 9, 4, 4], "two pairs is four"),
        ([2, 2], "a pair is two"),
        ([1, 4], "nothing"),
    ],
)  # fmt: skip
def test_lines_said_as_players_say_them(faces: list[int], said: str) -> None:
    assert score_line(faces, [True] * len(faces)).spoken() == said
