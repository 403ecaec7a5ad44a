"""Untrusted records: bounded reading and parsing, strict typed fields, safe display.

Every game's record file, saved game and history row passes through here, so a
hostile file can neither exhaust memory (size, nesting and number length are
bounded *before* ``json.loads``), nor slip a wrong type past a check
(``true`` and ``1.0`` are not ``1``), nor write escape sequences to the terminal
(:func:`safe_text`). Every refusal is one :class:`RecordError` naming the field.

How a game's record module uses it::

    from solitaire.core.untrusted import Fields, RecordError, parse_record

    def load_record(text: str) -> dict[str, Any]:
        return parse_record(text)              # bounded JSON, must be an object

    def replay(data: Mapping[str, Any]) -> Game:
        record = Fields(data, "record", required=("version", "seed", "moves"),
                        optional=("daily",))   # unknown fields are refused
        record.version("version", 1)
        seed = record.seed("seed")             # "123" (text) or 123, 0 <= seed < 10**40
        for where, move in record.items("moves", max_len=40):  # a list, each item named
            step = Fields(move, where, required=("card",))
            card = step.text("card", max_len=3, alphabet=CARD_CHARS)
            ...

and a command line reads a file or ``-`` with :func:`read_record_file`.

>>> Fields(parse_record('{"version": 1}'), "record", required=("version",)).version("version", 1)
1
>>> Fields(parse_record('{"version": true}'), "record", required=("version",)).version("version", 1)
Traceback (most recent call last):
...
solitaire.core.untrusted.RecordError: record: field 'version' is true; this game reads version 1
>>> parse_record("[" * 1000)
Traceback (most recent call last):
...
solitaire.core.untrusted.RecordError: not a record: nested deeper than 16 levels
>>> safe_text("daily \\x1b]0;pwned\\x07\\x1b[2J")
'daily \\\\x1b]0;pwned\\\\x07\\\\x1b[2J'
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, BinaryIO, Final

from solitaire.core.errors import CribsolError
from solitaire.core.limits import MAX_SEED_DIGITS

__all__ = [
    "MAX_DEPTH",
    "MAX_NUMBER_DIGITS",
    "MAX_RECORD_BYTES",
    "MAX_SEED_DIGITS",
    "Fields",
    "RecordError",
    "check_bool",
    "check_int",
    "check_kind",
    "check_list",
    "check_text",
    "check_version",
    "expect_same",
    "parse_record",
    "parse_seed",
    "quoted",
    "read_bounded",
    "read_record_file",
    "safe_text",
]

MAX_RECORD_BYTES: Final = 256 * 1024  # a patience record is about 2 KB, 45 bytes more per undo
MAX_DEPTH: Final = 16  # arrays and objects inside one another
MAX_NUMBER_DIGITS: Final = 40  # digits in a row anywhere outside strings
SHOWN_LENGTH: Final = 80  # characters of untrusted text shown before cutting it short

_STRING: Final = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_LONG_NUMBER: Final = re.compile(rf"\d{{{MAX_NUMBER_DIGITS + 1},}}")
# Shown escaped: C0/C1 controls and DEL (Cc), bidi overrides and other invisible
# formatting (Cf), line and paragraph separators, surrogates, private and unassigned.
_UNSAFE_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class RecordError(CribsolError):
    """A record (file, saved game or history row) that is malformed or does not check out."""


def expect_same(
    actual: object, recorded: object, where: str, shown: Callable[[object], str]
) -> None:
    """Refuse a replay that gives ``actual`` where the record says ``recorded``: one
    :class:`RecordError` naming ``where`` and both values as ``shown`` writes them."""
    if actual != recorded:
        raise RecordError(
            f"{where}: the record says {shown(recorded)}, the game gives {shown(actual)}"
        )


def safe_text(value: object, limit: int = SHOWN_LENGTH) -> str:
    r"""Untrusted text made safe to print: controls escaped, at most ``limit`` characters.

    Control characters, escape sequences, bidi overrides and other invisible
    characters become ``\xNN`` / ``\uNNNN``; a longer text is cut and ends in ``…``.
    Rich markup is not escaped: print the result as a ``rich.text.Text``.

    >>> safe_text("2026-11-29\u202e")
    '2026-11-29\\u202e'
    >>> safe_text("x" * 100, limit=10)
    'xxxxxxxxx…'
    """
    text = value if isinstance(value, str) else repr(value)
    if len(text) <= limit and text.isprintable():  # printable: none of the categories below
        return text
    pieces: list[str] = []
    size = 0
    for ch in text:
        if unicodedata.category(ch) in _UNSAFE_CATEGORIES:
            code = ord(ch)
            if code < 0x100:
                ch = f"\\x{code:02x}"
            elif code < 0x10000:
                ch = f"\\u{code:04x}"
            else:
                ch = f"\\U{code:08x}"
        pieces.append(ch)
        size += len(ch)
        if size > limit:
            break
    if size > limit:
        while size > limit - 1:
            size -= len(pieces.pop())
        pieces.append("…")
    return "".join(pieces)


def read_bounded(stream: BinaryIO, what: str, limit: int = MAX_RECORD_BYTES) -> str:
    """At most ``limit`` bytes of UTF-8 text from a stream; reading stops at ``limit + 1``.

    Endless or huge inputs (``/dev/zero``, a pipe that never ends) are refused
    without being read beyond the limit.
    """
    data = b""
    while len(data) <= limit:
        chunk = stream.read(limit + 1 - len(data))
        if not chunk:
            break
        data += chunk
    if len(data) > limit:
        raise RecordError(f"{what}: larger than {limit // 1024} KB, not a record")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{what}: not UTF-8 text, not a record") from None


def read_record_file(path: str, limit: int = MAX_RECORD_BYTES) -> str:
    """The text of a record file, or of stdin for ``-``, read with :func:`read_bounded`.

    Only a regular file (or stdin) is read: a directory, a FIFO, a device or a socket is
    refused before it is opened, so nothing waits for a writer or reads an endless device;
    a missing, unreadable or closed source is one :class:`RecordError` too.
    """
    if path == "-":
        return _read_stdin(limit)
    what = safe_text(path)
    try:
        kind = _kind_of(os.stat(path).st_mode)
        if kind is not None:
            raise RecordError(f"cannot read {what}: it is {kind}, not a record file")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise RecordError(f"cannot read {what}: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        kind = _kind_of(info.st_mode)  # replaced between the look and the opening
        if kind is not None:
            raise RecordError(f"cannot read {what}: it is {kind}, not a record file")
        if info.st_size > limit:
            raise RecordError(f"{what}: larger than {limit // 1024} KB, not a record")
        with contextlib.suppress(OSError):  # platforms without blocking control
            os.set_blocking(fd, True)
        stream = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with stream:
        try:
            return read_bounded(stream, what, limit)
        except OSError as error:
            raise RecordError(f"cannot read {what}: {error.strerror or error}") from None


def _kind_of(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"  # pragma: no cover - no other kind on the systems we run on


def _read_stdin(limit: int) -> str:
    """Standard input's text, bounded; closed or unreadable standard input is one error."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None or getattr(sys.stdin, "closed", False):
        raise RecordError("cannot read standard input: it is closed")
    try:
        return read_bounded(stream, "stdin", limit)
    except RecordError:
        raise
    except OSError as error:
        raise RecordError(f"cannot read standard input: {error.strerror or error}") from None
    except ValueError:  # a file object closed in this process
        raise RecordError("cannot read standard input: it is closed") from None


