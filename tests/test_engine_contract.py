"""The engine contract (:mod:`solitaire.core.engine`): every game's engine answers alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solitaire.core.cards import Card
from solitaire.core.errors import IllegalMoveError
from solitaire.match.game import Lay, Match
from solitaire.patience.game import Game
from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import Pass

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
