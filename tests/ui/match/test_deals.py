"""Deals told card by card: `cribsol replay` of a match, and the deal list on screen."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import RenderableType

from solitaire.cli import main
from solitaire.match.game import Match
from solitaire.match.players import StandardPlayer, advance
from solitaire.match.review import deal_numbers, review_deal
from solitaire.store import History
from solitaire.ui.kinds import KINDS
from solitaire.ui.match.deals import WIDE, DealView, rendered_lines
from solitaire.ui.match.screen import MatchScreen
from solitaire.ui.match.session import MatchSession
from solitaire.ui.match.views import MatchView, did, possessive, result_text
from tests.ui.helpers import render

# No test here looks at the review: it is graded when shown (tests/ui/graded.py).
pytestmark = pytest.mark.usefixtures("review_when_shown")

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


_PLAYED: dict[str, str] = {}  # the record below, played once per test process


@pytest.fixture
def record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """A file holding the record of standard against expert, seed 5: the same match each
    time, so it is played once and its text (immutable) written for each test."""
    if "match" not in _PLAYED:
        argv = ("match", "--auto", "standard", "--vs", "expert", "--seed", "5", "--json")
        status, out, _ = run(capsys, *argv)
        assert status == 0
        _PLAYED["match"] = out
    path = tmp_path / "match.json"
    path.write_text(_PLAYED["match"])
    return path


def deals_in(path: Path) -> int:
    return len(json.loads(path.read_text())["played"][0]["deals"])


def test_replay_tells_every_deal_then_the_totals(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    status, out, err = run(capsys, "replay", str(record))
    assert status == 0 and err == ""
    count = deals_in(record)
    assert [int(n) for n in re.findall(r"^Game 1, deal (\d+):", out, re.M)] == list(
        range(1, count + 1)
    )
    assert out.count("The play") == count and out.count("The show") == count
    assert out.count("Coach: standard's discard") == count  # the first seat's verdict
    assert "Totals per deal" in out and "every deal matches the record" in out
    winner = re.search(r": (standard|expert) wins the match", out)
    assert winner is not None and f"{winner[1]} wins 121" in out  # (expert, since #25.2)


def test_replay_picks_one_deal_and_keeps_the_totals_and_the_record(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    status, out, _ = run(capsys, "replay", str(record), "--deal", "2")
    assert status == 0 and re.findall(r"^Game 1, deal (\d+):", out, re.M) == ["2"]
    assert "Totals per deal" not in out
    status, totals, _ = run(capsys, "replay", str(record), "--totals")
    assert status == 0 and "Game 1, deal" not in totals and "┃deal" in totals.replace(" ", "")
    status, shown, _ = run(capsys, "replay", str(record), "--json")
    assert status == 0 and json.loads(shown) == json.loads(record.read_text())


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("--deal", "60"), "--deal 60: game 1 has"),
        (("--game", "2"), "--game 2: this match has 1 game"),
        (("--deal", "0"), "--deal: expected a whole number from 1 to 60"),
        (("--deal", "1", "--totals"), "--totals shows every deal's totals"),
    ],
)
def test_a_deal_the_match_does_not_have_is_one_line(
    capsys: pytest.CaptureFixture[str], record: Path, argv: tuple[str, ...], words: str
) -> None:
    status, out, err = run(capsys, "replay", str(record), *argv)
    assert status == 2 and out == "" and words in err and err.count("\n") == 1, err


def test_a_series_needs_the_game_of_a_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ("match", "--auto", "standard", "--vs", "easy", "--seed", "2", "--games", "2")
    _, out, _ = run(capsys, *argv, "--json")
    path = tmp_path / "series.json"
    path.write_text(out)
    status, _, err = run(capsys, "replay", str(path), "--deal", "1")
    assert status == 2 and "add --game G" in err
    status, out, _ = run(capsys, "replay", str(path), "--deal", "1", "--game", "2")
    assert status == 0 and re.findall(r"^Game (\d), deal (\d+):", out, re.M) == [("2", "1")]


def test_match_options_on_another_game_s_record_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, out, _ = run(capsys, "play", "--auto", "best", "--seed", "3", "--json")
    path = tmp_path / "patience.json"
    path.write_text(out)
    status, shown, err = run(capsys, "replay", str(path), "--deal", "1")
    assert status == 2 and shown == "" and "--deal is for a match's record" in err


def plain(renderable: RenderableType, width: int) -> list[str]:
    return render(renderable, width).splitlines()


@pytest.mark.parametrize("seed", [5, 8])
def test_a_deal_fits_80_columns_and_says_each_call_when_wide(seed: int) -> None:
    match = Match(seed)
    advance(match, (StandardPlayer(), StandardPlayer()))
    for game, number in deal_numbers(match):
        view = DealView(review_deal(match, game, number, coached=(0,)), ("you", "standard"))
        narrow = plain(view, 80)
        assert max(len(line) for line in narrow) <= 80
        wide = plain(view, WIDE)
        assert max(len(line) for line in wide) <= WIDE
        calls = [line for line in wide if re.search(r'"(one for|go"|[a-z-]+)', line)]
        assert len(calls) >= len(review_deal(match, game, number).play)
        assert not any('"' in line for line in narrow if "you said" not in line)
        assert [line.rstrip() for line in narrow] == [
            ANSI.sub("", line.plain) for line in rendered_lines(view, 80)
        ]


def test_a_player_name_agrees_with_its_verb() -> None:
    """The class of "you wins": every sentence with a seat's name as subject."""
    assert did("you", "win") == "you win" and did("expert", "win") == "expert wins"
    assert did("you", "deal") == "you deal" and did("easy", "deal") == "easy deals"
    assert did("standard", "take") == "standard takes"
    assert possessive("you") == "your" and possessive("expert") == "expert's"
    match = Match(6)
    advance(match, (StandardPlayer(), StandardPlayer()))
    result = match.results[0]
    names = ("you", "standard") if result.winner == 0 else ("standard", "you")
    assert str(result_text(result, names)).startswith("you win ")
    told = "\n".join(plain(MatchView(match, names), 100))
    assert "you win the match" in told and "you wins" not in told
    last = review_deal(match, 1, len(match.deals))
    told = "\n".join(plain(DealView(last, names), 100))
    assert ": you win 121 to" in told and "you wins" not in told
    for seed in range(1, 12):  # the cut line: "you deal first" or "standard deals first"
        first = Match(seed)
        advance(first, (StandardPlayer(), StandardPlayer()))
        told = "\n".join(plain(MatchView(first, ("you", "standard")), 100))
        assert "you deals" not in told and "standard deal first" not in told
        assert re.search(r"(you deal|standard deals) first", told)


