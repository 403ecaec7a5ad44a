"""Benchmark the tile game: move generation, the expert's decision time, expert v greedy.

Run: nice -n 10 .venv/bin/python scripts/bench/bench_tiles.py [--positions 200] [--games 1000]
[--jobs 2]
Targets: all legal moves of a mid-game position in < 20 ms median; expert decides in
< 0.25 s median; expert beats greedy with the lower end of the 95% interval above 55%
over >= 1,000 games. The arena takes about 30 CPU-minutes; --games 0 skips it and
prints the recorded run instead (results/tiles/expert-greedy.json, as written by
`cribsol tiles arena --a expert --b greedy --games N --jobs 2 --seed 0 --json`);
Ctrl-C stops a run and the games that finished are reported.

The planner (issue 26): `--decide expert planner` times both, targets for the planner
< 1 s median and < 3 s at the 99th percentile; `--paired planner:expert planner:greedy
--paired-games N` plays paired runs instead (deal seed + i // 2, the planner in seat
i % 2), each game written to results/tiles/paired/ as it ends, so a stopped run resumes
where it stopped and a finished one is only printed: wins with the 95% interval against
the targets (lower end above 53% against expert, 65% against greedy) and the paired
margin a deal with its interval. `--planner shortlist=1` (or worlds=N, endgame_budget=N, gate=N,
and look=N, samples=N for its expert's one-turn look: how many plays, over how many racks;
arrangements=A for that look over distinct plays, A placings of each;
pairs=1 for its leave values by pairs of ranks, pairs=0 for the expert's; infer=1 for
racks guessed from the opponent's last turn; win=1 for plays judged by the chance of
winning once the bag is nearly empty; sighted=1, a study and not a player, tells
its look the opponent's real rack every turn)
plays (and `--decide planner` times) a variant of the planner instead, saved under its
own name: `Planner` with those settings and the rest as the class has them (8 plays
simulated in 12 worlds, around the built-in expert, which looks at 8 plays over 8 racks).
So `worlds=12` is the simulating planner that was built in until the wider look measured
stronger, `worlds=0` the expert with the exact endgame, `worlds=0 look=16 samples=16` the
built-in planner until its look was widened, and `worlds=0 look=64 samples=16` the
built-in planner now.

`--against REV` times this tree's move generator side by side with the one at git revision
REV on the same work (every play of each position, then the expert's look: eight racks'
best play on the board, and a better one near a few tiles, asked with `above` where the
generator takes it), alternating the two three times, and checks that both find the same
plays in the same order. With `--decide` too, the players' whole
decisions are timed in both trees (the old one a temporary git worktree, each in its own
interpreter), alternated twice, and must choose the same.

Positions are taken from seeded greedy games (seeds 500 on), every turn after the
opening and while the bag still holds tiles (and, for decisions, a quarter as many
with the bag empty). The same positions are also generated
by brute force on a sample (every placement put to the rule checker) to show the
generator's speed-up over it, with the same plays found.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from itertools import combinations, permutations, product
from pathlib import Path
from types import ModuleType
from typing import Any

from solitaire.cluster import run_on
from solitaire.core.errors import InputError
from solitaire.core.runs import Z95, run_tasks, wilson
from solitaire.tiles import movegen, players
from solitaire.tiles.arena import arena, check_arena, play_game
from solitaire.tiles.game import PlayerView, TileGame
from solitaire.tiles.levels import PLAYERS
from solitaire.tiles.movegen import generate
from solitaire.tiles.moves import IllegalMoveError, Play, check_play
from solitaire.tiles.players import (
    Player,
    greedy,
    reply_region,
)
from solitaire.tiles.tiles import Tile
from solitaire.tiles.variants import Variant, parse_variant, variant_maker, variant_name


def positions(count: int, wanted: Callable[[TileGame, PlayerView], bool]) -> list[PlayerView]:
    """The first ``count`` positions of seeded greedy games (seeds 500 on) that are wanted."""
    views: list[PlayerView] = []
    seed = 500
    while len(views) < count:
        game = TileGame(seed)
        while not game.is_over and len(views) < count:
            view = game.observation(game.current_player)
            if wanted(game, view):
                views.append(view)
            game.apply(greedy(view))
        seed += 1
    return views


def mid_game_positions(count: int) -> list[PlayerView]:
    """Positions with tiles on the board and in the bag."""
    return positions(count, lambda game, view: not view.board.is_empty and view.bag_size > 0)


def endgame_positions(count: int) -> list[PlayerView]:
    """Positions with the bag empty and a play to make."""
    return positions(count, lambda game, view: view.bag_size == 0 and bool(game.legal_plays()))


def brute_force(view: PlayerView) -> set[tuple[object, int]]:
    board, rack, n = view.board, view.rack, view.board.size
    found: set[tuple[object, int]] = set()
    lines = [[r * n + c for c in range(n)] for r in range(n)]
    lines += [[r * n + c for r in range(n)] for c in range(n)]
    for line in lines:
        empty = [s for s in line if not board.faces[s]]
        for k in range(1, len(rack) + 1):
            for squares in combinations(empty, k):
                if k > 1 and squares[-1] - squares[0] > 4 * (1 if line[1] - line[0] == 1 else n):
                    continue  # wider than a line may be: the checker would refuse it anyway
                for tiles in set(permutations(rack, k)):
                    for faces in product(*(t.faces for t in tiles)):
                        play = Play(zip(squares, tiles, faces, strict=True), n)
                        with contextlib.suppress(IllegalMoveError):
                            found.add((play.placements, check_play(board, rack, play).total))
    return found


def timed(func: object, views: list[PlayerView]) -> tuple[list[float], list[float], list[int]]:
    """Wall-clock and CPU seconds of each call, and the length of each result."""
    wall, cpu, sizes = [], [], []
    for view in views:
        start, start_cpu = time.perf_counter(), time.process_time()
        result = func(view)  # type: ignore[operator]
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
        sizes.append(len(result) if isinstance(result, list) else 0)
    return wall, cpu, sizes


RECORDED = Path(__file__).resolve().parents[2] / "results" / "tiles" / "expert-greedy.json"
BLOCKS = RECORDED.parent / "paired"
TIME_TARGETS = {"expert": (0.25, 3.0), "greedy": (0.25, 3.0), "planner": (1.0, 3.0)}
"""Decision time targets: (median, 99th percentile) in seconds."""
PAIRED_TARGETS = {("planner", "expert"): 0.53, ("planner", "greedy"): 0.65}
"""The lower end of the 95% interval of A's win share that a paired run aims above."""
RECORD_COMMAND = (
    "cribsol tiles arena --a expert --b greedy --games {games} --jobs 2 --seed 0 --json"
)


