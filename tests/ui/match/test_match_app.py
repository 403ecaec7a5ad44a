"""The interactive match driven by keystrokes through pipes: the record, the screens, resuming."""

from __future__ import annotations

import json
import random
import re

import pytest
from rich.console import RenderableType

from solitaire.match.game import GO, Counted, Discard, GoPoint, Lay, Match, SaidGo
from solitaire.match.players import EasyPlayer, StandardPlayer, own_count
from solitaire.match.record import load_match_record, match_record
from solitaire.store import History
from solitaire.ui.match.screen import MatchScreen, ended_how
from solitaire.ui.match.session import COMPUTER, MATCH, YOU, MatchSession, Stage
from tests.ui import helpers
from tests.ui.helpers import drive

# No test here looks at the review: it is graded when shown (tests/ui/graded.py).
pytestmark = pytest.mark.usefixtures("review_when_shown")

SEED = 12


def make_session(
    history: History, seed: int = SEED, games: int = 1, muggins: bool = False
) -> MatchSession:
    counting = (YOU,) if muggins else ()
    return MatchSession(
        history, "standard", lambda: Match(seed, games=games, counting=counting, muggins=muggins)
    )


def press(session: MatchSession, keys: str) -> None:
    """What the app does for these keys, without the app (fast, for long walks)."""
    for key in keys:
        if key == "\r":
            session.enter()
        else:
            session.digit(key)


def next_key(session: MatchSession) -> str:
    """A simple player at the keyboard: discards its first two cards, lays the first that fits,
    counts its hand one short when it can (muggins takes the point)."""
    if session.counting:
        true = own_count(session.match.observation(YOU)).points
        return f"{true - 1 if true - 1 not in (-1, 19, 25, 26, 27) else true}\r"
    if session.discarding:
        return "12\r"
    if session.your_turn:
        index = next(i for i, card in enumerate(session.hand) if session.playable(card))
        return str(index + 1)
    return "\r"


def engine_match(seed: int = SEED, games: int = 1) -> Match:
    """The same simple player and the standard level, on the engine alone."""
    match = Match(seed, games=games)
    computer = StandardPlayer()
    while (seat := match.current_player) is not None:
        if seat == COMPUTER:
            match.apply(computer.choose(match.observation(seat)), player=seat)
            continue
        legal = match.legal_actions()
        if isinstance(legal[0], Discard):
            held = match.held(YOU)
            match.apply(Discard((held[0], held[1])), player=YOU)
        else:
            match.apply(
                next(a for a in legal if isinstance(a, Lay)) if legal != (GO,) else GO, player=YOU
            )
    return match


def render(session: MatchSession, width: int = 80) -> list[str]:
    return helpers.lines(MatchScreen(session), width)


def stored(history: History, session: MatchSession) -> dict[str, object]:
    assert session.game_id is not None
    _, text = history.stored_record(session.game_id, MATCH)
    return load_match_record(text)


def test_a_whole_match_by_keystrokes_matches_the_engine(history: History) -> None:
    # Find the keys a simple player presses, then send them all through one pipe.
    twin = make_session(history, seed=SEED + 1)
    keys = ""
    while twin.stage is not Stage.MATCH_OVER:
        key = next_key(twin)
        keys += key
        press(twin, key)
        assert len(keys) < 1000
    twin.close()
    session = MatchSession(history, "standard", lambda: Match(SEED + 1), explicit=True)
    assert drive(session, keys + "q").startswith(f"Match {session.game_id} is in your history")
    engine = engine_match(SEED + 1)
    assert session.match.results == engine.results and session.match.is_over
    assert stored(history, session) == match_record(engine, ("you", "standard"))
    assert [row.finished for row in history.games(kind=MATCH)] == [True, True]