def test_the_deal_list_opens_pages_and_goes_back(tmp_path: Path) -> None:
    with History(tmp_path, kinds=KINDS) as history:
        session = MatchSession(history, "standard", lambda: Match(5))
        session.open_deals()
        assert session.browser is None and "No deal has ended" in session.message
        while session.view.deal.number == 1 and session.match.deals[0].show == []:
            step(session)
        while not session.view.next_is_deal:
            assert session.view.listed_deals() == []  # the play and the show are not over yet
            step(session)
        assert session.view.listed_deals() == [(1, 1)]  # the show of deal 1 is all on screen
        session.open_deals()
        browser = session.browser
        assert browser is not None and browser.opened is None and browser.cursor == 0
        screen = drawn(session, 80, 24)
        assert "The deals so far" in screen[1] and len(screen) <= 24
        assert max(len(line) for line in screen) <= 80
        browser.enter()
        screen = drawn(session, 80, 24)
        assert screen[1].startswith("Game 1, deal 1: standard deals") or screen[1].startswith(
            "Game 1, deal 1: you deal"
        )
        assert len(screen) <= 24 and "Esc the list" in screen[-1]
        first = screen[1:3]
        browser.page_by(1)
        assert drawn(session, 80, 24)[1:3] != first or browser.lines <= browser.page
        assert len(drawn(session, 120, 40)) <= 40
        session.deals_back()
        assert session.browser is browser and browser.opened is None
        session.deals_back()
        assert session.browser is None


def step(session: MatchSession) -> None:
    if session.discarding:
        session.toggle(0)
        session.toggle(1)
        session.confirm()
    elif session.your_turn:
        index = next(i for i, card in enumerate(session.hand) if session.playable(card))
        session.toggle(index)
    else:
        session.enter()


def drawn(session: MatchSession, width: int, rows: int) -> list[str]:
    lines = plain(MatchScreen(session, rows), min(width, 100))
    return [ANSI.sub("", line).rstrip() for line in lines]


