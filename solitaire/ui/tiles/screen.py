"""The tile game's screen, drawn with rich from a :class:`TileSession`.

At 80x24: the board (13 x 13 with coordinates, 43 columns) with a side panel
(scores, bag, whose turn, the rack, the hint), and below it the preview of the
tiles laid or the last moves explained, a message and the keys. A wider
terminal adds the move log beside the panel; a taller one shows more lines. With
room for both, the board is drawn in larger cells (:func:`cell_size`), the move
log under the panel.
"""

from __future__ import annotations

import io
from typing import Final

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from solitaire.core.review import Decision
from solitaire.core.secret import seed_hidden
from solitaire.core.words import agrees, plural, possessive
from solitaire.tiles.board import SIZE, square_name
from solitaire.tiles.game import TileGame
from solitaire.tiles.joker import computer_count
from solitaire.tiles.moves import Action, Exchange, Play, announced
from solitaire.tiles.players import Appraisal
from solitaire.tiles.review import move_gaps
from solitaire.tiles.tiles import format_tiles
from solitaire.ui.review.screen import ReviewScreen
from solitaire.ui.tiles.advice import ADVISOR, hint_text
from solitaire.ui.tiles.session import (
    Preview,
    Stage,
    TileSession,
    typed_form,
)
from solitaire.ui.tiles.views import (
    board_text,
    ending_text,
    play_lines,
    review_board,
    turned_squares,
    verdict,
)
from solitaire.ui.views import THEME, offer_keys, offer_lines, rules_paged, rules_screen

__all__ = [
    "CELLS",
    "KEYS",
    "MARKS",
    "MORE",
    "board_columns",
    "board_rows",
    "cell_size",
    "help_table",
    "marks_table",
    "more_to_show",
    "rules_pages",
    "tile_screen",
    "turn_lines",
    "whole_pages",
]

KEYS: Final = (
    ("arrows", "move the cursor on the board"),
    ("1-5", "lay that rack tile on the cursor, which then steps on along"),
    ("", "  the line over the tiles there (again: take it back)"),
    ("t", "turn the 6 or 9 under the cursor (a 6 laid as 9, or back)"),
    ("Backspace", "take back the last tile laid"),
    ("Enter", "play the tiles laid (the preview says if it is legal)"),
    ("m", "type a move: H7 across 5 5 J, H7:7D H8:8D, pass, exchange 7D"),
    ("?", "hint: the planner's best plays and their sums; 1-9 lays"),
    ("", "  one; with no play, the exchange it would make"),
    ("w", "why the planner's top play beats the play you laid"),
    ("Tab", "the whole explanation, when it does not all fit (paged)"),
    ("p / x", "pass / exchange (only when no play is possible)"),
    ("0-9", "--joker: your count, then Enter; a count too high records 0"),
    ("j", "--joker: call Joker on the last count: its missed points are"),
    ("", "  yours, 5 to pay if none (or early, while it is typed); then"),
    ("", "  your seat number when more than one may call"),
    ("Esc", "close help, the rules or the hints; else take back everything"),
    ("", "  laid and leave typing or the exchange"),
    ("k", "the rules of the game (paged)"),
    ("h", "this help (the keys do nothing while it is shown)"),
    ("q", "quit (the game is saved after every move)"),
)
MORE: Final = "Tab shows the whole move"  # after "+N more lines: " when lines are cut
MORE_HINTS: Final = "Tab shows them all"  # after "+N more plays: " when hints are cut
CELLS: Final = ((3, 1), (4, 2), (5, 2), (6, 3), (7, 3))
"""The board's cell sizes (columns, rows), smallest first, each no smaller than the one
before in either way and about as tall as wide on a terminal (a row twice a column); the
screen draws the largest that fits (:func:`cell_size`)."""
_SIDE: Final = 44  # columns beside a larger board: the panel, the move log under it
_BELOW: Final = 7  # rows below the board for the explanation at 80x24, the fewest it gets
_ALL: Final = 10**6  # rows enough for every turn since the player to move last moved
_WHOLE_KEYS: Final = "Up/Down or PgUp/PgDn turn pages · Tab, Esc or Enter closes"
_FOOTER: Final = {
    Stage.PLAY: "arrows 1-5 lay · t 6/9 · Bksp · Enter play · m type · ? hint · p/x · h k q",
    Stage.COUNT: "0-9 your count · Bksp · Enter record it · Esc back to laying · q quit",
    Stage.EXCHANGE: "1-5 mark tiles to swap · Enter exchange · Esc back · q quit",
    Stage.HANDOVER: "Enter: show the rack · q quit (saved)",
    Stage.RESUME: "y resume the saved game · n a new game (the saved one is kept) · q quit",
    Stage.LAST_CALL: "j call Joker · Enter the count stands · q quit (saved)",
    Stage.CALL: "the caller's number (beside the names) · Esc: nobody calls",
    Stage.WAIT: "Enter: the computer moves · j call Joker · q quit (saved)",
    Stage.OVER: "? review the game · n a new game · q quit",
}
_JOKER_FOOTER: Final = {  # while a count is open to a call by the person at the keyboard
    Stage.PLAY: "arrows 1-5 lay · t 6/9 · Bksp · Enter play · m type · ? hint · j Joker · p/x h q",
    Stage.HANDOVER: "Enter: show the rack · j call Joker · q quit (saved)",
    Stage.COUNT: "0-9 your count · Bksp · Enter record it · Esc back · j early Joker (5) · q",
}


