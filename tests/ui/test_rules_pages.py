"""Every game's rules page: the rules in pages that hold every line once, in order, none
starting or ending blank, nor ending on a section's heading."""

from __future__ import annotations

from collections.abc import Callable

import pytest

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


@pytest.mark.parametrize("ascii", [False, True])
@pytest.mark.parametrize("game", sorted(GAMES))
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