@pytest.mark.parametrize(("muggins", "games"), [(False, 1), (True, 2)])
def test_every_screen_fits_80_by_24_and_resumes_at_every_point(
    history: History, muggins: bool, games: int
) -> None:
    session = make_session(history, seed=3, games=games, muggins=muggins)
    screens = [render(session)]
    press(session, next_key(session))  # a match is filed with its first move
    steps = 0
    while not session.match.is_over:
        before = match_record(session.match, session.names)
        session.close()
        again = make_session(history, seed=999, games=games, muggins=muggins)  # the saved one
        assert again.stage is Stage.RESUME
        screens.append(render(again))
        again.resume()
        assert match_record(again.match, again.names) == before
        session = again
        press(session, next_key(session))
        screens.append(render(session))
        session.show_help = True
        screens.append(render(session))
        session.show_help = False
        steps += 1
        assert steps < 400 * games
    while session.stage is not Stage.MATCH_OVER:
        press(session, next_key(session))
        screens.append(render(session))
    for lines in screens:
        assert re.fullmatch(r"You vs standard .*  seed 3", lines[0].rstrip())  # one line
        assert len(lines) <= 24, "\n".join(lines)
        assert all(len(line) <= 80 for line in lines), "\n".join(lines)
        assert not lone_words(lines), "\n".join(lines)


def test_the_show_is_counted_in_order_one_count_per_enter(history: History) -> None:
    session = make_session(history)
    while not (session.stage is Stage.SHOW and session.view.counted()):
        press(session, next_key(session))
    deal = session.view.deal
    labels = []
    while session.stage is Stage.SHOW:
        counts = session.view.counted()
        labels.append((counts[-1].player, counts[-1].label))
        screen = "\n".join(render(session))
        assert counts[-1].score.spoken()[:30] in screen.replace("\n", " ")
        assert session.view.pegs(counts[-1].player)[0] == counts[-1].scores[counts[-1].player]
        session.enter()
    order = [(deal.pone, "hand"), (deal.dealer, "hand"), (deal.dealer, "crib")]
    assert labels == order[: len(labels)]
    assert all(isinstance(e, Counted) for e in deal.show)


def test_pegs_leapfrog_and_the_play_area_speaks(history: History) -> None:
    session = make_session(history)
    seen_call = False
    while session.stage is not Stage.MATCH_OVER:
        for player in (YOU, COMPUTER):
            front, back = session.view.pegs(player)
            assert back <= front and front == session.view.scores()[player]
        text = "\n".join(render(session))
        seen_call = seen_call or "fifteen two" in text
        press(session, next_key(session))
    assert seen_call


def test_the_computers_card_waits_for_a_pause_any_key_shows_it(history: History) -> None:
    session = MatchSession(history, "standard", lambda: Match(SEED), pause=0.5)
    session.toggle(0)
    session.toggle(1)
    session.enter()  # you deal here: the computer leads after your discard
    assert session.timed_pending and session.stage is Stage.PLAY
    laid = len(session.view.series()[0])
    assert not session.your_turn
    session.toggle(0)  # any key: shows the card, lays nothing
    assert not session.timed_pending and len(session.view.series()[0]) == laid + 1
    assert session.your_turn and len(session.hand) == 4


def test_a_card_that_does_not_fit_is_refused_and_dimmed(history: History) -> None:
    session = make_session(history)
    while True:
        if session.your_turn and not session.discarding:
            unfit = [i for i, c in enumerate(session.hand) if not session.playable(c)]
            if unfit:
                break
        press(session, next_key(session))
        assert session.stage is not Stage.MATCH_OVER
    before = match_record(session.match, session.names)
    session.toggle(unfit[0])
    assert "past 31" in session.message
    assert match_record(session.match, session.names) == before


def test_the_header_never_wraps(history: History) -> None:
    """The longest header: a series of 25 at its last game, a late deal, a 40-digit seed."""
    seed = 10**40 - 1
    match = Match(seed, games=25)
    rng = random.Random(1)
    while match.game_number < 25 or match.current_player != YOU:
        seat = match.current_player
        assert seat is not None
        match.apply(EasyPlayer(rng).choose(match.observation(seat)), player=seat)
    session = MatchSession(history, "standard", lambda: match)
    session.told.shown = len(session.told.events)
    assert session.view.game_number == 25 and session.view.deal.number >= 1
    for width in (80, 120):
        header = render(session, width)[0]
        start = f"You vs standard  game 25/25  deal {session.view.deal.number}"
        assert len(header) <= width and header.startswith(start)
        assert "deal and crib" in header
        assert ("seed " + str(seed)) in header if width == 120 else header.endswith("…")
        assert not render(session, width)[1].strip().startswith(("seed", "9"))


