"""Real processes on one data directory: two copies, kills at every phase, read-only use."""

from __future__ import annotations

import ctypes
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solitaire.patience.game import Game
from solitaire.patience.strategy import best_strategy, play_out
from solitaire.store import History
from solitaire.ui.kinds import KINDS
from solitaire.ui.patience.session import Phase, PlaySession
from tests import stored as pstore

# A copy of the game without a terminal: the same PlaySession the app drives, one
# command a line on stdin, its state as one JSON line after each.
DRIVER = r"""
import json, os, signal, sys
from pathlib import Path
from solitaire.patience.game import Game
from solitaire.store import History, StoreError
from solitaire.ui.kinds import KINDS
from solitaire.ui.patience.session import PlaySession
from solitaire.ui.kinds import KINDS
from tests import stored as pstore

data, seed, explicit, resume = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", int(sys.argv[4])
history = History(Path(data), kinds=KINDS)
try:
    session = PlaySession(history, lambda: (Game.from_seed(seed), None), explicit=explicit,
                          resume_id=resume or None)
except StoreError as error:
    print(json.dumps({"error": str(error)}), flush=True)
    sys.exit(2)


def state():
    g = session.game
    print(json.dumps({"phase": str(session.phase), "id": session.game_id, "seed": g.seed,
                      "rounds": len(g.rounds), "total": g.total, "hints": sorted(g.hints),
                      "pending": session.pending.row.id if session.pending else None,
                      "message": session.message}), flush=True)

def die_inside_the_save():
    write = history._write
    def written_then_killed(conn, sql, params):
        write(conn, sql, params)  # the row is written inside the transaction, not committed
        os.kill(os.getpid(), signal.SIGKILL)
    history._write = written_then_killed

state()
for line in sys.stdin:
    word = line.strip()
    if word == "discard":
        session.toggle(0); session.toggle(1); session.confirm()
    elif word == "next":
        session.proceed()
    elif word == "hint":
        session.hint()
    elif word == "resume":
        session.resume()
    elif word == "new":
        session.start_afresh()
    elif word == "die":
        os.kill(os.getpid(), signal.SIGKILL)
    elif word == "die-in-save":
        die_inside_the_save()
    state()
"""


class Copy:
    """One running copy of the game on a data directory."""

    def __init__(self, data: Path, seed: int, explicit: bool = False, resume: int = 0) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", DRIVER, str(data), str(seed), str(int(explicit)), str(resume)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.state = self._read()

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        return json.loads(line) if line else {"gone": self.proc.wait(timeout=30)}

    def do(self, *words: str) -> dict[str, Any]:
        assert self.proc.stdin is not None
        for word in words:
            self.proc.stdin.write(word + "\n")
            self.proc.stdin.flush()
            self.state = self._read()
        return self.state

    def close(self) -> int:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        status = self.proc.wait(timeout=30)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        return status


@pytest.fixture
def copies() -> Iterator[list[Copy]]:
    started: list[Copy] = []
    yield started
    for copy in started:
        if copy.proc.poll() is None:
            copy.proc.kill()
        copy.close()


def engine(seed: int, rounds: int) -> Game:
    game = Game.from_seed(seed)
    for _ in range(rounds):
        game.discard(game.shown[:2])
    return game


def test_two_copies_never_take_or_file_each_others_game(tmp_path: Path, copies: list[Copy]) -> None:
    first = Copy(tmp_path, 5)
    copies.append(first)
    first.do("discard", "next", "discard", "next")
    second = Copy(tmp_path, 6)  # plain play: game 1 is open in the first copy
    copies.append(second)
    assert second.state["phase"] == "resume" and second.state["id"] is None
    assert "Game 1 is open in another window" in second.do("resume")["message"]
    assert second.do("new")["phase"] == "discard" and second.state["seed"] == 6
    blocked = Copy(tmp_path, 6, resume=1)
    copies.append(blocked)
    assert "game 1 is open in another window" in blocked.state["error"]
    assert blocked.close() == 2
    for _ in range(6):
        second.do("discard", "next")
    assert second.state["id"] == 2
    for _ in range(4):
        first.do("discard", "next")
    assert first.state["phase"] == second.state["phase"] == "over"
    assert first.close() == second.close() == 0
    with History(tmp_path, readonly=True, kinds=KINDS) as history:
        rows = {row.id: row for row in pstore.games(history)}
    assert sorted(rows) == [1, 2] and all(row.finished for row in rows.values())
    assert rows[1].total == engine(5, 6).total and rows[2].total == engine(6, 6).total


def test_a_killed_copy_frees_its_game_where_it_was(tmp_path: Path, copies: list[Copy]) -> None:
    first = Copy(tmp_path, 5)
    copies.append(first)
    first.do("discard", "next", "discard", "next", "hint")
    first.do("die")
    assert first.proc.wait(timeout=30) == -signal.SIGKILL
    later = Copy(tmp_path, 9)
    copies.append(later)
    assert later.state["phase"] == "resume" and later.state["pending"] == 1
    state = later.do("resume")
    assert (state["rounds"], state["total"], state["hints"]) == (2, engine(5, 2).total, [3])


