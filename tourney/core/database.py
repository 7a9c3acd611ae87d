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
from typing import TYPE_CHECKING

from tourney.core.errors import EventError
from tourney.core.i18n import _
from tourney.core.sql import Connection, Database, DatabaseError, SqliteDatabase

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

#: The schema of a database's unnamed event, and the prefix of named ones.
SCHEMA = "tourney"
EVENT_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
POSTGRES_SCHEMES = ("postgresql", "postgres")


@dataclass(frozen=True)
class Location:
    """A parsed `EVENT` argument."""

    url: str                 # the URL to connect with (may carry a password)
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
        return self.event or _url(self.url).database or "event"

    @property
    def schema(self) -> str | None:
        """The PostgreSQL schema holding this event's tables (None for SQLite)."""
        if self.path is not None:
            return None
        return SCHEMA if self.event is None else f"{SCHEMA}_{self.event.replace('-', '_')}"


def _url(text: str) -> URL:
    """A server URL parsed by SQLAlchemy (loaded only for server URLs)."""
    from sqlalchemy.engine import make_url

    return make_url(text)


def parse_location(location: str | os.PathLike[str]) -> Location:
    """Read an `EVENT` argument: a file path, a `sqlite:///` URL or a `postgresql://` URL."""
    text = str(location)
    if "://" not in text:
        return Location(f"sqlite:///{text}", text, Path(text), None)
    scheme, _sep, rest = text.partition("://")
    if scheme.lower().partition("+")[0] == "sqlite":
        # sqlite:///bonn.db (relative) or sqlite:////srv/bonn.db (absolute), as SQLAlchemy reads them
        file = rest[1:] if rest.startswith("/") else ""
        if not file:
            raise EventError(_("{where!r} names no file: write sqlite:///bonn.db or just bonn.db").format(
                where=mask(text)))
        return Location(text, text, Path(file.partition("?")[0]), None)
    from sqlalchemy.exc import ArgumentError

    try:
        url = _url(text)
    except ArgumentError:
        raise EventError(_("{where!r} is not a database URL: write a file name like bonn.db, or "
                           "postgresql://user@host/dbname?event=NAME").format(where=mask(text))) from None
    backend = url.get_backend_name()
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
    if "://" not in text or text.lower().startswith("sqlite:"):
        return text
    from sqlalchemy.exc import ArgumentError

    try:
        url = _url(text)
    except ArgumentError:
        return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", text)
    return url.render_as_string(hide_password=True)


def connect(location: Location, schema: str | None = None) -> Database:
    """The database of the location; on PostgreSQL every unqualified table name is looked up in
    `schema` (the event's), so the same statements serve every event of a database."""
    if location.path is not None:
        return SqliteDatabase(location.path)
    try:
        from tourney.core.pgsql import ServerDatabase

        return ServerDatabase(location.url, schema or location.schema)
    except ModuleNotFoundError as exc:  # the database driver is an optional install
        raise EventError(_("can't reach {where!r}: the PostgreSQL driver is missing ({module}): install it with "
                           "'pip install \"psycopg[binary]\"'").format(where=location.display,
                                                                        module=exc.name)) from None


def event_schemas(conn: Connection) -> list[str]:
    """The schemas of a PostgreSQL database that hold tourney events."""
    rows = conn.execute(
        "select schema_name from information_schema.schemata "
        "where schema_name = :plain or schema_name like :named order by schema_name",
        {"plain": SCHEMA, "named": f"{SCHEMA}\\_%"}).all()
    return [r[0] for r in rows]


def event_name(schema: str) -> str:
    return _("(unnamed)") if schema == SCHEMA else schema[len(SCHEMA) + 1:]


def server_error(location: Location, exc: DatabaseError) -> EventError:
    """A clear message for a database server that can't be reached or refuses us."""
    first = (str(exc.orig).strip().splitlines() or [type(exc.orig).__name__])[0]
    return EventError(_("can't open {where!r}: {reason}: check the server address, user and password, and that "
                        "the database exists").format(where=location.display, reason=first))
