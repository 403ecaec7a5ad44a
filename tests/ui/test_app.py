"""The interactive game driven by keystrokes through pipes, and its saved state."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.vt100 import Vt100_Output
from prompt_toolkit.validation import ValidationError

from solitaire.patience.game import Game
from solitaire.patience.rules import rules_text
from solitaire.store import History
from solitaire.ui.kinds import KINDS
from solitaire.ui.patience.app import HandCompleter, HandValidator, build_app, render_ansi
from solitaire.ui.patience.screen import RulesPage, SessionScreen, is_large, rules_pages
from solitaire.ui.patience.session import Phase, PlaySession
from tests import stored as pstore
from tests.ui import helpers
from tests.ui.helpers import drive

SEED = 7


def new_game() -> tuple[Game, str | None]:
    return Game.from_seed(SEED), None


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.mkdir()
    return path


@pytest.fixture
def history(data_dir: Path) -> Iterator[History]:
    with History(data_dir, kinds=KINDS) as h:
        yield h


def make_session(data_dir: Path, history: History, explicit: bool = False) -> PlaySession:
    session = PlaySession(history, new_game, explicit=explicit)
    return session


def test_a_whole_game_by_keystrokes_matches_the_engine(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    # Each round: pick cards 1 and 2, Enter to discard, Enter to go on; then q.
    drive(session, "12\r\r" * 6 + "q")
    assert session.phase is Phase.OVER and session.game.is_over
    engine = Game.from_seed(SEED)
    while not engine.is_over:
        engine.discard(engine.shown[:2])
    assert session.game.total == engine.total
    assert [r.discard for r in session.game.rounds] == [r.discard for r in engine.rounds]
    rows = pstore.games(history)
    assert len(rows) == 1 and rows[0].finished and rows[0].total == engine.total
    assert pstore.unfinished(history) == []  # filed in the history, nothing left in progress
    assert session.review is not None and rows[0].efficiency == session.review.efficiency


def test_arrows_space_and_typing_discard(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    shown = session.game.shown
    # Right, Space picks card 2; Right, Space picks card 3; Left, Left, Space picks card 1
    # and is refused (two are picked); Enter discards cards 2 and 3.
    drive(session, "\x1b[C \x1b[C \x1b[D\x1b[D \r" + "q")
    assert set(session.game.rounds[0].discard) == {shown[1], shown[2]}


def test_typed_discard_of_the_second_round(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "12\r\r" + "q")
    six = session.game.shown
    drive(session, f"t{six[4]} zz\r" + "\x1b" + "q")  # refused by the validator, then Esc
    assert session.game.round_number == 2
    drive(session, f"/{str(six[4]).lower()}, {six[5]}\r" + "q")
    assert set(session.game.rounds[1].discard) == {six[4], six[5]}


def test_enter_needs_exactly_two_cards(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "1\r" + "q")
    assert session.game.round_number == 1 and session.phase is Phase.DISCARD
    assert "Pick exactly 2 cards" in session.message
    drive(session, "23" + "q")  # a third card is refused while two are picked
    assert session.selected == {0, 1}
    assert "Two cards are picked already" in session.message


def test_hint_is_recorded(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "?" + "q")
    assert session.show_hint and session.game.hints == {1}
    session.close()  # the program quits: its game is free to resume
    resumed = make_session(data_dir, history)
    resumed.resume()
    assert resumed.game.hints == {1}


@pytest.mark.parametrize("quit_key", ["q", "\x03", "\x04"])
def test_quit_and_resume(data_dir: Path, history: History, quit_key: str) -> None:
    session = make_session(data_dir, history)
    message = drive(session, "12\r\r" + "56\r" + quit_key)
    assert (
        "Game 1 saved with 2 of 6 rounds played" in message and "cribsol play resumes it" in message
    )
    total = session.game.total
    session.close()
    again = make_session(data_dir, history)
    phase_before = again.phase
    drive(again, "y" + "q")
    # Back where the player left: the last round's count and coaching, then round 3.
    assert (phase_before, again.phase) == (Phase.RESUME, Phase.RESULT)
    drive(again, "\r" + "q")
    assert again.phase == Phase.DISCARD
    assert again.game.round_number == 3 and again.game.total == total
    assert again.game.rounds == session.game.rounds


def test_enter_resumes_and_help_shows_the_deal_code(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "12\r\r" + "q")
    session.close()
    again = make_session(data_dir, history)
    drive(again, "\r" + "h" + "q")
    assert again.phase == Phase.RESULT and again.show_help
    assert any("cribsol play --deal" in line for line in render(again))


def test_new_game_keeps_the_unfinished_one(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "12\r\r" + "q")
    session.close()
    again = make_session(data_dir, history)
    drive(again, "n" + "q")
    assert again.game.round_number == 1
    rows = pstore.games(history)  # the new game is filed with its first move, not yet made
    assert len(rows) == 1 and not rows[0].finished and rows[0].rounds == 1
    assert "Game 1 stays in your history: cribsol play --resume 1" in again.message


def test_an_explicit_new_deal_keeps_the_unfinished_one(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "12\r\r" + "q")
    session.close()
    fresh = make_session(data_dir, history, explicit=True)
    phases = [fresh.phase]
    assert "unfinished game of this deal" in "\n".join(render(fresh))
    drive(fresh, "n" + "q")
    phases.append(fresh.phase)
    assert phases == [Phase.RESUME, Phase.DISCARD] and fresh.game.round_number == 1
    assert [(r.id, r.rounds) for r in pstore.unfinished(history)] == [(1, 1)]


def test_validator_names_the_bad_token_and_leaves_the_cursor(
    data_dir: Path, history: History
) -> None:
    session = make_session(data_dir, history)
    shown = session.game.shown
    validator = HandValidator(session)
    validator.validate(Document(f"{shown[0]} {shown[1]}"))
    outside = next(c for c in Game.from_seed(SEED + 1).shown if c not in shown)
    for text, message in [
        (f"{shown[0]} zz", "invalid card 'zz'"),
        (f"{outside} {shown[0]}", f"{outside.symbol()} is not in your hand"),
        (f"{shown[0]}", "exactly 2"),
        (f"{shown[0]} {shown[0]}", f"duplicate card {shown[0].symbol()}"),
    ]:
        with pytest.raises(ValidationError) as caught:
            validator.validate(Document(text))
        assert caught.value.cursor_position == len(text) and message in caught.value.message
        with pytest.raises(ValidationError) as caught:
            validator.validate(Document(text, cursor_position=1))
        assert caught.value.cursor_position == 1


def test_completer_offers_cards_in_hand(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    completer = HandCompleter(session)
    names = {c.text for c in completer.get_completions(Document(""), None)}  # type: ignore[arg-type]
    assert names == {str(c) for c in session.game.shown}
    first = str(session.game.shown[0])
    later = {c.text for c in completer.get_completions(Document(first + " "), None)}  # type: ignore[arg-type]
    assert first not in later and len(later) == 5


def render(session: PlaySession, width: int = 80, height: int = 24) -> list[str]:
    return helpers.lines(SessionScreen(session, height=height), width)


def test_every_screen_fits_80_by_24(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    screens = [render(session)]
    session.hint()
    screens.append(render(session))
    while not session.game.is_over:
        session.toggle(0)
        session.toggle(1)
        session.confirm()
        screens.append(render(session))
        session.toggle_all()
        screens.append(render(session))
        session.toggle_all()
        session.proceed()
    screens.append(render(session))
    session.toggle_rounds()
    rounds = render(session)
    assert "given up" in "\n".join(rounds)
    assert sum(1 for line in rounds if re.match(r"\s*[1-6]  \S", line)) == 6
    screens.append(rounds)
    session.show_help = True
    screens.append(render(session))
    for lines in screens:
        assert len(lines) <= 24, "\n".join(lines)  # the typing line takes the prompt's place
        assert all(len(line) <= 80 for line in lines), "\n".join(lines)
        # a wrap at 80 columns leaves no word alone on a line (the help's heading stands alone)
        assert {line.strip() for line in lines if len(line.split()) == 1} <= {"Keys"}


def test_screens_show_counts_board_and_coaching(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    first = "\n".join(render(session))
    assert "round 1 of 6" in first and "skunk" in first and "121" in first
    assert "cards left 44" in first and "total 0" in first
    session.toggle(0)
    session.toggle(1)
    result = session.confirm()
    assert result is not None
    shown = "\n".join(render(session))
    assert result.hand.spoken() in shown or result.hand.spoken()[:40] in shown
    assert "Coach" in shown and "Why" in shown
    assert ("with hindsight" in shown) == (session.reviews[-1].hindsight_news is not None)
    assert f"running total {result.total}" in shown


def test_ascii_mode_has_no_symbols(data_dir: Path, history: History) -> None:
    session = PlaySession(history, new_game, ascii=True)
    session.hint()
    text = "\n".join(render(session))
    assert not any(ch in text for ch in "♣♦♥♠○●◆◎┃")


def test_no_color_is_respected(
    data_dir: Path, history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = make_session(data_dir, history)
    colored = render_ansi(SessionScreen(session), 80)
    assert "\x1b[31m" in colored or "\x1b[1;31m" in colored  # red suits
    monkeypatch.setenv("NO_COLOR", "1")
    plain = render_ansi(SessionScreen(session), 80)
    assert "\x1b[31m" not in plain and "\x1b[1;31m" not in plain


def test_round_six_result_shows_the_total_before_the_final_hand(
    data_dir: Path, history: History
) -> None:
    session = make_session(data_dir, history)
    while session.game.round_number <= 6:
        session.toggle(0)
        session.toggle(1)
        session.confirm()
        if session.game.round_number <= 6:
            session.proceed()
    last = session.game.rounds[-1]
    assert session.phase is Phase.RESULT and session.game.final is not None
    front, back = session.peg_totals()
    # The back peg stands where the last score started: before the crib, if it scored.
    assert front == last.total
    assert back == last.total - (last.crib_points or last.hand_points or last.heels)
    assert session.cards_left() == 4
    assert f"total {last.total}" in render(session)[0]
    session.proceed()
    final = session.game.final
    assert session.peg_totals()[0] == session.game.total
    if final.points:
        assert session.peg_totals()[1] == final.total_before
    assert f"total {session.game.total}" in render(session)[0]


def test_u_takes_the_discard_back_and_it_is_saved(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    shown = session.game.shown
    drive(session, "12\r" + "u" + "34\r" + "q")
    assert session.phase is Phase.RESULT and session.game.round_number == 2
    assert set(session.game.rounds[0].discard) == {shown[2], shown[3]}
    assert [(u.round, set(u.discard)) for u in session.game.undos] == [(1, {shown[0], shown[1]})]
    assert len(session.reviews) == 1 and session.reviews[0].chosen == session.game.rounds[0].discard
    fresh = Game.from_seed(SEED)
    fresh.discard([shown[2], shown[3]])
    assert session.game.rounds == fresh.rounds
    session.close()
    resumed = make_session(data_dir, history)
    # Quit while round 1's result was shown: after resuming it can still be taken back.
    drive(resumed, "y" + "u" + "q")
    assert resumed.phase is Phase.DISCARD and resumed.game.round_number == 1
    assert [set(u.discard) for u in resumed.game.undos] == [
        {shown[0], shown[1]},
        {shown[2], shown[3]},
    ]
    drive(resumed, "56\r" + "\r" + "q")  # round 2's six are seen: round 1's discard stands
    resumed.close()
    record = pstore.record(history, 1)
    assert record["undos"][0] == {"round": 1, "discard": [str(shown[0]), str(shown[1])]}
    assert record["next_seen"] is True
    again = make_session(data_dir, history)
    drive(again, "y" + "u" + "q")
    assert again.phase is Phase.RESULT and len(again.game.undos) == 2
    assert "Only a discard just made can be taken back" in again.message
    again.close()


def test_u_only_while_a_round_result_is_shown(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "u" + "12\r\r" + "u" + "q")  # before any discard, then after going on
    assert session.game.round_number == 2 and not session.game.undos
    drive(session, "12\r" + "u" + "u" + "12\r" + "q")  # twice in a row: one undo
    assert [u.round for u in session.game.undos] == [2]
    assert session.phase is Phase.RESULT and session.game.round_number == 3
    drive(session, "\r" + "12\r\r" * 3 + "12\r" + "u" + "q")  # round 6 filed the game
    assert "Round 6 filed the game" in session.message and session.game.is_over
    assert pstore.games(history)[0].finished and len(session.game.undos) == 1


def test_s_sorts_the_hand_by_rank_and_keys_follow_the_screen(
    data_dir: Path, history: History
) -> None:
    session = make_session(data_dir, history)
    dealt = session.game.shown
    by_rank = sorted(dealt)
    drive(session, "s" + "12" + "q")
    assert session.sort_hand and session.picked == sorted(by_rank[:2], key=dealt.index)
    assert render(session)[3].startswith("By rank")
    drive(session, "s" + "\r" + "q")  # back to the deal order: the picks stay with their cards
    assert not session.sort_hand
    assert set(session.game.rounds[0].discard) == set(by_rank[:2])
    assert session.game.rounds[0].shown == dealt  # the record keeps the order dealt


def test_a_rank_alone_is_typed_and_an_ambiguous_one_is_named(
    data_dir: Path, history: History
) -> None:
    session = make_session(data_dir, history)
    shown = session.game.shown
    single = next(c for c in shown if sum(o.rank == c.rank for o in shown) == 1)
    double = next(c for c in shown if sum(o.rank == c.rank for o in shown) == 2)
    other = next(c for c in shown if c.rank not in (single.rank, double.rank))
    assert "ambiguous" in (session.validate_typed(f"{double.rank.letter} {single}") or "")
    drive(session, f"t{single.rank.letter.lower()} {other}\r" + "q")
    assert set(session.game.rounds[0].discard) == {single, other}


def test_c_toggles_the_tracker_and_shows_it_in_the_body(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    assert not session.tracker_shown(large=False) and session.tracker_shown(large=True)
    drive(session, "c" + "q")  # DummyOutput is 80 columns: not large, so on by choice
    assert session.tracker_shown(large=False) and session.tracker_choice
    screen = "\n".join(render(session))
    assert "Card tracker  46 cards unseen" in screen
    drive(session, "12\r" + "q")
    screen = "\n".join(render(session))
    assert "43 cards unseen" in screen  # round 1's result: the next six not seen yet
    assert f"round 6 hand  {session.game.rounds[0].starter.symbol()}" in screen
    drive(session, "c" + "q")
    assert not session.tracker_shown(large=True)


def screen_text(session: PlaySession, keys: str, columns: int, rows: int) -> str:
    """What the app writes to a terminal of this size on these keys (escape codes removed)."""
    stream = io.StringIO()
    output = Vt100_Output(stream, lambda: Size(rows=rows, columns=columns), term="xterm")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=output):
        pipe.send_text(keys)
        pipe.close()
        build_app(session, input=pipe, output=output).run()
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())


def test_a_small_terminal_gets_one_clear_line(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    text = screen_text(session, "q", 70, 20)
    assert "terminal too small: 80x24 needed, this is 70x20" in text
    assert "Cribbage Solitaire" not in text
    text = screen_text(session, "12\r" + "q", 80, 24)  # keys work, and the game is drawn
    assert "Cribbage Solitaire" in text and "too small" not in text
    assert session.game.round_number == 2


def test_a_large_terminal_shows_the_tracker_and_the_round_log(
    data_dir: Path, history: History
) -> None:
    session = make_session(data_dir, history)
    drive(session, "12\r" + "q")
    assert is_large(120, 40) and not is_large(80, 24) and not is_large(120, 24)
    side = "\n".join(render_ansi(SessionScreen(session, large=True).side(), 39).splitlines())
    assert "Card tracker" in side and "Round log" in side
    assert "Card tracker" not in "\n".join(render(session))


def test_cards_left_at_every_moment(data_dir: Path, history: History) -> None:
    """The header's count is the deck as the player sees it: 8 leave each round, none come back."""
    session = make_session(data_dir, history)
    shown = []
    for number in range(1, 7):
        phase: Phase = session.phase
        assert phase is Phase.DISCARD
        deck = 52 - 8 * number  # dealt: 8 a round; the starter is turned and goes back under
        assert session.cards_left() == deck
        shown.append(render(session)[0])
        session.toggle(0)
        session.toggle(1)
        session.confirm()
        phase = session.phase
        assert phase is Phase.RESULT
        assert session.cards_left() == deck  # the starter went back under the deck
        shown.append(render(session)[0])
        session.proceed()
    assert session.phase is Phase.OVER and session.cards_left() == 0
    shown.append(render(session)[0])
    expected = [52 - 8 * n for n in range(1, 7) for _ in (0, 1)] + [0]
    assert [int(re.search(r"cards left (\d+)", line)[1]) for line in shown] == expected  # type: ignore[index]


