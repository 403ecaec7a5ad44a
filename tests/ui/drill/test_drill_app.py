"""The pegging drill at the keyboard: a whole drill by keys, resuming, the coach, 80x24, stats."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.match.decide.values import play_values
from solitaire.match.drill import DRILL, Drill, drill_record, load_drill_record, replay_drill
from solitaire.match.game import GoPoint, SaidGo
from solitaire.store import History
from solitaire.ui import worker
from solitaire.ui.drill.screen import DrillScreen
from solitaire.ui.drill.session import DrillSession, Stage
from solitaire.ui.kinds import KINDS
from solitaire.ui.match.coaching import Coach
from tests.ui import helpers
from tests.ui.helpers import drive

# No test here looks at the review: it is graded when shown (tests/ui/graded.py).
pytestmark = pytest.mark.usefixtures("review_when_shown")

LEVEL = "standard"


def session_for(history: History, seed: int, hands: int = 2) -> DrillSession:
    return DrillSession(history, lambda: Drill(seed, hands, LEVEL), coach=Coach())


def render(session: DrillSession, width: int = 80) -> list[str]:
    return helpers.lines(DrillScreen(session), width)


def next_key(session: DrillSession) -> str:
    """The first card that fits, or Enter."""
    if session.stage is Stage.PLAY:
        return str(next(i for i, c in enumerate(session.hand) if session.playable(c)) + 1)
    return "\r"


def test_a_whole_drill_by_keys_is_graded_saved_and_in_stats(
    history: History, data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with History(tmp_path / "twin", kinds=KINDS) as elsewhere:
        twin = session_for(elsewhere, 30)
        keys = find_keys(twin)
    message = drive(session_for(history, 30), keys)
    assert "is in your history" in message
    rows = history.games(kind=DRILL)
    assert len(rows) == 1 and rows[0].finished
    _, text = history.stored_record(rows[0].id, DRILL)
    replayed = replay_drill(load_drill_record(text))
    assert replayed.is_over and replayed.grades == twin.drill.grades
    assert main(["--data-dir", str(data), "stats"]) == 0
    assert "Your pegging drills" in capsys.readouterr().out
    assert main(["--data-dir", str(data), "stats", "--json"]) == 0
    drill = json.loads(capsys.readouterr().out)["drill"]["all"]
    grades = twin.drill.grades
    assert (drill["drills"], drill["graded"]) == (1, len(grades))
    assert drill["best"] == sum(g.is_best for g in grades)
    assert main(["--data-dir", str(data), "history"]) == 0
    listed = capsys.readouterr().out
    assert "Pegging drills" in listed and f"{rows[0].id:>6}  " in listed and "finished" in listed


def find_keys(twin: DrillSession) -> str:
    """The keys a simple player presses through a whole drill; every screen fits 80x24."""
    keys = ""
    while twin.stage is not Stage.OVER:
        if "?" not in keys and len(twin.drill.playable()) > 1:
            keys += "?"  # the coach once: its panel must fit too
            twin.toggle_coach()
            assert twin.show_coach and twin.advice() is not None
            screen = render(twin)
            assert len(screen) <= 24 and max(map(len, screen)) <= 80
        key = next_key(twin)
        keys += key
        if key == "\r":
            twin.enter()
        else:
            twin.lay(int(key) - 1)
        screen = render(twin)
        assert len(screen) <= 24 and max(map(len, screen)) <= 80
        assert all(len(line.split()) != 1 for line in screen), "\n".join(screen)  # no word alone
    twin.show_help = True
    screen = render(twin)
    twin.show_help = False
    assert len(screen) <= 24 and all(len(line.split()) != 1 for line in screen), screen
    return keys + "q"


def test_a_drill_resumes_where_it_was_left_with_its_grades(history: History) -> None:
    first = session_for(history, 40)
    while len(first.drill.grades) < 2:
        key = next_key(first)
        first.enter() if key == "\r" else first.lay(int(key) - 1)
    grades, plays = list(first.drill.grades), len(first.drill.match.deal.plays)
    assert first.quit().startswith("Drill saved")
    first.close()
    second = session_for(history, 41)
    assert second.stage is Stage.RESUME and "A drill in progress was saved" in "\n".join(
        render(second)
    )
    second.resume()
    assert second.game_id == first.game_id and second.drill.grades == grades
    assert len(second.drill.match.deal.plays) == plays
    second.close()


def test_the_coach_shows_the_searchs_values_and_the_grade_names_the_best(
    history: History,
) -> None:
    session = session_for(history, 50)
    while len(session.drill.playable()) < 2:
        key = next_key(session)
        session.enter() if key == "\r" else session.lay(int(key) - 1)
    session.toggle_coach()
    values = play_values(session.drill.observation())
    advice = session.advice()
    assert advice is not None and {a.card: a.net for a in advice} == values
    lines = render(session)
    assert len(lines) <= 24
    for item in advice:
        assert any(f"{float(item.net):+6.2f}" in line for line in lines)
    worst = min(values, key=lambda c: (values[c], c))
    session.lay(session.hand.index(worst))
    grade = session.last
    assert grade is not None and grade.loss == max(values.values()) - values[worst]
    screen = "\n".join(render(session))
    if grade.loss:
        assert f"cost {float(grade.loss):.2f} points" in screen
        threats = next(a for a in advice if a.card == worst).threats
        if threats:
            assert f"They answer it with {threats[0].what} in" in screen
    else:
        assert "Best: the" in screen


def test_the_command_refuses_what_it_cannot_do_in_one_line(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (
        ["drill"],
        ["drill", "--resume", "5", "--data-dir", str(data)],
        ["drill", "--resume", "5", "--seed", "3"],
        ["drill", "--hands", "0"],
        ["drill", "--vs", "psychic"],
    ):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1


def test_replay_regrades_a_drill_from_a_file_or_the_history(
    history: History, data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = session_for(history, 60, hands=1)
    while session.stage is not Stage.OVER:
        session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
    assert session.game_id is not None
    assert main(["--data-dir", str(data), "replay", str(session.game_id)]) == 0
    out = capsys.readouterr().out
    assert "Replayed and re-graded" in out and f"Drill {session.game_id}: seed 60" in out
    record = drill_record(session.drill)
    path = tmp_path / "drill.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == record
    record["grades"][0][0]["loss"] = "7"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "hand 1: field 'grades'" in err
    session.close()


def test_ascii_mode_draws_every_drill_screen_in_plain_letters(history: History) -> None:
    session = DrillSession(history, lambda: Drill(70, 1, LEVEL), ascii=True, coach=Coach())
    while session.stage is not Stage.OVER:
        if len(session.drill.playable()) > 1 and not session.show_coach:
            session.toggle_coach()
        assert all(line.isascii() for line in render(session))
        session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
    assert all(line.isascii() for line in render(session))
    session.close()


def test_a_number_past_your_cards_says_which_keys_fit(history: History) -> None:
    session = session_for(history, seed=5)
    session.lay(session.hand.index(next(c for c in session.hand if session.playable(c))))
    assert session.stage is Stage.PLAY
    held = len(session.hand)
    assert held < 4
    session.lay(held)
    keys = "1" if held == 1 else f"1-{held}"
    assert session.message == f"You hold {held} card{'s' * (held > 1)}: press {keys}."
    assert len(session.hand) == held
    assert render(session)[-1].startswith(f"{keys} lay ")


def test_the_play_is_told_as_in_the_match_and_no_count_lingers_after_it(history: History) -> None:
    """A go said just before one's own "one for the go" is left out, as the match tells it;
    once a hand's play is over its count and series are no longer shown."""
    session = session_for(history, 80, hands=6)
    said_then_took = 0
    while session.stage is not Stage.OVER:
        if session.stage is Stage.HAND_OVER:
            lines = render(session)
            events = session.drill.match.deals[0].events
            said_then_took += sum(
                isinstance(a, SaidGo) and isinstance(b, GoPoint) and a.player == b.player
                for a, b in itertools.pairwise(events)
            )
            assert not any(line.startswith("Count ") for line in lines), "\n".join(lines)
            assert "The play, as it went:" in lines
            for before, line in itertools.pairwise(lines):
                if '"one for the go"' in line:
                    assert not ('"go"' in before and before[:9] == line[:9]), line
            session.enter()
        else:
            assert render(session)[4].startswith("Count ")
            session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
    assert said_then_took  # the case was met
    session.close()


