"""What a card leaves the reply, in a player's words, against a brute-force count: every card
the player cannot see laid as the reply and scored by a scorer written from the rules."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from math import comb

import pytest

from solitaire.core.cards import ALL_CARDS, Card, parse_cards
from solitaire.match.game import Lay, Match, Observation, Phase
from solitaire.match.risk import reply_risks, risk_sentence, risk_words

Kinds = frozenset[tuple[str, int]]

NOUNS = {
    "a fifteen": ("fifteen", 2),
    "31": ("thirty-one", 2),
    "a pair": ("pair", 2),
    "a pair royal": ("pair royal", 6),
    "pair royal": ("pair royal", 6),
    "a double pair royal": ("double pair royal", 12),
}
NAMES = {"an ace": 1, "an 8": 8, "a jack": 11, "a queen": 12, "a king": 13}
NAMES |= {f"a {rank}": rank for rank in (2, 3, 4, 5, 6, 7, 9, 10)}


def reference_kinds(series: list[Card]) -> Kinds:
    """What the last card of a series scores, kind by kind, from the rules text."""
    total = sum(min(card.rank, 10) for card in series)
    kinds: set[tuple[str, int]] = set()
    if total == 15:
        kinds.add(("fifteen", 2))
    if total == 31:
        kinds.add(("thirty-one", 2))
    k = 1
    while k < len(series) and len({card.rank for card in series[-k - 1 :]}) == 1:
        k += 1
    if k > 1:
        kinds.add(({2: "pair", 3: "pair royal", 4: "double pair royal"}[k], 2 * comb(k, 2)))
    for n in range(len(series), 2, -1):
        ranks = {card.rank for card in series[-n:]}
        if len(ranks) == n and max(ranks) - min(ranks) == n - 1:
            kinds.add(("run", n))
            break
    return frozenset(kinds)


def brute_force(view: Observation, card: Card) -> tuple[int, dict[Card, Kinds]]:
    """The cards ``view``'s player cannot see, and each that scores on the reply to ``card``
    with what it makes."""
    seen = set(view.dealt) | {c for _, c in view.laid} | {view.starter}
    unseen = [c for c in ALL_CARDS if c not in seen and c != card]
    series = [*view.series, card]
    count = sum(min(c.rank, 10) for c in series)
    scoring = {}
    for reply in unseen:
        if count + min(reply.rank, 10) <= 31:
            kinds = reference_kinds([*series, reply])
            if kinds:
                scoring[reply] = kinds
    return len(unseen), scoring


def parse_ranks(words: str) -> set[int]:
    if words == "any ten-card":
        return {10, 11, 12, 13}
    return {NAMES[name] for name in re.split(r", | or ", words)}


def parse_nouns(words: str) -> Kinds:
    kinds = set()
    for noun in words.split(" and "):
        run = re.fullmatch(r"a run of (\d)", noun)
        kinds.add(("run", int(run[1])) if run else NOUNS[noun])
    return frozenset(kinds)


def parse_clause(clause: str, card: Card, count: int) -> tuple[Kinds, set[int]]:
    """What one clause says the reply makes, and with which ranks."""
    if m := re.fullmatch(r"count (\d+): (.+) makes (.+)", clause):
        assert int(m[1]) == count
        return parse_nouns(m[3]), parse_ranks(m[2])
    if m := re.fullmatch(r"pairs into a possible (.+)", clause):
        return parse_nouns(m[1]), {card.rank}
    m = re.fullmatch(r"leaves (.+) for (.+)", clause)
    assert m, clause
    return parse_nouns(m[1]), parse_ranks(m[2])


def parse_words(text: str, card: Card, count: int) -> list[tuple[Kinds, set[int], int, int]]:
    """Each clause of :func:`risk_words`' full form: kinds, ranks, cards, cards unseen."""
    found = []
    for part in text.split("; "):
        m = re.fullmatch(r"(.+) \((\d+) of the (\d+)( cards you cannot see)?\)", part)
        assert m, part
        kinds, ranks = parse_clause(m[1], card, count)
        found.append((kinds, ranks, int(m[2]), int(m[3])))
    return found


