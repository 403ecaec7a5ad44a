"""The tile game's commands: ``cribsol tiles`` (a game), ``tiles arena`` and ``tiles score``."""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from solitaire.cli.common import (
    cluster_address,
    make_console,
    open_history,
    run_arena,
    run_on,
    where,
)
from solitaire.cli.terminal import on_a_terminal
from solitaire.core.cards import Rank
from solitaire.core.errors import InputError
from solitaire.core.names import command
from solitaire.core.untrusted import safe_text
from solitaire.core.words import plural, signed
from solitaire.tiles.game import TileGame
from solitaire.tiles.levels import DEFAULT_VS, seat_names
from solitaire.tiles.record import GAME as TILES
from solitaire.tiles.record import game_record, replay
from solitaire.tiles.registry import make_player
from solitaire.tiles.scoring import BONUS, MAX_LINE, BonusKind, score_line
from solitaire.tiles.tiles import Tile, TileError, parse_rank
from solitaire.ui.saved import seed_words
from solitaire.ui.tiles.views import game_view, line_table
from solitaire.ui.views import Unbroken

if TYPE_CHECKING:
    from solitaire.tiles.arena import ArenaResult

__all__ = ["replay_tiles"]


# -- a game -------------------------------------------------------------------


_AT_THE_KEYBOARD: Final = ("--players", "--solitaire", "--joker", "--servant")
_CONFLICTS: Final[tuple[tuple[str, tuple[str, ...], str], ...]] = (
    ("--resume", ("--auto", "--vs", "--seed", "--players", "--solitaire", "--joker", "--json"),
     "--resume carries on a saved tile game as it was: leave out {option}"),
    ("--auto", ("--players", "--solitaire", "--joker", "--servant"),
     "{option} is for a game played at this keyboard; --auto {auto} plays a computer game"),
    ("--solitaire", ("--players", "--vs"),
     "--solitaire is dark against light, both yours: leave out {option}"),
    ("--solitaire", ("--joker",),
     "--joker needs players who check each other's counts: leave out --solitaire or --joker"),
    ("--json", _AT_THE_KEYBOARD,
     "--json prints the record of a computer game; {option} is for a game at this keyboard"),
    ("--vs", _AT_THE_KEYBOARD,
     "--vs sets --auto's opponent; {option} is for a game at this keyboard (name the computer "
     'in --players, e.g. "you,expert")'),
)  # fmt: skip
"""(an option, options that mean nothing with it, why); checked in this order."""

_NEED_AUTO: Final = {
    "--vs": "--vs sets the computer that plays --auto's opponent: add --auto LEVEL, or use "
    '--players "you,LEVEL" to play it yourself',
    "--json": "--json prints the record of a game played with --auto: add --auto LEVEL",
}


def _given(args: argparse.Namespace, option: str) -> bool:
    value = getattr(args, option.removeprefix("--"))
    return value not in (None, False)


def check_game_options(args: argparse.Namespace) -> None:
    """Refuse options that mean nothing together in one line naming both (argparse cannot)."""
    for option, others, why in _CONFLICTS:
        if _given(args, option):
            for other in others:
                if _given(args, other):
                    raise InputError(why.format(option=other, auto=args.auto))
    if args.auto is None:
        for option, why in _NEED_AUTO.items():
            if _given(args, option):
                raise InputError(why)


def cmd_game(args: argparse.Namespace) -> int:
    check_game_options(args)
    if args.resume is not None:
        with open_history(args) as history:  # a wrong id says so before a terminal is asked for
            row, _ = history.stored_record(args.resume, TILES)
        if row.finished:
            raise InputError(
                f"tile game {args.resume} is finished: {command(f'replay {args.resume}')} shows it"
            )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    if args.auto is None:
        return _play(args, seed)
    names = [args.auto, args.vs or DEFAULT_VS]
    game = TileGame(seed)
    players = [
        make_player(name, random.Random(f"cribsol tiles {seed} seat {seat} {name}"))
        for seat, name in enumerate(names)
    ]
    while not game.is_over:
        player = game.current_player
        game.apply(players[player].choose(game.observation(player)))
    if args.json:
        print(json.dumps(game_record(game, names), separators=(",", ":")))
        return 0
    console = make_console(args)
    console.print(game_view(game, seat_names(names), _title(game, names), ascii=args.ascii))
    return 0