MARKS: Final = (
    (">", "before a square: the cursor (on a + or * square: that mark, reversed)"),
    ("+", "before a tile: laid (or typed) this turn, not yet played"),
    ("*", "before a tile: the last move of a player since you last moved"),
    ("·  .", "an empty square (. with --ascii)"),
    ("7D 7L", "a dark 7, a light 7; T is a ten (TD, TL)"),
    ("9d 6l", "lower-case colour: a 6 turned to be a 9, a 9 turned to be a 6"),
    ("1:5D", "rack tile 1 (key 1), a dark 5"),
    ("1+5D", "rack tile 1 is laid on the board this turn"),
    ("2x8L", "rack tile 2 is marked to be exchanged"),
    ("2 Bob", "--joker: Bob's seat number, pressed to call Joker"),
)


def help_table(width: int = 80) -> Table:
    """Every key and what it does; then every mark of the board and the rack."""
    table = Table(title="Keys", title_justify="left", box=None, padding=(0, 1))
    table.add_column("key", style="title", no_wrap=True)
    table.add_column("does")
    for key, does in KEYS:
        table.add_row(key, does)
    return table


def marks_table() -> Table:
    """What each mark on the board and the rack means."""
    table = Table(title="Marks", title_justify="left", box=None, padding=(0, 1))
    table.add_column("mark", style="title", no_wrap=True)
    table.add_column("means")
    for mark, means in MARKS:
        table.add_row(mark, means)
    return table


def turn_lines(session: TileSession, index: int) -> list[Text]:
    """One turn explained: who did what, and each Crib Hand it formed, counted aloud.

    In a Joker game: what the player said, and once the count is closed, what it was
    worth, what was missed and the call; a count still open shows only its Crib Hands.
    """
    turn = session.game.turns[index]
    head = Text(f"{session.shown_names[turn.player]}: ", style="title")
    head.append(announced(turn.action))
    if turn.score is None:
        return [head]
    size = session.game.board.size
    hidden = session.hidden(index)
    if turn.claim is None:
        head.append(f" for {turn.points}", style="points")
    else:
        head.append(f", said {turn.claim}", style="points")
    turned = turned_squares(session.game.board)
    lines = play_lines(
        turn.score, size, session.ascii, worth=not hidden, scoring_first=True, turned=turned
    )
    out = [head, *(Text("  ") + t for t in (lines if hidden else lines[:-1]))]
    if hidden:
        note = f"  {_who_calls(session)} on missed points (5 to pay if none)"
        out.append(Text(note, style="warn"))
    elif turn.claim is not None:
        out.append(Text(f"  {_overlooked(session, index)}{session.count_result(index)}"))
    return out


def _who_calls(session: TileSession) -> str:
    """Who may call Joker on the open count, and how: ``Bob: j calls Joker``, or with more
    than one, ``2 Bob or 3 Cy: j, then your number, calls Joker``."""
    callers = session.open_callers()
    if len(callers) == 1:
        return f"{session.shown_names[callers[0]]}: j calls Joker"
    who = " or ".join(f"{seat + 1} {session.shown_names[seat]}" for seat in callers)
    return f"{who}: j, then your number, calls Joker"


