"""Rich views shared by every game: the theme, cards and scored hands.

Each view wraps an engine value and returns rich renderables; nothing here
changes game state. Colours come from one theme, :data:`THEME`.
"""

from __future__ import annotations

import errno
import io
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import IO, TYPE_CHECKING, Final, Protocol, cast

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from rich.theme import Theme

from solitaire.core.cards import Card
from solitaire.core.scoring import Kind, Score

if TYPE_CHECKING:  # offers are only read here
    from solitaire.ui.saved import Offer


class GameRow(Protocol):
    """What every history listing's row has: its id, when last played, finished or not."""

    @property
    def id(self) -> int: ...

    @property
    def played_at(self) -> str: ...

    @property
    def finished(self) -> bool: ...


__all__ = [
    "THEME",
    "WIDTH",
    "Listing",
    "Paragraph",
    "ScoreView",
    "TrimmedOutput",
    "Unbroken",
    "card_text",
    "cards_text",
    "figure_pieces",
    "hanging_row",
    "history_pointers",
    "history_row",
    "kind_totals_table",
    "labelled",
    "make_console",
    "offer_keys",
    "offer_view",
    "plain_rules",
    "rules_lines",
    "rules_paged",
    "rules_screen",
]

WIDTH = 80  # the narrowest screen every view must read well at

THEME = Theme(
    {
        "card.red": "bold red",
        "card.black": "bold",
        "card.selected": "reverse",
        "card.hidden": "dim",
        "points": "bold green",
        "total": "bold cyan",
        "muted": "dim",
        "best": "bold green",
        "chosen": "reverse",
        "best.chosen": "bold green reverse",
        "warn": "bold yellow",
        "milestone": "bold magenta",
        "title": "bold",
        "tile.light": "bold",
        "tile.dark": "bold reverse",
        "tile.laid": "yellow",
        "tile.last": "underline",
    }
)


def card_text(card: Card, ascii: bool = False, selected: bool = False) -> Text:
    """One card with its suit colour: ``5♥`` in red, ``K♠`` in the default colour."""
    text = Text(card.symbol(ascii), style="card.red" if card.is_red else "card.black")
    if selected:
        text.stylize("card.selected")
    return text


def cards_text(cards: Iterable[Card], ascii: bool = False, sep: str = " ") -> Text:
    """Cards side by side, each in its suit colour."""
    return Text(sep).join(card_text(c, ascii) for c in cards)


_KIND_LABELS = {
    Kind.FIFTEEN: "fifteen",
    Kind.PAIR: "pair",
    Kind.RUN: "run",
    Kind.FLUSH: "flush",
    Kind.NOBS: "his nobs",
}


class Paragraph:
    """Text wrapped at words to the width it is given, its last line never one word alone
    (narrower lines are tried first, down to two thirds of the width), each line after
    ``indent`` spaces."""

    def __init__(self, text: Text | str, indent: int = 0) -> None:
        self.text = Text(text) if isinstance(text, str) else text
        self.indent = indent

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        measured = Measurement.get(console, options, self.text)
        return Measurement(measured.minimum + self.indent, measured.maximum + self.indent)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width - self.indent)
        lines = self.text.wrap(console, width)
        narrower = width
        while len(lines) > 1 and len(lines[-1].plain.split()) == 1 and narrower > width * 2 // 3:
            narrower -= 1
            lines = self.text.wrap(console, narrower)
        for line in lines:
            line.rstrip()
            yield Text(" " * self.indent).append_text(line)


class ScoreView:
    """A scored hand or crib: the cards, the spoken count, the breakdown and the total."""

    def __init__(
        self, score: Score, title: str | None = None, ascii: bool = False, breakdown: bool = True
    ) -> None:
        self.score = score
        self.title = title
        self.ascii = ascii
        self.breakdown = breakdown

    def header(self) -> Text:
        """The cards, the starter, and the total."""
        score = self.score
        text = Text()
        if self.title:
            text.append(f"{self.title}: ", style="title")
        text.append_text(cards_text(score.hand, self.ascii))
        if score.starter is not None:
            text.append("  starter ", style="muted")
            text.append_text(card_text(score.starter, self.ascii))
        text.append("  = ", style="muted")
        text.append(str(score.total), style="total")
        return text

    def items_table(self) -> Table:
        """One row per combination: kind, cards, points."""
        table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
        table.add_column("kind", style="muted")
        table.add_column("cards")
        table.add_column("points", justify="right", style="points")
        for item in self.score.items:
            table.add_row(
                _KIND_LABELS[item.kind], cards_text(item.cards, self.ascii), str(item.points)
            )
        return table

    def __rich__(self) -> RenderableType:
        parts: list[RenderableType] = [
            self.header(),
            Paragraph(Text(self.score.spoken(), style="italic"), indent=2),
        ]
        if self.breakdown and self.score.items:
            parts.append(self.items_table())
        return Group(*parts)


