"""An event in a PostgreSQL database, through SQLAlchemy's engine (its pool, its URL handling
and its transactions) and psycopg's cursors (the store's plain SQL, its `:name` parameters
written as psycopg's); every connection looks up table names in the event's schema first
(`search_path`), so one set of statements serves every event."""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from typing import Any, cast

import psycopg
import sqlalchemy as sa
from sqlalchemy import event as sa_event

from tourney.core import sql
from tourney.core.sql import (
    Busy,
    DatabaseError,
    IntegrityError,
    OperationalError,
    Params,
    ProgrammingError,
    Result,
    expand,
)


#: PostgreSQL's codes for a lock not had within `lock_timeout`, and a statement cancelled.
_BUSY = ("55P03", "57014")


def _error(exc: sa.exc.DBAPIError) -> DatabaseError:
    """SQLAlchemy's error (connecting, committing) as the store's, from psycopg's inside it."""
    orig = exc.orig
    return _database_error(orig) if isinstance(orig, psycopg.Error) else DatabaseError(orig or exc)


#: A statement's parts that matter when its `:name` parameters become psycopg's `%(name)s`: a
#: quoted literal or identifier (no parameter inside), a `::` cast, a parameter, a `%`.
_PARTS = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|::|:([A-Za-z_][A-Za-z0-9_]*)|%")


@functools.lru_cache(maxsize=512)
def _pyformat(text: str) -> str:
    """The statement with psycopg's placeholders: `:name` as `%(name)s`, `%` as `%%`."""
    def part(m: re.Match[str]) -> str:
        if m.group(1) is not None:
            return f"%({m.group(1)})s"
        return m.group(0).replace("%", "%%")  # psycopg reads a `%` even inside quotes
    return _PARTS.sub(part, text)


def _database_error(exc: psycopg.Error) -> DatabaseError:
    """psycopg's error as the store's: Busy for a lock not had in time, else by its kind."""
    if getattr(exc, "sqlstate", None) in _BUSY:
        return Busy(exc)
    if isinstance(exc, psycopg.OperationalError):
        return OperationalError(exc)
    if isinstance(exc, psycopg.ProgrammingError):
        return ProgrammingError(exc)
    if isinstance(exc, psycopg.IntegrityError):
        return IntegrityError(exc)
    return DatabaseError(exc)


class ServerConnection:
    """One pooled connection inside a read or a transaction. Its statements go to psycopg's
    cursor directly (SQLAlchemy keeps the pool, the connecting and the transaction): building
    and compiling a `text()` clause for each cost more CPU than the statement's round trip,
    and a desk's save is some 15 statements.

    Statements whose result nobody reads (`send`, `execute_many`: the write lock, savepoints,
    inserts) wait in psycopg's pipeline and go with the next statement that returns rows, or
    with `flush` before the commit: a save under the event's lock waits for the database a
    few times instead of once a statement. Their errors are raised there, in the same
    transaction, which then rolls back as a whole."""

    dialect = "postgresql"

    def __init__(self, conn: sa.Connection, trace: Callable[[str], None] | None) -> None:
        self.trace = trace
        self.driver = cast("psycopg.Connection[Any]", conn.connection.driver_connection)
        self._waiting: ExitStack | None = None  # the open pipeline while statements wait in it

    def execute(self, sql: str, params: Params | None = None) -> Result:
        text, values = expand(sql, params)
        if self.trace is not None:
            self.trace(text)
        try:
            with self.driver.cursor() as cur:
                self._run(cur, text, values)
                self.flush()  # the statements waiting and this one: one round trip
                description = cur.description
                if description is None:
                    return Result([], [], cur.rowcount)
                return Result(cur.fetchall(), [c.name for c in description], cur.rowcount)
        except psycopg.Error as exc:
            raise _database_error(exc) from exc

    def execute_many(self, sql: str, rows: Sequence[Params]) -> None:
        if self.trace is not None:
            self.trace(sql)
        try:
            self._pipeline().executemany(_pyformat(sql), list(rows))
        except psycopg.Error as exc:
            raise _database_error(exc) from exc

    def send(self, sql: str, params: Params | None = None) -> None:
        """A statement whose result nobody reads: sent with the next one that returns rows."""
        text, values = expand(sql, params)
        if self.trace is not None:
            self.trace(text)
        try:
            self._run(self._pipeline(), text, values)
        except psycopg.Error as exc:
            raise _database_error(exc) from exc

    def flush(self) -> None:
        """Send the statements waiting and read their results (raising the first error)."""
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            try:
                waiting.close()
            except psycopg.Error as exc:
                raise _database_error(exc) from exc

    def drop(self) -> None:
        """Leave the pipeline while the transaction fails anyway (its rollback follows)."""
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            with suppress(psycopg.Error):
                waiting.close()

    def _pipeline(self) -> psycopg.Cursor[Any]:
        """A cursor of the open pipeline (opened now when none is)."""
        if self._waiting is None:
            stack = ExitStack()
            stack.enter_context(self.driver.pipeline())
            self._waiting = stack
        return self.driver.cursor()

    @staticmethod
    def _run(cur: psycopg.Cursor[Any], text: str, values: dict[str, object]) -> None:
        if values:
            cur.execute(_pyformat(text), values)
        else:  # no parameters: psycopg reads no placeholders (a `%` is itself)
            cur.execute(text)


class ServerDatabase:
    """A PostgreSQL database; `schema` is the event's (None: only schema-less statements,
    such as listing the events, may run). `begin` is one transaction; `read` runs each
    statement on its own (autocommit)."""

    dialect = "postgresql"

    def __init__(self, url: str, schema: str | None) -> None:
        # A change waits at most WRITE_WAIT for another writer's lock (the event's row lock),
        # then fails as Busy instead of waiting without limit.
        wait = f"-c lock_timeout={int(sql.WRITE_WAIT * 1000)}"
        self.engine = sa.create_engine(url, connect_args={"options": wait})
        self.trace: Callable[[str], None] | None = None
        if schema is not None:
            quoted = '"' + schema.replace('"', '""') + '"'

            def on_connect(dbapi_conn: Any, _record: Any) -> None:
                # Outside any transaction, so a rollback later does not undo it.
                autocommit = dbapi_conn.autocommit
                dbapi_conn.autocommit = True
                with dbapi_conn.cursor() as cur:
                    cur.execute(f"SET search_path TO {quoted}")
                dbapi_conn.autocommit = autocommit

            sa_event.listen(self.engine, "connect", on_connect)

    @contextmanager
    def _connection(self, begin: bool) -> Iterator[ServerConnection]:
        try:
            with self.engine.begin() if begin else self.engine.connect() as conn:
                if not begin:
                    # Reads run outside a transaction: at READ COMMITTED each statement sees
                    # what was committed when it began, inside a transaction or not, so a BEGIN
                    # and a ROLLBACK around them would only add two round trips each.
                    conn.execution_options(isolation_level="AUTOCOMMIT")
                server = ServerConnection(conn, self.trace)
                try:
                    yield server
                except BaseException:
                    server.drop()
                    raise
                server.flush()  # before the commit: what waits in the pipeline lands, or raises
        except sa.exc.DBAPIError as exc:  # connecting, or the commit
            raise _error(exc) from exc

    def read(self) -> Any:
        return self._connection(False)

    def begin(self) -> Any:
        return self._connection(True)

    def dispose(self) -> None:
        self.engine.dispose()