def _overlooked(session: TileSession, index: int) -> str:
    """What a computer overlooked in its count ("" when it counted every point)."""
    turn = session.game.turns[index]
    name = session.shown_names[turn.player]
    if session.is_person(turn.player) or turn.score is None or not turn.missed:
        return ""
    size = session.game.board.size
    level = session.names[turn.player]
    count = computer_count(level, turn.score, session.game.seed, index + 1, size)
    return f"{name} {count.overlooked}: " if count.overlooked else ""


def _status(session: TileSession) -> Table:
    game = session.game
    table = Table.grid(padding=(0, 1))
    table.add_column()
    table.add_column(justify="right")
    table.add_column()
    final = game.returns()
    servants = session.servants() if session.servant else ()
    for seat, name in enumerate(session.shown_names):
        if game.is_over:
            note = _deduction_note(game, seat)
        elif seat == game.current_player:
            note = "to move"
        else:
            note = plural(len(game.rack(seat)), "tile")
        if seat in servants:
            note += " · Servant"
        style = "best" if seat == game.current_player and not game.is_over else ""
        shown = f"{seat + 1} {name[:12]}" if session.joker else name[:12]  # j asks for the number
        table.add_row(Text(shown, style=style), str(final[seat]), Text(note, style="muted"))
    return table


def _deduction_note(game: TileGame, seat: int) -> str:
    """Beside a final score, how the deduction made it: ``= 293 -3 (3D)``, or ``no tiles
    left``."""
    left = game.rack(seat)
    if not left:
        return "no tiles left"
    taken = game.deductions[seat] if game.deductions else 0
    return f"= {game.scores[seat]} -{taken} ({' '.join(map(str, left))})"


def _rack(session: TileSession) -> Text:
    """The rack of the person at the keyboard: ``1+5D`` a tile laid this turn, ``1x5D`` one
    marked for an exchange, ``1:5D`` the others (so it reads the same without colour)."""
    if session.viewer is None:
        return Text("" if session.game.is_over else "Rack hidden", style="muted")
    used = session.laid_from_rack()
    text = Text("Rack ")
    for index, tile in enumerate(session.rack):
        style = "tile.dark" if tile.dark else "tile.light"
        mark = ":"
        if index in used:
            style, mark = "muted", "+"
        if index in session.marked:
            style, mark = style + " chosen", "x"
        text.append(f"{index + 1}{mark}", style="muted" if mark == ":" else "warn")
        text.append(str(tile), style=style)
        text.append(" ")
    return text


def _panel(session: TileSession) -> Group:
    game = session.game
    size = game.board.size
    parts: list[RenderableType] = [
        # a random seed would show every rack and draw: it is shown when the game ends
        Text("Tiles" if seed_hidden(game) else f"Tiles · seed {game.seed}", style="title"),
        Text(f"{_bags(session)} · turn {len(game.turns) + 1}", style="muted"),
        *_passes(session),
        _status(session),
        Text(""),
        _rack(session),
        Text(f"cursor {square_name(session.cursor, size)}", style="muted"),
    ]
    return Group(*parts)


def _hint_lines(session: TileSession, rows: int, width: int) -> list[Text]:
    """The hints below the board, as many whole ones as fit in ``rows`` at ``width``: the
    planner's best plays by its own valuation, each with what it keeps and its value as
    the sum of its parts (score now, leave, reply); then how many more there are and which
    key shows them."""
    hints = session.hints or []
    if session.joker:  # the scores would count for you
        head = Text("Best plays (?), best first (m):", style="title")
        head.append(" 1-9 lays one · Esc closes", style="muted")
        items = [[Text(f"{i + 1} {typed_form(h.play)}")] for i, h in enumerate(hints)]
    else:
        head = Text(f"Best plays by the {ADVISOR}'s valuation (?)", style="title")
        head.append(" · 1-9 lays one · w why · Esc closes", style="muted")
        items = _hint_items(session, hints)
    out = _fit([head], width)
    for shown, item in enumerate(items):
        lines = _fit(item, width)
        room = rows - len(out) - (shown < len(items) - 1)  # a row kept for "+N more"
        if len(lines) > room and shown:
            out.append(Text(f"+{len(items) - shown} more plays: {MORE_HINTS}", style="warn"))
            break
        out += lines
    return out


