"""The Joker on screen: counts typed, calls by key, hidden counts, the last call, --resume ID."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire.store import History, StoreError
from solitaire.tiles.game import TileGame
from solitaire.tiles.joker import apply_counted, close_count
from solitaire.tiles.moves import Play
from solitaire.tiles.record import game_record, load_record
from solitaire.tiles.registry import make_player
from solitaire.ui.kinds import KINDS
from solitaire.ui.tiles.screen import tile_screen
from solitaire.ui.tiles.session import TILES, Stage, TileSession
from tests.tiles.quick_greedy import quick_greedy
from tests.ui import helpers
from tests.ui.helpers import drive


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=KINDS) as h:
        yield h


def render(session: TileSession, width: int = 80, height: int = 24) -> list[str]:
    return helpers.lines(tile_screen(session, width, height), width)


def stage(session: TileSession) -> Stage:
    """The stage now (a call, so a checker does not keep an earlier answer)."""
    return session.stage


def joker_session(history: History, names: list[str], seed: int) -> TileSession:
    return TileSession(
        history, names, lambda: TileGame(seed, len(names), joker=True), explicit=True
    )


def scripted(seed: int, names: list[str], rng: random.Random) -> tuple[TileGame, str]:
    """People play greedy's moves (quick_greedy finds them), say counts about the truth and
    call at random (now and then while a count is still being typed); the keys they press."""
    game = TileGame(seed, len(names), joker=True)
    keys: list[str] = []
    people = [s for s, n in enumerate(names) if n not in ("expert", "greedy")]
    seen = None

    def call(callers: list[int], early: bool) -> None:
        caller = rng.choice(callers)
        keys.append("j" + (str(caller + 1) if len(callers) > 1 else ""))
        (game.call_early if early else game.call_joker)(caller)

    def open_callers() -> list[int]:
        turn = game.joker_open
        return [] if turn is None else [s for s in people if s != turn.player]

    while not game.is_over:
        seat = game.current_player
        if seat not in people:
            if open_callers():  # the computer waits: a call, or Enter lets it move
                if rng.random() < 0.4:
                    call(open_callers(), early=False)
                else:
                    keys.append("\r")
            apply_counted(
                game,
                names,
                make_player(names[seat], random.Random(0)).choose(game.observation(seat)),
                None,
            )
            continue
        if len(people) > 1 and seen != seat:
            if open_callers() and rng.random() < 0.4:
                call(open_callers(), early=False)  # while the keyboard is being handed over
            keys.append("\r")
            seen = seat
        if open_callers() and rng.random() < 0.4:
            call(open_callers(), early=False)
        action = quick_greedy(game.observation(seat))
        keys.append("p" if str(action) == "pass" else f"m{action}\r")
        claim = None
        if isinstance(action, Play):
            score = game.check(action)
            assert score is not None
            claim = max(0, score.total + rng.choice([-3, -1, 0, 0, 0, 2]))
            typed = str(claim)
            cut = rng.randrange(len(typed) + 1)
            keys.append(typed[:cut])
            if len(people) > 1 and rng.random() < 0.2:
                call([s for s in people if s != seat], early=True)
            keys.append(typed[cut:] + "\r")
        apply_counted(game, names, action, claim)
        seen = None if len(people) > 1 else seat
    close_count(game, names)  # the count the game ended on closes when the game is filed
    return game, "".join(keys)


@pytest.mark.parametrize(
    ("seed", "names"),
    [
        (3, ["Ann", "greedy"]),
        (4, ["expert", "Ann"]),
        (5, ["Ann", "Bob"]),
        (6, ["Ann", "Bob", "expert"]),
        (7, ["Ann", "Bob", "Cy"]),
        (8, ["Ann", "greedy", "Bob", "Cy"]),
        (9, ["Ann", "greedy", "expert"]),
    ],
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
    people = {s for s, n in enumerate(names) if n not in ("expert", "greedy")}
    assert bool(game.early) == (len(people) > 1), "early calls need two people"
    callers = {c.caller for c in game.calls.values()} | {c.caller for c in game.early}
    if len(people) > 1:
        assert callers >= people, "every person at the keyboard called"


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
    assert session.joker_callers == [other] and session.hidden(0)
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
    session.commit(quick_greedy(session.game.observation(session.seat)))
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
    with pytest.raises(StoreError, match="no tile game 999"):
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


def laid_best(session: TileSession) -> int:
    """Lay the best play by typing it and press Enter: the COUNT stage; its worth."""
    best = max(session.game.legal_plays(), key=lambda p: p.score)
    session.start_typing()
    session.typing = str(best.play)
    session.enter()
    assert stage(session) is Stage.COUNT
    return best.score


def type_count(session: TileSession, count: int) -> None:
    for digit in str(count):
        session.digit(int(digit))
    session.enter()


def test_j_then_a_seat_number_picks_the_caller_when_several_may_call(history: History) -> None:
    names = ["Ann", "Bob", "Cy"]
    session = joker_session(history, names, 11)
    session.enter()
    mover = session.seat
    others = [s for s in range(3) if s != mover]
    worth = laid_best(session)
    type_count(session, worth - 1)
    assert stage(session) is Stage.HANDOVER and session.hidden(0)
    screen = " ".join(render(session))
    who = " or ".join(f"{s + 1} {names[s]}" for s in others)
    assert f"{who}: j, then your number, calls Joker" in screen
    session.call_joker()
    assert stage(session) is Stage.CALL
    assert session.message == f"Joker! Who calls? {who.replace(' or ', ' · ')} (Esc: nobody)"
    assert "the caller's number (beside the names)" in render(session)[-1]
    session.clear()
    assert stage(session) is Stage.HANDOVER and session.message == "Nobody called Joker."
    session.call_joker()
    session.digit(mover + 1)  # not one who may call: asked again
    session.enter()
    assert stage(session) is Stage.CALL and session.message.startswith("Who calls Joker? ")
    session.digit(others[1] + 1)
    assert stage(session) is Stage.HANDOVER and session.game.calls[0].caller == others[1]
    assert session.game.returns()[others[1]] == 1
    assert f"{names[others[1]]} called Joker and took 1" in session.message
    session.call_joker()  # the first caller took it: the count is closed
    assert session.message == "No count is open to a Joker call now."
    assert session.joker_callers == [] and not session.hidden(0)


def test_an_early_call_costs_five_and_survives_quitting_mid_count(history: History) -> None:
    names = ["Ann", "Bob", "expert"]
    session = joker_session(history, names, 14)
    session.enter()
    mover = session.seat
    other = 1 - mover
    worth = laid_best(session)
    session.digit(int(str(worth)[0]))
    session.call_joker()  # the other person calls while the count is typed
    assert stage(session) is Stage.COUNT and session.count == str(worth)[0]
    assert session.game.returns()[other] == -5
    assert session.message == (
        f"{names[other]} called Joker before {names[mover]} recorded a count: 5 to pay. "
        f"{names[mover]}: carry on counting."
    )
    for digit in str(worth)[1:]:
        session.digit(int(digit))
    session.enter()
    index = next(i for i, t in enumerate(session.game.turns) if t.player == mover)
    assert session.game.early_calls(index)[0].caller == other
    assert f"; {names[other]} called Joker before the count: 5 to pay" in session.count_result(
        index
    )
    # The other person counts next (after the computer, if it sits between): Ann calls early,
    # then the keyboard is left mid-count.
    if stage(session) is Stage.HANDOVER:
        session.enter()
    assert session.seat == other
    laid_best(session)
    session.digit(1)
    session.call_joker()
    before = session.game.returns()
    assert before[mover] == worth - 5
    record = game_record(session.game, names)
    assert record["early_calls"][-1] == {
        "turn": len(session.game.turns) + 1, "caller": mover, "points": -5
    }  # fmt: skip
    assert session.quit().startswith(f"Tile game {session.game_id} saved")
    session.close()
    again = joker_session(history, names, 99)
    again.close()
    again = TileSession(
        history, names, lambda: TileGame(1, 3, joker=True), resume_id=session.game_id
    )
    assert game_record(again.game, names) == record and again.game.returns() == before
    assert stage(again) is Stage.HANDOVER and again.seat == other
    assert f"{names[mover]} called Joker before {names[other]}'s count: 5 paid." in render(again)
    again.enter()
    again.hint()  # the hints below the early call, in the rows it leaves, a long message too
    again.message = "a message two rows long " * 5
    shown = render(again)
    assert shown[-1].startswith("arrows") and len(shown) <= 24 and "5 paid." in "".join(shown)
    assert "Best plays (?), best first (m):" in "".join(shown)
    again.hints = None
    laid_best(again)
    again.call_joker()
    assert again.game.returns()[mover] == before[mover] - 5  # a second early call: 5 more


def test_a_count_above_the_play_records_nothing_and_says_so(history: History) -> None:
    session = joker_session(history, ["Ann", "expert"], 9)
    worth = laid_best(session)
    screen = " ".join(" ".join(render(session)).split())
    assert "a count too high is struck out: 0 recorded" in screen
    type_count(session, worth + 3)
    turn = session.game.turns[0]
    assert (turn.recorded, turn.missed) == (0, worth)
    assert session.game.calls[0].points == worth  # expert takes the whole play
    assert f"more than the play's {worth}: struck out, 0 recorded; expert called Joker" in (
        session.message
    )


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_the_question_of_who_calls_fits(history: History, width: int, height: int) -> None:
    session = joker_session(history, ["Ann", "Bob", "Cy", "Dee"], 15)
    session.enter()
    worth = laid_best(session)
    session.call_joker()
    screens = [render(session, width, height)]
    session.digit(next(s for s in range(4) if s != session.seat) + 1)
    screens.append(render(session, width, height))
    type_count(session, worth)
    session.call_joker()
    screens.append(render(session, width, height))
    for lines in screens:
        assert len(lines) <= height and max(len(line) for line in lines) <= width


@pytest.mark.parametrize("bob_calls", [True, False])
def test_a_person_beats_the_computer_to_a_call_or_it_calls_at_the_next_move(
    history: History, bob_calls: bool
) -> None:
    names = ["Ann", "Bob", "expert"]
    session = joker_session(history, names, 14)
    session.enter()
    assert session.seat == 0
    worth = laid_best(session)
    type_count(session, worth - 3)
    assert 0 not in session.game.calls and session.hidden(0)  # expert waits for Bob
    assert "Bob: j calls Joker on missed points" in " ".join(render(session))
    session.enter()  # Bob takes the keyboard
    if bob_calls:
        session.call_joker()
        assert session.game.calls[0].caller == 1
    mine = laid_best(session)
    type_count(session, mine)
    called = session.game.calls[0]
    assert (called.caller, called.points) == (1 if bob_calls else 2, 3)
    assert session.game.returns()[1] == mine + (3 if bob_calls else 0)
    taker = "Bob" if bob_calls else "expert"
    assert f"{taker} called Joker and took 3" in session.count_result(0)


def test_a_computer_to_move_waits_while_a_count_is_open_to_a_persons_call(
    history: History,
) -> None:
    names = ["Ann", "greedy", "expert"]
    session = joker_session(history, names, 9)
    while stage(session) is not Stage.WAIT:
        assert not session.game.is_over, "no computer waited"
        play = quick_greedy(session.game.observation(session.seat))
        worth = session.game.check(play)
        session.commit(play, None if worth is None else worth.total)
    assert (session.names[session.seat], session.game.turns[-1].player) == ("expert", 1)
    lines = render(session)
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    screen = " ".join(" ".join(lines).split())
    assert "expert is to move. Before it does, Ann: j calls Joker on greedy's count" in screen
    assert "Enter: the computer moves · j call Joker" in screen
    turns = len(session.game.turns)
    session.enter()
    assert len(session.game.turns) > turns and session.game.turns[turns].player == 2
