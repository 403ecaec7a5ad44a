"""Key mashing over every full-screen game: nothing a key, a paste or a resize does may reach
the shell's error line.

Each game's real app runs under prompt_toolkit on a pipe, with an output whose size changes
while it runs. A seeded mix of keys goes in, chunk by chunk: the game's own keys, every
function and cursor key, escape sequences whole and broken (terminal reports, mouse,
titles), bracketed pastes of any text, wide, combining and bidi characters, controls,
terminal resizes down to too small and back; and, half the time, the keys a simple player
would press next, so games are played to their end, where ``n`` starts the next one (whose
panels are mashed too). The practice apps (not registered games) are mashed alike:
counting practice, positions from a small history of reviewed games (the sample
patience and drill), and positions dealt fresh (discards and cards to lay; tile plays in
the slow run only), where a position answered is a game over and the next one dealt a
new game. (The coaches' answers are found once per position and shared between the runs:
the runs deal the same seeds.) The shell turns any error in a key or a drawing into one line
(:func:`solitaire.ui.shell.error_line`, :func:`solitaire.errorlog.log_error`): here both
fail the test instead, naming the seed, the game and the last keys.
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import pytest
from prompt_toolkit.application import Application, create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from solitaire.games import game, registered_games, resolve
from solitaire.match.drill import Drill
from solitaire.match.game import Match
from solitaire.match.players import own_count
from solitaire.patience.game import Game
from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import Pass
from solitaire.ui import shell
from solitaire.ui.drill.app import build_app as drill_app
from solitaire.ui.drill.session import DrillSession
from solitaire.ui.drill.session import Stage as DrillStage
from solitaire.ui.kinds import KINDS
from solitaire.ui.match.app import build_app as match_app
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.session import YOU, MatchSession
from solitaire.ui.match.session import Stage as MatchStage
from solitaire.ui.patience.app import build_app as patience_app
from solitaire.ui.patience.session import Phase, PlaySession
from solitaire.ui.practice.app import build_app as count_app
from solitaire.ui.practice.app import build_positions_app
from solitaire.ui.practice.decisions import PositionSession
from solitaire.ui.practice.decisions import Stage as PositionStage
from solitaire.ui.practice.session import CountSession
from solitaire.ui.practice.session import Stage as CountStage
from solitaire.ui.tiles.app import build_app as tiles_app
from solitaire.ui.tiles.session import Stage as TileStage
from solitaire.ui.tiles.session import TileSession
from tests.record_samples import MAKERS
from tests.tiles.quick_greedy import quick_greedy
from tests.ui.shared_work import share_advice, share_rankings

STEPS: Final = 250  # chunks of keys per run (twice that for a match); a run is one seed of a game
SEEDS: Final = (1, 2)
MORE_SEEDS: Final = (3, 4)  # the slow run's

FUNCTION_KEYS: Final = [
    *("\x1bOP", "\x1bOQ", "\x1bOR", "\x1bOS"),  # F1-F4
    *(f"\x1b[{n}~" for n in (15, 17, 18, 19, 20, 21, 23, 24)),  # F5-F12
    *("\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F"),  # arrows, home, end
    *("\x1b[2~", "\x1b[3~", "\x1b[5~", "\x1b[6~", "\x1b[Z", "\t"),  # ins del pgup pgdn s-tab
    *("\x1b[1;5C", "\x1b[1;2A", "\x1b[1;3D", "\x1bx", "\x1b\r", "\x1b1"),  # modifiers, alt
]
ODD_SEQUENCES: Final = [
    "\x1b[24;80R",  # a cursor position report
    "\x1b[?1;2c",  # a device attributes answer
    "\x1b]0;title\x07",  # a title
    "\x1b]8;;http://x\x1b\\",  # a link
    "\x1b[M !!",  # X10 mouse
    "\x1b[<0;10;10M",  # SGR mouse
    "\x1b[I",  # focus in
    "\x1b[200~",  # a paste that never ends
    "\x1b[201~",  # an end with no paste
    "\x1b[",  # broken off
    "\x1b[99999999999999999999A",
    "\x1bP1$r\x1b\\",  # DCS
    "\x1b\x1b\x1b",
]
ODD_CHARACTERS: Final = [
    "漢", "字", "🂡", "👍🏽", "e\u0301", "\u202e", "\u200f", "\u2066", "\u200b", "\ufeff",
    "\u0663", "\u00b2", "\u2083", "\uff11", "\u00a0", "\ud7ff", "\U0010fffd", "\x00", "\x07",
    "\x08", "\x0b", "\x0c", "\x1a", "\x1c", "\x1f", "\x7f", "\x85", "\u2028",
]  # fmt: skip
# Every printable ASCII key but q (which leaves), and the controls that are no quit key.
PLAIN: Final = [chr(c) for c in range(0x20, 0x7F) if chr(c) != "q"]
GAME_KEYS: Final = [*"0123456789", "\r", " ", "\x7f", "\x1b", "?", "h", "n", "y", "\r\r"]
SIZES: Final = [(80, 24), (120, 40), (79, 24), (80, 23), (20, 5), (200, 60), (100, 30), (1, 1)]


@dataclass(frozen=True)
class Subject:
    """A game on screen: its session, its app, the keys a simple player presses next."""

    make: Callable[[History], Any]
    build: Callable[..., Application[str]]
    progress: Callable[[Any], str]
    over: Callable[[Any], bool]
    share: float = 0.5  # of the chunks, the simple player's keys (a match needs more to end)
    steps: int = STEPS


def _patience_keys(session: PlaySession) -> str:
    return {Phase.RESUME: "n", Phase.DISCARD: "12\r", Phase.RESULT: "\r", Phase.OVER: "n"}[
        session.phase
    ]


def _match_keys(session: MatchSession) -> str:
    if session.show_help:
        return "h"
    if session.stage is MatchStage.MATCH_OVER or session.stage is MatchStage.RESUME:
        return "n"
    if session.counting:
        return f"{own_count(session.match.observation(YOU)).points}\r"
    if session.discarding:
        return "12\r"
    if session.your_turn:
        return str(next(i for i, c in enumerate(session.hand) if session.playable(c)) + 1)
    return "\r"


def _drill_keys(session: DrillSession) -> str:
    if session.show_help:
        return "h"
    if session.stage in (DrillStage.OVER, DrillStage.RESUME):
        return "n"
    if session.stage is DrillStage.PLAY:
        fits = [i for i, card in enumerate(session.hand) if session.playable(card)]
        return str(fits[0] + 1) if fits else "\r"
    return "\r"


def _tile_keys(session: TileSession) -> str:
    if session.show_help:
        return "h"
    if session.whole is not None:
        return "\t"
    if session.stage in (TileStage.OVER, TileStage.RESUME):
        return "n"
    if session.typing is not None:
        return "\x1b"
    if session.stage is not TileStage.PLAY or session.game.current_player != 0:
        return "\r"
    action = quick_greedy(session.game.observation(0))
    return "p" if isinstance(action, Pass) else f"m{action}\r"


def _count_keys(session: CountSession) -> str:
    if session.show_help:
        return "h"
    return "7\r" if session.stage is CountStage.ASK else "\r"  # a guess, right or not


def _position_keys(session: PositionSession) -> str:
    if session.show_help:
        return "h"
    if session.stage is PositionStage.ANSWERED:
        return "\r"
    puzzle = session.puzzle
    if puzzle.candidates:
        return "1\r"
    fits = [str(i) for i, card in enumerate(puzzle.cards, 1) if card in puzzle.playable()]
    return "".join(fits[: puzzle.picks]) + "\r"


@functools.cache
def _reviewed() -> tuple[tuple[str, str, dict[str, Any]], ...]:
    """The sample patience and drill (mistakes in both), each record and its review."""
    built = []
    for kind in ("patience", "drill"):
        text = json.dumps(MAKERS[kind]())
        built.append((kind, text, resolve(game(kind).review)(json.loads(text)).to_json()))
    return tuple(built)


def _your_mistakes(history: History) -> PositionSession:
    """Positions from a small history of your reviewed games; fresh ones once done."""
    for kind, text, review in _reviewed():
        game_id = history.add(kind, text, KINDS[kind].migrate(text, {}), played_by="you")
        history.keep_review(game_id, kind, review)
    session = PositionSession(history, kinds=("discard", "pegging"), seed=9)
    assert "fresh" not in session.puzzle.source  # one of your mistakes first
    return session


SUBJECTS: Final[dict[str, Subject]] = {
    "patience": Subject(
        lambda history: PlaySession(history, lambda: (Game.from_seed(7), None)),
        patience_app,
        _patience_keys,
        lambda session: session.phase is Phase.OVER,
    ),
    "match": Subject(
        lambda history: MatchSession(
            history, "easy", lambda: Match(41, games=1, counting=(YOU,), muggins=True)
        ),
        match_app,
        _match_keys,
        lambda session: session.stage is MatchStage.MATCH_OVER,
        share=0.75,
        steps=2 * STEPS,
    ),
    "drill": Subject(
        lambda history: DrillSession(history, lambda: Drill(35, 1, "easy"), coach=Coach()),
        drill_app,
        _drill_keys,
        lambda session: session.stage is DrillStage.OVER,
    ),
    "tiles": Subject(
        lambda history: TileSession(history, ["Ann", "greedy"], lambda: TileGame(5)),
        tiles_app,
        _tile_keys,
        lambda session: session.stage is TileStage.OVER,
    ),
    "practice count": Subject(
        lambda history: CountSession(history, seed=9),
        count_app,
        _count_keys,
        lambda session: session.stage is CountStage.ANSWERED,
    ),
    "practice positions": Subject(
        lambda history: PositionSession(history, kinds=("discard", "pegging"), fresh=True, seed=9),
        build_positions_app,
        _position_keys,
        lambda session: session.stage is PositionStage.ANSWERED,
    ),
    "practice mistakes": Subject(
        _your_mistakes,
        build_positions_app,
        _position_keys,
        lambda session: session.stage is PositionStage.ANSWERED,
    ),
    "practice tiles": Subject(
        lambda history: PositionSession(history, kinds=("tiles",), fresh=True, seed=9),
        build_positions_app,
        _position_keys,
        lambda session: session.stage is PositionStage.ANSWERED,
        share=0.1,
    ),
}


class ResizableOutput(DummyOutput):
    """A terminal of no output whose size the test sets."""

    def __init__(self) -> None:
        self.size = Size(rows=24, columns=80)

    def get_size(self) -> Size:
        return self.size


def _paste(rng: random.Random) -> str:
    alphabet = PLAIN + ODD_CHARACTERS + ["\n", "\r", "q", "\x1b[A", "H7:7D ", "12"]
    text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 80)))
    return f"\x1b[200~{text}\x1b[201~"


def junk(rng: random.Random) -> str | tuple[int, int]:
    """One chunk of mashing: keys, or a new terminal size."""
    roll = rng.random()
    if roll < 0.30:
        return "".join(rng.choice(GAME_KEYS) for _ in range(rng.randrange(1, 6)))
    if roll < 0.45:
        return "".join(rng.choice(PLAIN) for _ in range(rng.randrange(1, 6)))
    if roll < 0.60:
        return rng.choice(FUNCTION_KEYS)
    if roll < 0.70:
        return rng.choice(ODD_SEQUENCES)
    if roll < 0.80:
        return rng.choice(ODD_CHARACTERS)
    if roll < 0.90:
        return _paste(rng)
    return rng.choice(SIZES)


@dataclass
class Tally:
    keys: int = 0
    chunks: int = 0
    resizes: int = 0
    pastes: int = 0
    games_over: int = 0
    new_games: int = 0


async def _mash(
    app: Application[str],
    pipe: Any,
    output: ResizableOutput,
    session: Any,
    subject: Subject,
    rng: random.Random,
    log: list[str],
) -> Tally:
    tally = Tally()
    task = asyncio.ensure_future(app.run_async())

    async def settle() -> None:
        for _ in range(4):
            await asyncio.sleep(0)

    await settle()
    was_over = False
    # The steps, and more (up to four times) until a game has ended and the next begun.
    while tally.chunks < subject.steps or (
        tally.new_games == 0 and tally.chunks < 4 * subject.steps
    ):
        chunk = subject.progress(session) if rng.random() < subject.share else junk(rng)
        if isinstance(chunk, tuple):
            output.size = Size(columns=chunk[0], rows=chunk[1])
            app._on_resize()
            tally.resizes += 1
            log.append(f"<resize {chunk[0]}x{chunk[1]}>")
        else:
            pipe.send_text(chunk)
            tally.keys += len(chunk)
            tally.pastes += chunk.startswith("\x1b[200~")
            log.append(chunk)
        tally.chunks += 1
        await settle()
        over = subject.over(session)
        tally.games_over += over and not was_over
        tally.new_games += was_over and not over
        was_over = over
        if app.is_done:  # the app ended: no key mashed may leave it
            break
    if not app.is_done:
        pipe.send_text("\x1b[201~\x1b\x1b")  # end any paste or typing, then leave
        await settle()
    if not app.is_done:
        pipe.send_text("q")
        await settle()
    if not app.is_done:
        app.exit(result="left")
    await task
    return tally


@pytest.fixture
def shared(monkeypatch: pytest.MonkeyPatch, shared_moves: None) -> None:
    """The coaches' answers (the match coach's advice, the tile planner's ranking and the
    move generator's plays) found once per position and shared from run to run: every
    match and drill deals the same seed again, game after game, and each is reviewed at
    its end; the tile games and the practice's tile positions are dealt from the same
    seeds in every run (tests/ui/shared_work.py, tests/conftest.py)."""
    share_advice(monkeypatch)
    share_rankings(monkeypatch)


@pytest.fixture
def caught(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """What the shell would have shown as an error line: each error it caught."""
    errors: list[str] = []

    def error_line(error: Exception) -> str:
        errors.append(f"{type(error).__name__}: {error}")
        return "error"

    def log_error(error: BaseException) -> Path | None:
        errors.append(f"{type(error).__name__}: {error}")
        return None

    monkeypatch.setattr(shell, "error_line", error_line)
    monkeypatch.setattr(shell, "log_error", log_error)
    yield errors


REGISTERED: Final = sorted(entry.kind for entry in registered_games())  # each in SUBJECTS
PRACTICE: Final = (
    "practice count",
    "practice positions",
    "practice mistakes",
)  # no registered game: named here
SLOW_PRACTICE: Final = (
    "practice tiles",
)  # a tile position is ranked in a second or more  # no registered game: named here


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", [*REGISTERED, *PRACTICE])
def test_mashing_keys_never_reaches_the_error_line(
    game: str, seed: int, tmp_path: Path, caught: list[str], shared: None
) -> None:
    mash(game, seed, tmp_path, caught)


@pytest.mark.slow
@pytest.mark.parametrize("seed", MORE_SEEDS)
@pytest.mark.parametrize("game", [*REGISTERED, *PRACTICE, *SLOW_PRACTICE])
def test_mashing_more_seeds(
    game: str, seed: int, tmp_path: Path, caught: list[str], shared: None
) -> None:
    mash(game, seed, tmp_path, caught)


def mash(game: str, seed: int, tmp_path: Path, caught: list[str]) -> None:
    """One seeded run of one game; fails on the first error the shell caught."""
    subject = SUBJECTS[game]
    rng = random.Random(f"mash {game} {seed}")
    log: list[str] = []
    with History(tmp_path / "data", kinds=KINDS) as history:
        session = subject.make(history)
        output = ResizableOutput()
        try:
            with create_pipe_input() as pipe, create_app_session(input=pipe, output=output):
                app = subject.build(session, input=pipe, output=output)
                app.ttimeoutlen = 0.001  # a lone Escape is Escape at once
                tally = asyncio.run(_mash(app, pipe, output, session, subject, rng, log))
        finally:
            session.close()
    assert not caught, f"{game} seed {seed}: {caught[0]} after {log[-8:]!r}"
    assert tally.chunks >= subject.steps and tally.resizes >= 1 and tally.pastes >= 1
    assert tally.games_over >= 1 and tally.new_games >= 1, tally
