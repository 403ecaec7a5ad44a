"""The pegging drill: play-only hands against a computer level, every card graded by the search.

A drill is a seeded run of hands of the play alone (no show, no game score).
Hand ``k`` is dealt from the seed (``deal_deck(seed, 0, k)``: game 0, which no
match uses); the opponent deals the odd hands and you the even ones. Both
discards are made for you: yours the way ``standard`` makes it (the exact
expected hand and crib), the opponent's its own way; then you lay every card
and the opponent answers. Each card you lay while more than one fits is graded
against the search (:func:`~solitaire.match.decide.values.play_values`): its loss is
the best card's expected net pegging to the end of the play less yours, so a
best card loses 0. A "go" when no card fits is said for you and not graded.

A drill's record holds the seed, the cards you laid, what they were graded and the
model of the opponent's play the grades and the ``expert`` opponent used (``model``:
``"honest"``, the opponent answering without seeing your cards; a record written before
that model has no such field and is played again with the ``"open"`` model it was
graded by, see :mod:`~solitaire.match.decide.search`); :func:`replay_drill` plays it
again, re-grades every card and refuses any difference, naming the hand and the field.

>>> drill = Drill(seed=3, hands=2, opponent="standard")
>>> while not drill.is_over:
...     if drill.hand_over:
...         drill.next_hand()
...     else:
...         _ = drill.lay(drill.playable()[0])
>>> len(drill.pegged), all(grade.loss >= 0 for grade in drill.grades)
(2, True)
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from solitaire.core.cards import Card, check_card
from solitaire.core.errors import InputError
from solitaire.core.secret import SEED_CHOSEN, chosen_field
from solitaire.core.untrusted import (
    Fields,
    RecordError,
    check_int,
    check_kind,
    check_list,
    parse_record,
    safe_text,
)
from solitaire.match.game import GO, Discard, Lay, Match, Observation, Phase, deal_deck
from solitaire.match.levels import DEFAULT_HANDS, DRILL_LEVEL, MAX_HANDS
from solitaire.match.players import PLAYERS, Player, advance, discard_values
from solitaire.match.registry import make_player
from solitaire.match.tally import DrillTally

if TYPE_CHECKING:  # the search (and numpy) load with the first grade, not with the drill
    from solitaire.match.decide.search import Model

__all__ = [
    "DEFAULT_HANDS",
    "DRILL",
    "DRILL_LEVEL",
    "MAX_HANDS",
    "Drill",
    "DrillTally",
    "Grade",
    "drill_record",
    "drill_tally",
    "load_drill_record",
    "replay_drill",
]

DRILL: Final = "drill"  # the record's game and the history's kind
RECORD_VERSION: Final = 1
YOU: Final = 0
OPPONENT: Final = 1
_DRILL_GAME: Final = 0  # the game number the hands are dealt from: no match has a game 0


@dataclass(frozen=True, slots=True)
class Grade:
    """One card you laid while more than one fitted: the hand, your card, the best, the loss."""

    hand: int
    card: Card
    best: Card
    loss: Fraction  # the best card's expected net pegging less yours; 0 for a best card
    choices: int

    @property
    def is_best(self) -> bool:
        """True when no card was worth more."""
        return self.loss == 0


class Drill:
    """A seeded run of play-only hands: you (player 0) against ``opponent`` (player 1)."""

    def __init__(
        self,
        seed: int,
        hands: int = DEFAULT_HANDS,
        opponent: str = DRILL_LEVEL,
        model: Model = "honest",
        *,
        deferred: bool = False,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise InputError(f"invalid seed {seed!r}: expected a whole number, 0 or more")
        if not 1 <= hands <= MAX_HANDS:
            raise InputError(f"a drill has 1 to {MAX_HANDS} hands, not {hands}")
        if opponent not in PLAYERS:
            raise InputError(f"unknown opponent {opponent!r}: expected one of {', '.join(PLAYERS)}")
        self.seed: Final = seed
        self.seed_chosen = True  # False: a random seed, secret until the game ends
        self.hands: Final = hands
        self.opponent: Final = opponent
        self.model: Final = model  # of the opponent's play, in the grades and in ``expert``
        self.number = 0  # the hand being played, from 1
        self.grades: list[Grade] = []
        self.hands_played: list[list[Card]] = []  # your cards laid, hand by hand
        self.pegged: list[tuple[int, int]] = []  # (yours, theirs) for each finished hand
        self.match: Match
        self.matches: list[Match] = []  # every hand's, the current one last (for the review)
        # The first hand's discard by the opponent, when it deals, waits for settle().
        self.waiting = False
        self._next_hand(deferred)

    # -- the hands --------------------------------------------------------------------

    @property
    def dealer(self) -> int:
        """Who deals the current hand: the opponent on odd hands, you on even ones."""
        return OPPONENT if self.number % 2 else YOU

    def _player(self) -> Player:
        match = self.match
        moment = f"{self.seed} {self.number} {len(match.deal.plays)}"
        rng = random.Random(f"cribsol drill {moment}")
        # the lead searched, as the grades value it and as recorded drills were played
        return make_player(self.opponent, rng, self.model, searched_lead=True)

    def _next_hand(self, deferred: bool = False) -> None:
        self.number += 1
        deck = deal_deck(self.seed, _DRILL_GAME, self.number)
        dealer = self.dealer
        dealt: list[tuple[Card, ...]] = [(), ()]
        dealt[1 - dealer], dealt[dealer] = deck[0:12:2], deck[1:12:2]
        self.match = Match.from_cards(dealer, dealt, deck[12])
        self.matches.append(self.match)
        self.hands_played.append([])
        self._settle(deferred)

    def settle(self) -> None:
        """Let the opponent make the discard that :attr:`waiting` held back (nothing if none
        was): what a drill made with ``deferred`` does before you lay your first card."""
        if self.waiting:
            self.waiting = False
            self._settle()

    def _settle(self, deferred: bool = False) -> None:
        """Discard for you, let the opponent act and say go for you, until you choose a card
        (with ``deferred``, until the opponent is to discard after you: see :meth:`settle`)."""
        match = self.match
        while not self.hand_over and (seat := match.current_player) is not None:
            if seat == OPPONENT:
                if deferred and match.phase is Phase.DISCARD:
                    self.waiting = True  # its search (and numpy) can wait for a first screen
                    return
                advance(match, (None, self._player()))
            elif match.phase is Phase.DISCARD:
                values = discard_values(match.observation(YOU))
                match.apply(Discard(max(values, key=lambda pair: (values[pair], pair))), player=YOU)
            elif match.legal_actions() == (GO,):
                match.apply(GO, player=YOU)
            else:
                return
        if self.hand_over:
            deal = self.match.deals[0]
            self.pegged.append((deal.pegged[YOU], deal.pegged[OPPONENT]))

    @property
    def hand_over(self) -> bool:
        """True once the current hand's play has ended."""
        return bool(self.match.deals[0].show) or self.match.is_over

    @property
    def is_over(self) -> bool:
        """True once the last hand's play has ended."""
        return self.hand_over and self.number == self.hands

    def next_hand(self) -> None:
        """Deal the next hand (after the current one is over)."""
        if not self.hand_over or self.is_over:
            raise InputError("the current hand is still being played")
        self._next_hand()

    # -- your cards ---------------------------------------------------------------------

    def playable(self) -> list[Card]:
        """The cards you may lay now (none unless it is your turn in the play)."""
        if self.hand_over or self.match.current_player != YOU:
            return []
        return [a.card for a in self.match.legal_actions() if isinstance(a, Lay)]

    def choosing(self) -> bool:
        """True when the cards you may lay now are a choice: two ranks or more (cards of one
        rank peg alike, so laying one or another of them is no choice to grade)."""
        return len({card.rank for card in self.playable()}) > 1

    def lay(self, card: Card, values: Mapping[Card, Fraction] | None = None) -> Grade | None:
        """Lay a card; graded (against ``values``, else the search's) when the cards that fit
        were a choice (:meth:`choosing`).

        A card that cannot be laid is refused with the reason and changes nothing.
        """
        if self.hand_over:
            raise InputError("this hand is over: deal the next one")
        self.settle()
        match = self.match
        match.check(Lay(card), player=YOU)
        fits = self.playable()
        grade = None
        if self.choosing():
            if values is None:
                from solitaire.match.decide.values import play_values

                values = play_values(match.observation(YOU), model=self.model)
            best = max(values, key=lambda c: (values[c], c))
            grade = Grade(self.number, card, best, values[best] - values[card], len(fits))
            self.grades.append(grade)
        match.apply(Lay(card), player=YOU)
        self.hands_played[-1].append(card)
        self._settle()
        return grade

    def observation(self) -> Observation:
        """What you can see now (the coach's question)."""
        return self.match.observation(YOU)

    # -- results -----------------------------------------------------------------------

    @property
    def best_share(self) -> Fraction | None:
        """The share of graded cards that were best (None before the first)."""
        if not self.grades:
            return None
        return Fraction(sum(g.is_best for g in self.grades), len(self.grades))

    @property
    def mean_loss(self) -> Fraction | None:
        """The average loss per graded card (None before the first)."""
        if not self.grades:
            return None
        return sum((g.loss for g in self.grades), Fraction(0)) / len(self.grades)


