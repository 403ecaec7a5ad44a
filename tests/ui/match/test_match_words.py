"""One word for each thing the match's player reads: "series" is a set of games, never the
cards laid in the play since the count was 0 (which have no name of their own on screen)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.match.drill import Drill
from solitaire.match.game import Match
from solitaire.store import History
from solitaire.ui.drill.screen import DrillScreen
from solitaire.ui.drill.session import DrillSession
from solitaire.ui.kinds import KINDS
from solitaire.ui.match.coaching import Coach
from solitaire.ui.match.screen import MatchScreen
from solitaire.ui.match.session import MatchSession
from tests.ui.helpers import render

# No test here looks at the review: it is graded when shown (tests/ui/graded.py).
pytestmark = pytest.mark.usefixtures("review_when_shown")

ROOT = Path(__file__).resolve().parents[3]
DOCS = ["README.md", "docs/MATCH.md", "docs/RULES-MATCH.md"]


def sentences(text: str) -> list[str]:
    flat = re.sub(r"\s+", " ", text)
    return [s for s in re.split(r"(?<=[.;:!?])\s|\|", flat) if re.search(r"\bseries\b", s, re.I)]


def test_every_series_the_docs_and_the_help_name_is_of_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    texts = [(ROOT / name).read_text(encoding="utf-8") for name in DOCS]
    for command in ("match", "replay", "arena", "drill"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        texts.append(capsys.readouterr().out)
    said = [s for text in texts for s in sentences(text)]
    assert said  # the word is used, for games
    for sentence in said:
        assert re.search(r"\bgames?\b|--games|skunk|\bmatch\b", sentence), sentence


def test_a_one_game_match_and_a_drill_never_say_series(tmp_path: Path) -> None:
    """Every screen of a whole one-game match, the coach open at each of your cards, and a
    drill: there is no series of games here, so "series" may not appear."""
    with History(tmp_path, kinds=KINDS) as history:
        session = MatchSession(history, "standard", lambda: Match(11), coach=Coach())
        seen = []
        while session.stage.value != "match over":
            seen.append(render(MatchScreen(session)))
            if session.discarding:
                session.toggle(0)
                session.toggle(1)
                session.confirm()
            elif session.your_turn:
                session.toggle_coach()
                seen.append(render(MatchScreen(session)))
                session.toggle_coach()
                session.lay(next(i for i, c in enumerate(session.hand) if session.playable(c)))
            else:
                session.enter()
        seen.append(render(MatchScreen(session)))
        session.show_help = True
        seen.append(render(MatchScreen(session)))
        session.close()
        drill = DrillSession(history, lambda: Drill(3, 2, "standard"), coach=Coach())
        for _ in range(40):
            seen.append(render(DrillScreen(drill)))
            if drill.stage.value == "play" and drill.hand:
                drill.lay(next(i for i, c in enumerate(drill.hand) if drill.playable(c)))
            else:
                drill.enter()
        drill.close()
    text = "\n".join(seen)
    assert "Count " in text and "the count starts from 0" in text
    assert not re.search(r"\bseries\b", text, re.I)
