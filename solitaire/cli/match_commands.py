"""The match's command: cribbage for two, ``cribsol match``; and replaying a match record."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from rich.text import Text

from solitaire.cli.common import (
    add_resume_option,
    make_console,
    new_command,
    open_history,
    read_stored,
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
from solitaire.store import MATCH, YOU, GameRow, History, command
from solitaire.ui.match.views import MatchView, StoredMatch

DEFAULT_LEVEL: Final = "standard"
YOU_SEAT: Final = 0  # you play the first seat

if TYPE_CHECKING:
    from solitaire.cli.common import Subcommands

__all__ = ["register", "replay_match_record"]


def stored_matches(history: History, limit: int | None = None) -> list[StoredMatch]:
    """The history's matches, newest first, each replayed from its checked record (finished
    or not); those that do not replay are reported as skipped."""

    def load(row: GameRow, text: str) -> StoredMatch:
        data = load_match_record(text)
        match = replay_match(data, allow_unfinished=not row.finished)
        if match.is_over != row.finished:
            raise RecordError("its finished is not its record's")
        return StoredMatch(row, str(data["players"][1]), match)

    return read_stored(history, MATCH, load, limit)


def finished_matches(history: History) -> list[Match]:
    """Your finished matches, each replayed from its checked record; others are reported."""
    return [
        stored.match
        for stored in stored_matches(history)
        if stored.row.finished and stored.row.played_by == YOU
    ]


def _title(match: Match, players: tuple[str, str]) -> str:
    games = f", {match.games} games" if match.games > 1 else ""
    return f"Cribbage, {players[0]} against {players[1]}: seed {match.seed}{games}"


_SET_UP: Final = ("--vs", "--seed", "--games", "--double-skunk", "--count-yourself", "--muggins")


def _given(args: argparse.Namespace, option: str) -> bool:
    value = getattr(args, option.removeprefix("--").replace("-", "_"))
    return value not in (None, False)


def _check_options(args: argparse.Namespace) -> None:
    """Refuse options that mean nothing together, naming one (argparse cannot say these)."""

    def refuse(options: Sequence[str], why: str) -> None:
        given = next((option for option in options if _given(args, option)), None)
        if given is not None:
            raise ValueError(why.format(option=given))

    if args.resume is not None:
        refuse(
            ("--auto", *_SET_UP, "--json"),
            "--resume carries on a saved match as it was set up: leave out {option}",
        )
    if args.auto is not None:
        refuse(
            ("--count-yourself", "--muggins", "--no-pause"),
            "{option} is for a match you play; --auto lets the computer play your seat",
        )
    else:
        refuse(("--json",), "--json prints the record of a match played with --auto")
    if args.muggins and not args.count_yourself:
        raise ValueError(
            "--muggins takes the points you miss when you count your own hand: add --count-yourself"
        )


def cmd_match(args: argparse.Namespace) -> int:
    _check_options(args)
    if args.resume is not None:  # a wrong id says so before a terminal is asked for
        with open_history(args) as history:
            history.stored_record(args.resume, MATCH)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    match = _new_match(args, seed)
    if args.auto is None:
        return _play(args, match)
    names = (args.auto, args.vs or DEFAULT_LEVEL)
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
        return next(matches, None) or _new_match(args, random.SystemRandom().randrange(10**9))

    status, message = run_app(args, new_match)
    print(message)
    return status


def _new_match(args: argparse.Namespace, seed: int) -> Match:
    """A match as the options set it up (a second one with a new seed is set up alike)."""
    return Match(
        seed,
        games=args.games or 1,
        double_skunk=args.double_skunk or 3,
        counting=(YOU_SEAT,) if args.count_yourself else (),
        muggins=args.muggins,
    )


def _print(args: argparse.Namespace, match: Match, names: tuple[str, str], replayed: bool) -> int:
    if args.json:
        print(json.dumps(match_record(match, names)))
        return 0
    console = make_console(args)
    console.print(MatchView(match, names, ascii=args.ascii, title=_title(match, names)))
    if replayed:
        console.print(Text("Replayed and re-scored: every deal matches the record.", style="best"))
    return 0


def replay_match_record(
    args: argparse.Namespace, data: Mapping[str, Any], stored_id: int | None = None
) -> int:
    """``cribsol replay`` of a match record (a file, or the history's ``stored_id``): replay,
    re-score and print it; only a stored match may be unfinished (it says how to resume it)."""
    match = replay_match(data, allow_unfinished=stored_id is not None)
    players = data["players"]
    status = _print(args, match, (players[0], players[1]), replayed=True)
    if not match.is_over and stored_id is not None and not args.json:
        make_console(args).print(
            Text(
                f"Unfinished: game {match.game_number} of {match.games}. "
                f"{command(f'match --resume {stored_id}')} resumes it.",
                style="warn",
            )
        )
    return status


def register(sub: Subcommands) -> None:
    """Add the match's command."""
    with new_command(
        sub,
        "match",
        cmd_match,
        json="with --auto: print the match record",
        data_dir=True,
        help="cribbage for two against the computer (or --auto: two computer levels)",
        description="Two-player cribbage to 121: the deal, the play (pegging) and the show. "
        "You play full-screen against --vs (saved after every move, resumed next time); "
        "with --auto a computer level plays your seat and the match is printed.",
    ) as cmd:
        cmd.add_argument("--vs", choices=PLAYERS, help=f"the opponent (default: {DEFAULT_LEVEL})")
        cmd.add_argument("--auto", choices=PLAYERS, help="let this level play the first seat")
        cmd.add_argument(
            "--seed", type=seed_number, metavar="N", help="the match's seed (default: random)"
        )
        add_resume_option(cmd, "match")
        cmd.add_argument(
            "--games",
            type=whole_number(1, MAX_GAMES),
            metavar="N",
            help="a series of N games (default 1)",
        )
        cmd.add_argument(
            "--double-skunk",
            type=whole_number(3, 4),
            metavar="N",
            help="games a double skunk counts (default 3; some clubs score 4)",
        )
        cmd.add_argument(
            "--count-yourself",
            action="store_true",
            help="type the points of your hand and crib before they are counted for you "
            "(too high is corrected; too low still pegs the true count, unless --muggins)",
        )
        cmd.add_argument(
            "--muggins",
            action="store_true",
            help="with --count-yourself: the points you miss go to the computer",
        )
        cmd.add_argument(
            "--no-pause",
            action="store_true",
            help="show the computer's cards at once instead of after a short pause",
        )
