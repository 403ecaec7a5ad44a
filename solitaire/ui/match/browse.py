"""The match's deal list on screen: every deal you have seen to its end, one opened card by
card, a page at a time. A plain object the keys call into; no UI library is imported here.

The list opens on the latest deal. Up and Down move along it (Page Up and Page Down a page),
Enter opens the deal under the cursor; in an open deal Up and Down scroll a line, Page Up,
Page Down and Space a page, Left and Right open the deal before or after; Esc goes back, to
the list and then to the game. How many rows a page holds is the screen's to say
(:attr:`DealBrowser.page`, set when it draws).
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire.match.game import Match
from solitaire.match.review import DealReview, review_deal

__all__ = ["DealBrowser"]


class DealBrowser:
    """The deals listed (as game and deal numbers, in order) and the one open, if any."""

    def __init__(self, match: Match, deals: Sequence[tuple[int, int]], you: int) -> None:
        self.match = match
        self.deals = list(deals)
        self.you = you
        self.cursor = max(0, len(self.deals) - 1)  # the latest deal (the caller lists one)
        self.opened: int | None = None  # index of the deal open, None: the list
        self.offset = 0  # the first line shown: of the list, or of the open deal
        self.page = 10  # rows a page holds: the screen sets it when it draws
        self.lines = 0  # the open deal's lines at the last draw (to stop scrolling at its end)
        self._reviews: dict[tuple[int, int], DealReview] = {}

    def review(self, index: int) -> DealReview:
        """Deal ``index`` of the list, told (your discard with the coach's verdict)."""
        key = self.deals[index]
        if key not in self._reviews:
            self._reviews[key] = review_deal(self.match, *key, coached=(self.you,), viewer=self.you)
        return self._reviews[key]

    def reviews(self) -> list[DealReview]:
        """Every deal listed, told."""
        return [self.review(index) for index in range(len(self.deals))]

    @property
    def open(self) -> DealReview | None:
        """The deal open, or None while the list shows."""
        return None if self.opened is None else self.review(self.opened)

    def list_window(self) -> tuple[int, int]:
        """The rows of the list on screen: from, to (the cursor always among them)."""
        page = max(1, self.page)
        if self.cursor < self.offset:
            self.offset = self.cursor
        elif self.cursor >= self.offset + page:
            self.offset = self.cursor - page + 1
        self.offset = max(0, min(self.offset, max(0, len(self.deals) - page)))
        return self.offset, min(len(self.deals), self.offset + page)

    def move(self, step: int) -> None:
        """Up (-1) or Down (+1): the cursor along the list, or the open deal a line."""
        if self.opened is None:
            self.cursor = max(0, min(len(self.deals) - 1, self.cursor + step))
        else:
            self._scroll(step)

    def page_by(self, pages: int) -> None:
        """Page Up (-1) or Page Down (+1)."""
        step = max(1, self.page - 1) * pages
        if self.opened is None:
            self.cursor = max(0, min(len(self.deals) - 1, self.cursor + step))
        else:
            self._scroll(step)

    def _scroll(self, step: int) -> None:
        last = max(0, self.lines - self.page)
        self.offset = max(0, min(last, self.offset + step))

    def enter(self) -> None:
        """Open the deal under the cursor (in an open deal: the next page)."""
        if self.opened is None:
            self.opened, self.offset = self.cursor, 0
        else:
            self.page_by(1)

    def turn(self, step: int) -> None:
        """Left (-1) or Right (+1): open the deal before or after (in the list: move)."""
        target = self.cursor + step
        if not 0 <= target < len(self.deals):
            return
        self.cursor = target
        if self.opened is not None:
            self.opened, self.offset = target, 0

    def back(self) -> bool:
        """Esc: from a deal to the list; True when the list itself is to close."""
        if self.opened is not None:
            self.opened, self.offset = None, 0
            return False
        return True
