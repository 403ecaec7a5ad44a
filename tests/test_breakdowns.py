"""Every breakdown a coach draws adds up, as rendered: the patience (its table of discards,
``w``, the round's coaching, the rounds after a game, ``advise``) and the match (the discard
coach, its ``w`` and cost line, the play coach and its cost line, the review after a game,
the pegging drill), over seeded random positions. The screens are rendered to text and
read back by :mod:`tests.breakdowns`; the engines' values are never consulted."""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import TypeVar

import pytest
from rich.console import RenderableType

from solitaire.cli import main
from solitaire.core.cards import ALL_CARDS, Card
from solitaire.match.card_why import why_card
from solitaire.match.coach import CardAdvice, Threat, advise_play, explain, play_note, review_game
from solitaire.match.discard_coach import advise_discard, cost_note, why_discard
from solitaire.match.drill import Drill
from solitaire.match.game import GO, Discard, Lay, Match, Observation
from solitaire.match.players import StandardPlayer
from solitaire.patience.game import Game
from solitaire.store import History
from solitaire.ui.kinds import KINDS
from solitaire.ui.match.coach_panels import costly_line
from solitaire.ui.match.screen import advice_rows, discard_rows
from solitaire.ui.patience.screen import SessionScreen
from solitaire.ui.patience.session import Phase, PlaySession
from solitaire.ui.patience.views import GameView
from tests.breakdowns import Breakdown, breakdowns, unbalanced
from tests.ui import helpers

T = TypeVar("T")

SIZES = ((80, 24), (120, 40))


def rendered(*items: RenderableType | str, width: int = 80) -> str:
    """The items drawn one after another on the UI tests' pinned console."""
    return "".join(helpers.render(item, width) for item in items)


class Seen:
    """The breakdowns read so far, by kind; the ones that do not add up."""

    def __init__(self) -> None:
        self.kinds: Counter[str] = Counter()
        self.wrong: list[Breakdown] = []

    def read(self, text: str) -> None:
        found = breakdowns(text)
        self.kinds.update(b.kind for b in found)
        self.wrong += unbalanced(found)

    def check(self, *kinds: str) -> None:
        assert not self.wrong, "\n".join(f"{b.kind}: {b.text}" for b in self.wrong[:5])
        for kind in kinds:  # the readers found what they read: the test cannot pass empty
            assert self.kinds[kind] > 0, (kind, self.kinds)


# -- the readers themselves ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "adds"),
    [
        # the examples, as today's code wrote them
        ("pegs 0; their reply pegs 2.23 on average (15-2 and a run of 3 22%, a run of 3 25%)", 0),
        ("laying the A♥ cost 1.38 points on average, 1.75 of it in the rest of the play; "
         "the 9♣ was best.", 0),
        ("Discarding 4♣ 9♠ is worth 1.56 more than J♦ 9♠: 0.20 in the hand and 1.37 in your "
         "crib", 0),
        ("Play, as pone (a fitted estimate): 5♥ 5♣ J♦ 4♣ pegs +0.61 net on average, 5♥ 5♣ 9♠ "
         "4♣ +0.10: one more five (+0.26); two pairs fewer (+0.20).", 0),
        # and as they read now
        ("pegs 0; their reply pegs 2.23 on average: 1.10 from 15-2 and a run of 3 (22%), "
         "0.75 from a run of 3 (25%), 0.38 from a pair (19%)", 1),
        ("pegs 0; their reply 1.65, 1.25 of it a run of 3 and 15-2 (25%)", 1),
        ("laying the A♥ cost 1.38 points on average: 1.75 lost in the rest of the play, "
         "0.37 gained in their reply; the 9♣ was best.", 1),
        ("laying the 6♣ cost 0.62 points on average, 0.56 of it their 15-2 (in 28% of their "
         "hands, against 0%); the 3♥ was best.", 1),
        ("your discard 9♦ K♣ cost 1.23 points on average (0.50 in the hand, 0.90 in the crib; "
         "it saved 0.17 in the play); 5♥ 5♣ was best.", 1),
        ("your discard 9♦ K♣ cost 1.23 points on average (0.50 in the hand, 0.90 in the crib; "
         "it saved 0.16 in the play); 5♥ 5♣ was best.", 0),
        ("Discarding 4♣ 9♠ beats your J♦ 9♠ by 3.55 points a deal: 3.69 more in the hand, "
         "0.14 more to their crib, 0.00 more in the play.", 1),
        ("  deal 3: 5♥ cost 0.62; best 3♥ (-1.60 against -0.98)", 1),
        ("  deal 3: 9♦ K♣ cost 1.23; best 5♥ 5♣ (hand 0.50 crib 0.90 play -0.17)", 1),
    ],
)  # fmt: skip
def test_the_readers_find_a_breakdown_and_judge_it(text: str, adds: int) -> None:
    found = breakdowns(text)
    assert len(found) == 1
    assert found[0].adds_up == bool(adds)


