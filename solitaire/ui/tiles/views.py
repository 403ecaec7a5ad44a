"""Rich views of the tile game: the board, a scored line, a scored play, a whole game.

Each view wraps an engine value and returns rich renderables; nothing here
changes game state. A tile shows the rank it was laid as and its colour letter
(``7D`` dark, ``7L`` light), so the board reads the same without colour.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from solitaire.core.scoring import Kind
from solitaire.core.untrusted import safe_text
from solitaire.core.words import plural
from solitaire.store import GameRow
from solitaire.tiles.board import Board, Placement, square_name
from solitaire.tiles.game import PASSES_EACH, Ending, TileGame, count_result
from solitaire.tiles.levels import seat_names
from solitaire.tiles.moves import announced
from solitaire.tiles.scoring import LineScore, PlayScore
from solitaire.ui.views import Listing, Unbroken, figure_pieces, hanging_row, history_row

if TYPE_CHECKING:
    from solitaire.tiles.grading import TilePoint
    from solitaire.tiles.stats import TileStats

__all__ = [
    "StoredTiles",
    "TileHistoryView",
    "board_text",
    "ending_text",
    "explain_pieces",
    "explain_play",
    "game_view",
    "line_table",
    "play_lines",
    "play_table",
    "review_board",
    "tile_stats_view",
    "turned_squares",
    "verdict",
]

_LETTERS = "ABCDEFGHIJKLM"


def _rank(face: int) -> str:
    """A rank as a tile shows it: ``A``, ``2``-``9``, ``T``, ``J``, ``Q``, ``K``."""
    return "A23456789TJQK"[face - 1]


def _tile_cell(face: int, dark: bool, extra: str | None = None, turned: bool = False) -> Text:
    """A tile as laid: its rank and colour letter, the letter in lower case for a 6 or 9
    turned round (``9d``: a dark 6 laid as a 9)."""
    label = _rank(face)
    colour = "D" if dark else "L"
    text = Text(label + (colour.lower() if turned else colour))
    text.stylize("tile.dark" if dark else "tile.light")
    if extra:
        text.stylize(extra)
    return text


def board_text(
    board: Board,
    ascii: bool = False,
    *,
    cursor: int | None = None,
    laid: Sequence[Placement] = (),
    last: Collection[int] = (),
    cell: tuple[int, int] = (3, 1),
) -> Text:
    """The grid with column letters and row numbers; ``.`` (or ``·``) for an empty square.

    Each square has a mark before it, so the board reads the same without colour:
    ``>`` the cursor, ``+`` a tile laid this turn (not yet played), ``*`` the last move;
    the cursor on a ``+`` or ``*`` square keeps that mark and shows the square reversed.
    A 6 or 9 turned round shows its colour letter in lower case. ``cell``: the columns
    and rows each square takes (3 x 1 at least): a wider cell centres its mark and tile,
    a taller one leaves rows between the rows of tiles.
    """
    n = board.size
    width, height = cell
    left = (width - 3) // 2  # the columns before the mark
    right = " " * (width - 3 - left)
    empty = "." if ascii else "·"
    pending = {square: (tile, face) for square, tile, face in laid}
    letters = "".join(" " * (left + 2) + c + right for c in _LETTERS[:n])
    text = Text("   " + letters.rstrip() + "\n", style="muted")
    for row in range(n):
        if row:
            text.append("\n" * (height - 1))  # the rows of the cells between the tiles
        text.append(f"{row + 1:>2} ", style="muted")
        for col in range(n):
            square = row * n + col
            # A tile's own mark (+ or *) outranks the cursor's: the cursor on it reverses
            # the square instead, and the panel names the cursor's square.
            mark = (
                "+"
                if square in pending
                else "*"
                if square in last
                else ">"
                if square == cursor
                else " "
            )
            text.append(" " * left)
            start = len(text)
            text.append(mark, style="warn" if mark != " " else "")
            if square in pending:
                tile, face = pending[square]
                text.append_text(_tile_cell(face, tile.dark, "tile.laid", face != tile.rank))
                text.append(right)
            elif board.faces[square]:
                style = "tile.last" if square in last else None
                face, placed = board.faces[square], board.tiles[square]
                turned = placed is not None and placed.rank != face
                text.append_text(_tile_cell(face, board.dark(square), style, turned))
                text.append(right)
            else:
                text.append(f"{empty} ", style="chosen" if square == cursor else "muted")
                text.append(right)
            if square == cursor and mark != ">":
                text.stylize("reverse", start, start + 3)
        if row < n - 1:
            text.append("\n")
    return text


def review_board(
    point: TilePoint, names: Sequence[str], said: RenderableType, ascii: bool = False
) -> RenderableType:
    """A tile decision drawn for the review: the board before the move (the last move
    marked ``*``), and beside it the mover, the bag, the mover's rack and everyone's score,
    then what is ``said`` of the decision (the board too tall for the words above it)."""
    view = point.view
    last = () if view.last is None else _changed(view.last.board, view.board)
    shown = seat_names(list(names))
    head = f"Before turn {point.turn}, {shown[point.seat]} to move · bag {view.bag_size}"
    rack = Text("Rack ")
    for tile in view.rack:
        rack.append(str(tile), style="tile.dark" if tile.dark else "tile.light").append(" ")
    scores = Text(" · ".join(f"{name} {view.scores[seat]}" for seat, name in enumerate(shown)))
    side = [Text(head, style="muted"), rack, scores, Text(""), said]
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(board_text(view.board, ascii, last=last), Group(*side))
    return grid


def _changed(before: Board, after: Board) -> frozenset[int]:
    """The squares filled between two boards: the move before this one."""
    return frozenset(
        square for square, face in enumerate(after.faces) if face and not before.faces[square]
    )


def turned_squares(board: Board, laid: Sequence[Placement] = ()) -> frozenset[int]:
    """The squares holding a 6 laid as a 9 or a 9 laid as a 6: on the board, and among the
    tiles ``laid`` this turn."""
    on_board = {
        square
        for square, tile in enumerate(board.tiles)
        if tile is not None and tile.rank != board.faces[square]
    }
    return frozenset(on_board | {square for square, tile, face in laid if tile.rank != face})


def _faces_text(line: LineScore, turned: Collection[int]) -> Text:
    """A line's tiles as the board shows them (a turned 6 or 9 with its colour in lower
    case)."""
    cells = zip(line.faces, line.darks, line.squares or [None] * len(line.faces), strict=True)
    return Text(" ").join(_tile_cell(f, d, turned=s in turned) for f, d, s in cells)


def line_table(
    lines: Sequence[LineScore],
    size: int,
    title: str | None = None,
    turned: Collection[int] = (),
    *,
    colours: bool = True,
) -> Table:
    """One row per line: where, its tiles, fifteens, pairs, runs, one colour, total.

    Without ``colours`` the tiles' colours are unknown: the tiles show their ranks alone,
    and no one-colour bonus is counted."""
    table = Table(title=title, title_justify="left", box=None, padding=(0, 1))
    for name, justify in (
        ("line", "left"), ("tiles", "left"), ("15s", "right"), ("pairs", "right"),
        ("runs", "right"), ("colour", "right"), ("total", "right"),
    ):  # fmt: skip
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for line in lines:
        where = (
            f"{square_name(line.squares[0], size)}-{square_name(line.squares[-1], size)}"
            if line.squares
            else ""
        )
        table.add_row(
            where,
            _faces_text(line, turned) if colours else Text(" ".join(map(_rank, line.faces))),
            str(line.points(Kind.FIFTEEN)),
            str(line.points(Kind.PAIR)),
            str(line.points(Kind.RUN)),
            str(line.bonus) if colours else "-",
            Text(str(line.total if colours else line.combination_points), style="points"),
        )
    return table


def explain_play(score: PlayScore, size: int) -> str:
    """One line per play: each line's fifteens, pairs, runs and colour bonus, then bonuses.

    ``C4-C7: 15s 4, runs 3 = 7; A5-D5: pairs 2 = 2; +10 all five tiles``
    """
    return " ".join(explain_pieces(score, size))


def explain_pieces(score: PlayScore, size: int) -> list[str]:
    """:func:`explain_play` in the pieces a line may break between, each figure whole with
    its words and a line's name with its first (``C4-C7: 15s 4,``, ``runs 3 = 7;``,
    ``+10 all five tiles``)."""
    parts: list[list[str]] = []
    for line in score.lines:
        where = f"{square_name(line.squares[0], size)}-{square_name(line.squares[-1], size)}:"
        kinds = [
            f"{name} {line.points(kind)}"
            for kind, name in ((Kind.FIFTEEN, "15s"), (Kind.PAIR, "pairs"), (Kind.RUN, "runs"))
            if line.points(kind)
        ]
        if line.one_colour:
            kinds.append(f"one colour {line.bonus}")
        pieces = [*(f"{kind}," for kind in kinds[:-1]), f"{kinds[-1] if kinds else 'nothing'}"]
        pieces[-1] += f" = {line.total}"
        pieces[0] = f"{where} {pieces[0]}"  # a line's name stays with what it scored
        parts.append(pieces)
    parts += [[f"+{bonus.points} {bonus.kind.value}"] for bonus in score.bonuses]
    for part in parts[:-1]:
        part[-1] += ";"
    return [piece for part in parts for piece in part]


def play_table(score: PlayScore, size: int) -> RenderableType:
    """A play's lines, its bonuses and its total."""
    parts: list[RenderableType] = [line_table(score.lines, size)]
    for bonus in score.bonuses:
        parts.append(Text(f"  + {bonus.points} for the {bonus.kind.value}", style="points"))
    parts.append(Text(f"  = {score.total}", style="total"))
    return Group(*parts)


