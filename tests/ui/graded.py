"""Reviews shared by the match and drill UI tests: a finished game's record graded once per
test process, and a session's review graded when shown rather than as the game ends.

Grading a match takes seconds, and many UI tests play the same seeded matches to the end
(each filing and grading the same record). The grader is a function of the record alone
and its review is immutable (frozen dataclasses and tuples), so one is kept per record
text and given to every test that files that record.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from types import ModuleType

import pytest

from solitaire.core.review import GameReview
from solitaire.ui.drill import session as drill_session
from solitaire.ui.match import session as match_session
from solitaire.ui.review import job
from solitaire.ui.review.steps import Reviewing

__all__ = ["graded_once", "review_when_shown", "reviewed_when_shown"]

_GRADED: dict[tuple[str, str], GameReview] = {}  # (kind, record text): its review
_grade = job.grade_record


def _grade_once(kind: str, text: str, progress_path: str | None = None) -> GameReview:
    """:func:`~solitaire.ui.review.job.grade_record`, each record graded once (with a
    progress file, as a worker grades, the grader itself)."""
    if progress_path is not None:
        return _grade(kind, text, progress_path)
    review = _GRADED.get((kind, text))
    if review is None:
        review = _GRADED[kind, text] = _grade(kind, text)
    return review


@pytest.fixture
def graded_once(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A record filed by a session is graded once per test process (the same review)."""
    monkeypatch.setattr(job, "grade_record", _grade_once)
    yield


def reviewed_when_shown(monkeypatch: pytest.MonkeyPatch, *modules: ModuleType) -> None:
    """The sessions of these modules grade a finished game's review when it is first shown
    (as the tile game's do), not as it ends: for tests whose promise is not the review."""
    for module in modules:
        assert vars(module)["Reviewing"] is Reviewing
        monkeypatch.setattr(module, "Reviewing", partial(Reviewing, when_shown=True))


@pytest.fixture
def review_when_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """A match's or a drill's review graded when ``?`` shows it, not as it ends (for tests
    whose promise is not the review)."""
    reviewed_when_shown(monkeypatch, match_session, drill_session)
