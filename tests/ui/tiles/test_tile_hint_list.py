"""The hint list and ``w`` in words that add up (issue 42): each hint's value is the sum of
its parts as shown (score now, leave, reply; or score now and the rest of the game, once
the bag is empty), rounded parts summing to the rounded total, on the rendered screen at
80x24 and 120x40; the hints are the planner's, each play once; ``w``'s differences make
its whole; which hints the planner did not look at, whole hints only, and why a play
outside the look can rate higher."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.movegen import ScoredPlay
from solitaire.tiles.moves import Play
from solitaire.tiles.planner import built_in_planner, new_planner
from solitaire.tiles.players import Appraisal, closing_margin, same_play
from solitaire.tiles.tiles import parse_tiles
from solitaire.ui.kinds import KINDS
from solitaire.ui.tiles.advice import hint_text, split_tenths
from solitaire.ui.tiles.session import (
    TileSession,
    closing_text,
    keeps_text,
    typed_form,
    why_lines,
)
from tests.tiles.quick_greedy import quick_greedy
from tests.ui.tiles.test_tile_end_and_rules import hot_seat, screen

HINT = re.compile(r"^([1-9]) [A-M]\d+[ :]")  # "3 B5 across 3L KD · ...": a hint's first row
LOOK = built_in_planner().expert.shortlist
NUMBER = r"[+-]?\d+(?:\.\d)?"
SUM = re.compile(rf"(-?\d+) now((?: {NUMBER} [^=\d·]+?)*) = ({NUMBER}) (in all|before the reply)")


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path, kinds=KINDS) as stored:
        yield stored


def appraisal(
    play: str, score: int, kept: str, leave: float, risk: float | None = None
) -> Appraisal:
    return Appraisal(ScoredPlay(Play.parse(play), score), 0, parse_tiles(kept), leave, risk)


def tenths(number: str) -> int:
    """A number as shown, in tenths, exactly."""
    value = Fraction(number) * 10
    assert value.denominator == 1, number
    return int(value)


def sum_adds_up(said: str) -> int:
    """The sum in ``said`` (``12 now +2.1 leave -5.0 reply = 9.1 in all``) checked: its
    parts as shown make its total as shown. The total, in tenths."""
    match = SUM.search(said)
    assert match, said
    parts = [tenths(match.group(1))]
    parts += [tenths(p) for p in re.findall(rf"(?<= )({NUMBER})(?= )", match.group(2))]
    total = tenths(match.group(3))
    assert sum(parts) == total, said
    return total


def test_rounded_parts_make_the_rounded_total() -> None:
    rng = random.Random(42)
    for _ in range(2000):
        parts: list[float] = [rng.randint(0, 60)]
        parts += [rng.uniform(-30, 30) for _ in range(rng.randint(1, 3))]
        shown = split_tenths(parts)
        assert sum(shown) == round(sum(parts) * 10)
        assert shown[0] == parts[0] * 10  # the score stays whole
        assert all(abs(s - p * 10) < 1 for s, p in zip(shown, parts, strict=True))


def test_the_issue_s_endgame_hint_reads_as_its_sum() -> None:
    """Issue 42's play: 5 points, keeping 8D 9D (-17 at the end), the only reply 2 points:
    -14 in all, and the parts say so."""
    play = appraisal("H7:7D", 5, "8D 9D", -17.0, risk=2.0)
    said = hint_text(play, drawing=False)
    assert said == "keeps 8D 9D · 5 now -17.0 at the end -2.0 reply = -14.0 in all"
    assert sum_adds_up(said) == -140


def test_what_a_play_keeps_is_said_as_the_bag_allows() -> None:
    """While the player draws again, a play of the whole rack keeps nothing (its leave is
    the empty rack's); only with the bag empty does it go out."""
    whole = appraisal("H7:7D H8:8D", 15, "", 0.0)
    assert keeps_text(whole, drawing=True) == "keeps nothing"
    assert keeps_text(whole, drawing=False) == "goes out"
    assert hint_text(whole, drawing=True) == (
        "keeps nothing · 15 now +0.0 leave = 15.0 before the reply"
    )
    out = appraisal("H7:7D H8:8D", 15, "", 12.0, risk=0.0)
    assert hint_text(out, drawing=False) == (
        "goes out · 15 now +12.0 the others' tiles +0.0 reply = 27.0 in all"
    )
    some = appraisal("H7:7D", 2, "3D 7L", 2.14, risk=5.04)
    assert hint_text(some, drawing=True) == (
        "keeps 3D 7L · 2 now +2.1 leave -5.0 reply = -0.9 in all"
    )
    exact = Appraisal(ScoredPlay(Play.parse("H7:7D"), 5), 0, parse_tiles("8D 9D"), -17.0)
    exact = Appraisal(exact.scored, 0, exact.kept, exact.leave, rest=-19)
    assert hint_text(exact, drawing=False) == "keeps 8D 9D · 5 now -19 to the end = -14 in all"


def test_why_says_which_way_the_reply_goes_and_when_yours_rates_higher() -> None:
    best = appraisal("H7:7D H8:8D", 15, "3D", 1.0, risk=10.0)  # 6.0 in all
    mine = appraisal("H7:7D", 2, "3D 8D", 1.5, risk=3.0)  # 0.5 in all
    lines = why_lines(best, mine, drawing=True, look=LOOK)
    assert lines[0] == (
        "The planner's choice scores +13 now, keeps tiles worth -0.5, risks 7.0 more on the "
        "reply: +5.5 in all."
    )
    assert lines[1] == (
        "The planner's choice: H7 down 7D 8D: keeps 3D · 15 now +1.0 leave -10.0 reply "
        "= 6.0 in all."
    )
    assert lines[2].startswith("Yours: H7 across 7D: keeps 3D 8D · 2 now") and len(lines) == 3
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
        f"Yours rates higher: the planner weighs the reply only for its best {LOOK} plays "
        "by score and leave, and yours was not among them."
    )
    assert lines[1] == (
        "Against yours, its choice scores +13 now, keeps tiles worth -8.0, risks 9.5 more "
        "on the reply: -4.5 in all."
    )


