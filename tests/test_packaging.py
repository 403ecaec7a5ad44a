"""The package ships every file it reads, and its version comes from one place."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from solitaire.games import registered_games

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire"


def shipped_patterns() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns: list[str] = config["tool"]["setuptools"]["package-data"]["solitaire"]
    return patterns


def data_files() -> set[Path]:
    """Every file under solitaire/ that is not Python source or a cache."""
    return {
        path.relative_to(PACKAGE)
        for path in PACKAGE.rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    }


def printed_by(code: str) -> list[str]:
    """The lines a fresh interpreter prints running ``code`` from the checkout."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return result.stdout.strip().splitlines()


def test_every_data_file_is_covered_by_package_data() -> None:
    covered = {
        path.relative_to(PACKAGE)
        for pattern in shipped_patterns()
        for path in PACKAGE.glob(pattern)
    }
    missing = sorted(str(path) for path in data_files() - covered)
    assert not missing, f"not in [tool.setuptools.package-data]: {missing}"


def test_the_check_sees_a_file_left_out(tmp_path: Path) -> None:
    """The pattern check is not vacuous: a file beside the data folders is not covered."""
    covered = {path for pattern in shipped_patterns() for path in PACKAGE.glob(pattern)}
    assert PACKAGE / "tiles" / "data" / "leaves.json" in covered
    assert PACKAGE / "tiles" / "leaves.json" not in covered  # where it lay when it was missed
    assert data_files(), "the package has data files"


def test_version_is_the_installed_metadata() -> None:
    from importlib.metadata import version

    import solitaire
    from solitaire.version import version as ours

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert ours() == version("cribbage-solitaire") == config["project"]["version"]
    assert solitaire.__version__ == ours()
    sources = [p for p in PACKAGE.rglob("*.py") if config["project"]["version"] in p.read_text()]
    assert not sources, f"the version is written out again in {sources}"


def test_version_and_help_load_no_engine_and_no_ui_library() -> None:
    """--version and --help import neither numpy, rich nor prompt_toolkit, nor any engine
    module beyond the light name lists (levels) and the core's card names."""
    code = (
        "import sys\n"
        "from solitaire.cli import main\n"
        "for words in (['--version'], ['--help'], ['match', '--help'], ['tiles', '--help']):\n"
        "    try:\n"
        "        main(words)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "roots = {m.split('.')[0] for m in sys.modules}\n"
        "heavy = roots & {'numpy', 'rich', 'prompt_toolkit'}\n"
        "ours = [m for m in sys.modules if m.startswith('solitaire.')]\n"
        "print(sorted(heavy))\n"
        "print(' '.join(sorted(ours)))\n"
    )
    lines = printed_by(code)
    heavy, ours = lines[-2:]
    assert heavy == "[]"
    allowed = (
        "solitaire.cli",
        "solitaire.core",
        "solitaire.errorlog",
        "solitaire.version",
        "solitaire.patience",
        "solitaire.match",
        "solitaire.tiles",
    )
    for name in ours.split():
        assert name.startswith(allowed), name
        if name.startswith(("solitaire.patience.", "solitaire.match.", "solitaire.tiles.")):
            assert name.endswith(".levels"), f"--help loaded the engine module {name}"
        assert name not in ("solitaire.core.scoring", "solitaire.store"), name


def test_help_does_not_load_typing() -> None:
    """``typing`` costs about a third of what ``--help`` adds to Python's own start (17M
    instructions), so the modules on that path do without it at run time."""
    code = (
        "import sys\n"
        "from solitaire.cli import main\n"
        "for words in (['--help'], ['match', '--help'], ['tiles', '--help']):\n"
        "    try:\n"
        "        main(words)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print('typing' in sys.modules)\n"
    )
    assert printed_by(code)[-1] == "False"


def test_score_loads_neither_numpy_nor_prompt_toolkit() -> None:
    """Nor json (a twentieth of what ``score`` adds to importing rich): it reads no record."""
    code = (
        "import sys\n"
        "from solitaire.cli import main\n"
        "main(['score', '5H', '5C', '5S', 'JD', '5D'])\n"
        "roots = {m.split('.')[0] for m in sys.modules}\n"
        "print(sorted(roots & {'numpy', 'prompt_toolkit', 'json'}))\n"
    )
    lines = printed_by(code)
    assert lines[-1] == "[]"


