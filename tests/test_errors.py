"""Bad input is one line and exit 2; a bug says it is one, exit 70, its traceback logged."""

from __future__ import annotations

import argparse
import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import solitaire
from solitaire.cli import main
from solitaire.cli.options import UsageError
from solitaire.core.errors import CribsolError, InputError
from solitaire.errorlog import EXIT_INTERNAL, LIMIT, LOG_NAME, log_error


def broken(args: argparse.Namespace) -> int:
    raise ZeroDivisionError("a bug in the scorer")


@pytest.fixture
def bug_in_score(monkeypatch: pytest.MonkeyPatch) -> None:
    import solitaire.cli.score_command as score_command

    monkeypatch.setattr(score_command, "cmd_score", broken)


@pytest.mark.usefixtures("bug_in_score")
def test_a_bug_is_an_internal_error_with_its_traceback_logged(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", "5H", "5C", "5S", "JD", "5D"]) == EXIT_INTERNAL == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "internal error (ZeroDivisionError)" in err and "this is a bug" in err
    log = data / LOG_NAME
    assert str(log) in err
    text = log.read_text()
    assert "Traceback" in text and "ZeroDivisionError: a bug in the scorer" in text
    assert "'score 5H 5C 5S JD 5D'" in text  # the arguments, to reproduce it


@pytest.mark.usefixtures("bug_in_score")
def test_the_log_goes_to_the_data_dir_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = tmp_path / "elsewhere"
    assert main(["--data-dir", str(elsewhere), "score", "5H", "5C", "5S", "JD"]) == 70
    assert (elsewhere / LOG_NAME).exists()
    assert str(elsewhere / LOG_NAME) in capsys.readouterr().err


@pytest.mark.usefixtures("bug_in_score")
def test_debug_shows_the_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CRIBSOL_DEBUG", "1")
    assert main(["score", "5H", "5C", "5S", "JD"]) == 70
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "ZeroDivisionError" in err


def test_a_plain_value_error_is_a_bug_not_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import solitaire.cli.score_command as score_command

    def wrong(args: argparse.Namespace) -> int:
        raise ValueError("invalid literal for int() with base 10: 'x'")

    monkeypatch.setattr(score_command, "cmd_score", wrong)
    assert main(["score", "5H"]) == 70
    assert "internal error (ValueError)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("error", "line"),
    [
        # An error of ours whose words start with a command is still said as ours...
        (InputError("cribsol replay 3 shows it"), "cribsol: cribsol replay 3 shows it"),
        (CribsolError("cribsolitaire is not a card"), "cribsol: cribsolitaire is not a card"),
        # ...and a usage error is its whole line, whatever its words.
        (UsageError("cribsol score: bad (see cribsol score --help)"), "cribsol score: bad"),
    ],
)
def test_an_error_is_said_as_ours_by_its_type_not_its_words(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    error: CribsolError,
    line: str,
) -> None:
    import solitaire.cli.score_command as score_command

    def refuses(args: argparse.Namespace) -> int:
        raise error

    monkeypatch.setenv("CRIBSOL_PROG", "cribsol")
    monkeypatch.setattr(score_command, "cmd_score", refuses)
    assert main(["score", "5H"]) == 2
    assert capsys.readouterr().err.startswith(line)


@pytest.mark.parametrize(
    "words",
    [["score", "5H", "5H"], ["score", "XX"], ["stast"], ["play", "--seed", "-1"], ["replay", "."]],
)
def test_bad_input_is_one_line_and_exit_2(
    words: list[str], data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(words) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" not in err and "Traceback" not in err
    assert not (data / LOG_NAME).exists()


def test_the_log_is_bounded_and_rotated(tmp_path: Path) -> None:
    error = RuntimeError("x" * 1000)
    for _ in range(LIMIT // 1000 + 20):
        log_error(error, tmp_path)
    log, older = tmp_path / LOG_NAME, tmp_path / f"{LOG_NAME}.1"
    assert older.exists() and older.stat().st_size <= LIMIT + 4096
    assert log.stat().st_size <= LIMIT + 4096


def test_an_unwritable_log_still_gives_the_line(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    assert log_error(RuntimeError("x"), blocked) is None


def project_errors() -> list[type[BaseException]]:
    """Every exception class defined in the package (its modules walked)."""
    found = []
    for info in pkgutil.walk_packages(solitaire.__path__, "solitaire."):
        if info.name.startswith("solitaire.ui") or info.name.endswith("__main__"):
            continue  # the skin raises none of its own
        module = importlib.import_module(info.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == info.name:
                found.append(value)
    return found


def test_every_error_of_ours_shares_one_base() -> None:
    errors = project_errors()
    assert len(errors) >= 15
    strays = [e.__qualname__ for e in errors if not issubclass(e, CribsolError)]
    assert strays == []


def test_the_engines_raise_no_plain_value_error() -> None:
    """Bad input is raised as one of ours, so only a bug is a bare ValueError."""
    root = Path(solitaire.__file__).parent
    strays = [
        f"{path.relative_to(root)}:{number}"
        for path in root.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "raise ValueError(" in line
    ]
    assert strays == []


def test_an_installed_style_run_exits_70(tmp_path: Path) -> None:
    """The real program, not main(): a bug injected in a command gives 70 and one line."""
    code = (
        "import sys, solitaire.cli.score_command as s\n"
        "def boom(args): raise KeyError('bug')\n"
        "s.cmd_score = boom\n"
        "from solitaire.cli import main\n"
        "sys.exit(main(['score', '5H', '5C', '5S', 'JD']))\n"
    )
    env = {"CRIBSOL_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert result.returncode == 70
    assert result.stderr.count("\n") == 1 and "internal error (KeyError)" in result.stderr
    assert "KeyError: 'bug'" in (tmp_path / LOG_NAME).read_text()
