"""Every command's parser, built without importing any engine or the UI.

Each command names its handler as ``"module:function"`` of :mod:`solitaire.cli`; only
the module of the command being run is imported (:func:`solitaire.cli.main`), so
``cribsol --help`` and ``cribsol score`` load nothing they do not use.
"""

from __future__ import annotations

import argparse

from solitaire.cli.options import (
    Parser,
    add_deal_options,
    add_resume_option,
    add_run_options,
    add_shared_options,
    game_id,
    new_command,
    prog,
    seed_number,
    whole_number,
)
from solitaire.core.limits import MAX_SEED_DIGITS, SEED_LIMIT
from solitaire.match.levels import (
    DEFAULT_HANDS,
    DEFAULT_LEVEL,
    DRILL_LEVEL,
    MAX_ARENA_GAMES,
    MAX_DEALS,
    MAX_GAMES,
    MAX_HANDS,
    PLAYERS,
    arena_players,
)
from solitaire.patience.levels import MAX_GAMES as MAX_SIMULATED
from solitaire.patience.levels import MAX_TARGET, SIMULATED, STRATEGIES, strategy_name
from solitaire.tiles.levels import DEFAULT_VS as TILES_DEFAULT_VS
from solitaire.tiles.levels import PLAYERS as TILE_PLAYERS
from solitaire.tiles.levels import is_seat_name

# typing's own flag would load typing, which --help and --version otherwise skip
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Final, cast

    from solitaire.cli.options import Subcommands
else:

    def cast(kind: object, value: object) -> object:  # typing's, without importing typing
        return value


__all__ = ["COMMANDS", "MAX_LISTED", "build_parser", "player_names"]

MAX_LISTED: Final = 1_000_000  # games listed or taken into the trend
COMMANDS: Final = (
    "score", "advise", "play", "replay", "simulate", "match", "arena", "drill", "practice",
    "stats", "history", "review", "tiles",
)  # fmt: skip
"""Every command, in the order --help lists them."""


