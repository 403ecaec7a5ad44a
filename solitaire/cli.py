"""The ``cribsol`` command line.

Every engine error (a ValueError) and every bad argument becomes one line on
stderr and exit status 2; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from solitaire.engine.advisor import advise
from solitaire.engine.cards import parse_cards
from solitaire.engine.dealcode import daily_seed, deal_code, decode_deal
from solitaire.engine.game import Game
from solitaire.engine.record import game_record, load_record, replay
from solitaire.engine.scoring import score_hand
from solitaire.engine.simulation import SIMULATED, check_run, simulate
from solitaire.engine.strategy import STRATEGIES, make_strategy, play_out
from solitaire.store import History, resolve_data_dir
from solitaire.views import (
    THEME,
    AdviceView,
    GameView,
    HistoryView,
    ScoreView,
    SimulationView,
    StatsView,
    kind_totals_table,
)

__all__ = ["main"]

PROG = "cribsol"


class UsageError(Exception):
    """A bad command line; reported in one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def make_console(args: argparse.Namespace, stderr: bool = False) -> Console:
    """A console on the theme, honouring --ascii and NO_COLOR."""
    ascii_only = bool(getattr(args, "ascii", False))
    return Console(
        theme=THEME,
        stderr=stderr,
        emoji=not ascii_only,
        safe_box=True,
        highlight=False,
    )


def _speaks_unicode(stream: object) -> bool:
    encoding = getattr(stream, "encoding", None) or ""
    return encoding.lower().replace("-", "").startswith(("utf", "ucs"))


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
    options = advise(six, seen=seen, starter=args.starter)
    if args.json:
        print(json.dumps([option.to_dict() for option in options]))
        return 0
    console = make_console(args)
    console.print(AdviceView(options, ascii=args.ascii))
    return 0


# -- play and replay ---------------------------------------------------------


def game_from_args(args: argparse.Namespace) -> tuple[Game, str | None]:
    """A new game from --seed, --deal or --daily (a random seed otherwise), and its daily date."""
    if args.deal is not None:
        return Game(decode_deal(args.deal)), None
    if args.daily:
        today = dt.date.today()
        return Game.from_seed(daily_seed(today)), today.isoformat()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    return Game.from_seed(seed), None


def cmd_play(args: argparse.Namespace) -> int:
    if args.auto is None:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise ValueError(
                "interactive play needs a terminal; use --auto best|hand|random to play without one"
            )
        from solitaire.app import run_app  # the interactive skin loads only when needed

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
    if args.json:
        print(json.dumps(game_record(game, daily=daily)))
        return 0
    console = make_console(args)
    console.print(GameView(game, ascii=args.ascii, title=_game_title(game, daily)))
    return 0


def _game_title(game: Game, daily: str | None) -> str:
    source = (
        f"daily deal {daily}"
        if daily
        else (f"seed {game.seed}" if game.seed is not None else "deal")
    )
    return f"Cribbage Solitaire, {source}\ndeal code {deal_code(game.deck)}"


def read_text(path: str) -> str:
    """The text of a file, or of stdin for ``-``; an unreadable file is a one-line error."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise ValueError(f"cannot read {path}: not a text file") from None


def cmd_replay(args: argparse.Namespace) -> int:
    source: str = args.record
    if source.isdigit() and not Path(source).exists():
        with open_history(args) as history:
            data = history.record(int(source))
    else:
        data = load_record(read_text(source))
    game = replay(data)
    if args.json:
        print(json.dumps(game_record(game, daily=data.get("daily"))))
        return 0
    console = make_console(args)
    console.print(GameView(game, ascii=args.ascii, title=_game_title(game, data.get("daily"))))
    console.print(Text("Replayed and re-scored: every round matches the record.", style="best"))
    return 0


# -- simulate -----------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    check_run(args.games, args.strategy, args.jobs)
    err = make_console(args, stderr=True)
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task(f"{args.strategy:>6}", total=args.games, rate="")
        started = time.perf_counter()

        def advance(count: int) -> None:
            progress.advance(task, count)
            done = progress.tasks[0].completed
            rate = done / max(1e-9, time.perf_counter() - started)
            progress.update(task, rate=f"{rate:,.0f} games/s")

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
        print(f"{PROG}: interrupted; {result.games:,} finished games reported", file=sys.stderr)
        return 130
    return 0


# -- history ------------------------------------------------------------------


def open_history(args: argparse.Namespace) -> History:
    """The history database; a damaged one is set aside and reported on stderr."""
    history = History(resolve_data_dir(args.data_dir))
    if history.notice:
        print(f"{PROG}: {history.notice}", file=sys.stderr)
    return history


def cmd_stats(args: argparse.Namespace) -> int:
    with open_history(args) as history:
        stats = history.stats(recent=args.recent)
    if args.json:
        print(json.dumps(None if stats is None else dataclasses.asdict(stats)))
        return 0
    console = make_console(args)
    if stats is None:
        console.print("No finished games yet: run cribsol play.")
        return 0
    console.print(StatsView(stats, ascii=args.ascii))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    with open_history(args) as history:
        rows = history.games(limit=args.limit)
    if args.json:
        print(json.dumps([dataclasses.asdict(row) for row in rows]))
        return 0
    console = make_console(args)
    if not rows:
        console.print("No games yet: run cribsol play.")
        return 0
    console.print(HistoryView(rows))
    return 0


def add_output_options(parser: argparse.ArgumentParser, json_help: str) -> None:
    """--json and --ascii."""
    parser.add_argument("--json", action="store_true", help=json_help)
    parser.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")


def add_data_dir_option(parser: argparse.ArgumentParser) -> None:
    """--data-dir, where the saved game and the history live."""
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where the saved game and history live (default: $CRIBSOL_DATA_DIR or the "
        "user data directory)",
    )


def add_deal_options(parser: argparse.ArgumentParser) -> None:
    """--seed, --deal and --daily, which choose the deck."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--seed", type=int, metavar="N", help="the deal for this seed")
    group.add_argument("--deal", metavar="CODE", help="the deal for this deal code")
    group.add_argument("--daily", action="store_true", help="today's deal, the same for everyone")