def test_why_s_differences_are_those_of_the_parts_shown() -> None:
    """Each total rounds apart (6.04 and 0.46 are shown 6.0 and 0.5): the verdict says the
    difference of what is shown, 5.5, and its parts make it."""
    best = appraisal("H7:7D H8:8D", 15, "3D", 1.04, risk=10.0)  # 6.04
    mine = appraisal("H7:7D", 2, "3D 8D", 1.46, risk=3.0)  # 0.46
    lines = why_lines(best, mine, drawing=True, look=LOOK)
    assert lines[0].endswith(": +5.5 in all.") and "keeps tiles worth -0.5" in lines[0]
    assert sum_adds_up(lines[1]) - sum_adds_up(lines[2]) == 55


def test_why_once_searched_to_the_end_is_said_in_whole_points() -> None:
    """The tmux game of seed 101 at turn 28: going out against keeping the queen."""
    out = Appraisal(ScoredPlay(Play.parse("J11:QL K11:TD"), 6), 0, (), 8.0, rest=8)
    mine = Appraisal(ScoredPlay(Play.parse("J6:TD"), 4), 1, parse_tiles("QL"), -10.0, rest=-12)
    lines = why_lines(out, mine, drawing=False, look=LOOK)
    assert lines[0] == "The planner's choice scores +2 now, the rest of the game +20: +22 in all."
    assert lines[1].endswith("goes out · 6 now +8 to the end = 14 in all.")
    assert lines[2].endswith("keeps QL · 4 now -12 to the end = -8 in all.")
    assert verdict_adds_up(lines[0]) == sum_adds_up(lines[1]) - sum_adds_up(lines[2])


