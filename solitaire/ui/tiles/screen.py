"""The tile game's screen, drawn with rich from a :class:`TileSession`.

At 80x24: the board (13 x 13 with coordinates, 43 columns) with a side panel
(scores, bag, whose turn, the rack, the hint), and below it the preview of the
tiles laid or the last moves explained, a message and the keys. A wider
terminal adds the move log beside the panel; a taller one shows more lines.
"""

from __future__ import annotations

from typing import Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from solitaire.tiles.board import square_name
from solitaire.tiles.game import Turn
from solitaire.tiles.moves import Play
from solitaire.tiles.review import move_gaps
from solitaire.ui.tiles.session import Stage, TileSession
from solitaire.ui.tiles.views import board_text, play_lines

__all__ = ["KEYS", "help_table", "tile_screen", "turn_lines"]

KEYS: Final = (
    ("arrows", "move the cursor on the board"),
    ("1-5", "lay that rack tile on the cursor (again: take it back)"),
    ("t", "turn the 6 or 9 under the cursor (a 6 laid as 9, or back)"),
    ("Backspace", "take back the last tile laid"),
    ("Enter", "play the tiles laid (the preview says if it is legal)"),
    ("m", "type a move: H7 across 5 5 J, H7:7D H8:8D, pass, exchange 7D"),
    ("?", "hint: the best plays the engine finds, with scores"),
    ("p / x", "pass / exchange (only when no play is possible)"),
    ("Esc", "take back everything laid; leave typing or the exchange"),
    ("h", "this help"),
    ("q", "quit (the game is saved after every move)"),
)
_FOOTER: Final = {
    Stage.PLAY: "arrows 1-5 lay · t 6/9 · Bksp back · Enter play · m type · ? hint · p/x · h q",
    Stage.EXCHANGE: "1-5 mark tiles to swap · Enter exchange · Esc back · q quit",
    Stage.HANDOVER: "Enter: show the rack · q quit (saved)",
    Stage.RESUME: "y resume the saved game · n a new game (the saved one is kept) · q quit",
    Stage.OVER: "n a new game · q quit",
}


def help_table() -> Table:
    """Every key and what it does."""
    table = Table(title="Keys", title_justify="left", box=None, padding=(0, 1))
    table.add_column("key", style="title")
    table.add_column("does")
    for key, does in KEYS:
        table.add_row(key, does)
    return table


def turn_lines(session: TileSession, turn: Turn) -> list[Text]:
    """One turn explained: who did what, and each Crib Hand it formed, counted aloud."""
    head = Text(f"{session.names[turn.player]}: ", style="title")
    head.append(str(turn.action))
    if turn.score is None:
        return [head]
    head.append(f" for {turn.points}", style="points")
    return [
        head,
        *(
            Text("  ") + t
            for t in play_lines(turn.score, session.game.board.size, session.ascii)[:-1]
        ),
    ]


def _status(session: TileSession) -> Table:
    game = session.game
    table = Table.grid(padding=(0, 1))
    table.add_column()
    table.add_column(justify="right")
    table.add_column()
    final = game.returns()
    servants = session.servants() if session.servant else ()
    for seat, name in enumerate(session.names):
        if game.is_over:
            note = f"(-{game.deductions[seat] if game.deductions else 0} left)"
        elif seat == game.current_player:
            note = "to move"
        else:
            note = f"{len(game.rack(seat))} tiles"
        if seat in servants:
            note += " · Servant"
        style = "best" if seat == game.current_player and not game.is_over else ""
        table.add_row(Text(name[:12], style=style), str(final[seat]), Text(note, style="muted"))
    return table


def _rack(session: TileSession) -> Text:
    if session.stage not in (Stage.PLAY, Stage.EXCHANGE):
        return Text("Rack hidden", style="muted")
    used = [i for i, _ in session._laid_positions()]
    text = Text("Rack ")
    for index, tile in enumerate(session.rack):
        text.append(f"{index + 1}:", style="muted")
        style = "tile.dark" if tile.dark else "tile.light"
        if index in used:
            style = "muted"
        if index in session.marked:
            style += " chosen"
        text.append(str(tile), style=style)
        text.append(" ")
    return text


def _panel(session: TileSession) -> Group:
    game = session.game
    size = game.board.size
    parts: list[RenderableType] = [
        Text(f"Tiles · seed {game.seed}", style="title"),
        Text(f"{_bags(session)} · turn {len(game.turns) + 1}", style="muted"),
        _status(session),
        Text(""),
        _rack(session),
        Text(f"cursor {square_name(session.cursor, size)}", style="muted"),
    ]
    if session.hints is not None:
        parts.append(Text("Best plays (?):", style="title"))
        for hint in session.hints:
            parts.append(Text(f"{hint.score:>3}  {_short(hint.play)}"))
    return Group(*parts)


