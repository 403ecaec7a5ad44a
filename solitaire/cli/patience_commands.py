"""The patience's commands: score, advise, play, replay and simulate."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text

from solitaire.cli.common import (
    add_deal_options,
    add_resume_option,
    add_run_options,
    game_id,
    make_console,
    new_command,
    open_history,
    prog,
    progress_bar,
    whole_number,
)
from solitaire.cli.drill_commands import replay_drill_record
from solitaire.cli.match_commands import replay_match_record
from solitaire.cli.tiles_commands import replay_tiles
from solitaire.core.cards import parse_cards
from solitaire.core.dealcode import daily_seed, deal_code, decode_deal
from solitaire.core.scoring import score_hand
from solitaire.core.untrusted import read_record_file, safe_text
from solitaire.match.drill import DRILL, load_drill_record
from solitaire.match.record import MAX_RECORD_BYTES as MAX_MATCH_RECORD_BYTES
from solitaire.match.record import load_match_record
from solitaire.patience.advisor import Position, advise_position
from solitaire.patience.coach import heels_note, hint_reasons, review_round
from solitaire.patience.game import ROUNDS, Game
from solitaire.patience.record import game_record, replay
from solitaire.patience.simulation import MAX_GAMES, SIMULATED, check_run, simulate
from solitaire.patience.strategy import (
    MAX_TARGET,
    STRATEGIES,
    make_strategy,
    play_out,
    strategy_name,
)
from solitaire.store import MATCH, command
from solitaire.tiles.record import GAME as TILES
from solitaire.tiles.record import load_record as load_tiles_record
from solitaire.ui.patience.views import (
    AdviceView,
    GameView,
    SimulationView,
    aids_text,
    reason_text,
)
from solitaire.ui.views import ScoreView, kind_totals_table

if TYPE_CHECKING:
    from solitaire.cli.common import Subcommands


def _joined_cards(tokens: Sequence[str]) -> str:
    return " ".join(tokens)


# -- score --------------------------------------------------------------------


def cmd_score(args: argparse.Namespace) -> int:
    cards = parse_cards(_joined_cards(args.cards))
    if len(cards) not in (4, 5):
        raise ValueError(
            f"expected 4 hand cards and a starter (or 4 cards alone for a final hand), "
            f"got {len(cards)} card{'s' if len(cards) != 1 else ''}"
        )
    if args.crib and len(cards) == 4:
        raise ValueError("a crib needs a starter: give 4 crib cards then the starter")
    starter = cards[4] if len(cards) == 5 else None
    score = score_hand(cards[:4], starter, crib=args.crib)
    if args.json:
        print(json.dumps(score.to_dict()))
        return 0
    console = make_console(args)
    title = "Crib" if args.crib else ("Hand" if starter is not None else "Final hand")
    console.print(ScoreView(score, title=title, ascii=args.ascii))
    console.print(kind_totals_table([score]))
    return 0


# -- advise -------------------------------------------------------------------


def cmd_advise(args: argparse.Namespace) -> int:
    six = parse_cards(_joined_cards(args.cards))
    seen = parse_cards(args.seen) if args.seen else ()
    position = Position.make(six, seen=seen, starter=args.starter)
    options = advise_position(position)
    if args.json:
        print(json.dumps([option.to_dict() for option in options]))
        return 0
    console = make_console(args)
    console.print(AdviceView(options, ascii=args.ascii, heels=heels_note(position)))
    console.print(Text("Why the best beats the next best", style="title"))
    for reason in hint_reasons(options, position):
        console.print(reason_text(reason, args.ascii))
    return 0


def today_date() -> dt.date:
    """Today, for the daily deal."""
    return dt.date.today()


def game_from_args(args: argparse.Namespace) -> tuple[Game, str | None]:
    """A new game from --seed, --deal, --daily or --again (else a random seed) and its date."""
    again = getattr(args, "again", None)
    if again is not None:
        with open_history(args) as history:
            stored = history.load(again)
        return Game(stored.game.deck, seed=stored.game.seed), stored.daily
    if args.deal is not None:
        return Game(decode_deal(args.deal)), None
    if args.daily:
        today = today_date()
        return Game.from_seed(daily_seed(today)), today.isoformat()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    return Game.from_seed(seed), None


def resolve_strategy(name: str | None, target: int | None, option: str) -> str | None:
    """The strategy that --auto/--strategy NAME and --target N ask for together."""
    if target is not None:
        if not 1 <= target <= MAX_TARGET:
            raise ValueError(f"--target must be from 1 to {MAX_TARGET}, got {target}")
        if name in (None, "target", f"target{target}"):
            return f"target{target}"
        raise ValueError(f"--target {target} plays target{target}: leave out {option} {name}")
    if name == "target":
        raise ValueError(f"{option} target needs --target N (the points to play for)")
    return name


def _strategy_arg(text: str) -> str:
    if text == "target" or text == "oracle":
        return text
    try:
        return strategy_name(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def cmd_play(args: argparse.Namespace) -> int:
    if args.auto is not None:
        args.auto = resolve_strategy(args.auto, args.target, "--auto")
        if args.auto == "oracle":
            raise ValueError(
                "oracle is a hindsight bound for simulate, not a player: use --auto best"
            )
    if args.resume is not None and args.auto is not None:
        raise ValueError("--resume carries on a game you play yourself: leave out --auto")
    for stored_id in (args.resume, getattr(args, "again", None)):
        if stored_id is not None:  # a wrong id (a match's, one not there) says so first
            with open_history(args) as history:
                history.load(stored_id)
    if args.auto is None:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise ValueError(
                "interactive play needs a terminal; use --auto best|hand|random to play without one"
            )
        from solitaire.ui.patience.app import run_app  # the interactive skin loads only when needed

        calls = 0

        def new_game() -> tuple[Game, str | None]:
            nonlocal calls
            calls += 1
            if calls == 1:
                return game_from_args(args)
            return Game.from_seed(random.SystemRandom().randrange(10**9)), None

        status, message = run_app(args, new_game)
        print(message)
        return status
    game, daily = game_from_args(args)
    rng = random.Random(f"cribsol {args.auto} {deal_code(game.deck)}")
    play_out(game, make_strategy(args.auto, rng))
    with open_history(args, readonly=False) as history:
        filed = history.add(game, None, daily, played_by=args.auto)
    if args.json:
        print(json.dumps(game_record(game, daily=daily)))
        return 0
    console = make_console(args)
    console.print(GameView(game, ascii=args.ascii, title=_game_title(game, daily)))
    console.print(
        Text(
            f"In your history as game {filed}, played by {args.auto} (not in your stats).",
            style="muted",
        )
    )
    return 0


def _game_title(game: Game, daily: str | None) -> str:
    source = (
        f"daily deal {daily}"
        if daily
        else (f"seed {game.seed}" if game.seed is not None else "deal")
    )
    return f"Cribbage Solitaire, {safe_text(source)}\ndeal code {deal_code(game.deck)}"


# The games whose records name their game: how a stored one's text loads, how one replays.
_Replay = Callable[[argparse.Namespace, Mapping[str, Any], int | None], int]
_REPLAYS: dict[str, tuple[Callable[[str], dict[str, Any]], _Replay]] = {
    MATCH: (load_match_record, replay_match_record),
    DRILL: (load_drill_record, replay_drill_record),
    TILES: (load_tiles_record, replay_tiles),
}


def cmd_replay(args: argparse.Namespace) -> int:
    source: str = args.record
    stored_id: int | None = None
    if source.isdigit() and not Path(source).exists():
        try:
            stored_id = game_id(source)
        except argparse.ArgumentTypeError as error:
            raise ValueError(str(error)) from None
        with open_history(args) as history:
            kind = history.kind_of(stored_id)
            if kind in _REPLAYS:
                load, show = _REPLAYS[kind]
                _, text = history.stored_record(stored_id, kind)
                return show(args, load(text), stored_id)
            stored = history.load(stored_id)
        game, daily = stored.game, stored.daily
    else:
        data = load_match_record(read_record_file(source, MAX_MATCH_RECORD_BYTES))
        if "game" in data:  # the other games' records name their game; not the patience's
            _, show = _REPLAYS.get(str(data["game"]), _REPLAYS[MATCH])
            return show(args, data, None)
        game = replay(data, allow_unfinished=True)
        daily = data.get("daily")
    if args.json:
        print(json.dumps(game_record(game, daily=daily)))
        return 0
    console = make_console(args)
    title = _game_title(game, daily)
    if stored_id is not None:
        title = f"Game {stored_id}: {title[len('Cribbage Solitaire, ') :]}"
    reviews = [review_round(game, n) for n in range(1, len(game.rounds) + 1)]
    console.print(GameView(game, ascii=args.ascii, title=title, reviews=reviews))
    aids = aids_text(game, args.ascii)
    if aids is not None:
        console.print(aids)
    console.print(Text("Replayed and re-scored: every round matches the record.", style="best"))
    if not game.is_over:
        line = f"Unfinished: {len(game.rounds)} of {ROUNDS} rounds played."
        if stored_id is not None:
            line += f" {command(f'play --resume {stored_id}')} resumes it."
        console.print(Text(line, style="warn"))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    args.strategy = resolve_strategy(args.strategy, args.target, "--strategy") or "best"
    check_run(args.games, args.strategy, args.jobs)
    started = time.perf_counter()
    with progress_bar(args, f"{args.strategy:>6}", args.games) as advance:
        result = simulate(
            args.games, args.strategy, seed=args.seed, jobs=args.jobs, progress=advance
        )
    elapsed = time.perf_counter() - started
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        console = make_console(args)
        console.print(SimulationView(result, ascii=args.ascii))
        console.print(
            Text(
                f"{result.games:,} games in {elapsed:.1f} s with {args.jobs} job(s)", style="muted"
            )
        )
    if result.interrupted:
        print(f"{prog()}: interrupted; {result.games:,} finished games reported", file=sys.stderr)
        return 130
    return 0


def register(sub: Subcommands) -> None:
    """Add the patience's commands."""
    with new_command(
        sub,
        "score",
        cmd_score,
        json="print one JSON object",
        help="score a hand: four cards then the starter",
        description="Score four cards and a starter (four cards alone: a final hand, no starter).",
    ) as score:
        score.add_argument("cards", nargs="+", metavar="CARD", help="cards like 5H 10S jd 5♥")
        score.add_argument(
            "--crib", action="store_true", help="crib rules: only a 5-card flush counts"
        )

    with new_command(
        sub,
        "advise",
        cmd_advise,
        json="print a JSON list of the 15 options",
        help="exact expected value of all 15 discards from six cards",
        description="Weigh all 15 discards of six cards exactly: expected hand, crib and "
        "total over every starter and blind crib pair the unseen cards allow.",
    ) as adv:
        adv.add_argument("cards", nargs="+", metavar="CARD", help="the six cards shown")
        adv.add_argument("--seen", metavar="CARDS", help="cards already out of play, e.g. '2C 9D'")
        adv.add_argument("--starter", metavar="CARD", help="the starter, when it is known")

    with new_command(
        sub,
        "play",
        cmd_play,
        json="with --auto: print the game record",
        data_dir=True,
        help="play a game (interactive, or --auto with a strategy)",
        description="Play a game. With --auto a strategy plays it and the game is printed.",
    ) as play:
        deal = add_deal_options(play)
        add_resume_option(deal, "game")
        deal.add_argument(
            "--again",
            type=game_id,
            metavar="ID",
            help="play the deal of a game of the history again",
        )
        play.add_argument(
            "--auto",
            type=_strategy_arg,
            metavar="STRATEGY",
            help=f"let a strategy play the whole game ({', '.join(STRATEGIES)} or targetN; "
            "filed in the history as its game, not yours)",
        )
        play.add_argument(
            "--target",
            type=whole_number(1, MAX_TARGET),
            metavar="N",
            help="play for N points: the hint shows each discard's chance of reaching N and the "
            "coach says when it differs from playing for points (with --auto: plays targetN)",
        )

    with new_command(
        sub,
        "replay",
        cmd_replay,
        json="print the checked record",
        data_dir=True,
        help="replay a game record and re-score every round",
        description="Replay a game record (a file, or - for stdin), re-scoring every round.",
    ) as rep:
        rep.add_argument(
            "record", metavar="FILE|ID", help="a game record file, - for stdin, or a history id"
        )

    with new_command(
        sub,
        "simulate",
        cmd_simulate,
        json="print one JSON object",
        help="play many games with a strategy and report the statistics",
        description="Play N games (game i dealt from seed S+i) with a strategy; results are "
        "the same for any --jobs. oracle is the hindsight bound: each round's best actual "
        "discard.",
    ) as sim:
        add_run_options(
            sim, whole_number(1, MAX_GAMES), 1000, "game i is dealt from S + i (default 0)"
        )
        sim.add_argument(
            "--strategy",
            type=_strategy_arg,
            metavar="STRATEGY",
            help=f"{', '.join(SIMULATED)} or targetN (default: best)",
        )
        sim.add_argument(
            "--target",
            type=whole_number(1, MAX_TARGET),
            metavar="N",
            help="the same as --strategy targetN",
        )
