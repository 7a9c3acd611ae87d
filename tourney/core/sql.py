"""The two databases an event lives in, behind one small interface the store writes plain SQL
to: an event file through the standard library's `sqlite3`, a PostgreSQL database through
SQLAlchemy (`tourney.core.pgsql`, imported only for a server URL). So a command on an
event file never loads SQLAlchemy, whose import alone took longer than a whole `standings`.

Statements use `:name` parameters, which both drivers read; a list value expands into an
`IN` list (`expand`). Driver errors come out as this module's `DatabaseError` classes, the
same for both databases, with the driver's own error as `orig`.
"""
from __future__ import annotations

import os
import re
import sqlite3
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

#: A statement's parameters by name.
Params = Mapping[str, object]
Row = tuple[Any, ...]


class DatabaseError(Exception):
    """The database refused a statement; `orig` is the driver's error."""

    def __init__(self, orig: BaseException) -> None:
        super().__init__(str(orig))
        self.orig = orig


class OperationalError(DatabaseError):
    """Busy or locked, unreachable, disk full, a file that can't be opened or written."""


class Busy(OperationalError):
    """Another program held the event's write lock longer than `WRITE_WAIT`: nothing was done."""


#: Seconds a change waits for another writer's lock before giving up (`Busy`).
WRITE_WAIT = 5.0


class ProgrammingError(DatabaseError):
    """A statement about a table or schema that is not there (an event dropped meanwhile)."""


class IntegrityError(DatabaseError):
    """A row that breaks a key or a constraint."""


class Result:
    """A statement's rows (as tuples), their column names and the number of rows it changed."""

    def __init__(self, rows: list[Row], columns: list[str], rowcount: int) -> None:
        self.rows = rows
        self.columns = columns
        self.rowcount = rowcount

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def all(self) -> list[Row]:
        return self.rows

    def first(self) -> Row | None:
        return self.rows[0] if self.rows else None

    def scalar(self) -> Any:
        """The first column of the first row (None without rows)."""
        return self.rows[0][0] if self.rows else None


class Connection(Protocol):
    """A connection inside `Database.read()` or `Database.begin()`."""

    dialect: str

    def execute(self, sql: str, params: Params | None = None) -> Result: ...

    def execute_many(self, sql: str, rows: Sequence[Params]) -> None: ...

    def send(self, sql: str, params: Params | None = None) -> None: ...


class Database(Protocol):
    """An event's database: reads see one snapshot, `begin` is one transaction."""

    dialect: str
    #: Called with every statement run (tests count round trips with it).
    trace: Callable[[str], None] | None

    def read(self) -> Any: ...  # a context manager giving a Connection

    def begin(self) -> Any: ...  # a context manager giving a Connection

    def dispose(self) -> None: ...


_NAME = re.compile(r":([A-Za-z_][A-Za-z0-9_]*)")


def expand(sql: str, params: Params | None) -> tuple[str, dict[str, object]]:
    """`sql` with every list-valued parameter written out as an `IN` list: `:ids` with
    `[4, 7]` becomes `(:ids_0, :ids_1)`, `:pairs` with `[(1, 2)]` becomes `((:pairs_0_0,
    :pairs_0_1))`, an empty list a list that matches nothing."""
    if not params:
        return sql, {}
    flat: dict[str, object] = {}
    lists: dict[str, str] = {}
    for key, value in params.items():
        if not isinstance(value, (list, tuple)):
            flat[key] = value
            continue
        items = []
        for i, item in enumerate(value):
            if isinstance(item, (list, tuple)):
                parts = []
                for j, part in enumerate(item):
                    flat[f"{key}_{i}_{j}"] = part
                    parts.append(f":{key}_{i}_{j}")
                items.append(f"({', '.join(parts)})")
            else:
                flat[f"{key}_{i}"] = item
                items.append(f":{key}_{i}")
        lists[key] = f"({', '.join(items)})" if items else "(SELECT NULL WHERE 1 = 0)"
    if lists:
        sql = _NAME.sub(lambda m: lists.get(m.group(1), m.group(0)), sql)
    return sql, flat


# --- SQLite: an event file ------------------------------------------------------------------
def _sqlite_error(exc: sqlite3.Error) -> DatabaseError:
    if isinstance(exc, sqlite3.IntegrityError):
        return IntegrityError(exc)
    if isinstance(exc, sqlite3.OperationalError):
        # "no such table" is SQLite's word for a table that is not there; the rest is the
        # file or the lock (busy, locked, disk full, read-only, can't open).
        said = str(exc)
        if said.startswith("no such table"):
            return ProgrammingError(exc)
        return Busy(exc) if said in ("database is locked", "database is busy") else OperationalError(exc)
    return DatabaseError(exc)


