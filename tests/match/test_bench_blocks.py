"""A saved arena block (solitaire.match.arena.read_block) gives back the arena's results
exactly, and a block that is not the one asked for is refused in one line."""

from __future__ import annotations

import json

import pytest

from solitaire.core.errors import InputError
from solitaire.match.arena import arena, read_block


@pytest.mark.parametrize("seed", [0, 11])
def test_a_saved_block_reads_back_as_the_arena_counted_it(seed: int) -> None:
    result = arena("expert", "easy", 2, seed=seed)
    saved = json.loads(json.dumps(result.to_dict()))
    assert read_block(saved, "expert", "easy", seed, 2) == (result.stats(0), result.stats(1))


def test_a_block_of_another_opponent_or_seed_is_refused() -> None:
    saved = json.loads(json.dumps(arena("expert", "easy", 2, seed=3).to_dict()))
    with pytest.raises(InputError, match="seats 'easy'"):
        read_block(saved, "expert", "standard", 3, 2)
    with pytest.raises(InputError, match="seats 'expert'"):
        read_block(saved, "standard", "easy", 3, 2)
    with pytest.raises(InputError, match="seed 4 has seed 3"):
        read_block(saved, "expert", "easy", 4, 2)
    with pytest.raises(InputError, match="has games 2"):
        read_block(saved, "expert", "easy", 3, 4)
    saved["a"]["wins"] = "2"
    with pytest.raises(InputError, match="whole number"):
        read_block(saved, "expert", "easy", 3, 2)


@pytest.mark.parametrize("mangle", ["list", "no side", "no per_deal", "bad mean"])
def test_a_block_that_is_no_arena_summary_is_refused(mangle: str) -> None:
    """Whatever else a saved file holds, it is one line naming the block, never a
    traceback: the benchmark reads files a stopped run may have left."""
    saved = json.loads(json.dumps(arena("expert", "easy", 2, seed=3).to_dict()))
    if mangle == "list":
        saved = [saved]
    elif mangle == "no side":
        del saved["b"]
    elif mangle == "no per_deal":
        del saved["a"]["per_deal"]
    else:
        saved["a"]["per_deal"]["dealer"]["pegged"] = "lots"
    with pytest.raises(InputError, match="the block of seed 3 is not an arena's summary"):
        read_block(saved, "expert", "easy", 3, 2)
