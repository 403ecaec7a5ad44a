"""The discard coach on the match screen: ? and w at the discard (hints, recorded and saved),
what the discard cost once the deal is counted, fitting 80x24 and using 120x40."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from solitaire.core.cards import ALL_CARDS
from solitaire.match.discard_coach import advise_discard, cost_note, shown_parts, why_discard
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Discard, Match
from solitaire.store import History
from solitaire.ui.kinds import KINDS, MATCH
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.screen import MatchScreen
from solitaire.ui.match.session import YOU, MatchSession, Stage
from tests.faults import FULL, sqlite_error
from tests.ui import helpers

SEED = 31


def coached(history: History, seed: int = SEED) -> MatchSession:
    return MatchSession(history, "standard", lambda: Match(seed), coach=Coach())


def render(session: MatchSession, width: int = 80, rows: int = 24) -> list[str]:
    return helpers.lines(MatchScreen(session, rows), width)


def saved_hints(history: History, session: MatchSession) -> list[object]:
    if session.game_id is None:  # a match is filed with its first move (or hint)
        return []
    record = json.loads(history.stored_record(session.game_id, MATCH)[1])
    hints: list[object] = record.get("hints", [])
    return hints


def to_the_counts(session: MatchSession) -> None:
    """Lay the first card that fits until the show's first count is on screen."""
    while not (session.stage is Stage.SHOW and session.view.counted()):
        if session.your_turn and not session.discarding:
            session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
        else:
            session.enter()


@pytest.mark.parametrize("seed", [SEED, SEED + 1, SEED + 2])
def test_the_coach_lists_all_15_discards_in_the_experts_order(history: History, seed: int) -> None:
    session = coached(history, seed)
    assert session.discarding and saved_hints(history, session) == []
    session.toggle_coach()
    assert session.coach.show_coach
    view = session.match.observation(YOU)
    advice = advise_discard(view)
    assert session.view.discard_advice() == advice
    assert ExpertPlayer().choose(view) == Discard(advice[0].discard)
    lines = render(session)
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    rows = [line for line in lines if line[4:5] != " " and line[:2] in ("* ", "  ", "*>", "> ")]
    body = lines[lines.index(next(x for x in lines if "discard  keep" in x)) + 1 :][:15]
    assert len(body) == 15 and rows
    for line, option in zip(body, advice, strict=True):
        hand, crib, play, total = shown_parts(option)
        numbers = line.split()[-4:]
        assert [float(n) * 100 for n in numbers] == pytest.approx([hand, crib, play, total])
        assert round(sum(float(n) * 100 for n in numbers[:3])) == total
    assert body[0].startswith("*")
    # the hint is in the match and in its saved record, once
    game, deal = session.match.game_number, len(session.match.deals)
    assert session.match.hints == {(YOU, game, deal)}
    assert saved_hints(history, session) == [
        {"player": YOU, "game": game, "deal": deal, "coach": "discard"}
    ]
    session.toggle_coach()
    session.toggle_coach()
    assert len(saved_hints(history, session)) == 1


def test_the_picked_discard_is_marked_and_w_explains_it(history: History) -> None:
    session = coached(history)
    session.toggle_coach()
    advice = session.view.discard_advice()
    assert advice is not None
    worst = advice[-1]
    for index, card in enumerate(session.hand):
        if card in worst.discard:
            session.toggle(index)
    lines = render(session)
    marked = [line for line in lines if line.startswith(">") or line.startswith("*>")]
    assert len(marked) == 1
    assert marked[0][4:].startswith(" ".join(c.symbol() for c in sorted(worst.discard)))
    session.why()
    assert session.coach.show_why and not session.coach.show_coach
    name = lambda card: card.symbol()  # noqa: E731
    assert session.why_lines(name) == why_discard(advice, worst.discard, name)
    lines = render(session)
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    said = " ".join(line.strip() for line in lines)
    first = why_discard(advice, worst.discard, name)[0]
    assert first.split(":")[0] in said
    session.why()
    assert not session.coach.show_why
    session.toggle(next(i for i, c in enumerate(session.hand) if c in worst.discard))
    session.why()  # one card picked: the best beside the next best
    assert session.why_lines(name) == why_discard(advice, None, name)


