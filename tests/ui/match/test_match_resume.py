"""Every unfinished match stays reachable: --resume ID, the offer before --seed, the history
lists matches, replay ID replays one, and the patience's --resume/--again name the match."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from solitaire.cli import main
from solitaire.match.game import Match
from solitaire.match.record import load_match_record, match_record
from solitaire.match.summary import match_summary
from solitaire.patience.game import Game
from solitaire.store import History, StoreError
from solitaire.ui.kinds import MATCH
from solitaire.ui.match.app import run_app
from solitaire.ui.match.screen import MatchScreen
from solitaire.ui.match.session import SEEN, MatchSession, Stage
from solitaire.ui.patience.session import PlaySession
from tests import stored as pstore
from tests.ui import helpers
from tests.ui.helpers import drive


def session_for(history: History, seed: int, level: str = "standard", **kw: object) -> MatchSession:
    return MatchSession(history, level, lambda: Match(seed), **kw)  # type: ignore[arg-type]


def render(session: MatchSession, width: int = 80) -> str:
    return helpers.render(MatchScreen(session), width)


def saved(history: History, game_id: int) -> dict[str, object]:
    """The match record as stored; how far you had seen is kept beside it (checked here)."""
    record = load_match_record(history.stored_record(game_id, MATCH)[1])
    assert SEEN not in record and isinstance(history.screen_state(game_id, MATCH)[SEEN], int)
    return record


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def three_unfinished(history: History) -> list[int]:
    """The reviewer's walk: match 1 saved, match 2 open in a second window, n makes match 3."""
    first = session_for(history, 1, level="easy")
    drive(first, "12\r")
    first.close()
    second = session_for(history, 2)
    assert second.stage is Stage.RESUME
    drive(second, "n12\r")  # a new match; the saved one is kept
    third = session_for(history, 3)  # match 2 is open: match 1 is offered
    assert third.stage is Stage.RESUME and third.pending is not None
    assert third.pending.game_id == first.game_id
    drive(third, "n12\r")
    ids = [first.game_id, second.game_id, third.game_id]
    second.close()
    third.close()
    assert [row.id for row in history.unfinished(MATCH)] == ids[::-1]
    return [game_id for game_id in ids if game_id is not None]


def test_every_unfinished_match_resumes_by_id_with_its_own_level(history: History) -> None:
    ids = three_unfinished(history)
    for game_id in ids:
        before = saved(history, game_id)
        session = session_for(history, 99, resume_id=game_id)
        assert session.stage is Stage.PLAY and session.game_id == game_id
        assert session.level == before["players"][1]  # type: ignore[index]
        assert f"Resumed match {game_id}" in session.message
        assert match_record(session.match, session.names) == before
        message = drive(session, "34\r")  # play on: the move is saved in the same row
        assert f"match --resume {game_id} resumes it" in message
        assert saved(history, game_id) != before
        session.close()
    assert len(history.unfinished(MATCH)) == 3 and len(history.games(kind=MATCH)) == 3


def test_resume_by_id_refuses_what_it_cannot_resume(history: History) -> None:
    ids = three_unfinished(history)
    pstore.add(history, Game.from_seed(4), None)  # a patience game: id 4
    holder = session_for(history, 9, resume_id=ids[0])
    for game_id, words in [
        (ids[0], "open in another window"),
        (77, "no match 77"),
        (4, "game 4 is a patience game, not a match"),
    ]:
        with pytest.raises(StoreError, match=words):
            session_for(history, 9, resume_id=game_id)
    holder.close()
    finished = Match(5)
    from solitaire.match.players import StandardPlayer, advance

    advance(finished, (StandardPlayer(), StandardPlayer()))
    from solitaire.store import Summary

    done = history.add(
        MATCH,
        match_record(finished, ("you", "standard")),
        Summary(5, True, match_summary(finished, "standard")),
    )
    with pytest.raises(StoreError, match=f"match {done} is finished: cribsol replay {done}"):
        session_for(history, 9, resume_id=done)
    assert len(history.unfinished(MATCH)) == 3


def test_run_app_resumes_the_match_named_by_resume(history: History, data: Path) -> None:
    ids = three_unfinished(history)
    before = saved(history, ids[1])
    args = argparse.Namespace(
        data_dir=str(data),
        vs="easy",
        seed=None,
        resume=ids[1],
        ascii=False,
        no_pause=True,
        count_yourself=False,
    )
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("q")
        pipe.close()
        status, message = run_app(args, lambda: Match(50), input=pipe, output=DummyOutput())
    assert status == 0 and f"match --resume {ids[1]} resumes it" in message
    assert saved(history, ids[1]) == before
    assert len(history.games(kind=MATCH)) == 3  # nothing new was started


def test_a_seed_over_a_saved_match_asks_first(history: History) -> None:
    first = session_for(history, 1)
    drive(first, "12\r")
    first.close()
    kept = first.game_id
    asked = session_for(history, 3, explicit=True)
    assert asked.stage is Stage.RESUME and asked.match.seed == 1
    screen = render(asked)
    assert "play seed 3 instead" in screen and f"match --resume {kept}" in screen
    assert all(len(line) <= 80 for line in screen.splitlines())
    drive(asked, "n")
    assert asked.match.seed == 3 and asked.game_id != kept
    assert f"match --resume {kept} resumes it" in asked.message
    assert len(history.unfinished(MATCH)) == 1  # seed 3 is filed with its first move
    drive(asked, "12\r")
    asked.close()
    assert len(history.unfinished(MATCH)) == 2
    again = session_for(history, 4, explicit=True)
    drive(again, "y")  # the latest saved match (seed 3) is resumed; seed 4 is not started
    assert again.match.seed == 3 and len(history.games(kind=MATCH)) == 2
    again.close()