def _hint_items(session: TileSession, hints: list[Appraisal]) -> list[list[Text]]:
    """The lines of each hint: one, and before the first the planner did not look at a
    line saying why it shows no reply."""
    drawing = session.drawing
    items = []
    for number, hint in enumerate(hints, start=1):
        lines = []
        unlooked = hint.risk is None and hint.rest is None
        if unlooked and number > 1 and hints[number - 2].risk is not None:
            lines.append(Text(_unlooked_heading(session.looked, number - 1), style="muted"))
        line = Text(f"{number} ", style="title")
        line.append(typed_form(hint.play))
        style = "warn" if hint.closing is not None and hint.rest is None else "muted"
        line.append(f" · {hint_text(hint, drawing)}", style=style)
        items.append([*lines, line])
    return items


def _unlooked_heading(looked: int, listed: int) -> str:
    """The line above the first hint the planner did not look a turn further at: it looked
    at ``looked`` plays, ``listed`` of them listed (the rest the same tiles and score as
    one listed)."""
    same = looked - listed
    if same <= 0:
        return f"Below its best {looked} by score and leave, their reply not looked at:"
    return (
        f"Below its best {looked} by score and leave ({same} of them the same tiles and "
        "score as a play above), their reply not looked at:"
    )


def _passes(session: TileSession) -> list[Text]:
    """Once a turn has passed without a play: how many more (passes or exchanges) end the
    game."""
    game = session.game
    if game.is_over or not game.without_play:
        return []
    left = game.passes_left
    said = "1 more pass ends the game" if left == 1 else f"{left} more passes end the game"
    return [Text(said, style="warn")]


def _bags(session: TileSession) -> str:
    game = session.game
    if not game.solitaire:
        return f"bag {len(game.bag)}"
    return " ".join(f"{n} bag {len(game.bag_of(s))}" for s, n in enumerate(session.shown_names))


def _log(session: TileSession, rows: int) -> Group:
    turns = session.game.turns
    lines = [Text("Moves", style="title")]
    start = max(0, len(turns) - rows + 1)
    names = session.shown_names
    wide = 9 if any(len(name) > 8 for name in names) else 8  # "planner 3" keeps its seat
    for number in range(start, len(turns)):
        turn = turns[number]
        shown = turn.points if turn.claim is None else turn.recorded
        line = Text(f"{number + 1:>3} {names[turn.player][:wide]:<{wide}} {shown:>3} ")
        line.append(_short(turn.action), style="muted")
        line.no_wrap, line.overflow = True, "ellipsis"  # one row a move, however narrow
        lines.append(line)
    return Group(*lines)


def _fit(lines: list[Text], width: int) -> list[Text]:
    """The lines wrapped to the screen's width, one Text per screen row."""
    console = Console(width=width, file=io.StringIO())
    return [row for line in lines for row in line.wrap(console, width)]


def _first_draw(session: TileSession) -> str:
    """Who moves first and why: ``The draw: Ann 9L, Bob 3D. Bob drew lowest and moves
    first.`` (ties for lowest draw again, each round said)."""
    game, names = session.game, session.shown_names
    drawing = list(range(len(names)))
    rounds = []
    for tiles in game.opening_draws:
        pairs = list(zip(drawing, tiles, strict=True))
        rounds.append(", ".join(f"{names[seat]} {tile}" for seat, tile in pairs))
        low = min(tile.rank for tile in tiles)
        drawing = [seat for seat, tile in pairs if tile.rank == low]
    first = names[game.first_player]
    moves = agrees(first, "moves", "move")
    return f"The draw: {'; tied, again: '.join(rounds)}. {first} drew lowest and {moves} first."


def _short(action: Action) -> str:
    """A move for the log: a play in the typed form (``E3 down 4D 7L``), cut to 26 places."""
    text = typed_form(action) if isinstance(action, Play) else announced(action)
    return text if len(text) <= 26 else text[:25] + "…"