def _refuse_constant(name: str) -> object:
    raise RecordError(f"not a record: {name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise RecordError(f"not a record: field '{safe_text(key)}' appears twice")
        result[key] = value
    return result


def parse_record(text: str, limit: int = MAX_RECORD_BYTES) -> dict[str, Any]:
    """Parse record JSON into a dict after bounding its size, nesting and numbers.

    The fields are not yet checked: a game's record module does that with :class:`Fields`.
    """
    if len(text) > limit:
        raise RecordError(f"not a record: larger than {limit // 1024} KB")
    skeleton = _STRING.sub('""', text)
    depth = deepest = 0
    for ch in skeleton:
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise RecordError(f"not a record: nested deeper than {MAX_DEPTH} levels")
        elif ch in "]}":
            depth -= 1
        deepest = max(depth, deepest)
    if _LONG_NUMBER.search(skeleton):
        raise RecordError(f"not a record: a number longer than {MAX_NUMBER_DIGITS} digits")
    import json  # here, not at the top: scoring a hand (which imports this module) reads none

    try:
        data = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not a record: invalid JSON ({error.msg} at line {error.lineno})"
        ) from None
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise RecordError("not a record: nested too deeply") from None
    if not isinstance(data, dict):
        raise RecordError("not a record: expected a JSON object")
    return data