def test_quit_keys_save_and_the_match_resumes(history: History) -> None:
    session = make_session(history)
    for quit_key in ("q", "\x03", "\x04"):
        message = drive(session, "12\r" + quit_key)
        assert "Match saved" in message
    record = match_record(session.match, session.names)
    session.close()
    again = make_session(history)
    assert drive(again, "y" + "q").startswith("Match saved")
    assert match_record(again.match, again.names) == record
    assert json.loads(again.record_json()) == json.loads(json.dumps(record))  # no screen state
    assert again.game_id is not None
    assert history.screen_state(again.game_id, MATCH) == {"seen": again.told.shown}


def test_a_second_copy_does_not_take_a_match_in_play(history: History) -> None:
    first = make_session(history)
    drive(first, "12\r")
    second = make_session(history, seed=5)
    offer = second.resume_prompt()
    assert second.stage is Stage.RESUME and not offer.resumable
    assert "another window" in offer.headline and f"match {first.game_id}" in offer.saved
    drive(second, "y")  # it cannot be resumed here, and says why
    assert second.stage is Stage.RESUME and "another window" in second.message
    drive(second, "n")
    assert second.stage is not Stage.RESUME and second.match.seed == 5
    assert second.game_id is None and len(history.unfinished(MATCH)) == 1  # nothing filed
    drive(second, "12\r")
    assert second.game_id is not None and len(history.unfinished(MATCH)) == 2


def test_a_match_nobody_played_is_not_filed(history: History) -> None:
    session = make_session(history, seed=5)
    assert session.quit() == "Nothing was played, so nothing was kept."
    session.close()
    assert history.games(kind=MATCH) == []


def test_a_new_match_keeps_the_saved_one(history: History) -> None:
    first = make_session(history)
    drive(first, "12\r")
    first.close()
    again = make_session(history, seed=5)
    drive(again, "n")
    assert again.match.seed == 5 and "is kept" in again.message
    drive(again, "12\r")  # seed 5 is filed with its first move
    assert len(history.unfinished(MATCH)) == 2


def test_a_series_deals_the_next_game_after_enter(history: History) -> None:
    session = make_session(history, seed=4, games=2)
    saw_game_over = False
    steps = 0
    while session.stage is not Stage.MATCH_OVER:
        if session.stage is Stage.GAME_OVER:
            saw_game_over = True
            screen = " ".join(render(session))
            won = session.match.match_points
            said = f"Games won in the series after 1 of 2: you {won[0]}, standard {won[1]}"
            assert said in screen and "wins the series" not in screen
            shown = session.view.scores()  # game 1's end, as on screen
            assert session.quit().startswith(
                f"Match saved (game 1 of 2, points you {shown[0]}, "
                f"standard {shown[1]}; games won you {won[0]}, standard {won[1]})"
            )
        press(session, next_key(session))
        steps += 1
        assert steps < 800
    assert saw_game_over and len(session.match.results) == 2
    assert session.match.results == engine_match(4, games=2).results
    screen = " ".join(line.strip() for line in render(session))
    won = session.match.match_points
    winner = session.match.winner
    assert winner is not None
    first = ("You win", "standard wins")[winner]
    assert f"{first} the series, {max(won)} games to {min(won)}" in screen, screen


