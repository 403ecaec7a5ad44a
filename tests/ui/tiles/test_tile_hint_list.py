"""The hint list and ``w`` in words that add up: what a play keeps (going out only once the
bag is empty), each hint's reply and total, which hints the expert did not look at, whole
hints only, and why a play outside the expert's look can rate higher."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import ScoredPlay
from solitaire.tiles.moves import Play
from solitaire.tiles.players import Appraisal, built_in_expert, closing_margin
from solitaire.tiles.tiles import parse_tiles
from solitaire.ui.kinds import KINDS
from solitaire.ui.tiles.session import (
    TileSession,
    closing_text,
    keeps_text,
    typed_form,
    why_lines,
)
from tests.tiles.quick_greedy import quick_greedy
from tests.ui.tiles.test_tile_end_and_rules import hot_seat, screen

HINT = re.compile(r"^([1-9]) +\d+ [A-M]\d+[ :]")  # "3  14 B5 across 3L KD": a hint's first row
LOOK = built_in_expert().shortlist


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path, kinds=KINDS) as stored:
        yield stored


def appraisal(
    play: str, score: int, kept: str, leave: float, risk: float | None = None
) -> Appraisal:
    return Appraisal(ScoredPlay(Play.parse(play), score), 0, parse_tiles(kept), leave, risk)


def test_what_a_play_keeps_is_said_as_the_bag_allows() -> None:
    """While the player draws again, a play of the whole rack keeps nothing (its leave is
    the empty rack's); only with the bag empty does it go out."""
    whole = appraisal("H7:7D H8:8D", 15, "", 0.0)
    assert keeps_text(whole, drawing=True) == "keeps nothing (leave +0.0)"
    assert keeps_text(whole, drawing=False) == "goes out (+0.0: the others' tiles)"
    some = appraisal("H7:7D H8:8D", 15, "3D 7L", -10.0)
    assert keeps_text(some, drawing=False) == "keeps 3D 7L (-10 at the end)"
    assert keeps_text(appraisal("H7:7D", 2, "3D 7L", 2.14), drawing=True) == (
        "keeps 3D 7L (leave +2.1)"
    )


def test_why_says_which_way_the_reply_goes_and_when_yours_rates_higher() -> None:
    best = appraisal("H7:7D H8:8D", 15, "3D", 1.0, risk=10.0)  # 6.0 in all
    mine = appraisal("H7:7D", 2, "3D 8D", 1.5, risk=3.0)  # 0.5 in all
    lines = why_lines(best, mine, drawing=True, look=LOOK)
    assert lines[0] == (
        "The expert's choice scores +13 now, keeps tiles worth -0.5, risks 7.0 more on the "
        "reply: +5.5 in all."
    )
    assert lines[1].startswith("The expert's choice: H7 down 7D 8D: 15 points, keeps 3D")
    assert lines[2].startswith("Yours: H7 across 7D: 2 points, keeps 3D 8D") and len(lines) == 3
    calm = appraisal("H7:7D", 2, "3D 8D", 1.5, risk=-1.0)  # a reply worth less: 4.5 in all
    said = why_lines(best, calm, drawing=True, look=LOOK)
    assert "risks 11.0 more on the reply" in said[0] and said[0].endswith(": +1.5 in all.")
    open_ = appraisal("H7:7D", 2, "3D 8D", 1.5, risk=12.0)  # a reply worth more: -8.5
    said = why_lines(best, open_, drawing=True, look=LOOK)
    assert "risks 2.0 less on the reply" in said[0] and said[0].endswith(": +14.5 in all.")
    # A play outside the look, weighed by w over the same racks, may rate higher: the
    # verdict says so first.
    outside = appraisal("H7:7D", 2, "3D 8D", 9.0, risk=0.5)  # 10.5 in all
    lines = why_lines(best, outside, drawing=True, look=LOOK)
    assert lines[0] == (
        f"Yours rates higher: the expert weighs the reply only for its best {LOOK} plays "
        "by score and leave, and yours was not among them."
    )
    assert lines[1] == (
        "Against yours, its choice scores +13 now, keeps tiles worth -8.0, risks 9.5 more "
        "on the reply: -4.5 in all."
    )


def _hints_on_screen(session: TileSession, width: int, height: int) -> None:
    """The hint list as drawn: whole hints numbered from 1, each looked-at one with its
    reply and total, the rest after a line saying they were not looked at, and how many
    more there are when not all fit."""
    hints = session.hints
    assert hints
    rows = screen(session, width, height).rstrip("\n").split("\n")
    start = next(i for i, row in enumerate(rows) if row.startswith("Best plays by the expert"))
    below = rows[start + 1 :]
    shown = [int(m.group(1)) for row in below if (m := HINT.match(row))]
    assert shown == list(range(1, len(shown) + 1)) and shown, below
    more = [row for row in below if row.startswith("+")]
    if len(shown) < len(hints):
        assert more[-1].startswith(f"+{len(hints) - len(shown)} more plays: Tab shows them all")
    else:
        assert not more
    said = " ".join(" ".join(below).split())  # the rows unwrapped
    drawing = session.drawing
    for number in shown:
        hint = hints[number - 1]
        if hint.closing is not None:
            assert f"{typed_form(hint.play)} · {closing_text(hint)}" in said
            continue
        if hint.risk is not None:
            assert f"reply {hint.risk:.1f} · {hint.total:.1f} in all" in said
        assert keeps_text(hint, drawing) in said
    looked = [h.total for h in hints if h.risk is not None]
    assert looked == sorted(looked, reverse=True)
    first_not = next((n for n in shown if hints[n - 1].risk is None), None)
    if first_not is not None and first_not > 1:  # the line, then that hint
        assert f"{not_looked(session, first_not - 1)} {first_not} " in said
        assert said.count("their reply not looked at") == 1
    else:
        assert "not looked at" not in said


def not_looked(session: TileSession, listed: int) -> str:
    """The line before the first hint the expert did not look at: how many it looked at,
    and how many of those are not listed, having the tiles and score of a play listed."""
    view = session.game.observation(session.seat)
    looked = [a for a in built_in_expert().ranked(view) if a.risk is not None]
    assert len(looked) == min(LOOK, len(built_in_expert().candidates(view)))
    keys = [(a.score, *sorted(a.play.tiles)) for a in looked]
    assert len(set(keys)) == listed  # every other looked-at play repeats a listed one
    same = len(looked) - listed
    aside = f" ({same} of them the same tiles and score as a play above)" if same else ""
    return f"Below its best {len(looked)} by score and leave{aside}, their reply not looked at:"


@pytest.mark.parametrize("seed", [4, 9])
def test_the_hint_list_adds_up_at_every_turn_of_a_game(history: History, seed: int) -> None:
    """At each of a hot-seat game's turns with a play (the bag full, short and empty), at
    80x24 and 120x40."""
    session = TileSession(history, ["Ann", "Bob"], lambda: TileGame(seed), explicit=True)
    drawn = empty = 0
    while not session.game.is_over:
        session.take_keyboard()
        session.hint()
        if session.hints:
            for size in ((80, 24), (120, 40)):
                _hints_on_screen(session, *size)
            said = screen(session, 120, 40)
            if session.drawing:
                drawn += 1
                assert "goes out" not in said and "at the end)" not in said
            else:
                empty += 1
                assert "(leave " not in said.split("Best plays")[1]
        session.hints = None
        session.commit(quick_greedy(session.game.observation(session.seat)))
    assert drawn > 10 and empty >= 1


def test_tab_on_the_hint_list_pages_the_best_plays(history: History) -> None:
    session = TileSession(history, ["Ann", "Bob"], lambda: TileGame(4), explicit=True)
    session.take_keyboard()
    session.hint()
    session.toggle_whole()
    assert "The best plays · page 1 of " in screen(session, 80, 24)


BIG = re.compile(r"\d{4,}")  # a total of thousands: the sort key of a closing play, shown


def test_a_play_that_closes_the_board_is_told_by_its_margin(history: History) -> None:
    """Each hint that closes the board (looked at or not) says so and by how much the game
    ends, never a total; w compares it as a game ended against a game played on."""
    session = hot_seat(history)  # the board: a 5x5 block one play from closed
    view = session.game.observation(session.seat)
    session.hint()
    hints = session.hints
    assert hints
    for size in ((80, 24), (120, 40)):
        _hints_on_screen(session, *size)
    for hint in hints:
        assert hint.closing == closing_margin(view, hint.scored)
    closing = [h for h in hints if h.closing is not None]
    assert any(h.risk is None for h in closing) and any(h.risk is not None for h in closing)
    said = " ".join(screen(session, 120, 40).split())
    for hint in closing:
        assert f"{typed_form(hint.play)} · {closing_text(hint)}" in said
    assert not BIG.search(said)
    best = hints[0]
    assert best.closing is None
    for hint in closing:
        session.hints = None
        session.laid = list(hint.play.placements)
        session.explain_why()
        why = session.why
        assert why is not None and not BIG.search(" ".join(why))
        assert why[0] == (
            f"The expert's choice plays on ({best.total:.1f} in all); yours {closing_text(hint)}."
        )
        assert why[2].endswith(f"points, {closing_text(hint)}.")


def test_closing_text_says_ahead_or_behind() -> None:
    ahead = Appraisal(ScoredPlay(Play.parse("H7:7D"), 2), 0, (), 0.0, 0.0, closing=3.64)
    assert closing_text(ahead) == "closes the board, ending the game ahead by 3.6"
    behind = Appraisal(ScoredPlay(Play.parse("H7:7D"), 2), 0, (), 0.0, 0.0, closing=-0.5)
    assert closing_text(behind) == "closes the board, ending the game behind by 0.5"
