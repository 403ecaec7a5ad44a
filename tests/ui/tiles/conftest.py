"""The tile tests replay seeded games whose positions they ask the move generator again and
again: its answers are shared (``shared_moves`` in tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _shared_moves(shared_moves_unless_own: None) -> None:
    """Every tile test shares the generator's answers, but those marked ``own_moves``."""