def _play(args: argparse.Namespace, seed: int) -> int:
    """People and computers at this keyboard, full-screen."""
    if not on_a_terminal():
        raise InputError(
            "the tile game's screen needs a terminal; use --auto LEVEL to watch without one"
        )
    from solitaire.ui.tiles.app import run_app  # the interactive skin loads only when needed

    names: list[str] = ["dark", "light"] if args.solitaire else args.players or ["you", "expert"]
    seeds = [seed]
    chosen = [args.seed is not None]  # a later game's seed is random, and secret

    def new_game() -> TileGame:
        first = seeds.pop() if seeds else random.SystemRandom().randrange(10**9)
        game = TileGame(first, len(names), solitaire=args.solitaire, joker=args.joker)
        game.seed_chosen = chosen.pop() if chosen else False
        return game

    status, message = run_app(args, names, new_game)
    print(message)
    return status


def _title(game: TileGame, names: Sequence[str]) -> str:
    rules = "".join(
        f", {rule}" for rule, on in (("solitaire", game.solitaire), ("Joker", game.joker)) if on
    )
    return f"Cribbage tiles{rules}, {seed_words(game)}: {' against '.join(seat_names(names))}"


def replay_tiles(
    args: argparse.Namespace, data: Mapping[str, Any], stored_id: int | None = None
) -> int:
    """``cribsol replay`` of a tile game's record (a file, or the history's ``stored_id``):
    replay, re-score and print it. An unfinished game (a record written mid-game) replays as far
    as it goes and says so, with how to resume it when it is stored."""
    game = replay(data, allow_unfinished=True)
    names = [str(n) for n in data["players"]]
    hidden = not game.is_over and not getattr(args, "reveal", False)
    if hidden and args.json and stored_id is not None:  # --reveal waits for the end too
        raise InputError(
            f"tile game {stored_id} is still in progress: its record holds every rack and "
            "the bag's tiles, printed with --json once it has ended"
        )
    if hidden and args.json:
        raise InputError(
            "the record of an unfinished game holds every rack and the bag's tiles: "
            "add --reveal to print it"
        )
    if args.json:
        record = game_record(game, names, servant=data.get("servant") == 1)
        print(json.dumps(record, separators=(",", ":")))
        return 0
    console = make_console(args)
    title = _title(game, names)
    if stored_id is not None:
        title = f"Tile game {stored_id}: {title}"
    console.print(game_view(game, seat_names(names), title, ascii=args.ascii, hidden=hidden))
    console.print(Text("Replayed and re-scored: every turn matches the record.", style="best"))
    if hidden:
        console.print(
            Text(
                "The racks and the tiles exchanged stay hidden while the game is unfinished "
                + ("(--reveal shows them)." if stored_id is None else "(shown once it has ended)."),
                style="muted",
            )
        )
    if not game.is_over:
        line = f"Unfinished after {plural(len(game.turns), 'turn')}."
        if stored_id is not None:
            line += f" {command(f'tiles --resume {stored_id}')} resumes it."
        console.print(Text(line, style="warn"))
    return 0


# -- score --------------------------------------------------------------------


def _line_tile(token: str, dark: bool | None) -> tuple[int, bool | None]:
    """A tile's rank and colour (``dark`` for a rank without one: None when unknown)."""
    text = token.strip().upper()
    if text[-1:] in ("L", "D") and len(text) > 1:
        tile = Tile.parse(text)
        return tile.rank, tile.dark
    rank = parse_rank(text)
    if rank is None:
        raise TileError(
            f"invalid tile '{safe_text(token, 20)}': expected a rank A or 1, 2-10 or T, J, Q, K "
            "(add L or D for a colour)"
        )
    return rank, dark


