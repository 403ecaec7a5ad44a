"""Hostile patience records, class by class: none tracebacks, hangs, eats memory or reaches the
terminal raw, through ``load_record`` + ``replay`` and through ``cribsol replay FILE|-``.

Each class builds its cases from a real record (a finished game with a daily date, hints and
an undo), so every field is attacked; each test counts its cases so a class cannot shrink
to nothing unnoticed.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.cli import main
from solitaire.core.untrusted import MAX_RECORD_BYTES
from solitaire.patience.game import Game
from solitaire.patience.record import RecordError, game_record, load_record, replay

UNSAFE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
CONTROLS = [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))]
BIDI = [chr(c) for c in (0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))]
SEQUENCES = [
    "\x1b[2J\x1b[H",
    "\x1b]0;owned\x07",
    "\x1b]8;;http://x\x1b\\l\x1b]8;;\x1b\\",
    "\x9b31m",
]
WRONG_VALUES: list[Any] = [None, True, False, 0, -1, 1.0, 2.5, "", "x", "1", [], [1], {}, {"a": 1}]
CPU_SECONDS = 1.0  # the most any one case may take (process time, so a busy machine is fair)


def base_record() -> dict[str, Any]:
    """A finished game with every optional field: daily date, hints and an undo."""
    game = Game.from_seed(21)
    game.discard(game.shown[:2])
    game.undo()
    game.hints.add(2)
    while not game.is_over:
        game.discard(game.shown[1:3])
    return game_record(game, daily="2026-11-29")


BASE = base_record()
BASE_TEXT = json.dumps(BASE)


def paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside a record, the containers too."""
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*path, index))


def string_paths() -> list[tuple[Any, ...]]:
    """Every kind of string field: each top-level one, and in each list of cards its first
    and last card (in the first and last round)."""

    def representative(path: tuple[Any, ...]) -> bool:
        ends = {0, len(get(BASE, path[:-1])) - 1} if isinstance(path[-1], int) else {path[-1]}
        rounds = {0, 5} if path[0] == "rounds" else {path[1] if len(path) > 1 else None}
        return path[-1] in ends and (len(path) < 2 or path[1] in rounds)

    return [p for p in paths(BASE) if isinstance(get(BASE, p), str) and representative(p)]


def int_paths() -> list[tuple[Any, ...]]:
    return [p for p in paths(BASE) if type(get(BASE, p)) is int]