def test_all_discards_of_any_round_by_keys(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "12\r\r" * 6 + "a3" + "q")
    assert session.show_all and session.all_review.number == 3
    screen = "\n".join(render(session))
    assert "Round 3: all 15 discards" in screen
    actual = {frozenset(h.discard): h.total for h in session.reviews[2].actual}
    assert actual[frozenset(session.game.rounds[2].discard)] == session.game.rounds[2].points
    drive(session, "\x1b[D\x1b[D\x1b[D" + "q")  # Left three times: 3, 2, 1, then round 6
    assert session.all_review.number == 6
    drive(session, "\x1b[C" + "q")
    assert session.all_review.number == 1


def test_why_and_the_rules_pages(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "w" + "q")
    assert session.show_why and session.game.hints == {1}
    screen = "\n".join(render(session))
    assert "is the best discard" in screen and "Discarding" in screen and "sure points" in screen
    drive(session, "k" + "\x1b[6~" * 30 + "q")
    assert session.show_rules and session.rules_page > 0
    last = render(session, 80, DummyOutput().get_size().rows)  # the size the keys paged at
    pages = re.search(r"page (\d+) of (\d+)", last[0])
    assert pages is not None and pages[1] == pages[2] and session.rules_page == int(pages[2]) - 1
    drive(session, "1" + "q")  # card keys do nothing while the rules are read
    assert session.selected == set()
    drive(session, "k" + "q")
    assert not session.show_rules


