"""The coach speaks of the card just played: ``w`` in the play explains your last card, the
play coach says what each card leaves the reply, and both coaches say what they rank by."""

from __future__ import annotations

from functools import partial

import pytest

from solitaire.core.cards import Card
from solitaire.match.drill import Drill
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Lay, Match
from solitaire.match.risk import reply_risks, risk_sentence, risk_words
from solitaire.store import History
from solitaire.ui.drill.screen import DrillScreen
from solitaire.ui.drill.session import DrillSession
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.screen import KEYS, MatchScreen
from solitaire.ui.match.session import YOU, MatchSession
from tests.ui import helpers


def said(lines: list[str]) -> str:
    return " ".join(line.strip() for line in lines)


def to_a_choice(session: MatchSession) -> None:
    """Discard the first two cards and go on until you choose among two ranks or more."""
    while not (session.coaching and len({a.card.rank for a in legal_lays(session)}) > 1):
        assert not session.match.is_over
        if session.discarding:
            session.toggle(0)
            session.toggle(1)
        session.enter()


def legal_lays(session: MatchSession) -> list[Lay]:
    return [a for a in session.match.legal_actions() if isinstance(a, Lay)]


@pytest.mark.parametrize("seed", [11, 21, 31])
def test_w_in_the_play_explains_the_card_just_laid_not_the_discard(
    history: History, seed: int
) -> None:
    session = MatchSession(history, "standard", lambda: Match(seed), coach=Coach())
    to_a_choice(session)
    if not session.match.deal.plays:  # before your first card: the discard, as before
        session.why()
        assert "Why the best discard is best" in said(helpers.lines(MatchScreen(session)))
        session.why()
    view = session.match.observation(YOU)
    worst = min(session.hand, key=lambda card: (card.rank != session.hand[0].rank, card))
    index = session.hand.index(worst)
    session.lay(index)
    session.why()
    assert session.coach.show_why and session.explaining_card
    for width, rows in ((80, 24), (120, 40)):
        screen = MatchScreen(session, rows)
        lines = helpers.lines(screen, width)
        text = said(lines)
        assert len(lines) <= rows and max(map(len, lines)) <= width
        assert "Why your last card is worth what it is" in text
        assert "Why the best discard is best" not in text
        symbol = worst.symbol()
        assert f"Your {symbol}" in text
        assert risk_sentence(reply_risks(view, worst), symbol) in text
        assert "ranked by points" in text
    session.why()
    assert not session.coach.show_why


def test_the_help_says_what_w_explains_when(history: History) -> None:
    w = dict(KEYS)["w"]
    assert w == "why: in the play, your card just laid; else the best discard"
    session = MatchSession(history, "standard", lambda: Match(11), coach=Coach())
    session.show_help = True
    lines = helpers.lines(MatchScreen(session))
    assert len(lines) <= 24 and any(line.split()[:1] == ["w"] and w in line for line in lines)


def test_every_row_of_the_play_coach_says_what_the_card_leaves_the_reply(
    history: History,
) -> None:
    for seed in (11, 21, 31, 41):
        session = MatchSession(history, "standard", partial(Match, seed), coach=Coach())
        to_a_choice(session)
        session.toggle_coach()
        advice = session.view.advice()
        assert advice is not None
        view = session.match.observation(YOU)
        for width, rows in ((80, 24), (120, 40)):
            lines = helpers.lines(MatchScreen(session, rows), width)
            assert len(lines) <= rows and max(map(len, lines)) <= width
            text = said(lines)
            assert "Coach: each card ranked by points" in text
            for item in advice:
                risks = reply_risks(view, item.card)
                if rows == 40:  # room for every way each card leaves the reply
                    assert risk_words(risks, short=True) in text
                else:  # every way, or at least the way worth most
                    shown = (risk_words(risks, short=True, most=most) for most in (None, 1))
                    assert any(words in text for words in shown), text


def near_the_end(history: History) -> MatchSession:
    """You deal at 108 to 112; the computer (pone) leads."""
    hands = ["5H 5C 9S JD 4C TS", "AH 3C 4D 6S 8H KC"]
    start = lambda: Match.from_cards(0, hands, "QD", scores=(108, 112))  # noqa: E731
    return MatchSession(history, "expert", start, coach=Coach())


