"""The tile game's screen driven by keys: the record, the preview, resuming, the layout."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from solitaire.store import History
from solitaire.tiles.board import Board, square_name
from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import (
    Action,
    Exchange,
    IllegalMoveError,
    Pass,
    Play,
    Reason,
    check_play,
    parse_action,
)
from solitaire.tiles.players import expert, greedy
from solitaire.tiles.record import game_record, load_record
from solitaire.tiles.tiles import FULL_SET, Tile
from solitaire.ui.kinds import KINDS
from solitaire.ui.tiles.screen import tile_screen
from solitaire.ui.tiles.session import TILES, Stage, TileSession, parse_typed, typed_form
from tests.tiles.quick_greedy import quick_greedy
from tests.ui import helpers
from tests.ui.helpers import drive

SEED = 21


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=KINDS) as h:
        yield h


def make_session(history: History, seed: int = SEED, explicit: bool = False) -> TileSession:
    return TileSession(history, ["Ann", "expert"], lambda: TileGame(seed), explicit=explicit)


def engine_game(seed: int) -> tuple[TileGame, str]:
    """Ann plays greedy (quick_greedy: the same moves) against expert on the engine alone; the
    keys Ann would type."""
    game = TileGame(seed)
    keys = []
    while not game.is_over:
        seat = game.current_player
        action = (quick_greedy if seat == 0 else expert)(game.observation(seat))
        if seat == 0:
            keys.append("p" if str(action) == "pass" else f"m{action}\r")
        game.apply(action)
    return game, "".join(keys)


@pytest.fixture(scope="module")
def engine() -> tuple[TileGame, str]:
    """engine_game(SEED), played once for the module (the tests only read it)."""
    return engine_game(SEED)


def stored(history: History, session: TileSession) -> dict[str, object]:
    assert session.game_id is not None
    return load_record(history.stored_record(session.game_id, TILES)[1])


def test_a_whole_game_by_keys_equals_the_engines_record(
    history: History, engine: tuple[TileGame, str]
) -> None:
    game, keys = engine
    session = make_session(history)
    drive(session, keys)
    assert session.stage is Stage.OVER
    assert game_record(session.game, ["Ann", "expert"]) == game_record(game, ["Ann", "expert"])
    assert stored(history, session) == game_record(game, ["Ann", "expert"])
    assert [row.id for row in history.unfinished(TILES)] == []


def test_laying_tiles_with_the_cursor_keys_plays_the_best_play(history: History) -> None:
    session = make_session(history, explicit=True)
    best = max(session.game.legal_plays(), key=lambda p: p.score)
    size = session.game.board.size
    keys, taken = "", set()
    for square, tile, face in best.play.placements:
        index = next(i for i, t in enumerate(session.rack) if t == tile and i not in taken)
        taken.add(index)
        row, col = divmod(square, size)
        keys += "\x1b[A" * size + "\x1b[D" * size + "\x1b[B" * row + "\x1b[C" * col
        keys += str(index + 1)
        if face != tile.rank:
            keys += "\x1b[A" * size + "\x1b[D" * size + "\x1b[B" * row + "\x1b[C" * col + "t"
    before = len(session.game.turns)
    drive(session, keys + "\r")
    assert session.game.turns[before].action == best.play
    assert session.game.turns[before].points == best.score


def test_the_preview_says_what_the_engine_says(history: History) -> None:
    session = make_session(history, explicit=True)
    rng = random.Random(4)
    reasons = set()
    for _ in range(300):
        session.clear()
        size = session.game.board.size
        for index in rng.sample(range(len(session.rack)), rng.randint(1, len(session.rack))):
            session.cursor = rng.randrange(size * size)
            session.rack_key(index)
        if not session.laid:
            continue
        preview = session.preview
        assert preview is not None
        play = Play(session.laid, size)
        try:
            score = session.game.check(play)
        except IllegalMoveError as error:
            assert preview.error is not None
            assert (preview.error.reason, str(preview.error)) == (error.reason, str(error))
            reasons.add(error.reason)
        else:
            assert preview.error is None and preview.score == score
    assert len(reasons) >= 3


@pytest.mark.parametrize("moves", [0, 1, 3, 6])
def test_resume_at_any_point(history: History, engine: tuple[TileGame, str], moves: int) -> None:
    _, keys = engine
    turns = keys.split("\r")
    session = make_session(history)
    drive(session, "\r".join(turns[:moves]) + ("\r" if moves else ""))
    before = game_record(session.game, session.names)
    session.close()
    again = make_session(history)
    if session.game_id is None:  # nothing was played: nothing was filed, nothing is offered
        assert moves == 0 and again.stage is not Stage.RESUME and history.games(kind=TILES) == []
        again.close()
        return
    assert again.stage is Stage.RESUME
    offer = again.resume_prompt()
    assert offer.saved.startswith(f"tile game {session.game_id}, seed ")
    assert offer.standing.startswith("Ann ")
    assert f"cribsol tiles --resume {session.game_id}" in offer.keep
    again.resume()
    assert game_record(again.game, again.names) == before
    again.close()


def render(session: TileSession, width: int, height: int) -> list[str]:
    return helpers.lines(tile_screen(session, width, height), width)


def test_every_screen_fits_80x24(history: History, engine: tuple[TileGame, str]) -> None:
    session = make_session(history, explicit=True)
    screens = []
    screens.append(render(session, 80, 24))
    session.hint()
    screens.append(render(session, 80, 24))
    session.start_typing()
    session.typing = "H7 across 5 5 J"
    screens.append(render(session, 80, 24))
    session.clear()
    session.show_help = True
    screens.append(render(session, 80, 24))
    session.show_help = False
    _, keys = engine
    for key in keys.split("\r")[:8]:
        if key.startswith("m"):
            session.typing = key[1:]
            session.enter()
        screens.append(render(session, 80, 24))
    while not session.game.is_over:
        session.commit(quick_greedy(session.game.observation(session.seat)))
    screens.append(render(session, 80, 24))
    for lines in screens:
        assert len(lines) <= 24
        assert max(len(line) for line in lines) <= 80


def filled(board: Board, square: int) -> bool:
    return bool(board.faces[square])


def test_every_hint_typed_back_is_the_same_play() -> None:
    rng = random.Random(2)
    checked = 0
    for seed in range(4):
        game = TileGame(seed)
        while not game.is_over and len(game.turns) < 12:
            board = game.board
            plays = game.legal_plays()
            for scored in rng.sample(plays, min(40, len(plays))):
                typed = typed_form(scored.play)
                rack = game.rack(game.current_player)
                again = parse_typed(typed, board.size, rack, partial(filled, board))
                assert again == scored.play, typed
                checked += 1
            game.apply(quick_greedy(game.observation(game.current_player)))
    assert checked > 500


def laid_verdict(session: TileSession, placements: list[tuple[int, Tile, int]]) -> None:
    """Lay these tiles by keys (cursor and rack number) and compare the preview to the engine."""
    session.clear()
    taken: set[int] = set()
    for square, tile, face in placements:
        index = next(i for i, t in enumerate(session.rack) if t == tile and i not in taken)
        taken.add(index)
        session.cursor = square
        session.rack_key(index)
        if face != tile.rank:
            session.turn_tile()
    preview = session.preview
    assert preview is not None
    with pytest.raises(IllegalMoveError) as refused:
        session.game.check(Play(placements, session.game.board.size))
    assert preview.error is not None
    assert (preview.error.reason, str(preview.error)) == (refused.value.reason, str(refused.value))
    typed_verdict(session, str(Play(placements, session.game.board.size)), refused.value)


def typed_verdict(session: TileSession, typed: str, expected: IllegalMoveError) -> None:
    """Type a move: the live preview and then Enter say what the engine says of ``expected``'s
    move, and the game is unchanged."""
    session.clear()
    session.start_typing()
    session.typing = typed
    preview = session.preview
    assert preview is not None and preview.error is not None, typed
    assert (preview.error.reason, str(preview.error)) == (expected.reason, str(expected)), typed
    before = game_record(session.game, session.names)
    session.enter()
    assert session.message == str(expected), typed
    assert session.typing == typed, typed  # the move typed stays, to be mended
    assert game_record(session.game, session.names) == before
    session.clear()


def engine_refusal(game: TileGame, action: Action) -> IllegalMoveError:
    """The engine's refusal of ``action`` now."""
    with pytest.raises(IllegalMoveError) as refused:
        game.check(action)
    return refused.value


