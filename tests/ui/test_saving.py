"""Saving in the interactive game: a move counts once stored, saved games are offered and kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from solitaire.patience.game import Game
from solitaire.store import History, StoreError
from solitaire.ui.kinds import KINDS
from solitaire.ui.patience.session import Phase, PlaySession
from tests import stored as pstore
from tests.faults import FAULTS
from tests.ui.helpers import drive


def deal(seed: int) -> tuple[Game, str | None]:
    return Game.from_seed(seed), None


def session_for(history: History, seed: int = 7, **options: object) -> PlaySession:
    return PlaySession(history, lambda: deal(seed), **options)  # type: ignore[arg-type]


def phase(session: PlaySession) -> Phase:
    """The phase now (a call, so a type checker does not carry an earlier check over)."""
    return session.phase


def play_round(session: PlaySession) -> None:
    session.toggle(0)
    session.toggle(1)
    session.confirm()
    if session.phase is Phase.RESULT and not session.game.is_over:
        session.proceed()


def fail_writes(monkeypatch: pytest.MonkeyPatch, history: History, error: sqlite3.Error) -> None:
    def fail(*args: object) -> None:
        raise error

    monkeypatch.setattr(history, "_write", fail)


@pytest.mark.parametrize("fault", FAULTS, ids=["full", "read-only", "locked"])
@pytest.mark.parametrize("round_number", [1, 3, 6])
def test_a_discard_that_cannot_be_saved_is_not_made(
    history: History, monkeypatch: pytest.MonkeyPatch, fault: sqlite3.Error, round_number: int
) -> None:
    session = session_for(history)
    for _ in range(round_number - 1):
        play_round(session)
    before = (list(session.game.rounds), session.game.total, session.game.round_number)
    fail_writes(monkeypatch, history, fault)
    drive(session, "12\r" + "q")
    # Nothing moved: same round, same picks (for the retry), one line saying why.
    assert (list(session.game.rounds), session.game.total, session.game.round_number) == before
    assert session.phase is Phase.DISCARD and session.selected == {0, 1}
    assert "could not be saved" in session.message and "Nothing changed" in session.message
    assert "\n" not in session.message
    kept = [(row.rounds, row.finished) for row in pstore.games(history)]
    assert kept == ([] if round_number == 1 else [(round_number - 1, False)])
    monkeypatch.undo()  # space comes back: Enter again makes the same discard
    drive(session, "\r" + "q")
    assert phase(session) is Phase.RESULT and session.game.round_number == round_number + 1
    (row,) = pstore.games(history)
    assert (row.rounds, row.finished) == (round_number, round_number == 6)
    engine = Game.from_seed(7)
    for _ in range(round_number):
        engine.discard(engine.shown[:2])
    assert session.game.rounds == engine.rounds
    if round_number == 6:  # filed once, at the last count, before any further key
        assert row.total == engine.total and pstore.unfinished(history) == []


def test_a_hint_that_cannot_be_recorded_is_not_shown(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = session_for(history)
    fail_writes(monkeypatch, history, FAULTS[0])
    session.hint()
    assert not session.show_hint and session.game.hints == set()
    assert "the disk is full" in session.message
    monkeypatch.undo()
    session.hint()
    assert session.show_hint and pstore.load(history, 1).game.hints == {1}


def test_a_new_game_that_cannot_be_stored_is_not_filed(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = session_for(history)
    play_round(first)
    first.close()
    asked = session_for(history, 8, explicit=True)
    assert asked.phase is Phase.RESUME
    fail_writes(monkeypatch, history, FAULTS[0])
    asked.start_afresh()  # nothing is stored until the first discard
    assert phase(asked) is Phase.DISCARD and asked.game.seed == 8 and asked.game_id is None
    play_round(asked)
    assert phase(asked) is Phase.DISCARD and "the disk is full" in asked.message
    assert asked.game.rounds == [] and len(pstore.games(history)) == 1
    monkeypatch.undo()
    asked.confirm()  # the same picks, discarded again
    assert asked.game.round_number == 2 and asked.game_id == 2


def test_a_really_full_disk_during_play_loses_nothing(tmp_path: Path) -> None:
    small = tmp_path / "small"
    small.mkdir()
    conn = sqlite3.connect(small / "history.sqlite3", isolation_level=None)
    conn.execute("PRAGMA page_size = 512")  # small pages: a growing record needs new ones
    conn.execute("VACUUM")
    conn.close()
    with History(small, kinds=KINDS) as history:
        session = session_for(history)
        conn = history._conn  # type: ignore[assignment]
        assert conn is not None
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk is full"
        for keys in ("12\r" + "q", "\r" + "q"):  # a discard, and a retry while still full
            drive(session, keys)
            assert session.game.rounds == [] and pstore.games(history) == []
            assert "the disk is full" in session.message and session.phase is Phase.DISCARD
        conn.execute("PRAGMA max_page_count = 1073741823")  # space comes back
        drive(session, "\r\r" + "12\r\r" * 5 + "q")
        assert session.game.is_over and pstore.games(history)[0].finished


def test_an_unexpected_error_is_one_line_and_the_game_goes_on(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = session_for(history)

    def broken() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(session, "confirm", broken)
    message = drive(session, "12\r" + "q")
    assert "Something went wrong (RuntimeError: a bug)" in session.message
    assert message == "Nothing was played, so nothing was kept."
    monkeypatch.undo()
    drive(session, "\r" + "q")
    assert session.game.round_number == 2


def test_quitting_on_the_last_count_files_the_game(history: History) -> None:
    session = session_for(history)
    drive(session, "12\r\r" * 5 + "12\r" + "q")
    assert session.phase is Phase.RESULT  # the last count is on screen, not yet the review
    (row,) = pstore.games(history)
    assert row.finished and row.total == session.game.total and row.efficiency is not None
    locks = history.data_dir / "locks"
    assert [p.name for p in locks.iterdir()] == ["patience-1.lock"]
    session.close()  # a finished game's lock file goes with it; an unfinished one's stays
    assert list(locks.iterdir()) == []


def test_another_deal_asks_and_either_answer_keeps_the_saved_game(history: History) -> None:
    first = session_for(history, 7)
    drive(first, "12\r\r" * 2 + "q")
    first.close()
    # y: the saved game, where it was left; the asked deal is not started.
    asked = session_for(history, 8, explicit=True)
    offer = asked.resume_prompt()
    assert (offer.saved, offer.instead) == ("game 1, seed 7", "play seed 8 instead")
    assert offer.standing.startswith("2 of 6 rounds played, ")
    assert "cribsol play --resume 1" in offer.keep
    drive(asked, "y" + "q")
    assert asked.game_id == 1 and asked.game.round_number == 3 and asked.phase is Phase.RESULT
    assert len(pstore.games(history)) == 1
    asked.close()
    # n: the asked deal, and game 1 stays resumable.
    other = session_for(history, 8, explicit=True)
    drive(other, "n" + "12\r\r" + "q")
    assert other.game_id == 2 and other.game.seed == 8 and other.game.round_number == 2
    assert "cribsol play --resume 1" in other.message or other.message == ""
    other.close()
    assert [(r.id, r.rounds) for r in pstore.unfinished(history)] == [(2, 1), (1, 2)]
    # The latest is offered first; any can be resumed by id.
    assert session_for(history).pending.row.id == 2  # type: ignore[union-attr]
    by_id = session_for(history, resume_id=1)
    assert by_id.phase is Phase.RESULT and by_id.game.round_number == 3
    assert by_id.message.startswith("Resumed game 1: 2 of 6 rounds played")


def test_resume_by_id_refuses_what_cannot_be_resumed(history: History) -> None:
    done = session_for(history, 3)
    drive(done, "12\r\r" * 6 + "q")
    done.close()
    holder = session_for(history, 4)
    play_round(holder)
    with pytest.raises(StoreError, match="game 1 is finished: cribsol replay 1 shows it"):
        session_for(history, resume_id=1)
    with pytest.raises(StoreError, match="no game 9 in the history"):
        session_for(history, resume_id=9)
    with pytest.raises(StoreError, match="game 2 is open in another window"):
        session_for(history, resume_id=2)  # held by the session above
    holder.close()
    assert session_for(history, resume_id=2).game.round_number == 2


def test_a_game_held_elsewhere_is_not_offered(history: History) -> None:
    holder = session_for(history, 4)
    play_round(holder)
    second = session_for(history, 5)
    offer = second.resume_prompt()
    assert second.phase is Phase.RESUME and second.game_id is None and not offer.resumable
    assert offer.headline == "Game 1 is open in another window"
    assert offer.keep == "cribsol replay 1 shows it as saved"
    drive(second, "y" + "q")  # y cannot take it from the other window
    assert phase(second) is Phase.RESUME and "open in another window" in second.message
    drive(second, "n" + "q")
    assert phase(second) is Phase.DISCARD and second.game_id is None and second.game.seed == 5


def test_a_saved_game_that_does_not_check_out_is_skipped(history: History, tmp_path: Path) -> None:
    session = session_for(history, 4)
    play_round(session)
    session.close()
    conn = sqlite3.connect(tmp_path / "data" / "history.sqlite3")
    conn.execute("UPDATE games SET summary = json_set(summary, '$.total', 99)")
    conn.commit()
    conn.close()
    fresh = session_for(history, 5)
    assert fresh.phase is Phase.DISCARD and fresh.game.seed == 5
    assert "1 game in the history does not check out and was skipped" in fresh.message


def test_the_messages_name_the_players_command(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIBSOL_PROG", "scripts/play")
    session = session_for(history)
    message = drive(session, "12\r" + "q")
    assert message == "Game 1 saved with 1 of 6 rounds played and " + (
        f"{session.game.total} points: "
    ) + ("scripts/play resumes it.")
