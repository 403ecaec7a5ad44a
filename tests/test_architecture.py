"""The package's shape: no import cycle inside it, and its layers import only downwards.

Imports are read from the source: every ``import`` and ``from`` of the package, at the
top of a module, inside a function or under ``if TYPE_CHECKING``, so a cycle or a breach
hidden behind a function-local or a type-only import counts too. ``from package import
name`` reads the package's ``__init__`` first, so it counts as an import of the package
as well as of the module ``name`` may be.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: Mapping[str, Path] = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def is_package(module: str) -> bool:
    return module in MODULES and MODULES[module].name == "__init__.py"


def imported(tree: ast.AST) -> Iterator[str]:
    """The package modules a module's code imports (names resolved to modules), type-only
    imports included: a type the checker must read from above is a dependency all the same."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if is_package(node.module):  # its __init__ runs first, whatever is taken from it
                yield node.module
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                yield full if full in MODULES else node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


@cache
def parsed(path: Path) -> ast.Module:
    """A module's source parsed, once a run (the trees are read, never changed)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def _graph() -> dict[str, frozenset[str]]:
    return {
        name: frozenset(m for m in imported(parsed(path)) if m in MODULES and m != name)
        for name, path in MODULES.items()
    }


def import_graph() -> dict[str, set[str]]:
    """Each module of the package: the modules of the package it imports (a fresh copy that
    a test may change)."""
    return {name: set(targets) for name, targets in _graph().items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_inside_the_package() -> None:
    assert cycles(import_graph()) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    """The check is not vacuous: a function-local import back makes a cycle it reports."""
    graph = import_graph()
    assert "solitaire.match.expert" in graph["solitaire.match.registry"]
    graph["solitaire.match.players"].add("solitaire.match.registry")  # a lazy import back
    # (the expert is not in it: it takes its values from match/decide, not from players)
    assert ["solitaire.match.players", "solitaire.match.registry"] in cycles(graph)
    lazy = ast.parse("def f():\n    from solitaire.match.registry import make_player\n")
    assert list(imported(lazy)) == ["solitaire.match.registry"]


def test_the_cycle_check_counts_type_only_imports() -> None:
    """A cycle closed by an import only the type checker reads is a cycle (what the tile
    game and its optional rules had, before the count's words moved beside the game)."""
    hidden = ast.parse("if TYPE_CHECKING:\n    from solitaire.match.registry import make_player\n")
    assert list(imported(hidden)) == ["solitaire.match.registry"]
    typed = ast.parse("if typing.TYPE_CHECKING:\n    from solitaire.tiles.game import TileGame\n")
    assert list(imported(typed)) == ["solitaire.tiles.game"]
    graph = import_graph()
    assert "solitaire.tiles.optional" in graph["solitaire.tiles.game"]
    graph["solitaire.tiles.optional"] |= set(imported(typed))
    assert ["solitaire.tiles.game", "solitaire.tiles.optional"] in cycles(graph)


def test_the_cycle_check_sees_a_module_import_its_own_package() -> None:
    """``from solitaire.store import migration`` inside the store runs the store's
    ``__init__``, which imports the history: a cycle (what the history did)."""
    own = ast.parse("from solitaire.store import migration\n")
    assert sorted(imported(own)) == ["solitaire.store", "solitaire.store.migration"]
    graph = import_graph()
    assert "solitaire.store.history" in graph["solitaire.store"]
    graph["solitaire.store.history"] |= set(imported(own))
    assert ["solitaire.store", "solitaire.store.history"] in cycles(graph)


ENGINES = ("solitaire.patience", "solitaire.match", "solitaire.tiles")
REGISTRY = "solitaire.games"  # every game, its parts named as strings: above the engines
LAYERS = ("solitaire.core", *ENGINES, REGISTRY, "solitaire.store", "solitaire.ui", "solitaire.cli")
TOP = (  # beside the layers, at the top: nothing below the skin imports them
    "solitaire",
    "solitaire.__main__",
    "solitaire.cluster",  # runs on a Dask cluster, for the command line
    "solitaire.errorlog",  # a bug's traceback, logged by the command line and the skin
    "solitaire.version",  # the installed version, for --version, the log and the cluster
)


def package_of(module: str) -> str:
    """The layer a module belongs to: ``solitaire.core``, an engine, ``solitaire.ui`` ..."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else module


def layer_breaches(graph: Mapping[str, set[str]]) -> list[str]:
    """Imports that go up or across: core imports nothing above it; an engine imports only
    core and itself (never the store, never the registry of games); the registry imports
    only core (it names the engines' parts as ``"module:name"`` strings, resolved when
    used, so importing it loads no engine); the store imports only core and itself (a
    game's storage code is handed to it from above); the skin never imports the command
    line.
    No module is exempt: what the top modules hold (the version, the error log) is used
    only from the command line, the skin and the cluster."""
    breaches = []
    for module, targets in graph.items():
        layer = package_of(module)
        for target in sorted(targets):
            other = package_of(target)
            if layer == "solitaire.core" and other != "solitaire.core":
                breaches.append(f"{module} -> {target}")
            if layer in ENGINES and other not in (layer, "solitaire.core"):
                breaches.append(f"{module} -> {target}")
            if layer == REGISTRY and other != "solitaire.core":
                breaches.append(f"{module} -> {target}")
            if layer == "solitaire.store" and other not in (layer, "solitaire.core"):
                breaches.append(f"{module} -> {target}")
            if layer == "solitaire.ui" and other == "solitaire.cli":
                breaches.append(f"{module} -> {target}")
    return breaches


def test_layers_import_only_downwards() -> None:
    assert layer_breaches(import_graph()) == []


def test_every_module_has_its_layer() -> None:
    """A module outside the layers is one of the few named top modules: there is no shared
    module every layer may use (the layer check reports core, an engine or the store
    importing one)."""
    assert {package_of(name) for name in MODULES} - set(LAYERS) == set(TOP)


def external_imports(tree: ast.AST) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module.split(".")[0]
        elif isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)


def test_only_the_skin_and_the_command_line_use_rich_and_prompt_toolkit() -> None:
    users = sorted(
        name
        for name, path in MODULES.items()
        if {"rich", "prompt_toolkit"} & set(external_imports(parsed(path)))
    )
    assert users, "the skin draws with them"
    strays = [name for name in users if package_of(name) not in ("solitaire.ui", "solitaire.cli")]
    assert strays == []


def test_the_layer_check_sees_a_breach() -> None:
    """What the match's players did before the discard values moved to core, and a core
    module reaching up, are both reported."""
    graph = import_graph()
    graph["solitaire.match.players"].add("solitaire.patience.advisor")
    graph["solitaire.core.scoring"].add("solitaire.store")
    graph["solitaire.store.history"].add("solitaire.patience.record")  # the old store's way
    graph["solitaire.tiles.summary"].add("solitaire.store.schema")  # an engine on the store
    graph["solitaire.store.paths"].add("solitaire.version")  # no top module is exempt
    graph["solitaire.ui.saved"].add("solitaire.cli.options")  # the skin on the command line
    graph["solitaire.games"].add("solitaire.tiles.record")  # the registry loading an engine
    graph["solitaire.core.untrusted"].add("solitaire.games")  # the kinds read from below
    graph["solitaire.match.record"].add("solitaire.games")  # an engine on the registry
    graph["solitaire.store.schema"].add("solitaire.games")  # the store knowing the games
    assert sorted(layer_breaches(graph)) == [
        "solitaire.core.scoring -> solitaire.store",
        "solitaire.core.untrusted -> solitaire.games",
        "solitaire.games -> solitaire.tiles.record",
        "solitaire.match.players -> solitaire.patience.advisor",
        "solitaire.match.record -> solitaire.games",
        "solitaire.store.history -> solitaire.patience.record",
        "solitaire.store.paths -> solitaire.version",
        "solitaire.store.schema -> solitaire.games",
        "solitaire.tiles.summary -> solitaire.store.schema",
        "solitaire.ui.saved -> solitaire.cli.options",
    ]


def test_the_layer_check_sees_a_type_only_breach() -> None:
    """An import under ``if TYPE_CHECKING`` is read like any other: the store naming a
    game's type, or the core an engine's, is reported."""
    graph = import_graph()
    store = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from solitaire.tiles.game import TileGame\n"
    )
    core = ast.parse("import typing\nif typing.TYPE_CHECKING:\n    import solitaire.match.game\n")
    graph["solitaire.store.schema"] |= {m for m in imported(store) if m in MODULES}
    graph["solitaire.core.engine"] |= {m for m in imported(core) if m in MODULES}
    assert sorted(layer_breaches(graph)) == [
        "solitaire.core.engine -> solitaire.match.game",
        "solitaire.store.schema -> solitaire.tiles.game",
    ]


DECISION_STAGES: tuple[tuple[str, ...], ...] = (
    # the observation (and where the data is)
    (
        "solitaire.match.game",
        "solitaire.match.pegging",
        "solitaire.match.decide.tables",
        "solitaire.match.risk",  # what the player sees a card leave the reply
    ),
    ("solitaire.match.decide.hidden",),  # the model of the hidden hands
    ("solitaire.match.decide.solver",),  # the play of two known hands
    ("solitaire.match.decide.blind",),  # the opponent's blind answer
    (  # the values' sources
        "solitaire.match.decide.discard",
        "solitaire.match.decide.endgame",
        "solitaire.match.decide.lead",
        "solitaire.match.decide.search",
    ),
    ("solitaire.match.decide.values",),  # the values, their source chosen once
    ("solitaire.match.discard_coach",),  # the discards' values in the coach's parts
    ("solitaire.match.expert", "solitaire.match.coach"),  # the choices
    ("solitaire.match.card_why",),  # the coach's words on the card just laid
)
"""A computer's decision, lowest stage first (docs/ARCHITECTURE.md, solitaire/match/decide)."""


def stage_breaches(graph: Mapping[str, set[str]]) -> list[str]:
    """Imports against the decision's one direction: a stage's module may import, of the
    match, only modules of the stages below its own (the observation's, only each other)."""
    rank = {module: level for level, modules in enumerate(DECISION_STAGES) for module in modules}
    breaches = []
    for module, level in rank.items():
        for target in sorted(graph[module]):
            if package_of(target) != "solitaire.match":
                continue
            # a module outside the stages is not below a stage; the observation (stage 0)
            # may use the match's plain modules, but no stage above it
            above = rank.get(target, 0) if level == 0 else rank.get(target, level)
            if above >= level and (level or above):
                breaches.append(f"{module} -> {target}")
    return breaches


def test_a_decision_runs_one_way_through_its_stages() -> None:
    graph = import_graph()
    staged = {module for modules in DECISION_STAGES for module in modules}
    decide = {name for name in MODULES if name.startswith("solitaire.match.decide.")}
    assert decide - staged == set(), "every module of the decision has its stage"
    assert stage_breaches(graph) == []


def test_the_stage_check_sees_a_call_back_up() -> None:
    """Each way of breaking the direction is reported: the model calling a value (what the
    hidden hands did through the search), one source calling another (the search reading
    the lead table), a value calling back up to a choice, and a stage reaching a module
    outside the stages (the expert taking standard's values from its players)."""
    graph = {module: set(targets) for module, targets in import_graph().items()}
    graph["solitaire.match.decide.hidden"].add("solitaire.match.decide.search")
    graph["solitaire.match.decide.search"].add("solitaire.match.decide.lead")
    graph["solitaire.match.decide.endgame"].add("solitaire.match.expert")
    graph["solitaire.match.expert"].add("solitaire.match.players")
    graph["solitaire.match.game"].add("solitaire.match.decide.hidden")
    assert sorted(stage_breaches(graph)) == [
        "solitaire.match.decide.endgame -> solitaire.match.expert",
        "solitaire.match.decide.hidden -> solitaire.match.decide.search",
        "solitaire.match.decide.search -> solitaire.match.decide.lead",
        "solitaire.match.expert -> solitaire.match.players",
        "solitaire.match.game -> solitaire.match.decide.hidden",
    ]


def test_the_store_is_a_package_that_knows_no_game() -> None:
    graph = import_graph()
    store = [name for name in graph if package_of(name) == "solitaire.store"]
    assert "solitaire.store.history" in store and "solitaire.store.migration" in store
    reached = {package_of(t) for name in store for t in graph[name]}
    assert reached <= {"solitaire.store", "solitaire.core"}


UI = PACKAGE / "ui"
LONGEST_CLASS = 450  # lines: a class longer than this is made of parts (docs/ARCHITECTURE.md)


def class_lengths(tree: ast.AST) -> Iterator[tuple[str, int]]:
    """Every class of a module, nested ones too, with its length in lines (its decorators
    and docstring included)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            assert node.end_lineno is not None
            yield node.name, node.end_lineno - first + 1


def long_classes(root: Path, most: int = LONGEST_CLASS) -> list[str]:
    """The classes under ``root`` longer than ``most`` lines, as ``module.Class (lines)``."""
    return sorted(
        f"{module_name(path)}.{name} ({lines})"
        for path in root.rglob("*.py")
        for name, lines in class_lengths(parsed(path))
        if lines > most
    )


def test_no_class_of_the_skin_is_over_450_lines() -> None:
    """A session or screen grown past this is split into owned parts with explicit
    interfaces (the match's session: the events told, the coach, the view-model)."""
    assert long_classes(UI) == []


def test_the_length_check_measures_a_class_whole() -> None:
    body = "\n".join(f"    x{n} = {n}" for n in range(LONGEST_CLASS - 2))
    source = f"@decorated\nclass Outer:\n    '''A docstring.'''\n{body}\n"
    assert dict(class_lengths(ast.parse(source))) == {"Outer": LONGEST_CLASS + 1}
    nested = "class A:\n    class B:\n        x = 1\n\n    y = 2\n"
    assert dict(class_lengths(ast.parse(nested))) == {"A": 5, "B": 2}


def is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING`` (any module's name for it)."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def type_only_stubs(tree: ast.AST) -> Iterator[str]:
    """What a module declares for the type checker alone: a ``TYPE_CHECKING`` block inside
    a class (stubs of attributes, properties or methods another class defines, as a mixin
    declares its host's), or one at the top holding anything but imports. Named by the
    class (or ``<module>``) and the line."""

    def blocks(body: list[ast.stmt]) -> Iterator[ast.If]:
        for node in body:
            if isinstance(node, ast.If):
                if is_type_checking(node.test):
                    yield node
                else:
                    yield from blocks(node.body + node.orelse)

    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            yield from (f"{node.name}:{block.lineno}" for block in blocks(node.body))
        elif isinstance(node, ast.Module):
            for block in blocks(node.body):
                if any(not isinstance(s, ast.Import | ast.ImportFrom) for s in block.body):
                    yield f"<module>:{block.lineno}"


def stubbed(root: Path) -> dict[str, list[str]]:
    """The modules under ``root`` with type-only stubs, and where."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        stubs = list(type_only_stubs(parsed(path)))
        if stubs:
            found[module_name(path)] = stubs
    return found


def test_no_class_of_the_skin_redeclares_another_for_the_type_checker() -> None:
    """A part is handed what it needs through its interface: no class re-declares another's
    attributes or methods under ``TYPE_CHECKING`` (and such a block at the top of a module
    holds imports only)."""
    assert stubbed(UI) == {}


def test_the_stub_check_sees_a_mixin_declare_its_host() -> None:
    mixin = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from solitaire.ui.tiles.session import TileSession\n"
        "class Keys:\n"
        "    def lay(self) -> None: ...\n"
        "    if TYPE_CHECKING:\n"
        "        @property\n"
        "        def stage(self) -> int: ...\n"
        "class Calls:\n"
        "    if sys.version_info >= (3, 12):\n"
        "        if typing.TYPE_CHECKING:\n"
        "            game: object\n"
    )
    assert list(type_only_stubs(mixin)) == ["Keys:6", "Calls:11"]
    top = ast.parse("if TYPE_CHECKING:\n    import x\n    def f() -> int: ...\n")
    assert list(type_only_stubs(top)) == ["<module>:1"]
