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
from typing import Any

from rich.text import Text

from solitaire.cli.common import (
    cluster_address,
    game_id,
    make_console,
    open_history,
    prog,
    progress_bar,
    report_skipped,
    run_json,
    run_on,
    run_stopped,
    where,
)
from solitaire.cli.terminal import on_a_terminal
from solitaire.core.cards import parse_cards
from solitaire.core.dealcode import daily_seed, deal_code, decode_deal
from solitaire.core.errors import CribsolError, InputError
from solitaire.core.names import command
from solitaire.core.secret import SEED_CHOSEN, seed_hidden
from solitaire.core.untrusted import read_record_file, safe_text
from solitaire.games import MATCH, record_kind, resolve
from solitaire.games import game as registered_game
from solitaire.patience.coach import heels_note, hint_reasons, review_round
from solitaire.patience.game import Game, rounds_played
from solitaire.patience.levels import MAX_TARGET
from solitaire.patience.record import game_record, replay
from solitaire.store import History
from solitaire.ui.kinds import KINDS, PATIENCE, patience_summary, record_text, stored_patience
from solitaire.ui.patience.views import (
    AdviceView,
    GameView,
    SimulationView,
    aids_text,
    reason_text,
)
from solitaire.ui.views import Paragraph


def _joined_cards(tokens: Sequence[str]) -> str:
    return " ".join(tokens)


# -- advise -------------------------------------------------------------------


def cmd_advise(args: argparse.Namespace) -> int:
    from solitaire.patience.advisor import Position, advise_position

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
            stored = stored_patience(history, again)
        game = Game(stored.game.deck, seed=stored.game.seed)
        # the deal again is as secret as the game it comes from, until that one ends
        game.seed_chosen = stored.game.seed_chosen or stored.game.is_over
        return game, stored.daily
    if args.deal is not None:
        return Game(decode_deal(args.deal)), None
    if args.daily:  # everyone plays the day's deal, and the date names it: no secret
        today = today_date()
        return Game.from_seed(daily_seed(today)), today.isoformat()
    if args.seed is not None:
        return Game.from_seed(args.seed), None
    return random_game(), None


def random_game() -> Game:
    """A new game from a random seed, kept secret until the game ends."""
    game = Game.from_seed(random.SystemRandom().randrange(10**9))
    game.seed_chosen = False
    return game


def resolve_strategy(name: str | None, target: int | None, option: str) -> str | None:
    """The strategy that --auto/--strategy NAME and --target N ask for together."""
    if target is not None:
        if not 1 <= target <= MAX_TARGET:
            raise InputError(f"--target must be from 1 to {MAX_TARGET}, got {target}")
        if name in (None, "target", f"target{target}"):
            return f"target{target}"
        raise InputError(f"--target {target} plays target{target}: leave out {option} {name}")
    if name == "target":
        raise InputError(f"{option} target needs --target N (the points to play for)")
    return name


def cmd_play(args: argparse.Namespace) -> int:
    if args.auto is not None:
        args.auto = resolve_strategy(args.auto, args.target, "--auto")
        if args.auto == "oracle":
            raise InputError(
                "oracle is a hindsight bound for simulate, not a player: use --auto best"
            )
    if args.resume is not None and args.auto is not None:
        raise InputError("--resume carries on a game you play yourself: leave out --auto")
    for stored_id in (args.resume, getattr(args, "again", None)):
        if stored_id is not None:  # a wrong id (a match's, one not there) says so first
            with open_history(args) as history:
                stored_patience(history, stored_id)
    if args.auto is None:
        if not on_a_terminal():
            raise InputError(
                "interactive play needs a terminal; use --auto best|hand|random to play without one"
            )
        from solitaire.ui.patience.app import run_app  # the interactive skin loads only when needed

        calls = 0

        def new_game() -> tuple[Game, str | None]:
            nonlocal calls
            calls += 1
            if calls == 1:
                return game_from_args(args)
            return random_game(), None

        status, message = run_app(args, new_game)
        print(message)
        return status
    from solitaire.patience.strategy import make_strategy, play_out

    game, daily = game_from_args(args)
    rng = random.Random(f"cribsol {args.auto} {deal_code(game.deck)}")
    play_out(game, make_strategy(args.auto, rng))
    with open_history(args, readonly=False) as history:
        filed = history.add(
            PATIENCE,
            record_text(game, daily),
            patience_summary(game, None, daily),
            played_by=args.auto,
        )
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
    if not daily and seed_hidden(game):  # its seed and code are shown once it has ended
        return "Cribbage Solitaire, a random deal\ndeal code shown when the game ends"
    source = (
        f"daily deal {daily}"
        if daily
        else (f"seed {game.seed}" if game.seed is not None else "deal")
    )
    return f"Cribbage Solitaire, {safe_text(source)}\ndeal code {deal_code(game.deck)}"


_Replay = Callable[[argparse.Namespace, Mapping[str, Any], int | None], int]


def _replay_of(kind: str) -> tuple[Callable[[str], dict[str, Any]], _Replay]:
    """A registered game's records (:mod:`solitaire.games`): how a stored one's text loads,
    how one is shown replayed (a game's modules load only when one of its records is)."""
    entry = registered_game(kind)
    return resolve(entry.load), resolve(entry.shown)


def _match_options_only(args: argparse.Namespace, kind: str | None) -> None:
    """Refuse --deal, --game and --totals for a record that is not a match's, in one line."""
    given = next(
        (f"--{name}" for name in ("deal", "game", "totals") if getattr(args, name, None)), None
    )
    if given is not None and kind is not None and kind != MATCH:
        raise InputError(f"{given} is for a match's record, not a {kind} record")


