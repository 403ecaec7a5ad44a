"""Practice positions: the decisions you got wrong in your reviewed games, dealt again.

A position is drawn from a kept review (:meth:`History.kept_review`): a decision of your
seat graded a mistake or a blunder. Inaccuracies stay out: they cost under half a point
(:data:`~solitaire.core.review.POINTS`), often a choice between two near-equal discards,
and practice is for where you lose the most. The decision is dealt again by replaying
its game's record to it with the graders' own decision-point functions
(:func:`solitaire.patience.grading.decision_points`,
:func:`solitaire.match.grading.match_moments`, :func:`~solitaire.match.grading.drill_moments`),
and an answer is graded by the same ``grade`` the review used: the cost, the best and
the coach's why are the review's own.

Kinds: ``discard`` (the patience's and the match's discards), ``pegging`` (the cards
laid in a match or a drill) and ``tiles`` (a tile game's plays, your seats' as ``stats``
counts them: the play made then, the hints' best and the next ones they rank, listed in
a fixed shuffled order to choose from by number; exchanges and passes stay out). Each
kept position's source is ``{"game": id, "kind": the game's kind, "spot": n}``; a fresh
one (``--fresh``, or no mistake left) is ``{"fresh": game, "seed": n, "step": k}``: the
``k``-th decision of that kind in a game dealt from ``seed`` and played by ``standard``
on both sides (the patience: by the coach's best; the tile game: its ``k``-th play
decision, both seats played by ``greedy``, greedy's play listed among the hints' best as
yours is in a kept one), rebuilt the same way each time. No UI library is imported.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from solitaire.core.cards import Card
from solitaire.core.review import CHANCE, POINTS, TILE_POINTS, Decision, Grade, review_from_json
from solitaire.core.untrusted import Fields, RecordError
from solitaire.games import DRILL, MATCH, PATIENCE, TILES, game, resolve
from solitaire.store import History
from solitaire.ui.progress import player_seats

__all__ = [
    "DISCARD",
    "KINDS",
    "PEGGING",
    "TILE_PLAYS",
    "Mistake",
    "Puzzle",
    "fresh_source",
    "mistakes",
    "rebuild",
]

DISCARD: Final = "discard"
PEGGING: Final = "pegging"
TILE_PLAYS: Final = "tiles"
KINDS: Final = (DISCARD, PEGGING, TILE_PLAYS)
"""The kinds of practice drawn from games (counting practice is ``count``)."""
PRACTISED: Final = (Grade.MISTAKE, Grade.BLUNDER)
LEAST_MISTAKE: Final = min((POINTS, TILE_POINTS), key=lambda scale: scale.mistake)
_OF_KIND: Final = {  # a game's kind -> its reviewed decisions' kinds -> the practice kind
    PATIENCE: {"discard": DISCARD},
    MATCH: {
        "discard as dealer": DISCARD,
        "discard as pone": DISCARD,
        "lead": PEGGING,
        "reply": PEGGING,
    },
    DRILL: {"lead": PEGGING, "reply": PEGGING},
    TILES: {"play": TILE_PLAYS},  # an exchange or a pass is not practised
}
CANDIDATES: Final = 4  # the plays a tile position lists: yours, the best, and others
FRESH_GAMES: Final = {DISCARD: (MATCH, PATIENCE), PEGGING: (MATCH,), TILE_PLAYS: (TILES,)}
# a fresh position's place, drawn up to this (a tile game's first plays: the bag not empty)
MAX_STEP: Final = {DISCARD: 10, PEGGING: 40, TILE_PLAYS: 12}
FIRST_STEP: Final = {TILE_PLAYS: 3}  # a tile game's first plays are on a near-empty board
MAX_ID: Final = 1 << 40
MAX_SEED: Final = (1 << 63) - 1


def practice_kind(game_kind: str, decision_kind: str) -> str | None:
    """The practice kind of a reviewed decision's kind in a game of ``game_kind``, or
    None (a count, a tile exchange or pass)."""
    return _OF_KIND.get(game_kind, {}).get(decision_kind)


@dataclass(frozen=True, slots=True)
class Mistake:
    """A decision of yours graded a mistake or a blunder, where to find it, and its cost."""

    source: dict[str, Any]
    kind: str
    cost: float
    chance: bool  # its cost is in the chance of winning (near a match's end)


def mistakes(history: History, *kinds: str) -> list[Mistake]:
    """Your mistakes and blunders of these practice ``kinds`` in every kept review of a
    game you played (``played_by`` you), the costliest first (points before chance, then
    the earliest); a review whose figures leave no room for one is not read."""
    rows = history.games_by_kind()
    figures = {stored.id: stored.seats for stored in history.review_figures()}
    found: list[Mistake] = []
    for game_kind in (PATIENCE, MATCH, DRILL, TILES):
        for row in rows.get(game_kind, ()):
            if not row.finished or row.played_by != "you":
                continue
            if not _may_hold(figures.get(row.id), player_seats(row)):
                continue  # its figures say your seats made none: the body is not read
            kept = history.kept_review(row.id, game_kind)
            if kept is None:
                continue
            try:
                review = review_from_json(kept)
            except RecordError:
                continue  # a review that does not read is left out, never believed
            seats = player_seats(row)
            for seat in review.seats:
                if seat.seat not in seats:
                    continue
                for decision in seat.decisions:
                    kind = practice_kind(game_kind, decision.kind)
                    if kind is None or kind not in kinds or decision.grade not in PRACTISED:
                        continue
                    source = {"game": row.id, "kind": game_kind, "spot": decision.spot}
                    chance = decision.scale.unit == "chance"
                    found.append(Mistake(source, kind, decision.cost, chance))
    found.sort(key=lambda m: (m.chance, -m.cost, m.source["game"], m.source["spot"]))
    return found


def _may_hold(seats: object, yours: frozenset[int]) -> bool:
    """Whether a review's kept figures leave room for a mistake of your seats: False only
    when each of your seats' figures read and say it lost under the least a mistake costs
    (half a point; 3% of the chance of winning near a match's end)."""
    if not isinstance(seats, list):
        return True
    for entry in seats:
        if not isinstance(entry, dict) or entry.get("seat") not in yours:
            continue
        lost, chance = entry.get("lost"), entry.get("lost_chance")
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (lost, chance)):
            return True
        assert isinstance(lost, int | float) and isinstance(chance, int | float)
        if lost >= LEAST_MISTAKE.mistake or chance >= CHANCE.mistake:
            return True
    return False