def build_parser(command: str | None = None, *, listing: bool = False) -> argparse.ArgumentParser:
    """The whole command line: shared options, then every command's parser.

    ``command``: for a command line that starts with that command's name, the commands
    registered with it alone (argparse spends a game's start-up building the others);
    what that command parses, prints and refuses is the same. ``listing``: the commands
    with their names and help but none of their options, all that ``cribsol --help``
    prints (and most of what it would spend)."""
    parser = Parser(
        prog=prog(),
        description="Cribbage Solitaire: the patience, a match for two, a tile game, scores "
        "and discard advice. With no command, it plays the patience.",
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    add_shared_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for register, names in _REGISTERED:
        if command is None or command in names:
            register(cast("Subcommands", _Listed(sub)) if listing else sub)
    return parser


class _Unbuilt:
    """A command's parser that is not built: takes every call and adds nothing."""

    def __getattr__(self, name: str) -> Callable[..., _Unbuilt]:
        return self._take

    def _take(self, *args: object, **options: object) -> _Unbuilt:
        return self


class _Listed:
    """The subcommands as the command list shows them: each added with its name and help,
    its parser :class:`_Unbuilt`."""

    def __init__(self, sub: Subcommands) -> None:
        self._sub = sub

    def add_parser(self, name: str, **options: Any) -> _Unbuilt:
        self._sub.add_parser(name, **options)
        return _Unbuilt()


class _Version(argparse.Action):
    """``--version``: the installed version, read from the package's metadata only when
    asked for."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        from solitaire.version import version

        print(f"{prog()} {version()}")
        parser.exit()


def _strategy_arg(text: str) -> str:
    if text == "target" or text == "oracle":
        return text
    try:
        return strategy_name(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def player_names(text: str) -> list[str]:
    """``--players "Ann,expert"``: 2 to 4 seats, each a person's name or a computer level."""
    from solitaire.tiles.record import NAME

    names = [name.strip() for name in text.split(",")]
    if not 2 <= len(names) <= 4:
        raise argparse.ArgumentTypeError(f"2 to 4 players, separated by commas, not {len(names)}")
    for name in names:
        if not NAME.fullmatch(name):
            from solitaire.core.untrusted import safe_text

            raise argparse.ArgumentTypeError(
                f"invalid player '{safe_text(name, 30)}': a name of letters, digits, spaces, "
                "_ or - "
                f"(up to 24, starting with a letter), or a level ({', '.join(TILE_PLAYERS)})"
            )
    for name in names:
        if is_seat_name(name):
            raise argparse.ArgumentTypeError(
                f"invalid player '{name}': a level and a number is how the screen tells "
                "apart a computer seated twice; give a person another name"
            )
    if len({n.lower() for n in names if n not in TILE_PLAYERS}) < len(
        [n for n in names if n not in TILE_PLAYERS]
    ):
        raise argparse.ArgumentTypeError("two people have the same name")
    return names


def _register_patience(sub: Subcommands) -> None:
    """Add the patience's commands."""
    with new_command(
        sub,
        "score",
        "score_command:cmd_score",
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
        "patience_commands:cmd_advise",
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
        "patience_commands:cmd_play",
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
        "patience_commands:cmd_replay",
        json="print the checked record",
        data_dir=True,
        help="replay a game record and re-score every round",
        description="Replay a game record (a file, or - for stdin), re-scoring every round.",
    ) as rep:
        rep.add_argument(
            "record", metavar="FILE|ID", help="a game record file, - for stdin, or a history id"
        )
        rep.add_argument(
            "--deal",
            type=whole_number(1, MAX_DEALS),
            metavar="N",
            help="a match: show deal N alone (of --game G in a series)",
        )
        rep.add_argument(
            "--game",
            type=whole_number(1, MAX_GAMES),
            metavar="G",
            help="a match: show game G of a series alone",
        )
        rep.add_argument(
            "--totals",
            action="store_true",
            help="a match: the table of totals per deal instead of every deal card by card",
        )
        rep.add_argument(
            "--reveal",
            action="store_true",
            help="an unfinished tile game: show every rack and the tiles exchanged (hidden "
            "while it is played)",
        )

    with new_command(
        sub,
        "simulate",
        "patience_commands:cmd_simulate",
        json="print one JSON object",
        help="play many games with a strategy and report the statistics",
        description="Play N games (game i dealt from seed S+i) with a strategy; results are "
        "the same for any --jobs. oracle is the hindsight bound: each round's best actual "
        "discard.",
    ) as sim:
        add_run_options(
            sim, whole_number(1, MAX_SIMULATED), 1000, "game i is dealt from S + i (default 0)"
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


def _register_match(sub: Subcommands) -> None:
    """Add the match's command."""
    with new_command(
        sub,
        "match",
        "match_commands:cmd_match",
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


def _register_arena(sub: Subcommands) -> None:
    """Add ``cribsol arena``."""
    names = ", ".join(arena_players())
    with new_command(
        sub,
        "arena",
        "arena_commands:cmd_arena",
        data_dir=True,  # accepted on either side of the name, as everywhere
        json="print the summary as one JSON object",
        help="computer against computer: paired seeded matches, wins with 95%% intervals",
        description="One-game matches of player A against player B, in pairs on the same "
        "seed with the seats swapped (so each holds the other's cards and each deals first "
        "once), refereed and scored by our engine. Prints wins with a 95% Wilson interval, "
        "skunks, game points and the points per deal by role. Ctrl-C stops and reports the "
        f"finished games. Players: {names} (the last ones are outside players from PyPI: "
        "pip install 'cribbage-solitaire[outside]').",
    ) as cmd:
        cmd.add_argument("--a", required=True, metavar="PLAYER", help="player A")
        cmd.add_argument("--b", required=True, metavar="PLAYER", help="player B")
        games = whole_number(1, MAX_ARENA_GAMES)
        add_run_options(cmd, games, 200, "game i is dealt from S + i // 2 (default 0)")


def _register_drill(sub: Subcommands) -> None:
    """Add ``cribsol drill``."""
    with new_command(
        sub,
        "drill",
        "drill_commands:cmd_drill",
        ascii=True,
        data_dir=True,
        help="the pegging drill: play-only hands against the computer, every card graded",
        description="Hands of the play alone (no show): the discards are made for you, you lay "
        "every card against --vs, and each card you lay while more than one fits is graded "
        "against the search (its expected net pegging to the end of the play, beside the "
        "best card's). ? shows the coach. Saved after every card, resumed next time; your "
        "accuracy over time is in cribsol stats.",
    ) as cmd:
        cmd.add_argument("--vs", choices=PLAYERS, help=f"the opponent (default: {DRILL_LEVEL})")
        cmd.add_argument("--seed", type=seed_number, metavar="N", help="the drill's seed")
        cmd.add_argument(
            "--hands",
            type=whole_number(1, MAX_HANDS),
            metavar="N",
            help=f"hands in the drill (default {DEFAULT_HANDS})",
        )
        add_resume_option(cmd, "drill")


def _register_practice(sub: Subcommands) -> None:
    """Add ``cribsol practice``."""
    with new_command(
        sub,
        "practice",
        "practice_commands:cmd_practice",
        ascii=True,
        data_dir=True,
        help="practice: positions from your own mistakes, or counting (--count)",
        description="Positions from your own mistakes: the discards (the patience's and "
        "the match's), the cards laid (the match's and the drill's) and the tile plays of "
        "your reviewed "
        "games (cribsol review ID keeps a review) graded a mistake or a blunder, dealt "
        "again with the same cards and counts. Choose the cards by their numbers and "
        "Enter: the answer is graded at once as the review grades it, solved when it is "
        "the best, with the coach's why on w. Without --kind: the positions due of every "
        "kind, then new mistakes, the costliest first; with --fresh, or none left, fresh "
        "positions of the kind you lose most on. Counting practice (--count): a hand and "
        "starter, or a crib, to count; type the total and Enter. A position you miss "
        "comes back in 10 minutes; one you solve comes back after 1, 3, 7, 21 and 60 days "
        "as you keep solving it (Leitner boxes). Every answer is kept in the history as "
        "it is given; quitting keeps the position shown for next time.",
    ) as cmd:
        cmd.add_argument("--count", action="store_true", help="count hands and cribs instead")
        cmd.add_argument(
            "--kind",
            choices=("discard", "pegging", "tiles"),
            help="only this kind of position (tiles: your own tile plays; none fresh yet)",
        )
        cmd.add_argument(
            "--fresh",
            action="store_true",
            help="fresh positions of the kind you lose most on, not your own",
        )
        cmd.add_argument(
            "--seed",
            type=seed_number,
            metavar="N",
            help="deal the new counts and fresh positions from seed N",
        )


def _register_history(sub: Subcommands) -> None:
    """Add stats and history."""
    with new_command(
        sub,
        "stats",
        "history:cmd_stats",
        json="print one JSON object",
        data_dir=True,
        help="your results: games, mean, best, past 90, 121, efficiency, trend; your "
        "progress in reviewed games",
        description="Statistics of your finished games; then, for each game with reviewed "
        "games (cribsol review ID), your accuracy and points lost a deal (the patience: "
        "efficiency) over time, charted by block of games or by week, with each figure's "
        "trend every 10 games and its 95% interval over the last N games.",
    ) as st:
        st.add_argument(
            "--recent",
            type=whole_number(1, MAX_LISTED),
            default=10,
            metavar="N",
            help="games in the trend",
        )
        st.add_argument(
            "--last",
            type=whole_number(3, MAX_LISTED),
            default=50,
            metavar="N",
            help="reviewed games in each progress chart and its trend (default 50)",
        )
        st.add_argument(
            "--by",
            choices=("block", "week"),
            default="block",
            help="progress charted by block of games (at most 10 blocks; the default) or by week",
        )

    with new_command(
        sub,
        "history",
        "history:cmd_history",
        json="print a JSON list",
        data_dir=True,
        help="list your games by deal, with their deal codes, then your matches, drills and "
        "tile games",
        description="Your games grouped by deal, the deal played last first; then your "
        "matches, your pegging drills and your tile games, newest first (--limit of each). "
        "Replay any of them with cribsol replay ID; resume an unfinished one with cribsol "
        "play, match, drill or tiles --resume ID.",
    ) as hist:
        hist.add_argument(
            "--limit",
            type=whole_number(1, MAX_LISTED),
            default=20,
            metavar="N",
            help="how many deals, and how many of each other kind of game (default 20)",
        )
        hist.add_argument(
            "--check",
            action="store_true",
            help="replay every game against its record: one line for each whose row says "
            "otherwise (exit status 1 if any)",
        )


def _register_review(sub: Subcommands) -> None:
    """Add ``cribsol review``."""
    epilog = None
    if not isinstance(sub, _Listed):  # the list of commands shows no thresholds
        from solitaire.core.review import CHANCE, POINTS, TILE_POINTS

        epilog = (
            f"Grades in the patience, the match and the drill: {POINTS.stated()}. Near the "
            f"end of a match, where the coach ranks by the chance of winning: "
            f"{CHANCE.stated()}. In the tile game: {TILE_POINTS.stated()}. Accuracy is the "
            "share of a seat's decisions graded best."
        )
    with new_command(
        sub,
        "review",
        "review_command:cmd_review",
        json='print {"seats": [{"name", "accuracy", "lost", "decisions": [...]}, ...]}',
        data_dir=True,
        help="every decision of a finished game graded against the coach's best",
        description="Review a finished game: each decision of each seat beside the coach's "
        "best, its cost and grade, and the coach's why; each seat's accuracy, points lost "
        "(in all, a deal and by kind) and costliest moments. A game of the history is "
        "reviewed once and its review kept.",
        epilog=epilog,
    ) as cmd:
        cmd.add_argument(
            "record",
            nargs="?",
            metavar="ID|FILE",
            help="a history id, a record file, or - for stdin (default: the game you "
            "finished last)",
        )


def _register_tiles(sub: Subcommands) -> None:
    """Add ``tiles`` and its subcommands."""
    with new_command(
        sub,
        "tiles",
        "tiles_commands:cmd_game",
        json="print the game record",
        ascii_help="plain characters for terminals without Unicode: '.' for an empty square, "
        "'=' before a play's points",
        data_dir=True,
        allow_abbrev=False,  # --a and --b belong to the arena, not --auto and --ascii
        help="the tile game: watch computer players, run an arena, score a line",
        description="Cribbage tiles: lay numbered tiles in lines scored like cribbage hands, "
        "full screen against the computer or with friends at this keyboard (saved after every "
        "move: cribsol tiles offers the latest unfinished game, --resume ID any of them). "
        "With --auto, computer players play a seeded game and it is printed.",
    ) as tiles:
        tiles.add_argument("--auto", choices=TILE_PLAYERS, help="the first seat's computer player")
        tiles.add_argument(
            "--vs",
            choices=TILE_PLAYERS,
            help=f"with --auto: the second seat (default {TILES_DEFAULT_VS})",
        )
        tiles.add_argument(
            "--players",
            type=player_names,
            metavar="NAMES",
            help="the seats in order, 2 to 4, each a name (a person at this keyboard) or a level: "
            '"Ann,expert", "Ann,Bob,greedy" (default "you,expert")',
        )
        tiles.add_argument(
            "--solitaire",
            action="store_true",
            help="the dark tiles against the light, two bags of 52, you making every move; "
            "the end shows how far each move was from the best available",
        )
        tiles.add_argument(
            "--servant",
            action="store_true",
            help="show the Servant: the lowest score after each round of turns",
        )
        tiles.add_argument(
            "--joker",
            action="store_true",
            help="count your own plays: type each play's points; missed points go to the first "
            "player to call Joker (j), a call on nothing missed costs 5; computers count too",
        )
        tiles.add_argument("--seed", type=seed_number, metavar="N", help="the bag for this seed")
        add_resume_option(tiles, "tile game")

    below = tiles.add_subparsers(dest="tiles_command", metavar="COMMAND")

    with new_command(
        below,
        "arena",
        "tiles_commands:cmd_arena",
        data_dir=True,  # accepted on either side of the name, as everywhere
        json="print one JSON object",
        help="two computer players over many games",
        description="Play N games of A against B in pairs on the same deal with the seats "
        "swapped (game i from seed S + i // 2, A in seat i mod 2); the results are the same "
        "for any --jobs.",
    ) as are:
        are.add_argument(
            "--a", choices=TILE_PLAYERS, default="expert", help="player A (default expert)"
        )
        are.add_argument(
            "--b", choices=TILE_PLAYERS, default="greedy", help="player B (default greedy)"
        )
        games = whole_number(1, 2 * SEED_LIMIT, f"1 to 2 followed by {MAX_SEED_DIGITS} zeros")
        add_run_options(are, games, 100, "game i is dealt from S + i // 2 (default 0)")

    with new_command(
        below,
        "score",
        "tiles_commands:cmd_score",
        data_dir=True,  # accepted on either side of the name, as everywhere
        json="print one JSON object",
        help="score a Crib Hand by hand: 2 to 5 ranks along a line",
        description="Score one line of tiles: ranks like 7 8 7 6 8, or tiles with a colour "
        "like 7D 8L. Ranks without a colour score without the one-colour bonus (five tiles "
        "all light or all dark: 10 more) unless --light or --dark gives them one.",
    ) as score:
        score.add_argument(
            "tiles", nargs="+", metavar="TILE", help="ranks (A, 2-10, J, Q, K) or tiles"
        )
        colour = score.add_mutually_exclusive_group()
        colour.add_argument("--light", action="store_true", help="ranks without a colour are light")
        colour.add_argument("--dark", action="store_true", help="ranks without a colour are dark")


_REGISTERED: Final = (
    (_register_patience, ("score", "advise", "play", "replay", "simulate")),
    (_register_match, ("match",)),
    (_register_arena, ("arena",)),
    (_register_drill, ("drill",)),
    (_register_practice, ("practice",)),
    (_register_history, ("stats", "history")),
    (_register_review, ("review",)),
    (_register_tiles, ("tiles",)),
)
"""Each registering function, with the commands it adds."""
