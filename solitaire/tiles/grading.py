"""A finished tile game graded: every move of every seat against the hints' best.

The valuation is the hints' (``?`` and ``w``): the planner's own ranking of the plays
(:meth:`~solitaire.tiles.planner.Planner.ranked`: the score now, the leave and the reply
it fears, the expert's look made wider; once the bag is empty and the search finishes,
every play valued exactly to the end). A play's cost is the difference ``w`` shows
between the planner's top play and the play made: each total as the hints write it, in
tenths (its parts rounded so that they add up to it), whole points once searched to the
end. A play outside the planner's look is weighed over the same racks, as ``w`` weighs
it, and one that rates higher than the top costs nothing. With no play, an exchange or a
pass is weighed by the leave it keeps, as the hint's exchange is (the planner's expert's
leave values, a pass keeping the whole rack); a move with no other choice (one legal
play, or a pass with nothing to exchange) is not a decision and is not graded.

A play that closes the board ends the game, and the hints rank it by the final margin
it leaves (first when it wins, last when it loses). Its cost is counted in the points it
adds to the margin, the same unit as a play's total: the margin it ends the game at less
the margin before it.

The cost is split as ``w`` splits it: what a play gave up in its leave is the
``leave``'s part, the rest (the score now, the reply, the rest of the game) the
``play``'s. Every seat is graded, computers too; the seat the planner played loses
nothing, since its choice is the hints' first.

Reviewing is two steps, so that practice can deal one position again:
:func:`decision_points` replays a game and yields each seat's view of each decision and
the move made, and :func:`grade` scores one move in one view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from solitaire.core.review import TILE_POINTS, Decision, GameReview, SeatReview
from solitaire.core.rounding import apportion
from solitaire.tiles.game import GAME, PlayerView, TileGame
from solitaire.tiles.hint_words import closing_text, hint_text, tenths_text, typed_form, value_parts
from solitaire.tiles.levels import seat_names
from solitaire.tiles.movegen import ScoredPlay
from solitaire.tiles.moves import Action, Exchange, Pass, Play, check_play
from solitaire.tiles.planner import Planner, built_in_planner
from solitaire.tiles.players import Appraisal, best_replies, closing_margin, reply_cost
from solitaire.tiles.record import replay
from solitaire.tiles.tiles import format_tiles, rack_less

__all__ = [
    "ADVISOR",
    "TilePoint",
    "appraised",
    "decision_points",
    "grade",
    "hint_text",
    "review_game",
    "review_played",
    "typed_form",
    "value_parts",
]

ADVISOR: Final = "planner"  # the level whose valuation the hints show: the strongest

_Graded = tuple[float, tuple[tuple[str, float], ...], str, str, str]
"""A move graded: its cost, its parts, the move made and the best in words, and why."""


@dataclass(frozen=True, slots=True)
class TilePoint:
    """One decision of a game: its place (``spot``, the turn's index in the game), the
    seat, the turn (from 1), its kind (``play``, ``exchange`` or ``pass``), the position
    as that seat saw it (nothing another rack holds) and the move made."""

    spot: int
    seat: int
    turn: int
    kind: str
    view: PlayerView
    choice: Action


def _kind(action: Action) -> str:
    if isinstance(action, Play):
        return "play"
    return "exchange" if isinstance(action, Exchange) else "pass"


def decision_points(game: TileGame) -> Iterator[TilePoint]:
    """Each decision of a replayed game, in the order played: the game is played again
    from its seed (with its Joker counts and calls, so every score is as it stood), and
    each turn with more than one legal move yields the mover's view before it."""
    again = TileGame(
        game.seed, game.players, game.board.size, solitaire=game.solitaire,
        joker=game.joker, rules=game.rules,
    )  # fmt: skip
    early = list(game.early)
    for index, turn in enumerate(game.turns):
        if len(again.legal_actions()) > 1:
            view = again.observation(turn.player)
            yield TilePoint(index, turn.player, index + 1, _kind(turn.action), view, turn.action)
        while early and early[0].turn == index:  # called while the count was typed
            again.call_early(early.pop(0).caller)
        again.apply(turn.action, turn.claim)
        called = game.calls.get(index)
        if called is not None:
            again.call_joker(called.caller)


# -- the hints' words, as ? and w say them --------------------------------------------


def _shown_parts(appraisal: Appraisal, drawing: bool, exact: bool = False) -> list[int]:
    """A play's parts as ``w`` compares them, in tenths: the score now, the leave, the
    reply and the chance (0 where its sum has none); with ``exact`` (both plays searched
    to the end), the score now and the rest of the game, whole."""
    if exact and appraisal.rest is not None:
        return [10 * appraisal.score, 10 * appraisal.rest]
    parts = [value for value, _ in value_parts(appraisal, drawing)[0]]
    return list(apportion([*parts, *[0.0] * (4 - len(parts))][:4], scale=10))


def _margin_now(view: PlayerView) -> float:
    """This player's score less the best of the others' (what a closing play's margin
    is counted from)."""
    me = view.player
    return view.scores[me] - max(s for p, s in enumerate(view.scores) if p != me)


def _worth(appraisal: Appraisal, view: PlayerView, drawing: bool) -> int:
    """A play's total in tenths as the hints show it; a play that closes the board, the
    points it adds to the margin (the margin it ends at less the margin now)."""
    if appraisal.closing is not None:
        return apportion([appraisal.closing - _margin_now(view)], scale=10)[0]
    return sum(_shown_parts(appraisal, drawing))


# -- grading ------------------------------------------------------------------------


def appraised(
    planner: Planner, view: PlayerView, play: Play, ranked: Sequence[Appraisal] | None = None
) -> tuple[Appraisal, Appraisal]:
    """The planner's top play and ``play``, each valued as the tile game's ``w`` shows them
    (its hints are ``planner.ranked``; ``ranked``: that ranking of ``view``, when already
    made): a play the planner did not rank is appraised alone, and one outside the look is
    weighed over the opponent's racks as the look weighs one."""
    expert = planner.expert
    if ranked is None:
        ranked = planner.ranked(view)
    best = ranked[0]
    laid = sorted(play.placements)
    mine = next((a for a in ranked if sorted(a.play.placements) == laid), None)
    if mine is None:  # not among the plays ranked (an opening off the centre)
        score = check_play(view.board, view.rack, play).total
        mine = expert.appraise(view, [ScoredPlay(play, score)])[0]
    if best.risk is not None and mine.risk is None and mine.closing is None:
        # Outside the look: weighed as the look weighs a play, over its racks.
        closing = closing_margin(view, mine.scored)
        if closing is not None:
            mine = replace(mine, risk=0.0, closing=closing)
        else:
            racks = expert.opponent_racks(view)
            before = best_replies(view, racks)
            mine = replace(mine, risk=reply_cost(view, play, racks, before, leave=mine.leave))
    return best, mine


def _grade_play(
    planner: Planner, view: PlayerView, play: Play, ranked: Sequence[Appraisal] | None
) -> _Graded:
    drawing = view.bag_size > 0
    best, mine = appraised(planner, view, play, ranked)
    if mine.play == best.play or _worth(mine, view, drawing) >= _worth(best, view, drawing):
        best = mine
    cost = _worth(best, view, drawing) - _worth(mine, view, drawing)
    parts: tuple[tuple[str, float], ...] = ()
    plain = best.rest is None and mine.rest is None  # the leave, a part of the sum
    if cost and best.closing is None and mine.closing is None and plain:
        ours, theirs = (_shown_parts(a, drawing) for a in (best, mine))
        leave = ours[1] - theirs[1]
        if leave:  # else all of it is the play's
            split = (("play", cost - leave), ("leave", leave))
            parts = tuple((name, tenths / 10) for name, tenths in split if tenths)
    return (
        cost / 10,
        parts,
        f"{typed_form(mine.play)}: {hint_text(mine, drawing)}",
        f"{typed_form(best.play)}: {hint_text(best, drawing)}",
        _play_why(best, mine, view, drawing),
    )


def _play_why(best: Appraisal, mine: Appraisal, view: PlayerView, drawing: bool) -> str:
    """``w``'s verdict: why the planner's top play beats the one made, each difference
    shown as a part of the whole, so that they add up as shown."""
    if mine is best:
        return f"Your play, {typed_form(mine.play)}, is the {ADVISOR}'s own choice, or as good."
    if best.closing is not None or mine.closing is not None:

        def ends(a: Appraisal) -> str:
            if a.closing is not None:
                return closing_text(a)
            return f"plays on ({tenths_text(_worth(a, view, drawing), sign=False)} in all)"

        return f"The {ADVISOR}'s choice {ends(best)}; yours {ends(mine)}."
    exact = best.rest is not None and mine.rest is not None
    ours, theirs = (_shown_parts(a, drawing, exact) for a in (best, mine))
    tenths = [a - b for a, b in zip(ours, theirs, strict=True)]
    said = []
    for index, part in enumerate(tenths):
        if not part:
            continue
        if index == 0:
            said.append(f"scores {part // 10:+d} now")
        elif exact:
            said.append(f"the rest of the game {part // 10:+d}")
        elif index == 1:
            said.append(f"keeps tiles worth {tenths_text(part)}")
        elif index == 2:
            more = "more" if part < 0 else "less"
            said.append(f"risks {tenths_text(abs(part), sign=False)} {more} on the reply")
        else:
            said.append(f"its chance of winning is worth {tenths_text(part)}")
    whole = sum(tenths)
    total = f"{whole // 10:+d} in all" if exact else f"{tenths_text(whole)} in all"
    return f"The {ADVISOR}'s choice {', '.join(said) or 'differs by a hair'}: {total}."


def _grade_other(planner: Planner, view: PlayerView, action: Exchange | Pass) -> _Graded:
    """An exchange or a pass, by the leave it keeps against the hint's exchange."""
    leaves = planner.expert.leaves
    advice = planner.expert.exchange_choice(view)
    kept = view.rack if isinstance(action, Pass) else tuple(rack_less(view.rack, action.tiles))
    best, mine = (apportion([value], scale=10)[0] for value in (advice.value, leaves.value(kept)))
    said_mine = f"{action}, keeping {format_tiles(kept) or 'nothing'} ({tenths_text(mine)})"
    if isinstance(advice.action, Pass):  # the bag is too short to exchange: no choice
        return 0.0, (), f"{action}", f"{action}", "No play, and the bag is too short to exchange."
    if mine >= best:
        why = f"Your {_kind(action)} keeps a leave as good as the {ADVISOR}'s best."
        return 0.0, (), said_mine, said_mine, why
    said_best = (
        f"{advice.action}, keeping {format_tiles(advice.kept) or 'nothing'} ({tenths_text(best)})"
    )
    why = (
        f"The {ADVISOR} would {advice.action} and keep {format_tiles(advice.kept) or 'nothing'}: "
        f"the best leave it can keep ({tenths_text(best)} points on later turns); "
        f"yours keeps {format_tiles(kept) or 'nothing'} ({tenths_text(mine)}): "
        f"{tenths_text(best - mine, sign=False)} less."
    )
    return (best - mine) / 10, (), said_mine, said_best, why


def grade(
    view: PlayerView,
    choice: Action,
    *,
    spot: int = 0,
    turn: int = 1,
    planner: Planner | None = None,
    ranked: Sequence[Appraisal] | None = None,
) -> Decision:
    """The move ``choice`` in ``view`` (the mover's own) graded by the hints' valuation
    (the built-in planner's, or ``planner``'s): the points it gave up against the best,
    as ``w`` shows them, split into the play and the leave where ``w`` splits it.
    ``ranked``: that planner's ranking of ``view`` (:meth:`Planner.ranked`), when already
    made (a practice position lists its plays from it)."""
    advisor = planner or built_in_planner()
    if isinstance(choice, Play):
        cost, parts, chosen, best, why = _grade_play(advisor, view, choice, ranked)
    else:
        cost, parts, chosen, best, why = _grade_other(advisor, view, choice)
    return Decision(
        spot=spot,
        seat=view.player,
        deal=turn,
        kind=_kind(choice),
        where=f"turn {turn}",
        chosen=chosen,
        best=best,
        cost=cost,
        scale=TILE_POINTS,
        why=why,
        parts=parts,
    )


def review_played(
    game: TileGame,
    names: Sequence[str],
    progress: Callable[[int, int], None] | None = None,
) -> GameReview:
    """A finished game's review: every decision of every seat graded (:func:`grade`)."""
    points = list(decision_points(game))
    graded: list[list[Decision]] = [[] for _ in range(game.players)]
    for done, point in enumerate(points, start=1):
        graded[point.seat].append(grade(point.view, point.choice, spot=point.spot, turn=point.turn))
        if progress is not None:
            progress(done, len(points))
    shown = seat_names(list(names))
    turns = [sum(t.player == seat for t in game.turns) for seat in range(game.players)]
    return GameReview(
        GAME,
        tuple(
            SeatReview(seat, shown[seat], turns[seat], tuple(graded[seat]))
            for seat in range(game.players)
        ),
    )


def review_game(
    data: Mapping[str, Any], *, progress: Callable[[int, int], None] | None = None
) -> GameReview:
    """The review of a finished game's record (:func:`~solitaire.tiles.record.load_record`),
    replayed and checked first: a damaged record is the record's own
    :class:`~solitaire.core.untrusted.RecordError`. ``progress(done, total)`` is called
    after each decision."""
    game = replay(data)
    return review_played(game, [str(name) for name in data["players"]], progress)
