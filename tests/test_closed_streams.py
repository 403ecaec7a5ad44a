"""Every full-screen game started with standard input or output closed (``<&-``, ``>&-``):
one line naming what it needs and exit 2, never a traceback or the internal-error 70."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.games import registered_games

GAMES = [[], *([entry.command] for entry in registered_games())]


@pytest.mark.parametrize("closed", [0, 1, 2], ids=["stdin", "stdout", "no stdin object"])
@pytest.mark.parametrize("words", GAMES, ids=lambda words: " ".join(words) or "(no command)")
def test_a_game_with_a_closed_stream_says_it_needs_a_terminal(
    words: list[str], closed: int, tmp_path: Path
) -> None:
    # As Python starts with a descriptor closed: the stream's descriptor is gone, or
    # (standard input closed before the start) sys.stdin is None.
    close = "sys.stdin = None" if closed == 2 else f"os.close({closed})"
    keep = [fd for fd in (0, 1, 2) if fd != closed]
    script = (
        f"import os, sys; {close}; from solitaire.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    env = {**os.environ, "CRIBSOL_DATA_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", script, *words],
        stdin=subprocess.DEVNULL if 0 in keep else None,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "needs a terminal" in lines[0], result.stderr
    assert "Traceback" not in result.stderr
