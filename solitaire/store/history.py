"""The history: every game of every kind, finished or in progress, in one SQLite file.

How it never loses a game:

- **One row per game.** A game in progress is an unfinished row, rewritten after
  every move in one transaction; finishing it is the same row becoming finished
  in one transaction. No game is ever both saved and filed, or neither, whatever
  moment a crash or a full disk strikes.
- **Rows are checked when read.** Each row's digest is keyed by the history's own
  secret; a row whose digest does not match, or any of whose fields (its summary
  by the game's own check) is not what this program writes, is reported and
  skipped, so lists, statistics and replays agree on which rows are good. A
  game's record is replayed only when it is replayed or resumed.
- **Reading never writes.** ``readonly=True`` (``stats``, ``history``, ``replay``)
  opens the database read-only; an older history is migrated in memory for the
  reading; a missing database is simply no games.
- **Screen state beside the record.** What a session's screen keeps of a game in
  progress (``screens``, see :mod:`solitaire.store.schema`) is written in the same
  transaction as the move, checked by its own digest when read (one that does not
  check out reads as none), and dropped when the game is filed.
- **Versions.** ``PRAGMA user_version`` is the schema version; older histories are
  migrated once (:mod:`solitaire.store.migration`), a newer one is refused and
  never touched; a file that is not a database, or a database that is not this
  program's, is set aside (renamed, kept) and a new one started.
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, ClassVar, Final
from urllib.parse import quote

from solitaire.core.names import APP_NAME, command
from solitaire.core.untrusted import RecordError
from solitaire.core.words import plural
from solitaire.store.migration import (
    UNMIGRATED,
    ForeignError,
    check_shape,
    check_version,
    import_saved_game,
    migrate,
    tables,
    transaction,
)
from solitaire.store.paths import NotInProgressError, SaveError, StoreError, problem, set_aside
from solitaire.store.practice import (
    ANSWERS,
    PRACTICE,
    StoredAnswer,
    StoredItem,
    add_answer,
    add_item,
    read_answers,
    read_items,
)
from solitaire.store.reviews import REVIEWS, StoredFigures, keep, read_body, read_figures
from solitaire.store.schema import (
    COLUMNS,
    KEYS,
    MAX_RECORD,
    MAX_SUMMARY,
    SCHEMA_VERSION,
    SCREENS,
    YOU,
    GameRow,
    Kind,
    Summary,
    digest,
    screen_digest,
    unreadable,
    when,
)

__all__ = ["History"]

KEY_FILE: Final = "history.key"  # where an earlier release kept the key
_EVERY_ROW: Final = 1 << 63  # no key at all: every row is shown unchecked


def _stored_key(conn: sqlite3.Connection) -> tuple[bytes, int] | None:
    """The key kept in the database and the first game id it signed, or None."""
    if "history_key" not in tables(conn):
        return None
    found = conn.execute("SELECT key, since FROM history_key WHERE id = 1").fetchone()
    if found is None:
        return None
    key, since = found
    if isinstance(key, bytes) and len(key) == 32 and type(since) is int and since >= 0:
        return key, since
    return None


# The record is read as its bytes (its digest is over them; nothing decodes it unless it
# is replayed), and only when it is text: anything else reads as NULL, not text.
_SELECTED: Final = ", ".join(COLUMNS).replace(
    "record", "CASE typeof(record) WHEN 'text' THEN CAST(record AS BLOB) END"
)


def _no_constant(name: str) -> object:
    raise RecordError(f"{name} is not a JSON number")


# One decoder for every summary read (json.loads with an option builds one a call).
_SUMMARY: Final = json.JSONDecoder(parse_constant=_no_constant)


class History:
    """Every game in SQLite: finished ones, and those in progress (resumable).

    ``kinds`` are the games this program knows, handed by the layer above: each
    row's summary is checked by its kind, and an older history is migrated with
    them. ``readonly=True`` opens for reading only: nothing is created, migrated,
    imported or set aside, and a missing database reads as no games.
    """

    #: Each commit waits until the disk has it. Only the test suite and bulk fills turn
    #: this off: a crash of the system (not of the program) may then lose the last saves.
    durable: ClassVar[bool] = True

    def __init__(
        self,
        data_dir: Path,
        timeout: float = 5.0,
        *,
        readonly: bool = False,
        kinds: Mapping[str, Kind],
    ) -> None:
        self.data_dir = data_dir
        self.path = data_dir / "history.sqlite3"
        self.readonly = readonly
        self.kinds: Mapping[str, Kind] = kinds  # the games whose rows this program reads
        self.notices: list[str] = []  # set-aside files, imports: one line each
        self.skipped: dict[int, str] = {}  # rows that do not check out: id -> why
        self._timeout = timeout  # seconds to wait for another program's write
        self.unchecked: dict[int, str] = {}  # rows shown though their digest is not checked
        self._key: bytes | None = None  # what new rows are signed with
        self._keys: tuple[bytes, ...] = ()  # what rows are checked with
        self._since = 0  # rows below this id were stored before the key: shown if unchecked
        self._lost = ""  # what became of the key those rows were stored under, in words
        self._conn: sqlite3.Connection | None = self._open()
        if not readonly and self._conn is not None:
            found = import_saved_game(self.data_dir, self._conn, self.kinds, self._add)
            self.notices.extend(found)

    @property
    def notice(self) -> str | None:
        """Everything worth telling about opening the history, in one line (or None)."""
        return " ".join(self.notices) or None

    # -- opening ----------------------------------------------------------------

    def _open(self) -> sqlite3.Connection | None:
        if self.path.exists() and not self.path.is_file():  # a FIFO or a device would hang
            if self.readonly:
                raise StoreError(f"cannot open the history {self.path}: not a regular file")
            self._set_aside("was not a regular file")
        if self.readonly:
            return self._open_for_reading()
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"cannot use data directory {self.data_dir}: {problem(error)}"
            ) from None
        if self.path.exists() and not self.path.stat().st_mode & 0o222:  # even for root
            raise StoreError(f"cannot use the history: the file {self.path} is read-only")
        if not self.path.exists():  # a new history that cannot be made leaves nothing behind
            try:
                return self._opened()
            except BaseException:
                self._unmade()
                raise
        return self._opened()

    def _unmade(self) -> None:
        """Remove the empty database a failed first opening made (a full disk, say)."""
        with suppress(OSError):
            if self.path.stat().st_size == 0:  # never written: no row, no key in it
                self.path.with_name(self.path.name + "-journal").unlink(missing_ok=True)
                self.path.unlink()

    def _opened(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except ForeignError as error:
            self._set_aside(f"is not a {APP_NAME} history ({error})")
            return self._connect()
        except StoreError:
            raise
        except sqlite3.OperationalError as error:  # locked or unreadable: not damage
            raise StoreError(
                f"cannot open the history {self.path}: {problem(error, self.path)}"
            ) from None
        except sqlite3.DatabaseError as error:
            self._set_aside(f"was damaged ({error})")
            return self._connect()

    def _set_aside(self, why: str) -> None:
        moved = set_aside(self.path)
        self.notices.append(
            f"The history {self.path} {why}; it was set aside as {moved} and a new one started."
        )

    def _side_key(self) -> tuple[bytes | None, str]:
        """The key an earlier release kept beside the database (``history.key``), or None
        and what is wrong with that file, in a few words."""
        path = self.data_dir / KEY_FILE
        try:
            if not path.exists():
                return None, "is missing"
            if not path.is_file():  # a directory, /dev/null: never opened
                return None, "is not a regular file"
            with path.open("rb") as handle:
                raw = handle.read(256)
        except OSError as error:
            return None, f"cannot be read ({problem(error)})"
        if not raw.strip():
            return None, "is empty"
        try:
            key = bytes.fromhex(raw.decode("ascii").strip())
        except ValueError:
            key = b""
        return (key, "") if len(key) == 32 else (None, "does not hold a key")

    def _use_key(self, stored: tuple[bytes, int] | None) -> None:
        """Sign with the stored key; check with it and with the side file's, if any."""
        side, why = self._side_key()
        if stored is None and side is not None:  # an earlier release's history, read
            stored = (side, 0)
        if stored is None:  # nothing can be checked: every row is shown unchecked
            self._key, self._keys, self._since = None, (), _EVERY_ROW
        else:
            self._key, self._since = stored
            self._keys = (self._key,) if side in (None, self._key) else (self._key, side)
        self._lost = f"the key {self.data_dir / KEY_FILE} {why or 'is not theirs'}"

    def _adopt_key(self, conn: sqlite3.Connection) -> None:
        """The history's key, kept in the database: an earlier release's side file read into
        it, or a new key made (the rows stored before it are then shown unchecked)."""
        stored = _stored_key(conn)
        if stored is None:
            side, why = self._side_key()
            with transaction(conn):
                conn.execute(KEYS)
                stored = _stored_key(conn)  # another copy of the program may have made it
                if stored is None:
                    count, top = conn.execute(
                        "SELECT count(*), coalesce(max(id), 0) FROM games"
                    ).fetchone()
                    stored = (side, 0) if side is not None else (secrets.token_bytes(32), top + 1)
                    conn.execute(
                        "INSERT OR REPLACE INTO history_key (id, key, since) VALUES (1, ?, ?)",
                        stored,
                    )
                    if side is None and count:
                        self.notices.append(
                            f"The history's key {self.data_dir / KEY_FILE} {why}: its "
                            f"{plural(count, 'stored game')} cannot be checked against "
                            f"{'their digests' if count != 1 else 'its digest'}; kept, and "
                            f"listed marked ? ({command('history --check')} compares "
                            "each with its record)."
                        )
        self._use_key(stored)

    def _open_for_reading(self) -> sqlite3.Connection | None:
        if not self.path.exists():
            return None
        uri = f"file:{quote(str(self.path.resolve()))}?mode=ro"
        try:
            conn = sqlite3.connect(uri, uri=True, timeout=self._timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise StoreError(
                f"cannot read the history {self.path}: {problem(error, self.path)}"
            ) from None
        try:
            version = check_version(conn, self.path)
            if version == 0 and not tables(conn):  # an empty file: never written
                conn.close()
                return None
            check_shape(conn, version)
            if version < SCHEMA_VERSION:  # read an older history as migrated, in memory
                memory = sqlite3.connect(":memory:", isolation_level=None)
                conn.backup(memory)
                conn.close()
                conn = memory
                key = secrets.token_bytes(32)
                with transaction(conn):
                    self.notices += migrate(conn, version, self.kinds, key)
                self._use_key((key, 0))
            else:
                self._use_key(_stored_key(conn))
        except ForeignError as error:
            conn.close()
            raise StoreError(
                f"the history {self.path} is not a {APP_NAME} history ({error}); "
                f"{command('play')} sets it aside"
            ) from None
        except StoreError:
            conn.close()
            raise
        except sqlite3.OperationalError as error:
            conn.close()
            raise StoreError(
                f"cannot read the history {self.path}: {problem(error, self.path)}"
            ) from None
        except sqlite3.DatabaseError as error:
            conn.close()
            raise StoreError(
                f"the history {self.path} is damaged ({error}); {command('play')} sets it aside"
            ) from None
        return conn

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=self._timeout, isolation_level=None)
        if not self.durable:
            conn.execute("PRAGMA synchronous = OFF")
        try:
            version = check_version(conn, self.path)
            check_shape(conn, version)
            if version < SCHEMA_VERSION:  # a new history, or an older one: every row keyed
                key = secrets.token_bytes(32)
                with transaction(conn):
                    self.notices += migrate(conn, version, self.kinds, key)
                    conn.execute(
                        "INSERT OR REPLACE INTO history_key (id, key, since) VALUES (1, ?, 0)",
                        (key,),
                    )
            self._adopt_key(conn)
            missing = {
                "screens": SCREENS,
                "reviews": REVIEWS,
                "practice": PRACTICE,
                "answers": ANSWERS,
            }.items()
            made = set(tables(conn))
            if any(table not in made for table, _ in missing):  # schema 3 of an earlier release
                with transaction(conn):
                    for table, sql in missing:
                        if table not in made:
                            conn.execute(sql)
            conn.execute("SELECT id, record FROM games LIMIT 1").fetchall()
        except BaseException:
            conn.close()
            raise
        return conn

    def close(self) -> None:
        """Close the database."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -----------------------------------------------------------------

    def _writable(self) -> sqlite3.Connection:
        if self.readonly or self._conn is None:
            raise StoreError("the history was opened for reading only")
        return self._conn

    @contextmanager
    def _writing(self, what: str) -> Iterator[sqlite3.Connection]:
        """One transaction; a failure is a SaveError naming what was not saved and why."""
        conn = self._writable()
        try:
            with transaction(conn):
                yield conn
        except sqlite3.Error as error:
            raise SaveError(f"{what} could not be saved: {problem(error, self.path)}") from None

    def _write(
        self, conn: sqlite3.Connection, sql: str, params: Sequence[object]
    ) -> sqlite3.Cursor:
        """Every write goes through here (a seam for fault injection in tests)."""
        return conn.execute(sql, params)

    def _values(
        self, kind: str, record: Mapping[str, Any] | str, summary: Summary, played_by: str
    ) -> dict[str, object]:
        return {
            "kind": kind,
            "played_by": played_by,
            "played_at": dt.datetime.now().isoformat(timespec="seconds"),
            "seed": None if summary.seed is None else str(summary.seed),
            "finished": int(summary.finished),
            "summary": json.dumps(dict(summary.fields), separators=(",", ":")),
            "record": record if isinstance(record, str) else json.dumps(record),
        }

    def _add(self, conn: sqlite3.Connection, values: Mapping[str, object]) -> int:
        """A new row with its digest, in the caller's transaction; returns its id."""
        assert self._key is not None
        game_id = int(conn.execute("SELECT coalesce(max(id), 0) + 1 FROM games").fetchone()[0])
        self._write(
            conn,
            f"INSERT INTO games (id, {', '.join(COLUMNS)}, digest)"
            f" VALUES ({', '.join('?' * (len(COLUMNS) + 2))})",
            (game_id, *(values[c] for c in COLUMNS), digest(self._key, game_id, values)),
        )
        return game_id

    def add(
        self,
        kind: str,
        record: Mapping[str, Any] | str,
        summary: Summary,
        played_by: str = YOU,
        *,
        screen: Mapping[str, Any] | None = None,
    ) -> int:
        """Store a game (finished, or in progress) as a new row; returns its id. ``screen``:
        the screen state to keep beside a game in progress."""
        with self._writing("the game") as conn:
            values = self._values(kind, record, summary, played_by)
            game_id = self._add(conn, values)
            if screen is not None and not summary.finished:
                self._keep(conn, game_id, kind, screen, str(values["record"]))
            return game_id

    def save(
        self,
        game_id: int,
        kind: str,
        record: Mapping[str, Any] | str,
        summary: Summary,
        played_by: str = YOU,
        *,
        screen: Mapping[str, Any] | None = None,
    ) -> None:
        """Rewrite a game in progress after a move; once finished it is filed (and its
        screen state dropped). ``screen``: the screen state to keep beside it."""
        values = self._values(kind, record, summary, played_by)
        assert self._key is not None
        what = "the game" if summary.finished else "the move"
        with self._writing(what) as conn:
            cursor = self._write(
                conn,
                f"UPDATE games SET {', '.join(f'{c} = ?' for c in COLUMNS)}, digest = ?"
                " WHERE id = ? AND kind = ? AND finished = 0",
                (
                    *(values[c] for c in COLUMNS),
                    digest(self._key, game_id, values),
                    game_id,
                    kind,
                ),
            )
            if cursor.rowcount != 1:
                raise NotInProgressError(
                    f"{what} could not be saved: game {game_id} is no longer in progress"
                )
            if summary.finished:
                self._write(conn, "DELETE FROM screens WHERE id = ?", (game_id,))
            elif screen is not None:
                self._keep(conn, game_id, kind, screen, str(values["record"]))

    def withdraw(self, game_id: int, kind: str) -> None:
        """Take out a game in progress whose every move was taken back: a game with no
        move made is not kept (a new row is added if it is played on)."""
        with self._writing("the move") as conn:
            self._write(conn, "DELETE FROM screens WHERE id = ?", (game_id,))
            cursor = self._write(
                conn,
                "DELETE FROM games WHERE id = ? AND kind = ? AND finished = 0",
                (game_id, kind),
            )
            if cursor.rowcount != 1:
                raise NotInProgressError(
                    f"the move could not be saved: game {game_id} is no longer in progress"
                )

    def _keep(
        self,
        conn: sqlite3.Connection,
        game_id: int,
        kind: str,
        screen: Mapping[str, Any],
        record: str,
    ) -> None:
        assert self._key is not None
        state = json.dumps(dict(screen), separators=(",", ":"))
        self._write(
            conn,
            "INSERT OR REPLACE INTO screens (id, state, digest) VALUES (?, ?, ?)",
            (game_id, state, screen_digest(self._key, game_id, kind, state, record)),
        )

    def keep_screen(self, game_id: int, kind: str, screen: Mapping[str, Any]) -> None:
        """Keep a game in progress's screen state beside it (its record is untouched)."""
        with self._writing("the move") as conn:
            found = conn.execute(
                "SELECT record FROM games WHERE id = ? AND kind = ? AND finished = 0",
                (game_id, kind),
            ).fetchone()
            if found is None or not isinstance(found[0], str):
                raise NotInProgressError(
                    f"the move could not be saved: game {game_id} is no longer in progress"
                )
            self._keep(conn, game_id, kind, screen, found[0])

    def screen_state(self, game_id: int, kind: str) -> dict[str, Any]:
        """The screen state kept beside a game: empty when none is kept, or when what is
        kept does not check out (its digest, its form); its values are still untrusted."""
        if self._conn is None or self._key is None:
            return {}
        try:
            found = self._conn.execute(
                "SELECT screens.state, screens.digest, games.record FROM screens"
                " JOIN games ON games.id = screens.id WHERE screens.id = ? AND games.kind = ?",
                (game_id, kind),
            ).fetchone()
        except sqlite3.OperationalError:  # an earlier release's history read as it is
            return {}
        if found is None:
            return {}
        state, stored, record = found
        if not (isinstance(state, str) and len(state) <= MAX_SUMMARY and isinstance(record, str)):
            return {}
        if stored != screen_digest(self._key, game_id, kind, state, record):
            return {}
        try:
            loaded = json.loads(state)
        except ValueError:
            return {}
        return loaded if isinstance(loaded, dict) else {}

    # -- reviews -----------------------------------------------------------------

    def keep_review(self, game_id: int, kind: str, review: Mapping[str, Any]) -> None:
        """Keep a finished game's review beside it (see :mod:`solitaire.store.reviews`)."""
        with self._writing("the review") as conn:
            finished = conn.execute(
                "SELECT 1 FROM games WHERE id = ? AND kind = ? AND finished = 1", (game_id, kind)
            ).fetchone()
            if finished is None:
                raise StoreError(f"no finished {self._noun(kind)} {game_id} to keep a review of")
            assert self._key is not None
            keep(conn, self._key, game_id, kind, review)

    def kept_review(self, game_id: int, kind: str) -> dict[str, Any] | None:
        """A finished game's kept review (untrusted JSON), or None: none kept, or what is
        kept does not check out."""
        if self._conn is None:
            return None
        return read_body(self._conn, self._keys, game_id, kind)

    def review_figures(self, kinds: Sequence[str] = ()) -> list[StoredFigures]:
        """Each reviewed finished game's seat figures (untrusted JSON), by id."""
        if self._conn is None:
            return []
        return list(read_figures(self._conn, self._keys, kinds))

    # -- practice ----------------------------------------------------------------

    def practice_items(self, kind: str) -> list[StoredItem]:
        """The practice positions of ``kind`` that check out (see
        :mod:`solitaire.store.practice`)."""
        return [] if self._conn is None else read_items(self._conn, self._keys, kind)

    def practice_answers(self, kind: str) -> list[StoredAnswer]:
        """The answers given to positions of ``kind`` that check out, in order."""
        return [] if self._conn is None else read_answers(self._conn, self._keys, kind)

    def add_practice(self, kind: str, source: Mapping[str, Any], state: Mapping[str, Any]) -> int:
        """Keep a new practice position; returns its id."""
        with self._writing("the position") as conn:
            assert self._key is not None
            return add_item(conn, self._key, kind, source, state)

    def answer_practice(
        self,
        item_id: int,
        kind: str,
        source: Mapping[str, Any],
        state: Mapping[str, Any],
        answer: Mapping[str, Any],
    ) -> None:
        """Keep an answer and the position's new state, in one transaction."""
        with self._writing("the answer") as conn:
            assert self._key is not None
            add_item(conn, self._key, kind, source, state, item_id)
            add_answer(conn, self._key, item_id, kind, answer)

    # -- reading -----------------------------------------------------------------

    def _rows(self, where: str = "", params: Sequence[object] = ()) -> Iterator[tuple[Any, ...]]:
        if self._conn is None:
            return
        sql = f"SELECT id, {_SELECTED}, digest FROM games WHERE 1 {where}"
        try:
            yield from self._conn.execute(sql, params)
        except sqlite3.OperationalError as error:
            raise StoreError(
                f"cannot read the history {self.path}: {problem(error, self.path)}"
            ) from None

    def _checked(self, raw: tuple[Any, ...]) -> GameRow | None:
        """The row if it checks out; else None, and the reason is kept in ``skipped``."""
        game_id, *fields, stored_digest = raw
        values = dict(zip(COLUMNS, fields, strict=True))
        if not isinstance(game_id, int):
            self.skipped[-1] = "its id is not a whole number"
            return None
        why = self._why_not(game_id, values, stored_digest)
        checked = why is None
        why = None if why == "" else why
        summary: dict[str, Any] = {}
        if why is None:
            try:  # bounded in size already; the game's shape checks every field
                summary = _SUMMARY.decode(str(values["summary"]))
            except (ValueError, RecursionError):
                why = "its summary is not one this program writes (not JSON)"
            if not isinstance(summary, dict):
                why, summary = "its summary is not one this program writes", {}
        if why is None:
            kind = self.kinds.get(str(values["kind"]))
            why = "its kind is not known here" if kind is None else kind.check(summary)
        if why is not None:
            self.skipped[game_id] = why
            return None
        if not checked:
            self.unchecked[game_id] = self._lost
        seed = values["seed"]
        return GameRow(
            id=game_id,
            kind=str(values["kind"]),
            played_by=str(values["played_by"]),
            played_at=when(values["played_at"]),
            seed=None if seed is None else int(str(seed)),
            finished=bool(values["finished"]),
            summary=summary,
            checked=checked,
        )

    def _why_not(self, game_id: int, values: Mapping[str, object], stored: object) -> str | None:
        """Why the row is skipped, or None; "" when it is shown though its digest cannot be
        checked (stored under a key the history no longer has)."""
        if stored == UNMIGRATED:
            return f"it did not check out when the history was migrated ({values['summary']})"
        why = unreadable(values)
        if why is not None:
            return why
        if any(stored == digest(key, game_id, values) for key in self._keys):
            return None
        if game_id < self._since:
            return ""
        return "its fields were changed after it was stored"

    def report(self) -> str | None:
        """One line about the rows skipped so far, or None."""
        if not self.skipped:
            return None
        ids = ", ".join(str(i) for i in sorted(self.skipped)[:10])
        more = "..." if len(self.skipped) > 10 else ""
        count = len(self.skipped)
        return (
            f"{plural(count, 'game')} in the history "
            f"{'do' if count != 1 else 'does'} not check out and "
            f"{'were' if count != 1 else 'was'} skipped (edited or damaged): {ids}{more}"
        )

    def unchecked_report(self) -> str | None:
        """One line about the rows shown though their digests could not be checked, or None."""
        if not self.unchecked:
            return None
        ids = ", ".join(str(i) for i in sorted(self.unchecked)[:10])
        more = "..." if len(self.unchecked) > 10 else ""
        count = len(self.unchecked)
        many = count != 1
        return (
            f"{plural(count, 'game')} ({ids}{more}) cannot be checked against "
            f"{'their digests' if many else 'its digest'}, as {self._lost}: shown, marked ? "
            f"in listings; {command('history --check')} compares "
            f"{'each' if many else 'it'} with its record."
        )

    def games(self, limit: int | None = None, *, kind: str) -> list[GameRow]:
        """Stored games of a kind that check out, newest first (``limit`` of them when given)."""
        rows: list[GameRow] = []
        for raw in self._rows("AND +kind = ? ORDER BY id DESC", (kind,)):
            row = self._checked(raw)
            if row is not None:
                rows.append(row)
                if limit is not None and len(rows) >= limit:
                    break
        return rows

    def games_by_kind(self, limits: Mapping[str, int] | None = None) -> dict[str, list[GameRow]]:
        """Stored games of every known kind that check out, newest first (at most
        ``limits[kind]`` of a kind given one): what :meth:`games` gives for each kind, read
        in one pass over the history."""
        limits = limits or {}
        rows: dict[str, list[GameRow]] = {kind: [] for kind in self.kinds}
        wanted = set(rows)
        for raw in self._rows("ORDER BY id DESC"):
            if raw[1] not in wanted:  # another kind, or one whose limit is reached
                continue
            row = self._checked(raw)
            if row is None:
                continue
            listed = rows[row.kind]
            listed.append(row)
            limit = limits.get(row.kind)
            if limit is not None and len(listed) >= limit:
                wanted.discard(row.kind)
                if not wanted:
                    break
        return rows

    def unfinished(self, kind: str) -> list[GameRow]:
        """Games of a kind in progress that check out, the latest played first."""
        rows = [
            row
            for raw in self._rows("AND +kind = ? AND +finished = 0 ORDER BY id DESC", (kind,))
            if (row := self._checked(raw)) is not None
        ]
        return sorted(rows, key=lambda r: r.played_at, reverse=True)

    def kind_of(self, game_id: int) -> str | None:
        """The kind of a stored game that checks out, or None when there is none."""
        for raw in self._rows("AND id = ?", (game_id,)):
            row = self._checked(raw)
            if row is None:
                raise StoreError(
                    f"game {game_id} in the history does not check out ({self.skipped[game_id]})"
                )
            return row.kind
        return None

    def _noun(self, kind: str) -> str:
        known = self.kinds.get(kind)
        return known.noun if known is not None else f"{kind} game"

    def stored_record(self, game_id: int, kind: str) -> tuple[GameRow, str]:
        """A game's checked row and its record's text (the caller replays it)."""
        raws = list(self._rows("AND id = ?", (game_id,)))
        name = self._noun(kind)
        if not raws:
            raise StoreError(f"no {name} {game_id} in the history (see {command('history')})")
        row = self._checked(raws[0])
        if row is None:
            raise StoreError(
                f"{name} {game_id} in the history does not check out ({self.skipped[game_id]})"
            )
        if row.kind != kind:
            other = self._noun(row.kind)
            article = "an" if other[0] in "aeiou" else "a"
            raise StoreError(
                f"game {game_id} is {article} {other}, not a {name} (see {command('history')})"
            )
        data = raws[0][1 + COLUMNS.index("record")]
        try:
            text = data.decode("utf-8") if isinstance(data, bytes) else None
        except UnicodeDecodeError:
            text = None
        if text is None or len(text) > MAX_RECORD:
            raise StoreError(f"{name} {game_id} in the history has no readable record")
        return row, text