def _refuse_reveal(args: argparse.Namespace, game: str, finished: bool, chosen: bool) -> None:
    """Refuse, in one line, what would show a stored game in progress's hidden cards or tiles
    (``--reveal``) or its secret seed (its record, ``--json``): both wait for its end."""
    if finished:
        return
    if getattr(args, "reveal", False):
        raise InputError(
            f"{game} is still in progress: --reveal shows what it hides once it has ended"
        )
    if args.json and not chosen:
        raise InputError(
            f"{game} is still in progress: its record holds its secret seed, "
            "printed with --json once it has ended"
        )


def cmd_replay(args: argparse.Namespace) -> int:
    from solitaire.match.record import MAX_RECORD_BYTES as MAX_MATCH_RECORD_BYTES
    from solitaire.match.record import load_match_record

    source: str = args.record
    stored_id: int | None = None
    if source.isdigit() and not Path(source).exists():
        try:
            stored_id = game_id(source)
        except argparse.ArgumentTypeError as error:
            raise InputError(str(error)) from None
        with open_history(args) as history:
            kind = history.kind_of(stored_id)
            _match_options_only(args, kind)
            differs = None if kind is None else _row_against_record(history, stored_id, kind)
            report_skipped(history)  # a row shown though its digest cannot be checked
            if (
                kind is not None and kind in KINDS and kind != PATIENCE
            ):  # a patience game's row: as below
                load, show = _replay_of(kind)
                row, text = history.stored_record(stored_id, kind)
                data = load(text)
                chosen = data.get(SEED_CHOSEN) is not False  # checked when it replays
                _refuse_reveal(args, f"{KINDS[kind].noun} {stored_id}", row.finished, chosen)
                status = show(args, data, stored_id)
                return _say_differs(args, stored_id, differs) or status
            stored = stored_patience(history, stored_id)
        game, daily = stored.game, stored.daily
        _refuse_reveal(args, f"game {stored_id}", game.is_over, game.seed_chosen)
        return _show_patience(args, game, daily, stored_id, differs)
    data = load_match_record(read_record_file(source, MAX_MATCH_RECORD_BYTES))
    kind = record_kind(data)  # by its field 'game'; an older patience record has none
    _match_options_only(args, kind)
    _, show = _replay_of(kind)
    return show(args, data, None)


def replay_patience_record(
    args: argparse.Namespace, data: Mapping[str, Any], stored_id: int | None
) -> int:
    """``cribsol replay FILE`` of a patience record: the game replayed, every round
    re-scored and shown (``--json``: the checked record)."""
    game = replay(data, allow_unfinished=True)
    return _show_patience(args, game, data.get("daily"), stored_id, None)


def _show_patience(
    args: argparse.Namespace,
    game: Game,
    daily: str | None,
    stored_id: int | None,
    differs: str | None,
) -> int:
    """A replayed patience game shown (or printed as its record with ``--json``), and a
    line when the history's row of it says otherwise (``differs``)."""
    if args.json:
        print(json.dumps(game_record(game, daily=daily)))
        return 0 if stored_id is None else _say_differs(args, stored_id, differs)
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
        line = f"Unfinished: {rounds_played(len(game.rounds))}."
        if stored_id is not None:
            line += f" {command(f'play --resume {stored_id}')} resumes it."
        console.print(Text(line, style="warn"))
    return 0 if stored_id is None else _say_differs(args, stored_id, differs)


def _row_against_record(history: History, game_id: int, kind: str) -> str | None:
    """Where a stored game's row says other than its record, or None (None too when the
    record does not replay: the replay itself says so)."""
    from solitaire.ui.kinds import disagreement

    row, text = history.stored_record(game_id, kind)
    try:
        return disagreement(row, text)
    except (CribsolError, ValueError, RecursionError):
        return None


def _say_differs(args: argparse.Namespace, game_id: int, differs: str | None) -> int:
    """One line when the history's row of a replayed game is not what its record gives:
    status 1; else 0."""
    if differs is None:
        return 0
    line = (
        f"The history's row of game {game_id} does not match its record: {differs} "
        f"({command('history --check')} checks every game)."
    )
    if args.json:
        print(f"{prog()}: {line}", file=sys.stderr)
    else:
        make_console(args).print(Paragraph(Text(line, style="warn")))
    return 1


def cmd_simulate(args: argparse.Namespace) -> int:
    from solitaire.patience.simulation import check_run, simulate

    args.strategy = resolve_strategy(args.strategy, args.target, "--strategy") or "best"
    address = cluster_address(args)
    check_run(args.games, args.strategy, args.jobs)
    with run_on(address) as executor:
        started = time.perf_counter()
        with progress_bar(args, f"{args.strategy:>6}", args.games) as advance:
            result = simulate(
                args.games,
                args.strategy,
                seed=args.seed,
                jobs=args.jobs,
                progress=advance,
                executor=executor,
            )
        elapsed = time.perf_counter() - started
        ran = where(args, executor)
    if args.json:
        print(run_json(result.to_dict()))
    else:
        console = make_console(args)
        console.print(SimulationView(result, ascii=args.ascii))
        console.print(Text(f"{result.games:,} games in {elapsed:.1f} s {ran}", style="muted"))
    if result.interrupted:
        return run_stopped(executor, result.games)
    return 0