@dataclass(frozen=True, slots=True)
class PatienceRound:
    """A patience decision to make: its round (1 to 6) and the position as the grader sees
    it (the six shown, the cards unseen, the starter when known)."""

    round: int
    position: Any


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A decision to make again: its kind, where it comes from, the game it is of, and the
    grader's own position (``point``: the patience's :class:`PatienceRound`, the match's
    :class:`~solitaire.match.grading.Position`)."""

    kind: str
    source: dict[str, Any]
    game: str
    point: Any

    candidates: tuple[Any, ...] = ()
    """A tile position's plays to choose from, in the order listed."""

    ranked: tuple[Any, ...] = field(default=(), compare=False, repr=False)
    """A tile position's plays as the hints rank them (the ranking the candidates were
    drawn from, which grades the answer: made once, it takes seconds)."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards to choose from, in the order shown (none in a tile position)."""
        if self.game == TILES:
            return ()
        if self.game == PATIENCE:
            return tuple(self.point.position.six)
        return tuple(self.point.view.hand)

    @property
    def picks(self) -> int:
        """How many cards (or plays) the answer is: two discarded, one laid or played."""
        return 2 if self.kind == DISCARD else 1

    def grade_play(self, number: int) -> Decision:
        """The tile play listed ``number`` (from 1) graded by the tile game's grader, as
        the review grades it."""
        from solitaire.tiles.grading import grade as tiles_grade

        point = self.point
        play = self.candidates[number - 1]
        ranked = self.ranked or None
        return tiles_grade(point.view, play, spot=point.spot, turn=point.turn, ranked=ranked)

    def playable(self) -> frozenset[Card]:
        """The cards that may be chosen (in pegging, those that fit the count)."""
        if self.kind != PEGGING:
            return frozenset(self.cards)
        from solitaire.match.actions import Lay

        return frozenset(a.card for a in self.point.view.legal if isinstance(a, Lay))

    def grade(self, chosen: tuple[Card, ...]) -> Decision:
        """The answer graded by the game's own grader, exactly as the review grades it."""
        if self.game == PATIENCE:
            from solitaire.patience.grading import grade as patience_grade

            return patience_grade(self.point.position, chosen, number=self.point.round)
        from solitaire.match.actions import Discard, Lay
        from solitaire.match.grading import grade as match_grade

        action = Lay(chosen[0]) if self.kind == PEGGING else Discard((chosen[0], chosen[1]))
        return match_grade(self.point, action)