def print_summary(data: dict[str, Any]) -> None:
    """Wins with the 95% interval and the target's verdict, then the margin, from an arena's
    JSON summary (:meth:`ArenaResult.to_dict`)."""
    a, b = data["a"], data["b"]
    low, high = a["win_ci95"]
    m_low, m_high = data["margin_ci95"]
    print(
        f"  expert wins {a['wins']}, greedy {b['wins']}, ties {data['ties']}: "
        f"{a['win_share']:.1%} (95% {low:.1%} to {high:.1%}); lower end "
        f"{'above' if low > 0.55 else 'NOT above'} 55%"
    )
    print(
        f"  mean final score {a['mean_score']:.1f} v {b['mean_score']:.1f}, margin "
        f"{data['margin']:+.1f} (95% {m_low:+.1f} to {m_high:+.1f}); points a play "
        f"{a['mean_move_score']:.2f} v {b['mean_move_score']:.2f}"
    )


def print_recorded() -> None:
    """The recorded arena run, read back from its JSON summary."""
    try:
        data = json.loads(RECORDED.read_text(encoding="utf-8"))
        command = RECORD_COMMAND.format(games=data["games"])
        print(f"recorded arena ({command}), {data['games']:,} games:")
        print_summary(data)
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"  cannot read {RECORDED}: {error}")


@contextlib.contextmanager
def _told(rack: tuple[Tile, ...]) -> Iterator[None]:
    """The expert's look sees ``rack`` as the only rack the opponent may hold."""
    sampled = players.sample_racks
    players.sample_racks = lambda view, count, salt=0: [rack] if rack else []
    try:
        yield
    finally:
        players.sample_racks = sampled