def _below(session: TileSession, rows: int, width: int) -> list[Text]:
    """The preview of the tiles laid, the typed move, or the latest turns explained."""
    stage = session.base_stage
    if stage is Stage.RESUME:
        return offer_lines(session.resume_prompt())
    if stage is Stage.HANDOVER:
        name = session.shown_names[session.seat]
        handover = Text(
            f"Pass the keyboard to {name}, who {agrees(name, 'presses', 'press')} Enter "
            "(the rack stays hidden until then).",
            style="warn",
        )
        if not session.game.turns:
            return [Text(_first_draw(session), style="muted"), handover]
        return [handover, *_since_last(session, rows - 1, width)]
    if stage is Stage.COUNT:
        return _count_lines(session)
    if stage is Stage.WAIT and session.deferred and not session.game.turns:  # they start
        name = session.shown_names[session.seat]
        return [Text(f"{_first_draw(session)} {name} is thinking...", style="muted")]
    if stage is Stage.WAIT and not session.open_callers():  # no count waits on a call
        move = Text(f"{session.shown_names[session.seat]} is to move...", style="muted")
        return [move, *_since_last(session, rows - 1, width)]
    if stage is Stage.WAIT:
        computer = session.shown_names[session.seat]
        player = session.shown_names[session.game.turns[-1].player]
        wait = Text(
            f"{computer} is to move. Before it does, {_who_calls(session)} on "
            f"{possessive(player)} count; "
            f"Enter lets {computer} move.",
            style="warn",
        )
        return [wait, *_since_last(session, rows - 1, width)]
    if stage is Stage.LAST_CALL:
        last = len(session.game.turns) - 1
        who = session.shown_names[session.game.turns[last].player]
        head = Text(
            f"The game is over on {possessive(who)} last play. "
            f"{_who_calls(session)}, Enter lets the count stand.",
            style="warn",
        )
        return [head, *turn_lines(session, last)]
    if stage is Stage.PLAY and session.why is not None:
        return [Text("Why (w)", style="title"), *(Text(line) for line in session.why)]
    if stage is Stage.PLAY and session.hints:
        return _hint_lines(session, rows, width)
    preview = session.preview
    if session.typing is not None:
        move = Text("Move: ", style="title") + Text(session.typing + "_")
        if preview is not None:
            return [move, *_verdict(session, preview)]
        examples = "e.g. H7 across 5 5 J · H7 down 6/9 3 · G7:7D H7:8D · pass · exchange 7D"
        return [move, Text(examples, style="muted")]
    if preview is not None:
        return _verdict(session, preview)
    if stage is Stage.EXCHANGE:
        lines = [Text("Mark the tiles to exchange with 1-5, then Enter (Esc: back).", style="warn")]
        return lines + _since_last(session, rows - 1, width)
    if stage is not Stage.OVER:
        if not session.game.turns and stage is Stage.PLAY:
            return _first_steps(session)
        return _since_last(session, rows, width)
    result = verdict(session.game, session.shown_names)
    head = Text(f"Game over: {result} ({session.score_line()}).", style="best")
    head.append(f" It ended: {ending_text(session.game, session.shown_names)}.", style="warn")
    if session.solitaire:
        return [head, *_review(session, width)]
    return [head, *_since_last(session, rows - 1, width)]


def _verdict(session: TileSession, preview: Preview) -> list[Text]:
    """The engine's verdict on the move being made: why not, or what it scores."""
    if preview.error is not None:
        return [Text("Not legal: ", style="warn") + Text(str(preview.error))]
    if isinstance(preview.action, Exchange):
        return [Text(f"Legal: Enter swaps {format_tiles(preview.action.tiles)} with the bag")]
    if preview.score is None:
        return [Text(f"Legal: Enter to {preview.action}", style="best")]
    size = session.game.board.size
    closes = isinstance(preview.action, Play) and session.game.closes(preview.action)
    laid = preview.action.placements if isinstance(preview.action, Play) else ()
    turned = turned_squares(session.game.board, laid)
    ends = Text(" · it closes the board: the game ends", style="warn") if closes else Text("")
    if session.joker:
        return [
            Text("Legal: Enter, then count it", style="best") + ends,
            Text("The Crib Hands it makes:", style="muted"),
            *play_lines(preview.score, size, worth=False, scoring_first=True, turned=turned),
        ]
    total = preview.score.total
    return [
        Text(f"Legal: {plural(total, 'point')}, Enter plays it", style="best") + ends,
        *play_lines(preview.score, size, session.ascii, scoring_first=True, turned=turned),
    ]


def _review(session: TileSession, width: int) -> list[Text]:
    """The solitaire's result: each colour's score and how far its moves fell short of the
    best; then the moves furthest from the best, each whole on a row (none split), so all
    of it fits below the board at 80x24."""
    gaps = move_gaps(session.game)
    final = session.game.returns()
    out = []
    for seat, name in enumerate(session.shown_names):
        mine = [g for g in gaps if g.player == seat]
        lost = sum(g.gap for g in mine)
        at_best = sum(1 for g in mine if g.gap == 0)
        out.append(
            Text(
                f"{name} {final[seat]}: {at_best} of {plural(len(mine), 'move')} the best "
                f"available, {plural(lost, 'point')} short of the best"
            )
        )
    worst = sorted((g for g in gaps if g.gap > 0), key=lambda g: -g.gap)
    if worst:
        entries = [
            f"#{gaps.index(g) + 1} {session.shown_names[g.player]} {g.points}/{g.best}"
            for g in worst[:6]
        ]
        out += _packed("Furthest from the best (turn, colour, scored/best): ", entries, width)
    return out