def ending_text(game: TileGame, names: Sequence[str]) -> str:
    """Why a finished game ended, in a sentence (\"\" while it goes on)."""
    ending = game.ending
    if ending is None:
        return ""
    if ending is Ending.OUT:
        name = names[game.turns[-1].player]
        whose = "your" if name == "you" else "their"
        return f"{name} laid {whose} last tile with the bag empty"
    if ending is Ending.PASSES:
        return f"{game.players * PASSES_EACH} turns in a row without a play"
    return str(ending.value)


def game_view(
    game: TileGame,
    names: Sequence[str],
    title: str,
    ascii: bool = False,
    *,
    hidden: bool = False,
) -> Group:
    """A whole game: every turn with its score, the board, and the result explained.

    ``hidden``: an unfinished game shown to anyone: no rack, no tile drawn or exchanged.
    """
    log = Table(title=title, title_justify="left", box=None, padding=(0, 1))
    for name, justify in (("#", "right"), ("player", "left"), ("move", "left"),
                          ("points", "right"), ("scores", "right")):  # fmt: skip
        log.add_column(name, justify=justify)  # type: ignore[arg-type]
    running = game.running_scores()
    for number, turn in enumerate(game.turns, start=1):
        log.add_row(
            str(number),
            names[turn.player],
            announced(turn.action) if hidden else str(turn.action),
            str(turn.points),
            " : ".join(map(str, running[number - 1])),
        )
        if turn.score is not None:
            how = Unbroken(explain_pieces(turn.score, game.board.size), style="muted")
            log.add_row("", "", how, "", "")
        if turn.claim is not None:
            said = (
                f"{names[turn.player]} said {turn.claim}: {count_result(game, names, number - 1)}"
            )
            log.add_row("", "", Unbroken(figure_pieces(said), style="warn"), "", "")
    parts: list[RenderableType] = [log, Text(""), board_text(game.board, ascii), Text("")]
    if hidden:
        return Group(*parts)
    result = Table(box=None, padding=(0, 1))
    if not game.is_over:  # racks shown as asked, but nothing is deducted yet
        for name in ("player", "recorded" if game.joker else "scored", "rack"):
            result.add_column(name, justify="left" if name == "player" else "right")
        for player in range(game.players):
            rack = " ".join(map(str, game.rack(player))) or "-"
            result.add_row(names[player], str(game.scores[player]), rack)
        return Group(*parts, result)
    for name in ("player", "recorded" if game.joker else "scored", "left on rack", "final"):
        result.add_column(name, justify="left" if name == "player" else "right")
    final = game.returns()
    deductions = game.deductions or (0,) * game.players
    for player in range(game.players):
        rack = " ".join(map(str, game.rack(player))) or "-"
        result.add_row(
            names[player],
            str(game.scores[player]),
            f"-{deductions[player]} ({rack})" if game.rack(player) else "none",
            Text(str(final[player]), style="total"),
        )
    parts.append(result)
    parts.append(Text(f"{verdict(game, names)}: {ending_text(game, names)}.", style="best"))
    return Group(*parts)


