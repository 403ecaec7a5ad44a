"""Check that `expert` decides as another revision did: every choice and every value behind it.

    .venv/bin/python scripts/check/compare_expert.py --rev 2422ee2 --games 40
    .venv/bin/python scripts/check/compare_expert.py --record out.jsonl --games 4   # this tree only

Plays ``--games`` games of `expert` against `standard` (game ``i`` from match seed
``S + i // 2``, expert in seat ``i % 2``) twice: with this tree's package and with the
package of git revision ``--rev`` (extracted to a temporary folder and run in a
process of its own), and records each expert decision: the action chosen and the
values it was chosen from, exact fractions as text and floats as hex (so a change in
the last bit shows): the net pegging of each card (search), and near the end the
chance of winning of each card or discard. Then it compares the two records line
by line, prints the first difference and exits with status 1 if there is one.

Since `expert` reads pone's opening lead from the lead table, the games are played by
the expert whose lead is searched (``ExpertPlayer(searched_lead=True)``, what a
revision before that change plays as ``ExpertPlayer()``), so that both trees follow the
same games; at each of its decisions this tree also records what the default `expert`
chooses (``default``), which must be the same action everywhere but at pone's opening
lead. The script counts those opening leads and how many of them differ.
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

ROOT = Path(__file__).resolve().parents[2]


def record(games: int, seed: int, out: Path) -> None:
    """Every expert decision of the games, one JSON line each, into ``out``."""
    from solitaire.match.expert import ExpertPlayer
    from solitaire.match.game import Lay, Match, Phase
    from solitaire.match.players import StandardPlayer

    discard_chances, is_near_end, play_chances, play_values = _valuers()
    standard = StandardPlayer()
    default: Any = None
    if "searched_lead" in inspect.signature(ExpertPlayer).parameters:
        expert, default = ExpertPlayer(searched_lead=True), ExpertPlayer()
    else:  # before the lead table came back: the lead is searched
        expert = ExpertPlayer()
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
                    if default is not None:
                        row["default"] = str(default.choose(view))
                        row["lead"] = _is_lead(view)
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


def _is_lead(view: Any) -> bool:
    """Pone's opening lead with a choice of ranks: where the default expert reads the table."""
    from solitaire.match.game import Lay, Phase

    ranks = {action.card.rank for action in view.legal if isinstance(action, Lay)}
    return bool(
        view.phase is Phase.PLAY
        and not view.laid
        and len(view.hand) == view.opponent_held == 4
        and len(ranks) > 1
    )


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
        old, _ = _split((work / "old.jsonl").read_text().splitlines())
        new, defaults = _split((work / "new.jsonl").read_text().splitlines())
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
    leads = [row for row in defaults if row["lead"]]
    changed = [row for row in leads if row["default"] != row["action"]]
    elsewhere = [row for row in defaults if not row["lead"] and row["default"] != row["action"]]
    print(
        f"the default expert (the opening lead from the table): {len(changed)} of "
        f"{len(leads)} opening leads chosen otherwise; {len(elsewhere)} of the other "
        f"{len(defaults) - len(leads):,} decisions"
    )
    if elsewhere:
        print(f"DIFFERENT away from the opening lead: {elsewhere[0]}")
        raise SystemExit(1)


def _split(lines: list[str]) -> tuple[list[str], list[dict[str, Any]]]:
    """A record without what a revision with the lead table records beside each choice (the
    default expert's choice, and whether it is an opening lead), and those fields apart,
    decision by decision: a revision before the table records none of them."""
    rows, extra = [], []
    for line in lines:
        row = json.loads(line)
        if "default" in row:
            extra.append(
                {"default": row.pop("default"), "lead": row.pop("lead"), "action": row["action"]}
            )
        rows.append(json.dumps(row, sort_keys=True))
    return rows, extra


if __name__ == "__main__":
    main()
