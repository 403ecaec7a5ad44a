"""``planner``: the expert's choice looked at wider, or simulated two turns ahead; the
endgame solved.

**The built-in planner** (:func:`new_planner`) is the expert with a wider one-turn look,
:data:`LOOK` plays each over :data:`SAMPLES` racks the opponent may hold (the expert's
own: 8 over 8), and the exact endgame once the bag is empty (5 below). That is what
measured strongest against ``expert``: the simulation below, which the planner runs when
it is given ``worlds``, was not shown to gain (docs/RESULTS.md, ``scripts/bench/bench_tiles.py
--paired``). The look is wide because the play it picks is often far down the order by
score and leave (it leaves the opponent less to take back); judged on racks apart from
its own, 64 plays pick better than 16 (``scripts/bench/bench_look.py``).

The simulation, the way the strongest word-game programs choose (over the hidden tiles):

1. **Candidates.** Every legal play valued by the expert (score now plus the leave:
   :class:`~solitaire.tiles.players.Expert`); the best ``shortlist`` go on.
2. **Worlds.** ``worlds`` deals of the tiles this player cannot see: the opponent's rack
   and the order of the bag, drawn at random but seeded by the position (so a seeded game
   is the same on every run), the same deals for every candidate so that their
   differences are not luck.
3. **Simulation.** In each world, after the candidate: this player draws; the opponent
   lays its best reply (highest score; none, a pass) and draws; then this player lays its
   best next play with the rack it really holds in that world. The candidate is worth its
   score, less the reply, plus that next play and the leave it keeps then (once the bag
   is empty, minus the tiles held). A play or reply that ends the game (going out with the
   bag empty, closing the board) is scored to the end: the leftovers of both racks.
4. **The choice.** The best mean over the worlds. Once the bag is nearly empty (at most
   :data:`WIN_BAG` tiles) and the game is close, the chance of being ahead after the
   simulated turns counts too (:data:`WIN_WEIGHT` points for certain), so a play that
   secures a narrow win beats one that scores more on average but risks the game. A play
   that ends the game (closing the board, going out with the bag empty) and wins it in
   every deal comes first of all, one that loses it in every deal last.
   With a ``gate`` (a setting for measuring, off in the built-in planner) the simulation
   overrules the expert's own choice only when the gain in total is clear: above 0 and
   at least ``gate`` standard errors of the world-by-world differences.
5. **The endgame.** Once the bag is empty both racks are known: the exact search of
   :mod:`solitaire.tiles.endgame` to the end of the game. When it would pass its budget,
   the simulation above (one world: the known rack) decides, or without ``worlds`` the
   expert's look.

**Time.** The work is fixed, not timed, so a choice never depends on the machine's load:
the expert's look (``LOOK`` x ``SAMPLES`` replies, each searched only near the play and
only for one better than the best elsewhere), or ``shortlist`` x ``worlds`` simulations,
and the endgame's budget of positions; the look skips the replies that cannot change its
pick (:meth:`~solitaire.tiles.players.Expert.best`). The built-in planner's choice takes
about half a second of CPU at the median, one and a half at the slowest of 50 positions
(``scripts/bench/bench_tiles.py --decide planner``).

With more than two players it plays as the expert does.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Final

from solitaire.core.cards import shuffle
from solitaire.tiles.board import Board
from solitaire.tiles.endgame import DEFAULT_BUDGET, solve, solve_plays
from solitaire.tiles.game import PlayerView
from solitaire.tiles.movegen import ScoredPlay, board_closed, generate
from solitaire.tiles.moves import Action, Play
from solitaire.tiles.players import (
    CHANCE_BAG,
    CLOSING,
    Appraisal,
    Expert,
    built_in_expert,
    position_seed,
    reply_region,
)
from solitaire.tiles.tiles import RACK_SIZE, Tile, rack_less, rack_pips

__all__ = [
    "HINT_BUDGET",
    "LOOK",
    "SAMPLES",
    "WIN_BAG",
    "WIN_WEIGHT",
    "Planned",
    "Planner",
    "built_in_planner",
    "new_planner",
    "planner",
]

LOOK: Final = 64
"""Plays the built-in planner looks a turn further (the expert looks at 8)."""
SAMPLES: Final = 16
"""Racks the opponent may hold that each is looked at over (the expert's: 8)."""

HINT_BUDGET: Final = 4 * DEFAULT_BUDGET
"""Work at most for valuing every play to the end once the bag is empty (:meth:`Planner.ranked`):
each play needs its own exact value, where the choice needs only the best one's."""

WIN_BAG: Final = CHANCE_BAG
"""Tiles left in the bag at most for the chance of winning to count (as for the expert's)."""
WIN_WEIGHT: Final = 20.0
"""Points a certain win is worth over a certain loss in the choice (near the end)."""


@dataclass(frozen=True, slots=True)
class Planned:
    """A candidate after simulation: the expert's appraisal, the mean simulated value, the
    share of worlds in which this player is ahead at the end of it, the total it is
    chosen by, and its value in each world (in the order of the worlds)."""

    appraisal: Appraisal
    mean: float
    ahead: float
    total: float
    values: tuple[float, ...] = ()
    reply: float = 0.0
    """The opponent's mean best reply over the worlds (the expert's risk, simulated)."""


@dataclass(frozen=True, slots=True)
class _World:
    opponent: tuple[Tile, ...]
    bag: tuple[Tile, ...]
    before: ScoredPlay | None
    """The opponent's best play on the board as it stands (None: none)."""


class Planner:
    """The exact endgame, and before it the simulation over the hidden tiles, two turns
    ahead (with ``worlds``) or its expert's choice (without)."""

    name: Final = "planner"

    def __init__(
        self,
        expert: Expert | None = None,
        shortlist: int = 8,
        worlds: int = 12,
        endgame_budget: int = DEFAULT_BUDGET,
        gate: int = 0,
    ) -> None:
        self.expert = expert or built_in_expert()
        self.shortlist = shortlist
        self.worlds = worlds
        self.endgame_budget = endgame_budget
        self.gate = gate
        """With ``gate`` above 0, the simulation overrules the expert's own choice (score and
        leave less the mean reply, on the same worlds) only when a candidate's total beats
        it by more than 0 and by at least ``gate`` standard errors of their world-by-world
        differences (0: the best total, always). With no ``worlds`` the planner is the
        expert with the exact endgame."""

    def choose(self, view: PlayerView) -> Action:
        """The endgame's exact play once the bag is empty; otherwise the best simulated."""
        expert = self.expert
        if len(view.rack_sizes) != 2:
            return expert.choose(view)
        plays = expert.candidates(view)
        if not plays:
            return expert.exchange_choice(view).action
        if len(plays) == 1:
            return plays[0].play
        if view.bag_size == 0 and len(view.unseen) == view.opponents_tiles:
            result = solve(
                view.board, view.rack, view.unseen, rules=view.rules, budget=self.endgame_budget
            )
            if result is not None and result.play is not None:
                return result.play
        if not self.worlds:
            return expert.choose(view)
        return self.pick(self.simulate(view, expert.appraise(view, plays))).appraisal.play

    def ranked(self, view: PlayerView) -> list[Appraisal]:
        """Every play, best first, as this planner values it (what the hints show): once
        the bag is empty, each valued exactly to the end (:func:`solve_plays`, within
        :data:`HINT_BUDGET`; the first is the play the search gives), otherwise, or past
        that budget, its expert's look (:meth:`Expert.ranked`, whose first is its choice).
        The simulation (``worlds``) is not listed: its expert's look is."""
        expert = self.expert
        known = view.bag_size == 0 and len(view.unseen) == view.opponents_tiles
        if len(view.rack_sizes) == 2 and known:
            valued = solve_plays(
                view.board, view.rack, view.unseen, rules=view.rules, budget=HINT_BUDGET
            )
            if valued is not None:
                appraised = expert.appraise(view, [v.scored for v in valued])
                exact = [replace(a, rest=v.rest) for a, v in zip(appraised, valued, strict=True)]
                return sorted(exact, key=lambda a: (-a.total, a.order))
        return expert.ranked(view)

    def pick(self, planned: Sequence[Planned]) -> Planned:
        """The best total; a tie to the first in the generator's order. With a gate, the
        expert's own choice (:meth:`expert_choice`) unless the best beats it clearly."""
        best = max(planned, key=lambda p: (p.total, -p.appraisal.order))
        if not self.gate:
            return best
        first = self.expert_choice(planned)
        if best is first or len(best.values) < 2:
            return best
        gains = [b - a for a, b in zip(first.values, best.values, strict=True)]
        mean = sum(gains) / len(gains)
        spread = (sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)) ** 0.5
        gain = best.total - first.total
        clear = gain > 0 and gain >= self.gate * spread / len(gains) ** 0.5
        return best if clear else first

    @staticmethod
    def expert_choice(planned: Sequence[Planned]) -> Planned:
        """The expert's rule on the simulated worlds: score and leave less the mean reply."""
        return max(planned, key=lambda p: (p.appraisal.value - p.reply, -p.appraisal.order))

    def deal(self, view: PlayerView) -> list[_World]:
        """The worlds: the opponent's rack and the bag's order, seeded by the position (the
        one known rack once every unseen tile is on it)."""
        size = min(RACK_SIZE, view.opponents_tiles, len(view.unseen))
        deals: list[tuple[tuple[Tile, ...], tuple[Tile, ...]]]
        if size == len(view.unseen):
            deals = [(tuple(view.unseen), ())]
        else:
            rng = random.Random(position_seed(view) + 7)
            deals = []
            for _ in range(self.worlds):
                pool = list(view.unseen)
                shuffle(pool, rng)
                deals.append((tuple(pool[:size]), tuple(pool[size : size + view.bag_size])))
        return [
            _World(rack, bag, next(iter(generate(view.board, rack, best_only=True)), None))
            for rack, bag in deals
        ]

    def simulate(self, view: PlayerView, appraised: Sequence[Appraisal]) -> list[Planned]:
        """The best ``shortlist`` by the expert's value, each played out in every world."""
        shortlist = heapq.nlargest(self.shortlist, appraised, key=lambda a: (a.value, -a.order))
        worlds = self.deal(view)
        margin = view.scores[view.player] - max(
            s for p, s in enumerate(view.scores) if p != view.player
        )
        judge_wins = view.bag_size <= WIN_BAG
        planned = []
        for item in shortlist:
            outcomes = [self._play_out(view, item, world) for world in worlds]
            values = [value for value, _ in outcomes]
            reply = sum(points for _, points in outcomes) / len(outcomes)
            mean = sum(values) / len(values)
            ahead = sum((margin + v > 0) + 0.5 * (margin + v == 0) for v in values) / len(values)
            total = mean + (WIN_WEIGHT * ahead if judge_wins else 0.0)
            if _ends_game(view, item) and ahead in (0.0, 1.0):
                # The game ends here, won (first of all) or lost (last of all) in every deal.
                total = mean + (CLOSING if ahead else -CLOSING)
            planned.append(Planned(item, mean, ahead, total, tuple(values), reply))
        return planned

    def _play_out(self, view: PlayerView, item: Appraisal, world: _World) -> tuple[float, int]:
        """The candidate's value in one world: its score, less the reply, plus the next play
        and what it keeps (the game's end scored exactly when it comes); and the reply's
        points."""
        expert = self.expert
        play = item.play
        kept = list(item.kept)
        drawn = min(RACK_SIZE - len(kept), len(world.bag))
        mine = (*kept, *world.bag[:drawn])
        bag = world.bag[drawn:]
        theirs = world.opponent
        value = float(item.score)
        if not mine:  # out with the bag empty: the game ends
            return value + rack_pips(theirs), 0
        after = view.board.place(play.placements)
        if view.rules >= 2 and board_closed(after):
            return value - rack_pips(mine) + rack_pips(theirs), 0
        reply = _best_reply(after, play, world)
        if reply is None:
            points = 0
        else:
            points = reply.score
            value -= points
            left = rack_less(theirs, reply.play.tiles)
            if not left and not bag:
                return value - rack_pips(mine), points
            after = after.place(reply.play.placements)
            if view.rules >= 2 and board_closed(after):
                return value - rack_pips(mine) + rack_pips(left), points
            bag = bag[min(RACK_SIZE - len(left), len(bag)) :]
        nxt = next(iter(generate(after, mine, best_only=True)), None)
        if nxt is not None:
            value += nxt.score
            mine = tuple(rack_less(mine, nxt.play.tiles))
        if bag:
            return value + expert._leave(mine), points
        return value - rack_pips(mine), points