# -- records ------------------------------------------------------------------------------


def drill_record(drill: Drill) -> dict[str, Any]:
    """The JSON-ready record of a drill, finished or in progress."""
    grades: list[list[dict[str, str]]] = [[] for _ in drill.hands_played]
    for grade in drill.grades:
        grades[grade.hand - 1].append(
            {"card": str(grade.card), "best": str(grade.best), "loss": str(grade.loss)}
        )
    return {
        "game": DRILL,
        "version": RECORD_VERSION,
        "seed": str(drill.seed),
        **chosen_field(drill.seed_chosen),
        "hands": drill.hands,
        "opponent": drill.opponent,
        "model": drill.model,
        "played": [[str(card) for card in cards] for cards in drill.hands_played],
        "grades": grades,
        "pegged": [list(pair) for pair in drill.pegged],
        "finished": drill.is_over,
    }


def load_drill_record(text: str) -> dict[str, Any]:
    """A drill record's JSON, parsed (bounded, strictly typed: it is untrusted)."""
    return parse_record(text)


_card = check_card


def replay_drill(
    data: Mapping[str, Any], *, allow_unfinished: bool = False, regrade: bool = True
) -> Drill:
    """Play a drill record again, re-grading every card; any difference is refused by name.

    With ``regrade=False`` (resuming a drill of the history, whose row's digest is checked)
    the recorded grades are taken as they are instead of searching every position again;
    the cards, the opponent's answers and the points are still played and checked.

    A record without ``model`` is one written before the honest model, graded by the open
    one; when its grades are not the open model's but are the honest model's, the field
    that is wrong is ``model`` (dropped), and the error names it, not the grades.
    """
    try:
        return _replayed(data, allow_unfinished, regrade)
    except RecordError:
        if not (regrade and isinstance(data, Mapping) and "model" not in data):
            raise
        try:
            _replayed({**data, "model": "honest"}, allow_unfinished, regrade)
        except RecordError:
            pass
        else:
            raise RecordError(
                "record: missing field 'model' (its grades are the honest model's)"
            ) from None
        raise


