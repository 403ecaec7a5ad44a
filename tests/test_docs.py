"""The documentation: every link leads to a file and heading in the repository, and every
command the README names exists."""

from __future__ import annotations

import argparse
import importlib
import re
from pathlib import Path

import pytest

from solitaire.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCUMENTS = (
    README,
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "docs" / "notes").glob("*.md")),
    ROOT / "results" / "README.md",
    ROOT / "scripts" / "README.md",
)
README_MAX_LINES = 210

_FENCED = re.compile(r"^```[^\n]*\n.*?^```[ \t]*$", re.MULTILINE | re.DOTALL)
_INLINE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*([^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_WORD = re.compile(r"[a-z][a-z-]*")


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _prose(text: str) -> str:
    """The text outside fenced code blocks, inline code kept as a placeholder word."""
    return _INLINE.sub("code", _FENCED.sub("", text))


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: the text shown, lower case, punctuation
    dropped, spaces made hyphens."""
    shown = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", shown.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file (a repeated heading gets -1, -2 ...)."""
    seen: dict[str, int] = {}
    found = set()
    for match in _HEADING.finditer(_FENCED.sub("", _text(path))):
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(path: Path) -> list[str]:
    """The targets of a Markdown file's links, outside code."""
    return [match.group(1) for match in _LINK.finditer(_prose(_text(path)))]


def broken(path: Path, target: str) -> str | None:
    """Why a link of ``path`` leads nowhere in the repository, or None when it resolves."""
    if _SCHEME.match(target):
        return "links outside the repository"
    where, _, fragment = target.partition("#")
    file = (path.parent / where).resolve() if where else path
    if not file.is_relative_to(ROOT):
        return "leads outside the repository"
    if not file.exists():
        return f"{file.relative_to(ROOT)} does not exist"
    if fragment:
        if file.suffix != ".md" or not file.is_file():
            return f"#{fragment} in a file that is not Markdown"
        if fragment not in anchors(file):
            return f"{file.relative_to(ROOT)} has no heading #{fragment}"
    return None


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_resolves_inside_the_repository(path: Path) -> None:
    text = _text(path)
    assert "shared/" not in text, f"{path.name} mentions a folder outside the repository"
    problems = [f"({target}): {why}" for target in links(path) if (why := broken(path, target))]
    assert not problems, f"{path.relative_to(ROOT)}: " + "; ".join(problems)


def test_a_broken_link_is_caught() -> None:
    page = ROOT / "docs" / "RESULTS.md"
    assert broken(page, "PATIENCE.md#how-the-chance-is-computed") is None
    assert broken(page, "NOWHERE.md") == "docs/NOWHERE.md does not exist"
    assert broken(page, "PATIENCE.md#nowhere") == "docs/PATIENCE.md has no heading #nowhere"
    assert broken(page, "../../elsewhere.md") == "leads outside the repository"
    assert broken(page, "https://example.com") == "links outside the repository"
    assert slug("How `expert` plays") == "how-expert-plays"
    assert slug("Playing for 90, playing for 121") == "playing-for-90-playing-for-121"


def readme_commands() -> list[tuple[str, ...]]:
    """Each ``cribsol COMMAND`` and ``cribsol COMMAND SUB`` in the README's code, in order.

    A command is the bare lower-case word after ``cribsol``, and a subcommand the next
    such word; an option, a number or a file name ends it.
    """
    text = _text(README)
    code = [block for block in _FENCED.findall(text)]
    code += _INLINE.findall(_FENCED.sub("", text))
    found: list[tuple[str, ...]] = []
    for snippet in code:
        for line in snippet.splitlines() if snippet.startswith("```") else [snippet]:
            tokens = line.split()
            for index, token in enumerate(tokens):
                if token != "cribsol":
                    continue
                words: list[str] = []
                for word in tokens[index + 1 : index + 3]:
                    if not _WORD.fullmatch(word):
                        break
                    words.append(word)
                if words and tuple(words) not in found:
                    found.append(tuple(words))
    return found


COMMANDS = readme_commands()


def test_the_readme_names_commands() -> None:
    assert len(COMMANDS) >= 10, COMMANDS


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_every_command_the_readme_names_exists(
    words: tuple[str, ...], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CRIBSOL_PROG", raising=False)  # the usage line says cribsol
    try:
        status = main([*words, "--help"])
    except SystemExit as done:  # argparse leaves after --help
        status = done.code if isinstance(done.code, int) else 1
    assert status == 0, f"cribsol {' '.join(words)} --help: {capsys.readouterr().err}"
    usage = capsys.readouterr().out.split()
    assert usage[: 2 + len(words)] == ["usage:", "cribsol", *words]


def test_the_readme_names_every_command() -> None:
    named = {words[0] for words in COMMANDS}
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) <= named


def test_the_readme_is_a_page() -> None:
    assert len(_text(README).splitlines()) <= README_MAX_LINES


_GAME_KEYS = {
    "The patience": "solitaire.ui.patience.screen",
    "The match": "solitaire.ui.match.screen",
    "The tile game": "solitaire.ui.tiles.screen",
}
_HELP_KEYS = {"h", "F1"}  # the app shell binds both in every game; a help need not list itself


def readme_keys(section: str, text: str | None = None) -> set[str]:
    """The keys named in the key table (``| key | does |``) of a README section: each in
    backquotes (```1`-`6``` is the range ``1-6``), or a capitalised name such as Enter."""
    text = _text(README) if text is None else text
    start = text.index(f"## {section}\n")
    end = text.find("\n## ", start + 1)
    keys: set[str] = set()
    in_table = False
    for line in text[start : end if end > 0 else None].splitlines():
        if line.startswith("| key | does |"):
            in_table = True
        elif not line.startswith("|"):
            in_table = False
        elif in_table and not line.startswith("| ---"):
            cell = re.sub(r"`([^`]+)`-`([^`]+)`", r"`\1-\2`", line.split("|")[1])
            keys |= set(_INLINE.findall(cell))
            keys |= set(re.findall(r"\b(?:[A-Z][a-z]+|F\d+|arrows)\b", _INLINE.sub("", cell)))
    return keys


def help_keys(table: tuple[tuple[str, str], ...]) -> set[str]:
    """Every key a help table names: its key column split at commas, "or", "/" and spaces."""
    return {key for name, _ in table for key in re.split(r",?\s+(?:or\s+)?|\s*/\s*", name) if key}


def test_a_key_missing_from_help_is_caught() -> None:
    text = "## The game\n\n| key | does |\n| --- | --- |\n| `1`-`4`, Enter | lay |\n| `z` | zap |\n"
    assert readme_keys("The game", text) == {"1-4", "Enter", "z"}
    assert readme_keys("The game", text) - help_keys((("1-4 / Enter", "lay"),)) == {"z"}


@pytest.mark.parametrize("section", sorted(_GAME_KEYS))
def test_every_key_the_readme_names_is_in_the_games_help(section: str) -> None:
    table = importlib.import_module(_GAME_KEYS[section]).KEYS
    named = readme_keys(section)
    assert len(named) >= 5, named
    assert named - help_keys(table) - _HELP_KEYS == set()


GETTING_BETTER = ROOT / "docs" / "GETTING-BETTER.md"


def grades_table(text: str) -> dict[str, list[str]]:
    """The grades table of the "Getting better" page: each scale's row of cells after it."""
    rows: dict[str, list[str]] = {}
    in_table = False
    for line in text.splitlines():
        if line.startswith("| scale | where |"):
            in_table = True
        elif not line.startswith("|"):
            in_table = False
        elif in_table and not line.startswith("| ---"):
            name, *cells = (cell.strip() for cell in line.strip("|").split("|"))
            rows[name] = cells
    return rows


def _amount(scale_unit: str, value: float) -> str:
    return f"{value * 100:g}%" if scale_unit == "chance" else f"{value:g} points"


def test_the_pages_grades_are_the_codes() -> None:
    """Every scale's thresholds on the page, as the code grades (a number changed in either
    fails here)."""
    from solitaire.core.review import SCALES

    table = grades_table(_text(GETTING_BETTER))
    assert set(table) == set(SCALES)
    for name, scale in SCALES.items():
        _, best, inaccuracy, mistake, blunder = table[name]
        assert [best, inaccuracy, mistake, blunder] == [
            _amount(scale.unit, value)
            for value in (scale.tolerance, scale.mistake, scale.blunder, scale.blunder)
        ], name


def test_a_threshold_changed_on_the_page_is_caught() -> None:
    text = _text(GETTING_BETTER).replace("| 0.05 points | 0.5", "| 0.1 points | 0.5")
    assert grades_table(text)["points"][1] == "0.1 points"


def test_the_pages_examples_grade_as_it_says() -> None:
    from solitaire.core.review import POINTS, Grade

    text = " ".join(_text(GETTING_BETTER).split())
    assert (
        "a discard that gives up 0.3 of a point of the deal's expected points is an "
        "inaccuracy, one that gives up a point a mistake, and two points a blunder" in text
    )
    assert [POINTS.grade(c) for c in (0.3, 1.0, 2.0)] == [
        Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER,
    ]  # fmt: skip


def test_the_pages_progress_numbers_are_the_codes() -> None:
    from solitaire.core.progress import MAX_PERIODS, PER, trend
    from solitaire.ui.progress import DEFAULT_LAST

    text = " ".join(_text(GETTING_BETTER).split())
    stats = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    last = next(a for a in stats.choices["stats"]._actions if a.dest == "last")
    assert last.default == DEFAULT_LAST
    assert f"`--last N`, {DEFAULT_LAST} by default" in text
    assert f"the change every {PER} games" in text
    assert f"in at most {MAX_PERIODS} blocks" in text
    assert f"the latest {MAX_PERIODS} are drawn" in text
    assert "A trend needs 3 games." in text
    assert trend([1.0, 2.0]) is None and trend([1.0, 2.0, 4.0]) is not None


def test_the_pages_review_screen_is_what_review_prints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The review on the page, printed again from the same seeded match at 80 columns."""
    from solitaire.cli import main

    page = _text(GETTING_BETTER)
    start = page.index("cribsol review -`), its first screen")
    opening = page.index("```text\n", start) + len("```text\n")
    shown = page[opening : page.index("\n```", opening)]
    assert (
        main(
            [
                "match",
                "--auto",
                "standard",
                "--vs",
                "expert",
                "--seed",
                "3",
                "--json",
                "--data-dir",
                str(tmp_path),
            ]
        )
        == 0
    )
    record = tmp_path / "match.json"
    record.write_text(capsys.readouterr().out)
    assert main(["review", str(record)]) == 0
    printed = capsys.readouterr().out
    assert shown.count("\n") >= 20 and printed.startswith(shown + "\n")


def test_the_pages_progress_screen_is_what_stats_draws(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The chart on the page, drawn again from the same seeded history at 80 columns."""
    from solitaire.store import History
    from solitaire.ui.kinds import KINDS
    from tests.reviewed import sample_history

    monkeypatch.setattr(History, "durable", False)
    with History(tmp_path, kinds=KINDS) as history:
        sample_history(history)
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    start = out.index("Progress at the match")
    drawn = out[start : out.index("\n\n", start) + 1]
    page = _text(GETTING_BETTER)
    block = page.index("```text\nProgress at the match")
    shown = page[block + len("```text\n") :]
    assert shown[: shown.index("```")] == drawn


def test_the_pages_practice_schedule_is_the_codes() -> None:
    """The Leitner boxes and waits on the page, as core/schedule.py schedules (a number
    changed in either fails here)."""
    from solitaire.core.review import Grade
    from solitaire.core.schedule import AGAIN, BOXES, WAITS
    from solitaire.ui.practice.positions import PRACTISED

    text = " ".join(_text(GETTING_BETTER).split())
    waits = [
        f"{w.days} day{'s' if w.days != 1 else ''} (box {box})" for box, w in enumerate(WAITS, 2)
    ]
    waits[-1] = waits[-1].replace(")", ", the last)")
    assert f"comes back after that box's wait: {', '.join(waits)}." in text
    assert f"box {BOXES}, the last" in text
    assert f"comes back in {int(AGAIN.total_seconds() // 60)} minutes, the same sitting" in text
    assert set(PRACTISED) == {Grade.MISTAKE, Grade.BLUNDER}
    assert "graded a **mistake or a blunder**. Inaccuracies stay out" in text
