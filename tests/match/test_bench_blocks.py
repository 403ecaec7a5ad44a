"""The expert benchmark's saved blocks give back the arena's results exactly."""

from __future__ import annotations

import json
from types import ModuleType

import pytest

from solitaire.match.arena import arena
from tests.scripts_loaded import load_script


def _bench() -> ModuleType:
    return load_script("bench_expert")


@pytest.mark.parametrize("seed", [0, 11])
def test_a_saved_block_reads_back_as_the_arena_counted_it(seed: int) -> None:
    result = arena("expert", "easy", 2, seed=seed)
    saved = json.loads(json.dumps(result.to_dict()))
    assert _bench().block_stats(saved, "easy", seed, 2) == (result.stats(0), result.stats(1))


def test_a_block_of_another_opponent_or_seed_is_refused() -> None:
    saved = json.loads(json.dumps(arena("expert", "easy", 2, seed=3).to_dict()))
    bench = _bench()
    with pytest.raises(SystemExit, match="seats 'easy'"):
        bench.block_stats(saved, "standard", 3, 2)
    with pytest.raises(SystemExit, match="seed 4 has seed 3"):
        bench.block_stats(saved, "easy", 4, 2)
    saved["a"]["wins"] = "2"
    with pytest.raises(SystemExit, match="whole number"):
        bench.block_stats(saved, "easy", 3, 2)
