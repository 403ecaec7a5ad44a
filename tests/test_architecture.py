"""The package's shape: no import cycle inside it.

Imports are read from the source (every ``import`` and ``from`` of the package, at the
top of a module or inside a function, but not those under ``if TYPE_CHECKING``), so a
cycle hidden behind a function-local import counts too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: Mapping[str, Path] = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported(tree: ast.AST) -> Iterator[str]:
    """The package modules a module's code imports (names resolved to modules)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _type_checking(node.test):
            node.body = []  # what only the type checker reads makes no cycle
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                yield full if full in MODULES else node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def import_graph() -> dict[str, set[str]]:
    graph = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = {m for m in imported(tree) if m in MODULES and m != name}
    return graph


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
    assert [
        "solitaire.match.expert",
        "solitaire.match.players",
        "solitaire.match.registry",
    ] in cycles(graph)
    lazy = ast.parse("def f():\n    from solitaire.match.registry import make_player\n")
    assert list(imported(lazy)) == ["solitaire.match.registry"]
    hidden = ast.parse("if TYPE_CHECKING:\n    from solitaire.match.registry import make_player\n")
    assert list(imported(hidden)) == []


ENGINES = ("solitaire.patience", "solitaire.match", "solitaire.tiles")
SHARED = ("solitaire.names", "solitaire.version")  # small modules every layer may use


def package_of(module: str) -> str:
    """The layer a module belongs to: ``solitaire.core``, an engine, ``solitaire.ui`` ..."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else module


def layer_breaches(graph: Mapping[str, set[str]]) -> list[str]:
    """Imports that go up or across: core imports nothing above it; an engine imports only
    core and itself (never the store); the store imports only core and itself (a game's
    storage code is handed to it from above)."""
    breaches = []
    for module, targets in graph.items():
        layer = package_of(module)
        for target in sorted(targets):
            other = package_of(target)
            if layer == "solitaire.core" and other != "solitaire.core":
                breaches.append(f"{module} -> {target}")
            if layer in ENGINES and other not in (layer, "solitaire.core"):
                breaches.append(f"{module} -> {target}")
            if layer == "solitaire.store" and other not in (layer, "solitaire.core", *SHARED):
                breaches.append(f"{module} -> {target}")
    return breaches


def test_layers_import_only_downwards() -> None:
    assert layer_breaches(import_graph()) == []


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
        if {"rich", "prompt_toolkit"} & set(external_imports(ast.parse(path.read_text())))
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
    assert sorted(layer_breaches(graph)) == [
        "solitaire.core.scoring -> solitaire.store",
        "solitaire.match.players -> solitaire.patience.advisor",
        "solitaire.store.history -> solitaire.patience.record",
        "solitaire.tiles.summary -> solitaire.store.schema",
    ]


def test_the_store_is_a_package_that_knows_no_game() -> None:
    graph = import_graph()
    store = [name for name in graph if package_of(name) == "solitaire.store"]
    assert "solitaire.store.history" in store and "solitaire.store.migration" in store
    reached = {package_of(t) for name in store for t in graph[name]}
    assert reached <= {"solitaire.store", "solitaire.core", *SHARED}
