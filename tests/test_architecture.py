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
    # (the expert is not in it: it takes its values from match/decide, not from players)
    assert ["solitaire.match.players", "solitaire.match.registry"] in cycles(graph)
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
    assert reached <= {"solitaire.store", "solitaire.core", *SHARED}
