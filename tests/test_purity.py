"""The engine never loads the UI libraries."""

from __future__ import annotations

import subprocess
import sys

ENGINE = [
    "solitaire",
    "solitaire.engine.cards",
    "solitaire.engine.scoring",
    "solitaire.engine.distribution",
    "solitaire.engine.game",
    "solitaire.engine.record",
    "solitaire.engine.dealcode",
    "solitaire.engine.advisor",
    "solitaire.engine.coach",
    "solitaire.engine.strategy",
    # App state and storage only call the engine: no UI library either.
    "solitaire.session",
    "solitaire.store",
]


def test_engine_imports_neither_rich_nor_prompt_toolkit() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {name}\n" for name in ENGINE)
        + "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'prompt_toolkit'))\n"
        + "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