def _packed(head: str, entries: list[str], width: int) -> list[Text]:
    """``head`` then the entries, as many to a row as fit ``width``, none split."""
    rows = [Text(head, style="muted")]
    for entry in entries:
        if rows[-1].cell_len > len(head) * (len(rows) == 1):
            if rows[-1].cell_len + 3 + len(entry) <= width:
                rows[-1].append(" · ")
            else:
                rows.append(Text(""))
        rows[-1].append(entry)
    return rows


def _since_last(session: TileSession, rows: int, width: int) -> list[Text]:
    """The turns since the person to move last moved, at most one round (each player's
    last move: so in a game of computers, or once it is over, the last round), explained
    in ``rows`` lines: whole turns when they all fit; else one line for each earlier turn
    and then the latest in full (tile_screen cuts it when it alone is too long)."""
    turns = session.game.turns
    # Turns go round the seats, so the last round holds the person's own last move.
    indices = list(range(max(0, len(turns) - len(session.names)), len(turns)))
    # Until a person has moved, in the first round, the draw says why the computers began.
    first = len(turns) < len(session.names) and not any(session.is_person(t.player) for t in turns)
    draw = [_first_draw(session)] if first and not session.solitaire else []
    drawn = _fit([Text(line, style="muted") for line in draw], width)
    rows -= len(drawn)
    blocks = [_fit(turn_lines(session, index), width) for index in indices]
    if sum(len(block) for block in blocks) <= rows or len(blocks) <= 1:
        return [*drawn, *(line for block in blocks for line in block)]
    heads = []
    for index in indices[:-1]:
        head = turn_lines(session, index)[0]
        if session.game.turns[index].score is not None:
            head.append(" · Tab: how", style="muted")  # its lines are in the whole view
        head.no_wrap, head.overflow = True, "ellipsis"
        heads.append(head)
    return [*drawn, *heads[-max(1, rows - 2) :], *blocks[-1]]


def _first_steps(session: TileSession) -> list[Text]:
    """Before the first play: what to do, for someone new to the game."""
    lines = [
        "The first play: 2 to 5 of your tiles in one line, anywhere, scored like a cribbage "
        "hand (fifteens 2, pairs 2, runs of 3 or more in any order) plus 10 for the first play.",
        "Move the cursor with the arrows, lay a rack tile with 1-5 (again: take it back); "
        "Enter plays. ? suggests plays, m types one, h lists every key.",
    ]
    if session.joker:
        lines.append("Joker: after Enter you type what your play is worth; j calls Joker.")
    if not session.solitaire:
        lines.insert(0, _first_draw(session))
    return [Text(line, style="muted") for line in lines]


def _count_lines(session: TileSession) -> list[Text]:
    """The COUNT stage: the play, the Crib Hands it makes, and the count typed so far."""
    assert session.counting is not None
    score = session.game.check(session.counting)
    assert score is not None
    head = Text(f"Count {session.counting}: ", style="title")
    head.append(session.count + "_", style="points")
    help_line = Text(
        "Count every Crib Hand and bonus (first play, all five, one colour), then Enter. "
        "Points missed go to a Joker caller; a count too high is struck out: 0 recorded.",
        style="muted",
    )
    board = session.game.board
    turned = turned_squares(board, session.counting.placements)
    return [head, help_line, *play_lines(score, board.size, worth=False, turned=turned)]