def _source(data: object) -> dict[str, Any]:
    """A stored source read strictly: a kept game's decision, or a fresh deal."""
    if isinstance(data, dict) and "fresh" in data:
        fields = Fields(data, "source", required=("fresh", "seed", "step"))
        fresh = fields.text("fresh", 20)
        if fresh not in (MATCH, PATIENCE, TILES):
            raise RecordError("source: field 'fresh': not a game dealt fresh")
        return {
            "fresh": fresh,
            "seed": fields.integer("seed", 0, MAX_SEED),
            "step": fields.integer("step", 1, max(MAX_STEP.values())),
        }
    fields = Fields(data, "source", required=("game", "kind", "spot"))
    kind = fields.text("kind", 20)
    if kind not in (PATIENCE, MATCH, DRILL, TILES):
        raise RecordError("source: field 'kind': not a game practised")
    return {
        "game": fields.integer("game", 1, MAX_ID),
        "kind": kind,
        "spot": fields.integer("spot", 0, 1_000_000),
    }


def rebuild(history: History, kind: str, data: object) -> Puzzle:
    """The position a stored source names, dealt again: its game's record replayed to the
    decision by the grader's own functions. A source that does not read, a game no longer
    kept, or a spot that is no decision of ``kind`` is a :class:`RecordError`."""
    source = _source(data)
    if "fresh" in source:
        return _fresh(kind, source)
    game_id, game_kind, spot = source["game"], source["kind"], source["spot"]
    try:
        _, text = history.stored_record(game_id, game_kind)
        record = resolve(game(game_kind).load)(text)
    except Exception as error:  # a game gone or damaged: the position is left out
        raise RecordError(f"game {game_id}: {error}") from None
    point: Any = None
    if game_kind == TILES:
        return _tile_puzzle(source, record)
    if game_kind == PATIENCE:
        from solitaire.patience.grading import decision_points
        from solitaire.patience.record import replay

        drawn = next((p for p in decision_points(replay(record)) if p.spot == spot), None)
        point = PatienceRound(drawn.round, drawn.position) if drawn is not None else None
        found = DISCARD if drawn is not None else None
    else:
        moments = _moments(game_kind, record)
        position = next((m.position for m in moments if m.position.spot == spot), None)
        point = position
        found = practice_kind(game_kind, position.kind) if position is not None else None
    if point is None or found != kind:
        raise RecordError(f"game {game_id}: no {kind} decision at spot {spot}")
    return Puzzle(kind, source, game_kind, point)


def _tile_puzzle(source: dict[str, Any], record: Mapping[str, Any]) -> Puzzle:
    """A tile play dealt again: the game replayed by the grader's decision points to the
    spot, and the plays to choose from: the one made then, the hints' best and the next
    ones they rank, up to :data:`CANDIDATES`, in an order fixed by the source."""
    from solitaire.tiles.grading import decision_points
    from solitaire.tiles.moves import Play
    from solitaire.tiles.record import replay as replay_tiles

    spot = source["spot"]
    point = next((p for p in decision_points(replay_tiles(record)) if p.spot == spot), None)
    if point is None or not isinstance(point.choice, Play):
        raise RecordError(f"game {source['game']}: no tile play at spot {spot}")
    return _tile_choices(source, point, source["game"] * 1_000_003 + spot)


def _tile_choices(source: dict[str, Any], point: Any, order: int) -> Puzzle:
    """A tile position's puzzle: the play made at ``point``, then the hints' best and the
    next ones they rank, up to :data:`CANDIDATES`, shuffled by ``order``. After the best,
    a play laying the same tiles on the same squares for the same score as one listed,
    only in another order, comes last: the list offers different choices first."""
    from solitaire.tiles.planner import built_in_planner

    ranked = built_in_planner().ranked(point.view)
    scores = {a.play.placements: a.scored.score for a in ranked}
    plays = [point.choice]
    seen = {_laid(point.choice, scores.get(point.choice.placements))}
    rearranged = []
    for number, appraisal in enumerate(ranked):
        if len(plays) >= CANDIDATES:
            break
        play = appraisal.play
        if any(play.placements == p.placements for p in plays):
            continue
        laid = _laid(play, appraisal.scored.score)
        if number and laid in seen:
            rearranged.append(play)
            continue
        seen.add(laid)
        plays.append(play)
    plays.extend(rearranged[: CANDIDATES - len(plays)])
    random.Random(order).shuffle(plays)
    return Puzzle(TILE_PLAYS, source, TILES, point, tuple(plays), tuple(ranked))


