"""The match's command: cribbage for two, ``cribsol match``; and replaying a match record."""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from rich.text import Text

from solitaire.cli.common import (
    make_console,
    open_history,
)
from solitaire.cli.terminal import on_a_terminal
from solitaire.core.errors import InputError
from solitaire.core.names import command
from solitaire.core.words import plural
from solitaire.match.game import Match
from solitaire.match.levels import DEFAULT_LEVEL
from solitaire.match.players import advance
from solitaire.match.record import (
    match_record,
    replay_match,
)
from solitaire.match.registry import make_player
from solitaire.match.review import deal_numbers, review_deal
from solitaire.ui.kinds import MATCH
from solitaire.ui.match.deals import DealView
from solitaire.ui.match.views import MatchView, seat_names
from solitaire.ui.saved import seed_words

YOU_SEAT: Final = 0  # you play the first seat


__all__ = ["replay_match_record"]


def _title(match: Match, players: tuple[str, str]) -> str:
    games = f", {match.games} games" if match.games > 1 else ""
    return f"Cribbage, {players[0]} against {players[1]}: {seed_words(match)}{games}"


_SET_UP: Final = ("--vs", "--seed", "--games", "--double-skunk", "--count-yourself", "--muggins")


def _given(args: argparse.Namespace, option: str) -> bool:
    value = getattr(args, option.removeprefix("--").replace("-", "_"))
    return value not in (None, False)


def _check_options(args: argparse.Namespace) -> None:
    """Refuse options that mean nothing together, naming one (argparse cannot say these)."""

    def refuse(options: Sequence[str], why: str) -> None:
        given = next((option for option in options if _given(args, option)), None)
        if given is not None:
            raise InputError(why.format(option=given))

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
        raise InputError(
            "--muggins takes the points you miss when you count your own hand: add --count-yourself"
        )


def cmd_match(args: argparse.Namespace) -> int:
    _check_options(args)
    if args.resume is not None:  # a wrong id says so before a terminal is asked for
        with open_history(args) as history:
            history.stored_record(args.resume, MATCH)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    match = _new_match(args, seed, chosen=args.seed is not None)
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
    if not on_a_terminal():
        raise InputError(
            "the interactive match needs a terminal; use --auto LEVEL to play without one"
        )
    from solitaire.ui.match.app import run_app  # the interactive skin loads only when needed

    matches = iter([first])

    def new_match() -> Match:
        return next(matches, None) or _new_match(
            args, random.SystemRandom().randrange(10**9), chosen=False
        )

    status, message = run_app(args, new_match)
    print(message)
    return status


def _new_match(args: argparse.Namespace, seed: int, *, chosen: bool) -> Match:
    """A match as the options set it up (a second one with a new seed is set up alike);
    ``chosen``: the seed was asked for, else it is secret until the match ends."""
    match = Match(
        seed,
        games=args.games or 1,
        double_skunk=args.double_skunk or 3,
        counting=(YOU_SEAT,) if args.count_yourself else (),
        muggins=args.muggins,
    )
    match.seed_chosen = chosen
    return match


def _print(args: argparse.Namespace, match: Match, names: tuple[str, str], replayed: bool) -> int:
    if args.json:
        print(json.dumps(match_record(match, names)))
        return 0
    console = make_console(args)
    console.print(MatchView(match, names, ascii=args.ascii, title=_title(match, names)))
    if replayed:
        console.print(Text("Replayed and re-scored: every deal matches the record.", style="best"))
    return 0


def _chosen_deals(args: argparse.Namespace, match: Match) -> list[tuple[int, int]]:
    """The deals --game and --deal pick (every deal when neither is given); one that the match
    does not have is refused in one line."""
    game, deal = getattr(args, "game", None), getattr(args, "deal", None)
    if game is not None and game > len(match.played):
        raise InputError(f"--game {game}: this match has {plural(len(match.played), 'game')}")
    if deal is not None and game is None:
        if len(match.played) > 1:
            raise InputError(
                f"--deal {deal}: this match has {len(match.played)} games; "
                "add --game G to say which"
            )
        game = 1
    chosen = [(g, d) for g, d in deal_numbers(match) if game in (None, g) and deal in (None, d)]
    if not chosen:
        dealt = len(match.played[(game or 1) - 1].deals)
        raise InputError(f"--deal {deal}: game {game} has {plural(dealt, 'deal')}")
    return chosen


def _print_deals(args: argparse.Namespace, match: Match, names: tuple[str, str]) -> None:
    """Each chosen deal card by card (the coach's verdict on the first seat's discards), then,
    for a whole match, the table of totals."""
    console = make_console(args)
    chosen = _chosen_deals(args, match)
    shown = seat_names(names)
    console.print(Text(_title(match, names), style="title"))
    viewer = 0 if not match.is_over else None
    for game, deal in chosen:
        review = review_deal(match, game, deal, coached=(0,), viewer=viewer)
        console.print()
        console.print(DealView(review, shown, ascii=args.ascii))
    if getattr(args, "game", None) is None and getattr(args, "deal", None) is None:
        console.print()
        console.print(Text("Totals per deal", style="title"))
        console.print(MatchView(match, names, ascii=args.ascii))
    console.print(Text("Replayed and re-scored: every deal matches the record.", style="best"))


def replay_match_record(
    args: argparse.Namespace, data: Mapping[str, Any], stored_id: int | None = None
) -> int:
    """``cribsol replay`` of a match record (a file, or the history's ``stored_id``): replay,
    re-score and print it, every deal card by card (``--deal``, ``--game``) or, with
    ``--totals``, the table of totals per deal. An unfinished match (a record written mid-match)
    replays as far as it goes and says so, with how to resume it when it is stored."""
    match = replay_match(data, allow_unfinished=True)
    players = data["players"]
    names = (str(players[0]), str(players[1]))
    chosen = getattr(args, "deal", None) is not None or getattr(args, "game", None) is not None
    if args.json or (getattr(args, "totals", False) and not chosen):
        status = _print(args, match, names, replayed=True)
    elif getattr(args, "totals", False):
        raise InputError("--totals shows every deal's totals: leave out --deal and --game")
    else:
        _print_deals(args, match, names)
        status = 0
    if not match.is_over and not args.json:
        line = f"Unfinished: game {match.game_number} of {match.games}."
        if stored_id is not None:
            line += f" {command(f'match --resume {stored_id}')} resumes it."
        make_console(args).print(Text(line, style="warn"))
    return status
