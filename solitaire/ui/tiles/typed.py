"""A tile move typed at the keyboard, read (``H7 across 5 5 J``) and written back."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solitaire.core.untrusted import safe_text
from solitaire.tiles.board import Placement, parse_square
from solitaire.tiles.hint_words import typed_form
from solitaire.tiles.moves import Action, Play, check_count, parse_action
from solitaire.tiles.tiles import Tile, TileError, parse_rank

__all__ = ["parse_typed", "typed_form"]


def _rank(token: str) -> int:
    rank = parse_rank(token)
    if rank is None:
        raise TileError(
            f"invalid rank '{safe_text(token, 20)}': expected A or 1, 2-10 or T, J, Q or K"
        )
    return rank


def parse_typed(
    text: str, board_size: int, rack: Sequence[Tile], filled: Callable[[int], bool]
) -> Action:
    """A typed move: ``H7 across 5 5 J`` (ranks or tiles like 5D; ``6/9`` lays a 6 as a 9),
    ``H7:7D H8:8D``, ``pass`` or ``exchange 7D 8L``."""
    words = text.split()
    if len(words) < 2 or words[1].lower() not in ("across", "down", "a", "d"):
        return parse_action(text, board_size)
    check_count(len(words) - 2)
    square = parse_square(words[0], board_size)
    step = 1 if words[1].lower() in ("across", "a") else board_size
    left = list(rack)
    placements: list[Placement] = []
    for token in words[2:]:
        shown, _, turned = token.partition("/")
        if shown[-1:].upper() in ("L", "D") and len(shown) > 1:
            tile = Tile.parse(shown)  # one not on the rack is the engine's to refuse
        else:
            rank = _rank(shown)
            matches = [t for t in left if t.rank == rank]
            if not matches:
                raise TileError(f"no {shown.upper()} on your rack")
            tile = matches[0]
        if tile in left:
            left.remove(tile)
        face = _rank(turned) if turned else tile.rank
        while 0 <= square < board_size * board_size and filled(square):
            square += step
        if not 0 <= square < board_size * board_size or (
            step == 1 and placements and square // board_size != placements[-1][0] // board_size
        ):
            raise TileError("the move runs off the board")
        placements.append((square, tile, face))
        square += step
    return Play(placements, board_size)
