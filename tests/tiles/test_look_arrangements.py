"""A look over distinct plays (``Expert(arrangements=A)``, a setting for measuring): the
best plays that differ in tiles or score, each with a few of its placings, and the same
pick whether every reply is searched or the bounded look skips some."""

from __future__ import annotations

import heapq
import random
import sys

import pytest

from solitaire.tiles.game import PlayerView, TileGame
from solitaire.tiles.players import Appraisal, Expert, greedy
from tests.scripts_loaded import load_script


def _positions(seed: int, count: int) -> list[PlayerView]:
    game = TileGame(seed)
    found: list[PlayerView] = []
    while not game.is_over and len(found) < count:
        view = game.observation(game.current_player)
        if view.bag_size >= 8 and len(game.legal_plays()) > 1:
            found.append(view)
        game.apply(greedy(view))
    return found


def _reference(appraised: list[Appraisal], width: int, placings: int) -> list[Appraisal]:
    """Written apart: every distinct (score, tiles) ranked by its best value, the best
    ``width`` kept, each with its first ``placings`` plays in the generator's order."""
    keyed: dict[tuple[object, ...], list[Appraisal]] = {}
    for item in appraised:
        keyed.setdefault((item.score, *sorted(item.play.tiles)), []).append(item)
    ranked = sorted(
        keyed.values(),
        key=lambda group: (-max(a.value for a in group), min(a.order for a in group)),
    )
    out = []
    for group in ranked[:width]:
        out += sorted(group, key=lambda a: (-a.value, a.order))[:placings]
    return out


@pytest.mark.parametrize(("width", "placings"), [(1, 1), (3, 2), (8, 4), (16, 1)])
def test_distinct_plays_each_with_their_first_placings(width: int, placings: int) -> None:
    expert = Expert(shortlist=width, arrangements=placings)
    for view in _positions(41, 4):
        appraised = expert.appraise(view, expert.candidates(view))
        got = expert.shortlisted(appraised)
        assert [a.order for a in got] == [a.order for a in _reference(appraised, width, placings)]
        keys = {(a.score, *sorted(a.play.tiles)) for a in got}
        assert len(keys) <= width and len(got) <= width * placings


def test_without_arrangements_the_look_is_the_best_by_value() -> None:
    expert = Expert(shortlist=8)
    for view in _positions(42, 3):
        appraised = expert.appraise(view, expert.candidates(view))
        top = heapq.nlargest(8, appraised, key=lambda a: (a.value, -a.order))
        assert expert.shortlisted(appraised) == top


def test_the_bounded_look_picks_as_the_whole_look_over_distinct_plays() -> None:
    expert = Expert(shortlist=6, samples=4, arrangements=3)
    for view in _positions(43, 4):
        appraised = expert.appraise(view, expert.candidates(view))
        whole = expert.pick(expert.look_ahead(view, appraised))
        bounded = expert.best(view, appraised)
        assert (bounded.order, bounded.total) == (whole.order, whole.total)


def test_bench_look_reads_a_look_over_distinct_plays() -> None:
    bench = load_script("bench_look")
    assert bench.parse_look("16x16a4") == (16, 16, 4)
    assert bench.parse_look("64x16") == (64, 16, 0)
    assert bench.named((16, 16, 4)) == "16x16a4" and bench.named((64, 16, 0)) == "64x16"


def test_bench_tiles_takes_a_planner_over_distinct_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--planner arrangements=A`` is read (not refused as an unknown setting) and gives
    the variant planner's expert that look."""
    bench = load_script("bench_tiles")
    variants: list[object] = []
    monkeypatch.setattr(bench, "check_arena", lambda *args: None)
    monkeypatch.setattr(bench, "paired_run", lambda *args: variants.append(args[-1]))
    monkeypatch.setattr(bench, "print_paired", lambda *args: None)
    argv = ["bench_tiles.py", "--paired", "planner:expert", "--paired-games", "2"]
    argv += ["--planner", "worlds=0", "look=16", "arrangements=4"]
    monkeypatch.setattr(sys, "argv", argv)
    bench.main()
    variant = (("worlds", 0), ("look", 16), ("arrangements", 4))
    assert variants == [variant]
    planner = bench._maker(variant)("planner", random.Random(0))
    assert (planner.expert.shortlist, planner.expert.arrangements) == (16, 4)