def quoted(value: object) -> str:
    """A JSON value as it is quoted in an error: short and safe."""
    import json

    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return safe_text(text, limit=40)


def parse_seed(value: object, where: str) -> int:
    """A seed from a record: decimal text (the form written) or a JSON integer (older records).

    Seeds are whole numbers 0 <= seed < 10**40; text has digits only, no sign or spaces.
    """
    if isinstance(value, str):
        if not (value.isascii() and value.isdigit()) or len(value) > MAX_SEED_DIGITS:
            raise RecordError(
                f"{where}: expected a seed of 1 to {MAX_SEED_DIGITS} digits, got {quoted(value)}"
            )
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{where}: expected a seed (digits in quotes), got {quoted(value)}")
    if not 0 <= value < 10**MAX_SEED_DIGITS:
        raise RecordError(f"{where}: a seed is 0 or more, of at most {MAX_SEED_DIGITS} digits")
    return value


class Fields:
    """A JSON object from a record, read through strict typed accessors.

    The object must hold every required field and no field outside ``required``
    and ``optional``; each accessor checks the type and range of one field and
    raises :class:`RecordError` naming ``where`` and the field. A missing optional
    field reads as its ``default``; JSON ``null`` is a value of its own (use
    :meth:`is_null`).
    """

    def __init__(
        self,
        data: object,
        where: str,
        required: Sequence[str] = (),
        optional: Sequence[str] = (),
    ) -> None:
        if not isinstance(data, Mapping):
            raise RecordError(f"{where}: expected an object, got {quoted(data)}")
        self.data: Mapping[str, Any] = data
        self.where = where
        for name in required:
            if name not in data:
                raise RecordError(f"{where}: missing field {name!r}")
        for name in data:
            if name not in required and name not in optional:
                raise RecordError(f"{where}: unexpected field '{safe_text(name, 40)}'")

    def name(self, field: str) -> str:
        """How errors name a field: ``round 3: field 'heels'``."""
        return f"{self.where}: field {field!r}"

    def has(self, field: str) -> bool:
        """Whether the field is present (``null`` counts as present)."""
        return field in self.data

    def is_null(self, field: str) -> bool:
        """Whether the field is present and ``null``."""
        return field in self.data and self.data[field] is None

    def raw(self, field: str) -> object:
        """The field's value unchecked (for a game's own value types, such as cards)."""
        return self.data.get(field)

    def version(self, field: str, supported: int) -> int:
        """The record's format version, which must be exactly ``supported``."""
        return check_version(self.data.get(field), self.name(field), supported)

    def integer(self, field: str, low: int, high: int, default: int | None = None) -> int:
        """A whole number ``low <= n <= high`` (not a bool, not a float like 1.0)."""
        if field not in self.data and default is not None:
            return default
        return check_int(self.data.get(field), self.name(field), low, high)

    def text(
        self,
        field: str,
        max_len: int,
        alphabet: str | None = None,
        pattern: re.Pattern[str] | None = None,
        default: str | None = None,
    ) -> str:
        """A string of at most ``max_len`` characters from ``alphabet``, matching ``pattern``."""
        if field not in self.data and default is not None:
            return default
        return check_text(self.data.get(field), self.name(field), max_len, alphabet, pattern)

    def flag(self, field: str, default: bool | None = None) -> bool:
        """``true`` or ``false`` (not ``1``, not ``"true"``)."""
        if field not in self.data and default is not None:
            return default
        return check_bool(self.data.get(field), self.name(field))

    def kind(self, field: str, expected: str) -> str:
        """The game a record names, which must be ``expected``."""
        return check_kind(self.data.get(field), self.name(field), expected)

    def seed(self, field: str) -> int:
        """A seed, see :func:`parse_seed`."""
        return parse_seed(self.data.get(field), self.name(field))

    def array(self, field: str, min_len: int = 0, max_len: int = 64) -> list[Any]:
        """A JSON array of ``min_len`` to ``max_len`` items (items unchecked)."""
        return check_list(self.data.get(field), self.name(field), min_len, max_len)

    def items(self, field: str, min_len: int = 0, max_len: int = 64) -> Iterator[tuple[str, Any]]:
        """The items of an array, each with the name errors should give it."""
        for index, item in enumerate(self.array(field, min_len, max_len), start=1):
            yield f"{self.name(field)} entry {index}", item

    def nested(
        self, field: str, required: Sequence[str] = (), optional: Sequence[str] = ()
    ) -> Fields:
        """A nested object, checked the same way."""
        return Fields(self.data.get(field), self.name(field), required, optional)