def cmd_score(args: argparse.Namespace) -> int:
    default = True if args.dark else False if args.light else None
    tiles = [_line_tile(t, default) for t in args.tiles]
    if not 2 <= len(tiles) <= MAX_LINE:
        raise InputError(f"a Crib Hand is 2 to {MAX_LINE} tiles, got {len(tiles)}")
    colours = [dark for _, dark in tiles]
    known = None not in colours  # else no colour is assumed, so no one-colour bonus
    line = score_line([r for r, _ in tiles], [bool(dark) for dark in colours])
    if args.json:
        out = line.to_dict()
        if not known:
            out |= {"dark": colours, "one_colour": 0, "total": line.combination_points}
        print(json.dumps(out))
        return 0
    console = make_console(args)
    console.print(line_table([line], 13, title="Crib Hand", colours=known))
    # Each combination with the tiles that make it, counted from the left: a double run's
    # two runs, 7 6 8 and 7 6 8, are two sets of tiles (1 2 3 and 1 2 4), not one twice.
    for item in line.items:
        ranks = " ".join(Rank(line.faces[p]).letter for p in item.positions)
        which = " ".join(str(p + 1) for p in item.positions)
        said = f"  {item.kind.value:<8} {ranks:<10} {item.points:>2}   tiles {which}"
        console.print(Text(said, style="muted"))
    if known and line.one_colour:
        console.print(Text(f"  five tiles all one colour: {line.bonus}", style="muted"))
    console.print(Text(line.spoken(colour=known), style="total"))
    if not known and len(tiles) == MAX_LINE:
        which = "No colours given" if set(colours) == {None} else "Not every colour given"
        console.print(
            Text(
                f"{which}, so no one-colour bonus is counted: five tiles all light or all "
                f"dark score {BONUS} more (--light or --dark, or a colour on each tile: 7L 8D).",
                style="warn",
            )
        )
    return 0


# -- arena --------------------------------------------------------------------


def cmd_arena(args: argparse.Namespace) -> int:
    from solitaire.tiles.arena import arena, check_arena

    address = cluster_address(args)
    check_arena(args.a, args.b, args.games, args.jobs, args.seed)
    with run_on(address) as executor:

        def report(result: ArenaResult, elapsed: float) -> list[RenderableType]:
            note = (
                f"{result.games:,} games (deals from seed {args.seed} on, each twice with the "
                f"seats swapped) in {elapsed:.1f} s {where(args, executor)}; "
                f"{result.ties} tied"
            )
            return [arena_table(result), Text(note, style="muted")]

        return run_arena(
            args,
            lambda advance: arena(
                args.a,
                args.b,
                args.games,
                seed=args.seed,
                jobs=args.jobs,
                progress=advance,
                executor=executor,
            ),
            report,
            executor,
        )


def arena_table(result: ArenaResult) -> Table:
    """Wins with 95% intervals, mean scores and margin, mean points per play, bonuses per game."""
    table = Table(title="Arena", title_justify="left", box=None, padding=(0, 1))
    table.add_column("", justify="left")
    names = seat_names([result.a, result.b])
    for name in names:
        table.add_column(name, justify="right")
    shares = [result.win_share(side) for side in (0, 1)]
    wins = [
        Unbroken([f"{result.wins(s)} ({share:.1%},", f"95% {low:.1%}-{high:.1%})"])
        for s, (share, low, high) in enumerate(shares)
    ]
    rows: list[list[str | Unbroken]] = [
        ["wins", *wins],
        ["mean final score", *(f"{result.mean_score(s):.1f}" for s in (0, 1))],
        ["mean margin", *(_margin(result, s) for s in (0, 1))],
        ["mean points a play", *(f"{result.mean_move(s):.2f}" for s in (0, 1))],
    ]
    rows += [
        [f"{kind.value} a game", *(f"{result.bonus_rate(s, kind):.2f}" for s in (0, 1))]
        for kind in BonusKind
    ]
    for row in rows:
        table.add_row(*row)
    return table


def _margin(result: ArenaResult, side: int) -> Unbroken:
    """A side's mean final score less the other's, with its 95% interval."""
    mean, low, high = result.margin()
    if side:  # B's side
        mean, low, high = -mean, -high, -low
    if math.isnan(mean):  # fewer than two games: no interval
        return Unbroken(["-"])
    return Unbroken([signed(mean, 1), f"(95% {signed(low, 1)} to {signed(high, 1)})"])