def verdict_adds_up(verdict: str) -> int:
    """The verdict's differences as shown make its whole as shown; the whole, in tenths."""
    match = re.search(rf"choice (.*): ({NUMBER}) in all\.", verdict)
    assert match, verdict
    total = tenths(match.group(2))
    parts = []
    for reason in match.group(1).split(", "):
        if reason == "differs by a hair":
            continue
        found = re.fullmatch(r"risks (\d+\.\d) (more|less) on the reply", reason)
        if found:
            parts.append(tenths(found.group(1)) * (-1 if found.group(2) == "more" else 1))
            continue
        found = re.fullmatch(
            rf"(?:scores ({NUMBER}) now|keeps tiles worth ({NUMBER})|"
            rf"the rest of the game ({NUMBER})|its chance of winning is worth ({NUMBER}))",
            reason,
        )
        assert found, reason
        parts.append(tenths(next(g for g in found.groups() if g is not None)))
    assert sum(parts) == total, verdict
    return total


def below_board(session: TileSession, width: int, height: int, title: str) -> str:
    """The panel below the board from its title on, as one line (the rows unwrapped); the
    whole of it (Tab, every page) when it is cut."""
    rows = screen(session, width, height).rstrip("\n").split("\n")
    start = next(i for i, row in enumerate(rows) if row.startswith(title))
    text = " ".join(rows[start + 1 : -2])
    if "more lines: Tab" in text:
        session.toggle_whole()
        pages = []
        for page in range(20):
            session.whole = page
            rows = screen(session, width, height).rstrip("\n").split("\n")
            pages.append(" ".join(rows[1:-1]))
            if f"page {page + 1} of {page + 1}" in rows[0]:
                break
        session.whole = None
        text = " ".join(pages)
    return " ".join(text.split())


def hints_add_up(session: TileSession, width: int, height: int) -> None:
    """The hint list as drawn: whole hints numbered from 1, each play once, each one's sum
    adding up as shown, those the planner did not look at after a line saying so, and how
    many more there are when not all fit."""
    hints = session.hints
    assert hints
    assert len({same_play(h) for h in hints}) == len(hints)  # distinct plays
    rows = screen(session, width, height).rstrip("\n").split("\n")
    start = next(i for i, row in enumerate(rows) if row.startswith("Best plays by the planner"))
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
        start_at = said.index(f"{number} {typed_form(hint.play)} · ")
        after = hints[number] if number + 1 in shown else None
        end_at = said.find(f" {number + 1} {typed_form(after.play)} · ") if after else -1
        own = said[start_at : end_at if end_at > 0 else None]
        if hint.closing is not None and hint.rest is None:
            assert f"{hint.score} now · {closing_text(hint)}" in own
            continue
        assert keeps_text(hint, drawing) in own
        assert sum_adds_up(own) == round(hint.total * 10)  # the total, rounded
    looked = [h.total for h in hints if h.risk is not None or h.rest is not None]
    assert looked == sorted(looked, reverse=True)
    first_not = next(
        (n for n in shown if hints[n - 1].risk is None and hints[n - 1].rest is None), None
    )
    if first_not is not None and first_not > 1:  # the line, then that hint
        assert f"{not_looked(session, first_not - 1)} {first_not} " in said
        assert said.count("their reply not looked at") == 1
    else:
        assert "not looked at" not in said


def why_adds_up(session: TileSession, width: int, height: int) -> None:
    """``w`` as drawn: the verdict's parts make its whole, each play's sum adds up, and the
    verdict's whole is the difference of the two totals shown."""
    said = below_board(session, width, height, "Why (w)")
    if "closes the board" in said:
        return
    if "is the planner's own choice" in said:
        sum_adds_up(said)
        return
    verdict, _, rest = said.partition(". The planner's choice: ")
    if verdict.startswith("Yours rates higher"):
        verdict = verdict.split(". Against yours, ")[1]
    whole = verdict_adds_up(verdict + ".")
    best, _, mine = rest.partition(". Yours: ")
    assert sum_adds_up(best) - sum_adds_up(mine) == whole, said