def _sighted_game(a: str, b: str, seed: int, a_seat: int, variant: Variant) -> list[int]:
    """A game of the planner told the opponent's rack at every turn (a ceiling on what
    guessing it better could gain) against B: the finals, A first."""
    if a != "planner":
        raise InputError("--planner sighted=1: the planner must be A")
    game = TileGame(seed)
    names = (a, b) if a_seat == 0 else (b, a)
    make = variant_maker(tuple((k, v) for k, v in variant if k != "sighted"))
    seats = [
        make(name, random.Random(f"cribsol tiles arena {seed} seat {seat} {name}"))
        for seat, name in enumerate(names)
    ]
    while not game.is_over:
        player = game.current_player
        view = game.observation(player)
        if player == a_seat:
            with _told(game.racks[1 - player]):
                action = seats[player].choose(view)
        else:
            action = seats[player].choose(view)
        game.apply(action)
    final = game.returns()
    return [int(final[a_seat]), int(final[1 - a_seat])]


def _paired_game(task: tuple[str, str, int, int, Variant]) -> dict[str, Any]:
    a, b, seed, i, variant = task
    if dict(variant).get("sighted"):
        final = _sighted_game(a, b, seed + i // 2, i % 2, variant)
        return {"game": i, "seed": seed + i // 2, "a_seat": i % 2, "final": final}
    result = play_game(a, b, seed + i // 2, i % 2, variant_maker(variant))
    return {"game": i, "seed": result.seed, "a_seat": i % 2, "final": list(result.final)}


def paired_run(
    a: str, b: str, games: int, seed: int, jobs: int, directory: Path, variant: Variant = ()
) -> Path:
    """Play games 0 to ``games - 1`` of A against B (deal ``seed + i // 2``, A in seat
    ``i % 2``), each finished game appended to a file in ``directory`` at once, so a stopped
    run loses at most the games under way and the next run plays only the missing ones.
    A ``variant`` of the planner is named in the file, in either seat
    (``planner-shortlist1-expert-...``, ``expert-planner-shortlist1-...``)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{variant_name(a, variant)}-{variant_name(b, variant)}-seed{seed}.jsonl"
    done = {row["game"] for row in _rows(path)}
    tasks = [(a, b, seed, i, variant) for i in range(games) if i not in done]
    with path.open("a", encoding="utf-8") as out:

        def save(row: dict[str, Any]) -> None:
            out.write(json.dumps(row) + "\n")
            out.flush()

        run_tasks(_paired_game, tasks, jobs, save, keep=False)
    return path


def _rows(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        with contextlib.suppress(ValueError):
            rows.append(json.loads(line))
    return rows


def print_paired(path: Path, a: str, b: str, target: float, games: int) -> None:
    """Wins with the 95% interval (Wilson), and the mean margin of each deal played both ways
    (A's two final margins summed) with its 95% interval, from a paired run's file (its
    first ``games`` games)."""
    rows = {row["game"]: row for row in _rows(path) if row["game"] < games}
    games = len(rows)

    def margin(row: dict[str, Any]) -> int:
        return int(row["final"][0]) - int(row["final"][1])

    margins = [margin(row) for row in rows.values()]
    wins = sum(m > 0 for m in margins)
    losses = sum(m < 0 for m in margins)
    low, high = wilson(wins, games)
    print(
        f"{a} v {b}, {games:,} games ({path.name}): {a} wins {wins}, {b} {losses}, "
        f"ties {games - wins - losses}: {wins / max(1, games):.1%} "
        f"(95% {low:.1%} to {high:.1%}); lower end "
        f"{'above' if low > target else 'NOT above'} {target:.0%}"
    )
    deals = [
        rows[i]["final"][0]
        - rows[i]["final"][1]
        + rows[i + 1]["final"][0]
        - rows[i + 1]["final"][1]
        for i in rows
        if i % 2 == 0 and i + 1 in rows
    ]
    if len(deals) >= 2:
        mean = statistics.mean(deals)
        half = Z95 * statistics.stdev(deals) / len(deals) ** 0.5
        print(
            f"  paired margin a deal (both games), {len(deals)} deals: {mean:+.1f} points "
            f"(95% {mean - half:+.1f} to {mean + half:+.1f}); per game {mean / 2:+.1f}"
        )
        # The deal is the unit drawn at random: its share of the two games won (a tie a
        # half) has a normal interval that counts the pairing the Wilson interval ignores.
        shares = [
            (
                (margin(rows[i]) > 0)
                + (margin(rows[i]) == 0) / 2
                + (margin(rows[i + 1]) > 0)
                + (margin(rows[i + 1]) == 0) / 2
            )
            / 2
            for i in rows
            if i % 2 == 0 and i + 1 in rows
        ]
        share = statistics.mean(shares)
        half = Z95 * statistics.stdev(shares) / len(shares) ** 0.5
        print(
            f"  games won, by deal (ties a half): {share:.1%} (95% {share - half:.1%} to "
            f"{share + half:.1%}); lower end {'above' if share - half > target else 'NOT above'} "
            f"{target:.0%}"
        )


def load_generator(revision: str) -> ModuleType:
    """The move generator module as it was at a git revision (its imports from this tree)."""
    root = Path(__file__).resolve().parents[2]
    source = subprocess.run(
        ["git", "show", f"{revision}:solitaire/tiles/movegen.py"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    module = ModuleType(f"movegen_{revision}")
    module.__dict__["__name__"] = module.__name__
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, f"{revision}:movegen.py", "exec"), module.__dict__)
    return module


def compare_generators(revision: str, views: list[PlayerView]) -> None:
    """This tree's generator against the one at ``revision``: the same plays, and the time
    of each on the same work, measured alternately."""
    old = load_generator(revision)
    rng = random.Random(7)
    work = []
    for view in views:
        filled = [s for s, f in enumerate(view.board.faces) if f]
        near = reply_region(view.board, rng.sample(filled, min(3, len(filled))))
        unseen = list(view.unseen)
        racks = [tuple(rng.sample(unseen, min(5, len(unseen)))) for _ in range(8)]
        work.append((view, near, racks))

    def run(generator: Callable[..., list[Any]]) -> tuple[float, list[Any]]:
        for module in (old, movegen):  # each run starts cold: no racks or boards remembered
            for name in ("_groups", "_sorted_groups"):
                with contextlib.suppress(AttributeError):
                    getattr(module, name).cache_clear()
            for kept in ("_SPANS", "_TABLES"):  # the crossing lines' tables too, where kept
                with contextlib.suppress(AttributeError):
                    getattr(module, kept).clear()
        bar = "above" in inspect.signature(generator).parameters
        start = time.process_time()
        out = []
        for view, near, racks in work:
            out.append(generator(view.board, view.rack))
            for rack in racks:
                best = generator(view.board, rack, best_only=True)
                out.append(best)
                # The expert's question: a better reply near the play than the best anywhere?
                above = best[0].score if best else -1
                if bar:
                    near_best = generator(view.board, rack, near=near, best_only=True, above=above)
                else:
                    near_best = generator(view.board, rack, near=near, best_only=True)
                out.append([p for p in near_best if p.score > above])
        return time.process_time() - start, out

    times: dict[str, list[float]] = {"old": [], "new": []}
    for _ in range(3):
        for name, generator in (("old", old.generate), ("new", generate)):
            elapsed, out = run(generator)
            times[name].append(elapsed)
            lists = [[(p.play.placements, p.score) for p in plays] for plays in out]
            if name == "old":
                expected = lists
            elif lists != expected:
                raise SystemExit("the two generators disagree")
    best_old, best_new = min(times["old"]), min(times["new"])
    print(
        f"move generation against {revision}, {len(work)} positions (all plays, then 8 racks' "
        f"best on the board and, if better, near 3 tiles), CPU, best of 3 alternated:"
    )
    print(
        f"  {revision}: {best_old:.2f} s   this tree: {best_new:.2f} s   "
        f"{best_old / best_new:.2f}x faster; the same plays in the same order"
    )


DECIDE_SCRIPT = """
import json, random, sys, time
from solitaire.tiles.game import TileGame
from solitaire.tiles.players import greedy
from solitaire.tiles.registry import make_player
from solitaire.tiles.tiles import Tile
names, count = sys.argv[1].split(","), int(sys.argv[2])
views = []
for wanted, limit in (("mid", count), ("end", count // 4)):
    found, seed = [], 500
    while len(found) < limit:
        game = TileGame(seed)
        while not game.is_over and len(found) < limit:
            view = game.observation(game.current_player)
            if wanted == "mid":
                keep = not view.board.is_empty and view.bag_size > 0
            else:
                keep = view.bag_size == 0 and bool(game.legal_plays())
            if keep:
                found.append(view)
            game.apply(greedy(view))
        seed += 1
    views += found
out = {}
for name in names:
    player = make_player(name, random.Random(0))
    cpu, chosen = [], []
    for view in views:
        start = time.process_time()
        chosen.append(repr(player.choose(view)))
        cpu.append(time.process_time() - start)
    out[name] = [cpu, chosen]
print(json.dumps(out))
"""


def compare_decisions(revision: str, names: list[str], count: int) -> None:
    """The players' decisions in this tree and at ``revision`` (a temporary git worktree),
    each in its own interpreter on the same positions, alternated twice: CPU a decision
    and the choices, which must be the same."""
    root = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as folder:
        old_tree = Path(folder) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(old_tree), revision],
            cwd=root,
            check=True,
        )
        try:
            runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
            for _ in range(2):
                for side, tree in (("old", old_tree), ("new", root)):
                    result = subprocess.run(
                        [sys.executable, "-c", DECIDE_SCRIPT, ",".join(names), str(count)],
                        cwd=tree,
                        env={**os.environ, "PYTHONPATH": str(tree)},
                        check=True,
                        capture_output=True,
                        text=True,
                    )
                    runs[side].append(json.loads(result.stdout))
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(old_tree)], cwd=root, check=True
            )
    print(
        f"decisions against {revision}, {count} mid-game positions and {count // 4} with the "
        f"bag empty, CPU a decision (the better of two runs each, alternated):"
    )
    for name in names:
        chosen = {tuple(run[name][1]) for side in runs.values() for run in side}
        if len(chosen) != 1:
            raise SystemExit(f"{name} chooses differently in the two trees")
        medians = {
            side: min(statistics.median(run[name][0]) for run in side_runs)
            for side, side_runs in runs.items()
        }
        tails = {
            side: min(percentile(run[name][0], 0.99) for run in side_runs)
            for side, side_runs in runs.items()
        }
        print(
            f"  {name}: median {medians['old']:.3f} s at {revision}, {medians['new']:.3f} s "
            f"now ({medians['old'] / medians['new']:.2f}x); p99 {tails['old']:.3f} s, "
            f"{tails['new']:.3f} s; the same choices"
        )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--brute", type=int, default=2, help="positions also brute-forced")
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--games", type=int, default=1000, help="arena games (0: skip)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="a Dask scheduler whose workers play (docs/CLUSTER.md)"
    )
    parser.add_argument("--seed", type=int, default=0, help="first arena seed")
    parser.add_argument(
        "--decide", nargs="+", choices=PLAYERS, help="players timed (default: expert)"
    )
    parser.add_argument(
        "--paired",
        nargs="+",
        metavar="A:B",
        help="paired runs instead of the arena: A against B, every game saved to --blocks",
    )
    parser.add_argument(
        "--against", metavar="REV", help="time the move generator against git revision REV"
    )
    parser.add_argument("--paired-games", type=int, default=400)
    parser.add_argument("--blocks", type=Path, default=BLOCKS, help="where paired runs are kept")
    parser.add_argument(
        "--planner",
        nargs="+",
        default=[],
        metavar="KEY=N",
        help="paired runs and --decide with a variant planner (shortlist, worlds, "
        "endgame_budget, gate; look, samples, arrangements: its expert's)",
    )
    args = parser.parse_args()
    try:
        variant = parse_variant(args.planner)
    except InputError as error:
        parser.error(f"--planner {error}")
    if dict(variant).get("sighted") and not args.paired:
        parser.error("--planner sighted=1 is a study of paired runs: give --paired planner:B")

    print(f"load average at the start: {os.getloadavg()[0]:.1f} (2 cores, shared)")
    if args.paired:
        for pair in args.paired:
            a, _, b = pair.partition(":")
            check_arena(a, b, args.paired_games, args.jobs, args.seed)
            path = paired_run(a, b, args.paired_games, args.seed, args.jobs, args.blocks, variant)
            target = 0.5 if variant else PAIRED_TARGETS.get((a, b), 0.5)  # the built-in's
            names = variant_name(a, variant), variant_name(b, variant)
            print_paired(path, *names, target, args.paired_games)
        return

    views = mid_game_positions(args.positions)
    if args.against:
        compare_generators(args.against, views)
        if args.decide:
            compare_decisions(args.against, args.decide, args.decisions)
        return
    gen_times, gen_cpu, moves = timed(lambda v: generate(v.board, v.rack), views)
    median = statistics.median(gen_times)
    print(f"move generation, {len(views)} mid-game positions:")
    print(f"  median {median * 1e3:7.2f} ms   p99 {percentile(gen_times, 0.99) * 1e3:7.2f} ms")
    print(
        f"  CPU time (what a shared machine's load does not inflate): median "
        f"{statistics.median(gen_cpu) * 1e3:.2f} ms, p99 {percentile(gen_cpu, 0.99) * 1e3:.2f} ms"
    )
    print(
        f"  legal moves: median {statistics.median(moves):.0f}, "
        f"p99 {percentile([float(m) for m in moves], 0.99):.0f}, max {max(moves)}"
    )
    print(f"  target < 20 ms median -> {median * 1e3 / 20:.2f} of the target")

    if args.brute:
        sample = views[:: max(1, len(views) // args.brute)][: args.brute]
        start = time.perf_counter()
        slow = [brute_force(v) for v in sample]
        slow_time = (time.perf_counter() - start) / len(sample)
        start = time.perf_counter()
        fast = [{(p.play.placements, p.score) for p in generate(v.board, v.rack)} for v in sample]
        fast_time = (time.perf_counter() - start) / len(sample)
        assert fast == slow, "the generator and brute force disagree"
        print(
            f"  brute force on {len(sample)} of them: {slow_time * 1e3:,.0f} ms a position, "
            f"{slow_time / fast_time:,.0f}x slower, the same plays found"
        )

    picks = views[:: max(1, len(views) // args.decisions)][: args.decisions]
    picks += endgame_positions(args.decisions // 4)
    for name in args.decide or ["expert"]:
        chooser: Player = variant_maker(variant)(name, random.Random(0))
        dec_times, dec_cpu, _ = timed(chooser.choose, picks)
        dec_median = statistics.median(dec_times)
        aim = TIME_TARGETS.get(name, (0.25, 3.0))
        print(
            f"{variant_name(name, variant)} decision, {len(picks)} positions "
            "(a fifth with the bag empty):"
        )
        print(
            f"  median {dec_median:.3f} s   p99 {percentile(dec_times, 0.99):.3f} s   "
            f"target < {aim[0]} s median -> {dec_median / aim[0]:.2f} of the target, "
            f"< {aim[1]} s p99 -> {percentile(dec_times, 0.99) / aim[1]:.2f}"
        )
        print(
            f"  CPU time: median {statistics.median(dec_cpu):.3f} s, "
            f"p99 {percentile(dec_cpu, 0.99):.3f} s"
        )

    if args.games:
        start = time.perf_counter()
        with run_on(args.cluster) as executor:
            result = arena(
                "expert", "greedy", args.games, seed=args.seed, jobs=args.jobs, executor=executor
            )
        elapsed = time.perf_counter() - start
        stopped = f" (Ctrl-C: {result.games:,} of {args.games:,} finished)" * result.interrupted
        print(
            f"expert v greedy, {result.games:,} games (deals from seed {args.seed} on, each "
            f"twice with the seats swapped), {elapsed:.0f} s{stopped}:"
        )
        print_summary(result.to_dict())
        print(f"  load average at the end: {os.getloadavg()[0]:.1f}")
    else:
        print_recorded()


if __name__ == "__main__":
    main()