def refusals_on_the_board(session: TileSession) -> dict[Reason, list[tuple[int, Tile, int]]]:
    """One laid attempt for each refusal the preview can meet on this board."""
    board, rack, size = session.game.board, session.rack, session.game.board.size
    found: dict[Reason, list[tuple[int, Tile, int]]] = {}

    def attempt(placements: list[tuple[int, Tile, int]]) -> None:
        if any(board.faces[square] for square, _, _ in placements):
            return  # a key does not lay a tile on a tile
        try:
            check_play(board, rack, Play(placements, size))
        except IllegalMoveError as error:
            found.setdefault(error.reason, placements)

    a, b = rack[0], rack[1]
    attempt([(6 * size + 6, a, a.rank)])  # one tile
    attempt([(6 * size + 6, a, a.rank), (7 * size + 7, b, b.rank)])  # a diagonal
    attempt([(0, a, a.rank), (2, b, b.rank)])  # a gap
    attempt([(0, a, a.rank), (1, b, b.rank)])  # far from the tiles down
    for square in range(size * size):
        if board.faces[square] or not any(board.faces[n] for n in board.neighbours(square)):
            continue
        for tile in rack:
            attempt([(square, tile, tile.rank)])  # scores nothing, or a line of six
    return found


def test_the_preview_says_what_the_engine_says_for_every_refusal_by_laying() -> None:
    with History(Path(tempfile.mkdtemp()) / "data", kinds=KINDS) as history:
        session = make_session(history, explicit=True)
        reasons: set[Reason] = set()
        while not session.game.is_over and len(session.game.turns) < 40:
            for reason, placements in refusals_on_the_board(session).items():
                laid_verdict(session, placements)
                reasons.add(reason)
            session.clear()
            session.commit(quick_greedy(session.game.observation(session.seat)))
        session.close()
    assert reasons >= {
        Reason.FIRST_TOO_SHORT, Reason.NOT_IN_LINE, Reason.GAP,
        Reason.NOT_TOUCHING, Reason.TOO_LONG, Reason.NO_POINTS,
    }  # fmt: skip


