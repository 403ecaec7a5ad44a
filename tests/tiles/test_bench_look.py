"""How wide the look should be (solitaire.tiles.looks): picks judged on racks of their own."""

from __future__ import annotations

from collections import Counter

from solitaire.tiles.game import PlayerView, TileGame
from solitaire.tiles.looks import fresh_racks, judge
from solitaire.tiles.movegen import generate
from solitaire.tiles.players import Expert, greedy, sample_racks
from solitaire.tiles.tiles import rack_less


def _positions(seed: int, count: int) -> list[PlayerView]:
    """Mid-game positions of a greedy game with a choice of plays and tiles to draw."""
    game = TileGame(seed)
    found: list[PlayerView] = []
    while not game.is_over and len(found) < count:
        view = game.observation(game.current_player)
        if view.bag_size >= 8 and not view.board.is_empty and len(game.legal_plays()) > 1:
            found.append(view)
        game.apply(greedy(view))
    return found


def test_fresh_racks_are_the_unseen_tiles_dealt_apart_from_the_looks() -> None:
    for view in _positions(31, 3):
        racks = fresh_racks(view, 12)
        assert racks == fresh_racks(view, 12)  # seeded by the position
        assert racks != sample_racks(view, 12)
        unseen = Counter(view.unseen)
        for rack in racks:
            assert len(rack) == 5 and not Counter(rack) - unseen


def test_each_pick_is_judged_by_its_score_leave_and_every_fresh_reply() -> None:
    leaves = Expert().leaves
    looks = {
        (1, 4, 0): Expert(leaves, shortlist=1, samples=4),
        (6, 4, 0): Expert(leaves, shortlist=6, samples=4),
    }
    for view in _positions(32, 2):
        expert = Expert(leaves)
        appraised = expert.appraise(view, expert.candidates(view))
        picks, seconds, totals = judge(view, appraised, looks, 5)
        assert set(seconds) == set(looks)
        for whole, bounded, alike in seconds.values():
            assert whole >= 0 and bounded >= 0 and alike
        top = max(appraised, key=lambda a: (a.value, -a.order))
        assert picks[1, 4, 0].order == top.order  # a look of one play is score and leave alone
        for width, look in looks.items():  # the play each width's expert would lay
            assert picks[width].play == look.choose(view)
        assert set(totals) == {pick.order for pick in picks.values()}
        for pick in picks.values():
            after = view.board.place(pick.play.placements)
            # (a precondition: at least 8 in the bag, so no reply can end the game)
            assert view.bag_size - (5 - len(rack_less(view.rack, pick.play.tiles))) > 0
            replies = [  # every reply searched on the whole board; none ends the game
                max((p.score for p in generate(after, rack)), default=0)
                for rack in fresh_racks(view, 5)
            ]
            expected = pick.value - sum(replies) / len(replies)
            assert abs(totals[pick.order] - expected) < 1e-9
