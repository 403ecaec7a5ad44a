"""The tile session is built from parts it owns, not from mixins: read from the source of
solitaire/ui/tiles with ast, no class there inherits from another class of the package,
none declares attributes under ``if TYPE_CHECKING:``, none is over 450 lines, and the
package's modules import each other one way only. A move that cannot be saved puts every
part back."""

from __future__ import annotations

import ast
import collections.abc
import sqlite3
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

import solitaire.ui.tiles
from solitaire.store import History
from solitaire.tiles.game import TileGame
from solitaire.tiles.record import game_record
from solitaire.ui.tiles.forward import Forward
from solitaire.ui.tiles.session import Stage, TileSession
from tests.ui.helpers import said_once

PACKAGE: Final = Path(solitaire.ui.tiles.__file__).parent
MOST_LINES: Final = 450  # the longest a class of the UI may be
# Bases that make no class a mixin of the session: the lifecycle every session shares,
# and the typing and library bases.
ALLOWED_BASES: Final = {"Sitting", "Generic", "Protocol", "StrEnum", "Enum", "object"}


def _classes(folder: Path) -> Iterator[tuple[str, ast.ClassDef]]:
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                yield path.stem, node


def _base_name(base: ast.expr) -> str:
    """``Sitting`` of ``Sitting[Loaded, TileGame]``, ``Protocol`` of ``typing.Protocol``."""
    if isinstance(base, ast.Subscript):
        base = base.value
    if isinstance(base, ast.Attribute):
        return base.attr
    return base.id if isinstance(base, ast.Name) else ast.dump(base)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def mixins(folder: Path) -> list[str]:
    """The classes of ``folder`` built on a class of the package (a part mixed in), or on
    anything but the allowed bases."""
    ours = {node.name for _, node in _classes(folder)}
    return [
        f"{module}.{node.name}({name})"
        for module, node in _classes(folder)
        for name in map(_base_name, node.bases)
        if name in ours or name not in ALLOWED_BASES
    ]


def stubs(folder: Path) -> list[str]:
    """The classes of ``folder`` that declare anything under ``if TYPE_CHECKING:``."""
    return [
        f"{module}.{node.name} line {inner.lineno}"
        for module, node in _classes(folder)
        for inner in ast.walk(node)
        if isinstance(inner, ast.If) and _type_checking(inner)
    ]


def long_classes(folder: Path) -> list[str]:
    """The classes of ``folder`` over :data:`MOST_LINES` lines."""
    return [
        f"{module}.{node.name}: {lines} lines"
        for module, node in _classes(folder)
        if (lines := (node.end_lineno or node.lineno) - node.lineno + 1) > MOST_LINES
    ]


def imports(folder: Path) -> dict[str, set[str]]:
    """Each module of ``folder`` and the modules of the package it imports (type-only
    imports too)."""
    package = "solitaire.ui.tiles."
    graph: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        found = graph.setdefault(path.stem, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package):
                found.add((node.module or "")[len(package) :].split(".")[0])
            elif isinstance(node, ast.Import):
                found.update(
                    alias.name[len(package) :].split(".")[0]
                    for alias in node.names
                    if alias.name.startswith(package)
                )
    return graph


def cycles(folder: Path) -> list[list[str]]:
    """The import cycles among the modules of ``folder``."""
    graph = imports(folder)
    found: list[list[str]] = []

    def visit(module: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(module, ())):
            if nxt in path:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt > path[0]:  # each cycle found once, from its least module
                visit(nxt, [*path, nxt])

    for module in sorted(graph):
        visit(module, [module])
    return found


def test_no_class_is_a_mixin_of_the_session() -> None:
    assert mixins(PACKAGE) == []
    session = next(node for _, node in _classes(PACKAGE) if node.name == "TileSession")
    assert [_base_name(base) for base in session.bases] == ["Sitting"]


def test_no_class_declares_attributes_under_type_checking() -> None:
    assert stubs(PACKAGE) == []


def test_no_class_is_over_450_lines() -> None:
    assert long_classes(PACKAGE) == []