def tile_screen(session: TileSession, width: int, height: int) -> RenderableType:
    """The whole screen for this terminal size."""
    if session.show_help:
        return _help(session, width, height)
    if session.show_rules:
        return _rules_page(session, width, height)
    if session.reviewing.shown:
        return review_screen(session)
    game = session.game
    cell = cell_size(width, height)
    board = board_text(
        game.board,
        session.ascii,
        cursor=session.cursor if session.base_stage is Stage.PLAY else None,
        laid=session.shown_laid,
        last=_last_squares(session),
        cell=cell,
    )
    top = Table.grid(padding=(0, 2))
    top.add_column(width=board_columns(cell))
    cells: list[RenderableType] = [board]
    if cell == CELLS[0]:
        top.add_column()
        cells.append(_panel(session))
        if width >= 110:
            top.add_column()
            cells.append(_log(session, 14))
    else:
        side = width - board_columns(cell) - 2
        top.add_column(width=side)
        cells.append(_side(session, side, board_rows(cell)))
    top.add_row(*cells)
    if session.whole is not None:
        return _whole(session, _explained(session, _ALL, width), height)
    below, _ = _below_shown(session, width, height)
    for line in below:
        line.no_wrap, line.overflow = True, "ellipsis"
    footers = _JOKER_FOOTER if session.joker_callers else {}
    said = footers.get(session.stage, _FOOTER[session.stage])
    if session.stage is Stage.RESUME and not session.resumable:  # open in another window
        said = offer_keys(False, "a new game here", " · ")
    if session.stage is Stage.WAIT and not session.open_callers():
        said = "the computers play · h help · k rules · q quit (saved)"
    if session.deferred:
        said = "h help · q quit (saved)"
    footer = Text(said, style="muted")
    message = Text(_unsaid(session.message, below)[: width * 2], style="warn")
    return Group(top, *below, message, footer)


def review_screen(session: TileSession) -> ReviewScreen:
    """The game reviewed: each decision over the board, the rack and the scores before it."""
    reviewing = session.reviewing

    def around(decision: Decision, said: RenderableType) -> RenderableType | None:
        point = reviewing.position(decision)
        if point is None:
            return None
        return review_board(point, session.names, said, session.ascii)

    title = f"Tile game {session.game_id} reviewed"
    return ReviewScreen(reviewing, title, lambda _: None, session.message, around)


def _unsaid(message: str, shown: list[Text]) -> str:
    """The message, unless the lines shown already say it (a refusal the preview gives,
    repeated by Enter): each refusal is printed once."""
    words = " ".join(message.split())
    said = " ".join(" ".join(line.plain for line in shown).split())
    return "" if words and words in said else message


def _below_shown(session: TileSession, width: int, height: int) -> tuple[list[Text], bool]:
    """The lines below the board at this size, and whether some are left for Tab."""
    rows = _rows(height, cell_size(width, height))
    everything = _explained(session, _ALL, width)
    below = _explained(session, rows, width)
    if _hints_shown(session) and len(below) <= rows:
        # the hint list fits itself, whole hints, and says how many more
        return below, any(MORE_HINTS in line.plain for line in below)
    if len(below) > rows or len(below) < len(everything):
        return _cut(_explained(session, rows - 1, width), rows - 1, len(everything)), True
    return below, False


def more_to_show(session: TileSession, width: int, height: int) -> bool:
    """Whether the explanation below the board (or the hint list) has lines left for Tab."""
    return _below_shown(session, width, height)[1]


def _rows(height: int, cell: tuple[int, int]) -> int:
    """The rows below the board for the explanation at this terminal height (two for the
    message, one for the keys)."""
    return max(3, height - board_rows(cell) - 3)


def board_columns(cell: tuple[int, int]) -> int:
    """The columns the board takes in cells of this size (43 in the smallest)."""
    return 4 + SIZE * cell[0]


def board_rows(cell: tuple[int, int]) -> int:
    """The rows the board takes in cells of this size: the letters, then the 13 rows of
    tiles with ``height - 1`` rows between each two (14 in the smallest)."""
    return 1 + SIZE + (SIZE - 1) * (cell[1] - 1)


def cell_size(width: int, height: int) -> tuple[int, int]:
    """The largest cell (columns, rows) of :data:`CELLS` whose board leaves the side panel
    its columns and the explanation below no fewer rows than at 80x24."""
    chosen = CELLS[0]
    for cell in CELLS[1:]:  # each larger in both ways: the first too large ends the search
        wide = board_columns(cell) + 2 + _SIDE <= width
        tall = board_rows(cell) + 3 + _BELOW <= height
        if not (wide and tall):
            break
        chosen = cell
    return chosen


def _side(session: TileSession, width: int, rows: int) -> RenderableType:
    """Beside a larger board: the panel, then the move log in the rows left beside it."""
    panel = _panel(session)
    console = Console(width=width, file=io.StringIO(), theme=THEME)
    used = len(console.render_lines(panel, console.options.update(width=width), pad=False))
    left = rows - used - 1
    if left < 2:  # no room for a move under the log's title
        return panel
    return Group(panel, Text(""), _log(session, left))


