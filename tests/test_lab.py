"""The lab apart from the library: the scripts in their three folders, each naming itself
and listed in scripts/README.md, and no test loading a script as a module (what the tests
share with the scripts is in the package)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
FOLDERS = ("bench", "build", "check")
TOP = {"README.md", "_venv.sh", "play", "test"}  # where the README says they are


def scripts() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (SCRIPTS / folder).iterdir() if p.is_file())


def test_the_scripts_sit_in_their_folders() -> None:
    top = {p.name for p in SCRIPTS.iterdir() if p.is_file()}
    assert top == TOP
    assert {p.name for p in SCRIPTS.iterdir() if p.is_dir()} - {"__pycache__"} == set(FOLDERS)
    assert len(scripts()) >= 25


def test_each_script_names_its_own_path_and_the_readme_lists_it_in_its_folder() -> None:
    """A usage line a person can run from the project's root, and one line of the README
    under its folder's heading."""
    readme = (SCRIPTS / "README.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"^## .*?`(\w+)/`\n(.*?)(?=^## |\Z)", readme, re.M | re.S))
    assert set(sections) == set(FOLDERS)
    for path in scripts():
        own = str(path.relative_to(ROOT))
        assert own in path.read_text(encoding="utf-8"), f"{own} does not name itself"
        assert f"- `{path.name}`:" in sections[path.parent.name], f"{own} not in its section"


def loads_a_file(tree: ast.AST) -> list[str]:
    """The calls of a module that load Python source from a path as a module."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute | ast.Name):
            name = node.attr if isinstance(node, ast.Attribute) else node.id
            if name in ("spec_from_file_location", "SourceFileLoader", "load_source"):
                found.append(name)
    return found


def test_no_test_loads_a_script_as_a_module() -> None:
    found = {
        str(path.relative_to(ROOT)): hits
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if (hits := loads_a_file(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_the_check_sees_a_script_loaded_by_path() -> None:
    """What tests/scripts_loaded.py did before the lab's logic moved into the package."""
    loader = "spec = importlib.util.spec_from_file_location(name, SCRIPTS / f'{name}.py')\n"
    assert loads_a_file(ast.parse(loader)) == ["spec_from_file_location"]
    assert loads_a_file(ast.parse("SourceFileLoader('x', 'scripts/x.py').load_module()\n"))
