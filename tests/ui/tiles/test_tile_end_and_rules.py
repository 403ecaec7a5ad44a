"""Issue 26 on screen: the closed board and the passes left, the preview's total, the typed
move and turned tiles on the board, the rules page and the help's marks, keys behind help."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire.store import History
from solitaire.tiles.game import Ending, TileGame
from solitaire.tiles.levels import seat_names
from solitaire.tiles.movegen import generate
from solitaire.tiles.moves import Exchange, Pass, Play
from solitaire.tiles.planner import built_in_planner, new_planner
from solitaire.tiles.rules import rules_text
from solitaire.ui.kinds import KINDS
from solitaire.ui.tiles.screen import MARKS, rules_pages, tile_screen
from solitaire.ui.tiles.session import Stage, TileSession, typed_form
from solitaire.ui.tiles.views import ending_text, game_view
from tests.faults import FULL, sqlite_error
from tests.tiles.quick_greedy import quick_greedy
from tests.tiles.test_closed_board import ISSUE_MOVES
from tests.ui.helpers import drive, render

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path / "data", kinds=KINDS) as h:
        yield h


def screen(session: TileSession, width: int = 80, height: int = 24) -> str:
    text = render(tile_screen(session, width, height), width)
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= height and max(map(len, lines)) <= width
    return text


def hot_seat(history: History, rules: int = 2) -> TileSession:
    session = TileSession(history, ["Ann", "Bob"], lambda: TileGame(27, rules=rules), explicit=True)
    for move in ISSUE_MOVES[:-1]:
        session.take_keyboard()
        session.commit(Play.parse(move))
    session.take_keyboard()
    return session


def test_the_preview_warns_the_play_closes_the_board_and_the_end_says_why(
    history: History,
) -> None:
    session = hot_seat(history)
    session.start_typing()
    session.typing = ISSUE_MOVES[-1]
    shown = screen(session)
    assert "Legal: 46 points, Enter plays it · it closes the board: the game ends" in shown
    # The typed move is drawn on the board like tiles laid by keys.
    assert "4D+5D" in shown and "8D+7D" in shown and "JD+7D" in shown
    session.enter()
    assert session.stage is Stage.OVER
    over = screen(session)
    assert "It ended: the board is closed" in " ".join(over.split())
    replayed = render(game_view(session.game, session.names, "t"), 100)
    assert "Ann wins: the board is closed: no square can take a tile" in replayed


def test_the_panel_counts_the_turns_without_a_play_left(history: History) -> None:
    session = hot_seat(history, rules=1)
    session.take_keyboard()
    session.commit(Play.parse(ISSUE_MOVES[-1]))  # rules 1: the game goes on
    seen = []
    while not session.game.is_over:
        session.take_keyboard()
        seen.append(" ".join(screen(session).split()))
        session.commit(Pass())
    assert "more pass" not in seen[0]
    assert "5 more passes end the game" in seen[1]
    assert "1 more pass ends the game" in seen[5]


def test_the_total_is_on_the_legal_line_at_80x24_for_every_play(history: History) -> None:
    """Every legal play of a crowded position (the issue's, before it closes): its preview
    shows its total on the Legal line, however many lines it crosses."""
    session = hot_seat(history)
    plays = generate(session.game.board, session.rack)
    assert max(len(p.play.placements) for p in plays) >= 3
    crossing = 0
    for scored in plays:
        session.laid = list(scored.play.placements)
        shown = screen(session)
        total = scored.score
        assert f"Legal: {total} point{'s' * (total != 1)}, Enter plays it" in shown
        crossing += "more lines" in shown
    assert crossing  # some plays cross more lines than fit, yet the total shows


def test_a_turned_tile_is_marked_and_named_as_laid(history: History) -> None:
    session = hot_seat(history)
    shown = screen(session)
    assert "9l" in shown and "6l 6l" in shown  # E5 (a 6 laid as 9), F8 G8 (9s laid as 6)
    session.typing = "H1:6L/9"
    assert session.preview is not None and session.preview.error is not None


def test_exchanges_are_announced_by_their_count(history: History) -> None:
    session = hot_seat(history, rules=1)
    session.take_keyboard()
    session.commit(Play.parse(ISSUE_MOVES[-1]))
    session.take_keyboard()
    rack = session.rack
    session.commit(Exchange(rack[:2]))
    assert session.message == "Bob: exchanged 2 tiles."
    session.take_keyboard()
    shown = screen(session, 120, 40)
    assert "exchange 2 tiles" in shown and str(rack[0]) + " " + str(rack[1]) not in shown


def test_the_rules_page_pages_through_the_rules(history: History) -> None:
    assert (ROOT / "docs" / "RULES-TILES.md").read_text(encoding="utf-8") == rules_text()
    session = hot_seat(history)
    session.toggle_rules()
    for width, height in ((80, 24), (120, 40)):
        pages = rules_pages(width, height)
        text = ""
        for page in range(pages):
            session.rules_page = page
            text += screen(session, width, height)
        words = " ".join(text.split())
        assert f"page {pages} of {pages}" in words
        for rule in ("closed board", "six turns in a row", "face value", "Servant", "Joker"):
            assert rule in words, rule
    session.escape()
    assert not session.show_rules


def test_help_explains_every_mark_and_keys_behind_it_do_nothing(history: History) -> None:
    session = hot_seat(history)
    for width, height in ((80, 24), (120, 40)):
        session.toggle_help()
        text = screen(session, width, height)
        if "page 1 of 2" in text:
            session.turn_help_page(1)
            text += screen(session, width, height)
        for mark, _ in MARKS:
            assert mark.split()[0] in text
        for mark in ("*", ">", "+", "1:", "1+", "2x", "T", "9d"):
            assert mark in text
        session.toggle_help()
    before = list(session.game.turns)
    drive(session, "h1\rm")  # behind help: no tile laid, nothing played, no typing
    assert session.laid == [] and session.typing is None and session.game.turns == before
    assert session.show_help


def test_esc_closes_hints_before_taking_tiles_back(history: History) -> None:
    session = hot_seat(history)
    session.cursor = 85  # H7, empty
    session.rack_key(0)
    session.hint()
    assert session.hints is not None and session.laid
    session.escape()
    assert session.hints is None and session.laid
    session.escape()
    assert not session.laid


@pytest.mark.parametrize("failing_write", [1, 2])
def test_no_joker_words_in_a_plain_game_after_a_failed_save(
    history: History, monkeypatch: pytest.MonkeyPatch, failing_write: int
) -> None:
    """Issue 24's fault, in a game without the Joker: a play whose save fails (yours, or the
    computer's answer) leaves the screen at your play, with no Joker prompt or count."""
    seed = next(seed for seed in range(100) if TileGame(seed).current_player == 0)
    session = TileSession(history, ["Ann", "expert"], lambda: TileGame(seed))
    real = history._write
    writes = 0

    def fails(*args: object) -> sqlite3.Cursor:
        nonlocal writes
        writes += 1
        if writes == failing_write:
            raise sqlite_error(FULL)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(history, "_write", fails)
    play = next(iter(generate(session.game.board, session.rack))).play
    session.laid = list(play.placements)
    session.enter()
    assert "could not be saved" in session.message and session.stage is Stage.PLAY
    shown = screen(session)
    assert "Joker" not in shown and "count" not in shown.lower(), shown
    assert session.counting is None and session.laid == list(play.placements)
    session.digit(5)  # a digit lays a tile, never starts a count
    assert session.stage is Stage.PLAY and "Joker" not in screen(session)


def test_a_game_of_computers_moves_one_turn_a_tick_with_no_joker_words(
    history: History,
) -> None:
    session = TileSession(history, ["expert", "greedy"], lambda: TileGame(3), defer=True)
    session.pause = 0.5
    assert session.settle_deferred() and session.game.turns == []  # paced: no move yet
    for number in range(1, 4):
        assert session.tick_due
        session.tick()
        assert len(session.game.turns) == number
        shown = screen(session)
        assert "Joker" not in shown and "is to move..." in shown
        points = session.game.turns[-1].points
        assert session.message.endswith(f", {points} point{'s' * (points != 1)}.")
    session.close()
    unpaced = TileSession(history, ["expert", "greedy"], lambda: TileGame(3), explicit=True)
    unpaced.start_afresh()  # n on the offer of the game just left: the asked seed
    assert unpaced.game.is_over  # without a pause, the whole game at once
    assert unpaced.game.turns[:3] == session.game.turns


def test_four_seats_at_80x24_mark_and_list_every_computers_last_move(
    history: History,
) -> None:
    names = ["Ann", "expert", "greedy", "expert"]
    seed = next(s for s in range(100) if TileGame(s, 4).current_player == 0)
    session = TileSession(history, names, lambda: TileGame(seed, 4), explicit=True)
    for _ in range(3):
        session.commit(quick_greedy(session.game.observation(session.seat)))
    last = session.game.turns[-3:]
    assert [t.player for t in last] == [1, 2, 3] and session.seat == 0
    shown = screen(session)
    told = seat_names(names)
    assert told == ["Ann", "expert 2", "greedy", "expert 4"]  # the two experts told apart
    for turn in last:
        assert f"{told[turn.player]}: {turn.action}"[:40] in shown
        if isinstance(turn.action, Play):
            for square in turn.action.squares:
                row, col = divmod(square, 13)
                line = shown.split("\n")[row + 1]
                assert line[3 + 3 * col] == "*", (square, line)


def test_the_cursor_follows_the_line_being_laid(history: History) -> None:
    session = hot_seat(history)
    board = session.game.board
    # G7 G8 hold tiles, G9 is empty: a tile there joins the column, so the cursor goes down.
    g9, g10 = 8 * 13 + 6, 9 * 13 + 6
    assert board.faces[g9 - 13] and not board.faces[g9] and not board.faces[g9 + 1]
    session.cursor = g9
    session.rack_key(0)
    assert session.cursor == g10
    session.clear()
    # H7 joins the row C7-G7: the cursor goes across.
    session.cursor = 6 * 13 + 7
    session.rack_key(0)
    assert session.cursor == 6 * 13 + 8


def test_hints_rank_by_the_planners_valuation_and_a_key_lays_one(history: History) -> None:
    session = TileSession(history, ["Ann", "Bob"], lambda: TileGame(27), explicit=True)
    for move in ISSUE_MOVES[:4]:
        session.take_keyboard()
        session.commit(Play.parse(move))
    session.take_keyboard()
    view = session.game.observation(session.seat)
    session.hint()
    assert session.hints is not None and len(session.hints) >= 3
    # The hint is what the strongest level plays (issue 42: it was the expert's).
    assert session.hints[0].play == new_planner().choose(view)
    shown = screen(session)
    first = session.hints[0]
    assert f"1 {typed_form(first.play)} · keeps " in shown
    assert f" {first.score} now " in shown.split("\n1 ")[1].split("\n2 ")[0]
    session.digit(2)  # lays the second hint on the board
    second_play = built_in_planner().ranked(view)
    assert session.hints is None and session.laid
    preview = session.preview
    assert preview is not None and preview.score is not None and preview.error is None
    assert any(a.play.placements == tuple(sorted(session.laid)) for a in second_play)
    session.explain_why()
    assert session.why is not None and session.why[1].startswith("The planner's choice:")
    assert session.why[2].startswith("Yours:") and "Why (w)" in screen(session)
    assert session.why[0].startswith(("The planner's choice ", "Yours rates higher"))
    session.clear()
    session.laid = list(first.play.placements)
    session.explain_why()
    assert session.why is not None and "the planner's own choice" in session.why[0]


def test_with_no_play_the_hint_gives_the_experts_exchange(history: History) -> None:
    session = hot_seat(history, rules=1)
    session.take_keyboard()
    session.commit(Play.parse(ISSUE_MOVES[-1]))  # rules 1: the closed board goes on
    session.take_keyboard()
    view = session.game.observation(session.seat)
    choice = built_in_planner().expert.exchange_choice(view)
    assert isinstance(choice.action, Exchange)
    session.hint()
    assert session.hints == []
    assert f"exchange {' '.join(map(str, choice.action.tiles))} " in session.message
    assert "the best leave it can keep" in session.message


def test_going_out_is_told_in_each_players_words() -> None:
    """The end line's grammar: "you laid your last tile", "Ann laid their last tile"."""
    for seed in range(40):
        game = TileGame(seed)
        while not game.is_over:
            game.apply(quick_greedy(game.observation(game.current_player)))
        if game.ending is Ending.OUT:
            break
    else:
        pytest.fail("no game of 40 ended by going out")
    last = game.turns[-1].player
    names = ["Ann", "Bob"]
    assert ending_text(game, names) == f"{names[last]} laid their last tile with the bag empty"
    names[last] = "you"
    assert ending_text(game, names) == "you laid your last tile with the bag empty"


@pytest.mark.parametrize("defer", [False, True])
def test_the_first_mover_at_a_shared_keyboard_is_handed_it_and_told_why(
    history: History, defer: bool
) -> None:
    names = ["Ann", "Bob"]
    session = TileSession(history, names, lambda: TileGame(27), explicit=True, defer=defer)
    game = session.game
    assert not game.turns and session.stage is Stage.HANDOVER
    shown = screen(session)
    first = names[game.first_player]
    draws = ", ".join(f"{n} {t}" for n, t in zip(names, game.opening_draws[0], strict=True))
    assert f"The draw: {draws}" in " ".join(shown.split())
    assert f"{first} drew lowest and moves first" in shown
    assert f"Pass the keyboard to {first}" in shown
    assert "Rack hidden" in shown and "Rack 1:" not in shown
    session.take_keyboard()
    after: Stage = session.stage  # take_keyboard changed it
    assert after is Stage.PLAY and "Rack 1:" in screen(session)


def test_a_game_of_computers_explains_only_the_last_round(history: History) -> None:
    session = TileSession(history, ["expert", "greedy"], lambda: TileGame(3), defer=True)
    session.pause = 0.5
    session.settle_deferred()
    for _ in range(12):
        session.tick()
    full = screen(session, 120, 40)
    rows = full.split("\n")
    heads = [r for r in rows if r.startswith(("expert: ", "greedy: ")) and "points." not in r]
    assert 1 <= len(heads) <= 2, heads  # the last round, not the game since the start