def test_a_typed_move_refused_says_what_the_engine_says(history: History) -> None:
    session = make_session(history, explicit=True)
    while session.game.board.is_empty or not session.game.can_play():
        session.commit(quick_greedy(session.game.observation(session.seat)))
    board, rack = session.game.board, session.rack
    down = next(s for s in range(board.size**2) if board.faces[s])
    free = [s for s in range(board.size**2) if not board.faces[s]]

    def where(square: int) -> str:
        return square_name(square, board.size)

    other = next(t for t in FULL_SET if t not in rack)
    cases = {
        Reason.OCCUPIED: f"{where(down)}:{rack[0]}",
        Reason.NOT_ON_RACK: f"{where(free[0])}:{other}",
        Reason.BAD_FACE: f"{where(free[0])}:{rack[0]}/{6 if rack[0].rank != 6 else 5}",
        Reason.SAME_SQUARE: f"{where(free[0])}:{rack[0]} {where(free[0])}:{rack[1]}",
        Reason.COUNT: " ".join(f"{where(s)}:{rack[0]}" for s in free[:6]),
        Reason.MUST_PLAY: "pass",
    }
    for reason, typed in cases.items():
        action = parse_action(typed)
        with pytest.raises(IllegalMoveError) as refused:
            session.game.check(action)
        assert refused.value.reason is reason, typed
        session.start_typing()
        session.typing = typed
        before = len(session.game.turns)
        session.enter()
        assert session.message == str(refused.value) and len(session.game.turns) == before


