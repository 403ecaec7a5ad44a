"""The Joker on screen: counts typed, calls by key, hidden counts, the last call, --resume ID."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from solitaire.store import History, StoreError
from solitaire.tiles.game import TileGame
from solitaire.tiles.joker import apply_counted
from solitaire.tiles.moves import Play
from solitaire.tiles.players import greedy, make_player
from solitaire.tiles.record import game_record, load_record
from solitaire.ui import shell
from solitaire.ui.tiles.app import build_app
from solitaire.ui.tiles.screen import tile_screen
from solitaire.ui.tiles.session import TILES, Stage, TileSession
from solitaire.ui.views import THEME


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data") as h:
        yield h


def drive(session: TileSession, keys: str) -> None:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        pipe.close()
        shell.run_full_screen(build_app(session, input=pipe, output=DummyOutput()), session.quit)


def render(session: TileSession, width: int = 80, height: int = 24) -> list[str]:
    out = Console(file=io.StringIO(), width=width, theme=THEME, color_system=None)
    out.print(tile_screen(session, width, height))
    assert isinstance(out.file, io.StringIO)
    return out.file.getvalue().rstrip("\n").split("\n")


def stage(session: TileSession) -> Stage:
    """The stage now (a call, so a checker does not keep an earlier answer)."""
    return session.stage


def joker_session(history: History, names: list[str], seed: int) -> TileSession:
    return TileSession(
        history, names, lambda: TileGame(seed, len(names), joker=True), explicit=True
    )


def scripted(seed: int, names: list[str], rng: random.Random) -> tuple[TileGame, str]:
    """People play greedy's moves, say counts about the truth and call at random; the keys."""
    game = TileGame(seed, len(names), joker=True)
    keys: list[str] = []
    people = [s for s, n in enumerate(names) if n not in ("expert", "greedy")]
    seen = None
    while not game.is_over:
        seat = game.current_player
        if seat not in people:
            apply_counted(game, names, make_player(names[seat])(game.view(seat)), None)
            continue
        if len(people) > 1 and seen != seat:
            if game.joker_open is not None and rng.random() < 0.4:
                keys.append("j")  # called while the keyboard is being handed over
                game.call_joker(seat)
            keys.append("\r")
            seen = seat
        if game.joker_open is not None and rng.random() < 0.4:
            keys.append("j")
            game.call_joker(seat)
        action = greedy(game.view(seat))
        keys.append("p" if str(action) == "pass" else f"m{action}\r")
        claim = None
        if isinstance(action, Play):
            score = game.check(action)
            assert score is not None
            claim = max(0, score.total + rng.choice([-3, -1, 0, 0, 0, 2]))
            keys.append(f"{claim}\r")
        apply_counted(game, names, action, claim)
        seen = None if len(people) > 1 else seat
    return game, "".join(keys)


@pytest.mark.parametrize(
    ("seed", "names"), [(3, ["Ann", "greedy"]), (4, ["expert", "Ann"]), (5, ["Ann", "Bob"])]
)
def test_a_joker_game_by_keys_equals_the_engines_record(
    history: History, seed: int, names: list[str]
) -> None:
    game, keys = scripted(seed, names, random.Random(seed))
    session = joker_session(history, names, seed)
    drive(session, keys + ("\r" if session.stage is Stage.LAST_CALL else ""))
    if session.stage is Stage.LAST_CALL:
        session.file_game()
    assert session.stage is Stage.OVER
    assert game_record(session.game, names) == game_record(game, names)
    assert session.game_id is not None
    stored = load_record(history.stored_record(session.game_id, TILES)[1])
    assert stored == game_record(game, names)
    assert game.calls, "the script should have made some calls"


def test_a_count_is_typed_and_a_computer_calls_on_what_was_missed(history: History) -> None:
    session = joker_session(history, ["Ann", "expert"], 9)
    assert session.seat == 0
    play = max(session.game.legal_plays(), key=lambda p: p.score)
    session.typing = str(play.play)
    session.enter()
    assert session.stage is Stage.COUNT
    screen = "\n".join(render(session))
    assert f"Count {play.play}" in screen and f"= {play.score}" not in screen
    session.enter()
    assert "Type what the play is worth" in session.message
    for digit in str(play.score - 2):
        session.digit(int(digit))
    session.backspace()
    session.digit(int(str(play.score - 2)[-1]))
    before = len(session.game.turns)
    session.enter()
    turn = session.game.turns[before]
    assert (turn.claim, turn.missed) == (play.score - 2, 2)
    assert session.game.calls[before].caller == 1 and session.game.calls[before].points == 2
    assert "2 missed; expert called Joker and took 2" in session.message
    assert session.game.returns()[0] == play.score - 2