def test_importing_any_module_reads_no_data_file_and_builds_nothing() -> None:
    """No module loads a data file, builds a table or makes a player when imported: every
    module of the package is imported with file reads recorded, and the lazily built
    tables are checked to be still unbuilt."""
    code = """
import builtins, io, pathlib, pkgutil, importlib, sys
opened = []
real_open, real_io_open = builtins.open, io.open
def spy(file, *args, **kwargs):
    opened.append(str(file))
    return real_open(file, *args, **kwargs)
builtins.open = io.open = spy
def spied(method):
    def read(self, *args, **kwargs):
        opened.append(str(self))
        return method(self, *args, **kwargs)
    return read
pathlib.Path.read_text = spied(pathlib.Path.read_text)
pathlib.Path.read_bytes = spied(pathlib.Path.read_bytes)
import solitaire
names = [i.name for i in pkgutil.walk_packages(solitaire.__path__, 'solitaire.')]
for name in names:
    if not name.endswith('__main__'):
        importlib.import_module(name)
ours = [f for f in opened if '/solitaire/' in f and not f.endswith(('.py', '.pyc'))]
print(len(names))
print(repr(ours))
from solitaire.core.scoring import rank_table
from solitaire.tiles.players import _expert
print(rank_table.cache_info().currsize, _expert.cache_info().currsize)
"""
    lines = printed_by(code)
    count, opened, built = lines[-3:]
    assert int(count) > 80  # every module was imported
    assert opened == "[]", f"read at import: {opened}"
    assert built == "0 0", "a table or a player was built at import"


FIRST_FRAME = """
import os, sys
import prompt_toolkit.renderer as renderer
draw = renderer.Renderer.render
def first(self, *args, **kwargs):
    draw(self, *args, **kwargs)
    roots = {m.split('.')[0] for m in sys.modules}
    late = {'markdown_it', 'pygments', 'numpy', 'multiprocessing'} & roots
    late |= {'rich.markdown', 'rich.syntax', 'concurrent.futures.process'} & set(sys.modules)
    late |= set(sys.argv[2].split(',')) & set(sys.modules)  # the other games' engines
    with open(sys.argv[1], 'w') as out:
        out.write(' '.join(sorted(late)) or 'none')
    os._exit(0)
renderer.Renderer.render = first
from solitaire.cli import main
main(sys.argv[3:])
"""


@pytest.mark.parametrize("game", [entry.command for entry in registered_games()])
def test_a_game_s_first_screen_loads_no_module_it_does_not_show(game: str, tmp_path: Path) -> None:
    """Each game's first full screen is drawn before markdown (the rules' page), numpy (the
    analyses, the drill's opponent), multiprocessing (the coach's process) or another game's
    engine are loaded."""
    import contextlib
    import os
    import pty
    import select
    import signal
    import time

    found = tmp_path / "late.txt"
    # the drill plays hands of the match: its engine is the match's
    engines = {entry.command: entry.engine.partition(":")[0] for entry in registered_games()}
    others = sorted({engine for engine in engines.values() if engine != engines[game]})
    env = {**os.environ, "CRIBSOL_DATA_DIR": str(tmp_path / "data"), "TERM": "xterm"}
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-c", FIRST_FRAME, str(found), ",".join(others), game],
        stdin=follower, stdout=follower, stderr=follower, env=env, cwd=ROOT,
        start_new_session=True,
    )  # fmt: skip
    os.close(follower)
    deadline = time.monotonic() + 120
    try:
        # Read the screen, so the app never blocks writing it. A process it left behind
        # (a pool's worker) would hold the terminal open: the wait ends with the app.
        while process.poll() is None and time.monotonic() < deadline:
            if select.select([leader], [], [], 0.1)[0]:
                with contextlib.suppress(OSError):
                    os.read(leader, 1 << 16)
        assert process.wait(5) == 0
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # the app and anything it started
        process.wait()
        os.close(leader)
    assert found.read_text() == "none"
