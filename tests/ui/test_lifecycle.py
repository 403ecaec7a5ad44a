"""One saved-game lifecycle for the patience, the match, the drill and the tile game
(``Sitting``).

Each game's session is driven through the same story: a game played and left, a deal
asked over it, resumed by id, a second window, a move that cannot be saved, a sitting
nobody played. The rule is the same in every game, so one parametrised test holds them
all to it: a game is filed with its first move, and a game open in another window is
said on the RESUME screen.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from solitaire.games import registered_games
from solitaire.match.drill import DRILL, Drill, drill_record
from solitaire.match.game import Match
from solitaire.patience.game import Game
from solitaire.store import GameBusyError, History
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import generate
from solitaire.tiles.record import game_record
from solitaire.ui.drill.screen import DrillScreen
from solitaire.ui.drill.session import DrillSession
from solitaire.ui.kinds import KINDS as STORED_KINDS
from solitaire.ui.kinds import MATCH, PATIENCE, record_text
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.screen import MatchScreen
from solitaire.ui.match.session import MatchSession
from solitaire.ui.patience.screen import SessionScreen
from solitaire.ui.patience.session import Phase, PlaySession
from solitaire.ui.saved import Sitting
from solitaire.ui.tiles.screen import tile_screen
from solitaire.ui.tiles.session import TILES, TileSession
from tests.faults import FULL, sqlite_error
from tests.ui.helpers import render

AnySession = PlaySession | MatchSession | DrillSession | TileSession


@dataclass(frozen=True)
class Kind:
    name: str
    kind: str
    open: Callable[[History, int, bool], AnySession]  # (history, seed, asked on the line)
    move: Callable[[AnySession], None]  # one move of the person
    seed: Callable[[AnySession], int]
    record: Callable[[AnySession], object]  # the game as its record would store it


def _patience(history: History, seed: int, explicit: bool) -> AnySession:
    return PlaySession(history, lambda: (Game.from_seed(seed), None), explicit=explicit)


def _patience_move(session: AnySession) -> None:
    assert isinstance(session, PlaySession)
    if session.phase is Phase.RESULT:
        session.proceed()
    session.toggle(0)
    session.toggle(1)
    session.confirm()


def _match(history: History, seed: int, explicit: bool, level: str = "standard") -> AnySession:
    return MatchSession(history, level, lambda: Match(seed), explicit=explicit)


def _match_move(session: AnySession) -> None:
    assert isinstance(session, MatchSession)
    session.toggle(0)
    session.toggle(1)
    session.confirm()


def _drill(history: History, seed: int, explicit: bool) -> AnySession:
    return DrillSession(history, lambda: Drill(seed, 2, "easy"), explicit=explicit, coach=Coach())


def _drill_move(session: AnySession) -> None:
    assert isinstance(session, DrillSession)
    session.lay(next(i for i, card in enumerate(session.hand) if session.playable(card)))


def _tiles(history: History, seed: int, explicit: bool) -> AnySession:
    return TileSession(history, ["Ann", "greedy"], lambda: TileGame(seed), explicit=explicit)


def _tiles_move(session: AnySession) -> None:
    assert isinstance(session, TileSession)
    if session.handover:
        session.take_keyboard()
    plays = generate(session.game.board, session.rack)
    session.commit(plays[0].play)


def _seed(session: AnySession) -> int:
    if isinstance(session, PlaySession):
        assert session.game.seed is not None
        return session.game.seed
    if isinstance(session, MatchSession):
        return session.match.seed
    if isinstance(session, DrillSession):
        return session.drill.seed
    return session.game.seed


def _record(session: AnySession) -> object:
    if isinstance(session, PlaySession):
        return json.loads(record_text(session.game, session.daily))
    if isinstance(session, MatchSession):
        return json.loads(session.record_json())
    if isinstance(session, DrillSession):
        return drill_record(session.drill)
    return game_record(session.game, session.names, servant=session.servant)


KINDS = [
    Kind("game", PATIENCE, _patience, _patience_move, _seed, _record),
    Kind("match", MATCH, _match, _match_move, _seed, _record),
    Kind("drill", DRILL, _drill, _drill_move, _seed, _record),
    Kind("tile game", TILES, _tiles, _tiles_move, _seed, _record),
]


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=STORED_KINDS) as h:
        yield h


def lifecycle(kind: str) -> Kind:
    """The lifecycle of a registered game; a registered game with none here fails."""
    found = [game for game in KINDS if game.kind == kind]
    if not found:
        pytest.fail(f"the registered game {kind} has no lifecycle in tests/ui/test_lifecycle.py")
    return found[0]


@pytest.fixture(params=[entry.kind for entry in registered_games()])
def kind(request: pytest.FixtureRequest) -> Kind:
    return lifecycle(request.param)


def offering(session: AnySession) -> bool:
    assert isinstance(session, Sitting)
    return session.offering


def test_every_session_is_a_sitting(kind: Kind, history: History) -> None:
    session = kind.open(history, 3, False)
    assert isinstance(session, Sitting) and session.noun == kind.name
    session.close()


def test_a_sitting_nobody_played_files_nothing(kind: Kind, history: History) -> None:
    session = kind.open(history, 3, False)
    assert session.game_id is None and history.games(kind=kind.kind) == []
    session.close()
    again = kind.open(history, 4, False)
    assert not offering(again) and kind.seed(again) == 4
    again.close()


def test_an_asked_deal_offers_the_saved_game_first(kind: Kind, history: History) -> None:
    first = kind.open(history, 3, False)
    kind.move(first)
    kept = first.game_id
    assert kept is not None
    first.close()
    asked = kind.open(history, 5, True)  # --seed 5 over a saved game: asked, not skipped
    assert offering(asked)
    offer = asked.resume_prompt()
    assert offer.resumable and offer.instead == "play seed 5 instead"
    assert offer.saved.startswith(f"{kind.name} {kept}, seed 3")
    assert f"--resume {kept}" in offer.keep
    asked.start_afresh()
    assert not offering(asked) and kind.seed(asked) == 5
    assert f"--resume {kept} resumes it" in asked.message
    kind.move(asked)
    assert asked.game_id not in (None, kept)
    asked.close()


def test_y_resumes_the_saved_game_not_the_asked_one(kind: Kind, history: History) -> None:
    first = kind.open(history, 3, False)
    kind.move(first)
    first.close()
    asked = kind.open(history, 5, True)
    asked.resume()
    assert not offering(asked) and kind.seed(asked) == 3 and asked.game_id == first.game_id
    assert asked.message.startswith(f"Resumed {kind.name} {first.game_id}: ")
    assert asked.asked_game is None
    asked.close()


def test_a_game_open_in_another_window_is_said_not_offered(kind: Kind, history: History) -> None:
    first = kind.open(history, 3, False)
    kind.move(first)  # filed and held by the first window
    second = kind.open(history, 6, False)
    assert offering(second)
    offer = second.resume_prompt()
    assert not offer.resumable and "another window" in offer.headline
    assert offer.instead == "start a new one here"  # no deal was asked
    assert offer.saved.startswith(f"{kind.name} {first.game_id}, seed 3")
    second.resume()  # y cannot take it from the other window, and says so
    assert offering(second) and "another window" in second.message
    assert second.game_id is None and len(history.unfinished(kind.kind)) == 1  # nothing filed
    assert isinstance(second, Sitting)
    second.enter_offer()  # Enter, like n, goes on with a game of its own
    assert not offering(second) and kind.seed(second) == 6
    kind.move(second)
    assert len(history.unfinished(kind.kind)) == 2
    second.close()
    first.close()


def test_n_then_quit_files_nothing(kind: Kind, history: History) -> None:
    first = kind.open(history, 3, False)
    kind.move(first)
    first.close()
    again = kind.open(history, 4, False)
    assert offering(again) and isinstance(again, Sitting)
    again.start_afresh()  # n: a new game, not yet played
    assert not offering(again) and kind.seed(again) == 4 and again.game_id is None
    again.quit()
    again.close()
    assert [row.id for row in history.games(kind=kind.kind)] == [first.game_id]


def test_two_games_open_elsewhere_offer_the_latest(kind: Kind, history: History) -> None:
    first = kind.open(history, 3, False)
    kind.move(first)
    second = kind.open(history, 5, False)
    assert isinstance(second, Sitting)
    second.start_afresh()
    kind.move(second)
    assert second.game_id not in (None, first.game_id)
    third = kind.open(history, 7, True)  # both are held: neither is offered, nothing filed
    offer = third.resume_prompt()
    assert offering(third) and not offer.resumable
    assert offer.instead.startswith("play ") and "7" in offer.instead, offer  # the asked deal
    assert offer.headline == f"{kind.name.capitalize()} {second.game_id} is open in another window"
    assert third.game_id is None and len(history.games(kind=kind.kind)) == 2
    third.start_afresh()
    assert not offering(third) and kind.seed(third) == 7
    for session in (third, second, first):
        session.close()


def test_the_match_offer_names_the_saved_level(history: History) -> None:
    first = _match(history, 3, False, level="expert")
    _match_move(first)
    first.close()
    again = _match(history, 4, True, level="standard")
    assert isinstance(again, MatchSession)
    offer = again.resume_prompt()
    assert "against expert" in offer.saved and offer.standing.startswith("you 0, expert ")
    assert again.names == ("you", "expert")  # the screen's header, behind the offer
    again.start_afresh()
    assert again.names == ("you", "standard") and again.match.seed == 4
    again.close()


def test_resume_by_id_claims_the_game_at_once(kind: Kind, history: History) -> None:
    first = kind.open(history, 3, False)
    kind.move(first)
    kept, record = first.game_id, kind.record(first)
    assert kept is not None
    first.close()
    assert isinstance(first, Sitting)
    opened = type(first).__name__
    again = _resume(kind, history, kept)
    assert type(again).__name__ == opened and not offering(again)
    assert again.game_id == kept and kind.record(again) == record
    assert again.message.startswith(f"Resumed {kind.name} {kept}: ")
    with pytest.raises(GameBusyError, match=f"{kind.name} {kept} is open in another window"):
        _resume(kind, history, kept)  # a second window never takes it
    kind.move(again)  # saved in the same row
    assert len(history.unfinished(kind.kind)) == 1 and kind.record(again) != record
    again.close()


def _resume(kind: Kind, history: History, game_id: int) -> AnySession:
    if kind.kind == PATIENCE:
        return PlaySession(history, lambda: (Game.from_seed(9), None), resume_id=game_id)
    if kind.kind == MATCH:
        return MatchSession(history, "standard", lambda: Match(9), resume_id=game_id)
    if kind.kind == DRILL:
        return DrillSession(history, lambda: Drill(9, 2, "easy"), resume_id=game_id, coach=Coach())
    return TileSession(history, ["Ann", "greedy"], lambda: TileGame(9), resume_id=game_id)


def test_a_move_that_cannot_be_saved_is_not_made(
    kind: Kind, history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = kind.open(history, 3, False)
    kind.move(session)
    game_id = session.game_id
    assert game_id is not None
    before, stored = kind.record(session), history.stored_record(game_id, kind.kind)[1]

    def full(*args: object) -> None:
        raise sqlite_error(FULL)

    monkeypatch.setattr(history, "_write", full)
    kind.move(session)
    assert kind.record(session) == before and history.stored_record(game_id, kind.kind)[1] == stored
    assert "could not be saved" in session.message and "\n" not in session.message
    monkeypatch.undo()
    kind.move(session)  # space comes back: the same move is made and saved
    assert kind.record(session) != before
    assert history.stored_record(game_id, kind.kind)[1] != stored
    session.close()


def test_the_patience_offers_the_asked_deals_game_first(history: History) -> None:
    for seed in (3, 5):
        left = _patience(history, seed, False)
        if offering(left):
            assert isinstance(left, Sitting)
            left.start_afresh()
        _patience_move(left)
        left.close()
    asked = _patience(history, 3, True)  # game 2 (seed 5) is the latest; seed 3 is asked
    offer = asked.resume_prompt()
    assert offer.saved == "game 1, seed 3" and offer.headline.endswith("of this deal")
    assert offer.instead == "start this deal again from round 1"
    asked.close()
    plain = _patience(history, 9, False)
    assert plain.resume_prompt().saved == "game 2, seed 5"  # the latest, when none is asked
    plain.close()


def _screen(session: AnySession) -> str:
    """The whole screen as drawn at 80x24."""
    if isinstance(session, PlaySession):
        return render(SessionScreen(session, height=24))
    if isinstance(session, MatchSession):
        return render(MatchScreen(session))
    if isinstance(session, DrillSession):
        return render(DrillScreen(session))
    return render(tile_screen(session, 80, 24))


def test_the_resume_screen_offers_y_only_when_y_resumes(kind: Kind, history: History) -> None:
    """A second window: every key the screen offers does what it says (y is not offered
    for a game open in another window, and n or Enter goes on here)."""
    first = kind.open(history, 3, False)
    kind.move(first)  # held by the first window
    second = kind.open(history, 6, False)
    assert isinstance(second, Sitting) and offering(second) and not second.resumable
    shown = _screen(second)
    assert "y resume" not in shown and "y or Enter" not in shown, shown
    assert "n or Enter" in shown, shown
    second.resume()  # y, pressed anyway, takes nothing and says why
    assert offering(second) and "another window" in second.message
    second.close()
    first.close()
    third = kind.open(history, 7, False)  # let go by the first window: y resumes it here
    assert isinstance(third, Sitting) and offering(third) and third.resumable
    shown = _screen(third)
    assert "y or Enter" in shown and "n or Enter" not in shown, shown
    third.resume()
    assert not offering(third) and kind.seed(third) == 3
    third.close()
