"""The engine never loads the UI libraries."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

# Every module of the card core and of each game's engine, found by walking the
# packages so a new engine module is covered the day it is written.
ENGINE_PACKAGES = ("solitaire.core", "solitaire.patience", "solitaire.match", "solitaire.tiles")


def engine_modules() -> list[str]:
    names = ["solitaire"]
    for package in ENGINE_PACKAGES:
        try:
            module = importlib.import_module(package)
        except ModuleNotFoundError:
            continue
        names.append(package)
        names += [info.name for info in pkgutil.walk_packages(module.__path__, package + ".")]
    # App state, storage and the coach's process only call the engines: no UI library either.
    sessions = [f"solitaire.ui.{game}.session" for game in ("patience", "match", "drill", "tiles")]
    return [
        *names,
        *sessions,
        "solitaire.ui.saved",
        "solitaire.ui.match.coaching",
        *(f"solitaire.store.{name}" for name in ("history", "locks", "migration", "paths")),
        "solitaire.ui.kinds",
    ]


ENGINE = engine_modules()


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