def _bags(session: TileSession) -> str:
    game = session.game
    if not game.solitaire:
        return f"bag {len(game.bag)}"
    return " ".join(f"{n} bag {len(game.bag_of(s))}" for s, n in enumerate(session.names))


def _short(play: Play) -> str:
    text = str(play)
    return text if len(text) <= 32 else text[:31] + "…"


def _log(session: TileSession, rows: int) -> Group:
    turns = session.game.turns
    lines = [Text("Moves", style="title")]
    start = max(0, len(turns) - rows + 1)
    for number in range(start, len(turns)):
        turn = turns[number]
        lines.append(
            Text(f"{number + 1:>3} {session.names[turn.player][:8]:<8} {turn.points:>3} ")
            + Text(str(turn.action)[:24], style="muted")
        )
    return Group(*lines)


def _below(session: TileSession, rows: int) -> list[Text]:
    """The preview of the tiles laid, the typed move, or the latest turns explained."""
    stage = session.stage
    if stage is Stage.RESUME:
        return [
            Text("A saved tile game is waiting: y resumes it, n starts a new one.", style="warn")
        ]
    if stage is Stage.HANDOVER:
        handover = Text(
            f"Pass the keyboard to {session.names[session.seat]}, who presses Enter "
            "(the rack stays hidden until then).",
            style="warn",
        )
        return [handover, *_since_last(session, rows - 1)]
    if session.typing is not None:
        return [
            Text("Move: ", style="title") + Text(session.typing + "_"),
            Text("e.g. H7 across 5 5 J · H7 down 6/9 3 · G7:7D H7:8D · pass", style="muted"),
        ]
    preview = session.preview
    if preview is not None:
        if preview.error is not None:
            return [Text("Not legal: ", style="warn") + Text(str(preview.error))]
        assert preview.score is not None
        lines = play_lines(preview.score, session.game.board.size, session.ascii)
        return [Text("Legal: Enter plays it", style="best"), *lines]
    out = _since_last(session, rows)
    if stage is Stage.OVER:
        winners = session.game.winners()
        verdict = (
            f"{session.names[winners[0]]} wins"
            if len(winners) == 1
            else "A tie: " + " and ".join(session.names[w] for w in winners)
        )
        out = [Text(f"Game over: {verdict} ({session.score_line()}).", style="best"), *out]
        if session.solitaire:
            out = [out[0], *_review(session)]
    return out


def _review(session: TileSession) -> list[Text]:
    """The solitaire's result: each colour's score and how far its moves fell short of the best."""
    gaps = move_gaps(session.game)
    final = session.game.returns()
    out = []
    for seat, name in enumerate(session.names):
        mine = [g for g in gaps if g.player == seat]
        lost = sum(g.gap for g in mine)
        at_best = sum(1 for g in mine if g.gap == 0)
        out.append(
            Text(
                f"{name}: {final[seat]} · {at_best} of {len(mine)} moves the best available · "
                f"{lost} points short of the best moves"
            )
        )
    worst = sorted((g for g in gaps if g.gap > 0), key=lambda g: -g.gap)
    if worst:
        out.append(Text("Moves furthest from the best (turn: scored / best):", style="muted"))
        line = Text("")
        for g in worst[:6]:
            number = gaps.index(g) + 1
            line.append(f"#{number} {session.names[g.player]} {g.points}/{g.best}  ")
        out.append(line)
    return out


def _since_last(session: TileSession, rows: int) -> list[Text]:
    """The turns since the player to move last moved, explained (as many as fit)."""
    out: list[Text] = []
    for turn in reversed(session.game.turns):
        out[:0] = turn_lines(session, turn)
        if len(out) >= rows or (session.is_person(turn.player) and turn.player == session.seat):
            break
    return out


def tile_screen(session: TileSession, width: int, height: int) -> RenderableType:
    """The whole screen for this terminal size."""
    if session.show_help:
        return Group(help_table(), Text("h: back to the game", style="muted"))
    game = session.game
    board = board_text(
        game.board,
        session.ascii,
        cursor=session.cursor if session.stage is Stage.PLAY else None,
        laid=session.laid,
        last=_last_squares(session),
    )
    top = Table.grid(padding=(0, 2))
    top.add_column(width=43)
    top.add_column()
    cells: list[RenderableType] = [board, _panel(session)]
    if width >= 110:
        top.add_column()
        cells.append(_log(session, 14))
    top.add_row(*cells)
    rows = max(3, height - 14 - 3)
    below = _below(session, rows)[:rows]
    for line in below:
        line.no_wrap, line.overflow = True, "ellipsis"
    footer = Text(_FOOTER[session.stage], style="muted")
    message = Text(session.message[: width * 2], style="warn")
    return Group(top, *below, message, footer)


def _last_squares(session: TileSession) -> set[int]:
    for turn in reversed(session.game.turns):
        if isinstance(turn.action, Play):
            return set(turn.action.squares)
    return set()