def test_a_table_row_is_read_with_the_heels_under_it() -> None:
    table = (
        "*   5♥ 5♣ 5♠ J♦  4♣ 9♠    16.65  4.02  20.81   14   45\n"
        "    5♥ 5♣ 5♠ 4♣  J♦ 9♠    12.96  4.17  17.26    8   36\n"
        "his heels, 2 for a jack turned: 3 of 46 unseen are jacks, 2 x 3/46 = 0.13 each\n"
    )
    found = breakdowns(table)
    assert [b.kind for b in found] == ["patience row"] * 2
    assert [b.adds_up for b in found] == [False, True]  # 16.65 + 4.02 + 0.13 is 20.80


# -- the patience ---------------------------------------------------------------------------


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History(tmp_path, kinds=KINDS) as h:
        yield h


def dealt(seed: int) -> tuple[Game, str | None]:
    return Game.from_seed(seed), None


def patience_screens(session: PlaySession) -> list[str]:
    return [rendered(SessionScreen(session, height=rows), width=columns) for columns, rows in SIZES]


@pytest.mark.slow
def test_every_patience_breakdown_adds_up(history: History) -> None:
    seen = Seen()
    for seed in range(6):
        rng = random.Random(seed)
        session = PlaySession(history, partial(dealt, seed))
        while session.phase is not Phase.OVER:
            session.hint()  # ?: the table of discards
            screens = patience_screens(session)
            session.hint()
            for at in rng.sample(range(6), 2):
                session.toggle(at)
            session.why()  # w: the best beside the two picked
            screens += patience_screens(session)
            session.confirm()  # the round's count and coaching
            screens += patience_screens(session)
            session.toggle_all()  # a: the round's 15 discards, with what each scored
            screens += patience_screens(session)
            session.toggle_all()
            for screen in screens:
                seen.read(screen)
            session.proceed()
        seen.read(rendered(GameView(session.game, reviews=session.reviews), width=120))
        for screen in patience_screens(session):
            seen.read(screen)
    seen.check("patience row", "patience why", "given up", "rounds table", "game given up")


def test_advise_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    seen = Seen()
    rng = random.Random(42)
    for case in range(12):
        cards = rng.sample(ALL_CARDS, 8)
        words = [str(card) for card in cards[:6]]
        if case % 3 == 1:
            words += ["--seen", " ".join(str(card) for card in cards[6:])]
        if case % 3 == 2:
            words += ["--starter", str(cards[6])]
        assert main(["advise", *words]) == 0
        seen.read(capsys.readouterr().out)
    seen.check("patience row", "patience why")


# -- the match --------------------------------------------------------------------------------


def discard_screens(match: Match, seat: int, chosen: tuple[Card, Card]) -> list[str]:
    advice = advise_discard(match.observation(seat))
    owner = "yours" if match.observation(seat).is_dealer else "theirs"
    texts = []
    for width, _ in SIZES:
        rows = discard_rows(advice, set(chosen), owner, ascii=False)
        why = why_discard(advice, chosen, Card.symbol)
        texts.append(rendered(*rows, *why, cost_note(advice, chosen, Card.symbol), width=width))
        texts.append(rendered(*why_discard(advice, None, Card.symbol), width=width))
    return texts


