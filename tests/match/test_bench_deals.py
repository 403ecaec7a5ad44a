"""Duplicate deals: the same cards twice with the seats swapped, so equal choices net 0."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.scripts_loaded import load_script


def _bench() -> ModuleType:
    return load_script("bench_deals")


def test_a_player_against_itself_nets_nothing() -> None:
    bench = _bench()
    for seed in range(6):
        assert bench.play_pair(("standard", "standard", seed)) == bench.Pair(0, 0)


def test_swapping_the_players_turns_the_net_round() -> None:
    bench = _bench()
    for seed in range(4):
        ab = bench.play_pair(("standard", "easy", seed))
        ba = bench.play_pair(("easy", "standard", seed))
        assert (ab.pegged, ab.shown) == (-ba.pegged, -ba.shown)


def test_the_nets_add_up_to_what_the_deals_scored() -> None:
    bench = _bench()
    pair = bench.play_pair(("expert", "standard", 3))
    again = bench.play_pair(("standard", "expert", 3))
    assert pair == bench.Pair(-again.pegged, -again.shown)
    assert pair != bench.Pair(0, 0)  # these two choose differently on this deal


def test_the_open_expert_is_the_expert_before_the_honest_model() -> None:
    bench = _bench()
    assert bench.play_pair(("expert-open", "expert-open", 2)) == bench.Pair(0, 0)
    seat = bench._seat("expert-open", None)
    assert seat.name == "expert" and seat.model == "open"


def test_out_keeps_every_pair_and_a_second_run_plays_only_whats_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = _bench()
    out = tmp_path / "pairs.jsonl"
    args = ["bench_deals.py", "--a", "standard", "--b", "easy", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", [*args, "--deals", "3"])
    bench.main()
    first = out.read_text().splitlines()
    assert [json.loads(line)["seed"] for line in first] == [0, 1, 2]
    monkeypatch.setattr(sys, "argv", [*args, "--deals", "5"])
    bench.main()
    assert "(3 read from --out)" in capsys.readouterr().out
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["seed"] for row in rows] == [0, 1, 2, 3, 4]
    for row in rows:
        pair = bench.play_pair(("standard", "easy", row["seed"]))
        assert (row["pegged"], row["shown"]) == (pair.pegged, pair.shown)
