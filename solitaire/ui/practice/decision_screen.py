"""The screen of practice from your games, drawn with rich from a :class:`PositionSession`;
fits 80x24.

A header, where the position comes from, the position as it stood (the match's scores,
who dealt, the starter and the count; the patience's round), your cards numbered, then,
once answered, solved or not with what it gave up, the best, and the coach's why on
``w``; the practice's figures and the keys.
"""

from __future__ import annotations

from typing import Any, Final

from rich.console import Group, RenderableType
from rich.text import Text

from solitaire.core.review import Decision
from solitaire.core.schedule import schedule_words, wait_words
from solitaire.core.words import plural
from solitaire.games import PATIENCE, TILES, game
from solitaire.ui.match.screen import help_table
from solitaire.ui.practice.decisions import PositionSession, Stage
from solitaire.ui.practice.figures import figures_line
from solitaire.ui.practice.positions import PEGGING
from solitaire.ui.review.views import cost_text as review_cost
from solitaire.ui.views import Paragraph, card_text, cards_text

__all__ = ["KEYS", "NUMBERS", "PositionScreen", "cost_text"]

KEYS: Final = (
    ("1-6", "choose a card (or a tile play) by its number, or drop it"),
    ("Enter", "answer with the cards chosen; once answered, the next position"),
    ("?", "show the best without answering (kept as missed); after: the why"),
    ("w", "once answered: the coach's why, or hide it"),
    ("h or F1", "this help"),
    ("q Ctrl-C Ctrl-D", "quit; every answer is already kept"),
)
NUMBERS: Final = (
    ("solved", "answers graded best, of all answered (every sitting), this kind"),
    ("run", "answers solved in a row now, and the longest run"),
    ("due", "positions missed, or met long enough ago, dealt before new ones"),
    ("again", schedule_words("position", "solve", "solving it")),
    ("given up", "what your answer cost against the best, as the review grades it"),
)
_KIND_NAMES: Final = {"discard": "discards", "pegging": "pegging", "tiles": "tile plays"}


def cost_text(decision: Decision) -> str:
    """What a decision gave up, as the review prints it, in its scale's unit."""
    unit = "of the chance of winning" if decision.scale.unit == "chance" else "points"
    return f"{review_cost(decision)} {unit}"


