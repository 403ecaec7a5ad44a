"""The engine contract (:mod:`solitaire.core.engine`): every game's engine answers alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solitaire.core.cards import Card
from solitaire.core.engine import Engine, MakePlayer, RecordedEngine, Replay
from solitaire.core.errors import IllegalMoveError
from solitaire.match import game as match_game
from solitaire.match.game import Lay, Match
from solitaire.match.record import replay_match
from solitaire.match.registry import make_player as make_match_player
from solitaire.patience import game as patience_game
from solitaire.patience.game import Game
from solitaire.tiles import game as tiles_game
from solitaire.tiles import moves as tile_moves
from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import Pass
from solitaire.tiles.record import replay as replay_tiles
from solitaire.tiles.registry import make_player as make_tile_player

# -- the shapes, checked by mypy: each engine is the contract's ------------------------

MatchEngine = RecordedEngine[
    match_game.Action, tuple[match_game.Event, ...], match_game.Observation
]
TileEngine = RecordedEngine[tile_moves.Action, tiles_game.Turn, tiles_game.PlayerView]
PatienceEngine = Engine[tuple[Card, Card], patience_game.RoundResult, patience_game.Observation]


def as_engine(match: Match) -> MatchEngine:
    return match


def as_tile_engine(game: TileGame) -> TileEngine:
    return game


def as_patience_engine(game: Game) -> PatienceEngine:
    return game


REPLAY_MATCH: Replay[Match] = replay_match
REPLAY_TILES: Replay[TileGame] = replay_tiles
MAKE_MATCH_PLAYER: MakePlayer[match_game.Observation, match_game.Action] = make_match_player
MAKE_TILE_PLAYER: MakePlayer[tiles_game.PlayerView, tile_moves.Action] = make_tile_player

# -- can() answers no to an illegal move, and to nothing else ---------------------------


def _match_can(bug: Exception) -> Callable[[pytest.MonkeyPatch], bool]:
    def ask(monkeypatch: pytest.MonkeyPatch) -> bool:
        match = Match(seed=1)

        def check(*args: Any, **kwargs: Any) -> None:
            raise bug

        monkeypatch.setattr(match, "check", check)
        return match.can(Lay(Card.parse("5H")), player=0)

    return ask


def _tiles_can(bug: Exception) -> Callable[[pytest.MonkeyPatch], bool]:
    def ask(monkeypatch: pytest.MonkeyPatch) -> bool:
        game = TileGame(seed=1)

        def check(*args: Any, **kwargs: Any) -> None:
            raise bug

        monkeypatch.setattr(game, "check", check)
        return game.can(Pass())

    return ask


def _patience_can(bug: Exception) -> Callable[[pytest.MonkeyPatch], bool]:
    def ask(monkeypatch: pytest.MonkeyPatch) -> bool:
        game = Game.from_seed(1)

        def check(*args: Any, **kwargs: Any) -> None:
            raise bug

        monkeypatch.setattr(game, "check_discard", check)
        return game.can_discard(game.shown[:2])

    return ask


ASKERS = {"match": _match_can, "tiles": _tiles_can, "patience": _patience_can}


@pytest.mark.parametrize("engine", ASKERS)
@pytest.mark.parametrize("bug", [ZeroDivisionError("a bug"), ValueError("a plain bug")])
def test_a_bug_in_check_is_not_an_illegal_move(
    engine: str, bug: Exception, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(type(bug), match="bug"):
        ASKERS[engine](bug)(monkeypatch)


@pytest.mark.parametrize("engine", ASKERS)
def test_an_illegal_move_is_answered_no(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert ASKERS[engine](IllegalMoveError("refused"))(monkeypatch) is False
