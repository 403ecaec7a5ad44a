"""``cribsol score``: one hand, crib or final hand scored and said the way players say it.

Its own module so that scoring a hand loads the card core and rich, nothing more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solitaire.core.cards import parse_cards
from solitaire.core.errors import InputError
from solitaire.core.scoring import score_hand
from solitaire.core.words import plural
from solitaire.ui.views import ScoreView, kind_totals_table, make_console

if TYPE_CHECKING:
    import argparse

__all__ = ["cmd_score"]


def cmd_score(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    if len(cards) not in (4, 5):
        raise InputError(
            f"expected 4 hand cards and a starter (or 4 cards alone for a final hand), "
            f"got {plural(len(cards), 'card')}"
        )
    if args.crib and len(cards) == 4:
        raise InputError("a crib needs a starter: give 4 crib cards then the starter")
    starter = cards[4] if len(cards) == 5 else None
    score = score_hand(cards[:4], starter, crib=args.crib)
    if args.json:
        import json

        print(json.dumps(score.to_dict()))
        return 0
    # No emoji codes: the cards and the spoken count are Text, the rest fixed words and numbers.
    console = make_console(args, emoji=False)
    title = "Crib" if args.crib else ("Hand" if starter is not None else "Final hand")
    console.print(ScoreView(score, title=title, ascii=args.ascii))
    console.print(kind_totals_table([score]))
    return 0