def _ends_game(view: PlayerView, item: Appraisal) -> bool:
    """Whether the play ends the game whatever is drawn: out with the bag empty, or
    closing the board."""
    if not item.kept and view.bag_size == 0:
        return True
    return view.rules >= 2 and board_closed(view.board.place(item.play.placements))


def _best_reply(after: Board, play: Play, world: _World) -> ScoredPlay | None:
    """The opponent's best play after the candidate: searched only near the candidate when
    its best before the candidate is untouched (elsewhere nothing changed)."""
    laid = [square for square, _, _ in play.placements]
    region = reply_region(after, laid)
    old = world.before
    if old is not None and any(s in region or s in laid for s, _, _ in old.play.placements):
        return next(iter(generate(after, world.opponent, best_only=True)), None)
    above = -1 if old is None else old.score  # only a better reply near it changes anything
    return next(
        iter(generate(after, world.opponent, near=region, best_only=True, above=above)), old
    )


def new_planner() -> Planner:
    """A planner as the built-in one is: the expert's look over :data:`LOOK` plays and
    :data:`SAMPLES` racks, no simulation, the exact endgame."""
    return Planner(Expert(shortlist=LOOK, samples=SAMPLES), worlds=0)


@cache
def _planner() -> Planner:
    return new_planner()


def built_in_planner() -> Planner:
    """The one built-in planner, made on first use (the leave values it looks up are kept
    from game to game)."""
    return _planner()


def planner(view: PlayerView) -> Action:
    """The built-in planner's choice."""
    return _planner().choose(view)