def test_match_resume_on_the_command_line(
    capsys: pytest.CaptureFixture[str], history: History, data: Path
) -> None:
    ids = three_unfinished(history)
    pstore.add(history, Game.from_seed(4), None)
    where = ["--data-dir", str(data)]
    for argv, words in [
        (["match", "--resume", "1", "--auto", "easy"], "leave out --auto"),
        (["match", "--resume", "1", "--seed", "3"], "leave out --seed"),
        (["match", "--resume", "88"], "no match 88 in the history"),
        (["match", "--resume", "4"], "game 4 is a patience game, not a match"),
        (["match", "--resume", str(ids[0])], "needs a terminal"),  # it exists: then the screen
    ]:
        status, out, err = run(capsys, *argv, *where)
        assert status == 2 and out == "" and err.count("\n") == 1 and words in err, err


def test_history_lists_matches_beside_patience_games(
    capsys: pytest.CaptureFixture[str], history: History, data: Path
) -> None:
    ids = three_unfinished(history)
    pstore.add(history, Game.from_seed(4), None)
    status, out, err = run(capsys, "history", "--data-dir", str(data))
    assert status == 0 and err == ""
    assert all(len(line) <= 80 for line in out.splitlines()), out
    assert "deal " in out and "Matches" in out and "match --resume ID" in out
    lines = {
        int(line.split()[0]): line
        for line in out.splitlines()
        if line.split()[:1] != [] and line.split()[0].isdigit()
    }
    assert set(ids) | {4} == set(lines)
    for game_id in ids:
        record = saved(history, game_id)
        level = str(record["players"][1])  # type: ignore[index]
        match = history.games(kind=MATCH)
        assert f" match  {level}" in lines[game_id]
        assert "unfinished: " in lines[game_id] and "in game 1 of 1" in lines[game_id]
    assert len(match) == 3
    status, out, _ = run(capsys, "history", "--json", "--data-dir", str(data))
    rows = json.loads(out)
    kinds = {row["id"]: (row["kind"], row.get("opponent")) for row in rows}
    assert kinds == {
        4: ("patience", None),
        ids[0]: ("match", "easy"),
        ids[1]: ("match", "standard"),
        ids[2]: ("match", "standard"),
    }
    assert all(row["finished"] is False for row in rows)


def test_replay_of_a_stored_match_and_play_naming_the_match(
    capsys: pytest.CaptureFixture[str], history: History, data: Path
) -> None:
    ids = three_unfinished(history)
    where = ["--data-dir", str(data)]
    status, out, err = run(capsys, "replay", str(ids[0]), *where)
    assert status == 0 and err == "" and "Replayed and re-scored" in out
    assert f"match --resume {ids[0]} resumes it" in out
    status, out, _ = run(capsys, "replay", str(ids[0]), "--json", *where)
    assert json.loads(out) == saved(history, ids[0])
    for argv in (
        ["play", "--resume", str(ids[0])],
        ["play", "--again", str(ids[0])],
        ["play", "--again", str(ids[0]), "--auto", "best"],
    ):
        status, out, err = run(capsys, *argv, *where)
        assert status == 2 and out == "" and err.count("\n") == 1, err
        assert f"game {ids[0]} is a match: cribsol match --resume {ids[0]} resumes it" in err
    with pytest.raises(StoreError, match="is a match"):
        PlaySession(history, lambda: (Game.from_seed(1), None), resume_id=ids[0])
    assert len(history.unfinished(MATCH)) == 3 and pstore.unfinished(history) == []


@pytest.mark.parametrize("seed", [5, 11, 12])
def test_a_match_saved_between_deals_stands_at_its_scores(
    capsys: pytest.CaptureFixture[str], history: History, data: Path, seed: int
) -> None:
    """Saved after a deal's show, before the next deal's first card: history and replay give
    the scores reached, not the new deal's empty 0 to 0."""
    from solitaire.match.players import StandardPlayer
    from solitaire.store import Summary

    match, players = Match(seed), (StandardPlayer(), StandardPlayer())
    while len(match.deals) < 2:
        seat = match.current_player
        assert seat is not None
        match.apply(players[seat].choose(match.observation(seat)), player=seat)
    assert match.deal.scores is None
    you, them = match.scores
    assert you + them > 0  # deal 1 scored something, so 0 to 0 would be wrong
    record = match_record(match, ("you", "standard"))
    game_id = history.add(MATCH, record, Summary(seed, False, match_summary(match, "standard")))
    status, out, _ = run(capsys, "history", "--data-dir", str(data))
    assert status == 0 and f"unfinished: {you} to {them} in game 1" in out, out
    status, out, _ = run(capsys, "replay", str(game_id), "--data-dir", str(data))
    rows = [line for line in out.splitlines() if line.strip().startswith("│")]
    assert status == 0 and len(rows) == 2, out
    assert rows[-1].rstrip(" │").endswith(f"{you} / {them}"), out
    assert "you deal first" in out or "standard deals first" in out, out
