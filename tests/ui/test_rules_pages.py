"""Every game's rules page: the rules in pages that hold every line once, in order, none
starting or ending blank, nor ending on a section's heading."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import pytest

from solitaire.games import registered_games
from solitaire.match.rules import rules_text as match_rules
from solitaire.patience.rules import rules_text as patience_rules
from solitaire.tiles.rules import rules_text as tile_rules
from solitaire.ui.match.screen import rules_pages as match_pages
from solitaire.ui.patience.screen import rules_pages as patience_pages
from solitaire.ui.tiles.screen import rules_pages as tile_pages
from solitaire.ui.views import rules_lines, rules_paged

GAMES: dict[str, tuple[Callable[[], str], Callable[[int, int, bool], int], int]] = {
    # the rules, the game's page count at a terminal size, the rows its screen keeps apart
    "patience": (patience_rules, patience_pages, 1),  # the title
    "tiles": (tile_rules, tile_pages, 2),  # the title and the footer
    "match": (match_rules, match_pages, 2),  # the title and a message line (the drill's too)
}
SHOWS: Final = {"drill": "match"}  # the drill shows the match's rules (ui/drill/app.py)
RULES: Final = sorted({SHOWS.get(e.kind, e.kind) for e in registered_games()})  # each in GAMES


@pytest.mark.parametrize("ascii", [False, True])
@pytest.mark.parametrize("game", RULES)
def test_the_rules_pages_hold_every_line_once_and_end_on_text(game: str, ascii: bool) -> None:
    rules_text, game_pages, kept = GAMES[game]
    headings = {
        line.lstrip("#").strip().replace("**", "")
        for line in rules_text().splitlines()
        if line.startswith("#")
    }
    for width, height in ((80, 24), (80, 10), (100, 30), (120, 40), (133, 45), (60, 7)):
        pages = rules_paged(rules_text(), width, height - kept, ascii)
        assert game_pages(width, height, ascii) == len(pages)
        lines = [
            line.plain for line in rules_lines(rules_text(), width, ascii) if line.plain.strip()
        ]
        assert [line.plain for page in pages for line in page if line.plain.strip()] == lines
        for page in pages:
            assert 1 <= len(page) <= height - kept, (width, height)
            assert page[0].plain.strip() and page[-1].plain.strip(), (width, height)
            assert page[-1].plain.strip().lstrip("#").strip() not in headings, (width, height)


def _starts_block(lines: list[str], index: int) -> bool:
    """Whether row ``index`` of the rules starts a paragraph, a list item or a table row of
    plain text: the row before it is blank, or it opens an item."""
    text = lines[index].strip()
    if index == 0 or not lines[index - 1].strip():
        return True
    return text.startswith(("• ", "- ", "| ")) or text.split(" ")[0].rstrip(".)").isdigit()


@pytest.mark.parametrize("ascii", [False, True])
@pytest.mark.parametrize("game", RULES)
def test_a_page_ends_only_where_a_paragraph_or_item_ends(game: str, ascii: bool) -> None:
    """No page breaks a sentence or a list item: the row after a page's last row starts a
    block, unless that block alone is longer than a page."""
    rules_text, _, kept = GAMES[game]
    breaks = 0
    for width, height in ((80, 24), (80, 16), (90, 20), (100, 30), (120, 40), (133, 45), (60, 12)):
        rows = height - kept
        lines = [line.plain for line in rules_lines(rules_text(), width, ascii)]
        pages = rules_paged(rules_text(), width, rows, ascii)
        at = 0  # the row of the rules each page's rows are read from
        for page in pages[:-1]:
            for line in page:
                while lines[at] != line.plain:
                    assert not lines[at].strip()  # only blank rows are left out
                    at += 1
                at += 1
            after = next(i for i in range(at, len(lines)) if lines[i].strip())
            if _starts_block(lines, after):
                continue
            start = max(i for i in range(after + 1) if _starts_block(lines, i))
            end = next(
                (i for i in range(after + 1, len(lines)) if _starts_block(lines, i)), len(lines)
            )
            block = [line for line in lines[start:end] if line.strip()]
            assert len(block) > rows, (width, height, lines[after])
            breaks += 1
        assert len(pages) > 1
    assert breaks <= 4  # a block longer than a page is rare at these sizes