def verdict(game: TileGame, names: Sequence[str]) -> str:
    """Who won a finished game: ``Ann wins``, ``you win``, ``a tie between Ann and Bob``."""
    winners = game.winners()
    if len(winners) > 1:
        return "a tie between " + " and ".join(names[w] for w in winners)
    name = names[winners[0]]
    return f"{name} win" if name == "you" else f"{name} wins"


def play_lines(
    score: PlayScore,
    size: int,
    ascii: bool = False,
    *,
    worth: bool = True,
    scoring_first: bool = False,
    turned: Collection[int] = (),
) -> list[Text]:
    """A play's score line by line: each Crib Hand counted aloud, the bonuses, the total.

    Without ``worth``, only the Crib Hands it forms, for a player who counts them; with
    ``scoring_first``, the Crib Hands worth most first (those worth nothing last).
    ``turned``: the squares of 6s and 9s turned round, named as the board shows them.
    """
    out = []
    lines = sorted(score.lines, key=lambda line: -line.total) if scoring_first else score.lines
    for line in lines:
        where = f"{square_name(line.squares[0], size)}-{square_name(line.squares[-1], size)}"
        text = Text(f"{where} ", style="muted")
        text.append_text(_faces_text(line, turned))
        if worth:
            text.append(" = ")
            text.append(str(line.total), style="points")
            text.append(f": {line.spoken()}")
        out.append(text)
    if not worth:
        return out
    for bonus in score.bonuses:
        out.append(Text(f"+ {bonus.points} bonus: {bonus.kind.value}", style="points"))
    out.append(Text(f"{'=' if ascii else '⇒'} {score.total} points", style="total"))
    return out