def play_screens(view: Observation, laid: Card) -> list[str]:
    """The play coach (in full, and one row a card), every card's cost line, and ``w`` on
    the card laid."""
    advice = advise_play(view)
    notes = [note for item in advice if (note := play_note(advice, item.card, Card.symbol))]
    why = why_card(view, laid, advice, Card.symbol)
    return [
        rendered(*advice_rows(advice, list(view.hand), False, room=room), *notes, *why, width=width)
        for width, _ in SIZES
        for room in (None, 10)  # the reasons in full, and one row each
    ]


def play_a_game(seed: int, deals: int, seen: Seen) -> Match:
    """Game 1 of a seeded match, you laying and discarding at random against ``standard``,
    every coach screen of yours read on the way, for ``deals`` deals or to the end."""
    match = Match(seed)
    computer = StandardPlayer()
    rng = random.Random(seed)
    while match.current_player is not None:
        seat = match.current_player
        view = match.observation(seat)
        if seat == 1:
            match.apply(computer.choose(view), player=seat)
            continue
        legal = match.legal_actions()
        action = rng.choice(legal)
        if isinstance(action, Discard):
            if match.deal.number > deals:
                break
            for text in discard_screens(match, seat, action.cards):
                seen.read(text)
        elif isinstance(action, Lay) and len(legal) > 1:
            for text in play_screens(view, action.card):
                seen.read(text)
        match.apply(action if legal != (GO,) else GO, player=seat)
    return match


@pytest.mark.slow
def test_every_match_coach_breakdown_adds_up() -> None:
    seen = Seen()
    for seed in range(4):
        play_a_game(seed, 3, seen)
    seen.check("reply", "play cost", "discard cost", "discard why", "play features", "discard row")


@pytest.fixture
def advised_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coaches' advice on a position worked out once for the test: the review after the
    game asks again what the screens asked of each of your decisions (the advice is a
    function of the position alone; each caller gets its own list)."""
    import solitaire.match.coach as coach

    def once(advise: Callable[[Observation], list[T]]) -> Callable[[Observation], list[T]]:
        found: dict[Observation, list[T]] = {}

        def shared(view: Observation) -> list[T]:
            if view not in found:
                found[view] = advise(view)
            return list(found[view])

        return shared

    play, discard = once(advise_play), once(advise_discard)
    for module in (coach, sys.modules[__name__]):
        monkeypatch.setattr(module, "advise_play", play)
        monkeypatch.setattr(module, "advise_discard", discard)


@pytest.mark.slow
@pytest.mark.usefixtures("advised_once")
def test_the_review_after_a_game_adds_up() -> None:
    seen = Seen()
    match = play_a_game(5, 99, seen)
    assert match.is_over, "the game was played to its end"
    discards, plays = review_game(match, 0, 1)
    lines = [costly_line(item, False) for item in [*discards, *plays]]
    for width, _ in SIZES:
        seen.read(rendered(*lines, width=width))
    seen.check("review")
    assert seen.kinds["review"] == 2 * (len(discards) + len(plays)) > 2


def test_the_drill_adds_up() -> None:
    seen = Seen()
    drill = Drill(seed=3, hands=2)
    rng = random.Random(3)
    while not drill.is_over:
        if drill.hand_over:
            drill.next_hand()
            continue
        playable = drill.playable()
        card = rng.choice(playable)
        if len(playable) > 1:
            for text in play_screens(drill.match.observation(0), card):
                seen.read(text)
        drill.lay(card)
    seen.check("reply")


def test_a_third_kind_of_reply_is_counted() -> None:
    """Three kinds of reply worth 1.10, 0.75 and 0.38: the line lists them all, or two and
    the rest, and either way they make the average."""
    threats = (
        Threat("15-2 and a run of 3", 5, Fraction(22, 100)),
        Threat("a run of 3", 3, Fraction(25, 100)),
        Threat("a pair", 2, Fraction(19, 100)),
    )
    reply = sum((t.chance * t.points for t in threats), Fraction(0))
    item = CardAdvice(Card.parse("5D"), Fraction(-1), 0, reply, threats)
    for most in (1, 2, 3):
        line = explain(item, most)
        assert [b.adds_up for b in breakdowns(line)] == [True], line
    assert "0.38 from a pair (19%)" in explain(item)
    assert "0.38 from other replies (19%)" in explain(item, 2)
