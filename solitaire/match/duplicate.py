"""Duplicate deals: player A against B on the same cards, with the seats swapped.

Deal ``seed`` is six cards each and a starter, dealt from the seed alone (the same cards
on every machine). :func:`play_pair` plays it twice from 0 to 0, A dealing once and B
once, each time to the end of the show; A's net is what A scored over both less what B
scored. Two players who choose alike net exactly 0, so the luck of the cards cancels and
only the choices that differ count: a tenth of a point a deal shows in a few thousand
deals, where whole games would need tens of thousands. Scores start at 0, so this
measures points, not the play to win near the end of a game.

``expert-open`` (:data:`OPEN`) is the expert before its honest model of the opponent
(the opponent seeing every card from its next card on), a name only duplicate deals
know, to measure the honest model against it.

>>> play_pair(("standard", "standard", 4))
Pair(pegged=0, shown=0)
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from solitaire.core.cards import ALL_CARDS
from solitaire.core.errors import InputError
from solitaire.core.untrusted import safe_text
from solitaire.match.arena import arena_players, seat
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Match
from solitaire.match.players import Player

__all__ = [
    "OPEN",
    "Pair",
    "duplicate_players",
    "duplicate_seat",
    "pair_line",
    "play_pair",
    "read_pairs",
]

OPEN: Final = "expert-open"
"""The expert whose search lets the opponent see every card (``ExpertPlayer(model="open")``)."""
_ROLES: Final = ("dealer", "pone")


@dataclass(frozen=True, slots=True)
class Pair:
    """A's net over one deal played twice: in the play, and the rest (the show, his heels)."""

    pegged: int
    shown: int


def duplicate_players() -> list[str]:
    """Every player a duplicate deal seats: the arena's and :data:`OPEN`."""
    return [*arena_players(), OPEN]


def duplicate_seat(name: str, rng: random.Random) -> Player:
    """The player called ``name``: the arena's, or the open expert for :data:`OPEN`."""
    return ExpertPlayer(model="open") if name == OPEN else seat(name, rng)


def play_pair(task: tuple[str, str, int]) -> Pair:
    """Deal ``seed`` played with A dealing, then with B dealing; A's nets over both."""
    a, b, seed = task
    rng = random.Random(f"cribsol duplicate deal {seed}")
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    hands = (cards[:6], cards[6:12])
    pegged = shown = 0
    for a_seat in (0, 1):
        names = (a, b) if a_seat == 0 else (b, a)  # seat 0 deals
        seats = [
            duplicate_seat(name, random.Random(f"{seed} {name} {role}"))
            for name, role in zip(names, _ROLES, strict=True)
        ]
        match = Match.from_cards(0, hands, cards[12])
        while match.deal.number == 1 and (who := match.current_player) is not None:
            match.apply(seats[who].choose(match.observation(who)), player=who)
        deal = match.deals[0]
        scores = deal.scores  # the deal's own points: the match began at 0 to 0
        assert scores is not None
        sign = 1 if a_seat == 0 else -1
        pegged += sign * (deal.pegged[0] - deal.pegged[1])
        shown += sign * (scores[0] - deal.pegged[0] - scores[1] + deal.pegged[1])
    return Pair(pegged, shown)


def pair_line(a: str, b: str, seed: int, pair: Pair) -> str:
    """One finished pair as a line of JSON: the players, the seed and A's nets.

    >>> pair_line("expert", "standard", 7, Pair(2, -1))
    '{"a": "expert", "b": "standard", "seed": 7, "pegged": 2, "shown": -1}'
    """
    row = {"a": a, "b": b, "seed": seed, "pegged": pair.pegged, "shown": pair.shown}
    return json.dumps(row)


def read_pairs(lines: Iterable[str], a: str, b: str, seeds: range) -> dict[int, Pair]:
    """The pairs of these players and seeds among lines :func:`pair_line` wrote (a later
    line of the same seed wins); a line that is not one is refused with
    :class:`InputError`, naming its number."""
    kept: dict[int, Pair] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            same = row["a"] == a and row["b"] == b and row["seed"] in seeds
            pair = Pair(_net(row["pegged"]), _net(row["shown"]))
        except (ValueError, KeyError, TypeError):
            raise InputError(f"line {number} is not a pair: {safe_text(line)}") from None
        if same:
            kept[row["seed"]] = pair
    return kept


def _net(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(value)
    return value
