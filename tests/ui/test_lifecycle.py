"""One saved-game lifecycle for the match, the drill and the tile game (``Sitting``).

Each game's session is driven through the same story: a game played and left, a deal
asked over it, a second window, a sitting nobody played. The rule is the same in every
game, so one parametrised test holds them all to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from solitaire.match.drill import DRILL, Drill
from solitaire.match.game import Match
from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import generate
from solitaire.ui.drill.session import DrillSession
from solitaire.ui.kinds import KINDS as STORED_KINDS
from solitaire.ui.kinds import MATCH
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.session import MatchSession
from solitaire.ui.saved import Sitting
from solitaire.ui.tiles.session import TILES, TileSession

AnySession = MatchSession | DrillSession | TileSession


@dataclass(frozen=True)
class Kind:
    name: str
    kind: str
    open: Callable[[History, int, bool], AnySession]  # (history, seed, asked on the line)
    move: Callable[[AnySession], None]  # one move of the person
    seed: Callable[[AnySession], int]


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
    if isinstance(session, MatchSession):
        return session.match.seed
    if isinstance(session, DrillSession):
        return session.drill.seed
    return session.game.seed


KINDS = [
    Kind("match", MATCH, _match, _match_move, _seed),
    Kind("drill", DRILL, _drill, _drill_move, _seed),
    Kind("tile game", TILES, _tiles, _tiles_move, _seed),
]


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=STORED_KINDS) as h:
        yield h


@pytest.fixture(params=KINDS, ids=[k.name for k in KINDS])
def kind(request: pytest.FixtureRequest) -> Kind:
    game: Kind = request.param
    return game


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