def test_a_series_standing_tells_game_points_from_games_won(history: History) -> None:
    """Mid-series the offer and the resumed line tell the game's points from the games
    won; a one-game match says its points alone, as before."""
    session = make_session(history, seed=4, games=3)
    while session.stage is not Stage.GAME_OVER:
        press(session, next_key(session))
    press(session, next_key(session))  # the next game is dealt
    drive(session, "12\r")
    said = session.quit()
    session.close()
    again = make_session(history, seed=9)
    offer = again.resume_prompt()
    won = again.match.match_points
    assert offer.standing.startswith("game 2 of 3, points you ")
    assert offer.standing.endswith(f"; games won you {won[0]}, standard {won[1]}")
    assert said.startswith(f"Match saved ({offer.standing})")
    again.resume()
    assert again.message.startswith("Resumed match 1: game 2 of 3, points you ")
    again.close()
    single = make_session(history, seed=5)
    single.start_afresh()
    drive(single, "12\r")
    assert re.match(r"Match saved \(you \d+, standard \d+\)", single.quit())
    single.close()


def test_the_end_says_when_in_the_deal_121_was_reached() -> None:
    kinds = set()
    for seed in range(12):
        match = engine_match(seed, games=2)
        for game in match.played:
            events = list(game.deals[-1].events)
            last = events[-1]
            text = ended_how(events)
            if isinstance(last, Counted):
                kinds.add(f"show {len(game.deals[-1].show)}")
                assert "in the show" in text
                assert ("before" in text) == (len(game.deals[-1].show) < 3)
            else:
                kinds.add("play")
                assert "in the play" in text or "his heels" in text
    assert "play" in kinds and "show 1" in kinds  # pone's count can win before the dealer's


def test_ascii_mode_draws_without_symbols(history: History) -> None:
    session = MatchSession(history, "standard", lambda: Match(SEED), ascii=True)
    screens: list[str] = []
    while session.stage is not Stage.MATCH_OVER and len(screens) < 40:
        screens.append("\n".join(render(session)))
        press(session, next_key(session))
    text = "\n".join(screens)
    assert "Count" in text and "starter" in text
    assert not any(ch in text for ch in "♣♦♥♠○●◆◉◎★┃🂠")


def test_the_footer_names_the_keys_of_the_cards_you_hold(history: History) -> None:
    session = make_session(history)
    seen: set[int] = set()
    while session.stage is not Stage.MATCH_OVER and len(seen) < 4:
        if session.your_turn and not session.discarding and not session.counting:
            held = len(session.hand)
            seen.add(held)
            footer = render(session)[-1]
            assert footer.startswith(("1 lay" if held == 1 else f"1-{held} lay") + " "), footer
        press(session, next_key(session))
    assert seen == {1, 2, 3, 4}


def test_a_number_past_your_cards_says_which_keys_fit(history: History) -> None:
    session = make_session(history)
    while not (session.your_turn and not session.discarding and len(session.hand) < 4):
        press(session, next_key(session))
        assert session.stage is not Stage.MATCH_OVER
    held = len(session.hand)
    before = match_record(session.match, session.names)
    session.digit(str(held + 1))
    keys = "1" if held == 1 else f"1-{held}"
    assert session.message == f"You hold {held} card{'s' * (held > 1)}: press {keys}."
    assert match_record(session.match, session.names) == before
    assert render(session)[-1].startswith(f"{keys} lay ")


def test_every_digit_that_names_no_card_says_which_keys_fit(history: History) -> None:
    session = make_session(history)
    assert session.discarding
    for _ in range(5):  # six cards to discard from, then four, three, two and one to lay
        held = len(session.hand)
        keys = "1" if held == 1 else f"1-{held}"
        before = match_record(session.match, session.names)
        for digit in "0123456789":
            if not 1 <= int(digit) <= held:
                session.message = ""
                session.digit(digit)
                assert session.message == f"You hold {held} card{'s' * (held > 1)}: press {keys}."
                assert match_record(session.match, session.names) == before
        if held == 1:
            break
        press(session, next_key(session))
        while not session.your_turn:
            assert session.stage is not Stage.MATCH_OVER
            press(session, "\r")


def test_a_digit_when_you_have_nothing_to_pick_says_so(history: History) -> None:
    session = make_session(history)
    while session.your_turn or session.counting:
        press(session, next_key(session))
    assert not session.timed_pending
    drive(session, "3")
    assert session.message == "'3' does nothing here; h shows the keys"


