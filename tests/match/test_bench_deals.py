"""Duplicate deals: the same cards twice with the seats swapped, so equal choices net 0."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.core.errors import InputError
from solitaire.match.duplicate import (
    OPEN,
    Pair,
    duplicate_players,
    duplicate_seat,
    pair_line,
    play_pair,
    read_pairs,
)
from solitaire.match.expert import ExpertPlayer

ROOT = Path(__file__).resolve().parents[2]


def test_a_player_against_itself_nets_nothing() -> None:
    for seed in range(6):
        assert play_pair(("standard", "standard", seed)) == Pair(0, 0)


def test_swapping_the_players_turns_the_net_round() -> None:
    for seed in range(4):
        ab = play_pair(("standard", "easy", seed))
        ba = play_pair(("easy", "standard", seed))
        assert (ab.pegged, ab.shown) == (-ba.pegged, -ba.shown)


def test_the_nets_add_up_to_what_the_deals_scored() -> None:
    pair = play_pair(("expert", "standard", 3))
    again = play_pair(("standard", "expert", 3))
    assert pair == Pair(-again.pegged, -again.shown)
    assert pair != Pair(0, 0)  # these two choose differently on this deal


def test_the_open_expert_is_the_expert_before_the_honest_model() -> None:
    assert OPEN in duplicate_players()
    assert play_pair((OPEN, OPEN, 2)) == Pair(0, 0)
    seat = duplicate_seat(OPEN, random.Random(0))
    assert isinstance(seat, ExpertPlayer)
    assert seat.name == "expert" and seat.model == "open"


def test_kept_pairs_read_back_only_for_their_players_and_seeds() -> None:
    lines = [
        pair_line("standard", "easy", 0, Pair(1, -2)),
        pair_line("easy", "standard", 1, Pair(3, 4)),  # the other way round
        "",
        pair_line("standard", "easy", 5, Pair(0, 0)),  # beyond the seeds asked for
        pair_line("standard", "easy", 1, Pair(-1, 2)),
    ]
    assert read_pairs(lines, "standard", "easy", range(0, 5)) == {0: Pair(1, -2), 1: Pair(-1, 2)}
    for bad in (
        "{",
        "[]",
        '{"a": "standard"}',
        pair_line("a", "b", 0, Pair(0, 0))[:-1] + ', "shown": "1"}',
    ):
        with pytest.raises(InputError, match="line 2 is not a pair"):
            read_pairs([lines[0], bad], "standard", "easy", range(5))


def test_out_keeps_every_pair_and_a_second_run_plays_only_whats_missing(
    tmp_path: Path,
) -> None:
    """The benchmark run twice from the project's root, as its docstring says."""
    out = tmp_path / "pairs.jsonl"
    script = ["scripts/bench/bench_deals.py", "--a", "standard", "--b", "easy", "--out", str(out)]

    def run(deals: int) -> str:
        done = subprocess.run(
            [sys.executable, *script, "--deals", str(deals)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    run(3)
    first = out.read_text().splitlines()
    assert [json.loads(line)["seed"] for line in first] == [0, 1, 2]
    assert "(3 read from --out)" in run(5)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["seed"] for row in rows] == [0, 1, 2, 3, 4]
    for row in rows:
        pair = play_pair(("standard", "easy", row["seed"]))
        assert (row["pegged"], row["shown"]) == (pair.pegged, pair.shown)
