"""Check that `expert` decides as another revision did: every choice and every value behind it.

    .venv/bin/python scripts/compare_expert.py --rev 2422ee2 --games 40
    .venv/bin/python scripts/compare_expert.py --record out.jsonl --games 4   # this tree only

Plays ``--games`` games of `expert` against `standard` (game ``i`` from match seed
``S + i // 2``, expert in seat ``i % 2``) twice: with this tree's package and with the
package of git revision ``--rev`` (extracted to a temporary folder and run in a
process of its own), and records each expert decision: the action chosen and the
values it was chosen from, exact fractions as text and floats as hex (so a change in
the last bit shows): the net pegging of each card (search), and near the end the
chance of winning of each card or discard. Then it compares the two records line
by line, prints the first difference and exits with status 1 if there is one.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def record(games: int, seed: int, out: Path) -> None:
    """Every expert decision of the games, one JSON line each, into ``out``."""
    from solitaire.match.expert import ExpertPlayer
    from solitaire.match.game import Lay, Match, Phase
    from solitaire.match.players import StandardPlayer

    discard_chances, is_near_end, play_chances, play_values = _valuers()
    expert, standard = ExpertPlayer(), StandardPlayer()
    apply = _applier()
    with out.open("w") as lines:
        for game in range(games):
            match = Match(seed + game // 2)
            seats = (expert, standard) if game % 2 == 0 else (standard, expert)
            turn = 0
            while (seat := match.current_player) is not None:
                view = match.observation(seat)
                action = seats[seat].choose(view)
                if seats[seat] is expert and view.phase is not Phase.SHOW:
                    row: dict[str, Any] = {"game": game, "turn": turn, "action": str(action)}
                    near = is_near_end(view)
                    if view.phase is Phase.DISCARD and near:
                        chances = discard_chances(view)
                        row["chances"] = {f"{a} {b}": c.hex() for (a, b), c in chances.items()}
                    elif sum(isinstance(legal, Lay) for legal in view.legal) > 1:
                        values = play_values(view)
                        row["nets"] = {str(card): str(net) for card, net in values.items()}
                        if near and view.opponent_held < 4:
                            row["chances"] = {
                                str(card): c.hex() for card, c in play_chances(view).items()
                            }
                    lines.write(json.dumps(row, sort_keys=True) + "\n")
                apply(match, seat, action)
                turn += 1


def _valuers() -> tuple[Callable[[Any], Any], ...]:
    """The value functions of the package being recorded, each of an observation: a revision
    from before the decision's stages (solitaire.match.decide) has them in the match."""
    try:
        endgame = importlib.import_module("solitaire.match.decide.endgame")
        values = importlib.import_module("solitaire.match.decide.values")
    except ModuleNotFoundError:  # before the stages
        endgame = importlib.import_module("solitaire.match.endgame")
        values = importlib.import_module("solitaire.match.search")
    return endgame.discard_chances, endgame.is_near_end, endgame.play_chances, values.play_values


def _applier() -> Callable[[Any, int, Any], object]:
    """How the package being recorded applies an action: a revision from before the
    engine contract (solitaire.core.engine) has ``Match.apply(player, action)``."""
    from solitaire.match.game import Match

    def contract(match: Any, seat: int, action: Any) -> object:
        return match.apply(action, player=seat)

    def before(match: Any, seat: int, action: Any) -> object:
        return match.apply(seat, action)

    names = [name for name in inspect.signature(Match.apply).parameters if name != "self"]
    return before if names[:1] == ["player"] else contract


def _run(package: Path, games: int, seed: int, out: Path) -> float:
    """Record with the package found at ``package``; the seconds it took."""
    env = {**os.environ, "PYTHONPATH": str(package)}
    command = [sys.executable, __file__, "--record", str(out), "--games", str(games)]
    started = time.perf_counter()
    subprocess.run([*command, "--seed", str(seed)], env=env, check=True, cwd=package)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", help="the git revision to compare with")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--record", type=Path, help="only record, with this tree, into a file")
    args = parser.parse_args()
    if args.record:
        record(args.games, args.seed, args.record)
        return
    if not args.rev:
        parser.error("give --rev (or --record)")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        archive = subprocess.run(
            ["git", "archive", args.rev], cwd=ROOT, check=True, capture_output=True
        ).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(work / "old", filter="data")
        seconds = {
            name: _run(package, args.games, args.seed, work / f"{name}.jsonl")
            for name, package in (("old", work / "old"), ("new", ROOT))
        }
        old = (work / "old.jsonl").read_text().splitlines()
        new = (work / "new.jsonl").read_text().splitlines()
    differ = [(a, b) for a, b in zip(old, new, strict=False) if a != b]
    print(
        f"{len(new):,} expert decisions in {args.games} games (seeds {args.seed}-"
        f"{args.seed + (args.games - 1) // 2}); {args.rev} took {seconds['old']:.0f} s, "
        f"this tree {seconds['new']:.0f} s (wall, with the values recomputed)"
    )
    if differ or len(old) != len(new):
        print(f"DIFFERENT: {len(differ)} decisions differ; {len(old)} against {len(new)} lines")
        if differ:
            print(f"  {args.rev}: {differ[0][0]}\n  this tree: {differ[0][1]}")
        raise SystemExit(1)
    print("the same: every choice, every fraction and every float")


if __name__ == "__main__":
    main()