def test_the_solitaire_by_keys_ends_with_each_colours_score_and_distance_from_the_best(
    history: History,
) -> None:
    session = TileSession(
        history, ["dark", "light"], lambda: TileGame(5, solitaire=True), explicit=True
    )
    rng = random.Random(5)
    keys, short, best_moves = [], [0, 0], [0, 0]
    game = TileGame(5, solitaire=True)
    while not game.is_over:
        seat = game.current_player
        plays = sorted(game.legal_plays(), key=lambda p: -p.score)
        if plays:
            chosen = plays[0] if rng.random() < 0.6 or len(plays) == 1 else plays[1]
            action: Action = chosen.play
            short[seat] += plays[0].score - chosen.score
            best_moves[seat] += chosen.score == plays[0].score
        else:
            action = greedy(game.observation(seat))
            best_moves[seat] += 1
        keys.append("p" if str(action) == "pass" else f"m{action}\r")
        game.apply(action)
    drive(session, "".join(keys))
    assert session.stage is Stage.OVER
    assert game_record(session.game, session.names) == game_record(game, session.names)
    screen = " ".join(" ".join(render(session, 80, 24)).split())  # rows joined, as one text
    final = game.returns()
    for seat, name in enumerate(["dark", "light"]):
        moves = sum(1 for t in game.turns if t.player == seat)
        expected = (
            f"{name} {final[seat]}: {best_moves[seat]} of {moves} moves the best available, "
            f"{short[seat]} points short of the best"
        )
        assert expected in screen
    assert sum(short) > 0


