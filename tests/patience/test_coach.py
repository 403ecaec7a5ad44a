"""Coaching reviews agree with the advisor, the scorer, the best strategy and the oracle."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from solitaire.core.rounding import hundredths
from solitaire.core.scoring import score_total
from solitaire.patience.advisor import DiscardOption, Position, advise_position, position_of
from solitaire.patience.coach import (
    Reason,
    heels_note,
    hint_reasons,
    position_before,
    review_game,
    review_round,
    round_reasons,
    shown_parts,
)
from solitaire.patience.game import Game
from solitaire.patience.simulation import oracle_total
from solitaire.patience.strategy import best_strategy, make_strategy, play_out


def random_game(seed: int) -> Game:
    return play_out(Game.from_seed(seed), make_strategy("random", random.Random(seed)))


def test_positions_rebuilt_after_the_fact_equal_the_live_ones() -> None:
    game = Game.from_seed(31)
    live = []
    while not game.is_over:
        live.append(position_of(game))
        game.discard(game.shown[2:4])
    for number, position in enumerate(live, start=1):
        result = game.rounds[number - 1]
        assert position_before(game.rounds[: number - 1], result.shown, result.starter) == position


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_round_review(seed: int) -> None:
    game = random_game(seed)
    for result in game.rounds:
        review = review_round(game, result.number)
        assert set(review.chosen) == set(result.discard)
        assert review.chosen_scored == result.points
        assert review.given_up == review.best_option.total - review.chosen_option.total >= 0
        assert review.is_best == (review.given_up == 0)
        assert review.hindsight_best.total == max(h.total for h in review.actual)
        assert review.best_option.total == max(o.total for o in review.options)


@pytest.mark.parametrize("seed", [4, 5, 6, 7])
def test_game_review_against_best_play_and_the_oracle(seed: int) -> None:
    review = review_game(random_game(seed))
    # Perfect play's actual total is what the best strategy scores on this deal.
    assert review.perfect_scored == play_out(Game.from_seed(seed), best_strategy).total
    assert review.hindsight_best == oracle_total(Game.from_seed(seed))
    assert review.hindsight_best >= review.perfect_scored
    assert review.hindsight_best >= review.total
    expected_given_up = sum(r.given_up for r in review.rounds)
    assert review.expected_given_up == expected_given_up
    if expected_given_up > 0:
        assert review.efficiency < 1.0
    costly = review.costliest()
    assert list(costly) == sorted(costly, key=lambda r: -r.given_up)
    assert all(r.given_up > 0 for r in costly) and len(costly) <= 3


def test_best_play_is_perfectly_efficient() -> None:
    review = review_game(play_out(Game.from_seed(8), best_strategy))
    assert review.efficiency == 1.0 and review.costliest() == ()
    assert review.total == review.perfect_scored


def test_only_finished_games_are_reviewed() -> None:
    with pytest.raises(ValueError, match="only a finished game"):
        review_game(Game.from_seed(1))


def numbers_said(reason: Reason) -> list[str]:
    """The numbers in a reason's words (cards, which hold digits, left out)."""
    return [
        n
        for part in reason.parts
        if isinstance(part, str)
        for n in re.findall(r"\d+(?:\.\d+)?", part)
    ]


def two(value: Fraction) -> str:
    return f"{float(value):.2f}"


def shown(best: DiscardOption, other: DiscardOption) -> tuple[int, int, int]:
    """Hand, crib and total of ``best`` less ``other`` as the tables write them, each within
    two hundredths of the advisor's exact difference."""
    mine, theirs = shown_parts(best), shown_parts(other)
    exact = (best.hand - other.hand, best.crib - other.crib, best.total - other.total)
    diffs = (mine[0] - theirs[0], mine[1] - theirs[1], mine[3] - theirs[3])
    assert all(abs(d - e * 100) <= 2 for d, e in zip(diffs, exact, strict=True))
    return diffs