def kind_totals_table(scores: Sequence[Score]) -> Table:
    """Points per kind for one or more scores, with the total."""
    table = Table(box=None, padding=(0, 1))
    for kind in Kind:
        table.add_column(_KIND_LABELS[kind], justify="right")
    table.add_column("total", justify="right", style="total")
    for score in scores:
        table.add_row(*(str(score.points(kind)) for kind in Kind), str(score.total))
    return table


def labelled(label: str, body: Text | str, indent: int | None = None) -> Table:
    """``label`` then ``body``, the lines ``body`` wraps to indented under its first (a
    hanging indent), so a long line never runs back under the label."""
    row = Table.grid(padding=(0, 0))
    row.add_column(width=indent or len(label) + 1, style="title", no_wrap=True)
    row.add_column(ratio=1)
    row.add_row(label, Paragraph(body))
    return row


def figure_pieces(text: str) -> list[str]:
    """A sentence cut where a line may break: between words, never inside a figure (a
    number with the word before it and the word after it, up to a comma, a semicolon or a
    colon; ``pairs 2 = 10``, ``-30.1 to +11.1``).

    >>> figure_pieces("Ann said 12: the play is worth 14: 2 missed")
    ['Ann', 'said 12:', 'the', 'play', 'is', 'worth 14:', '2 missed']
    """
    pieces: list[str] = []
    glue = False  # the next word belongs to the last piece
    for word in text.split(" "):
        number = any(c.isdigit() for c in word)
        joins = word in ("=", "to")
        if pieces and (glue or joins or (number and pieces[-1][-1:] not in (",", ";", ":"))):
            pieces[-1] += " " + word
        else:
            pieces.append(word)
        glue = joins or (number and word[-1:] not in (",", ";", ":", ")"))
    return pieces