def test_the_rules_pages_hold_every_line(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    session.toggle_rules()
    lines: list[str] = []
    for page in range(40):
        session.rules_page = page
        screen = render(session)
        assert len(screen) <= 23 and all(len(line) <= 80 for line in screen)
        pages = re.search(r"page (\d+) of (\d+)", screen[0])
        assert pages is not None
        lines += screen[1:]
        if pages[1] == pages[2]:
            break
    text = " ".join(" ".join(lines).split())
    assert "final hand is the starters of rounds 3, 4, 5 and 2" in text
    assert text.rstrip().endswith(" ".join(rules_text().split()[-6:]))  # the last page is reached


def test_the_ascii_rules_page_is_plain_ascii() -> None:
    pages = rules_pages(80, 23, ascii=True)
    shown = "".join(helpers.render(RulesPage(page, 23, ascii=True)) for page in range(pages))
    assert shown.isascii() and f"page {pages} of {pages}" in shown
    assert "final hand is the starters of rounds 3, 4, 5 and 2" in " ".join(shown.split())


@pytest.mark.parametrize(
    "quoted", ["\x1b]0;owned\x07", "\x1b[2J\x1b[H", "\x9b31m", "\u202e", "\x00\x08", "x" * 5000]
)
def test_a_message_quoting_untrusted_text_reaches_the_screen_escaped(
    data_dir: Path, history: History, quoted: str
) -> None:
    session = make_session(data_dir, history)
    session.message = f"cannot read saved{quoted}game"  # as an error quoting a file would
    lines = render(session)
    shown = "\n".join(lines)
    assert not any(ch in shown for ch in "\x1b\x9b\u202e\x00\x08")
    assert len(lines) <= 24
    # A short quote shows whole, escaped; a long one is cut short.
    assert ("cannot read saved\\" in shown) if len(quoted) < 100 else ("x…" in shown)


@pytest.mark.parametrize("seed", range(8))
def test_the_tracker_in_the_body_fits_80_by_24(data_dir: Path, history: History, seed: int) -> None:
    session = PlaySession(history, lambda: (Game.from_seed(seed), None))
    session.toggle_tracker(large=False)
    screens = [render(session)]
    while not session.game.is_over:
        session.toggle(0)
        session.toggle(1)
        session.confirm()
        screens.append(render(session))
        session.proceed()
        screens.append(render(session))
    for lines in screens:
        assert any("Card tracker" in line for line in lines)  # under a round's count, if any
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines), "\n".join(lines)
    session.close()