def test_a_refusal_names_the_card_as_the_screen_does(tmp_path: Path) -> None:
    """``10♣ would take the count past 31``, and ``10C`` on a screen drawn in ASCII."""
    for ascii in (False, True):
        with History(tmp_path / str(ascii), kinds=KINDS) as history:
            session = MatchSession(history, "standard", lambda: Match(12), ascii=ascii)
            while True:
                if session.your_turn and not session.discarding:
                    unfit = [i for i, c in enumerate(session.hand) if not session.playable(c)]
                    if unfit:
                        break
                step(session)
            card = session.hand[unfit[0]]
            session.toggle(unfit[0])
            assert session.message.startswith(f"{card.symbol(ascii)} would take the count")
            assert (
                "♣" in session.message
                or "♦" in session.message
                or "♥" in session.message
                or "♠" in session.message
            ) is not ascii
            session.close()


def test_a_series_standing_is_on_screen_from_game_2(tmp_path: Path) -> None:
    with History(tmp_path, kinds=KINDS) as history:
        session = MatchSession(history, "standard", lambda: Match(7, games=2))
        while session.view.game_number == 1:
            assert MatchScreen(session).series() is None
            assert "games" not in drawn(session, 80, 24)[2]
            step(session)
        done = session.match.results[0]
        points = [done.game_points if done.winner == seat else 0 for seat in (0, 1)]
        assert MatchScreen(session).series() == (points[0], points[1])
        screen = drawn(session, 80, 24)
        assert screen[2].startswith(f"{f'games {points[0]}':>12} ")  # under your score
        assert screen[4].startswith(f"{f'games {points[1]}':>12} ")
        assert max(len(line) for line in screen) <= 80
        session.close()


def _play_out(session: MatchSession) -> None:
    """Play the whole match by the first fitting card; every count said as 0 (so muggins,
    when on, takes what was missed)."""
    while not session.match.is_over or session.stage.value != "match over":
        if session.counting:
            session.digit("0")
            session.enter()
        else:
            step(session)


ROW = re.compile(r"^[> ]\s+(\d+)\.(\d+)\s")


@pytest.mark.parametrize(
    "seed, rules",
    [
        (3, {}),
        (11, {"games": 2}),
        (4, {"counting": (0,), "muggins": True}),
        (6, {"counting": (0,)}),
    ],
)
def test_the_deal_lists_columns_sum_to_each_deals_change_of_score(
    tmp_path: Path, seed: int, rules: dict[str, object]
) -> None:
    """On the list as drawn: each side's heels, pegging, hands, crib and muggins make the
    change in its score over the deal (the board stopping at 121), in every deal."""
    with History(tmp_path, kinds=KINDS) as history:
        session = MatchSession(history, "standard", lambda: Match(seed, **rules))  # type: ignore[arg-type]
        _play_out(session)
        session.open_deals()
        assert session.browser is not None
        screen = drawn(session, 100, 400)
        header = next(line for line in screen if " heels " in line).split()
        muggins = "took" in header
        assert muggins == bool(rules.get("muggins"))
        rows = [line for line in screen if ROW.match(line)]
        assert len(rows) == len(deal_numbers(session.match)) > 5
        before = (0, 0)
        game = 1
        took_any = heels = False
        for line in rows:
            fields = line[1:].split()
            if int(fields[0].split(".")[0]) != game:
                game, before = game + 1, (0, 0)
            parts = fields[3:8] if muggins else fields[3:7]  # heels, pegged, hands, crib(, muggins)
            after = tuple(int(x) for x in fields[-1].split("/"))
            dealer = 0 if fields[1] == "you" else 1
            heels |= parts[0] != "-"
            gained = [0, 0]
            names = ("heels", "pegged", "hands", "crib", "took")[: len(parts)]
            for column, value in zip(names, parts, strict=True):
                if value == "-":
                    continue
                if column == "crib":
                    gained[dealer] += int(value)
                    continue
                pair = [0 if x == "-" else int(x) for x in value.split("/")]
                took_any |= column == "took" and any(pair)
                gained[0] += pair[0]
                gained[1] += pair[1]
            for seat in (0, 1):
                assert min(121, before[seat] + gained[seat]) == after[seat], line
            before = (after[0], after[1])
        assert took_any == bool(rules.get("muggins"))
        assert heels or seed != 11  # 1.7 and 2.9 of seed 11 turn a jack
        assert max(map(len, drawn(session, 80, 24))) <= 80
        session.close()