def _cut(lines: list[Text], rows: int, total: int) -> list[Text]:
    """The first ``rows`` lines of ``total``, then a line saying how many more there are and
    which key shows them all (never a line dropped silently)."""
    kept = lines[:rows]
    return [*kept, Text(f"+{total - len(kept)} more lines: {MORE}", style="warn")]


def whole_pages(session: TileSession, width: int, height: int) -> int:
    """How many pages the whole explanation takes at this terminal size."""
    lines = _explained(session, _ALL, width)
    return max(1, -(-len(lines) // _page_size(height)))


def _page_size(height: int) -> int:
    return max(1, height - 2)


def _hints_shown(session: TileSession) -> bool:
    """Whether the panel below the board is the hint list."""
    return session.base_stage is Stage.PLAY and session.why is None and bool(session.hints)


def _whole(session: TileSession, lines: list[Text], height: int) -> Group:
    """One page of the explanation below the board (or of the hint list), all of it: a
    title line saying which page and the keys, then the lines."""
    size = _page_size(height)
    pages = max(1, -(-len(lines) // size))
    page = min(session.whole or 0, pages - 1)
    what = "The best plays" if _hints_shown(session) else "The whole move explained"
    head = Text(f"{what} · page {page + 1} of {pages}", style="title")
    shown = lines[page * size : (page + 1) * size]
    for line in shown:
        line.no_wrap, line.overflow = True, "ellipsis"
    return Group(head, *shown, Text(_WHOLE_KEYS, style="muted"))


def _early(session: TileSession) -> list[Text]:
    """The early calls on the count to come (made before quitting, say), while it is to make."""
    if session.base_stage not in (Stage.HANDOVER, Stage.PLAY):
        return []
    names = session.shown_names
    player = names[session.seat]
    return [
        Text(f"{names[c.caller]} called Joker before {possessive(player)} count: {-c.points} paid.")
        for c in session.game.early_calls(len(session.game.turns))
    ]


def _explained(session: TileSession, rows: int, width: int) -> list[Text]:
    """The early calls on the count to come, then the explanation below the board in the
    rows they leave."""
    early = _fit(_early(session), width)
    return early + _fit(_below(session, max(1, rows - len(early)), width), width)


def _last_squares(session: TileSession) -> set[int]:
    """The squares of each player's last play since the player to move last moved (the
    latest play, when it is the one to move who played last)."""
    squares: set[int] = set()
    turns = session.game.turns
    seen: set[int] = set()
    for turn in reversed(turns):
        if turn.player == session.seat and turns[-1].player != session.seat:
            break
        if turn.player in seen:
            break
        seen.add(turn.player)
        if isinstance(turn.action, Play):
            squares.update(turn.action.squares)
    if not squares:
        for turn in reversed(turns):
            if isinstance(turn.action, Play):
                return set(turn.action.squares)
    return squares


def _help(session: TileSession, width: int, height: int) -> RenderableType:
    """The keys and the board's marks: one below the other, side by side, or (on a small
    terminal) on two pages."""
    back = "h or Esc: back · k: the rules"
    if height >= len(KEYS) + len(MARKS) + 5:
        return Group(help_table(), marks_table(), Text(back, style="muted"))
    if width >= 160:
        side = Table.grid(padding=(0, 3))
        side.add_row(help_table(), marks_table())
        return Group(side, Text(back, style="muted"))
    if session.help_page == 0:
        turn = "page 1 of 2 · Right/PgDn: the board's marks"
        return Group(help_table(), Text(f"{turn} · {back}", style="muted"))
    turn = "page 2 of 2 · Left/PgUp: the keys"
    return Group(marks_table(), Text(f"{turn} · {back}", style="muted"))


def rules_pages(width: int, height: int, ascii: bool = False) -> int:
    """How many pages the rules take at this terminal size."""
    return len(_rules_paged(width, height, ascii))


def _rules_paged(width: int, height: int, ascii: bool) -> tuple[tuple[Text, ...], ...]:
    """The rules in pages of the rows below the title and above the footer."""
    from solitaire.tiles.rules import rules_text

    return rules_paged(rules_text(), width, height - 2, ascii)


def _rules_page(session: TileSession, width: int, height: int) -> Group:
    """One page of the rules: a title line (which page, the keys), then the page."""
    from solitaire.tiles.rules import rules_text

    return rules_screen(rules_text(), session.rules_page, width, height, session.ascii)