def test_at_120x40_the_table_shows_the_board_and_why(history: History) -> None:
    session = coached(history)
    session.toggle_coach()
    small = render(session)
    assert not any("◎121" in line for line in small)  # 80x24: the scores on one line
    assert any(line.startswith("you 0, standard 0") for line in small)
    big = render(session, 100, 40)  # the app draws a 120-column terminal 100 wide
    assert len(big) <= 40 and max(map(len, big)) <= 100
    assert sum("◎121" in line for line in big) == 2
    advice = session.view.discard_advice()
    assert advice is not None
    said = " ".join(line.strip() for line in big)
    assert why_discard(advice, None, lambda card: card.symbol())[0][:40] in said
    assert "His heels" in said


def test_the_cost_of_your_discard_is_said_once_the_deal_is_counted(history: History) -> None:
    for seed in (SEED, SEED + 1):
        session = coached(history, seed)
        if session.offering:  # the last seed's match, saved: this seed is a new one
            session.start_afresh()
        view = session.match.observation(YOU)
        advice = advise_discard(view)
        mine = advice[-1] if seed == SEED else advice[0]
        for index, card in enumerate(session.hand):
            if card in mine.discard:
                session.toggle(index)
        session.enter()
        assert session.match.hints == set()  # never asked: no hint
        to_the_counts(session)
        name = lambda card: card.symbol()  # noqa: E731
        note = cost_note(advice, mine.discard, name)
        assert session.discard_note(name) == note
        lines = render(session)
        assert len(lines) <= 24 and max(map(len, lines)) <= 80
        said = " ".join(line.strip() for line in lines)
        assert f"Coach: {note}" in said
        assert ("was the best" in note) == (mine is advice[0])
        session.why()  # after the discard: why the best beat yours, not a hint
        assert session.coach.show_why and session.match.hints == set()
        assert session.why_lines(name) == why_discard(advice, mine.discard, name)
        assert len(render(session)) <= 24
        session.close()  # the next seed's match is a new one, not this one open elsewhere


def test_a_resumed_match_keeps_its_hints_and_costs_its_discard(history: History) -> None:
    session = coached(history)
    session.toggle_coach()
    advice = session.view.discard_advice()
    assert advice is not None
    for index, card in enumerate(session.hand):
        if card in advice[3].discard:
            session.toggle(index)
    session.enter()
    hints = set(session.match.hints)
    game_id = session.game_id
    session.close()
    again = MatchSession(history, "standard", lambda: Match(SEED), resume_id=game_id, coach=Coach())
    assert again.match.hints == hints
    to_the_counts(again)
    note = again.discard_note()
    assert note == cost_note(advice, advice[3].discard)  # rebuilt from the record


