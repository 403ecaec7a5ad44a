"""The rules pages a game's session keeps (k): whether they cover the game, and which page.
No UI library is imported here."""

from __future__ import annotations

__all__ = ["RulesPages"]


class RulesPages:
    """A session's rules page: k shows the rules from their first page, or goes back."""

    show_rules: bool = False  # the rules cover the game
    rules_page: int = 0  # the page shown, from 0
    show_help: bool
    message: str

    def toggle_rules(self) -> None:
        """k: the rules, from their first page (over the help too), or back to the game."""
        self.show_rules = not self.show_rules
        self.rules_page = 0
        self.show_help = False

    def close_rules(self) -> None:
        """Esc: back to the game."""
        self.show_rules = False

    def turn_rules_page(self, step: int, pages: int) -> None:
        """The next or previous page of ``pages``."""
        if self.show_rules:
            self.rules_page = max(0, min(pages - 1, self.rules_page + step))
