"""The shared loader: bounded reading and parsing, strict fields, and text made safe to show."""

from __future__ import annotations

import importlib
import inspect
import io
import json
import os
import time
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire.core.untrusted import (
    MAX_DEPTH,
    MAX_NUMBER_DIGITS,
    MAX_RECORD_BYTES,
    Fields,
    RecordError,
    expect_same,
    parse_record,
    parse_seed,
    read_bounded,
    read_record_file,
    safe_text,
)

UNSAFE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}

# Every C0 and C1 control and DEL, the bidi controls, other invisible formatting.
CONTROLS = [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))]
BIDI = [chr(c) for c in (0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))]
INVISIBLE = ["\u200b", "\u2028", "\u2029", "\ufeff", "\U000e0001", "\ud800", "\ue000"]
SEQUENCES = [
    "\x1b[2J\x1b[H",  # clear the screen
    "\x1b]0;owned\x07",  # retitle the window
    "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\",  # a hyperlink
    "\x1bP+q\x1b\\",  # a device control string
    "\x9b31m",  # the 8-bit CSI
]


def is_safe(text: str) -> bool:
    return not any(unicodedata.category(ch) in UNSAFE for ch in text)


@pytest.mark.parametrize("bad", CONTROLS + BIDI + INVISIBLE + SEQUENCES)
def test_safe_text_escapes_every_control_and_sequence(bad: str) -> None:
    shown = safe_text(f"2026-11-29{bad}end")
    assert is_safe(shown) and shown.startswith("2026-11-29\\") and shown.endswith("end")


@given(st.text(max_size=300), st.integers(min_value=2, max_value=120))
def test_safe_text_is_always_safe_and_bounded(text: str, limit: int) -> None:
    shown = safe_text(text, limit)
    assert is_safe(shown) and len(shown) <= limit
    if len(shown) < len(text) or shown.endswith("…"):
        return
    assert shown == text or "\\" in shown  # whole, or only escapes added


def test_safe_text_keeps_ordinary_text() -> None:
    assert safe_text("5♥ J♠ — café 2026-11-29") == "5♥ J♠ — café 2026-11-29"
    assert safe_text("x" * 10_000_000, 20) == "x" * 19 + "…"


def test_depth_number_and_size_are_bounded_before_parsing() -> None:
    assert parse_record(
        "{" + '"a":' * 0 + '"x": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}"
    )
    for text in (
        "[" * 100_000,
        '{"a":' * 50_000,
        '{"a":' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}",
    ):
        with pytest.raises(RecordError, match="nested deeper"):
            parse_record(text[:MAX_RECORD_BYTES])
    with pytest.raises(RecordError, match="larger than"):
        parse_record(" " * (MAX_RECORD_BYTES + 1))
    assert parse_record('{"n": ' + "9" * MAX_NUMBER_DIGITS + "}")["n"] == 10**MAX_NUMBER_DIGITS - 1
    for number in ("9" * (MAX_NUMBER_DIGITS + 1), "1e" + "9" * 50, "0." + "1" * 60, "9" * 100_000):
        with pytest.raises(RecordError, match="longer than"):
            parse_record('{"n": ' + number + "}")
    # Brackets and digits inside strings are text, not structure.
    assert parse_record('{"s": "' + "[" * 100 + "9" * 100 + '\\"]"}')["s"].startswith("[[[")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"a": NaN}', "NaN is not a JSON number"),
        ('{"a": Infinity}', "Infinity is not a JSON number"),
        ('{"a": -Infinity}', "-Infinity is not a JSON number"),
        ('{"a": 1, "a": 2}', "field 'a' appears twice"),
        ("[1]", "expected a JSON object"),
        ('"text"', "expected a JSON object"),
        ("", "invalid JSON"),
        ('{"a": "unterminated', "invalid JSON"),
        ('{"a": 1} trailing', "invalid JSON"),
    ],
)
def test_malformed_json_is_one_record_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        parse_record(text)


def test_bounded_reading_stops_after_the_limit() -> None:
    class Endless(io.RawIOBase):
        def __init__(self) -> None:
            self.given = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
            size = min(len(buffer), 4096)
            buffer[:size] = b" " * size
            self.given += size
            return size

    stream = Endless()
    with pytest.raises(RecordError, match="larger than 1 KB"):
        read_bounded(io.BufferedReader(stream), "stream", 1024)
    assert stream.given <= 1024 + 4096 + io.DEFAULT_BUFFER_SIZE
    with pytest.raises(RecordError, match="not UTF-8"):
        read_bounded(io.BytesIO(b'{"a": "\xff"}'), "stream")
    assert read_bounded(io.BytesIO(b"{}"), "stream") == "{}"


def test_endless_and_odd_files_are_refused_quickly(tmp_path: Path) -> None:
    started = time.perf_counter()
    with pytest.raises(RecordError, match="is a device"):
        read_record_file("/dev/zero")
    with pytest.raises(RecordError, match="is a directory"):
        read_record_file(str(tmp_path))
    with pytest.raises(RecordError, match="No such file"):
        read_record_file(str(tmp_path / "missing\x1b[2J.json"))
    try:
        read_record_file(str(tmp_path / "missing\x1b[2J.json"))
    except RecordError as error:
        assert is_safe(str(error))
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    with pytest.raises(RecordError, match="larger than"):
        read_record_file(str(big))
    assert time.perf_counter() - started < 1


