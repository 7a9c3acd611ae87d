"""Where an event lives: a SQLite file (the default) or a PostgreSQL database named by URL.

A location is what the user types as `EVENT`:
- a file path, `bonn.db` (SQLite; one file per event);
- `postgresql://user:password@host:5432/dbname?event=bonn-2026`: the event `bonn-2026` in that
  database. One database holds any number of events, each in a schema of its own
  (`tourney_bonn_2026`), so the tables of one event never see another's. Without `?event=` the
  URL names the database's single event (schema `tourney`), so the simplest use needs nothing
  extra.
Passwords never leave this module unmasked: `Location.display` is what messages show.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event as sa_event
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError

from tourney.core.errors import EventError
from tourney.core.i18n import _

#: The schema of a database's unnamed event, and the prefix of named ones.
SCHEMA = "tourney"
EVENT_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
POSTGRES_SCHEMES = ("postgresql", "postgres")


@dataclass(frozen=True)
class Location:
    """A parsed `EVENT` argument."""

    url: str                 # the SQLAlchemy URL to connect with (may carry a password)
    display: str             # what messages show: the path, or the URL with the password masked
    path: Path | None        # the SQLite file, None for a server database
    event: str | None        # the event's name inside a server database (None: the single one)

    @property
    def is_file(self) -> bool:
        return self.path is not None

    @property
    def title(self) -> str:
        """A default event name: the file name without its ending, or the event's name."""
        if self.path is not None:
            return self.path.stem
        return self.event or make_url(self.url).database or "event"

    @property
    def schema(self) -> str | None:
        """The PostgreSQL schema holding this event's tables (None for SQLite)."""
        if self.path is not None:
            return None
        return SCHEMA if self.event is None else f"{SCHEMA}_{self.event.replace('-', '_')}"


def parse_location(location: str | os.PathLike[str]) -> Location:
    """Read an `EVENT` argument: a file path, a `sqlite:///` URL or a `postgresql://` URL."""
    text = str(location)
    if "://" not in text:
        return Location(f"sqlite:///{text}", text, Path(text), None)
    try:
        url = make_url(text)
    except ArgumentError:
        raise EventError(_("{where!r} is not a database URL: write a file name like bonn.db, or "
                           "postgresql://user@host/dbname?event=NAME").format(where=mask(text))) from None
    backend = url.get_backend_name()
    if backend == "sqlite":
        if not url.database:
            raise EventError(_("{where!r} names no file: write sqlite:///bonn.db or just bonn.db").format(
                where=mask(text)))
        return Location(text, text, Path(url.database), None)
    if backend not in POSTGRES_SCHEMES:
        raise EventError(_("{where!r}: tourney keeps events in a file (bonn.db) or in PostgreSQL "
                           "(postgresql://user@host/dbname?event=NAME), not in {backend!r}").format(
            where=mask(text), backend=backend))
    event = url.query.get("event")
    if isinstance(event, tuple):
        raise EventError(_("{where!r} names ?event= twice: name one event").format(where=mask(text)))
    if event is not None and not EVENT_NAME.fullmatch(event):
        raise EventError(_("event name {event!r} in {where!r}: use 1-40 lower-case letters, digits, '-' or '_', "
                           "starting with a letter or digit").format(event=event, where=mask(text)))
    driver = url.set(drivername="postgresql+psycopg").difference_update_query(["event"])
    return Location(driver.render_as_string(hide_password=False), mask(text), None, event)


def mask(text: str) -> str:
    """A location as messages may show it: the password of a URL replaced by ***."""
    if "://" not in text:
        return text
    try:
        url = make_url(text)
    except ArgumentError:
        return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", text)
    return url.render_as_string(hide_password=True)


def _on_sqlite_connect(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def connect(location: Location, schema: str | None = None) -> Engine:
    """An engine for the location; on PostgreSQL every unqualified table name is looked up in
    `schema` (the event's), so the same table definitions serve every event of a database."""
    try:
        engine = sa.create_engine(location.url)
    except ModuleNotFoundError as exc:  # the database driver is an optional install
        raise EventError(_("can't reach {where!r}: the PostgreSQL driver is missing ({module}): install it with "
                           "'pip install \"psycopg[binary]\"'").format(where=location.display,
                                                                        module=exc.name)) from None
    if engine.dialect.name == "sqlite":
        sa_event.listen(engine, "connect", _on_sqlite_connect)
        return engine
    return engine.execution_options(schema_translate_map={None: schema or location.schema})


def event_schemas(conn: Connection) -> list[str]:
    """The schemas of a PostgreSQL database that hold tourney events."""
    rows = conn.execute(sa.text(
        "select schema_name from information_schema.schemata "
        "where schema_name = :plain or schema_name like :named order by schema_name"),
        {"plain": SCHEMA, "named": f"{SCHEMA}\\_%"}).scalars().all()
    return list(rows)


def event_name(schema: str) -> str:
    return _("(unnamed)") if schema == SCHEMA else schema[len(SCHEMA) + 1:]


def server_error(location: Location, exc: sa.exc.DBAPIError) -> EventError:
    """A clear message for a database server that can't be reached or refuses us."""
    first = str(exc.orig).strip().splitlines()[0] if exc.orig is not None else type(exc).__name__
    return EventError(_("can't open {where!r}: {reason}: check the server address, user and password, and that "
                        "the database exists").format(where=location.display, reason=first))