# Every phase a game passes through: (moves before the kill, rounds played, phase on resume).
PHASES = [
    ([], 0, Phase.DISCARD),
    (["hint"], 0, Phase.DISCARD),
    *[(["discard", "next"] * n, n, Phase.RESULT) for n in range(1, 6)],
    *[(["discard", "next"] * (n - 1) + ["discard"], n, Phase.RESULT) for n in range(1, 6)],
    (["discard", "next"] * 5 + ["hint"], 5, Phase.RESULT),
]


@pytest.mark.parametrize(("moves", "rounds", "phase"), PHASES)
def test_a_game_killed_at_any_phase_resumes_at_the_same_place(
    tmp_path: Path, copies: list[Copy], moves: list[str], rounds: int, phase: Phase
) -> None:
    copy = Copy(tmp_path, 11)
    copies.append(copy)
    before = copy.do(*moves) if moves else copy.state
    copy.do("die")
    with History(tmp_path, kinds=KINDS) as history:
        session = PlaySession(history, lambda: (Game.from_seed(12), None))
        if not moves:  # nothing played: nothing was filed, so nothing is offered
            assert session.phase is Phase.DISCARD and pstore.games(history) == []
            session.close()
            return
        assert session.phase is Phase.RESUME and session.pending is not None
        assert session.pending.row.id == 1
        session.resume()
        assert session.phase is phase
        assert session.game.rounds == engine(11, rounds).rounds
        assert session.game.total == before["total"]
        assert sorted(session.game.hints) == before["hints"]
        session.close()


def test_a_game_killed_on_its_last_count_is_filed(tmp_path: Path, copies: list[Copy]) -> None:
    copy = Copy(tmp_path, 11)
    copies.append(copy)
    copy.do(*(["discard", "next"] * 5 + ["discard"]))
    copy.do("die")
    with History(tmp_path, readonly=True, kinds=KINDS) as history:
        (row,) = pstore.games(history)
    assert row.finished and row.total == engine(11, 6).total and row.efficiency is not None


@pytest.mark.parametrize("move", range(1, 7))
def test_a_kill_inside_a_save_leaves_the_move_before(
    tmp_path: Path, copies: list[Copy], move: int
) -> None:
    copy = Copy(tmp_path, 13)
    copies.append(copy)
    copy.do(*(["discard", "next"] * (move - 1)))
    copy.do("die-in-save", "discard")  # killed between writing the row and committing
    assert copy.proc.wait(timeout=30) == -signal.SIGKILL
    with History(tmp_path, kinds=KINDS) as history:
        if move == 1:  # the first move files the game: killed inside it, nothing is filed
            assert pstore.games(history) == []
            return
        (row,) = pstore.games(history)
        assert (row.rounds, row.finished) == (move - 1, False)
        assert pstore.load(history, 1).game.rounds == engine(13, move - 1).rounds


# -- a read-only data directory, for real ------------------------------------------------------


def _as_reader() -> None:  # pragma: no cover - runs in the child
    """Root ignores permissions: drop the capabilities that let it, so 0555 means read-only."""
    if os.geteuid() == 0:
        libc = ctypes.CDLL(None, use_errno=True)
        pr_capbset_drop = 24
        for capability in (1, 2, 3):  # DAC_OVERRIDE, DAC_READ_SEARCH, FOWNER
            if libc.prctl(pr_capbset_drop, capability, 0, 0, 0) != 0:
                raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def cli(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solitaire", *argv, "--data-dir", str(data)],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_as_reader,
        env={**os.environ, "HOME": str(data)},
    )


def test_reading_commands_work_on_a_read_only_directory(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with History(data, kinds=KINDS) as history:
        game = play_out(Game.from_seed(3), best_strategy)
        pstore.add(history, game, None)
        pstore.add(history, engine(4, 2), None)
    try:
        for path in (data, *data.iterdir()):
            path.chmod(0o555 if path.is_dir() else 0o444)
        before = {p.name: p.read_bytes() for p in data.iterdir() if p.is_file()}
        history_out = cli(data, "history")
        assert history_out.returncode == 0, history_out.stderr
        assert "unfinished, 2 of 6 rounds played" in history_out.stdout
        stats = cli(data, "stats", "--json")
        assert stats.returncode == 0 and json.loads(stats.stdout)["best"] == game.total
        shown = cli(data, "replay", "2")
        assert shown.returncode == 0 and "Unfinished: 2 of 6 rounds played" in shown.stdout
        assert cli(data, "replay", "1", "--json").returncode == 0
        played = cli(data, "play", "--seed", "1", "--auto", "best")
        assert played.returncode == 2 and played.stderr.count("\n") == 1
        assert "cannot write to data directory" in played.stderr
        assert {p.name: p.read_bytes() for p in data.iterdir() if p.is_file()} == before
    finally:
        for path in (data, *data.iterdir()):
            path.chmod(0o755)