def check(view: Observation, card: Card) -> set[str]:
    """The words for ``card`` agree with the brute-force count; the kinds of reply seen."""
    unseen, scoring = brute_force(view, card)
    risks = reply_risks(view, card)
    text = risk_words(risks)
    count = sum(min(c.rank, 10) for c in [*view.series, card])
    assert risks.unseen == unseen
    sentence = risk_sentence(risks, str(card))
    grammar = rf"The {card} (leaves|pairs|makes|gets) |After the {card}, count \d+: |None of the "
    assert re.match(grammar, sentence), sentence
    if count == 31 or view.opponent_held == 0 or view.opponent_said_go:
        assert risks.none and text == risks.none and not risks.risks
        return {"none"}
    if not scoring:
        assert text == f"none of the {unseen} cards you cannot see scores on it"
        return set()
    said = parse_words(text, card, count)
    assert said[0][3] == unseen and "cards you cannot see" in text.split("; ")[0]
    named: set[int] = set()
    for kinds, ranks, cards, of in said:
        assert of == unseen
        assert not ranks & named, "a rank is said once"
        named |= ranks
        held = [c for c in scoring if c.rank in ranks]
        assert cards == len(held), text
        assert all(scoring[c] == kinds for c in held), text
        assert {c.rank for c in held} == ranks, "every rank named has an unseen card"
    assert named == {c.rank for c in scoring}, text
    # the short form names the same clauses, the same counts
    short = risk_words(risks, short=True)
    assert [int(n) for n in re.findall(r"\((\d+)", short)] == [c for _, _, c, _ in said]
    if len(said) > 1:
        assert sentence.endswith(f": {len(scoring)} of the {unseen} score on their reply.")
    kinds_seen = {kind for kinds, _, _, _ in said for kind, _ in kinds}
    return kinds_seen | ({"any ten-card"} if "any ten-card" in text else set())


def play_positions(seeds: range) -> Iterator[tuple[Observation, Card]]:
    """Every card that fits, at every turn to lay, in random games of these seeds."""
    for seed in seeds:
        rng = random.Random(seed)
        match = Match(seed)
        while not match.is_over:
            player = match.current_player
            assert player is not None
            legal = match.legal_actions()
            if match.phase is Phase.PLAY:
                view = match.observation(player)
                for action in legal:
                    if isinstance(action, Lay):
                        yield view, action.card
            match.apply(rng.choice(legal), player=player)


def test_every_phrase_agrees_with_a_brute_force_count_of_the_replies() -> None:
    kinds: set[str] = set()
    checked = 0
    for view, card in play_positions(range(12)):
        kinds |= check(view, card)
        checked += 1
    assert checked > 2000
    assert kinds >= {
        "fifteen",
        "thirty-one",
        "pair",
        "pair royal",
        "run",
        "none",
        "any ten-card",
    }


def position(
    series: str, hand: str, said_go: bool = False, others: str = "8H 9H 9C"
) -> Observation:
    """Pone (seat 1) to lay, after the dealer's cards ``series``, holding ``hand``; ``others``:
    pone's discard and the starter."""
    laid = parse_cards(series)
    mine = parse_cards(hand)
    rest = parse_cards(others)
    return Observation(
        player=1,
        phase=Phase.PLAY,
        to_act=1,
        dealer=0,
        scores=(0, 0),
        game_number=1,
        deal_number=1,
        dealt=(*mine, rest[0], rest[1]),
        discard=(rest[0], rest[1]),
        hand=tuple(mine),
        starter=rest[2],
        laid=tuple((0, c) for c in laid),
        series=tuple(laid),
        count=sum(c.value for c in laid),
        opponent_held=4 - len(laid),
        opponent_said_go=said_go,
        legal=tuple(Lay(c) for c in mine),
    )


OTHERS = "8H 9H 9C"  # pone's discard and the starter


@pytest.mark.parametrize(
    ("series", "hand", "others", "card", "words"),
    [
        ("", "5H 2C 3D 4S", OTHERS, "5H", "leaves a fifteen for any ten-card (16 of the 45 cards"),
        ("7C", "7H 2C 3D 4S", OTHERS, "7H", "pairs into a possible pair royal (2 of the 44"),
        ("2C", "3H 8C 9D 9S", OTHERS, "3H", "leaves a run of 3 for an ace or a 4 (8 of the 44"),
        ("KC QS", "2C AH 3D 4S", OTHERS, "2C", "count 22: a 9 makes 31 (2 of the 43"),
        ("KC QS", "AH 2C 3D 4S", OTHERS, "AH", "count 21: any ten-card makes 31 (14 of the 43"),
        ("KC QS", "AH 2C 3D 4S", "KD KH KS", "AH", "count 21: a 10, a jack or a queen makes 31"),
        ("4C 4D", "4H 2C 3D 9S", OTHERS, "4H", "leaves a double pair royal for a 4 (1 of the 43"),
        ("3C", "6H 2C 3D 9S", OTHERS, "6H", "leaves a fifteen and a pair for a 6 (3 of the 44"),
    ],
)
def test_the_issues_phrases_are_said(
    series: str, hand: str, others: str, card: str, words: str
) -> None:
    view = position(series, hand, others=others)
    laid = Card.parse(card)
    text = risk_words(reply_risks(view, laid))
    assert words in text, text
    check(view, laid)


def test_a_card_that_gets_no_reply_says_why() -> None:
    said = risk_words(reply_risks(position("KC QS", "AH 2C 3D 4S", said_go=True), Card.parse("AH")))
    assert said == "gets no reply on this count: they have said go"
    made = risk_words(reply_risks(position("KC QS 8C", "AH 2C 3D 4S"), Card.parse("3D")))
    assert made == "makes 31: they lead a new count"
