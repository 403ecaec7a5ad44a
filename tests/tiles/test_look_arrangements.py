"""A look over distinct plays (``Expert(arrangements=A)``, a setting for measuring): the
best plays that differ in tiles or score, each with a few of its placings, and the same
pick whether every reply is searched or the bounded look skips some."""

from __future__ import annotations

import heapq
import random

import pytest

from solitaire.core.errors import InputError
from solitaire.tiles.game import PlayerView, TileGame
from solitaire.tiles.looks import named, parse_look
from solitaire.tiles.planner import Planner
from solitaire.tiles.players import Appraisal, Expert, greedy
from solitaire.tiles.variants import parse_variant, variant_maker, variant_name


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


def test_a_look_over_distinct_plays_is_read_and_named() -> None:
    assert parse_look("16x16a4") == (16, 16, 4)
    assert parse_look("64x16") == (64, 16, 0)
    assert named((16, 16, 4)) == "16x16a4" and named((64, 16, 0)) == "64x16"
    for text in ("16x", "x16", "16x16a", "0x16", "16x0", "16x16a0", "wide"):
        with pytest.raises(InputError):
            parse_look(text)


def test_a_variant_planner_takes_a_look_over_distinct_plays() -> None:
    """``--planner arrangements=A`` is read (not refused as an unknown setting) and gives
    the variant planner's expert that look; other players are the registry's own."""
    variant = parse_variant(["worlds=0", "look=16", "arrangements=4"])
    assert variant == (("worlds", 0), ("look", 16), ("arrangements", 4))
    planner = variant_maker(variant)("planner", random.Random(0))
    assert isinstance(planner, Planner)
    assert (planner.expert.shortlist, planner.expert.arrangements) == (16, 4)
    assert planner.worlds == 0
    assert not isinstance(variant_maker(variant)("greedy", random.Random(0)), Planner)
    assert variant_name("planner", variant) == "planner-worlds0-look16-arrangements4"
    for bad in (["arrangement=4"], ["look=-1"], ["look=x"], ["look"]):
        with pytest.raises(InputError, match="expected one of"):
            parse_variant(bad)