@pytest.mark.parametrize("ascii", [False, True])
def test_the_help_says_both_tracks_carry_pegs_of_the_same_shape(
    history: History, ascii: bool
) -> None:
    session = MatchSession(history, "standard", lambda: Match(SEED), ascii=ascii)
    session.show_help = True
    text = "\n".join(render(session))
    front, back = ("@", "+") if ascii else ("◆", "◉")
    # The board draws the same two pegs on both tracks: the help must not call them yours.
    board = MatchScreen(session).board()
    board.pegs = ((5, 2), (7, 3))
    tracks = render_board(board)
    assert all(front in track and back in track for track in (tracks[0], tracks[2]))
    assert f"{front} {back}" in text and "each player's pegs" in text
    assert "your pegs" not in text


def render_board(board: RenderableType) -> list[str]:
    return helpers.render(board).split("\n")


def test_the_count_is_shown_only_while_the_play_is_on(history: History) -> None:
    """Before the starter the play area says what the play waits for; after the play (at the
    show, or a game won in the play) a title stands over its calls, not a stale "Count 0"."""
    session = make_session(history, games=2)
    seen: set[str] = set()
    while session.stage is not Stage.MATCH_OVER:
        lines = render(session)
        counting = any(line.startswith("Count ") for line in lines)
        if session.discarding:
            seen.add("before")
            assert not counting and any(line.startswith("The play begins") for line in lines)
        elif session.your_turn and not session.counting:
            seen.add("play")
            assert counting
        elif session.stage is Stage.SHOW and not session.view.counted():
            seen.add("after")
            assert not counting and "The play, as it went:" in lines, "\n".join(lines)
        elif session.stage is Stage.GAME_OVER and not session.view.counted():
            seen.add("won in the play")
            assert not counting, "\n".join(lines)
        press(session, next_key(session))
    assert {"before", "play", "after"} <= seen


@pytest.mark.parametrize("seed", [3, 5])
def test_the_computers_discard_never_shows_before_yours(history: History, seed: int) -> None:
    """Whoever discards first, while you pick the computer holds six and the crib is empty on
    screen; once you have discarded both discards are in it, every deal alike."""
    session = make_session(history, seed=seed)
    picked: dict[int, int] = {}  # the deal, who dealt it
    while session.stage is not Stage.MATCH_OVER and len(picked) < 4:
        if session.discarding:
            deal = session.view.deal
            picked[deal.number] = deal.dealer
            table = render(session)[5]
            assert table.startswith("standard: " + " ".join(["🂠"] * 6)), table
            assert "crib (" in table and "): 0 cards" in table, table
            press(session, "12\r")
            assert "): 4 cards" in render(session)[5]
        else:
            press(session, next_key(session))
    assert set(picked.values()) == {YOU, COMPUTER}  # both who discards first


def lone_words(lines: list[str]) -> list[str]:
    """Lines holding one word alone: a wrap gone wrong at this width."""
    return [line for line in lines if len(line.split()) == 1]


def test_the_computers_go_and_its_point_come_after_one_pause(history: History) -> None:
    """A go the computer says just before its own "one for the go" never shows alone while
    the point waits for its pause: the two are said as one."""
    session = MatchSession(history, "standard", lambda: Match(SEED), pause=0.5)
    met = 0
    while session.stage is not Stage.MATCH_OVER:
        while session.timed_pending:
            pending = session.told.events[session.told.shown].event
            session.told.tick()
            shown = session.told.events[session.told.shown - 1].event
            assert (
                not isinstance(shown, SaidGo)
                or session.told.shown == len(session.told.events)
                or not (
                    isinstance(after := session.told.events[session.told.shown].event, GoPoint)
                    and after.player == shown.player
                )
            )
            met += isinstance(pending, SaidGo) and isinstance(shown, GoPoint)
        press(session, next_key(session))
    assert met  # the case was met