def test_a_fifo_is_refused_with_or_without_a_writer_and_does_not_wait(tmp_path: Path) -> None:
    """Only regular files are read by name (a pipe goes to ``-``): a FIFO is refused before
    it is opened, so neither a missing writer nor an endless one can hold the command."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    started = time.perf_counter()
    with pytest.raises(RecordError, match=r"is a pipe \(FIFO\)"):
        read_record_file(str(fifo))  # no writer
    # A writer with data waiting (held open with a reader of our own, so neither blocks).
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    writer = os.open(fifo, os.O_WRONLY)
    try:
        os.write(writer, b"[" * 65536)
        with pytest.raises(RecordError, match=r"is a pipe \(FIFO\)"):
            read_record_file(str(fifo))
    finally:
        os.close(writer)
        os.close(reader)
    assert time.perf_counter() - started < 1


WRONG_INTS = [True, False, 1.0, 1.5, "1", None, [1], {"n": 1}, -1, 10**40]


@pytest.mark.parametrize("value", WRONG_INTS)
def test_integer_fields_refuse_bools_floats_and_other_types(value: object) -> None:
    fields = Fields({"n": value}, "record", required=("n",))
    with pytest.raises(RecordError, match="record: field 'n'"):
        fields.integer("n", 0, 100)


@pytest.mark.parametrize("value", [True, 1.0, 2, "1", None])
def test_the_version_must_be_exactly_the_integer(value: object) -> None:
    with pytest.raises(RecordError, match="this game reads version 1"):
        Fields({"version": value}, "record", required=("version",)).version("version", 1)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("0", 0),
        ("18446744073709551615", 2**64 - 1),
        ("1" + "0" * 30, 10**30),
        (7, 7),
        (2**64, 2**64),
    ],
)
def test_seeds_are_digits_or_old_integers(value: object, expected: int) -> None:
    assert parse_seed(value, "seed") == expected


@pytest.mark.parametrize(
    "value", ["-5", "+5", " 5", "5 ", "1e3", "٣", "", "1" * 41, -5, 10**40, True, 5.0, None, [5]]
)
def test_bad_seeds_are_refused(value: object) -> None:
    with pytest.raises(RecordError, match="seed"):
        parse_seed(value, "seed")


def test_text_fields_bound_length_and_alphabet() -> None:
    fields = Fields(
        {"s": "abc", "long": "a" * 11, "odd": "ab\x1b", "n": 5},
        "r",
        optional=("s", "long", "odd", "n"),
    )
    assert fields.text("s", 10, alphabet="abc") == "abc"
    with pytest.raises(RecordError, match="longer than 10"):
        fields.text("long", 10)
    with pytest.raises(RecordError, match=r"'\\x1b' is not allowed"):
        fields.text("odd", 10, alphabet="ab")
    with pytest.raises(RecordError, match="expected text, got 5"):
        fields.text("n", 10)


def test_objects_refuse_missing_and_unknown_fields_naming_them() -> None:
    with pytest.raises(RecordError, match="round 2: missing field 'b'"):
        Fields({"a": 1}, "round 2", required=("a", "b"))
    with pytest.raises(RecordError, match=r"round 2: unexpected field '\\x1b\[2J'"):
        Fields({"a": 1, "\x1b[2J": 1}, "round 2", required=("a",))
    with pytest.raises(RecordError, match="round 2: expected an object, got"):
        Fields([1, 2], "round 2")
    outer = Fields({"list": [1, 2, 3]}, "r", required=("list",))
    assert [where for where, _ in outer.items("list")][-1] == "r: field 'list' entry 3"
    with pytest.raises(RecordError, match="expected 0 to 2 items, got 3"):
        outer.array("list", 0, 2)


@given(
    st.recursive(
        st.none() | st.booleans() | st.floats() | st.integers() | st.text(),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
        ),
        max_leaves=30,
    )
)
def test_any_json_value_parses_or_is_one_record_error(value: object) -> None:
    text = json.dumps(value)
    try:
        data = parse_record(text)
    except RecordError as error:
        assert is_safe(str(error))
    else:
        assert isinstance(data, dict)


def test_expect_same_names_where_and_both_values_as_shown() -> None:
    expect_same((1, 2), (1, 2), "round 1: field 'shown'", str)  # the same: nothing said
    with pytest.raises(RecordError) as refused:
        expect_same(3, 4, "round 2: field 'points'", lambda v: f"<{v}>")
    assert str(refused.value) == "round 2: field 'points': the record says <4>, the game gives <3>"


@pytest.mark.parametrize("game", ["patience", "match", "tiles"])
def test_every_record_check_takes_the_games_value_first(game: str) -> None:
    module = importlib.import_module(f"solitaire.{game}.record")
    names = list(inspect.signature(module._expect).parameters)
    assert names == ["actual", "recorded", "where"]