def get(record: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        record = record[key]
    return record


def with_value(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    record = copy.deepcopy(BASE)
    get(record, path[:-1])[path[-1]] = value
    return record


def with_raw(path: tuple[Any, ...], raw_json: str) -> str:
    """The record's JSON with one value replaced by raw JSON text (numbers json cannot dump)."""
    marker = "@@HOSTILE@@"
    return json.dumps(with_value(path, marker)).replace(json.dumps(marker), raw_json)


def is_safe(text: str) -> bool:
    return not any(unicodedata.category(ch) in UNSAFE for ch in text)


def check_text(text: str) -> str:
    """Load and replay record text: it replays, or is refused with one safe RecordError line."""
    started = time.process_time()
    try:
        replay(load_record(text), allow_unfinished=True)
        outcome = "replayed"
    except RecordError as error:
        message = str(error)
        assert is_safe(message) and "\n" not in message and len(message) < 400, message
        outcome = "refused"
    assert time.process_time() - started < CPU_SECONDS
    return outcome


def check_data(data: object) -> str:
    started = time.process_time()
    try:
        replay(data, allow_unfinished=True)  # type: ignore[arg-type]
        outcome = "replayed"
    except RecordError as error:
        assert is_safe(str(error)) and "\n" not in str(error)
        outcome = "refused"
    assert time.process_time() - started < CPU_SECONDS
    return outcome


def test_the_base_record_replays() -> None:
    assert check_text(BASE_TEXT) == "replayed"
    assert BASE["undos"] and BASE["hints"] and BASE["daily"]


def test_truncated_at_every_byte() -> None:
    outcomes = [check_text(BASE_TEXT[:cut]) for cut in range(len(BASE_TEXT))]
    assert outcomes.count("refused") == len(BASE_TEXT) > 1500


def test_deep_nesting_in_every_field_and_alone() -> None:
    cases = 0
    for depth in (17, 1000, 100_000):
        for text in ("[" * depth, "[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
            assert check_text(text[:MAX_RECORD_BYTES]) == "refused"
            cases += 1
        for path in paths(BASE):
            nested = "[" * min(depth, 50_000) + "]" * min(depth, 50_000)
            assert check_text(with_raw(path, nested)) == "refused"
            cases += 1
    assert cases == 3 * (3 + len(list(paths(BASE))))


@pytest.mark.parametrize(
    "number",
    [
        "1" + "0" * 40,
        "9" * 10_000,
        "-" + "9" * 41,
        "1e999999",
        "-1e400",
        "1E+2",
        "0.0000000001",
        "-0",
        "1.0",
        "18446744073709551616",
    ],
)
def test_huge_odd_and_float_numbers_in_every_field(number: str) -> None:
    outcomes = [check_text(with_raw(path, number)) for path in paths(BASE)]
    # "-0" is the integer 0, which a few fields (a score of 0, hints) can hold legitimately.
    assert outcomes.count("refused") >= len(outcomes) - (20 if number == "-0" else 0)


def test_wrong_types_and_bools_for_ints_in_every_field() -> None:
    cases = refused = 0
    for path in paths(BASE):
        for value in WRONG_VALUES:
            if value == get(BASE, path) and type(value) is type(get(BASE, path)):
                continue
            refused += check_data(with_value(path, value)) == "refused"
            cases += 1
    for path in int_paths():
        assert check_data(with_value(path, True)) == "refused"
        assert check_data(with_value(path, float(get(BASE, path)))) == "refused"
        cases += 2
    assert cases > 2500 and refused > cases * 0.95


def test_long_strings_and_controls_in_every_kind_of_string_field() -> None:
    cases = 0
    for path in string_paths():
        for bad in ("A" * 100_000, *CONTROLS, *BIDI, *SEQUENCES):
            original = get(BASE, path)
            for value in (original + bad, bad + original, bad):
                assert check_data(with_value(path, value)) == "refused", (path, value)
                cases += 1
    assert cases == len(string_paths()) * 3 * (1 + len(CONTROLS) + len(BIDI) + len(SEQUENCES))


def test_unknown_fields_and_hostile_field_names_everywhere() -> None:
    cases = 0
    objects = [()] + [p for p in paths(BASE) if isinstance(get(BASE, p), dict)]
    for path in objects:
        for name in ("extra", "", "version ", "\x1b[2J", "\u202e", "x" * 10_000, *CONTROLS):
            record = copy.deepcopy(BASE)
            get(record, path)[name] = 1
            assert check_data(record) == "refused"
            cases += 1
    assert cases == len(objects) * (6 + len(CONTROLS))


def test_duplicated_fields_and_non_finite_numbers_are_refused() -> None:
    text = BASE_TEXT[:-1] + ', "total": 0}'
    for case in (text, with_raw(("total",), "NaN"), with_raw(("seed",), "Infinity")):
        assert check_text(case) == "refused"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
ALL_PATHS = list(paths(BASE))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(ALL_PATHS), json_values)
def test_hypothesis_any_value_at_any_place(path: tuple[Any, ...], value: object) -> None:
    check_data(with_value(path, value))


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_hypothesis_any_json_document(value: object) -> None:
    check_text(json.dumps(value))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=3000))