# -- the parser ---------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Cribbage Solitaire: play the patience, score hands, weigh discards.",
    )
    parser.add_argument("--version", action="version", version="%(prog)s 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    score = sub.add_parser(
        "score",
        help="score a hand: four cards then the starter",
        description="Score four cards and a starter (four cards alone: a final hand, no starter).",
    )
    score.add_argument("cards", nargs="+", metavar="CARD", help="cards like 5H 10S jd 5♥")
    score.add_argument("--crib", action="store_true", help="crib rules: only a 5-card flush counts")
    add_output_options(score, "print one JSON object")
    score.set_defaults(func=cmd_score)

    adv = sub.add_parser(
        "advise",
        help="exact expected value of all 15 discards from six cards",
        description="Weigh all 15 discards of six cards exactly: expected hand, crib and "
        "total over every starter and blind crib pair the unseen cards allow.",
    )
    adv.add_argument("cards", nargs="+", metavar="CARD", help="the six cards shown")
    adv.add_argument("--seen", metavar="CARDS", help="cards already out of play, e.g. '2C 9D'")
    adv.add_argument("--starter", metavar="CARD", help="the starter, when it is known")
    add_output_options(adv, "print a JSON list of the 15 options")
    adv.set_defaults(func=cmd_advise)

    play = sub.add_parser(
        "play",
        help="play a game (interactive, or --auto with a strategy)",
        description="Play a game. With --auto a strategy plays it and the game is printed.",
    )
    add_deal_options(play)
    play.add_argument("--auto", choices=STRATEGIES, help="let a strategy play the whole game")
    add_output_options(play, "with --auto: print the game record")
    add_data_dir_option(play)
    play.set_defaults(func=cmd_play)

    rep = sub.add_parser(
        "replay",
        help="replay a game record and re-score every round",
        description="Replay a game record (a file, or - for stdin), re-scoring every round.",
    )
    rep.add_argument(
        "record", metavar="FILE|ID", help="a game record file, - for stdin, or a history id"
    )
    add_output_options(rep, "print the checked record")
    add_data_dir_option(rep)
    rep.set_defaults(func=cmd_replay)

    sim = sub.add_parser(
        "simulate",
        help="play many games with a strategy and report the statistics",
        description="Play N games (game i dealt from seed S+i) with a strategy; results are "
        "the same for any --jobs. oracle is the hindsight bound: each round's best actual "
        "discard.",
    )
    sim.add_argument("--games", type=int, default=1000, metavar="N", help="games (default 1000)")
    sim.add_argument("--strategy", choices=SIMULATED, default="best", help="default: best")
    sim.add_argument("--jobs", type=int, default=1, metavar="J", help="processes (default 1)")
    sim.add_argument("--seed", type=int, default=0, metavar="S", help="first seed (default 0)")
    add_output_options(sim, "print one JSON object")
    sim.set_defaults(func=cmd_simulate)

    st = sub.add_parser(
        "stats",
        help="your results: games, mean, best, past 90, 121, efficiency, trend",
        description="Statistics of your finished games.",
    )
    st.add_argument("--recent", type=int, default=10, metavar="N", help="games in the trend")
    add_output_options(st, "print one JSON object")
    add_data_dir_option(st)
    st.set_defaults(func=cmd_stats)

    hist = sub.add_parser(
        "history",
        help="list your games with their deal codes",
        description="Your games, newest first; replay one with cribsol replay ID.",
    )
    hist.add_argument("--limit", type=int, default=20, metavar="N", help="how many (default 20)")
    add_output_options(hist, "print a JSON list")
    add_data_dir_option(hist)
    hist.set_defaults(func=cmd_history)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
        if hasattr(args, "ascii") and not _speaks_unicode(sys.stdout):
            args.ascii = True  # a terminal without suit symbols gets letters, not an error
        if func is None:
            parser.print_help()
            return 0
        return func(args)
    except UsageError as error:
        print(error, file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Output piped into a command that stopped reading; not an error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