def tile_stats_view(stats: TileStats) -> Table:
    """The tiles section of ``cribsol stats``."""
    table = Table(title="Tiles: finished games", title_justify="left", box=None, padding=(0, 1))
    table.add_column("", justify="left")
    table.add_column("", justify="right")
    mean = stats.mean_score
    rows = [
        ("with a person at this keyboard", str(stats.games)),
        ("  against the computer", str(stats.against_computer)),
        ("    won by a person at this keyboard", str(stats.wins)),
        ("  people only (hot seat)", str(stats.people_only)),
        ("  solitaires", str(stats.solitaires)),
        ("computers only (in no figure below)", str(stats.computers_only)),
    ]
    if stats.winners:
        rows.append(("wins by name (not the solitaires)", ""))
        rows += [(f"  {safe_text(name, 24)}", str(n)) for name, n in stats.winners.items()]
    if stats.scores:
        seats = plural(stats.scores, "seat")
        games = plural(stats.games, "game")
        rows.append((f"the people's {seats} in {games}, all together", ""))
        rows += [
            ("  mean final score of a seat", "-" if mean is None else f"{float(mean):.1f}"),
            ("  best move", str(stats.best_move)),
        ]
        rows += [(f"  bonuses: {kind}", str(count)) for kind, count in stats.bonuses.items()]
    if stats.jokers:
        rows += [
            ("  Joker games", str(stats.jokers)),
            ("    Joker calls made", str(stats.joker_calls)),
            ("      points they won (net)", str(stats.joker_points)),
            ("    points missed in their own counts", str(stats.missed)),
        ]
    for name, value in rows:
        table.add_row(name, value)
    return table


@dataclass(frozen=True, slots=True)
class StoredTiles:
    """A tile game of the history: its row, the seats' names, and its checked summary
    (``solitaire.tiles.summary``)."""

    row: GameRow
    names: list[str]
    summary: Mapping[str, Any]

    @property
    def rules(self) -> str:
        """The rules played: solitaire, joker or plain, and the Servant when shown."""
        rules: str = self.summary["rules"]
        return rules

    def state(self) -> str:
        """Each seat's score, and the winner by name or how far the game has gone."""
        return " ".join(self.state_pieces())

    def state_pieces(self) -> list[str]:
        """:meth:`state` in the pieces a line may break between: each seat's name and score,
        then the result (``Ann 60,``, ``Bob 41;``, ``unfinished``)."""
        names = [safe_text(name, 24) for name in seat_names(self.names)]
        scores = [f"{n} {s}," for n, s in zip(names, self.summary["scores"], strict=True)]
        scores[-1] = scores[-1][:-1] + ";"
        winners = self.summary["winners"]
        if winners is None:
            return [*scores, "unfinished"]
        if len(winners) > 1:
            return [*scores, "a tie"]
        return [*scores, f"{names[winners[0]]} won"]


class TileHistoryView:
    """The history's tile games, newest first: id, when last played, kind, players, scores."""

    def __init__(self, games: Sequence[StoredTiles], command: Callable[[str], str]) -> None:
        self.games = games
        self.command = command

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        rules = max((len(stored.rules) for stored in self.games), default=0)
        rules = max(rules, len("solitaire"))  # as wide as every game's rules
        lines: list[RenderableType] = [
            Text("Tile games", style="title"),
            Text(f"    id  last played       {'rules':{rules}}  players and scores", style="bold"),
        ]
        for stored in self.games:
            row = stored.row
            lead = history_row(row).append(f"{stored.rules:{rules}}  ")
            style = "warn" if not row.finished else ""
            lines += hanging_row(lead, stored.state_pieces(), options.max_width, style)
        lines.append(
            Text(
                f"see a game: {self.command('replay ID')}    "
                f"carry on: {self.command('tiles --resume ID')}",
                style="muted",
            )
        )
        yield Listing(lines)
