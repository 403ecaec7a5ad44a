"""Playing for a target: card-counting facts, exact rounds 5 and 6, the table, the choice."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.core.scoring import final_points
from solitaire.patience.advisor import advise_position, best_discard, hindsight, position_of
from solitaire.patience.game import Game
from solitaire.patience.simulation import play_seeds, simulate
from solitaire.patience.strategy import make_strategy, play_out
from solitaire.patience.target import (
    FutureTable,
    _arrays,
    _decide,
    _round5,
    _round5_reach,
    final_counts,
    future_table,
    percent,
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


def brute_final(known: list[Card], unseen: list[Card]) -> Counter[int]:
    """How the final hand scores over every choice of its unseen cards (plain Python)."""
    out = Counter[int]()
    for rest in combinations(unseen, 4 - len(known)):
        a, b, c, d = [*known, *rest]
        out[final_points(a, b, c, d)] += 1
    return out


@given(st.randoms(use_true_random=False), st.integers(0, 3), st.integers(4, 11))
@settings(max_examples=80, deadline=None)
def test_final_hand_counts_equal_brute_force(rng: random.Random, m: int, n: int) -> None:
    cards = rng.sample(ALL_CARDS, m + n)
    if rng.random() < 0.5:  # often one suit, so that flushes happen
        suit = [c for c in ALL_CARDS if c.suit == cards[0].suit]
        cards = rng.sample(suit, min(len(suit), m + n)) + cards
        cards = list(dict.fromkeys(cards))[: m + n]
    known, unseen = cards[:m], cards[m:]
    counts = final_counts(np.array([known], dtype=np.int64).reshape(1, m), np.array([unseen]))
    assert {x: int(k) for x, k in enumerate(counts[0]) if k} == dict(brute_final(known, unseen))


def estimated_by_hand(game: Game, target: int) -> list[Fraction]:
    """Each discard's estimate, recomputed in plain Python: this round's exact distribution
    (the advisor's), the later rounds from the table, the final hand by brute force."""
    k = game.round_number
    table = future_table()
    later = dict(enumerate(table.rest[k - 1]))
    known = [r.starter for r in game.rounds[1 : k - 1]]
    final = brute_final(known, list(game.unseen()))
    rest = Counter[int]()
    for x, a in later.items():
        for f, b in final.items():
            rest[x + f] += a * b
    ways = sum(rest.values())
    options = {frozenset(o.discard): o for o in advise_position(position_of(game))}
    out = []
    for i, j in combinations(range(6), 2):
        option = options[frozenset((game.shown[i], game.shown[j]))]
        n = sum(option.outcomes)
        out.append(
            sum(
                (
                    Fraction(count, n)
                    * Fraction(
                        sum(w for x, w in rest.items() if x >= target - game.total - t), ways
                    )
                    for t, count in enumerate(option.outcomes)
                ),
                Fraction(0),
            )
        )
    return out


@pytest.mark.parametrize(
    ("seed", "round_number", "estimate"), [(3, 3, False), (8, 4, False), (3, 5, True)]
)
def test_estimates_combine_the_exact_round_the_table_and_the_final_hand(
    seed: int, round_number: int, estimate: bool
) -> None:
    # Rounds 1-4 always; round 5 only when asked (to measure the table's error).
    game = best_until(seed, round_number)
    target = game.total + 30 - 3 * round_number
    chances = target_chances(game, target, estimate=estimate)
    assert not any(c.exact for c in chances)
    assert [c.chance for c in chances] == estimated_by_hand(game, target)


def test_round_one_estimate_sums_the_same_way() -> None:
    game = best_until(2, 1)
    chances = target_chances(game, 90)
    table = future_table()
    assert len({c.out_of for c in chances}) == 1
    assert chances[0].out_of == 46 * 45 * 44 // 2 * table.games * comb(46, 4)
    options = {frozenset(o.discard): o for o in advise_position(position_of(game))}
    # More of a high round never lowers the chance: compare discards that dominate.
    for a in chances:
        for b in chances:
            oa, ob = options[frozenset(a.discard)], options[frozenset(b.discard)]
            if all(oa.chance_at_least(t) >= ob.chance_at_least(t) for t in range(62)):
                assert a.reach >= b.reach


@pytest.mark.parametrize("round_number", [1, 3, 5, 6])
def test_a_target_out_of_reach_or_certain_plays_best(round_number: int) -> None:
    game = best_until(11, round_number)
    best = set(best_discard(position_of(game)))
    assert set(target_discard(game, 250)) == best
    assert set(target_discard(game, 1)) == best


def test_estimated_near_ties_go_to_best_exact_ties_too() -> None:
    best = np.array([3, 3, 3, 3])
    reach = np.zeros((4, 15), dtype=np.int64)
    reach[:, 3] = 1000
    reach[:, 7] = [1000, 1109, 1112, 1000]  # equal; within 10% + 0.01 points; beyond; tiny
    out_of = np.array([10**5, 10**5, 10**5, 10**9])
    chosen = _decide(reach, out_of, False, best).tolist()
    assert chosen == [3, 3, 7, 3]
    reach[3, 7] = 1_200_000  # 0.12%: past the floor of 0.01% too
    assert _decide(reach, out_of, False, best).tolist()[3] == 7
    assert _decide(reach, out_of, True, best).tolist() == [3, 7, 7, 7]  # exact: any gain


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_round5_skips_only_games_out_of_reach(seed: int) -> None:
    # The bound that skips the enumeration never skips a game some outcome brings home.
    game = best_until(seed, 5)
    six, unseen, starters = _arrays(game)
    round5, _, rest = _round5(game)
    every = (round5[:, :, None] + rest[:, None, :]).max()
    for need in range(every - 3, every + 3):  # points to score from round 5 on
        reach = _round5_reach(six, unseen, starters, np.array([need]))[0]
        full = (round5[:, :, None] + rest[:, None, :] >= need).sum(axis=(0, 2))
        assert reach.tolist() == full.tolist()


def test_the_table_adds_up_and_bad_tables_are_refused() -> None:
    table = future_table()
    assert table.games >= 100_000
    for k in range(1, 6):
        assert sum(table.rest[k - 1]) == table.games
        tails = table.tails(k)
        assert tails[0] == table.games and tails[-1] == 0
    means = [sum(x * n for x, n in enumerate(row)) / table.games for row in table.rest]
    assert means == sorted(means, reverse=True)  # fewer rounds left, fewer points to come
    assert FutureTable.from_dict(table.to_dict()) == table
    data = table.to_dict()
    for bad, message in [
        ([], "not a JSON object"),
        ({**data, "games": 0}, "positive 'games'"),
        ({**data, "rounds_after_round": {"1": [1]}}, "rounds 1 to 5"),
    ]:
        with pytest.raises(ValueError, match=message):
            FutureTable.from_dict(bad)
    rows = dict(data["rounds_after_round"])  # type: ignore[call-overload]
    rows["3"] = [*rows["3"], 1]
    with pytest.raises(ValueError, match="round 3 do not add up"):
        FutureTable.from_dict({**data, "rounds_after_round": rows})


def test_the_coach_speaks_exactly_when_the_target_strategy_leaves_best() -> None:
    spoke = silent = 0
    for seed in range(16):
        for round_number in (4, 5):
            game = best_until(seed, round_number)
            options = advise_position(position_of(game))
            chances = target_chances(game, 90)
            note = target_disagreement(options, chances, 90, game.total)
            played = frozenset(target_discard(game, 90))
            if note is None:
                silent += 1
                assert played == frozenset(options[0].discard)
                continue
            spoke += 1
            assert played != frozenset(options[0].discard)
            top = next(c for c in chances if frozenset(c.discard) == played)
            assert " ".join(map(str, top.discard)) in note
            assert " ".join(map(str, options[0].discard)) in note
            assert percent(top.chance) in note
            assert ("(exact)" in note) == (round_number == 5)
            # After the round, the player's own discard is said too when it was a third one.
            other = next(o.discard for o in options[1:] if frozenset(o.discard) != played)
            after = target_disagreement(options, chances, 90, game.total, other)
            mine = next(c for c in chances if frozenset(c.discard) == frozenset(other))
            assert after == f"{note} Yours, {' '.join(map(str, other))}: {percent(mine.chance)}."
    assert spoke and silent


@pytest.mark.parametrize("strategy", ["target90", "target121", "target70"])
def test_target_strategies_play_all_games_at_once_as_one_at_a_time(strategy: str) -> None:
    # The batched run (simulate, the README's tables) plays each game as a Game does.
    seeds = range(300, 340)
    one_by_one = [
        play_out(Game.from_seed(s), make_strategy(strategy, random.Random(0))).total for s in seeds
    ]
    assert play_seeds(strategy, seeds) == one_by_one
    one = simulate(6, strategy, seed=40, jobs=1)
    two = simulate(6, strategy, seed=40, jobs=2, chunk=2)
    assert one.totals == two.totals
