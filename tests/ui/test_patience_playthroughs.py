"""What the play-throughs found in the patience: an open tracker covered the round's
scores, and a resumed game said two round numbers at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire.patience.game import Game
from solitaire.store import History
from solitaire.ui.kinds import KINDS
from solitaire.ui.patience.screen import MAIN_WIDTH, SessionScreen, is_large
from solitaire.ui.patience.session import Phase, PlaySession
from tests.ui.helpers import lines

SIZES = [(80, 24), (120, 40)]


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=KINDS) as h:
        yield h


def screen(session: PlaySession, width: int, height: int) -> list[str]:
    """The rows the player sees: the main column, and beside it the side panel when the
    terminal is large."""
    large = is_large(width, height)
    main = MAIN_WIDTH if large else min(width, 100)
    drawn = SessionScreen(session, large=large, height=height)
    rows = lines(drawn, main)
    assert len(rows) <= height, rows
    if large:  # beside the main column: listed after it
        beside = lines(drawn.side(), width - main - 1)
        assert len(beside) <= height, beside
        rows += beside
    return rows


def _best(session: PlaySession) -> None:
    best = session.advice[0].discard
    session.discard(list(best))


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_an_open_tracker_never_hides_the_rounds_scores(
    history: History, width: int, height: int
) -> None:
    session = PlaySession(history, lambda: (Game.from_seed(5), None), explicit=True)
    large = is_large(width, height)
    for number in range(1, 7):
        _best(session)
        assert session.phase is Phase.RESULT
        if not session.tracker_shown(large):
            session.toggle_tracker(large)
        result = session.game.rounds[-1]
        rows = screen(session, width, height)
        text = "\n".join(rows)
        assert "Card tracker" in text
        assert f"Round {number}   starter" in text
        for name, score in (("Hand", result.hand), ("Crib", result.crib)):
            line = next(row for row in rows if row.startswith(f"{name}: "))
            assert line.rstrip().endswith(f"= {score.total}"), line
        assert f"Round total {result.points}, running total {result.total}" in text
        session.toggle_tracker(large)
        session.proceed()
    session.close()


def test_a_resumed_game_says_one_round_number(
    history: History, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The offer, the screen after y, the message and the history listing all name the
    same round: the one whose count is on screen, with how many rounds are played."""
    from solitaire.cli import main

    first = PlaySession(history, lambda: (Game.from_seed(5), None), explicit=True)
    _best(first)
    assert first.quit().count("1 of 6 rounds played") == 1
    first.close()
    again = PlaySession(history, lambda: (Game.from_seed(7), None))
    assert again.phase is Phase.RESUME
    offered = "\n".join(screen(again, 80, 24))
    again.resume()
    resumed: Phase = again.phase  # the property read again, after y
    assert resumed is Phase.RESULT
    for width, height in SIZES:
        for shown in (offered, "\n".join(screen(again, width, height))):
            # the round the game is at (the tracker's "round 6 hand" is where a card goes)
            numbers = set(re.findall(r"[Rr]ound (\d+)(?: of| is| +starter)", shown))
            assert numbers == {"1"}, shown
            assert "is next" not in shown
            assert len(set(re.findall(r"cards left (\d+)", shown))) == 1
        assert set(re.findall(r"cards left (\d+)", offered)) == set(
            re.findall(r"cards left (\d+)", "\n".join(screen(again, 80, 24)))
        )
        assert "1 of 6 rounds played" in again.message
    again.close()
    history.close()
    assert main(["--data-dir", str(tmp_path / "data"), "history"]) == 0
    listed = capsys.readouterr().out
    assert "unfinished, 1 of 6 rounds played" in listed and "round 2" not in listed


def test_a_game_with_every_discard_taken_back_is_not_kept(
    history: History, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game with no move standing (round 1 taken back) leaves no 0-point unfinished game
    in the history; played on, it is kept again, its undo in its record."""
    from solitaire.cli import main

    for _ in range(3):  # as a player who deals, takes it back and quits, again and again
        session = PlaySession(history, lambda: (Game.from_seed(5), None), explicit=True)
        if session.phase is Phase.RESUME:
            session.start_afresh()
        _best(session)
        assert session.game_id is not None
        session.undo()
        assert session.phase is Phase.DISCARD and not session.game.rounds
        assert session.quit() == "Nothing was played, so nothing was kept."
        session.close()
        assert history.unfinished("patience") == []
    played_on = PlaySession(history, lambda: (Game.from_seed(5), None), explicit=True)
    assert played_on.phase is Phase.DISCARD  # nothing was offered
    _best(played_on)
    played_on.undo()
    _best(played_on)
    kept = played_on.game_id
    assert kept is not None and [row.id for row in history.unfinished("patience")] == [kept]
    played_on.close()
    history.close()
    assert main(["--data-dir", str(tmp_path / "data"), "replay", str(kept)]) == 0
    out = capsys.readouterr().out
    assert "undo" in out.lower() or "taken back" in out.lower()


def test_only_a_game_in_progress_is_withdrawn(history: History) -> None:
    from solitaire.store import StoreError

    session = PlaySession(history, lambda: (Game.from_seed(5), None), explicit=True)
    _best(session)
    game_id = session.game_id
    assert game_id is not None
    while not session.game.is_over:
        session.proceed()
        _best(session)
    session.proceed()
    with pytest.raises(StoreError, match="no longer in progress"):
        history.withdraw(game_id, "patience")  # a finished game is history
    assert [row.id for row in history.games(kind="patience")] == [game_id]
    session.close()
