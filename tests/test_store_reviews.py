"""A finished game's review is kept beside it, signed, and read back only when it checks out."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from solitaire.core.review import POINTS, Decision, GameReview, SeatReview
from solitaire.store import History, StoreError, Summary
from solitaire.store.migration import tables
from solitaire.ui.kinds import KINDS, MATCH, PATIENCE

FIXTURES = Path(__file__).parent / "fixtures" / "store"


def review(lost: float = 1.25) -> dict[str, Any]:
    decision = Decision(0, 0, 1, "lead", "deal 1", "5H", "4C", lost, POINTS, "a 15 for them")
    return GameReview("match", (SeatReview(0, "you", 3, (decision,)),)).to_json()


def finished_match(history: History) -> int:
    from tests.record_samples import MAKERS

    record = json.dumps(MAKERS[MATCH]())
    summary = KINDS[MATCH].migrate(record, {})
    assert summary.finished
    return history.add(MATCH, record, summary)


def test_a_review_is_kept_and_read_back(tmp_path: Path) -> None:
    with History(tmp_path, kinds=KINDS) as history:
        game = finished_match(history)
        assert history.kept_review(game, MATCH) is None
        history.keep_review(game, MATCH, review())
        assert history.kept_review(game, MATCH) == review()
        history.keep_review(game, MATCH, review(2.0))  # graded again: replaced
        assert history.kept_review(game, MATCH) == review(2.0)
        assert history.kept_review(game, PATIENCE) is None  # another kind's id
    with History(tmp_path, readonly=True, kinds=KINDS) as history:
        [figures] = history.review_figures()
        assert (figures.id, figures.kind) == (game, MATCH)
        assert figures.seats[0]["lost"] == 2.0 and figures.seats[0]["decisions"] == 1
        assert figures.seats[0]["best"] == 0
        assert history.review_figures([PATIENCE]) == []


def test_only_a_finished_game_has_a_review(tmp_path: Path) -> None:
    with History(tmp_path, kinds=KINDS) as history:
        game = history.add(MATCH, "{}", Summary(1, False, {}))
        with pytest.raises(StoreError, match="no finished match"):
            history.keep_review(game, MATCH, review())


@pytest.mark.parametrize(
    "tamper",
    [
        "UPDATE reviews SET figures = replace(figures, '1.25', '0.25')",
        "UPDATE reviews SET body = replace(body, '1.25', '0.25')",
        "UPDATE reviews SET id = id + 1",
        "UPDATE reviews SET version = 2",
        "UPDATE reviews SET digest = 'x'",
    ],
)
def test_a_review_edited_by_hand_reads_as_none(tmp_path: Path, tamper: str) -> None:
    with History(tmp_path, kinds=KINDS) as history:
        game = finished_match(history)
        history.add(MATCH, *_again(history, game))
        history.keep_review(game, MATCH, review())
    with sqlite3.connect(tmp_path / "history.sqlite3") as conn:
        conn.execute(tamper)
    with History(tmp_path, readonly=True, kinds=KINDS) as history:
        ids = [game, game + 1]
        assert all(history.kept_review(i, MATCH) is None for i in ids)
        if "body" not in tamper:  # the figures are signed with the body's digest, not it
            assert history.review_figures() == []


def _again(history: History, game: int) -> tuple[str, Summary]:
    row, text = history.stored_record(game, MATCH)
    return text, Summary(row.seed, True, dict(row.summary))


def test_an_earlier_history_gains_the_table_when_played_and_reads_none_before(
    tmp_path: Path,
) -> None:
    data = tmp_path / "v3"
    shutil.copytree(FIXTURES / "v3", data)
    with sqlite3.connect(data / "history.sqlite3") as conn:
        assert "reviews" not in tables(conn)
    with History(data, readonly=True, kinds=KINDS) as history:
        assert history.review_figures() == [] and history.kept_review(1, MATCH) is None
    with History(data, kinds=KINDS) as history:
        assert history.skipped == {}
    with sqlite3.connect(data / "history.sqlite3") as conn:
        assert "reviews" in tables(conn)