class PositionScreen:
    """The whole screen for the session's current stage."""

    def __init__(self, session: PositionSession, rows: int = 24, columns: int = 80) -> None:
        self.session = session
        self.rows = rows
        self.columns = columns

    def header(self) -> Text:
        """One line: the kind practised and this sitting's tally."""
        session = self.session
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"Practice: {_KIND_NAMES.get(session.item.kind, session.item.kind)}", "title")
        if session.asked_here:
            text.append(f"  {session.solved_here} of {session.asked_here} solved this sitting")
        return text

    def origin(self) -> Text:
        """Where the position comes from."""
        puzzle = self.session.puzzle
        source = puzzle.source
        text = Text(style="muted")
        if "fresh" in source:
            dealt = {PATIENCE: "patience", TILES: "tile game"}.get(source["fresh"], "match")
            text.append(f"A fresh {dealt} position (seed {source['seed']})")
            if puzzle.game == TILES:
                text.append(f", turn {puzzle.point.turn}, played by greedy to it")
            if self.session.fresh_note:
                text.append(f": {self.session.fresh_note}")
            return text
        point = puzzle.point
        if puzzle.game == TILES:
            where = f"turn {point.turn}"
        else:
            where = f"round {point.round}" if puzzle.game == PATIENCE else point.where
        noun = game(puzzle.game).noun
        text.append(f"From your {noun} {source['game']}, {where}: you lost points here")
        return text

    def position(self) -> list[Text]:
        """The position as it stood: scores, who dealt, the starter and the count."""
        puzzle = self.session.puzzle
        ascii = self.session.ascii
        point: Any = puzzle.point
        if puzzle.game == PATIENCE:
            line = Text(f"Round {point.round} of 6")
            starter = point.position.starter
            if starter is not None:
                line.append(" · the starter is known: ")
                line.append_text(card_text(starter, ascii))
            line.append(f" · {len(point.position.unseen)} cards unseen")
            return [line, Text("Discard two to the crib: you own it too.", style="muted")]
        view = point.view
        role = "dealer: the crib is yours" if view.is_dealer else "pone: the crib is theirs"
        you, them = view.scores[view.player], view.scores[1 - view.player]
        lines = [Text(f"You are {role} · you {you}, opponent {them} (to 121)")]
        if puzzle.kind == PEGGING:
            line = Text("Starter ")
            if view.starter is not None:
                line.append_text(card_text(view.starter, ascii))
            line.append(f" · count {view.count}")
            if view.series:
                line.append(": ")
                line.append_text(cards_text(view.series, ascii))
            lines.append(line)
            said = ", said go" if view.opponent_said_go else ""
            lines.append(Text(f"Opponent holds {plural(view.opponent_held, 'card')}{said}"))
        return lines

    def hand(self) -> Text:
        """Your cards numbered, the chosen ones bracketed."""
        session = self.session
        text = Text("Your cards: ", style="title")
        playable = session.puzzle.playable()
        for number, card in enumerate(session.puzzle.cards, 1):
            chosen = card in session.chosen
            text.append(f"{number} ", style="keys")
            text.append("[" if chosen else " ")
            shown = card_text(card, session.ascii, selected=chosen)
            if card not in playable:
                shown.stylize("muted")
            text.append_text(shown)
            text.append("]  " if chosen else "   ")
        return text

    def tile_position(self) -> RenderableType:
        """A tile position: the board beside the scores, your rack and the plays listed."""

        from solitaire.tiles.hint_words import typed_form
        from solitaire.tiles.moves import check_play
        from solitaire.tiles.tiles import format_tiles

        session = self.session
        view = session.puzzle.point.view
        others = ", ".join(
            str(score) for seat, score in enumerate(view.scores) if seat != view.player
        )
        side = Text(f"You {view.scores[view.player]}, the others {others}\n")
        side.append(f"Bag {view.bag_size} · your rack: ")
        side.append(format_tiles(view.rack), style="bold")
        decision = session.decision
        if decision is not None and session.shown_why:
            if not session.revealed:
                side.append(f"\nYours: {decision.chosen}\n")
            side.append(f"\nThe best: {decision.best}\n")
            if not session.revealed:
                side.append(f"\n{decision.why}")
            return self._beside(view, side)
        side.append("\n\nThe plays (the points they score now):\n")
        best = self.best_play()
        for number, play in enumerate(session.puzzle.candidates, 1):
            chosen = session.play == number
            score = check_play(view.board, view.rack, play).total
            side.append(f"{number} ", style="keys")
            side.append(f"{'[' if chosen else ' '}{typed_form(play)}{']' if chosen else ''}")
            side.append(f"  {score}", style="muted")
            side.append("  best\n" if number == best else "\n", style="best")
        return self._beside(view, side)

    def _beside(self, view: Any, side: Text) -> RenderableType:
        from rich.table import Table

        from solitaire.ui.tiles.views import board_text

        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(board_text(view.board, self.session.ascii), side)
        return grid

    def best_play(self) -> int | None:
        """Once answered, the number of the play the grader names best (None before)."""
        from solitaire.tiles.hint_words import typed_form

        decision = self.session.decision
        if decision is None:
            return None
        for number, play in enumerate(self.session.puzzle.candidates, 1):
            if decision.best.startswith(f"{typed_form(play)}:"):
                return number
        return None

    def tile_verdict(self) -> Text:
        """A tile answer in one or two lines: by the plays' numbers."""
        session = self.session
        decision = session.decision
        assert decision is not None
        best = self.best_play()
        named = f"play {best}" if best is not None else decision.best
        again = f" It comes back in {wait_words(session.item.box.box)}."
        if session.revealed:
            line = Text.assemble(("Shown: ", "warn"), f"the best is {named}, kept as missed.")
        elif session.solved:
            line = Text.assemble(("Solved: ", "best"), f"play {session.play} is the best.")
        else:
            line = Text.assemble(
                (f"Not the best ({decision.grade.value}): ", "warn"),
                f"play {session.play} gives up {cost_text(decision)}; the best is {named}.",
            )
        line.append(again)
        if not session.shown_why:
            line.append(" w: the why.", style="muted")
        return line

    def prompt(self) -> Text:
        """What to choose, and the cards that do not fit the count."""
        puzzle = self.session.puzzle
        if puzzle.candidates:
            return Text(f"Choose a play (1-{len(puzzle.candidates)}), then Enter.")
        count = len(puzzle.cards)
        if puzzle.picks == 2:
            return Text(f"Choose two cards to discard (1-{count}), then Enter.")
        text = Text(f"Choose the card to lay (1-{count}), then Enter.")
        unfit = [card for card in puzzle.cards if card not in puzzle.playable()]
        if unfit:
            text.append(" Over 31: ", style="muted")
            text.append_text(cards_text(unfit, self.session.ascii))
            text.append(".", style="muted")
        return text

    def verdict(self) -> RenderableType:
        """Solved or not, what it gave up, the best, when it comes back, and the why."""
        session = self.session
        decision = session.decision
        assert decision is not None
        again = f"It comes back in {wait_words(session.item.box.box)}."
        if session.revealed:
            line = Text.assemble(
                ("Shown: ", "warn"), f"the best is {decision.best}, kept as missed."
            )
        elif session.solved:
            line = Text.assemble(("Solved: ", "best"), f"{decision.chosen} is the best.")
        else:
            line = Text.assemble(
                (f"Not the best ({decision.grade.value}): ", "warn"),
                f"{decision.chosen} gives up {cost_text(decision)}. The best: {decision.best}.",
            )
        parts: list[RenderableType] = [Paragraph(line), Text(again)]
        if session.shown_why and not session.revealed:
            parts += [Text(""), Paragraph(Text(decision.why))]
        elif not session.revealed:
            parts.append(Text("w shows the coach's why.", style="muted"))
        return Group(*parts)

    def figures(self) -> Text:
        """The kind's figures: solved of answered, the run, due and kept."""
        return figures_line(self.session.figures(), "solved", "position")

    def footer(self) -> Text:
        """The keys that fit the stage."""
        if self.session.puzzle.candidates and self.session.stage is Stage.ASK:
            keys = f"1-{len(self.session.puzzle.candidates)} choose a play · Enter answer"
            keys += " · ? show the best · h help · q quit"
        elif self.session.stage is Stage.ASK:
            keys = "1-6 choose · Enter answer · ? show the best · h help · q quit"
        else:
            keys = "Enter next · w the why · h help · q quit"
        return Text(keys, style="keys")

    def __rich__(self) -> RenderableType:
        session = self.session
        message = [Text(session.message, style="warn")] if session.message else []
        if session.show_help:
            title = Text("Practice: keys and figures (h or F1 back)", style="title")
            return Group(title, help_table(KEYS, NUMBERS), *message)
        parts: list[RenderableType] = [self.header(), Paragraph(self.origin())]
        if session.puzzle.candidates:  # the board is tall: no blank lines
            parts.append(self.tile_position())
            if session.stage is Stage.ASK:
                parts.append(self.prompt())
            else:
                parts.append(Paragraph(self.tile_verdict()))
            parts += [Paragraph(self.figures()), *message, self.footer()]
            return Group(*parts)
        parts += [Text(""), *self.position(), Text(""), self.hand(), Text("")]
        if session.stage is Stage.ASK:
            parts.append(self.prompt())
        else:
            parts.append(self.verdict())
        parts += [Text(""), Paragraph(self.figures()), *message, self.footer()]
        return Group(*parts)