def test_every_digit_past_your_cards_is_answered_at_the_keyboard(history: History) -> None:
    session = session_for(history, seed=5)
    assert session.stage is Stage.PLAY and len(session.hand) == 4
    for digit in "05":
        drive(session, digit)
        assert session.message == "You hold 4 cards: press 1-4.", digit
        assert len(session.hand) == 4
    session.close()


def test_the_header_is_one_line_with_the_seed_last_and_the_help_shows_it_whole(
    history: History,
) -> None:
    seed = 10**40 - 1
    session = DrillSession(history, lambda: Drill(seed, 2, LEVEL), coach=Coach())
    header = render(session)[0]
    assert header.startswith("Pegging drill  vs standard  hand 1 of 2  ")
    assert header.endswith("…") and len(header) == 80
    session.show_help = True
    assert any(f"Seed {seed}, 2 hands against standard." in line for line in render(session, 200))
    session.close()


def test_the_last_graded_card_is_labelled(history: History) -> None:
    session = session_for(history, seed=5)
    while session.last is None:
        drive(session, next_key(session))
    assert any(line.startswith("Last card: ") for line in render(session))
    session.close()


def test_the_opponents_first_discard_waits_for_the_first_frame_and_changes_nothing(
    history: History,
) -> None:
    """A drill made ``deferred`` (as ``cribsol drill`` makes it) draws your cards before the
    opponent's first discard; the app has it made once that frame is drawn, a card laid
    first has it made too, and the drill then goes as one made at once."""

    class Held(worker._AfterFirstFrame):
        """The app's coach, its process never started: its own handler of the first frame
        runs beside the drill's."""

        def open(self) -> None:
            pass

    held = Coach(Held())
    waiting = DrillSession(history, lambda: Drill(9, 1, "expert", deferred=True), coach=held)
    assert waiting.drill.waiting
    screen = render(waiting)
    assert any(line.startswith("Your cards  1 ") for line in screen)
    drive(waiting, "q")
    assert not waiting.drill.waiting  # made after the first frame, before any key
    waiting.close()
    at_once = DrillSession(history, lambda: Drill(9, 1, "expert"), coach=Coach())
    assert render(waiting) == render(at_once)
    laid = DrillSession(history, lambda: Drill(9, 1, "expert", deferred=True), coach=Coach())
    for session in (laid, at_once):
        while session.stage is Stage.PLAY:
            session.lay(
                next(
                    i
                    for i, c in enumerate(session.hand)
                    if session.playable(c) or session.drill.waiting
                )
            )
    assert drill_record(laid.drill) == drill_record(at_once.drill)
