"""Hidden information stays hidden: a seed fixes every card or tile to come, so a game
started without ``--seed`` shows neither its seed nor its deal code until it ends.

Each game is run from the command line as a player starts it, by keys, on a terminal of
80x24 and of 120x40: everything the app writes (every frame), what the command prints
on leaving, the RESUME screen of the next start, ``history`` (and ``--json``), ``stats``
and ``replay`` are searched for the seed and the deal code the history holds. At the
end the seed is shown; a seed asked for is shown from the start; ``replay ID --reveal``
and ``--json`` of a game in progress are refused in one line.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from solitaire.cli import drill_commands, main, match_commands, patience_commands, tiles_commands
from solitaire.core.dealcode import deal_code
from solitaire.core.untrusted import RecordError
from solitaire.games import registered_games
from solitaire.match.drill import Drill, drill_record, replay_drill
from solitaire.match.game import Match
from solitaire.match.record import match_record, replay_match
from solitaire.patience.game import Game
from solitaire.patience.record import game_record
from solitaire.patience.record import replay as replay_patience
from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.record import game_record as tile_record
from solitaire.tiles.record import replay as replay_tiles
from solitaire.ui.drill.screen import DrillScreen
from solitaire.ui.drill.session import DrillSession
from solitaire.ui.drill.session import Stage as DrillStage
from solitaire.ui.kinds import KINDS
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.screen import MatchScreen
from solitaire.ui.match.session import MatchSession
from solitaire.ui.match.session import Stage as MatchStage
from solitaire.ui.patience.screen import SessionScreen
from solitaire.ui.patience.session import PlaySession
from solitaire.ui.tiles.screen import tile_screen
from solitaire.ui.tiles.session import TileSession
from tests.tiles.quick_greedy import quick_greedy
from tests.ui.helpers import render
from tests.ui.shared_work import share_advice, share_rankings

T = TypeVar("T", Game, Match, Drill, TileGame)
SIZES = [(80, 24), (120, 40)]
DEALT = 918273645  # the "random" seed dealt (a person moves first in the tile games)


@pytest.fixture(autouse=True)
def _shared(monkeypatch: pytest.MonkeyPatch, shared_moves: None) -> None:
    """The coaches' answers found once per position and shared between the tests, which
    deal the same seeds again (tests/ui/shared_work.py)."""
    share_advice(monkeypatch)
    share_rankings(monkeypatch)


class Dealt:
    """random.SystemRandom as the tests see it: the same seed every time, so the test knows
    which seed must not be shown and who moves first."""

    def randrange(self, stop: int) -> int:
        return DEALT % stop


_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")

# Each game as a player starts it, and keys that look at every part of its screen: the
# help, a move, the coach or hints, then q. (The keys run out: the app leaves as on q.)
GAMES: dict[str, tuple[list[str], str]] = {
    "patience": (["play"], "h" + "h" + "?" + "?" + "12\r" + "\r" + "c" + "q"),
    "match": (["match", "--vs", "easy", "--games", "2"], "h" + "h" + "12\r" + "\r" + "q"),
    "drill": (["drill", "--vs", "easy", "--hands", "2"], "h" + "h" + "1" + "\r" + "q"),
    # a hot seat: Enter shows the rack of the seat to move; ? then 1 lays the first hint
    "tiles": (["tiles", "--players", "Ann,Bob"], "\r" + "h" + "h" + "?1\r" + "\r" + "q"),
    "joker": (["tiles", "--players", "Ann,greedy", "--joker"], "h" + "h" + "?1\r" + "0\r" + "q"),
    "solitaire": (["tiles", "--solitaire"], "\r" + "h" + "h" + "?1\r" + "q"),
}
REGISTERED = [entry.kind for entry in registered_games()]  # each needs its GAMES and RECORDS
COMMANDS = {
    "patience": patience_commands,
    "match": match_commands,
    "drill": drill_commands,
    "tiles": tiles_commands,
}


def kind_of(name: str) -> str:
    """The history's kind of a game of :data:`GAMES`."""
    return "tiles" if name in ("joker", "solitaire") else name


def run(
    argv: list[str],
    keys: str,
    size: tuple[int, int],
    data: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str, str]:
    """Run a command on a terminal of this size on these keys: its status, everything the
    app wrote (escape codes removed) and what the command printed."""
    for module in COMMANDS.values():
        monkeypatch.setattr(module, "on_a_terminal", lambda: True)
    monkeypatch.setattr(random, "SystemRandom", Dealt)
    stream = io.StringIO()
    columns, rows = size
    output = Vt100_Output(stream, lambda: Size(rows=rows, columns=columns), term="xterm")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=output):
        pipe.send_text(keys)
        pipe.close()
        status = main([*argv, "--data-dir", str(data)])
    printed = capsys.readouterr()
    return status, _ESCAPES.sub("", stream.getvalue()), printed.out + printed.err