class Unbroken:
    """Pieces of text on as few lines as the width allows, broken only between pieces (a
    figure and its words are one piece), so a table's cell never splits a figure: the cell is
    never narrower than its longest piece unless the screen is."""

    def __init__(self, pieces: Sequence[str], style: str = "", separator: str = " ") -> None:
        self.pieces = [piece for piece in pieces if piece]
        self.style = style
        self.separator = separator

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        longest = max((cell_len(piece) for piece in self.pieces), default=0)
        whole = cell_len(self.separator.join(self.pieces))
        return Measurement(min(longest, options.max_width), min(whole, options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        lines: list[str] = []
        for piece in self.pieces:
            joined = f"{lines[-1]}{self.separator}{piece}" if lines else piece
            if lines and cell_len(joined) <= width:
                lines[-1] = joined
            else:
                lines.append(piece)
        yield Text("\n".join(lines), style=self.style)


class Listing:
    """A long listing's lines, one under another, drawn exactly as a :class:`Group` of
    them is but fast for 10,000 lines: a line of text that fits the width is cut into
    its styled segments directly, without rich's word wrapping, which measures every
    character of every line; any other line (wider than the screen, of several lines,
    with tabs, justified, with overlapping styles) is drawn by rich as usual."""

    def __init__(self, lines: Sequence[RenderableType]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        unjustified = options.justify in (None, "default")
        styles: dict[tuple[str | Style, str | Style], Style] = {}
        for line in self.lines:
            if unjustified and type(line) is Text and line.justify in (None, "default"):
                segments = _line_segments(line, console, width, styles)
                if segments is not None:
                    yield from segments
                    continue
            yield line


def _line_segments(
    line: Text, console: Console, width: int, styles: dict[tuple[str | Style, str | Style], Style]
) -> list[Segment] | None:
    """The segments rich draws for one line of text that fits ``width`` (its base style
    under each span's, as ``Text.render`` combines them), or None when it is not that
    simple; ``styles`` caches each (base, span) pair's combined style."""
    plain = line.plain
    if "\n" in plain or "\t" in plain or cell_len(plain) > width:
        return None
    if not line.style and not line.spans:  # no style at all: rich's one plain segment
        return [Segment(plain), Segment(line.end)] if line.end else [Segment(plain)]
    null = Style.null()
    base = console.get_style(line.style, default=null) if line.style else null
    segments = []
    at = 0
    for start, end, style in line.spans:
        if start < at or end > len(plain):  # overlapping or out of order: rich's way
            return None
        if start >= end:
            continue
        if start > at:
            segments.append(Segment(plain[at:start], base))
        combined = styles.get((line.style, style))
        if combined is None:
            combined = Style.combine((null, base, console.get_style(style, default=null)))
            styles[line.style, style] = combined
        segments.append(Segment(plain[start:end], combined))
        at = end
    if at < len(plain):
        segments.append(Segment(plain[at:], base))
    if line.end:
        segments.append(Segment(line.end))
    return segments


def history_row(row: GameRow) -> Text:
    """A history listing's line as far as every kind of game shares it: id (marked ``?`` when
    its digest could not be checked), when last played."""
    from solitaire.core.untrusted import safe_text  # (not at import: `score` needs none of it)

    when = safe_text(row.played_at.replace("T", " ")[:16], 16)
    mark = " " if getattr(row, "checked", True) else "?"  # its digest could not be checked
    # A listing's line is laid out to fit 80 columns: folded, not word-wrapped (fast for
    # 10,000 of them).
    return Text(f"{row.id:>6}{mark} {when:16}  ", no_wrap=True, overflow="fold")


def hanging_row(lead: Text, pieces: Sequence[str], width: int, style: str = "") -> list[Text]:
    """A listing's row at ``width``: ``lead``, then the pieces (each a figure with its words)
    on as many lines as they need, broken only between pieces, each line after the first
    indented under the first piece (under the lead's first columns when that leaves too
    little room)."""
    indent = cell_len(lead.plain)
    if width - indent < 30:
        indent = min(indent, 8)
    lines = [lead]
    used = cell_len(lead.plain)
    fresh = True  # nothing yet after the lead, or after the indent of a new line
    for piece in pieces:
        size = cell_len(piece)
        gap = 0 if fresh else 1
        if used + gap + size > width and not (fresh and used <= indent):
            lines.append(Text(" " * indent))
            used, fresh, gap = indent, True, 0
        if gap:
            lines[-1].append(" ")
        lines[-1].append(piece, style=style)
        used += gap + size
        fresh = False
    return lines


def history_pointers(
    command: Callable[[str], str],
    rows: Iterable[GameRow],
    see: str,
    resume: str,
    *more: tuple[str, str],
) -> Text:
    """The commands under a history listing, each named (``see a match: cribsol replay ID``):
    how to see one, how to carry on with one (only when one listed is unfinished), then
    ``more`` (what, command); as many to a line as fit the narrowest screen."""
    pointers = [(f"see {see}", "replay ID")]
    if any(not row.finished for row in rows):
        pointers.append(("carry on", resume))
    pointers += more
    lines: list[str] = []
    for what, words in pointers:
        pointer = f"{what}: {command(words)}"
        if lines and len(lines[-1]) + 4 + len(pointer) <= WIDTH:
            lines[-1] += "    " + pointer
        else:
            lines.append(pointer)
    return Text("\n".join(lines), style="muted")


def offer_view(offer: Offer) -> Group:
    """The RESUME screen's question: each part on a line of its own, a long one wrapping
    under itself, so nothing is left alone on a line at 80 columns."""
    said = f"{offer.saved}: {offer.standing}."
    parts = [offer.saved + ":", offer.standing + "."] if len(said) > WIDTH - 2 else [said]
    keys = Table.grid(padding=(0, 0))
    keys.add_column(width=12, style="bold cyan", no_wrap=True)
    keys.add_column(ratio=1)
    if offer.resumable:
        keys.add_row("y or Enter", "resume it")
        keys.add_row("n", offer.instead)
    else:
        keys.add_row("n or Enter", offer.instead)
        keys.add_row("q", "quit")
    keys.add_row("", Text(f"({offer.keep})", style="muted"))
    return Group(
        Text(offer.headline + ":", style="title"),
        *(labelled("", part, indent=2) for part in parts),
        Text(""),
        keys,
    )


def plain_rules(markdown: str) -> str:
    """A game's rules (Markdown) as plain text for an ASCII terminal: the source with its
    lines joined into paragraphs and list items, to rewrap."""
    out: list[str] = []
    for line in markdown.replace("**", "").splitlines():
        starts_item = line.startswith(("- ", "|", "#")) or line.split(". ")[0].isdigit()
        if out and out[-1] and line and not starts_item and not out[-1].startswith(("|", "#")):
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return "\n".join(out)


def rules_lines(markdown: str, width: int, ascii: bool) -> list[Text]:
    """A game's rules drawn at this width, one Text a screen row: the Markdown drawn, or
    for an ASCII terminal its plain text (:func:`plain_rules`)."""
    # Loaded with the rules, not the first screen: rich's Markdown brings markdown-it and
    # pygments, a third of the start-up's imports.
    from rich.markdown import Markdown

    console = Console(width=width, file=io.StringIO(), theme=THEME, color_system=None)
    rules = Text(plain_rules(markdown)) if ascii else Markdown(markdown)
    out = []
    for line in console.render_lines(rules, console.options.update(width=width), pad=False):
        text = Text(no_wrap=True, overflow="ellipsis")
        for segment in line:
            if not segment.control:
                text.append(segment.text, segment.style)
        out.append(text)
    return out


# A list item (drawn " • " or " 4 ", or "- " and "4. " in plain text) or a table row starts.
_ITEM: Final = re.compile(r" *[•-] | +\d+[.)]? |\d+[.)] |\|")


def _blocks(lines: list[Text]) -> list[tuple[Text | None, list[Text]]]:
    """The rules' rows as blocks: each a paragraph, a list item, a heading or a table
    (a table row of plain text), with the blank row before it (None: none)."""
    blocks: list[tuple[Text | None, list[Text]]] = []
    blank: Text | None = None
    for line in lines:
        text = line.plain.strip()
        if not text:
            blank = blank or line
            continue
        if not blocks or blank is not None or _ITEM.match(line.plain):
            blocks.append((blank, [line]))
        else:
            blocks[-1][1].append(line)
        blank = None
    return blocks


@lru_cache(maxsize=8)
def rules_paged(markdown: str, width: int, rows: int, ascii: bool) -> tuple[tuple[Text, ...], ...]:
    """A game's rules at this width in pages of at most ``rows`` rows (at least one page).

    A page ends only where a paragraph, a list item or a table ends, unless that one block
    is longer than a page (it then starts a page and goes on over the next); a heading,
    or a paragraph that leads in with a colon, goes on the page of the block after it.
    No page starts or ends with a blank row (a page's last row is read as where it
    stops). Kept for the next frame: read, not changed."""
    headings = {
        line.lstrip("#").strip().replace("**", "")
        for line in markdown.splitlines()
        if line.startswith("#")
    }
    size = max(1, rows)
    Block = tuple[Text | None, list[Text]]

    def titled(block: list[Text]) -> bool:
        """Whether the block is a heading."""
        return len(block) == 1 and block[0].plain.strip().lstrip("#").strip() in headings

    chains: list[list[Block]] = []
    keep = False  # the last block goes on the page of the next: a heading, or a lead-in
    for blank, block in _blocks(rules_lines(markdown, width, ascii)):
        if keep and size >= 3:
            chains[-1].append((blank, block))
        else:
            chains.append([(blank, block)])
        keep = titled(block) or block[-1].plain.rstrip().endswith(":")
    pages: list[list[Text]] = [[]]

    def put(chain: list[Block]) -> None:
        """A chain of blocks on the page, or from the next; one too long for a page as
        its blocks, a heading still with the block after it."""
        first = chain[0][0]
        gap = [first] if first is not None and pages[-1] else []
        body = [
            line
            for i, (blank, lines) in enumerate(chain)
            for line in [*([blank] if i and blank is not None else []), *lines]
        ]
        if pages[-1] and len(pages[-1]) + len(gap) + len(body) <= size:
            pages[-1] += [*gap, *body]
        elif len(body) <= size or len(chain) == 1 or (len(chain) == 2 and titled(chain[0][1])):
            if pages[-1]:
                pages.append([])
            for line in body:
                if len(pages[-1]) == size:  # a block longer than a page goes on over the next
                    pages.append([])
                pages[-1].append(line)
        else:
            put(chain[:-1])
            put(chain[-1:])

    for chain in chains:
        put(chain)
    return tuple(tuple(page) for page in pages if page) or ((),)


def rules_screen(markdown: str, page: int, width: int, height: int, ascii: bool) -> Group:
    """One page of a game's rules filling a screen of ``height`` rows: a title line (which
    page, the keys), then the page (see :func:`rules_paged`)."""
    paged = rules_paged(markdown, width, height - 2, ascii)
    page = min(page, len(paged) - 1)
    head = Text.assemble(
        ("Rules", "title"),
        f" · page {page + 1} of {len(paged)} · ",
        ("arrows or PgUp/PgDn: pages · k or Esc: back", "muted"),
    )
    head.no_wrap, head.overflow = True, "ellipsis"
    return Group(head, *paged[page])


def offer_keys(resumable: bool, instead: str, sep: str = "   ") -> str:
    """The RESUME screen's footer: y only when the saved game can be resumed here; else n
    (or Enter) does ``instead``, as the offer above it says."""
    if resumable:
        return sep.join(("y resume", f"n {instead}", "q quit"))
    return sep.join((f"n or Enter {instead}", "q quit"))


def offer_lines(offer: Offer) -> list[Text]:
    """The RESUME screen's question as lines of text, for a screen that shows it in a
    panel of lines (the tile game's, under its board)."""
    keys = (
        [("y or Enter", "resume it"), ("n", offer.instead)]
        if offer.resumable
        else [("n or Enter", offer.instead), ("q", "quit")]
    )
    lines = [Text(offer.headline + ":", style="title"), Text(f"  {offer.saved}: {offer.standing}.")]
    for key, does in keys:
        line = Text("  ")
        line.append(key, style="bold cyan")
        line.append(f": {does}")
        lines.append(line)
    lines.append(Text(f"  ({offer.keep})", style="muted"))
    return lines


# Blanks at the end of a line, among any style codes there: a table's padding.
_LINE_END_BLANKS = re.compile(r"(?:\x1b\[[0-9;]*m| )* (?:\x1b\[[0-9;]*m)*(?=\n)")
_OPEN_END = re.compile(r"(?:\x1b\[[0-9;]*m| )*\Z")
_STYLE_CODE = re.compile(r"\x1b\[[0-9;]*m")


def _codes_only(found: re.Match[str]) -> str:
    return "".join(_STYLE_CODE.findall(found.group()))


class TrimmedOutput(io.TextIOBase):
    """A command's standard output (or error) with no blanks at the end of a line: what
    rich pads a table's last column with. Style codes stay. The stream is the one standing
    when made: a progress bar's redirection of ``sys.stderr`` writes through this."""

    def __init__(self, stderr: bool = False) -> None:
        self.stream: IO[str] = sys.stderr if stderr else sys.stdout
        self._held = ""  # blanks ending a write: a line may end or go on after them

    def write(self, text: str) -> int:
        whole = self._held + text
        tail = _OPEN_END.search(whole)
        cut = tail.start() if tail is not None and " " in tail.group() else len(whole)
        whole, self._held = whole[:cut], whole[cut:]
        self.stream.write(_LINE_END_BLANKS.sub(_codes_only, whole))
        return len(text)

    def flush(self) -> None:
        held, self._held = self._held, ""
        self.stream.write(held)  # a write left open goes out as it was
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", None) or "utf-8"


class _CommandConsole(Console):
    """rich's console, but for a reader that left: rich ends the program with status 1
    there, unseen by the command line, which says a broken pipe one way for every command."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


def make_console(args: object, stderr: bool = False, emoji: bool = True) -> Console:
    """A console on the theme for a command's output, honouring --ascii and NO_COLOR; no
    line it writes ends in blanks.

    ``emoji=False`` for output that cannot hold an emoji code (``:name:``): looking for
    them loads rich's table of every emoji name."""
    ascii_only = bool(getattr(args, "ascii", False))
    return _CommandConsole(
        file=cast("IO[str]", TrimmedOutput(stderr)),  # a text stream, as rich writes it
        theme=THEME,
        emoji=emoji and not ascii_only,
        safe_box=True,
        highlight=False,
    )