def test_every_refusal_reason_has_the_engines_verdict_by_keys_and_typed(history: History) -> None:
    """Every reason the engine refuses a move for: the preview (laid by keys or typed) and
    Enter say what the engine says, and nothing changes; or the keys cannot make that move.
    Laid refusals of the board (gap, line, touching, too long, no points, first play) are
    in the test above; the rest are here."""
    covered = {
        Reason.FIRST_TOO_SHORT, Reason.NOT_IN_LINE, Reason.GAP,
        Reason.NOT_TOUCHING, Reason.TOO_LONG, Reason.NO_POINTS,
    }  # fmt: skip
    # Rules 1: this seed's board closes (ending the game) before the bag runs short.
    session = TileSession(history, ["Ann", "greedy"], lambda: TileGame(0, rules=1), explicit=True)
    while session.game.board.is_empty or not session.game.can_play():
        session.commit(quick_greedy(session.game.observation(session.seat)))
    game, size = session.game, session.game.board.size
    board, rack = game.board, session.rack
    down = next(s for s in range(size * size) if board.faces[s])
    free = [s for s in range(size * size) if not board.faces[s]]
    other = next(t for t in FULL_SET if t not in rack)
    plain = next(t for t in rack if t.rank not in (6, 9))

    def where(square: int) -> str:
        return square_name(square, size)

    def refusal(typed: str) -> IllegalMoveError:
        return engine_refusal(game, parse_action(typed, size))

    six = " ".join(f"{where(s)}:{rack[0]}" for s in free[:6])
    typed_cases = {
        Reason.COUNT: [six, f"{where(free[0])} across 1 2 3 4 5 6"],
        Reason.OCCUPIED: [f"{where(down)}:{rack[0]}"],
        Reason.NOT_ON_RACK: [f"{where(free[0])}:{other}", f"{where(free[0])} across {other}"],
        Reason.BAD_FACE: [f"{where(free[0])}:{plain}/6", f"{where(free[0])} across {plain}/6"],
        Reason.SAME_SQUARE: [f"{where(free[0])}:{rack[0]} {where(free[0])}:{rack[1]}"],
        Reason.MUST_PLAY: ["pass", f"exchange {rack[0]}"],
    }
    for reason, forms in typed_cases.items():
        expected = refusal(forms[0])
        assert expected.reason is reason
        for typed in forms:
            typed_verdict(session, typed, expected)
        covered.add(reason)

    # By keys: six tiles cannot be laid (6-9 lay nothing); the preview judges the five.
    line = next(
        start for start in free
        if start % size <= size - 5 and all(s in free for s in range(start, start + 5))
    )  # fmt: skip
    for number in range(5):
        session.cursor = line + number
        session.rack_key(number)
    for digit in (6, 7, 8, 9):
        session.digit(digit)
    five = Play(session.laid, size)
    assert len(five.placements) == 5 == len(rack)
    preview = session.preview
    assert preview is not None and preview.action == five
    try:
        assert preview.score == game.check(five) and preview.error is None
    except IllegalMoveError as error:
        assert preview.error is not None and str(preview.error) == str(error)
    # A key on a square taken by a tile laid or on the board: the engine's words, nothing laid.
    session.clear()
    session.cursor = free[0]
    session.rack_key(0)
    session.cursor = free[0]
    session.rack_key(1)
    assert session.laid == [(free[0], rack[0], rack[0].rank)]
    laid_twice = Play([(free[0], rack[0], rack[0].rank), (free[0], rack[1], rack[1].rank)], size)
    assert session.message == str(engine_refusal(game, laid_twice))
    session.clear()
    session.cursor = down
    session.rack_key(0)
    assert session.laid == [] and session.message == str(refusal(f"{where(down)}:{rack[0]}"))
    # A face the tile does not have cannot be laid by keys: t turns only a 6 or a 9.
    session.cursor = free[0]
    session.rack_key(rack.index(plain))
    session.turn_tile()
    assert session.laid == [(free[0], plain, plain.rank)]
    session.clear()
    # Pass and exchange keys while a play is possible.
    must = str(refusal("pass"))
    session.pass_turn()  # the same words from p and x
    assert session.message == f"{must} (? shows some)."
    session.exchange()
    assert session.message == f"{must} (? shows some)." and session.stage is Stage.PLAY
    # Off the board: the cursor stops at the edge, and a typed square off it is not read.
    for _ in range(2 * size):
        session.move(1, 1)
    assert session.cursor == size * size - 1
    off = Play([(size * size, rack[0], rack[0].rank)], size)
    assert engine_refusal(game, off).reason is Reason.OFF_BOARD  # only a program says this
    for typed in (f"N1:{rack[0]}", f"M1 across {rack[0].rank} {rack[1].rank}"):
        session.start_typing()
        session.typing = typed
        assert session.preview is None
        before = game_record(game, session.names)
        session.enter()
        assert "board" in session.message or "square" in session.message, typed
        assert game_record(game, session.names) == before
        session.clear()
    covered.add(Reason.OFF_BOARD)

    # The bag too small: no play, the bag empty; one tile marked by keys, or typed.
    while session.game.can_play() or len(session.game.bag) >= len(session.rack):
        assert not session.game.is_over, "seed 0 comes to a turn with no play and the bag short"
        session.commit(quick_greedy(session.game.observation(session.seat)))
    game, rack = session.game, session.rack
    short = engine_refusal(game, Exchange((rack[0],)))
    assert short.reason is Reason.BAG_SHORT
    assert not game.bag  # x refuses at once: no exchange screen to mark tiles on
    session.exchange()
    assert session.stage is Stage.PLAY and session.message.startswith("The bag is empty")
    typed_verdict(session, f"exchange {rack[0]}", short)
    covered.add(Reason.BAG_SHORT)

    # Game over: no key makes a move any more.
    while not session.game.is_over:
        session.commit(quick_greedy(session.game.observation(session.seat)))
    assert engine_refusal(session.game, Pass()).reason is Reason.GAME_OVER
    before = game_record(session.game, session.names)
    for press in (session.pass_turn, session.exchange, session.enter, session.start_typing):
        press()
    session.digit(1)
    assert session.typing is None and session.preview is None
    assert game_record(session.game, session.names) == before
    covered.add(Reason.GAME_OVER)
    assert covered == set(Reason)


def computer_first_seed() -> int:
    """A seed whose game the computer (seat 1 of Ann and expert) opens."""
    return next(seed for seed in range(100) if TileGame(seed).current_player == 1)