def _replayed(data: Mapping[str, Any], allow_unfinished: bool, regrade: bool) -> Drill:
    check_kind(
        data.get("game") if isinstance(data, Mapping) else None, "record: field 'game'", DRILL
    )
    top = Fields(data, "record", required=_TOP, optional=("model", SEED_CHOSEN))
    top.version("version", RECORD_VERSION)
    seed = top.seed("seed")
    hands = top.integer("hands", 1, MAX_HANDS)
    opponent = top.text("opponent", 20, alphabet=_LEVEL_CHARS)
    if opponent not in PLAYERS:
        raise RecordError(f"record: field 'opponent' is not a level ({', '.join(PLAYERS)})")
    model = _model(top)
    drill = Drill(seed, hands, str(opponent), model)
    drill.seed_chosen = top.flag(SEED_CHOSEN, default=True)
    played = top.array("played", 1, hands)
    recorded_grades = _recorded_grades(top, hands)
    recorded_pegged = _recorded_pegged(top, hands)
    finished = top.flag("finished")
    legacy: set[tuple[int, int]] = set()  # (hand, grade): a same-rank "choice" graded before
    cursor: dict[int, int] = {}  # each hand's recorded grades accounted for
    for index, cards in enumerate(played, 1):
        where = f"hand {index}"
        check_list(cards, f"{where}: field 'played'", 0, 4)
        if index > 1:
            if not drill.hand_over:
                raise RecordError(f"hand {index - 1}: the play is not played to its end")
            drill.next_hand()
        for step, value in enumerate(cards, 1):
            card = _card(value, f"{where}: field 'played' item {step}")
            values = None
            mine = recorded_grades[index - 1] if index <= len(recorded_grades) else []
            at = cursor.get(index, 0)
            if drill.choosing():
                if not regrade:
                    values = _values_of(mine[at:], index, card)
                cursor[index] = at + 1
            elif len(drill.playable()) > 1 and at < len(mine) and mine[at][0] == card:
                # Written before cards of one rank went ungraded: that grade is left out.
                if mine[at][2] != 0:
                    raise RecordError(
                        f"hand {index}: the grade of {card} is not what the drill gives"
                    )
                legacy.add((index, at))
                cursor[index] = at + 1
            try:
                drill.lay(card, values)
            except ValueError as error:
                raise RecordError(f"{where}: field 'played' item {step}: {error}") from None
    if not drill.is_over and not allow_unfinished:
        raise RecordError("record: the drill is not finished")
    actual = drill_record(drill)
    recorded_grades_checked = top.array("grades", 0, hands)
    if legacy:  # a same-rank "choice" graded by an older version: that grade is left out
        recorded_grades_checked = [
            [
                g
                for step, g in enumerate(check_list(hand, "grades", 0, 4))
                if (index, step) not in legacy
            ]
            for index, hand in enumerate(recorded_grades_checked, 1)
        ]
    recorded_fields = {"grades": recorded_grades_checked, "pegged": recorded_pegged}
    for field_name, recorded in recorded_fields.items():
        if len(recorded) != len(actual[field_name]):
            raise RecordError(
                f"record: field {field_name!r} has {len(recorded)} hands, "
                f"the drill gives {len(actual[field_name])}"
            )
        for index, (mine, real) in enumerate(zip(recorded, actual[field_name], strict=True), 1):
            if mine != real:
                raise RecordError(
                    f"hand {index}: field {field_name!r} is not what the drill gives "
                    f"(the record says {safe_text(json.dumps(mine), 60)})"
                )
    if finished is not drill.is_over:
        raise RecordError(f"record: field 'finished' is not {str(drill.is_over).lower()}")
    return drill


