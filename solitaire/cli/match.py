"""The match's command: cribbage for two, ``cribsol match``; and replaying a match record."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.text import Text

from solitaire.cli.common import (
    add_data_dir_option,
    add_output_options,
    make_console,
    seed_number,
    whole_number,
)
from solitaire.match.game import Match
from solitaire.match.players import PLAYERS, advance, make_player
from solitaire.match.record import (
    MAX_GAMES,
    RecordError,
    load_match_record,
    match_record,
    replay_match,
)
from solitaire.store import MATCH, YOU, History, StoreError
from solitaire.ui.match.views import MatchView

if TYPE_CHECKING:
    from solitaire.cli.common import Subcommands

__all__ = ["register", "replay_match_record"]


def finished_matches(history: History) -> list[Match]:
    """Your finished matches, each replayed from its checked record; others are reported."""
    matches = []
    for row in history.games(kind=MATCH):
        if not row.finished or row.played_by != YOU:
            continue
        try:
            _, text = history.stored_record(row.id, MATCH)
            matches.append(replay_match(load_match_record(text)))
        except (StoreError, RecordError, RecursionError) as error:
            history.skipped[row.id] = str(error)
    return matches


def _title(match: Match, players: tuple[str, str]) -> str:
    games = f", {match.games} games" if match.games > 1 else ""
    return f"Cribbage, {players[0]} against {players[1]}: seed {match.seed}{games}"


def cmd_match(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    match = Match(seed, games=args.games, double_skunk=args.double_skunk)
    if args.auto is None:
        return _play(args, match)
    names = (args.auto, args.vs)
    # Each computer seat draws from its own generator, derived from the seed.
    seats = tuple(
        make_player(name, random.Random(f"cribsol match {seed} seat {seat} {name}"))
        for seat, name in enumerate(names)
    )
    advance(match, seats)
    return _print(args, match, names, replayed=False)


def _play(args: argparse.Namespace, first: Match) -> int:
    """You in the first seat against --vs, full-screen."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise ValueError(
            "the interactive match needs a terminal; use --auto LEVEL to play without one"
        )
    from solitaire.ui.match.app import run_app  # the interactive skin loads only when needed

    matches = iter([first])

    def new_match() -> Match:
        seed = random.SystemRandom().randrange(10**9)
        return next(matches, None) or Match(seed, args.games, args.double_skunk)

    status, message = run_app(args, new_match)
    print(message)
    return status


def _print(args: argparse.Namespace, match: Match, names: tuple[str, str], replayed: bool) -> int:
    if args.json:
        print(json.dumps(match_record(match, names)))
        return 0
    console = make_console(args)
    console.print(MatchView(match, names, ascii=args.ascii, title=_title(match, names)))
    if replayed:
        console.print(Text("Replayed and re-scored: every deal matches the record.", style="best"))
    return 0


def replay_match_record(args: argparse.Namespace, data: Mapping[str, Any]) -> int:
    """``cribsol replay`` of a match record: replay, re-score and print it."""
    match = replay_match(data)
    players = data["players"]
    return _print(args, match, (players[0], players[1]), replayed=True)


def register(sub: Subcommands) -> None:
    """Add the match's command."""
    cmd = sub.add_parser(
        "match",
        help="cribbage for two against the computer (or --auto: two computer levels)",
        description="Two-player cribbage to 121: the deal, the play (pegging) and the show. "
        "You play full-screen against --vs (saved after every move, resumed next time); "
        "with --auto a computer level plays your seat and the match is printed.",
    )
    cmd.add_argument(
        "--vs", choices=PLAYERS, default="standard", help="the opponent (default: standard)"
    )
    cmd.add_argument("--auto", choices=PLAYERS, help="let this level play the first seat")
    cmd.add_argument(
        "--seed", type=seed_number, metavar="N", help="the match's seed (default: random)"
    )
    cmd.add_argument(
        "--games",
        type=whole_number(1, MAX_GAMES),
        default=1,
        metavar="N",
        help="a series of N games (default 1)",
    )
    cmd.add_argument(
        "--double-skunk",
        type=whole_number(3, 4),
        default=3,
        help="games a double skunk counts (default 3; some clubs score 4)",
    )
    cmd.add_argument(
        "--count-yourself",
        action="store_true",
        help="type the points of your hand and crib before they are counted for you",
    )
    cmd.add_argument(
        "--no-pause",
        action="store_true",
        help="show the computer's cards at once instead of after a short pause",
    )
    add_output_options(cmd, "with --auto: print the match record")
    add_data_dir_option(cmd)
    cmd.set_defaults(func=cmd_match)
