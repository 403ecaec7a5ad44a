"""The match arena: paired seeds with seats swapped, any --jobs, Ctrl-C, exact tallies."""

from __future__ import annotations

import json
import math
import random

import pytest

from solitaire.cli import main
from solitaire.match.arena import ArenaResult, arena, play_game, seat
from solitaire.match.game import Counted, GoPoint, Laid, Match
from solitaire.match.players import advance


def test_the_result_does_not_depend_on_jobs() -> None:
    one = arena("standard", "easy", 6, seed=40)
    two = arena("standard", "easy", 6, seed=40, jobs=2)
    assert one == two
    assert one.games == 6 and not one.interrupted


def test_games_come_in_pairs_on_one_seed_with_the_seats_and_first_deal_swapped() -> None:
    result = arena("easy", "pycribbage", 8, seed=11)
    for k in range(4):
        first, second = result.results[2 * k], result.results[2 * k + 1]
        assert first.seed == second.seed == 11 + k
        assert (first.a_seat, second.a_seat) == (0, 1)
        # The cut is the seed's, so A deals first in exactly one game of the pair.
        dealer_seat = Match(11 + k).played[0].first_dealer
        assert [dealer_seat == game.a_seat for game in (first, second)].count(True) == 1


def _independent_tally(a: str, b: str, seed: int, a_seat: int) -> dict[str, int]:
    """A's results in one game, summed from the events alone (not from Deal.pegged or stats)."""
    match = Match(seed)
    players = [seat(b, random.Random(0)), seat(b, random.Random(0))]
    players[a_seat] = seat(a, random.Random(0))
    advance(match, players)
    tally = dict.fromkeys(("deals", "pegged", "hand", "crib", "won"), 0)
    for deal in match.deals:
        if len([e for e in deal.events if isinstance(e, Counted)]) < 3:
            continue
        tally["deals"] += 1
        for event in deal.events:
            if event.player != a_seat:
                continue
            if isinstance(event, Laid | GoPoint):
                tally["pegged"] += event.points
            elif isinstance(event, Counted):
                tally[event.label] += event.points
    tally["won"] = int(match.results[0].winner == a_seat)
    return tally


@pytest.mark.parametrize("a, b", [("standard", "magmacrunch"), ("magmacrunch", "pycribbage")])
def test_tallies_equal_an_independent_recount_of_the_events(a: str, b: str) -> None:
    result = arena(a, b, 6, seed=3)
    expected = dict.fromkeys(("deals", "pegged", "hand", "crib", "won"), 0)
    for game in result.results:
        for key, value in _independent_tally(a, b, game.seed, game.a_seat).items():
            expected[key] += value
    stats = result.stats(0)
    roles = stats.roles.values()
    assert stats.wins == expected["won"]
    assert sum(r.deals for r in roles) == expected["deals"]
    assert sum(r.pegged for r in roles) == expected["pegged"]
    assert sum(r.hand for r in roles) == expected["hand"]
    assert sum(r.crib for r in roles) == expected["crib"]
    assert stats.wins + result.stats(1).wins == result.games
    for game in result.results:
        winner = game.stats[0] if game.stats[0].wins else game.stats[1]
        skunks = winner.skunks_given + 2 * winner.double_skunks_given
        assert winner.game_points == 1 + skunks


