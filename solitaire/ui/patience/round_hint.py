"""The patience's hint for the six on screen: the advisor's table and, with a target, every
discard's chance of reaching it. No UI library is imported here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solitaire.core.cards import Card
from solitaire.patience.advisor import DiscardOption, advise_position, position_of
from solitaire.patience.game import Game

if TYPE_CHECKING:
    from solitaire.patience.target import TargetChance

__all__ = ["RoundHint"]


class RoundHint:
    """The hint of one round, worked out when first read and kept until :meth:`forget`.

    ``target`` (``--target N``): the hint also weighs each discard's chance of N; numpy is
    loaded only then.
    """

    def __init__(self, target: int | None) -> None:
        self.target = target
        self._advice: tuple[DiscardOption, ...] | None = None
        self._chances: tuple[TargetChance, ...] | None = None

    def forget(self) -> None:
        """Another six are on screen (or another game): worked out afresh when next read."""
        self._advice = None
        self._chances = None

    def advice(self, game: Game) -> tuple[DiscardOption, ...]:
        """The advisor's table for the six of ``game`` on screen."""
        if self._advice is None:
            self._advice = advise_position(position_of(game))
        return self._advice

    def chances(self, game: Game) -> tuple[TargetChance, ...] | None:
        """With a target: every discard's chance of finishing at it."""
        if self.target is None:
            return None
        if self._chances is None:
            from solitaire.patience.target import target_chances  # numpy: only with a target

            self._chances = target_chances(game, self.target)
        return self._chances

    def work_out(self, game: Game) -> None:
        """With a target, work out the hint for the six of ``game`` now: before a discard
        changes the game, for :meth:`note` on it."""
        if self.chances(game) is not None:
            self.advice(game)

    def note(
        self, game: Game, discard: tuple[Card, Card] | None = None, total: int | None = None
    ) -> str | None:
        """With a target: the coach's word when playing for it and for points disagree; on
        a ``discard`` made at ``total`` points, with the hint worked out before it."""
        chances = self.chances(game)
        if chances is None:
            return None
        from solitaire.patience.target import target_disagreement

        total = game.total if total is None else total
        return target_disagreement(self.advice(game), chances, self.target or 0, total, discard)
