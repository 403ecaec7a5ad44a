"""A move that cannot be saved is not made, in every game: the stored game equals the
screen, what was picked is kept, one line says why, and the same key tries again.

The faults are SQLite's own (a full disk, a read-only database, a history busy in
another program), raised where every write goes through (``History._write``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from solitaire.match.drill import DRILL, Drill, drill_record
from solitaire.match.game import Match
from solitaire.match.record import match_record
from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import generate
from solitaire.tiles.record import game_record
from solitaire.ui import shell
from solitaire.ui.drill.session import DrillSession
from solitaire.ui.kinds import KINDS, MATCH
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.session import SEEN, MatchSession
from solitaire.ui.tiles.app import build_app
from solitaire.ui.tiles.session import TILES, TileSession
from solitaire.ui.tiles.typed import typed_form
from tests.faults import FAULTS
from tests.ui.helpers import said_once

IDS = ["full", "read-only", "locked"]


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=KINDS) as h:
        yield h


def failing(monkeypatch: pytest.MonkeyPatch, history: History, fault: sqlite3.Error) -> None:
    def fail(*args: object) -> None:
        raise fault

    monkeypatch.setattr(history, "_write", fail)


def stored(history: History, game_id: int | None, kind: str) -> dict[str, object]:
    assert game_id is not None
    record: dict[str, object] = json.loads(history.stored_record(game_id, kind)[1])
    record.pop(SEEN, None)
    return record


def same(
    record: Callable[[], dict[str, object]], history: History, game_id: int | None, kind: str
) -> None:
    """The game on screen is the game stored, to the last card; a game not yet filed (its
    first move failed to save) is on screen as dealt, with nothing in the history."""
    if game_id is None:
        assert history.games(kind=kind) == []
        return
    assert json.loads(json.dumps(record())) == stored(history, game_id, kind)


# -- the match ------------------------------------------------------------------------


def match_session(history: History, seed: int = 7) -> MatchSession:
    return MatchSession(history, "standard", lambda: Match(seed))


def until_your_card(session: MatchSession) -> None:
    while not (session.your_turn and not session.discarding):
        session.enter()


@pytest.mark.parametrize("fault", FAULTS, ids=IDS)
def test_a_match_discard_that_cannot_be_saved_is_not_made(
    history: History, monkeypatch: pytest.MonkeyPatch, fault: sqlite3.Error
) -> None:
    session = match_session(history)

    def record() -> dict[str, object]:
        return match_record(session.match, session.names)

    before = record()
    session.toggle(0)
    session.toggle(1)
    failing(monkeypatch, history, fault)
    session.confirm()
    assert record() == before and session.selected == {0, 1}
    assert said_once(session.message, "Not played: ")
    same(record, history, session.game_id, MATCH)
    monkeypatch.undo()
    session.confirm()  # the same key again
    assert record() != before and session.message == ""
    same(record, history, session.game_id, MATCH)


@pytest.mark.parametrize("fault", FAULTS, ids=IDS)
def test_a_card_that_cannot_be_saved_is_not_laid(
    history: History, monkeypatch: pytest.MonkeyPatch, fault: sqlite3.Error
) -> None:
    session = match_session(history, 11)

    def record() -> dict[str, object]:
        return match_record(session.match, session.names)

    session.toggle(0)
    session.toggle(1)
    session.confirm()
    until_your_card(session)
    index = next(i for i, card in enumerate(session.hand) if session.playable(card))
    before, events = record(), len(session.told.events)
    failing(monkeypatch, history, fault)
    session.lay(index)
    assert record() == before and len(session.told.events) == events and session.your_turn
    same(record, history, session.game_id, MATCH)
    monkeypatch.undo()
    session.lay(index)
    assert record() != before
    same(record, history, session.game_id, MATCH)


# -- the tile game --------------------------------------------------------------------


def tile_session(history: History) -> TileSession:
    seed = next(seed for seed in range(100) if TileGame(seed).current_player == 0)
    return TileSession(history, ["Ann", "expert"], lambda: TileGame(seed))


@pytest.mark.parametrize("fault", FAULTS, ids=IDS)
@pytest.mark.parametrize("turns", [0, 3])
def test_a_tile_play_that_cannot_be_saved_is_not_made(
    history: History, monkeypatch: pytest.MonkeyPatch, fault: sqlite3.Error, turns: int
) -> None:
    session = tile_session(history)

    def record() -> dict[str, object]:
        return game_record(session.game, session.names)

    for _ in range(turns):  # your plays and the computer's answers, saved as usual
        session.commit(next(iter(generate(session.game.board, session.rack))).play)
    before = record()
    action = next(iter(generate(session.game.board, session.rack))).play
    failing(monkeypatch, history, fault)
    session.commit(action)
    assert record() == before and session.game.current_player == 0
    assert said_once(session.message, "Not played: ")
    same(record, history, session.game_id, TILES)
    monkeypatch.undo()
    session.commit(action)
    assert len(session.game.turns) >= 2  # yours, and the computer's answer
    same(record, history, session.game_id, TILES)


@pytest.mark.parametrize("fault", FAULTS, ids=IDS)
@pytest.mark.parametrize("joker", [False, True])
def test_a_typed_tile_move_that_cannot_be_saved_is_kept(
    history: History, monkeypatch: pytest.MonkeyPatch, fault: sqlite3.Error, joker: bool
) -> None:
    """A move typed with m is kept as a move made with keys is: not played, still typed,
    and Enter plays it once the history can be written."""
    seed = next(s for s in range(100) if TileGame(s, joker=joker).current_player == 0)
    session = TileSession(history, ["Ann", "expert"], lambda: TileGame(seed, joker=joker))

    def record() -> dict[str, object]:
        return game_record(session.game, session.names)

    before = record()
    typed = typed_form(next(iter(generate(session.game.board, session.rack))).play)
    session.start_typing()
    session.typing = typed
    failing(monkeypatch, history, fault)
    session.enter()
    if joker:  # the count is asked first (nothing to save yet); the save fails with it
        assert session.typing is None and session.counting is not None
        session.digit(1)
        session.enter()
    assert record() == before and session.game.current_player == 0
    assert said_once(session.message, "Not played: ")
    assert session.message.endswith("the same key tries again.")
    if joker:
        assert session.counting is not None and session.count == "1"  # the play, counted
    else:
        assert session.typing == typed  # what was typed is still there, to play again
    same(record, history, session.game_id, TILES)
    monkeypatch.undo()
    session.enter()
    assert len(session.game.turns) >= 2 and session.typing is None
    same(record, history, session.game_id, TILES)


def test_a_computer_answer_that_cannot_be_saved_takes_your_move_back(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first save (your play) goes through, the computer's does not: nothing of the
    turn stands, so the screen never shows a move the history does not hold."""
    session = tile_session(history)

    def record() -> dict[str, object]:
        return game_record(session.game, session.names)

    before = record()
    real = history._write
    writes = 0

    def second_fails(*args: object) -> sqlite3.Cursor:
        nonlocal writes
        writes += 1
        if writes == 2:
            raise FAULTS[0]
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(history, "_write", second_fails)
    session.commit(next(iter(generate(session.game.board, session.rack))).play)
    assert record() == before and "could not be saved" in session.message


