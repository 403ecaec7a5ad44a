"""The honest model of the opponent's answer against brute force, and the coach's numbers on it.

The reference is written apart from the search: every hidden card hand the opponent
can hold (replayed), weighed as the open model's brute force weighs them; their answer
is what ``standard``'s own code lays from an observation holding what they can see
(their kept cards, the cards laid, the starter: the two they threw are not in it, as
the model cannot know them), and the rest of the play is every line tried.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from solitaire.core.cards import ALL_CARDS, Card
from solitaire.match.coach import NOTE_LOSS, CardAdvice, advise_play, play_model, play_note
from solitaire.match.decide.hidden import Hidden
from solitaire.match.decide.lead import is_opening_lead
from solitaire.match.decide.search import NO_REPLY, blind_reply
from solitaire.match.decide.values import play_options, play_values
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Lay, Match, Observation, Phase
from solitaire.match.pegging import MAX_COUNT, count_of, peg_points
from solitaire.match.players import StandardPlayer, lay_values
from tests.match.test_search import _lay_reference, _ranks, consistent, model_weight, positions


def their_view(view: Observation, card: Card, hidden: tuple[Card, ...]) -> Observation:
    """What the opponent holding ``hidden`` sees once ``view``'s player lays ``card``, their
    two discards left out (the model's opponent counts them among the unseen)."""
    them = 1 - view.player
    laid = (*view.laid, (view.player, card))
    series = (*view.series, card)
    if count_of(series) == MAX_COUNT:
        series = ()
    kept = (*(c for who, c in view.laid if who == them), *hidden)
    return dataclasses.replace(
        view,
        player=them,
        to_act=them,
        dealt=kept,
        discard=None,
        hand=hidden,
        laid=laid,
        series=series,
        count=count_of(series),
        opponent_held=len(view.hand) - 1,
        opponent_said_go=False,
    )


def standard_answer(view: Observation, card: Card, hidden: tuple[Card, ...]) -> Card | None:
    """The card ``standard``'s code lays in the opponent's seat, or None when none fits."""
    lays = lay_values(their_view(view, card, hidden))
    if not lays:
        return None
    return max(lays, key=lambda c: (lays[c], c.value, c))


def brute_honest(match: Match, me: int) -> dict[Card, Fraction]:
    """Each card's net over every card hand the opponent can hold, their answer blind."""
    view = match.observation(me)
    unseen = [c for c in ALL_CARDS if c not in view.seen()]
    gone = frozenset({1}) if match.said_go(1 - me) else frozenset()
    possible = [h for h in combinations(unseen, view.opponent_held) if consistent(match, me, h)]
    by_ranks: dict[tuple[int, ...], int] = {}
    for hidden in possible:
        if _ranks(hidden) not in by_ranks:
            by_ranks[_ranks(hidden)] = model_weight(view, hidden)
    model = [by_ranks[_ranks(h)] for h in possible]
    share = sum(model)
    weights = [9 * len(possible) * m + share for m in model] if share else [1] * len(possible)
    series = tuple(card.rank for card in view.series)
    totals: dict[Card, int] = {}
    answers: dict[tuple[Card, tuple[int, ...]], Card | None] = {}  # (pegging: ranks alone)
    for hidden, weight in zip(possible, weights, strict=True):
        for action in view.legal:
            if not isinstance(action, Lay):
                continue
            card = action.card
            key = (card, _ranks(hidden))
            if key not in answers:
                answers[key] = standard_answer(view, card, hidden)
            answer = answers[key]
            if answer is None:
                net = _lay_reference(
                    (_ranks(view.hand), _ranks(hidden)), 0, card.rank, series, gone
                )
            else:
                mine = list(_ranks(view.hand))
                mine.remove(card.rank)
                laid = (*series, card.rank)
                after_mine = () if count_of([*view.series, card]) == MAX_COUNT else laid
                now = peg_points([*view.series, card])
                hands = (tuple(mine), _ranks(hidden))
                net = now + _lay_reference(hands, 1, answer.rank, after_mine, frozenset())
            totals[card] = totals.get(card, 0) + weight * net
    return {card: Fraction(total, sum(weights)) for card, total in totals.items()}


@pytest.mark.parametrize("seed", range(10))
def test_honest_values_equal_brute_force_over_every_hidden_hand(seed: int) -> None:
    checked = 0
    for match, seat in positions(seed, most_hidden=2):
        assert play_values(match.observation(seat)) == brute_honest(match, seat)
        checked += 1
    assert checked


@pytest.mark.slow
def test_honest_values_with_three_hidden_cards_equal_brute_force() -> None:
    checked = 0
    for seed in (40, 41):
        for match, seat in positions(seed, most_hidden=3):
            if match.observation(seat).opponent_held == 3:
                assert play_values(match.observation(seat)) == brute_honest(match, seat)
                checked += 1
                break
    assert checked == 2


@cache
def _seed_positions(seed: int) -> tuple[tuple[Observation, tuple[Card, ...]], ...]:
    """Every choice among two ranks or more in the play of the first deal of seed ``seed``,
    expert against standard: the chooser's view, and the cards the opponent really holds."""
    found = []
    players = (ExpertPlayer(), StandardPlayer())
    match = Match(seed)
    while not match.is_over and match.deal.number == 1:
        seat = match.current_player
        assert seat is not None
        view = match.observation(seat)
        if view.phase is Phase.PLAY and len({a.card.rank for a in _lays(view)}) > 1:
            laid = {card for _, card in view.laid}
            hidden = tuple(c for c in match.deal.kept(1 - seat) if c not in laid)
            found.append((view, hidden))
        match.apply(players[seat].choose(view), player=seat)
    return tuple(found)


def _positions(deals: int) -> list[tuple[Observation, tuple[Card, ...]]]:
    """Every choice among two ranks or more in the play of seeded expert-v-standard deals
    (seeds from 0; played once per session, the views frozen)."""
    return [found for seed in range(deals) for found in _seed_positions(seed)]


@cache
def _advised(view: Observation) -> tuple[CardAdvice, ...]:
    """The coach's advice at ``view``, computed once for the tests reading it."""
    return tuple(advise_play(view))


def _lays(view: Observation) -> list[Lay]:
    return [action for action in view.legal if isinstance(action, Lay)]


def test_the_answer_in_the_search_is_standards_for_the_hand_they_really_hold() -> None:
    """The model's answer for the opponent's real hand is the card ``standard``'s own code
    lays in their seat (seeing what the model lets them see), and differs from the open
    model's answer somewhere."""
    checked = 0
    for view, hidden in _positions(40):
        for action in _lays(view):
            answer = standard_answer(view, action.card, hidden)
            expected = NO_REPLY if answer is None else answer.rank
            assert blind_reply(view, action.card, [c.rank for c in hidden]) == expected
            checked += 1
    assert checked > 300


def test_the_coach_average_is_the_sum_of_its_shares_times_points() -> None:
    """On about two hundred cards in sixty positions: the coach's average answer is exactly
    the sum over the answers it lists of share times points, the shares of every rank they
    may lay (none included) add up to 1, and its values are the expert's (at pone's opening
    lead, the open model's, as expert's lead table values it)."""
    checked = leads = 0
    for view, _ in _positions(12):
        advice = _advised(view)
        model = play_model(view)
        leads += is_opening_lead(view)
        options = {o.card: o for o in play_options(view, Hidden(view), model)}
        assert {a.card: a.net for a in advice} == play_values(view, model=model)
        for item in advice:
            assert item.reply == sum((t.chance * t.points for t in item.threats), Fraction(0))
            assert sum(options[item.card].replies.values()) == 1
            checked += 1
    assert checked > 150 and leads > 0


def _parts(advice: Sequence[CardAdvice], mine: CardAdvice) -> list[Fraction]:
    """The parts of a card's cost, worked out again: pegged now, each answer, the rest."""
    best = advice[0]
    loss = best.net - mine.net
    was = {t.what: t.chance for t in best.threats}
    answers = [t.points * (t.chance - was.get(t.what, Fraction(0))) for t in mine.threats]
    ours = {t.what for t in mine.threats}
    answers += [-t.points * t.chance for t in best.threats if t.what not in ours]
    now = Fraction(best.pegs - mine.pegs)
    parts = [now, *answers, loss - now - (mine.reply - best.reply)]
    assert sum(parts) == loss  # every part of the cost, so that they make it
    return parts


def test_a_costly_cards_note_names_the_largest_parts_of_its_cost() -> None:
    """The note names the largest parts of the cost (what the card pegs now, each answer of
    theirs, the rest of the play), largest first, until they make up half of it, each
    within a hundredth of its value (they are rounded together, to add up to the cost);
    when they come to more than the cost, what the others gained back is said too."""
    notes = named_answer = 0
    for view, _ in _positions(12):
        advice = _advised(view)
        for mine in advice:
            note = play_note(advice, mine.card)
            loss = advice[0].net - mine.net
            if note is None:
                assert loss <= NOTE_LOSS
                continue
            notes += 1
            amounts = [Fraction(a) for a in re.findall(r"(\d+\.\d\d) (?:of it|lost)", note)]
            parts = sorted((p for p in _parts(advice, mine) if p > 0), reverse=True)
            assert len(amounts) <= 2 and len(amounts) <= len(parts), note
            for amount, part in zip(amounts, parts, strict=False):
                # rounded together to the cost shown, itself within a hundredth of the loss
                assert abs(amount - part) <= Fraction(2, 100), note
            shown = Fraction(re.findall(r"cost (\d+\.\d\d) points", note)[0])
            assert shown == round(advice[0].net, 2) - round(mine.net, 2), note
            gained = re.findall(r"(\d+\.\d\d) gained in ", note)
            if gained:
                assert sum(amounts) - Fraction(gained[0]) == shown, note
            else:
                assert sum(amounts, Fraction(0)) <= shown, note
            named_answer += "of it their " in note or "lost to their " in note
    assert notes > 20 and named_answer


def test_the_issues_pair_royal_is_in_the_reply_and_in_what_expert_lays() -> None:
    """#25: holding 4♠ A♠ A♦ J♣ against a led A♥, the open model said their reply to the A♠
    pegs 0.00 on average beside "a pair royal 16%", and expert answered with the pair
    royal at once. Now the average is the share times 6, and the reply is expert's."""
    match = Match.from_cards(0, ["4S AS AD JC 9H 8D", "AH AC 7S 6C KD QH"], "2C")
    match.discard(1, "KD QH")
    match.discard(0, "9H 8D")
    match.lay(1, "AH")
    view = match.observation(0)
    ace = next(a for a in advise_play(view) if a.card == Card.parse("AS"))
    assert [(t.what, t.points) for t in ace.threats] == [("a pair royal", 6)]
    assert ace.reply == 6 * ace.threats[0].chance and f"{float(ace.reply):.2f}" == "0.94"
    assert blind_reply(view, ace.card, [1, 7, 6]) == 1
    match.lay(0, "AS")
    assert ExpertPlayer().choose(match.observation(1)) == Lay(Card.parse("AC"))
