"""Playing for a target: card-counting facts, exact rounds 5 and 6, the table, the choice."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from solitaire.core.scoring import final_points
from solitaire.patience.advisor import advise_position, best_discard, hindsight, position_of
from solitaire.patience.game import Game
from solitaire.patience.simulation import simulate
from solitaire.patience.strategy import make_strategy, play_out
from solitaire.patience.target import (
    FutureTable,
    future_table,
    rest_counts_round5,
    target_chances,
    target_disagreement,
    target_discard,
)


def best_until(seed: int, round_number: int) -> Game:
    game = Game.from_seed(seed)
    while game.round_number < round_number:
        game.discard(best_discard(position_of(game)))
    return game


def replayed(game: Game) -> Game:
    copy = Game(game.deck)
    for result in game.rounds:
        copy.discard(result.discard)
    return copy


@pytest.mark.parametrize("seed", range(0, 400, 7))
def test_card_counting_facts(seed: int) -> None:
    game = best_until(seed, 5)
    unseen = set(game.unseen())
    starters = [r.starter for r in game.rounds]
    game.discard(best_discard(position_of(game)))
    r5 = game.rounds[-1]
    # At the fifth discard the unseen ten are round 5's blind pair and starter and the
    # seven cards round 6 deals beside the round-1 starter.
    assert starters[0] in game.shown
    assert unseen == {
        *r5.crib_dealt,
        r5.starter,
        *(set(game.shown) - {starters[0]}),
        *game.unseen(),
    }
    assert len(game.unseen()) == 2  # round 6: only its blind pair is unseen
    assert game.known_starter() == starters[1]
    game.discard(best_discard(position_of(game)))
    assert game.final is not None
    assert game.final.cards == (starters[2], starters[3], r5.starter, starters[1])


def brute_round5(game: Game, target: int) -> tuple[list[Fraction], Counter[int]]:
    """Every split of the ten unseen cards, scored with the plain-Python scorer: each
    discard's chance of reaching the target, and how often the rest scores x."""
    unseen = game.unseen()
    s1, s2, s3, s4 = (r.starter for r in game.rounds[:4])
    reach = Counter[int]()
    rests = Counter[int]()
    outcomes = 0
    order = [frozenset(d) for d in combinations(game.shown, 2)]
    for s5 in unseen:
        final = final_points(s3, s4, s5, s2)
        others = [c for c in unseen if c != s5]
        for blind in combinations(others, 2):
            round5 = {frozenset(h.discard): h.total for h in hindsight(game.shown, blind, s5)}
            seven = [c for c in others if c not in blind]
            for blind6 in combinations(seven, 2):
                shown6 = [c for c in seven if c not in blind6] + [s1]
                rest = hindsight(shown6, blind6, s2)[0].total + final
                outcomes += 1
                rests[rest] += 1
                for n, discard in enumerate(order):
                    if game.total + round5[discard] + rest >= target:
                        reach[n] += 1
    return [Fraction(reach[n], outcomes) for n in range(15)], rests


@pytest.mark.parametrize(("seed", "target"), [(5, 90), (21, 80)])
def test_round5_is_exact_against_every_split(seed: int, target: int) -> None:
    game = best_until(seed, 5)
    chances = target_chances(game, target)
    assert all(c.exact and c.out_of == 7560 for c in chances)
    expected, rests = brute_round5(game, target)
    assert [c.chance for c in chances] == expected
    counts = rest_counts_round5(game).tolist()
    assert {x: n for x, n in enumerate(counts) if n} == dict(rests)
    assert [frozenset(c.discard) for c in chances] == [
        frozenset(d) for d in combinations(game.shown, 2)
    ]


@pytest.mark.parametrize("seed", range(6))
def test_round6_chances_are_certain_and_right(seed: int) -> None:
    game = best_until(seed, 6)
    target = game.total + 12
    for chance in target_chances(game, target):
        assert chance.exact and chance.out_of == 1
        copy = replayed(game)
        copy.discard(chance.discard)
        assert chance.reach == (copy.total >= target)


@pytest.mark.parametrize(
    ("round_number", "estimate"), [(1, False), (2, False), (4, False), (5, True), (6, True)]
)
def test_estimates_combine_the_exact_round_with_the_table(
    round_number: int, estimate: bool
) -> None:
    # Rounds 1-4 always; rounds 5 and 6 only when asked (to measure the table's error).
    table = future_table()
    game = best_until(3, round_number)
    target = game.total + 25
    options = {frozenset(o.discard): o for o in advise_position(position_of(game))}
    for chance in target_chances(game, target, estimate=estimate):
        option = options[frozenset(chance.discard)]
        n = sum(option.outcomes)
        expected = sum(
            Fraction(k, n) * table.chance_at_least(round_number, target - game.total - t)
            for t, k in enumerate(option.outcomes)
        )
        assert not chance.exact
        assert chance.chance == expected


@pytest.mark.parametrize("round_number", [1, 3, 5, 6])
def test_a_target_out_of_reach_or_certain_plays_best(round_number: int) -> None:
    game = best_until(11, round_number)
    best = set(best_discard(position_of(game)))
    assert set(target_discard(game, 250)) == best
    assert set(target_discard(game, 1)) == best


def test_the_table_adds_up_and_bad_tables_are_refused() -> None:
    table = future_table()
    assert table.games >= 100_000
    for k in range(1, 7):
        assert sum(table.rest[k - 1]) == table.games
        assert table.chance_at_least(k, 0) == 1
        assert table.chance_at_least(k, len(table.rest[k - 1])) == 0
    means = [sum(x * n for x, n in enumerate(row)) / table.games for row in table.rest]
    assert means == sorted(means, reverse=True)  # fewer rounds left, fewer points to come
    assert FutureTable.from_dict(table.to_dict()) == table
    data = table.to_dict()
    for bad, message in [
        ([], "not a JSON object"),
        ({**data, "games": 0}, "positive 'games'"),
        ({**data, "rest_after_round": {"1": [1]}}, "rounds 1 to 6"),
    ]:
        with pytest.raises(ValueError, match=message):
            FutureTable.from_dict(bad)
    rows = dict(data["rest_after_round"])  # type: ignore[call-overload]
    rows["3"] = [*rows["3"], 1]
    with pytest.raises(ValueError, match="round 3 do not add up"):
        FutureTable.from_dict({**data, "rest_after_round": rows})


def test_the_coach_speaks_only_when_target_and_points_disagree() -> None:
    spoke = silent = 0
    for seed in range(12):
        game = best_until(seed, 4)
        options = advise_position(position_of(game))
        chances = target_chances(game, 90)
        note = target_disagreement(options, chances, 90, game.total)
        by = {frozenset(c.discard): c.chance for c in chances}
        if note is None:
            silent += 1
            assert by[frozenset(options[0].discard)] == max(by.values())
            continue
        spoke += 1
        top = max(chances, key=lambda c: c.chance)
        assert " ".join(map(str, top.discard)) in note
        assert " ".join(map(str, options[0].discard)) in note
        assert f"{float(top.chance):.1%}" in note
    assert spoke and silent


def test_target_strategies_play_whole_games_reproducibly() -> None:
    game = play_out(Game.from_seed(2), make_strategy("target90", random.Random(0)))
    assert game.is_over
    one = simulate(6, "target121", seed=40, jobs=1)
    two = simulate(6, "target121", seed=40, jobs=2, chunk=2)
    assert one.totals == two.totals