def test_the_parts_and_the_session_import_one_way() -> None:
    assert cycles(PACKAGE) == []
    parts = {"table", "draft", "advice", "calls", "panels", "keys", "stage", "typed"}
    graph = imports(PACKAGE)
    assert parts <= graph.keys()
    for part in parts:
        assert "session" not in graph[part], part


def test_the_checks_find_what_they_look_for(tmp_path: Path) -> None:
    """Each check finds a mixin, a stub, a long class and a cycle where there is one."""
    (tmp_path / "session.py").write_text(
        "from solitaire.ui.tiles.keys import Keys\n"
        "class TileSession(Keys, Sitting[int, int]):\n    pass\n"
    )
    (tmp_path / "keys.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from solitaire.ui.tiles.session import TileSession\n"
        "class Keys:\n    if TYPE_CHECKING:\n        game: int\n" + "    x = 1\n" * MOST_LINES
    )
    assert mixins(tmp_path) == ["session.TileSession(Keys)"]
    assert stubs(tmp_path) == ["keys.Keys line 5"]
    assert long_classes(tmp_path) == [f"keys.Keys: {MOST_LINES + 3} lines"]
    assert cycles(tmp_path) == [["keys", "session", "keys"]]


def _fits(value: object, declared: object) -> bool:
    """Whether ``value`` is of the type ``declared`` (its outer type: ``list`` of
    ``list[Placement]``; anything callable for a ``Callable``)."""
    origin = typing.get_origin(declared) or declared
    if origin in (types.UnionType, typing.Union):
        return any(_fits(value, arm) for arm in typing.get_args(declared))
    if origin is collections.abc.Callable:
        return callable(value)
    return isinstance(value, type(None) if declared is None else origin)  # type: ignore[arg-type]


def test_every_forwarded_name_is_its_parts(history: History) -> None:
    """Each name the session forwards is one its part has, of the type the session
    declares: reading it reads the part, setting it sets the part."""
    session = TileSession(history, ["Ann", "Bob"], lambda: TileGame(1), explicit=True)
    forwards = {
        name: value for name, value in vars(TileSession).items() if isinstance(value, Forward)
    }
    declared = typing.get_type_hints(TileSession)
    assert len(forwards) > 40
    for name, forward in forwards.items():
        part = getattr(session, forward.part)
        assert part is not session and name not in vars(session), name
        assert hasattr(part, name), name
        (kind,) = typing.get_args(declared[name])
        assert _fits(getattr(part, name), kind), (name, kind)
        if not callable(getattr(part, name)):
            assert getattr(session, name) == getattr(part, name), name
    session.cursor = 3
    assert session.draft.cursor == 3 and "cursor" not in vars(session)


def stage(session: TileSession) -> Stage:
    """The stage now (read afresh, as the type checker would keep the last one seen)."""
    return session.stage


def test_a_call_that_cannot_be_saved_puts_every_part_back(
    history: History, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three people at one keyboard: while Ann types a count, j asks who calls; the call
    cannot be saved, so the game, the count typed, the question and the tiles laid all
    stand as before it, and the same key makes the call once it can be saved."""
    names = ["Ann", "Bob", "Cy"]
    seed = next(s for s in range(100) if TileGame(s, 3, joker=True).current_player == 0)
    session = TileSession(history, names, lambda: TileGame(seed, 3, joker=True), explicit=True)
    session.enter()  # Ann takes the keyboard
    play = session.game.legal_plays()[0].play
    session.laid = list(play.placements)
    session.enter()
    session.digit(1)
    session.call_joker()
    assert session.stage is Stage.CALL
    before = game_record(session.game, names)
    state = (session.laid, session.counting, session.count, session.cursor)

    def fail(*args: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(history, "_write", fail)
    session.digit(2)  # Bob calls
    assert said_once(session.message, "Not played: ")
    assert game_record(session.game, names) == before and not session.game.early
    assert session.stage is Stage.CALL
    assert (session.laid, session.counting, session.count, session.cursor) == state
    assert session.draft.table is session.table and session.calls.table is session.table
    monkeypatch.undo()
    session.digit(2)
    assert stage(session) is Stage.COUNT and len(session.game.early) == 1
    assert session.message.startswith("Bob called Joker before Ann recorded a count")