def _laid(play: Any, score: int | None) -> tuple[object, ...]:
    """What a tile play lays, whatever the order: its squares, its tiles, its score."""
    squares = tuple(sorted(placement[0] for placement in play.placements))
    tiles = tuple(sorted(str(placement[1]) for placement in play.placements))
    return squares, tiles, score


def _moments(game_kind: str, record: Mapping[str, Any]) -> Iterator[Any]:
    from solitaire.match.grading import drill_moments, match_moments

    if game_kind == MATCH:
        from solitaire.match.record import replay_match

        return match_moments(replay_match(record))
    from solitaire.match.drill import replay_drill

    return drill_moments(replay_drill(record, regrade=False).matches)


# -- fresh positions --------------------------------------------------------------------


def fresh_source(kind: str, rng: random.Random) -> dict[str, Any]:
    """A new fresh position of ``kind``: a game, a seed and the decision's place drawn."""
    if kind not in FRESH_GAMES:
        raise RecordError(f"no fresh {kind} positions")
    return {
        "fresh": rng.choice(FRESH_GAMES[kind]),
        "seed": rng.randrange(1 << 31),
        "step": rng.randint(FIRST_STEP.get(kind, 1), MAX_STEP[kind]),
    }


def _fresh(kind: str, source: Mapping[str, Any]) -> Puzzle:
    seed, step = source["seed"], source["step"]
    if (source["fresh"] == TILES) != (kind == TILE_PLAYS):
        raise RecordError(f"source: a fresh {source['fresh']} deals no {kind} position")
    if source["fresh"] == TILES:
        point = _tile_play(seed, min(step, MAX_STEP[TILE_PLAYS]))
        return _tile_choices(dict(source), point, seed * 1_000_003 + step)
    if source["fresh"] == PATIENCE:
        if kind != DISCARD:
            raise RecordError("source: a patience deals only discards")
        return Puzzle(kind, dict(source), PATIENCE, _patience_round(seed, min(step, 6)))
    return Puzzle(kind, dict(source), MATCH, _match_decision(kind, seed, step))


def _patience_round(seed: int, number: int) -> Any:
    """Round ``number`` of the patience dealt from ``seed``, the rounds before it played by
    the coach's best discard; the position as the grader sees it."""
    from solitaire.patience.advisor import advise_position, position_of
    from solitaire.patience.game import Game

    played = Game.from_seed(seed)
    for _ in range(number - 1):
        played.discard(advise_position(position_of(played))[0].discard)
    return PatienceRound(number, position_of(played))


def _tile_play(seed: int, step: int) -> Any:
    """The ``step``-th play decision (or the last one reached) in a two-player tile game
    dealt from ``seed``, both seats played by ``greedy``: the grader's
    :class:`~solitaire.tiles.grading.TilePoint`, greedy's play as the move made."""
    from solitaire.tiles.game import TileGame
    from solitaire.tiles.grading import TilePoint
    from solitaire.tiles.moves import Play
    from solitaire.tiles.players import greedy

    played = TileGame(seed)
    found: Any = None
    count = 0
    index = 0
    while not played.is_over:
        seat = played.current_player
        view = played.observation(seat)
        action = greedy(view)
        if isinstance(action, Play) and len(played.legal_actions()) > 1:
            found = TilePoint(index, seat, index + 1, "play", view, action)
            count += 1
            if count >= step:
                break
        played.apply(action)
        index += 1
    if found is None:
        raise RecordError(f"tile game {seed}: no play to make")
    return found


def _match_decision(kind: str, seed: int, step: int) -> Any:
    """The ``step``-th decision of ``kind`` (or the last one reached) in a match dealt from
    ``seed`` and played by ``standard`` on both sides."""
    from solitaire.match.actions import Claim
    from solitaire.match.game import Match
    from solitaire.match.grading import Position, kind_of
    from solitaire.match.registry import make_player

    match = Match(seed)
    players = [make_player("standard", random.Random(seed)) for _ in range(2)]
    found: Any = None
    count = 0
    spot = 0
    while (seat := match.current_player) is not None:
        view = match.observation(seat)
        action = players[seat].choose(view)
        decision_kind = kind_of(view, action)
        wanted = decision_kind is not None and practice_kind(MATCH, decision_kind) == kind
        if wanted and decision_kind is not None and not isinstance(action, Claim):
            place = f"a fresh deal {view.deal_number}"
            found = Position(spot, seat, view.deal_number, decision_kind, place, view)
            count += 1
            if count >= step:
                break
        match.apply(action, player=seat)
        spot += 1
    if found is None:
        raise RecordError(f"match {seed}: no {kind} decision")
    return found