def test_each_game_is_the_one_play_game_plays() -> None:
    result = arena("standard", "pycribbage-random", 4, seed=9)
    assert list(result.results) == [
        play_game("standard", "pycribbage-random", 9 + i // 2, i % 2) for i in range(4)
    ]


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_keeps_and_reports_the_finished_games(jobs: int) -> None:
    calls: list[int] = []

    def progress(count: int) -> None:
        calls.append(count)
        if len(calls) == 2:
            raise KeyboardInterrupt

    result = arena("easy", "easy", 64, seed=0, jobs=jobs, progress=progress)
    assert result.interrupted
    # Every game reported is kept, with those under way when Ctrl-C came (on a loaded
    # machine, with 2 jobs, that can be all of them): the start of the whole run.
    assert sum(calls) <= result.games <= (63 if jobs == 1 else 64)
    assert result.games % 2 == 0  # whole pairs only
    full = arena("easy", "easy", 64, seed=0).results
    assert list(result.results) == list(full[: result.games])


@pytest.mark.parametrize(
    "args, message",
    [
        (("nobody", "easy", 2, 1), "--a: unknown player 'nobody'"),
        (("easy", "psychic", 2, 1), "--b: unknown player 'psychic'"),
        (("easy", "easy", 0, 1), "--games must be 1 to"),
        (("easy", "easy", 2, 0), "--jobs must be 1 to"),
    ],
)
def test_bad_arguments_are_refused_by_name(args: tuple[str, str, int, int], message: str) -> None:
    a, b, games, jobs = args
    with pytest.raises(ValueError, match=message):
        arena(a, b, games, jobs=jobs)


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "--a", "standard", "--b", "nobody"],
        ["arena", "--a", "standard", "--b", "easy", "--games", "0"],
        ["arena", "--a", "standard", "--b", "easy", "--jobs", "999"],
        ["arena", "--a", "standard", "--b", "easy", "--seed", "-1"],
        ["arena", "--a", "standard"],
    ],
)
def test_the_command_refuses_bad_arguments_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1


def test_the_command_prints_json_and_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "standard", "--b", "easy", "--games", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    result = arena("standard", "easy", 4)
    assert data["games"] == 4 and data["a"]["wins"] == result.stats(0).wins
    assert data["a"]["win_ci95"] == list(result.win_share(0)[1:])
    dealer = result.stats(0).roles["dealer"]
    assert data["a"]["per_deal"]["dealer"]["pegged"] == pytest.approx(dealer.pegged / dealer.deals)
    assert main(["arena", "--a", "standard", "--b", "easy", "--games", "2"]) == 0
    table = capsys.readouterr().out
    assert "95% interval" in table and "pegged as dealer" in table
    assert "ms a decision: median (p99)" in table  # not read as a mean
    assert max(len(line) for line in table.splitlines()) <= 80


def test_an_interval_is_reported_beside_every_share() -> None:
    result = ArenaResult("a", "b", 0, 0, ())
    assert result.win_share(0)[1:] == (0.0, 1.0)


def test_totals_alone_give_the_same_report() -> None:
    kept = arena("standard", "easy", 8, seed=3)
    flat = arena("standard", "easy", 8, seed=3, keep_games=False, jobs=2)
    assert flat.results == () and flat.games == kept.games == 8
    assert flat.totals == kept.totals

    def report(result: ArenaResult) -> dict[str, object]:  # less the clock's figures
        out = result.to_dict()
        for side in ("a", "b"):
            side_report = out[side]
            assert isinstance(side_report, dict)
            side_report.pop("decision_seconds")
        return out

    assert report(flat) == report(kept)
    for side in (0, 1):
        assert flat.times(side)[2] == kept.times(side)[2]  # as many decisions timed


def test_decision_times_stay_bounded_and_close(monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire.match.arena import DecisionTimes

    monkeypatch.setattr(DecisionTimes, "LIMIT", 1_000)
    rng = random.Random(5)
    times = [10 ** rng.uniform(-6, 0) for _ in range(50_000)]
    timing = DecisionTimes()
    for start in range(0, len(times), 97):
        timing.add(times[start : start + 97])
    assert timing.count == len(times) and not timing.exact
    assert len(timing.buckets) <= 6 * 100 + 1  # six decades of buckets, whatever the count
    ordered = sorted(times)
    for q in (0.5, 0.99):
        exact = ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]
        assert abs(timing.quantile(q) / exact - 1) < 0.024
    few = DecisionTimes()
    few.add([0.3, 0.1, 0.2])
    assert few.median() == 0.2 and few.quantile(0.99) == 0.3
