"""The drill UI tests' fixtures: each record filed is graded once per test process, and a
module whose tests never look at the review has it graded only when shown."""

from __future__ import annotations

import pytest

from tests.ui.graded import graded_once, review_when_shown

__all__ = ["graded_once", "review_when_shown"]


@pytest.fixture(autouse=True)
def _graded_once(graded_once: None) -> None:
    """Every drill filed here is graded once (the same review for the same record)."""
