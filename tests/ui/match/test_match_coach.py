"""The play coach on the match screen: the search's numbers, the note on a costly card, the
review after a game, and every coach screen fitting 80x24."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from itertools import takewhile

import pytest

from solitaire.core.cards import Card
from solitaire.match.coach import NOTE_LOSS, CardAdvice, Threat, explain, play_model, review_game
from solitaire.match.decide.values import play_options, play_values
from solitaire.match.discard_coach import advise_discard, shown_parts
from solitaire.match.game import GO, Discard, Lay, Match, Phase
from solitaire.match.players import StandardPlayer
from solitaire.store import History
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.screen import MatchScreen, advice_rows
from solitaire.ui.match.session import YOU, MatchSession, Stage
from tests.ui import helpers

SEED = 21


def coached(history: History, seed: int = SEED) -> MatchSession:
    return MatchSession(history, "standard", lambda: Match(seed), coach=Coach())


def render(session: MatchSession, width: int = 80) -> list[str]:
    return helpers.lines(MatchScreen(session), width)


def to_a_choice(session: MatchSession) -> None:
    """Discard the first two cards and go on until you choose among two or more cards."""
    while not (session.coaching and len(session.match.legal_actions()) > 1):
        assert not session.match.is_over
        if session.discarding:
            session.toggle(0)
            session.toggle(1)
        session.enter()


def test_the_coach_shows_every_card_with_the_searchs_exact_value(history: History) -> None:
    session = coached(history)
    to_a_choice(session)
    session.toggle_coach()
    advice = session.view.advice()
    assert advice is not None and session.coach.show_coach
    view = session.match.observation(YOU)
    model = play_model(view)  # expert's: the open model at pone's opening lead
    assert {a.card: a.net for a in advice} == play_values(view, model=model)
    assert [(a.card, a.net, a.pegs, a.reply) for a in advice] == [
        (o.card, o.net, o.pegs, o.reply) for o in play_options(view, model=model)
    ]
    nets = [a.net for a in advice]
    assert nets == sorted(nets, reverse=True)
    lines = render(session)
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    for item in advice:
        number = session.hand.index(item.card) + 1
        row = next(line for line in lines if line.startswith(f"{number} {item.card.symbol()}"))
        assert f"{float(item.net):+6.2f}" in row
    session.toggle_coach()
    assert not session.coach.show_coach


def test_a_costly_card_is_named_with_its_cost_and_the_best(history: History) -> None:
    named = quiet = 0
    for seed in range(SEED, SEED + 6):
        session = coached(history, seed)
        to_a_choice(session)
        view = session.match.observation(YOU)
        values = play_values(view, model=play_model(view))
        best = max(values.values())
        worst = min(values, key=lambda card: (values[card], card))
        session.lay(session.hand.index(worst))
        note = session.view.coach_note()
        loss = best - values[worst]
        if loss > NOTE_LOSS:
            named += 1
            assert note is not None and note.startswith(f"laying the {worst}")
            # the cost is the difference of the two values as the coach's table writes them
            shown = round(best * 100) - round(values[worst] * 100)
            assert f"cost {shown / 100:.2f} points" in note
            assert abs(shown - loss * 100) <= 1
            best_cards = [card for card, value in values.items() if value == best]
            assert any(note.endswith(f"the {card} was best.") for card in best_cards)
            screen = render(session)
            first = next(i for i, line in enumerate(screen) if line.startswith("Coach: laying the"))
            wrapped = list(takewhile(lambda line: line.startswith(" " * 7), screen[first + 1 :]))
            # the note wraps under itself, not under its label, and is there whole
            said = " ".join(line.strip() for line in [screen[first], *wrapped])
            assert said == f"Coach: {session.view.coach_note(Card.symbol)}" and len(screen) <= 24
        else:
            quiet += 1
            assert note is None
        if named and quiet:
            break
    assert named


def test_the_review_names_the_costliest_discards_and_plays(history: History) -> None:
    match = Match(SEED + 3)
    computer = StandardPlayer()
    while match.current_player is not None:
        seat = match.current_player
        if seat != YOU:
            match.apply(computer.choose(match.observation(seat)), player=seat)
            continue
        legal = match.legal_actions()
        # The first legal choice every time: some discards and cards will cost something.
        match.apply(legal[0] if legal != (GO,) else GO, player=YOU)
    discards, plays = review_game(match, YOU, 1)
    # Recount independently: walk the game's actions again and value each choice of yours.
    fresh = Match(SEED + 3)
    losses: dict[Phase, list[Fraction]] = {Phase.DISCARD: [], Phase.PLAY: []}
    for deal in match.deals:
        actions = [(p, Discard(d)) for p in (deal.pone, deal.dealer) if (d := deal.discards[p])]
        for who, action in [*actions, *deal.plays]:
            if who == YOU and isinstance(action, Discard):
                # One source: the discard coach's totals as shown, the best as expert ranks
                advice = advise_discard(fresh.observation(YOU))
                chosen = next(a for a in advice if set(a.discard) == set(action.cards))
                shown = shown_parts(advice[0])[3] - shown_parts(chosen)[3]
                losses[Phase.DISCARD].append(Fraction(shown, 100))
            elif who == YOU and isinstance(action, Lay) and len(fresh.legal_actions()) > 1:
                seen = fresh.observation(YOU)
                lays = play_values(seen, model=play_model(seen))
                losses[Phase.PLAY].append(max(lays.values()) - lays[action.card])
            fresh.apply(action, player=who)
    for found, phase in ((discards, Phase.DISCARD), (plays, Phase.PLAY)):
        expected = sorted((loss for loss in losses[phase] if loss > 0), reverse=True)[:3]
        assert [item.loss for item in found] == expected
        assert all(item.phase is phase for item in found)
    assert discards and plays


def test_the_review_after_a_game_fits_the_screen(history: History) -> None:
    session = coached(history, SEED + 4)
    session.toggle_coach()  # in the discard: the discard coach
    assert session.coach.show_coach and session.view.discard_advice() is not None
    session.toggle_coach()
    assert not session.coach.show_coach
    while session.stage is not Stage.MATCH_OVER:
        if session.discarding:
            session.toggle(0)
            session.toggle(1)
        elif session.your_turn:
            session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
            continue
        session.enter()
    session.toggle_coach()  # the match over: its whole review (tests/ui/test_review_screen.py)
    assert session.reviewing.shown and not session.coach.show_coach
    lines = render(session)
    assert lines[0] == f"Match {session.game_id} reviewed"
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    steps = session.reviewing.steps
    assert steps is not None
    for _ in steps.shown():
        session.message = session.reviewing.key("right")
        lines = render(session)
        assert len(lines) <= 24 and max(map(len, lines)) <= 80, "\n".join(lines)


def test_without_a_coach_the_key_says_so(history: History) -> None:
    session = MatchSession(history, "standard", lambda: Match(SEED))
    session.toggle_coach()
    assert session.message == "The coach is off in this window." and not session.coach.show_coach
    assert session.view.coach_note() is None


def test_a_coach_that_fails_says_so_and_the_game_goes_on(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    import solitaire.ui.match.coaching as coaching

    def broken(view: object, **how: object) -> list[object]:
        raise ZeroDivisionError("no")

    monkeypatch.setattr(coaching, "advise_play", broken)
    with ThreadPoolExecutor(1) as executor:
        session = MatchSession(history, "standard", lambda: Match(SEED), coach=Coach(executor))
        to_a_choice(session)
        session.toggle_coach()
        while session.view.advice() is None and not (session.coach and session.coach.failed):
            time.sleep(0.01)
        screen = "\n".join(render(session))
        assert "The coach could not work this out (ZeroDivisionError)" in screen
        session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
        assert session.view.coach_note() is None  # nothing to say, nothing broken


def test_the_question_mark_key_opens_the_coach_in_the_app(history: History) -> None:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from solitaire.ui import shell
    from solitaire.ui.match.app import build_app

    session = coached(history)
    keys = ""
    twin = coached(history, SEED)  # the same deal: find the keys up to a choice of cards
    while not (twin.coaching and len(twin.match.legal_actions()) > 1):
        if twin.discarding:
            keys += "12\r"
            twin.toggle(0)
            twin.toggle(1)
        else:
            keys += "\r"
        twin.enter()
    twin.close()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys + "?")
        pipe.close()
        shell.run_full_screen(build_app(session, pipe, DummyOutput()), session.quit)
    assert session.coach.show_coach and session.view.advice() is not None
    assert any(line.startswith("Coach: each card") for line in render(session))


@pytest.mark.parametrize("width", [60, 80])
def test_a_long_reason_wraps_under_itself_not_under_the_card(width: int) -> None:
    hand = [Card.parse(c) for c in ("5H", "9C", "KD", "4S")]
    threats = (
        Threat("a pair royal and 15-2", 8, Fraction(37, 100)),
        Threat("31-2", 2, Fraction(1, 5)),
    )
    advice = [CardAdvice(card, Fraction(-13, 7), 12, Fraction(21, 8), threats) for card in hand]
    drawn = "".join(
        helpers.render(row, width) for row in advice_rows(advice, hand, ascii=True)[1:-1]
    )
    lines = drawn.rstrip("\n").split("\n")
    starts = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    assert [lines[i][:4] for i in starts] == ["1 5H", "2 9C", "3 KD", "4 4S"]
    indent = lines[0].index("pegs")
    assert len(lines) > len(starts)  # the reason does wrap at these widths
    for line in lines:
        assert line[:1].isdigit() or line[:indent].strip() == ""  # wrapped text under the reason
        assert len(line) <= width
    words = " ".join(line[indent:].strip() for line in lines[: len(lines) // 4])
    assert words == explain(advice[0])


def test_reasons_too_long_for_the_room_name_one_answer_each() -> None:
    hand = [Card.parse(c) for c in ("5H", "9C", "KD", "4S")]
    threats = (
        Threat("a run of 3 and 15-2", 5, Fraction(1, 4)),
        Threat("a pair", 2, Fraction(1, 5)),
    )
    advice = [CardAdvice(card, Fraction(-2), 0, Fraction(33, 20), threats) for card in hand]

    def shown(room: int | None) -> list[str]:
        rows = advice_rows(advice, hand, ascii=False, room=room)
        return "".join(helpers.render(row) for row in rows).rstrip("\n").split("\n")

    roomy, tight = shown(None), shown(10)
    assert len(roomy) > 10 and "0.40 from a pair (20%)" in " ".join(roomy)
    assert len(tight) <= 10 and "a pair" not in " ".join(tight)
    assert (
        sum("their reply 1.65, 1.25 of it a run of 3 and 15-2 (25%)" in line for line in tight) == 4
    )