def expected_numbers(
    best: DiscardOption, other: DiscardOption, position: Position
) -> list[list[str]]:
    """Each reason's numbers, recomputed from the advisor's values as the tables write them
    (so that the hand and the crib make the total) and the fast scorer."""
    assert best.total - other.total == best.hand - other.hand + best.crib - other.crib
    hand, crib, total = shown(best, other)
    assert total == hand + crib  # heels are the same for every discard
    if total == 0:
        split = [hundredths(shown_parts(best)[3])]
    elif hand < 0:
        split = [hundredths(-hand), hundredths(crib), hundredths(total)]
    elif crib < 0:
        split = [hundredths(-crib), hundredths(hand), hundredths(total)]
    else:
        split = [hundredths(total), hundredths(hand), hundredths(crib)]
    keep = []
    known = position.starter is not None
    for option in (best, other):
        sure = score_total(option.keep)  # four cards, no starter: the fast path
        adds = option.hand - sure
        assert abs(shown_parts(option)[0] - 100 * option.hand) <= 1
        keep += [str(sure), str(adds) if known else hundredths(shown_parts(option)[0] - 100 * sure)]
    if known and len(position.unseen) == 2:  # round 6: the blind pair is known too
        assert best.crib.denominator == other.crib.denominator == 1
        return [split, keep, [str(best.crib), str(other.crib)]]
    return [split, keep, [hundredths(shown_parts(best)[1]), hundredths(shown_parts(other)[1])]]


def check_reasons(
    reasons: tuple[Reason, ...],
    options: tuple[DiscardOption, ...],
    other: DiscardOption,
    position: Position,
) -> None:
    assert [numbers_said(r) for r in reasons] == expected_numbers(options[0], other, position)
    words = reasons[0].text()
    a, b = options[0].discard
    assert words.startswith(f"Discarding {a.symbol(True)} {b.symbol(True)}")
    gift = reasons[2].text()
    for option in (options[0], other):
        a, b = option.discard
        assert ("a pair" in gift) >= (a.rank == b.rank)
        assert ("a fifteen" in gift) >= (a.value + b.value == 15)


@pytest.mark.parametrize("seed", range(10, 16))
def test_every_number_in_a_reason_is_the_advisors(seed: int) -> None:
    game = random_game(seed)
    for result in game.rounds:
        review = review_round(game, result.number)
        assert (review.known_starter is not None) == (result.number == 6)
        options = review.options
        mine = review.chosen_option
        other = options[1] if mine is options[0] else mine
        reasons = round_reasons(review)
        check_reasons(reasons, options, other, review.position)
        if review.known_starter is not None:
            assert "the starter " in reasons[1].text() and "on average" not in reasons[1].text()


def test_hint_reasons_compare_the_picked_or_the_next_best() -> None:
    game = Game.from_seed(21)
    options = advise_position(position_of(game))
    position = position_of(game)
    check_reasons(hint_reasons(options, position), options, options[1], position)
    for picked in options[1:]:
        check_reasons(hint_reasons(options, position, picked.discard), options, picked, position)
    check_reasons(
        hint_reasons(options, position, options[0].discard), options, options[1], position
    )


def test_the_hindsight_line_says_something_new_or_nothing() -> None:
    for seed in range(20):
        game = random_game(seed)
        for result in game.rounds:
            review = review_round(game, result.number)
            news = review.hindsight_news
            top = max(h.total for h in review.actual)
            if news is None:
                assert top in (review.chosen_scored, review.best_scored)
            else:
                assert news.total == top > max(review.chosen_scored, review.best_scored)
                assert frozenset(news.discard) != frozenset(review.chosen)


@pytest.mark.parametrize("seed", [3, 40, 41])
def test_the_heels_note_gives_the_advisors_allowance(seed: int) -> None:
    game = random_game(seed)
    for result in game.rounds:
        review = review_round(game, result.number)
        position, heels = review.position, review.options[0].heels
        note = heels_note(position)
        jacks = [c for c in position.unseen if c.rank == 11]
        if position.starter is not None:
            assert heels == (2 if position.starter.rank == 11 else 0)
            assert ("is a jack" in note) == (heels == 2)
        elif not jacks:
            assert heels == 0 and note.startswith("no heels")
        else:
            numbers = re.findall(r"\d+(?:\.\d+)?", note)
            n, size = str(len(jacks)), str(len(position.unseen))
            assert numbers == ["2", n, size, "2", n, size, two(heels)], note