def cli(argv: list[str], data: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """A command that prints: its status and its output (both streams)."""
    status = main([*argv, "--data-dir", str(data)])
    printed = capsys.readouterr()
    return status, printed.out + printed.err


def secrets_of(data: Path) -> tuple[int, list[str]]:
    """The one game of the history: its id, and what would give its deal away (its seed,
    and for the patience its deal code and the start of it)."""
    with History(data, kinds=KINDS, readonly=True) as history:
        rows = [row for rows in history.games_by_kind().values() for row in rows]
        assert len(rows) == 1, rows
        row = rows[0]
        text = history.stored_record(row.id, row.kind)[1]
    assert not row.finished and row.seed is not None
    secrets = [str(row.seed)]
    if row.seed != 4321:
        assert row.seed == DEALT
    if row.kind == "patience":
        code = json.loads(text)["deal_code"]
        secrets += [code, code[:12]]
    return row.id, secrets


def shows_none(text: str, secrets: list[str], where: str) -> None:
    for secret in secrets:
        assert secret not in text, f"{where} shows {secret!r}"
    assert not re.search(r"(?i)seed \d", text), f"{where} names a seed"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_started_without_a_seed_keeps_it_secret_until_it_ends(
    name: str,
    size: tuple[int, int],
    data: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv, keys = GAMES[name]
    status, screen, printed = run(argv, keys, size, data, monkeypatch, capsys)
    assert status == 0, printed
    game_id, secrets = secrets_of(data)
    shows_none(screen, secrets, "the screen")
    shows_none(printed, secrets, "the line on leaving")
    # The next start offers the game saved: the RESUME screen, its help, then q.
    status, screen, printed = run(argv, "h" + "h" + "q", size, data, monkeypatch, capsys)
    shows_none(screen, secrets, "the RESUME screen")
    shows_none(printed, secrets, "the line on leaving the RESUME screen")
    for listing in (["history"], ["history", "--json"], ["stats"], ["replay", str(game_id)]):
        status, out = cli(listing, data, capsys)
        assert status == 0, out
        shows_none(out, secrets, " ".join(listing))
    for asked in (["--reveal"], ["--json"], ["--json", "--reveal"]):
        status, out = cli(["replay", str(game_id), *asked], data, capsys)
        assert status == 2 and out.count("\n") == 1 and "in progress" in out, out
        assert "Traceback" not in out
        shows_none(out, secrets, f"replay {' '.join(asked)}")
    # The seed is still in the history, as before: the game resumes on it.
    with History(data, kinds=KINDS, readonly=True) as history:
        assert history.games_by_kind()[kind_of(name)][0].seed == int(secrets[0])


@pytest.mark.parametrize("name", REGISTERED)
def test_a_seed_asked_for_is_shown_from_the_start(
    name: str, data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, keys = GAMES[name]
    for size in SIZES:
        _, screen, _ = run([*argv, "--seed", "4321"], keys, size, data, monkeypatch, capsys)
        assert "seed 4321" in screen.lower()
    game_id = secrets_of(data)[0]
    status, out = cli(["replay", str(game_id), "--reveal"], data, capsys)
    assert status == 2 and "in progress" in out  # --reveal waits for the end, seed or not
    if name != "tiles":  # a tile game's record holds every rack: it waits for the end too
        status, out = cli(["replay", str(game_id), "--json"], data, capsys)
        assert status == 0 and json.loads(out)["seed"] == "4321"


def test_the_deal_of_a_secret_game_played_again_is_as_secret(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["play"], "12\r" + "q", (80, 24), data, monkeypatch, capsys)
    game_id, secrets = secrets_of(data)
    # --again offers the game saved first; n plays its deal again from round 1
    _, screen, printed = run(
        ["play", "--again", str(game_id)], "n" + "h" + "q", (80, 24), data, monkeypatch, capsys
    )
    assert "random deal" in screen
    shows_none(screen + printed, secrets, "--again of a game in progress")


def test_the_daily_deal_is_everyones_and_shown(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, screen, _ = run(["play", "--daily"], "h" + "12\r" + "q", (80, 24), data, monkeypatch, capsys)
    assert "daily" in screen and "This deal: " in screen


# -- at the end ----------------------------------------------------------------------


def secret(game: T) -> Callable[[], T]:
    game.seed_chosen = False  # as the command line deals a game without --seed
    return lambda: game


def test_the_patience_shows_its_seed_and_deal_code_at_the_end(history: History) -> None:
    game = Game.from_seed(987654)
    dealt = secret(game)
    session = PlaySession(history, lambda: (dealt(), None))
    seen = []
    while not game.is_over:
        seen.append(render(SessionScreen(session), 80))
        session.toggle(0)
        session.toggle(1)
        session.confirm()
        if not game.is_over:  # the last discard ends the game: its result shows the seed
            seen.append(render(SessionScreen(session), 80))
        session.proceed()
    assert all("987654" not in text for text in seen)
    for width, height in SIZES:
        text = render(SessionScreen(session, height=height), width)
        assert "seed 987654" in text and deal_code(game.deck) in text.replace("\n", "")


def test_the_match_shows_its_seed_at_the_end(history: History) -> None:
    match = Match(876543)
    session = MatchSession(history, "easy", secret(match), coach=Coach())
    seen = []
    while session.stage is not MatchStage.MATCH_OVER:
        if session.your_turn and session.discarding:  # each deal's screen, as it starts
            seen.append(render(MatchScreen(session), 80))
            session.toggle(0)
            session.toggle(1)
            session.confirm()
        elif session.your_turn:
            session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
        else:
            session.enter()
        assert "went wrong" not in session.message, session.message
    assert all("876543" not in text for text in seen)
    for width, rows in SIZES:
        assert "seed 876543" in render(MatchScreen(session, rows), width)


def test_the_drill_shows_its_seed_at_the_end(history: History) -> None:
    drill = Drill(765432, 1, "easy")
    session = DrillSession(history, secret(drill), coach=Coach())
    seen = []
    while session.stage is not DrillStage.OVER:
        seen.append(render(DrillScreen(session), 80))
        if session.stage is DrillStage.PLAY:
            session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
        else:
            session.enter()
    assert all("765432" not in text for text in seen)
    for width, _ in SIZES:
        assert "seed 765432" in render(DrillScreen(session), width)


def test_a_tile_game_shows_its_seed_at_the_end(history: History) -> None:
    game = TileGame(654321)
    session = TileSession(history, ["Ann", "Bob"], secret(game))
    seen = []
    while not session.game.is_over:
        seen.append(render(tile_screen(session, 80, 24), 80))
        session.commit(quick_greedy(session.game.observation(session.seat)))
    assert all("654321" not in text for text in seen)
    for width, height in SIZES:
        assert "seed 654321" in render(tile_screen(session, width, height), width)
    assert session.game_id is not None
    assert main(["replay", str(session.game_id), "--reveal"]) == 0  # over: nothing is hidden


def test_history_and_replay_show_the_seed_once_the_game_has_ended(
    history: History, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.from_seed(543210)
    dealt = secret(game)
    session = PlaySession(history, lambda: (dealt(), None))
    session.toggle(0)
    session.toggle(1)
    session.confirm()
    assert session.game_id is not None
    code = deal_code(game.deck)
    assert main(["history"]) == 0
    assert code not in capsys.readouterr().out
    while not game.is_over:
        session.proceed()
        session.toggle(0)
        session.toggle(1)
        session.confirm()
    assert main(["history"]) == 0
    listed = capsys.readouterr().out
    assert code in listed and "seed 543210" in listed
    assert main(["history", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["seed"] == 543210 and row["deal_code"] == code
    assert main(["replay", str(session.game_id), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == "543210"


# -- the record remembers whether the seed was chosen ----------------------------------


def _patience(chosen: bool) -> dict[str, Any]:
    game = Game.from_seed(5)
    game.seed_chosen = chosen
    game.discard(game.shown[:2])
    return game_record(game)


def _match(chosen: bool) -> dict[str, Any]:
    match = Match(5)
    match.seed_chosen = chosen
    return match_record(match, ("you", "easy"))


def _drill(chosen: bool) -> dict[str, Any]:
    drill = Drill(5, 1, "easy")
    drill.seed_chosen = chosen
    return drill_record(drill)


def _tiles(chosen: bool) -> dict[str, Any]:
    game = TileGame(5)
    game.seed_chosen = chosen
    return tile_record(game, ["Ann", "Bob"])


# Each game's record of a new game (its seed chosen or not), and what replaying it says.
RECORDS: dict[str, tuple[Callable[[bool], dict[str, Any]], Callable[[dict[str, Any]], bool]]] = {
    "patience": (_patience, lambda d: replay_patience(d, allow_unfinished=True).seed_chosen),
    "match": (_match, lambda d: replay_match(d, allow_unfinished=True).seed_chosen),
    "drill": (_drill, lambda d: replay_drill(d, allow_unfinished=True).seed_chosen),
    "tiles": (_tiles, lambda d: replay_tiles(d, allow_unfinished=True).seed_chosen),
}


@pytest.mark.parametrize("name", REGISTERED)
def test_the_record_remembers_a_secret_seed_and_an_older_record_is_shown(name: str) -> None:
    write, read = RECORDS[name]
    secret_record, chosen_record = write(False), write(True)
    assert secret_record["seed_chosen"] is False and read(secret_record) is False
    # A chosen seed writes nothing new: the record is as an earlier release wrote it, and a
    # record without the field (every earlier one, whose seed was shown) reads as chosen.
    assert "seed_chosen" not in chosen_record and read(chosen_record) is True
    assert read({**chosen_record, "seed_chosen": True}) is True
    for wrong in (0, 1, "false", None):
        with pytest.raises(RecordError, match="seed_chosen"):
            read({**secret_record, "seed_chosen": wrong})