def check_version(value: object, where: str, supported: int) -> int:
    """A format version, exactly ``supported``: check it before other fields, so a record
    from a newer version of the game is refused as newer rather than as malformed."""
    if isinstance(value, bool) or not isinstance(value, int) or value != supported:
        raise RecordError(f"{where} is {quoted(value)}; this game reads version {supported}")
    return value


def check_int(value: object, where: str, low: int, high: int) -> int:
    """A whole number ``low <= n <= high``; ``true`` and ``1.0`` are refused."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{where}: expected a whole number, got {quoted(value)}")
    if not low <= value <= high:
        raise RecordError(f"{where}: expected {low} to {high}, got {quoted(value)}")
    return value


def check_bool(value: object, where: str) -> bool:
    """``true`` or ``false``; ``1``, ``0`` and text are refused."""
    if not isinstance(value, bool):
        raise RecordError(f"{where}: expected true or false, got {quoted(value)}")
    return value


def check_kind(value: object, where: str, expected: str) -> str:
    """The game a record names in its field 'game', which must be ``expected``.

    Checked before the other fields, so another game's record is refused as such."""
    if value != expected:
        shown = "missing" if value is None else f"is {quoted(value)}"
        raise RecordError(
            f'{where} {shown}: not a {expected} record (a {expected} record says "{expected}")'
        )
    return expected


def check_text(
    value: object,
    where: str,
    max_len: int,
    alphabet: str | None = None,
    pattern: re.Pattern[str] | None = None,
) -> str:
    """A string of at most ``max_len`` characters from ``alphabet``, matching ``pattern``."""
    if not isinstance(value, str):
        raise RecordError(f"{where}: expected text, got {quoted(value)}")
    if len(value) > max_len:
        raise RecordError(f"{where}: longer than {max_len} characters")
    if alphabet is not None:
        bad = next((ch for ch in value if ch not in alphabet), None)
        if bad is not None:
            raise RecordError(f"{where}: '{safe_text(bad)}' is not allowed here")
    if pattern is not None and not pattern.fullmatch(value):
        raise RecordError(f"{where}: {quoted(value)} is not in the expected form")
    return value


def check_list(value: object, where: str, min_len: int = 0, max_len: int = 64) -> list[Any]:
    """A JSON array of ``min_len`` to ``max_len`` items."""
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list, got {quoted(value)}")
    if not min_len <= len(value) <= max_len:
        count = f"{min_len}" if min_len == max_len else f"{min_len} to {max_len}"
        raise RecordError(f"{where}: expected {count} items, got {len(value)}")
    return value
