"""The engine never loads the UI libraries."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from solitaire.games import GameEntry, registered_games
from tests import dummy_game


def engine_packages(games: Iterable[GameEntry]) -> list[str]:
    """The card core and every registered game's engine package."""
    return list(dict.fromkeys(["solitaire.core", *(entry.package for entry in games)]))


ENGINE_PACKAGES = engine_packages(registered_games())


def engine_modules(games: Iterable[GameEntry] | None = None) -> list[str]:
    """Every module of the card core and of each registered game's engine, found by walking
    the packages so a new engine module is covered the day it is written; and every
    registered game's session."""
    games = registered_games() if games is None else tuple(games)
    names = ["solitaire"]
    for package in engine_packages(games):
        module = importlib.import_module(package)
        names.append(package)
        if hasattr(module, "__path__"):  # a package, not a module alone
            names += [info.name for info in pkgutil.walk_packages(module.__path__, package + ".")]
    # App state, storage and the coach's process only call the engines: no UI library either.
    sessions = [entry.session.partition(":")[0] for entry in games]
    return [
        *names,
        *sessions,
        "solitaire.ui.saved",
        "solitaire.ui.match.coaching",
        *(f"solitaire.store.{name}" for name in ("history", "locks", "migration", "paths")),
        "solitaire.ui.kinds",
        "solitaire.games",
    ]


ENGINE = engine_modules()
ROOT = Path(__file__).resolve().parent.parent


def ui_libraries_loaded(modules: Iterable[str]) -> list[str]:
    """The modules of rich and prompt_toolkit loaded by importing ``modules`` in a fresh
    interpreter."""
    code = (
        "import sys\n"
        + "".join(f"import {name}\n" for name in modules)
        + "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'prompt_toolkit'))\n"
        + "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return [name for name in result.stdout.strip().split(",") if name]


def test_engine_imports_neither_rich_nor_prompt_toolkit() -> None:
    assert ui_libraries_loaded(ENGINE) == []


def test_a_game_registered_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game added to the registry has its engine and its session imported by the check."""
    from solitaire import games

    assert "tests.dummy_game" not in engine_modules()
    monkeypatch.setitem(games._GAMES, dummy_game.KIND, dummy_game.ENTRY)
    assert "tests.dummy_game" in engine_packages(registered_games())
    modules = engine_modules()
    assert "tests.dummy_game" in modules
    assert ui_libraries_loaded(modules) == []
    assert ui_libraries_loaded([*modules, "solitaire.ui.views"]) != []  # the check sees them
