"""What covers or opens beside the tile game's board: help, the rules, and the whole
explanation below the board, each with its pages. A part
:class:`~solitaire.ui.tiles.session.TileSession` owns; it needs nothing of the game."""

from __future__ import annotations

__all__ = ["Panels"]


class Panels:
    """Help (h), the rules (k) and the whole explanation (Tab), and their pages."""

    def __init__(self) -> None:
        self.show_help = False
        """Help (h) covers the game."""
        self.help_page = 0
        """The help page shown on a small terminal: 0 the keys, 1 the board's marks."""
        self.show_rules = False
        """The rules page (k) covers the game."""
        self.rules_page = 0
        """The rules page shown (from 0)."""
        self.whole: int | None = None
        """The page of the whole explanation shown (None: closed)."""

    @property
    def covered(self) -> bool:
        """Help or the rules cover the game: its keys do nothing."""
        return self.show_help or self.show_rules

    def toggle_help(self) -> None:
        """h: the keys and the board's marks, or back to the game."""
        self.show_help = not self.show_help
        self.show_rules = False
        self.help_page = 0

    def turn_help_page(self, step: int) -> None:
        """The help's other page (the keys, the marks) on a small terminal."""
        if self.show_help:
            self.help_page = max(0, min(1, self.help_page + step))

    def toggle_rules(self) -> None:
        """k: the rules, from their first page, or back to the game."""
        self.show_rules = not self.show_rules
        self.show_help = False
        self.rules_page = 0

    def turn_rules_page(self, step: int, pages: int) -> None:
        """The rules' next or previous page (of ``pages``)."""
        if self.show_rules:
            self.rules_page = max(0, min(pages - 1, self.rules_page + step))

    def toggle_whole(self) -> None:
        """Tab: open the whole explanation below the board (from its first page), or close it."""
        self.whole = 0 if self.whole is None else None

    def turn_whole_page(self, step: int, pages: int) -> None:
        """The whole explanation's next or previous page (of ``pages``)."""
        if self.whole is not None:
            self.whole = max(0, min(pages - 1, self.whole + step))