class SqliteConnection:
    """One `sqlite3` connection inside a read or a transaction."""

    dialect = "sqlite"

    def __init__(self, raw: sqlite3.Connection, trace: Callable[[str], None] | None) -> None:
        self.raw = raw
        self.trace = trace

    def execute(self, sql: str, params: Params | None = None) -> Result:
        text, values = expand(sql, params)
        if self.trace is not None:
            self.trace(text)
        try:
            cur = self.raw.execute(text, values)
            rows = cur.fetchall()
        except sqlite3.Error as exc:
            raise _sqlite_error(exc) from exc
        return Result(rows, [d[0] for d in cur.description or ()], cur.rowcount)

    def execute_many(self, sql: str, rows: Sequence[Params]) -> None:
        if self.trace is not None:
            self.trace(sql)
        try:
            self.raw.executemany(sql, rows)
        except sqlite3.Error as exc:
            raise _sqlite_error(exc) from exc

    def send(self, sql: str, params: Params | None = None) -> None:
        """A statement whose result nobody reads (PostgreSQL sends it with the next one)."""
        self.execute(sql, params)


class SqliteDatabase:
    """An event file. Connections are kept for reuse (the live server's threads take turns);
    each read is one snapshot (a read transaction), each `begin` one write transaction."""

    dialect = "sqlite"
    KEEP = 4  # idle connections kept open

    def __init__(self, path: Path) -> None:
        self.path = path
        self.trace: Callable[[str], None] | None = None
        self._idle: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self.media_read_only = False  # in a folder or on a file system that can't be written
        # The kept connections are closed when the database is dropped, and at the latest among
        # the functions run at exit: a `sqlite3` connection sits in a reference cycle with its
        # statement cache, so without this it would wait for the cyclic collector, its write-
        # ahead log beside the event file until then (`tourney.cli.base.end_program` skips that).
        weakref.finalize(self, _close_all, self._idle, self._lock)

    def _open(self) -> sqlite3.Connection:
        if self.media_read_only:
            return self._open_read_only()
        try:
            # isolation_level=None: the store says BEGIN and COMMIT itself, so a read is a
            # snapshot too, and nothing is begun behind its back.
            raw = sqlite3.connect(self.path, timeout=WRITE_WAIT, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise _sqlite_error(exc) from exc
        try:
            raw.execute("PRAGMA foreign_keys=ON")
            raw.execute("PRAGMA journal_mode=WAL")
            raw.execute(f"PRAGMA busy_timeout={int(WRITE_WAIT * 1000)}")
        except sqlite3.Error as exc:
            raw.close()
            if not _writable_folder(self.path) and self.path.is_file():
                # A read-only folder or file system: SQLite can't make its work files beside the
                # event (-wal, -shm), so the event is read as it lies on the disk, nothing stored.
                self.media_read_only = True
                return self._open_read_only()
            raise _sqlite_error(exc) from exc
        return raw

    def _open_read_only(self) -> sqlite3.Connection:
        """The event file opened for reading only. Without its write-ahead log beside it (closed
        cleanly: everything is in the file) it is read as immutable, as nobody can change it there."""
        wal = self.path.with_name(self.path.name + "-wal")
        uri = f"{self.path.resolve().as_uri()}?mode=ro" + ("" if wal.exists() else "&immutable=1")
        try:
            raw = sqlite3.connect(uri, uri=True, timeout=WRITE_WAIT, isolation_level=None, check_same_thread=False)
            raw.execute(f"PRAGMA busy_timeout={int(WRITE_WAIT * 1000)}")
        except sqlite3.Error as exc:
            raise _sqlite_error(exc) from exc
        return raw

    @contextmanager
    def _connection(self, begin: str) -> Iterator[SqliteConnection]:
        with self._lock:
            raw = self._idle.pop() if self._idle else None
        if raw is None:
            raw = self._open()
        try:
            raw.execute(begin)
        except sqlite3.Error as exc:
            raw.close()
            raise _sqlite_error(exc) from exc
        try:
            yield SqliteConnection(raw, self.trace)
            raw.execute("COMMIT")
        except BaseException as exc:
            try:
                if raw.in_transaction:
                    raw.execute("ROLLBACK")
            except sqlite3.Error:
                raw.close()
                raw = None
            if isinstance(exc, sqlite3.Error):  # the COMMIT itself (a full disk, a lost lock)
                raise _sqlite_error(exc) from exc
            raise
        finally:
            if raw is not None:
                with self._lock:
                    keep = len(self._idle) < self.KEEP
                    if keep:
                        self._idle.append(raw)
                if not keep:
                    raw.close()

    def read(self) -> Any:
        return self._connection("BEGIN")

    def begin(self) -> Any:
        # IMMEDIATE: the write lock is taken at once (waiting up to the busy timeout), not at
        # the first write, which in WAL mode fails outright when another writer committed since
        # this transaction's first read.
        return self._connection("BEGIN IMMEDIATE")

    def dispose(self) -> None:
        _close_all(self._idle, self._lock)


def _writable_folder(path: Path) -> bool:
    """Whether files can be made beside `path` (False on a read-only mount, too)."""
    return os.access(path.resolve().parent, os.W_OK)


def _close_all(idle: list[sqlite3.Connection], lock: threading.Lock) -> None:
    """Close the connections kept in `idle` (emptied in place: the database keeps the list)."""
    with lock:
        closing = idle[:]
        idle.clear()
    for raw in closing:
        raw.close()
