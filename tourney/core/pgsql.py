"""An event in a PostgreSQL database, through SQLAlchemy's engine (its pool and its URL
handling): the store's plain SQL runs as `text()`; every connection looks up table names in
the event's schema first (`search_path`), so one set of statements serves every event."""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

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
    orig: BaseException = exc.orig if exc.orig is not None else exc
    if getattr(orig, "sqlstate", None) in _BUSY:
        return Busy(orig)
    if isinstance(exc, sa.exc.OperationalError):
        return OperationalError(orig)
    if isinstance(exc, sa.exc.ProgrammingError):
        return ProgrammingError(orig)
    if isinstance(exc, sa.exc.IntegrityError):
        return IntegrityError(orig)
    return DatabaseError(orig)


class ServerConnection:
    """One pooled connection inside a read or a transaction."""

    dialect = "postgresql"

    def __init__(self, conn: sa.Connection, trace: Callable[[str], None] | None) -> None:
        self.conn = conn
        self.trace = trace

    def execute(self, sql: str, params: Params | None = None) -> Result:
        text, values = expand(sql, params)
        if self.trace is not None:
            self.trace(text)
        try:
            found = self.conn.execute(sa.text(text), values)
            rows, columns = ([tuple(r) for r in found], list(found.keys())) if found.returns_rows else ([], [])
        except sa.exc.DBAPIError as exc:
            raise _error(exc) from exc
        return Result(rows, columns, found.rowcount)

    def execute_many(self, sql: str, rows: Sequence[Params]) -> None:
        if self.trace is not None:
            self.trace(sql)
        try:
            self.conn.execute(sa.text(sql), list(rows))
        except sa.exc.DBAPIError as exc:
            raise _error(exc) from exc


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
                yield ServerConnection(conn, self.trace)
        except sa.exc.DBAPIError as exc:  # connecting, or the commit
            raise _error(exc) from exc

    def read(self) -> Any:
        return self._connection(False)

    def begin(self) -> Any:
        return self._connection(True)

    def dispose(self) -> None:
        self.engine.dispose()
