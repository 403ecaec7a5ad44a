"""The match state: the deal, the play, the show, the end of a game, refused moves."""

from __future__ import annotations

import random

from solitaire.core.cards import parse_cards
from solitaire.match.game import Match
from solitaire.match.players import EasyPlayer, StandardPlayer, advance


def test_a_seeded_match_is_the_same_every_time() -> None:
    def run() -> list[object]:
        match = Match(seed=11, games=2)
        advance(match, (StandardPlayer(), EasyPlayer(random.Random(5))))
        return [(d.hands, d.starter, d.discards, d.plays) for d in match.deals] + list(
            match.results
        )

    assert run() == run()


def test_the_deal_gives_six_cards_each_pone_first() -> None:
    match = Match(seed=4)
    deal = match.deal
    assert len(deal.hands[0]) == len(deal.hands[1]) == 6
    assert len(set(deal.hands[0]) | set(deal.hands[1]) | {deal.starter}) == 13
    assert match.current_player == deal.pone
    assert parse_cards(" ".join(map(str, deal.hands[0]))) == deal.hands[0]