def test_a_hint_that_cannot_be_saved_is_not_shown(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = coached(history)

    def fail(*args: object) -> None:
        raise sqlite_error(FULL)

    monkeypatch.setattr(history, "_write", fail)
    session.toggle_coach()
    assert not session.coach.show_coach and session.match.hints == set()
    assert helpers.said_once(session.message, "Not played: ")
    session.why()
    assert not session.coach.show_why and session.match.hints == set()
    monkeypatch.undo()
    session.toggle_coach()
    assert session.coach.show_coach and len(saved_hints(history, session)) == 1


def test_the_keys_open_the_coach_and_why_in_the_app(history: History) -> None:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from solitaire.ui import shell
    from solitaire.ui.match.app import build_app

    session = coached(history)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("?12w")
        pipe.close()
        shell.run_full_screen(build_app(session, pipe, DummyOutput()), session.quit)
    assert session.coach.show_why and len(session.selected) == 2
    assert session.match.hints and session.view.discard_advice() is not None


def test_near_the_end_the_table_has_the_chance_of_winning_and_fits(history: History) -> None:
    hands = ["5H 5C 9S JD 4C TS", "AH 3C 4D 6S 8H KC"]
    session = MatchSession(
        history,
        "expert",
        lambda: Match.from_cards(1, hands, "QD", scores=(108, 112)),
        coach=Coach(),
    )
    session.toggle_coach()
    advice = session.view.discard_advice()
    assert advice is not None and all(option.chance is not None for option in advice)
    lines = render(session)
    header = next(line for line in lines if "discard  keep" in line)
    assert header.split()[-1] == "win" and len(lines) <= 24
    body = lines[lines.index(header) + 1 :][:15]
    assert [line.split()[-1] for line in body] == [f"{a.chance:.1%}" for a in advice]
    session.toggle(0)
    session.toggle(4)
    session.why()
    for message in ("", "Two cards are picked already: unpick one first (its number or Space)."):
        session.message = message
        lines = render(session)
        assert len(lines) <= 24 and max(map(len, lines)) <= 80
        said = " ".join(line.strip() for line in lines)
        assert "ranks by the chance of winning the game" in said
        assert "Pick two to compare; w hides this." in said


def test_near_the_end_of_a_series_the_table_has_game_points_and_fits(history: History) -> None:
    hands = ["5H 5C 9S JD 4C TS", "AH 3C 4D 6S 8H KC"]
    session = MatchSession(
        history,
        "expert",
        lambda: Match.from_cards(1, hands, "QD", scores=(110, 70), games=3),
        coach=Coach(),
    )
    session.toggle_coach()
    advice = session.view.discard_advice()
    assert advice is not None and all(option.chance is not None for option in advice)
    assert {option.stakes for option in advice} == {3}
    lines = render(session)
    header = next(line for line in lines if "discard  keep" in line)
    assert header.split()[-1] == "games" and len(lines) <= 24
    body = lines[lines.index(header) + 1 :][:15]
    assert [line.split()[-1] for line in body] == [
        f"{(2 * a.chance - 1) * 3:+.2f}" for a in advice if a.chance is not None
    ]
    said = " ".join(line.strip() for line in lines)
    assert "near the end ranked by games: expected won less lost" in said
    session.toggle(0)
    session.toggle(4)
    session.why()
    lines = render(session)
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    said = " ".join(line.strip() for line in lines)
    assert "Near the end of a series the computer ranks by the game points it expects" in said


def _positions() -> list[tuple[str, Callable[[], Match]]]:
    """Seeded deals of both roles, and near-the-end positions (ranked by the chance of
    winning, in a game and in a series)."""
    made: list[tuple[str, Callable[[], Match]]] = [
        (f"seed {seed}", partial(Match, seed)) for seed in range(16)
    ]
    for seed in range(6):
        cards = random.Random(seed).sample(ALL_CARDS, 13)
        scores = (100 + seed, 95 + 2 * seed)
        made.append(
            (
                f"near the end {seed}",
                partial(
                    Match.from_cards,
                    seed % 2,
                    (cards[:6], cards[6:12]),
                    cards[12],
                    scores,
                    games=1 + 2 * (seed % 2),
                ),
            )
        )
    return made


MESSAGE = "Two cards are picked already: unpick one first (its number or Space)."


@pytest.mark.parametrize("message", ["", MESSAGE], ids=["plain", "message"])
def test_no_line_of_the_discard_coach_is_left_out_at_80x24(tmp_path: Path, message: str) -> None:
    """The class: every line of the coach (its title, the 15 discards, the legend and his
    heels) is on the screen at 80x24, as a dealer and as pone, near the end too, with a
    message under the cards; the screen keeps to 80x24."""
    roles = set()
    for index, (name, new) in enumerate(_positions()):
        history = History(tmp_path / str(index), kinds=KINDS)  # nothing saved to offer
        session = MatchSession(history, "standard", new, coach=Coach())
        session.toggle_coach()
        session.message = message
        advice = session.view.discard_advice()
        assert advice is not None, name
        roles.add(session.view.deal.dealer)
        lines = render(session)
        said = " ".join(line.strip() for line in lines)
        assert len(lines) <= 24 and max(map(len, lines)) <= 80, (name, "\n".join(lines))
        header = next(i for i, line in enumerate(lines) if "discard  keep" in line)
        assert lines[header - 1].startswith("Coach: 15 discards ranked by "), name
        assert len([x for x in lines[header + 1 :] if x[:2] in ("* ", "  ", "*>", "> ")]) >= 15
        assert lines[header + 16].startswith("* best  > picked"), name
        assert session.view.heels_note() in said, (name, "\n".join(lines))
        assert message in said
        session.close()
        history.close()
    assert roles == {0, 1}
