"""Counting yourself with muggins on screen, and resuming at every moment of a deal."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest

from solitaire.core.scoring import score_total
from solitaire.match.game import (
    IMPOSSIBLE_COUNTS,
    Counted,
    Discarded,
    Event,
    GameOver,
    GoPoint,
    Laid,
    Match,
    Muggins,
    SaidGo,
)
from solitaire.match.players import EasyPlayer, StandardPlayer, advance, own_count
from solitaire.store import History, StoreError, Summary
from solitaire.ui.kinds import KINDS, MATCH
from solitaire.ui.match.screen import MatchScreen, claim_line, event_line, spoken
from solitaire.ui.match.session import SEEN, YOU, MatchSession, Stage
from solitaire.ui.match.views import MatchView
from tests.ui import helpers

# No test here looks at the review: it is graded when shown (tests/ui/graded.py).
pytestmark = pytest.mark.usefixtures("review_when_shown")

SEED = 21


def new_match(seed: int = SEED, muggins: bool = True) -> Match:
    return Match(seed, counting=(YOU,), muggins=muggins)


def counting_session(history: History, seed: int = SEED, **kw: object) -> MatchSession:
    return MatchSession(history, "standard", lambda: new_match(seed), **kw)  # type: ignore[arg-type]


def render(session: MatchSession, width: int = 80) -> list[str]:
    return helpers.lines(MatchScreen(session), width)


def true_count(session: MatchSession) -> int:
    """The true count of what you are counting, from the deal (not from the engine's answer)."""
    deal = session.match.deal
    crib = session.counting_what == "crib"
    return score_total(deal.crib if crib else deal.kept(YOU), deal.starter, crib=crib)


def step(session: MatchSession, rng: random.Random) -> None:
    """One thing a player at the keyboard does: a discard, a card, a count, or Enter."""
    if session.counting:
        true = true_count(session)
        claim = rng.choice([true, true, max(0, true - rng.randrange(1, 5)), true + 2])
        claim = claim if claim not in IMPOSSIBLE_COUNTS and claim <= 29 else true
        for digit in str(claim):
            session.digit(digit)
        session.enter()
    elif session.discarding:
        session.toggle(0)
        session.toggle(1)
        session.enter()
    elif session.your_turn:
        session.toggle(next(i for i, c in enumerate(session.hand) if session.playable(c)))
    else:
        session.enter()


def test_impossible_counts_are_refused_in_one_line_that_goes_when_you_type_again(
    history: History,
) -> None:
    session = counting_session(history)
    rng = random.Random(1)
    while not session.counting:
        step(session, rng)
    assert session.stage is Stage.SHOW
    screen = "\n".join(render(session))
    assert f"Count your {session.counting_what}:" in screen and "muggins" in screen
    assert re.search(r"Your cards +\S", screen) and not re.search(r"Your cards +1 ", screen)
    saved = history.stored_record(session.game_id or 0, MATCH)[1]
    for typed, words in [
        ("", "Type the points of your hand (0 to 29), then Enter."),
        ("99", "99 is not a possible count: a hand or crib makes 0 to 29; count again."),
        ("19", "no hand or crib makes 19, 25, 26, 27; count again."),
        ("25", "25 is not a possible count"),
        ("26", "26 is not a possible count"),
        ("27", "27 is not a possible count"),
        ("30", "makes 0 to 29"),
    ]:
        for digit in typed:
            session.digit(digit)
        session.enter()
        assert session.counting and words in session.message and session.count.typed == ""
        assert session.message in render(session)  # one line of the screen
    assert history.stored_record(session.game_id or 0, MATCH)[1] == saved  # nothing changed
    session.digit("1")
    assert session.message == "" and session.count.typed == "1"  # the stale line is gone
    session.backspace()
    assert session.count.typed == ""


def test_a_count_too_low_is_taken_by_muggins_and_said_which(tmp_path: Path) -> None:
    said: list[Counted] = []
    for seed in range(SEED, SEED + 30):
        session = counting_session(History(tmp_path / str(seed), kinds=KINDS), seed)
        while not session.counting and session.stage is not Stage.MATCH_OVER:
            step(session, random.Random(seed))
        true = true_count(session)
        if true < 2:
            session.close()
            continue
        claim = 0
        before = session.view.scores()
        session.digit("0")
        session.enter()
        counted = session.view.counted()[-1]
        assert isinstance(counted, Counted) and counted.claimed == claim
        assert counted.taken == true and counted.points == 0
        taken = session.view.visible[-1].event if session.stage is not Stage.GAME_OVER else None
        screen = "\n".join(render(session))
        assert f"Muggins! You said 0 of {true}: standard takes the {true} you missed" in (
            screen.replace("\n", " ")
        )
        if isinstance(taken, Muggins):
            assert session.view.scores()[1] == min(121, before[1] + true)
            assert session.view.scores()[0] == before[0]
        said.append(counted)
        session.close()
        if len(said) >= 3:
            break
    assert len(said) >= 3


def test_the_crib_you_count_is_on_screen_and_the_saved_offer_says_you_count(
    history: History,
) -> None:
    session = counting_session(history)
    rng = random.Random(2)
    while not (session.counting and session.counting_what == "crib"):
        step(session, rng)
    screen = "\n".join(render(session))
    crib = " ".join(card.symbol(False) for card in session.match.deal.crib)
    assert re.search(r"Your crib +" + re.escape(crib), screen) and "Count your crib:" in screen
    session.close()
    offered = counting_session(history, seed=1)
    assert offered.stage is Stage.RESUME
    assert "you count yourself with muggins" in offered.resume_prompt().saved
    lines = [line for line in render(offered) if line.strip()]
    assert all(len(line.split()) > 1 for line in lines), "\n".join(lines)  # no word alone
    offered.close()


def lines_of(counted: Counted) -> str:
    line = claim_line(counted, ("you", "standard"))
    return "" if line is None else line.plain


def test_every_claim_is_explained() -> None:
    match = new_match(7)
    rng = random.Random(3)
    seen = {"right": 0, "over": 0, "under": 0}
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        if match.showing is not None and seat == YOU:
            true = own_count(match.observation(YOU)).points
            claim = rng.choice([true, min(true + 1, 29), max(true - 1, 0)])
            claim = true if claim in IMPOSSIBLE_COUNTS else claim
            counted = match.claim(YOU, claim)[0]
            assert isinstance(counted, Counted)
            text = lines_of(counted)
            if claim == true:
                seen["right"] += 1
                assert text == f"You said {claim}: right."
            elif claim > true:
                seen["over"] += 1
                assert text == f"You said {claim}: it makes only {true}, so you peg {true}."
            else:
                seen["under"] += 1
                assert text.startswith(f"Muggins! You said {claim} of {true}: standard takes")
        else:
            match.apply(StandardPlayer().choose(match.observation(seat)), player=seat)
    assert all(seen.values()), seen


def quit_and_resume(history: History, session: MatchSession, crash: bool) -> MatchSession:
    """Leave (cleanly, or as if the terminal died: the lock goes, nothing more is written)."""
    if crash:
        session.saved.close()
    else:
        session.close()
    assert session.game_id is not None
    return MatchSession(history, "standard", new_match, resume_id=session.game_id)


def your_moves(events: list[Event]) -> list[Event]:
    return [
        e
        for e in events
        if (isinstance(e, Discarded | Laid) and e.player == YOU)
        or (isinstance(e, Counted) and e.claimed is not None)
    ]


@pytest.mark.parametrize("crash", [False, True])
def test_resuming_at_every_moment_skips_nothing_and_repeats_nothing(
    history: History, crash: bool
) -> None:
    """Quit after every key of two deals and more: each discard, card, go, count and Enter."""
    session = counting_session(history, seed=SEED + 5)
    rng = random.Random(5)
    moments: set[str] = set()
    while session.match.deal.number < 4 and session.match.results == []:
        step(session, rng)
        if session.match.is_over:
            break
        shown = [t.event for t in session.view.visible]
        last = session.view.visible[-1].event if session.view.visible else None
        moments.add(type(last).__name__ if last else "start")
        stage, screen = session.stage, None
        session.message = ""
        screen = render(session)
        again = quit_and_resume(history, session, crash)
        again.message = ""
        if crash:
            # Only what came after your last move may be shown again, never anything before it.
            assert again.told.shown <= session.told.shown
            repeated = [t.event for t in session.view.visible[again.told.shown :]]
            assert your_moves(repeated) == []
            while again.told.shown < session.told.shown:
                again.enter()
        assert [t.event for t in again.view.visible] == shown
        assert again.stage is stage and render(again) == screen
        session = again
    assert {"Discarded", "Laid", "Counted", "GoPoint"} <= moments, moments
    assert session.match.deal.number >= 3 or session.match.results


def test_the_seen_note_is_untrusted_and_only_moves_back_to_your_last_move(
    history: History,
) -> None:
    session = counting_session(history, seed=SEED + 5)
    rng = random.Random(5)
    while not session.counting:
        step(session, rng)
    session.close()
    game_id = session.game_id
    assert game_id is not None
    row, text = history.stored_record(game_id, MATCH)
    record = json.loads(text)
    summary = Summary(row.seed, False, row.summary)
    for seen in (-3, 10**6, "7", None):
        history.save(game_id, MATCH, record | {SEEN: seen}, summary)
        with pytest.raises(StoreError, match=f"match {game_id} could not be resumed .*'seen'"):
            MatchSession(history, "standard", new_match, resume_id=game_id)
    history.save(game_id, MATCH, record | {SEEN: 0}, summary)
    again = MatchSession(history, "standard", new_match, resume_id=game_id)
    assert 0 < again.told.shown < len(again.told.events)  # back to your last card laid, not before
    assert your_moves([t.event for t in again.told.events[again.told.shown :]]) == []
    assert again.told.shown < session.told.shown  # what came after your last card is told again
    while not again.counting:
        again.enter()
    assert again.told.shown == len(again.told.events) == session.told.shown
    again.close()


def test_a_redundant_go_before_one_for_the_go_is_not_said() -> None:
    names = ("you", "standard")
    for seed in range(10):
        match = Match(seed)
        advance(match, (EasyPlayer(random.Random(seed)), EasyPlayer(random.Random(-seed))))
        for game in match.played:
            for deal in game.deals:
                told = spoken(deal.events)
                for before, after in pairwise(told):
                    if isinstance(after, GoPoint):
                        assert not (isinstance(before, SaidGo) and before.player == after.player)
                dropped = [e for e in deal.events if e not in told]
                assert all(isinstance(e, SaidGo) for e in dropped)
                for event in told:
                    event_line(event, names, False)


def series(seed: int) -> Callable[[], Match]:
    return lambda: Match(seed, games=2, counting=(YOU,), muggins=True)


GRAMMAR = re.compile(
    r"\byou (lays|says|takes|wins|deals|pegs|counts|has|is|was|misses)\b"
    r"|\b(standard|easy) (lay|say|take|win|deal|peg|count|have|are|miss)\b"
    r"|\bI (lays|takes|wins)\b",
    re.IGNORECASE,
)


@pytest.mark.slow
def test_every_line_spoken_is_grammatical_for_you_and_the_computer(history: History) -> None:
    """Every screen of a whole match with muggins, you as dealer and as pone, and a series."""
    for seed in (SEED, SEED + 1):
        session = MatchSession(history, "standard", series(seed), explicit=True)
        if session.stage is Stage.RESUME:
            session.start_afresh()
        rng = random.Random(seed)
        texts: list[str] = []
        steps = 0
        while session.stage is not Stage.MATCH_OVER:
            texts.append("\n".join(render(session, 120)))
            step(session, rng)
            texts.append(session.message)
            steps += 1
            assert steps < 3000
        texts.append("\n".join(render(session, 120)))
        text = "\n".join(texts)
        assert re.search(r"you +lay ", text) and re.search(r"standard +lays ", text)
        assert GRAMMAR.search(text) is None, GRAMMAR.search(text)
        assert any(isinstance(t.event, GameOver) for t in session.told.events)


def test_the_match_view_explains_each_score_with_the_muggins_column() -> None:
    match = new_match(8)
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        if match.showing is not None and seat == YOU:
            match.claim(YOU, 0)  # every point missed goes to the computer
        else:
            match.apply(StandardPlayer().choose(match.observation(seat)), player=seat)
    text = helpers.render(MatchView(match, ("you", "standard")), 100)
    assert "muggins" in text
    before = (0, 0)
    checked = 0
    for deal in match.played[0].deals:
        after = deal.scores or before
        taken = sum(c.taken for c in deal.show)
        if after[1] < 121:  # a game cut short at 121 is capped: only full deals add up
            for seat in (0, 1):
                own = sum(c.points for c in deal.show if c.player == seat)
                heels = deal.heels if seat == deal.dealer else 0
                muggins = taken if seat == 1 else 0
                assert after[seat] - before[seat] == deal.pegged[seat] + own + heels + muggins
            row = next(line for line in text.splitlines() if re.match(rf"│ +{deal.number} │", line))
            assert f"0/{taken}" in row
            checked += 1
        before = after
    assert checked >= 3
