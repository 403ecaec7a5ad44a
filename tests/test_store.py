"""History round-trip, statistics, damaged files set aside, never overwritten."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from solitaire.patience.coach import review_game
from solitaire.patience.game import Game
from solitaire.patience.record import replay
from solitaire.patience.strategy import best_strategy, play_out
from solitaire.store import History, SavedGame, StoreError, resolve_data_dir


def finished(seed: int) -> Game:
    return play_out(Game.from_seed(seed), best_strategy)


def test_history_round_trip(tmp_path: Path) -> None:
    game = finished(3)
    with History(tmp_path) as history:
        game_id = history.add(game, review_game(game))
        again = replay(history.record(game_id))
        assert again.rounds == game.rounds and again.total == game.total
        row = history.games()[0]
        assert row.id == game_id and row.finished and row.efficiency == 1.0
    with History(tmp_path) as reopened:
        assert reopened.games()[0].total == game.total
        with pytest.raises(StoreError, match="no game 99"):
            reopened.record(99)


def test_stats_match_a_direct_computation(tmp_path: Path) -> None:
    games = [finished(seed) for seed in range(12)]
    with History(tmp_path) as history:
        for game in games:
            history.add(game, review_game(game))
        unfinished = Game.from_seed(99)
        unfinished.discard(unfinished.shown[:2])
        history.add(unfinished, None)
        stats = history.stats(recent=5)
    totals = [g.total for g in games]
    assert stats is not None
    assert stats.games == 12
    assert stats.mean == pytest.approx(statistics.mean(totals))
    assert stats.best == max(totals)
    assert stats.past_skunk == pytest.approx(sum(t > 90 for t in totals) / 12)
    assert stats.reached_great == pytest.approx(sum(t >= 121 for t in totals) / 12)
    assert stats.recent == tuple(totals[-5:])
    assert stats.recent_mean == pytest.approx(statistics.mean(totals[-5:]))
    assert stats.earlier_mean == pytest.approx(statistics.mean(totals[-10:-5]))
    assert stats.mean_efficiency == pytest.approx(1.0)


def test_no_games_no_stats(tmp_path: Path) -> None:
    with History(tmp_path) as history:
        assert history.stats() is None and history.games() == []


def test_a_damaged_database_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"this is not a database, but it is somebody's data" * 100)
    original = path.read_bytes()
    with History(tmp_path) as history:
        assert history.notice is not None and "damaged" in history.notice
        kept = list(tmp_path.glob("history.sqlite3.damaged-*"))
        assert len(kept) == 1 and kept[0].read_bytes() == original
        assert str(kept[0]) in history.notice
        game = finished(1)
        history.add(game, review_game(game))
        assert len(history.games()) == 1


def test_a_damaged_saved_game_is_set_aside(tmp_path: Path) -> None:
    saved = SavedGame(tmp_path)
    saved.path.write_text('{"version": 1, "deck": "nonsense"}')
    assert saved.load() is None
    assert saved.notice is not None and "set aside" in saved.notice
    assert len(list(tmp_path.glob("current.json.damaged-*"))) == 1


def test_saved_game_round_trip(tmp_path: Path) -> None:
    saved = SavedGame(tmp_path)
    game = Game.from_seed(5)
    game.discard(game.shown[:2])
    game.hints.add(2)
    saved.save(game, daily="2026-11-29")
    loaded = saved.load()
    assert loaded is not None
    assert loaded[0].rounds == game.rounds and loaded[0].hints == {2}
    assert loaded[1] == "2026-11-29"
    assert not list(tmp_path.glob(".current.json.*"))  # no temporary files left
    saved.clear()
    assert saved.load() is None


def test_data_dir_that_cannot_be_used(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot use data directory"):
        resolve_data_dir(str(blocker / "sub"))


def test_environment_variable_chooses_the_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIBSOL_DATA_DIR", str(tmp_path / "here"))
    assert resolve_data_dir(None) == tmp_path / "here"
    assert (tmp_path / "here").is_dir()


def test_a_locked_database_is_an_error_not_damage(tmp_path: Path) -> None:
    import sqlite3

    with History(tmp_path):
        pass
    blocker = sqlite3.connect(tmp_path / "history.sqlite3", timeout=0)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="cannot open the history"):
            History(tmp_path, timeout=0.05)
        assert not list(tmp_path.glob("*.damaged-*"))
    finally:
        blocker.rollback()
        blocker.close()