_LEVEL_CHARS: Final = "abcdefghijklmnopqrstuvwxyz"
_TOP: Final = (
    "game",
    "version",
    "seed",
    "hands",
    "opponent",
    "played",
    "grades",
    "pegged",
    "finished",
)


# -- your accuracy over time ----------------------------------------------------------------


_LOSS: Final = re.compile(r"(0|[1-9][0-9]{0,28})(/[1-9][0-9]{0,28})?")


def _model(top: Fields) -> Model:
    """The record's model of the opponent's play: ``"open"`` when it has none (written
    before the honest model)."""
    from solitaire.match.decide.search import MODELS

    if not top.has("model"):
        return "open"
    text = top.text("model", 10, alphabet=_LEVEL_CHARS)
    for model in MODELS:
        if text == model:
            return model
    raise RecordError(f"record: field 'model' is not a model ({', '.join(MODELS)})")


def _recorded_grades(top: Fields, hands: int) -> list[list[tuple[Card, Card, Fraction]]]:
    """A record's grades, hand by hand, read strictly: (your card, the best, the loss)."""
    out = []
    for index, grades in enumerate(top.array("grades", 0, hands), 1):
        hand = []
        for step, value in enumerate(check_list(grades, f"hand {index}: field 'grades'", 0, 4), 1):
            grade = Fields(value, f"hand {index}: grade {step}", ("card", "best", "loss"))
            card = _card(grade.raw("card"), grade.name("card"))
            best = _card(grade.raw("best"), grade.name("best"))
            hand.append((card, best, Fraction(grade.text("loss", 60, pattern=_LOSS))))
        out.append(hand)
    return out


def _recorded_pegged(top: Fields, hands: int) -> list[list[int]]:
    """A record's points pegged, hand by hand (yours, theirs), each a whole number."""
    out = []
    for index, pair in enumerate(top.array("pegged", 0, hands), 1):
        where = f"hand {index}: field 'pegged'"
        points = check_list(pair, where, 2, 2)
        out.append([check_int(p, f"{where} item {i}", 0, 121) for i, p in enumerate(points, 1)])
    return out


def _values_of(
    grades: Sequence[tuple[Card, Card, Fraction]], hand: int, card: Card
) -> dict[Card, Fraction]:
    """Values that give the recorded grade of ``card``, the first of ``grades`` (those of this
    hand not yet played)."""
    where = f"hand {hand}: field 'grades'"
    if not grades:
        raise RecordError(f"{where}: a graded card is missing")
    mine, best, loss = grades[0]
    if mine != card or (best == card and loss != 0) or loss < 0:
        raise RecordError(f"{where}: the grade of {card} is not what the drill gives")
    return {best: Fraction(0), card: -loss}


def drill_tally(data: Mapping[str, Any]) -> DrillTally:
    """What a drill record says of your graded cards, read strictly (it is untrusted; only
    replaying a drill re-grades it)."""
    top = Fields(data, "record", required=_TOP, optional=("model", SEED_CHOSEN))
    hands = top.integer("hands", 1, MAX_HANDS)
    played = top.array("played", 1, hands)
    grades = [grade for hand in _recorded_grades(top, hands) for grade in hand]
    best = sum(loss == 0 for _, _, loss in grades)
    loss = sum((loss for _, _, loss in grades), Fraction(0))
    return DrillTally(1, len(played), len(grades), best, loss)