# -- the drill ------------------------------------------------------------------------


@pytest.mark.parametrize("fault", FAULTS, ids=IDS)
def test_a_drill_card_that_cannot_be_saved_is_not_laid(
    history: History, monkeypatch: pytest.MonkeyPatch, fault: sqlite3.Error
) -> None:
    session = DrillSession(history, lambda: Drill(35, 2, "standard"), coach=Coach())

    def record() -> dict[str, object]:
        return drill_record(session.drill)

    index = next(i for i, card in enumerate(session.hand) if session.playable(card))
    before, last = record(), session.last
    failing(monkeypatch, history, fault)
    session.lay(index)
    assert record() == before and session.last == last
    assert said_once(session.message, "Not played: ")
    same(record, history, session.game_id, DRILL)
    monkeypatch.undo()
    session.lay(index)
    assert record() != before
    same(record, history, session.game_id, DRILL)


@pytest.mark.parametrize("fault", FAULTS, ids=IDS)
def test_a_deferred_answer_that_cannot_be_saved_waits_for_a_key(
    history: History, monkeypatch: pytest.MonkeyPatch, fault: sqlite3.Error
) -> None:
    """In the app the computer answers once your move is drawn: your move is saved first
    and stands; an answer that cannot be saved is not made, one line says so, and it is
    tried again at the next key, not over and over unasked."""
    seed = next(seed for seed in range(100) if TileGame(seed).current_player == 0)
    session = TileSession(history, ["Ann", "expert"], lambda: TileGame(seed), defer=True)

    def record() -> dict[str, object]:
        return game_record(session.game, session.names)

    session.commit(next(iter(generate(session.game.board, session.rack))).play)
    assert session.deferred and len(session.game.turns) == 1
    yours = record()
    tries = 0

    def fail(*args: object) -> None:
        nonlocal tries
        tries += 1
        raise fault

    monkeypatch.setattr(history, "_write", fail)
    assert not session.settle_deferred()
    assert session.deferred and record() == yours and tries == 1
    assert said_once(session.message, "expert has not moved: ")
    assert session.message.endswith("; any key tries again.")
    same(record, history, session.game_id, TILES)
    tries = 0
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("h")  # help is no game key: it does not try again
        pipe.close()
        shell.run_full_screen(build_app(session, input=pipe, output=DummyOutput()), session.quit)
    assert tries == 1 and session.deferred and record() == yours and session.show_help
    monkeypatch.undo()
    assert session.settle_deferred() and len(session.game.turns) == 2
    same(record, history, session.game_id, TILES)