def test_a_long_seed_keeps_the_header_on_one_line(data_dir: Path, history: History) -> None:
    session = PlaySession(history, lambda: (Game.from_seed(10**30), None), explicit=True)
    header = render(session)[0]
    assert header.startswith("Cribbage Solitaire  seed 10000…0000   round 1 of 6")
    assert "total 0" in header


def test_the_footer_offers_undo_only_when_it_works(data_dir: Path, history: History) -> None:
    session = make_session(data_dir, history)
    drive(session, "12\rq")
    assert session.phase is Phase.RESULT and "u undo" in render(session)[-1]
    session.game.see_next()  # the next six were seen: the discard stands
    assert not session.game.can_undo() and "u undo" not in render(session)[-1]


def test_the_coach_says_after_the_round_when_the_target_and_points_disagreed(
    data_dir: Path, history: History
) -> None:
    # Seed 3, best discards to round 5: for 90, 4H 2C has the better chance, 9S 2C the
    # better points (the enumeration is exact there); the player discards a third.
    session = PlaySession(history, lambda: (Game.from_seed(3), None), target=90)
    for cards in ("4D KS", "3H 2H", "AD 2D", "JH TS"):
        session.discard_text(cards)
        assert session.round_note is None  # the target and points agreed
        session.proceed()
    session.discard_text("5C QH")
    note = session.round_note
    assert note is not None
    assert note.startswith("For 90 (40 to go): 4H 2C reaches it")
    assert "for 9S 2C, the best for points (exact)" in note and "Yours, 5C QH:" in note
    lines = render(session)
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    shown = " ".join(" ".join(lines).split())
    assert "For 90 (40 to go)" in shown and "Yours, 5C QH" in shown
    session.undo()
    assert session.round_note is None
    assert "For 90" not in "\n".join(render(session))