def test_hypothesis_any_bytes_as_a_file(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    path = tmp_path_factory.mktemp("bytes") / "record.json"
    path.write_bytes(data)
    assert cli_replay(str(path))[0] == 2


# -- through the command line ------------------------------------------------------------


def cli_replay(source: str) -> tuple[int, str]:
    """Run ``cribsol replay SOURCE`` in this process; its status and stderr."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["replay", source])
    text = err.getvalue()
    assert "Traceback" not in text and is_safe(text.rstrip("\n"))
    assert status == 0 or text.count("\n") == 1
    return status, text


def test_cli_replay_refuses_each_class_in_one_safe_line(tmp_path: Path) -> None:
    samples = {
        "truncated": BASE_TEXT[: len(BASE_TEXT) // 2],
        "deep": "[" * 100_000,
        "huge number": with_raw(("total",), "9" * 100_000),
        "bool version": json.dumps(with_value(("version",), True)),
        "float total": json.dumps(with_value(("total",), float(BASE["total"]))),
        "long string": json.dumps(with_value(("daily",), "9" * 100_000)),
        "escape in daily": json.dumps(with_value(("daily",), "\x1b]0;owned\x07\x1b[2J")),
        "bidi in a card": json.dumps(with_value(("deck", 0), "\u202eAS")),
        "unknown field": json.dumps({**BASE, "\x1b[31mred": 1}),
        "not utf-8": "\udcff",
        "empty": "",
    }
    for name, text in samples.items():
        path = tmp_path / "record.json"
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        assert cli_replay(str(path))[0] == 2, name
    path.write_text(BASE_TEXT)
    assert cli_replay(str(path))[0] == 0
    assert cli_replay("/dev/zero")[0] == 2
    assert cli_replay(str(tmp_path))[0] == 2
    assert cli_replay(str(tmp_path / "missing\x1b[2J"))[0] == 2


def test_cli_replay_of_a_good_record_shows_no_raw_daily(tmp_path: Path) -> None:
    # A daily that passed every check is a date; the title shows it as it is.
    path = tmp_path / "record.json"
    path.write_text(BASE_TEXT)
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["replay", str(path)]) == 0
    assert "daily deal 2026-11-29" in out.getvalue() and "\x1b]" not in out.getvalue()


def run_cli(args: list[str], stdin: Any, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CRIBSOL_DATA_DIR": str(tmp_path / "data"), "COLUMNS": "80"}
    return subprocess.run(
        [sys.executable, "-m", "solitaire", *args],
        stdin=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=30,
    )


_MEASURED: Final = """
import atexit, sys
from pathlib import Path
def peak():
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            Path(sys.argv[1]).write_text(line.split()[1])
atexit.register(peak)
from solitaire.cli import main
sys.exit(main(sys.argv[2:]))
"""


def measured_cli(args: list[str], stdin: Any, tmp_path: Path) -> tuple[int, str, str, int]:
    """The command's status, stdout and stderr, and its own peak resident size in KB: the
    high-water mark of its memory since it started (VmHWM, read as it exits), which counts
    neither this process's pages before the exec nor any other child's."""
    env = {**os.environ, "CRIBSOL_DATA_DIR": str(tmp_path / "data"), "COLUMNS": "80"}
    peak = tmp_path / "peak"
    peak.unlink(missing_ok=True)
    result = subprocess.run(
        [sys.executable, "-c", _MEASURED, str(peak), *args],
        stdin=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=30,
    )
    return result.returncode, result.stdout, result.stderr, int(peak.read_text())


def test_endless_stdin_fifo_and_dev_zero_in_real_processes(tmp_path: Path) -> None:
    """Endless inputs end in one line quickly, without growing the process."""
    with open("/dev/zero", "rb") as zero:
        piped = measured_cli(["replay", "-"], zero, tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    endless = f"with open({str(fifo)!r}, 'wb') as f:\n  while True: f.write(b'[' * 65536)"
    writer = subprocess.Popen(
        [sys.executable, "-c", endless],
        stderr=subprocess.DEVNULL,
    )
    try:
        from_fifo = measured_cli(["replay", str(fifo)], subprocess.DEVNULL, tmp_path)
    finally:
        writer.kill()
        writer.wait()
    from_zero = measured_cli(["replay", "/dev/zero"], subprocess.DEVNULL, tmp_path)
    for (status, out, err, peak_kb), said in (
        (piped, "larger than"),  # standard input is read, bounded
        (from_fifo, "is a pipe (FIFO), not a record file"),  # by name: regular files only
        (from_zero, "is a device, not a record file"),
    ):
        assert status == 2 and out == ""
        assert err.count("\n") == 1 and said in err
        # KB, each command's own peak: an endless input is not read into memory.
        assert peak_kb <= 300_000