def test_a_deferred_start_shows_the_board_before_the_computer_moves(history: History) -> None:
    seed = computer_first_seed()
    session = TileSession(history, ["Ann", "expert"], lambda: TileGame(seed), defer=True)
    before: Stage = session.stage
    assert session.deferred and session.game.turns == [] and before is Stage.WAIT
    shown = helpers.render(tile_screen(session, 80, 24))
    assert "expert drew lowest and moves first" in shown and "q quit" in shown
    assert session.settle_deferred() and not session.settle_deferred()
    stage: Stage = session.stage  # the property read again, after the move
    assert len(session.game.turns) == 1 and stage is Stage.PLAY
    session.close()
    undeferred = TileSession(history, ["Ann", "expert"], lambda: TileGame(seed), explicit=True)
    undeferred.start_afresh()  # n on the offer of the game just left: the asked seed
    assert undeferred.game.turns == session.game.turns  # the same first move, made at once


def test_the_app_lets_the_computer_move_once_the_board_is_drawn(history: History) -> None:
    seed = computer_first_seed()
    session = TileSession(history, ["Ann", "expert"], lambda: TileGame(seed), defer=True)
    drive(session, "h")  # the first key waits for the computer's move, then acts
    assert not session.deferred and len(session.game.turns) == 1 and session.show_help


def test_a_person_who_starts_is_not_kept_waiting(history: History) -> None:
    seed = next(seed for seed in range(100) if TileGame(seed).current_player == 0)
    session = TileSession(history, ["Ann", "expert"], lambda: TileGame(seed), defer=True)
    assert not session.deferred and session.stage is Stage.PLAY


def test_the_persons_move_is_drawn_before_the_computer_answers(
    history: History, tmp_path: Path
) -> None:
    """With ``defer``, every computer's answer waits until the screen shows the move it
    answers (a pass, an exchange or a play); it is then the very answer an undeferred
    session makes, saved as the game goes on, and a key never acts before it."""
    seed = next(seed for seed in range(100) if TileGame(seed).current_player == 0)
    session = TileSession(history, ["Ann", "expert"], lambda: TileGame(seed), defer=True)
    elsewhere = History(tmp_path / "plain", kinds=KINDS)
    plain = TileSession(elsewhere, ["Ann", "expert"], lambda: TileGame(seed), explicit=True)
    answered = 0
    while not session.game.is_over and answered < 6:
        assert session.stage is Stage.PLAY and session.game.turns == plain.game.turns
        action = quick_greedy(session.game.observation(session.seat))
        session.commit(action)
        mine = session.game.turns[-1]
        assert mine.player == 0 and mine.action == action
        if session.game.is_over:
            break
        waiting: Stage = session.stage
        assert session.deferred and waiting is Stage.WAIT
        shown = " ".join(" ".join(render(session, 80, 24)).split())
        assert "expert is to move..." in shown and "moves first" not in shown
        assert session.message.startswith("Ann: ")
        # saved before the answer: the stored record is the game as it stands
        assert stored(history, session) == game_record(session.game, session.names)
        assert session.settle_deferred() and not session.deferred
        plain.commit(action)
        assert session.game.turns == plain.game.turns  # the same answer, made at once
        answered += 1
    assert answered == 6
    session.close()
    plain.close()
    elsewhere.close()
    with History(tmp_path / "keys", kinds=KINDS) as keyed:
        second = TileSession(keyed, ["Ann", "expert"], lambda: TileGame(seed), defer=True)
        second.commit(quick_greedy(second.game.observation(second.seat)))
        assert second.deferred
        # The app answers once the move is drawn; a game key (? for hints) never acts
        # before the answer, help (h) changes nothing of the game and need not wait.
        drive(second, "?h")
        assert not second.deferred and len(second.game.turns) == 2 and second.show_help
        legal = [scored.play for scored in second.game.legal_plays()]
        assert second.hints is not None and second.hints[0].play in legal
        second.close()


def test_a_new_game_by_n_also_shows_its_board_before_the_computer_moves(
    history: History,
) -> None:
    seed = computer_first_seed()
    session = TileSession(history, ["Ann", "expert"], lambda: TileGame(seed), defer=True)
    assert session.settle_deferred() and len(session.game.turns) == 1
    session.start_afresh()  # n: a new game of the same seed, the computer first again
    assert session.deferred and session.game.turns == []
    assert session.settle_deferred() and len(session.game.turns) == 1
    session.close()
