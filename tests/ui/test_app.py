"""The interactive game driven by keystrokes through pipes, and its saved state."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.validation import ValidationError
from rich.console import Console

from solitaire.patience.game import Game
from solitaire.store import History
from solitaire.ui.patience.app import HandCompleter, HandValidator, build_app, render_ansi
from solitaire.ui.patience.screen import SessionScreen
from solitaire.ui.patience.session import Phase, PlaySession
from solitaire.ui.views import THEME

SEED = 7


def new_game() -> tuple[Game, str | None]:
    return Game.from_seed(SEED), None


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.mkdir()
    return path


@pytest.fixture
def history(data_dir: Path) -> Iterator[History]:
    with History(data_dir) as h:
        yield h


def make_session(data_dir: Path, history: History, explicit: bool = False) -> PlaySession:
    session = PlaySession(history, new_game, explicit=explicit)
    return session


def drive(session: PlaySession, keys: str) -> str:
    """Run the app on these keystrokes; returns what it exits with."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        pipe.close()  # keys run out: the app ends instead of waiting (a failing test, not a hang)
        app = build_app(session, input=pipe, output=DummyOutput())
        return app.run()


def test_a_whole_game_by_keystrokes_matches_the_engine(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    # Each round: pick cards 1 and 2, Enter to discard, Enter to go on; then q.
    drive(session, "12\r\r" * 6 + "q")
    assert session.phase is Phase.OVER and session.game.is_over
    engine = Game.from_seed(SEED)
    while not engine.is_over:
        engine.discard(engine.shown[:2])
    assert session.game.total == engine.total
    assert [r.discard for r in session.game.rounds] == [r.discard for r in engine.rounds]
    rows = history.games()
    assert len(rows) == 1 and rows[0].finished and rows[0].total == engine.total
    assert history.unfinished() == []  # filed in the history, nothing left in progress
    assert session.review is not None and rows[0].efficiency == session.review.efficiency


def test_arrows_space_and_typing_discard(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    shown = session.game.shown
    # Right, Space picks card 2; Right, Space picks card 3; Left, Left, Space picks card 1
    # and is refused (two are picked); Enter discards cards 2 and 3.
    drive(session, "\x1b[C \x1b[C \x1b[D\x1b[D \r" + "q")
    assert set(session.game.rounds[0].discard) == {shown[1], shown[2]}


def test_typed_discard_of_the_second_round(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "12\r\r" + "q")
    six = session.game.shown
    drive(session, f"t{six[4]} zz\r" + "\x1b" + "q")  # refused by the validator, then Esc
    assert session.game.round_number == 2
    drive(session, f"/{str(six[4]).lower()}, {six[5]}\r" + "q")
    assert set(session.game.rounds[1].discard) == {six[4], six[5]}


def test_enter_needs_exactly_two_cards(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "1\r" + "q")
    assert session.game.round_number == 1 and session.phase is Phase.DISCARD
    assert "Pick exactly 2 cards" in session.message
    drive(session, "23" + "q")  # a third card is refused while two are picked
    assert session.selected == {0, 1}
    assert "Two cards are picked already" in session.message


def test_hint_is_recorded(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "?" + "q")
    assert session.show_hint and session.game.hints == {1}
    session.close()  # the program quits: its game is free to resume
    resumed = make_session(data_dir, history)
    resumed.resume()
    assert resumed.game.hints == {1}


@pytest.mark.parametrize("quit_key", ["q", "\x03", "\x04"])
def test_quit_and_resume(data_dir: Path, history: History, quit_key: str) -> None:
    session = make_session(data_dir, history)
    message = drive(session, "12\r\r" + "56\r" + quit_key)
    assert "Game 1 saved at round 3" in message and "cribsol play resumes it" in message
    total = session.game.total
    session.close()
    again = make_session(data_dir, history)
    phase_before = again.phase
    drive(again, "y" + "q")
    # Back where the player left: the last round's count and coaching, then round 3.
    assert (phase_before, again.phase) == (Phase.RESUME, Phase.RESULT)
    drive(again, "\r" + "q")
    assert again.phase == Phase.DISCARD
    assert again.game.round_number == 3 and again.game.total == total
    assert again.game.rounds == session.game.rounds


def test_enter_resumes_and_help_shows_the_deal_code(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "12\r\r" + "q")
    session.close()
    again = make_session(data_dir, history)
    drive(again, "\r" + "h" + "q")
    assert again.phase == Phase.RESULT and again.show_help
    assert any("cribsol play --deal" in line for line in render(again))


def test_new_game_keeps_the_unfinished_one(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "12\r\r" + "q")
    session.close()
    again = make_session(data_dir, history)
    drive(again, "n" + "q")
    assert again.game.round_number == 1
    rows = history.games()
    assert len(rows) == 2 and not rows[1].finished and rows[1].rounds == 1
    assert "Game 1 stays in your history: cribsol play --resume 1" in again.message


def test_an_explicit_new_deal_keeps_the_unfinished_one(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "12\r\r" + "q")
    session.close()
    fresh = make_session(data_dir, history, explicit=True)
    phases = [fresh.phase]
    assert "unfinished game of this deal" in "\n".join(render(fresh))
    drive(fresh, "n" + "q")
    phases.append(fresh.phase)
    assert phases == [Phase.RESUME, Phase.DISCARD] and fresh.game.round_number == 1
    assert [(r.id, r.rounds) for r in history.unfinished()] == [(2, 0), (1, 1)]


def test_validator_points_at_the_bad_token(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    shown = session.game.shown
    validator = HandValidator(session)
    validator.validate(Document(f"{shown[0]} {shown[1]}"))
    outside = next(c for c in Game.from_seed(SEED + 1).shown if c not in shown)
    for text, position, message in [
        (f"{shown[0]} zz", len(str(shown[0])) + 1, "invalid card 'zz'"),
        (f"{outside} {shown[0]}", 0, "is not in your hand"),
        (f"{shown[0]}", len(str(shown[0])), "exactly 2"),
        (f"{shown[0]} {shown[0]}", len(str(shown[0])) + 1, "duplicate card"),
    ]:
        with pytest.raises(ValidationError) as caught:
            validator.validate(Document(text))
        assert caught.value.cursor_position == position and message in caught.value.message


def test_completer_offers_cards_in_hand(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    completer = HandCompleter(session)
    names = {c.text for c in completer.get_completions(Document(""), None)}  # type: ignore[arg-type]
    assert names == {str(c) for c in session.game.shown}
    first = str(session.game.shown[0])
    later = {c.text for c in completer.get_completions(Document(first + " "), None)}  # type: ignore[arg-type]
    assert first not in later and len(later) == 5


def render(session: PlaySession, width: int = 80) -> list[str]:
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, theme=THEME)
    console.print(SessionScreen(session))
    return buffer.getvalue().rstrip("\n").split("\n")


def test_every_screen_fits_80_by_24(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    screens = [render(session)]
    session.hint()
    screens.append(render(session))
    while not session.game.is_over:
        session.toggle(0)
        session.toggle(1)
        session.confirm()
        screens.append(render(session))
        session.toggle_all()
        screens.append(render(session))
        session.toggle_all()
        session.proceed()
    screens.append(render(session))
    session.toggle_rounds()
    rounds = render(session)
    assert "given up" in "\n".join(rounds)
    assert sum(1 for line in rounds if re.match(r"\s*[1-6]  \S", line)) == 6
    screens.append(rounds)
    session.show_help = True
    screens.append(render(session))
    for lines in screens:
        assert len(lines) <= 23, "\n".join(lines)  # one line is left for the typing line
        assert all(len(line) <= 80 for line in lines), "\n".join(lines)


def test_screens_show_counts_board_and_coaching(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    first = "\n".join(render(session))
    assert "round 1 of 6" in first and "90 skunk" in first and "121" in first
    assert "cards left 44" in first and "total 0" in first
    session.toggle(0)
    session.toggle(1)
    result = session.confirm()
    assert result is not None
    shown = "\n".join(render(session))
    assert result.hand.spoken() in shown or result.hand.spoken()[:40] in shown
    assert "Coach" in shown and "with hindsight" in shown
    assert f"running total {result.total}" in shown


def test_ascii_mode_has_no_symbols(data_dir: Path, history: History) -> None:
    session = PlaySession(history, new_game, ascii=True)
    session.hint()
    text = "\n".join(render(session))
    assert not any(ch in text for ch in "♣♦♥♠○●◆◎┃")


def test_no_color_is_respected(
    data_dir: Path, history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = make_session(data_dir, history)
    colored = render_ansi(session, 80, False)
    assert "\x1b[31m" in colored or "\x1b[1;31m" in colored  # red suits
    monkeypatch.setenv("NO_COLOR", "1")
    plain = render_ansi(session, 80, False)
    assert "\x1b[31m" not in plain and "\x1b[1;31m" not in plain


def test_round_six_result_shows_the_total_before_the_final_hand(
    data_dir: Path, history: History
) -> None:
    session = make_session(data_dir, history)
    while session.game.round_number <= 6:
        session.toggle(0)
        session.toggle(1)
        session.confirm()
        if session.game.round_number <= 6:
            session.proceed()
    last = session.game.rounds[-1]
    assert session.phase is Phase.RESULT and session.game.final is not None
    front, back = session.peg_totals()
    # The back peg stands where the last score started: before the crib, if it scored.
    assert front == last.total
    assert back == last.total - (last.crib_points or last.hand_points or last.heels)
    assert session.cards_left() == 4
    assert f"total {last.total}" in render(session)[0]
    session.proceed()
    final = session.game.final
    assert session.peg_totals()[0] == session.game.total
    if final.points:
        assert session.peg_totals()[1] == final.total_before
    assert f"total {session.game.total}" in render(session)[0]