def not_looked(session: TileSession, listed: int) -> str:
    """The line before the first hint the planner did not look at: how many it looked at,
    and how many of those are not listed, having the tiles and score of a play listed."""
    view = session.game.observation(session.seat)
    looked = [a for a in built_in_planner().ranked(view) if a.risk is not None]
    assert len(looked) == min(LOOK, len(built_in_planner().expert.candidates(view)))
    keys = [(a.score, *sorted(a.play.tiles)) for a in looked]
    assert len(set(keys)) == listed  # every other looked-at play repeats a listed one
    same = len(looked) - listed
    aside = f" ({same} of them the same tiles and score as a play above)" if same else ""
    return f"Below its best {len(looked)} by score and leave{aside}, their reply not looked at:"


def _walk(history: History, seed: int, why_every: int) -> tuple[int, int, int]:
    """A hot-seat game walked by greedy: at every turn with a play, the hints (and every
    few turns ``w`` on a hint chosen at random) checked as drawn at 80x24 and 120x40."""
    session = TileSession(history, ["Ann", "Bob"], lambda: TileGame(seed), explicit=True)
    chooser = new_planner()
    rng = random.Random(seed)
    drawn = empty = whys = 0
    while not session.game.is_over:
        session.take_keyboard()
        view = session.game.observation(session.seat)
        session.hint()
        hints = session.hints
        if hints:
            if len(hints) > 1 and view.bag_size:
                assert hints[0].play == chooser.choose(view)  # the planner's own choice
            for size in ((80, 24), (120, 40)):
                hints_add_up(session, *size)
            if session.drawing:
                drawn += 1
            else:
                empty += 1
            if len(session.game.turns) % why_every == 0:
                session.lay_hint(rng.randrange(len(hints)))
                session.explain_why()
                for size in ((80, 24), (120, 40)):
                    why_adds_up(session, *size)
                whys += 1
                session.why = None
                session.clear()
        session.hints = None
        session.commit(quick_greedy(view))
    return drawn, empty, whys


@pytest.mark.usefixtures("ranked_once")
def test_the_hints_and_why_add_up_at_every_turn_of_a_game(history: History) -> None:
    """The class test: at each of a game's turns with a play (the bag full, short and
    empty), every hint's sum and ``w``'s as rendered."""
    drawn, empty, whys = _walk(history, 4, 3)
    assert drawn > 10 and empty >= 1 and whys >= 5


@pytest.mark.slow
@pytest.mark.parametrize("seed", [57])  # one more game: each takes half a minute
@pytest.mark.usefixtures("ranked_once")
def test_the_hints_and_why_add_up_in_more_games(history: History, seed: int) -> None:
    drawn, _, whys = _walk(history, seed, 2)
    assert drawn > 10 and whys >= 5


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
    session = hot_seat(history)  # the issue's board: a 5x5 block one play from closed
    view = session.game.observation(session.seat)
    session.hint()
    hints = session.hints
    assert hints
    for size in ((80, 24), (120, 40)):
        hints_add_up(session, *size)
    for hint in hints:
        assert hint.closing == closing_margin(view, hint.scored)
    closing = [h for h in hints if h.closing is not None]
    assert closing
    said = " ".join(screen(session, 120, 40).split())
    for hint in closing:
        assert f"{typed_form(hint.play)} · {hint.score} now · {closing_text(hint)}" in said
    assert not BIG.search(said)
    best = hints[0]
    assert best.closing is None
    for hint in closing:
        session.hints = None
        session.laid = list(hint.play.placements)
        session.explain_why()
        why = session.why
        assert why is not None and not BIG.search(" ".join(why))
        assert why[0].startswith("The planner's choice plays on (")
        assert why[0].endswith(f" in all); yours {closing_text(hint)}.")
        assert why[2].endswith(f"{hint.score} now · {closing_text(hint)}.")


def test_closing_text_says_ahead_or_behind() -> None:
    ahead = Appraisal(ScoredPlay(Play.parse("H7:7D"), 2), 0, (), 0.0, 0.0, closing=3.64)
    assert closing_text(ahead) == "closes the board, ending the game ahead by 3.6"
    behind = Appraisal(ScoredPlay(Play.parse("H7:7D"), 2), 0, (), 0.0, 0.0, closing=-0.5)
    assert closing_text(behind) == "closes the board, ending the game behind by 0.5"
