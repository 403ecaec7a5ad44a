"""Duplicate deals: the same cards twice with the seats swapped, so equal choices net 0."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_deals.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_deals", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclass looks its module up there)
    spec.loader.exec_module(module)
    return module


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
