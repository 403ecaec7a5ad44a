"""The coaches' answers worked out once per position and shared, for tests that play the
same seeded games again and again: the match coach's card advice (asked in play, then
again by the review grading every card laid, in game after game of one deal) and the
tile planner's ranking of the plays (the hints, asked again on the same turn, and a
practice position dealt again from the same fresh seed).

Each is a function of what it is given alone: :func:`~solitaire.match.coach.advise_play`
of the player's view (a frozen :class:`~solitaire.match.observation.Observation`) and
``searched_lead``; the built-in planner's ranking of the view, as
:func:`tests.shared_grading.share_planner` shares it. Their answers are frozen, and each
caller gets a list of its own, so nothing one test does to one reaches another.
"""

from __future__ import annotations

from typing import Final

import pytest

import solitaire.match.coach as coach_module
import solitaire.ui.match.coaching as coaching_module
from solitaire.match.coach import CardAdvice
from solitaire.match.observation import Observation
from tests.shared_grading import share_planner

__all__ = ["share_advice", "share_rankings"]

# answers kept at most (then all dropped, and found again)
_ADVICE_HELD: Final = 10_000

_advise_play: Final = coach_module.advise_play
_ADVICE: dict[tuple[Observation, bool], tuple[CardAdvice, ...]] = {}


def _shared_advise_play(view: Observation, *, searched_lead: bool = False) -> list[CardAdvice]:
    """:func:`~solitaire.match.coach.advise_play`, its answer kept by position."""
    key = (view, searched_lead)
    found = _ADVICE.get(key)
    if found is None:
        found = tuple(_advise_play(view, searched_lead=searched_lead))
        if len(_ADVICE) >= _ADVICE_HELD:
            _ADVICE.clear()
        _ADVICE[key] = found
    return list(found)


def share_advice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give the coach (in play) and the match's grader (which imports it as it grades)
    the shared advice, for the test that ``monkeypatch`` belongs to."""
    monkeypatch.setattr(coach_module, "advise_play", _shared_advise_play)
    monkeypatch.setattr(coaching_module, "advise_play", _shared_advise_play)


def share_rankings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give the built-in planner the shared choices and rankings of
    :mod:`tests.shared_grading`, for the test that ``monkeypatch`` belongs to."""
    share_planner(monkeypatch)