def test_escape_from_the_count_goes_back_to_laying(history: History) -> None:
    session = joker_session(history, ["Ann", "expert"], 9)
    play = session.game.legal_plays()[0]
    session.laid = list(play.play.placements)
    session.enter()
    assert session.stage is Stage.COUNT
    session.clear()
    assert stage(session) is Stage.PLAY and session.laid == list(play.play.placements)


def test_a_count_open_to_a_persons_call_stays_hidden_until_called(history: History) -> None:
    session = joker_session(history, ["Ann", "Bob"], 6)
    session.enter()  # the first player takes the keyboard
    mover, other = session.seat, 1 - session.seat
    play = max(session.game.legal_plays(), key=lambda p: p.score)
    session.commit(play.play)
    for digit in str(play.score - 1):
        session.digit(int(digit))
    session.enter()
    assert session.stage is Stage.HANDOVER
    assert session.joker_caller == other and session.hidden(0)
    screen = "\n".join(render(session))
    assert f"said {play.score - 1}" in screen and f"worth {play.score}" not in screen
    assert f"{session.names[other]}: j calls Joker" in screen
    session.call_joker()
    assert session.game.calls[0].points == 1 and not session.hidden(0)
    assert session.game.returns()[mover] == play.score - 1
    expected = f"the play is worth {play.score}: 1 missed; {session.names[other]} called Joker"
    assert expected in " ".join(render(session))
    session.call_joker()
    assert session.message == "No count is open to a Joker call now."


def test_a_false_call_costs_five(history: History) -> None:
    session = joker_session(history, ["Ann", "Bob"], 6)
    session.enter()
    mover = session.seat
    play = session.game.legal_plays()[0]
    session.commit(play.play, play.score)
    session.call_joker()
    assert session.game.returns()[mover] == play.score
    assert session.game.returns()[1 - mover] == -5
    assert "nothing missed: 5 to pay" in session.message


def test_the_game_ending_on_an_open_count_waits_for_the_last_call(history: History) -> None:
    names = ["Ann", "Bob"]
    for seed in range(30, 60):
        game, keys = scripted(seed, names, random.Random(0))
        last = game.turns[-1]
        if last.claim is not None and game.calls.get(len(game.turns) - 1) is None:
            break
    else:  # pragma: no cover
        raise AssertionError("no game ends on an uncalled count")
    session = joker_session(history, names, seed)
    drive(session, keys)
    assert session.stage is Stage.LAST_CALL
    assert [row.id for row in history.unfinished(TILES)] == [session.game_id]
    assert all(len(line) <= 80 for line in render(session)) and len(render(session)) <= 24
    session.close()
    again = TileSession(history, names, lambda: TileGame(1, 2, joker=True))
    assert again.stage is Stage.RESUME
    again.resume()
    assert stage(again) is Stage.LAST_CALL
    again.enter()
    assert stage(again) is Stage.OVER and history.unfinished(TILES) == []
    assert not again.hidden(len(again.game.turns) - 1)
    assert "j calls Joker" not in " ".join(render(again))
    assert game_record(again.game, names) == game_record(game, names)


def test_resume_by_id_and_what_it_refuses(history: History) -> None:
    session = TileSession(history, ["Ann", "expert"], lambda: TileGame(12), explicit=True)
    session.commit(greedy(session.game.view(session.seat)))
    game_id = session.game_id
    assert game_id is not None
    assert (
        session.quit() == f"Tile game {game_id} saved: cribsol tiles --resume {game_id} resumes it."
    )
    with pytest.raises(StoreError, match="open in another window"):
        TileSession(history, ["x", "y"], lambda: TileGame(1), resume_id=game_id)
    session.close()
    again = TileSession(history, ["x", "y"], lambda: TileGame(1), resume_id=game_id)
    assert again.names == ["Ann", "expert"] and again.game_id == game_id
    assert game_record(again.game, again.names) == game_record(session.game, session.names)
    assert again.stage is Stage.PLAY and "Resumed tile game" in again.message
    again.close()
    with pytest.raises(StoreError, match="no tiles 999"):
        TileSession(history, ["x", "y"], lambda: TileGame(1), resume_id=999)


def test_joker_screens_fit_80x24(history: History) -> None:
    session = joker_session(history, ["Ann", "greedy", "Bob"], 14)
    screens = [render(session)]
    session.enter()
    session.hint()
    screens.append(render(session))
    assert session.hints and "Best plays (?), best first (m):" in "\n".join(screens[-1])
    play = session.game.legal_plays()[0]
    session.laid = list(play.play.placements)
    screens.append(render(session))
    session.enter()
    screens.append(render(session))
    session.digit(1)
    session.enter()
    screens.append(render(session))
    for lines in screens:
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
