"""The shapes the sessions share: a stored game is a frozen record with named parts, the
pick of two is one rule for the patience and the match, and the patience's panel switches
are read from its one panel, set through it alone."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from solitaire.match.game import Match
from solitaire.match.record import match_record
from solitaire.patience.game import Game
from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.record import game_record
from solitaire.ui.kinds import KINDS
from solitaire.ui.match import stored as match_stored
from solitaire.ui.match.session import MatchSession
from solitaire.ui.patience.session import Panel, PlaySession
from solitaire.ui.picks import TWO_PICKED, toggle_pick
from solitaire.ui.tiles import session as tile_session


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "data", kinds=KINDS)


def test_a_stored_match_is_a_frozen_record_of_match_level_and_seen() -> None:
    loaded = match_stored._load_match(json.dumps(match_record(Match(5), ("you", "expert"))))
    assert (loaded.match.seed, loaded.level, loaded.seen) == (5, "expert", 0)
    assert match_stored._seen_beside(loaded, {"seen": 3}).seen == 3
    assert match_stored._seen_beside(loaded, {"seen": "3"}) is loaded  # untrusted: ignored
    with pytest.raises(dataclasses.FrozenInstanceError):
        loaded.level = "easy"  # type: ignore[misc]


def test_a_stored_tile_game_is_a_frozen_record_of_game_seats_and_servant() -> None:
    text = json.dumps(game_record(TileGame(3), ["Ann", "expert"], servant=True))
    loaded = tile_session._load_game(text)
    assert (loaded.game.seed, loaded.names, loaded.servant) == (3, ("Ann", "expert"), True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        loaded.servant = False  # type: ignore[misc]


@pytest.mark.parametrize("order", [(0, 1, 2), (2, 0, 1), (5, 5, 4), (1, 3, 1, 3, 2)])
def test_toggle_pick_holds_at_most_two_and_refuses_a_third_untouched(
    order: tuple[int, ...],
) -> None:
    selected: set[int] = set()
    for index in order:
        before = set(selected)
        said = toggle_pick(selected, index)
        if index in before:
            assert selected == before - {index} and said == ""
        elif len(before) < 2:
            assert selected == before | {index} and said == ""
        else:
            assert selected == before and said == TWO_PICKED


def test_the_patience_and_the_match_pick_two_by_the_same_rule(history: History) -> None:
    patience = PlaySession(history, lambda: (Game.from_seed(7), None))
    match = MatchSession(history, "standard", lambda: Match(11))
    assert match.discarding and match.your_turn
    for session in (patience, match):
        for index in (0, 1, 2):
            session.toggle(index)
        assert session.message == TWO_PICKED and len(session.selected) == 2
        session.toggle(0)
        assert session.message == "" and len(session.selected) == 1
    patience.close()
    match.close()


@pytest.mark.parametrize("name", ["show_hint", "show_why", "show_all", "show_rounds"])
def test_the_patience_panel_switches_are_read_only_views_of_its_panel(
    history: History, name: str
) -> None:
    session = PlaySession(history, lambda: (Game.from_seed(7), None))
    kind = Panel(name.removeprefix("show_"))
    assert not getattr(session, name)
    session.panel = kind
    assert getattr(session, name)
    with pytest.raises(AttributeError):
        setattr(session, name, False)
    session.close()