def test_near_the_end_both_coaches_rank_by_the_chance_of_winning_and_say_so(
    history: History,
) -> None:
    session = near_the_end(history)
    session.toggle_coach()
    assert session.view.discard_advice() is not None
    discard = said(helpers.lines(MatchScreen(session)))
    assert "15 discards ranked by your chance of winning" in discard
    session.toggle(0)
    session.toggle(4)
    session.enter()
    while not session.coaching:
        session.enter()
    session.toggle_coach()
    advice = session.view.advice()
    assert advice is not None and all(item.chance is not None for item in advice)
    view = session.match.observation(YOU)
    assert view.opponent_held < 4  # the computer has led: the play is played to win
    assert Lay(advice[0].card) == ExpertPlayer().choose(view)
    chances = [item.chance or 0.0 for item in advice]
    assert chances == sorted(chances, reverse=True)
    for width, rows in ((80, 24), (120, 40)):
        lines = helpers.lines(MatchScreen(session, rows), width)
        assert len(lines) <= rows and max(map(len, lines)) <= width
        play = said(lines)
        assert "Coach: each card ranked by your chance of winning, then points" in play
        for item in advice:
            row = next(
                line for line in lines if line.startswith(f"{session.hand.index(item.card) + 1} ")
            )
            assert f"{item.chance:.1%}" in row and f"{float(item.net):+6.2f}" in row
    worst = advice[-1]
    assert advice[0].chance is not None and worst.chance is not None
    session.lay(session.hand.index(worst.card))
    session.why()
    text = said(helpers.lines(MatchScreen(session)))
    lost = f"{advice[0].chance - worst.chance:.1%}"
    mine, best = f"{worst.chance:.1%}", f"{advice[0].chance:.1%}"
    assert f"Your {worst.card.symbol()}: {mine} chance of winning" in text
    assert f"against {best} for the {advice[0].card.symbol()}, the best (ranked by your" in text
    session.why()
    note = f"laying the {worst.card.symbol()} cost {lost} of your chance of winning the game"
    assert note in said(helpers.lines(MatchScreen(session)))


def test_far_from_the_end_both_coaches_say_they_rank_by_points(history: History) -> None:
    session = MatchSession(history, "standard", lambda: Match(11), coach=Coach())
    session.toggle_coach()
    assert "15 discards ranked by points as expert does" in said(
        helpers.lines(MatchScreen(session))
    )
    session.toggle_coach()
    to_a_choice(session)
    session.toggle_coach()
    assert "Coach: each card ranked by points:" in said(helpers.lines(MatchScreen(session)))


def test_w_in_the_drill_explains_the_card_just_laid(history: History) -> None:
    session = DrillSession(history, lambda: Drill(3, 2, "expert"), coach=Coach())
    session.why()
    assert "lay one first" in session.message
    view = session.drill.observation()
    card = session.hand[1]
    session.lay(1)
    session.why()
    lines = helpers.lines(DrillScreen(session))
    text = said(lines)
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    assert "Why your last card is worth what it is" in text
    assert f"Your {card.symbol()}" in text
    assert risk_sentence(reply_risks(view, card), card.symbol()) in text
    grade = session.last
    assert grade is not None and grade.card == card
    advice = session.last_advice()
    assert advice is not None and grade.loss
    mine = next(item for item in advice if item.card == card)
    best = f"{float(advice[0].net):+.2f} for the {advice[0].card.symbol()}, the best"
    assert f"Your {card.symbol()}: {float(mine.net):+.2f} net pegging" in text and best in text
    assert "it cost" not in text  # the grade says the cost, exactly, once
    assert f"The {card.symbol()} cost {float(grade.loss):.2f} points" in text
    session.why()
    assert "Why your last card" not in said(helpers.lines(DrillScreen(session)))


def test_a_card_laid_alone_is_said_to_be_no_choice(history: History) -> None:
    from solitaire.match.card_why import why_card

    session = MatchSession(history, "standard", lambda: Match(11), coach=Coach())
    to_a_choice(session)
    view = session.match.observation(YOU)
    card: Card = session.hand[0]
    lines = why_card(view, card, None)
    assert lines[0].startswith(f"Your {card} was the only card that fitted")
    assert lines[1] == risk_sentence(reply_risks(view, card), str(card))


def test_the_drill_coach_fits_80_by_24_with_what_each_card_leaves(history: History) -> None:
    from solitaire.ui.drill.session import Stage

    for seed in range(3, 9):
        session = DrillSession(history, partial(Drill, seed, 1, "standard"), coach=Coach())
        shown = 0
        while session.stage is Stage.PLAY:
            if session.drill.choosing():
                session.toggle_coach()
                advice = session.advice()
                assert advice is not None
                session.message = "a message line"
                lines = helpers.lines(DrillScreen(session))
                assert len(lines) <= 24 and max(map(len, lines)) <= 80, "\n".join(lines)
                view = session.drill.observation()
                text = said(lines)
                for item in advice:
                    risks = reply_risks(view, item.card)
                    words = (risk_words(risks, short=True, most=most) for most in (None, 1))
                    shown += any(w in text for w in words)
                session.message = ""
            session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
        assert shown
