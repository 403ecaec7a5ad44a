"""SQLite's errors as SQLite raises them, for injecting faults: each with its result code
(``sqlite_errorcode``), which is what the store reads, and SQLite's own words."""

from __future__ import annotations

import sqlite3

_WORDS = {
    sqlite3.SQLITE_FULL: ("SQLITE_FULL", "database or disk is full"),
    sqlite3.SQLITE_READONLY: ("SQLITE_READONLY", "attempt to write a readonly database"),
    sqlite3.SQLITE_BUSY: ("SQLITE_BUSY", "database is locked"),
    sqlite3.SQLITE_IOERR: ("SQLITE_IOERR", "disk I/O error"),
}


def sqlite_error(code: int, kind: type[sqlite3.Error] = sqlite3.OperationalError) -> sqlite3.Error:
    """The error SQLite raises for ``code`` (``sqlite3.SQLITE_FULL`` and the like)."""
    name, words = _WORDS[code]
    error = kind(words)
    error.sqlite_errorcode = code
    error.sqlite_errorname = name
    return error


FULL = sqlite3.SQLITE_FULL
FAULTS = [
    sqlite_error(sqlite3.SQLITE_FULL),
    sqlite_error(sqlite3.SQLITE_READONLY),
    sqlite_error(sqlite3.SQLITE_BUSY),
]
