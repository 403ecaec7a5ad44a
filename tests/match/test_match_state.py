"""The match state: the deal, the play, the show, the end of a game, refused moves."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.cards import Card, parse_cards
from solitaire.core.scoring import score_hand
from solitaire.match.game import (
    GO,
    Action,
    Discard,
    Discarded,
    GameOver,
    GoPoint,
    GoWhileCardFitsError,
    IllegalMoveError,
    Laid,
    Lay,
    Match,
    MatchOverError,
    NotInHandError,
    NotYourTurnError,
    PassesThirtyOneError,
    Phase,
    SaidGo,
    Turned,
    WrongPhaseError,
    parse_action,
)
from solitaire.match.pegging import PegKind, call
from solitaire.match.players import EasyPlayer, StandardPlayer, advance
from solitaire.match.record import match_record


def snapshot(match: Match) -> str:
    """Everything a player or a record could see of a match."""
    views = [match.observation(p) for p in (0, 1)]
    return json.dumps(match_record(match, ("a", "b"))) + repr(
        (views, match.legal_actions(), match.current_player, match.count, match.scores)
    )


def discard(cards: str) -> Discard:
    a, b = parse_cards(cards)
    return Discard((a, b))


def lays(events: tuple[object, ...]) -> list[Laid]:
    return [e for e in events if isinstance(e, Laid)]


# -- the deal ------------------------------------------------------------------


def test_the_deal_gives_six_each_pone_first_then_the_starter() -> None:
    match = Match(seed=4)
    deal = match.deal
    assert len(deal.hands[0]) == len(deal.hands[1]) == 6
    assert len({*deal.hands[0], *deal.hands[1], deal.starter}) == 13
    assert match.phase is Phase.DISCARD and match.current_player == deal.pone
    assert not deal.turned and match.observation(deal.pone).starter is None


def test_the_cut_lower_card_deals_and_ties_cut_again() -> None:
    tied = 0
    for seed in range(60):
        game = Match(seed).played[0]
        *ties, (a, b) = game.cuts
        assert all(x.rank == y.rank for x, y in ties)
        assert a.rank != b.rank
        assert game.first_dealer == (0 if a.rank < b.rank else 1)
        tied += bool(ties)
    assert tied  # about one seed in 17 cuts a tie


def test_the_deal_alternates_and_the_loser_deals_the_next_game() -> None:
    match = Match(seed=21, games=3)
    advance(match, (EasyPlayer(random.Random(1)), EasyPlayer(random.Random(2))))
    for game, result in zip(match.played, match.results, strict=True):
        dealers = [deal.dealer for deal in game.deals]
        assert dealers == [(game.first_dealer + i) % 2 for i in range(len(dealers))]
        assert [deal.number for deal in game.deals] == list(range(1, len(dealers) + 1))
        if game.number < 3:
            assert match.played[game.number].first_dealer == result.loser
            assert match.played[game.number].cuts == ()


def test_the_cards_do_not_depend_on_the_players_choices() -> None:
    one, two = Match(seed=9), Match(seed=9)
    advance(one, (StandardPlayer(), StandardPlayer()))
    advance(two, (EasyPlayer(random.Random(3)), EasyPlayer(random.Random(4))))
    for a, b in zip(one.deals, two.deals, strict=False):
        assert (a.hands, a.starter) == (b.hands, b.starter)


def test_a_seeded_match_is_the_same_every_time_and_in_any_process() -> None:
    def record() -> str:
        match = Match(seed=11, games=2)
        advance(match, (StandardPlayer(), EasyPlayer(random.Random(5))))
        return json.dumps(match_record(match, ("standard", "easy")))

    code = (
        "import json, random\n"
        "from solitaire.match.game import Match\n"
        "from solitaire.match.players import EasyPlayer, StandardPlayer, advance\n"
        "from solitaire.match.record import match_record\n"
        "m = Match(seed=11, games=2)\n"
        "advance(m, (StandardPlayer(), EasyPlayer(random.Random(5))))\n"
        "print(json.dumps(match_record(m, ('standard', 'easy'))))\n"
    )
    other = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
    )
    assert record() == record() == other.stdout.strip()


# -- the play --------------------------------------------------------------------


def start(dealer: int, hands: list[str], starter: str, scores: tuple[int, int] = (0, 0)) -> Match:
    """A match from a position, both discards made: the last two cards of each hand."""
    match = Match.from_cards(dealer, hands, starter, scores)
    for player in (1 - dealer, dealer):
        match.discard(player, parse_cards(hands[player])[4:])
    return match


def test_the_worked_play_of_the_rules_file() -> None:
    match = start(0, ["TC 5D 9S 3C QH QC", "5H 5C 6S 2D KH KD"], "AS")
    said = []
    for player, card in [(1, "5H"), (0, "TC"), (1, "5C"), (0, "5D"), (1, "6S")]:
        (laid,) = lays(match.lay(player, card))
        said.append(call(laid.count, laid.items))
    assert said == [
        "five",
        "fifteen two",
        "twenty",
        "twenty-five, and a pair for two",
        "thirty-one for two",
    ]
    # 31 pegs 2, not 2 + 1 for the go; the count restarts and the dealer leads.
    assert match.deal.pegged == [4, 2]
    assert not any(isinstance(e, GoPoint) for e in match.deal.events)
    assert match.count == 0 and match.current_player == 0


def test_go_after_go_gives_one_to_the_last_card_laid() -> None:
    match = start(0, ["KS QS 2S 3S AD AC", "KH JH TH 9H AH AS"], "5C")
    match.lay(1, "KH")
    match.lay(0, "KS")
    match.lay(1, "JH")  # 30
    assert match.legal_actions() == (GO,)
    assert isinstance(match.go(0)[0], SaidGo)
    events = match.go(1)
    assert [type(e) for e in events] == [SaidGo, GoPoint]
    point = events[1]
    assert isinstance(point, GoPoint) and point.player == 1 and point.item.kind is PegKind.GO
    assert match.count == 0 and match.current_player == 0  # who did not lay last leads


def test_a_player_with_cards_left_lays_them_all_after_the_other_is_out() -> None:
    match = start(0, ["AS 2S 3S 4S KD KC", "TH JH QH KH 9D 9C"], "7C")
    match.lay(1, "TH")
    match.lay(0, "AS")
    match.lay(1, "JH")  # 21
    match.lay(0, "2S")  # 23
    match.go(1)
    match.lay(0, "3S")  # 26
    (laid,) = lays(events := match.lay(0, "4S"))  # 30: a run of 2 3 4, and the go
    assert laid.points == 3 and isinstance(events[-1], GoPoint) and events[-1].player == 0
    assert match.current_player == 1 and match.count == 0
    match.lay(1, "QH")
    assert match.current_player == 1  # the dealer is out: pone lays on alone
    events = match.lay(1, "KH")
    point = next(e for e in events if isinstance(e, GoPoint))
    assert point.player == 1 and point.item.kind is PegKind.LAST
    assert [c.label for c in match.deals[0].show] == ["hand", "hand", "crib"]
    assert match.deal.number == 2 and match.dealer == 1  # the next deal, dealers swapped


def test_the_last_card_making_31_pegs_two_not_three() -> None:
    match = start(1, ["3C 3D 4C 4D KC KD", "3H 3S 4H 7S QC QD"], "9C")
    for card in "3C 3H 3D 3S 4C 4H 4D".split():
        match.lay(match.current_player or 0, card)
    events = match.lay(1, "7S")  # 31 with the last card of the play
    (laid,) = lays(events)
    assert laid.count == 31 and laid.points == 2
    deal = match.deals[0]
    assert not any(isinstance(e, GoPoint) for e in deal.events)
    # pairs 2, double pair royal 12, pair 2, 31 for 2 | pair royal 6, pair royal 6
    assert deal.pegged == [12, 18]


# -- the end of a game ------------------------------------------------------------


def test_121_mid_play_ends_the_game_at_once() -> None:
    match = start(0, ["TC 9S 8S 7S KD KC", "5H 2C 3C 4C QH QC"], "AS", scores=(119, 40))
    match.lay(1, "5H")
    events = match.lay(0, "TC")  # fifteen two: 121
    assert isinstance(events[-1], GameOver)
    result = events[-1].result
    assert result.winner == 0 and result.scores == (121, 40) and result.skunk == 2
    assert match.is_over and match.current_player is None and match.legal_actions() == ()


def test_121_by_his_heels() -> None:
    match = Match.from_cards(1, ["2C 3C 4C 5C 6C 7C", "8D 9D TD QD KD AH"], "JS", (50, 119))
    match.discard(0, "2C 3C")
    events = match.discard(1, "8D 9D")
    assert [type(e) for e in events] == [Discarded, Turned, GameOver]
    assert match.results[0].winner == 1 and match.results[0].scores == (50, 121)
    assert not match.deal.laid


def test_121_in_pones_show_before_the_dealer_counts() -> None:
    # Pone holds 29 with the starter; the dealer's hand would also reach 121.
    match = start(0, ["4H 4C 6S 6D KC QC", "5H 5C 5S JD KH QH"], "5D", scores=(100, 95))
    advance(match, (StandardPlayer(), StandardPlayer()))
    deal = match.deals[0]
    assert len(deal.laid) == 8
    assert [(c.player, c.label, c.points) for c in deal.show] == [(1, "hand", 29)]
    dealer_score = match.results[0].scores[0]
    assert match.results[0].winner == 1 and dealer_score < 121
    assert dealer_score + score_hand(deal.kept(0), deal.starter).total >= 121


@pytest.mark.parametrize(
    ("loser", "double", "skunk", "points"),
    [(91, 3, 0, 1), (90, 3, 1, 2), (61, 3, 1, 2), (60, 3, 2, 3), (60, 4, 2, 4), (0, 4, 2, 4)],
)
def test_skunk_lines(loser: int, double: int, skunk: int, points: int) -> None:
    match = Match.from_cards(
        1, ["2C 3C 4C 5C 6C 7C", "8D 9D TD QD KD AH"], "JS", (loser, 119), double_skunk=double
    )
    match.discard(0, "2C 3C")
    match.discard(1, "8D 9D")
    result = match.results[0]
    assert (result.skunk, result.game_points) == (skunk, points)
    assert match.match_points == (0, points) and match.winner == 1


# -- refused moves change nothing ----------------------------------------------


def test_each_illegal_move_is_refused_with_its_reason_and_changes_nothing() -> None:
    match = start(0, ["KS QS 5S 6S 9D 9C", "KH JH 9H 8H 8D 8C"], "3C")
    fresh = Match.from_cards(0, ["KS QS 5S 6S 9D 9C", "KH JH 9H 8H 8D 8C"], "3C")
    cases: list[tuple[Match, int, Action, type[IllegalMoveError], str]] = [
        (fresh, 0, discard("KS QS"), NotYourTurnError, "not your turn"),
        (fresh, 1, discard("KH 2C"), NotInHandError, "not in your hand"),
        (fresh, 1, Discard((Card.parse("KH"), Card.parse("KH"))), IllegalMoveError, "duplicate"),
        (fresh, 1, Lay(Card.parse("KH")), WrongPhaseError, "discard two cards"),
        (match, 0, Lay(Card.parse("KS")), NotYourTurnError, "not your turn"),
        (match, 1, Lay(Card.parse("KS")), NotInHandError, "K♠ is not in your hand"),
        (match, 1, GO, GoWhileCardFitsError, "cannot say go"),
        (match, 1, discard("KH JH"), WrongPhaseError, "discard is over"),
        (match, 2, GO, IllegalMoveError, "invalid player"),
    ]
    for state, player, action, error, words in cases:
        before = snapshot(state)
        with pytest.raises(error, match=words):
            state.apply(action, player=player)
        assert not state.can(action, player=player)
        assert snapshot(state) == before
    for player, card in [(1, "KH"), (0, "KS"), (1, "9H")]:
        match.lay(player, card)  # 29
    before = snapshot(match)
    with pytest.raises(PassesThirtyOneError, match="past 31"):
        match.lay(0, "QS")
    assert snapshot(match) == before


def test_nothing_is_played_after_the_match() -> None:
    match = Match(seed=2)
    advance(match, (EasyPlayer(random.Random(1)), EasyPlayer(random.Random(1))))
    before = snapshot(match)
    with pytest.raises(MatchOverError):
        match.apply(GO, player=0)
    assert snapshot(match) == before


def test_parse_action() -> None:
    assert parse_action("go") == GO and parse_action(" 5h ") == Lay(Card.parse("5H"))
    assert parse_action("5H,JD") == discard("5H JD")
    with pytest.raises(ValueError, match="invalid action"):
        parse_action("5H JD 2C")
    with pytest.raises(ValueError, match="invalid card"):
        parse_action("XX")


# -- what a player sees -------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), steps=st.integers(0, 40))
def test_an_observation_never_shows_the_opponents_hidden_cards(seed: int, steps: int) -> None:
    match = Match(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.current_player is None:
            break
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    deal = match.deal
    for player in (0, 1):
        view = match.observation(player)
        hidden = set(deal.hands[1 - player]) - {card for _, card in deal.laid}
        assert not hidden & view.seen()
        assert (view.starter is not None) == deal.turned
        assert view.legal == (match.legal_actions() if player == match.current_player else ())


# -- whole matches -------------------------------------------------------------------


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_every_point_on_the_board_comes_from_an_event(seed: int) -> None:
    match = Match(seed)
    advance(match, (EasyPlayer(random.Random(seed)), StandardPlayer()))
    totals = [0, 0]
    for deal in match.deals:
        for event in deal.events:
            if event.player is not None:
                totals[event.player] += event.points
        assert len(deal.crib) in (0, 4) and all(len(deal.kept(p)) == 4 for p in (0, 1))
    result = match.results[0]
    assert [min(121, t) for t in totals] == list(result.scores)
    assert max(result.scores) == 121 and min(result.scores) < 121
    assert sorted(totals)[0] == min(result.scores)
