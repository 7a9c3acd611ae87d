"""An opened event (`Event`): find, create, open, upgrade and copy it; every change is one
transaction under the event's write lock, logged in the history and counted for the live pages."""
from __future__ import annotations

import functools
import json
import os
import shutil
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Collection, Hashable, Iterator, Mapping, Sequence, TypeVar, cast

from tourney.core import database
from tourney.core.database import Location
from tourney.core.sql import Connection as Connection  # re-exported: the type of a transaction
from tourney.core.sql import Database, DatabaseError, OperationalError, ProgrammingError
from tourney.core.errors import DiskFull, EventError
from tourney.core.findingtext import params_data
from tourney.core.i18n import _
from tourney.core.names import name_key
from tourney.core.store import journal
from tourney.core.store.schema import (
    ADDED_COLUMNS,
    EventInfo,
    Json,
    LOTS_SETTING,
    PastSeating,
    Player,
    REMOVED,
    ResultLine,
    RosterChange,
    SCHEMA_VERSION,
    SeatRow,
    StoredDraw,
    TABLES,
    TableResult,
    UPGRADES_FROM,
    current_user,
    now,
)

#: The settings of the optional rules an event is played with: "option.NAME".
OPTION_PREFIX = "option."
#: The setting listing the rounds whose seating the organiser published (a JSON list).
PUBLISHED_ROUNDS = "published_rounds"

#: The meta row counting the event's write transactions (the live pages' change stamp).
CHANGES_KEY = "changes"
#: The first key of tourney's PostgreSQL advisory locks (the second: the event schema's hash),
#: so they never meet another program's in a shared database ("tour" in ASCII).
ADVISORY_LOCK_SPACE = 0x746F7572

T = TypeVar("T")


def _find_event(where: Location, db: Database) -> tuple[Location, Database]:
    """The event a PostgreSQL URL names; without ?event= the database's single event."""
    with db.read() as conn:
        schemas = database.event_schemas(conn)
    if where.schema in schemas:
        return where, db
    if where.event is None and len(schemas) == 1:
        db.dispose()
        return where, database.connect(where, schemas[0])
    if not schemas:
        raise EventError(_("no event in {where!r}: create one with 'tourney new \"{where}\" --game GAME'").format(
            where=where.display))
    names = ", ".join(database.event_name(s) for s in schemas)
    if where.event is None:
        raise EventError(_("{where!r} holds {n} events ({names}): name one with ?event=NAME").format(
            where=where.display, n=len(schemas), names=names))
    raise EventError(_("no event {event!r} in {where!r}: it holds {names}").format(
        event=where.event, where=where.display, names=names))


def event_locations(location: str) -> list[tuple[str, str]]:
    """The events at `location` as (name, location) pairs: a file or a URL with ?event= is one
    event; a PostgreSQL URL without it, every event of that database (`tourney serve` serves
    them all). The name is the file's without its ending, or the event's in the database."""
    where = database.parse_location(location)
    if where.path is not None or where.event is not None:
        return [(where.title, location)]
    db = database.connect(where)
    try:
        with db.read() as conn:
            schemas = database.event_schemas(conn)
    except OperationalError as exc:
        raise database.server_error(where, exc) from None
    finally:
        db.dispose()
    sep = "&" if "?" in location else "?"
    # The database's unnamed event (schema "tourney") is what the URL without ?event= opens.
    return [(where.title, location) if schema == database.SCHEMA else
            (database.event_name(schema), f"{location}{sep}event={database.event_name(schema)}")
            for schema in schemas] or [(where.title, location)]


def _create_tables(where: Location, fill: Callable[[Connection], None]) -> Database:
    """Create an empty event's tables at `where` (a new file, or a new schema of a database)
    and fill them with `fill`, in one transaction."""
    loc = where.display
    if where.path is not None:
        if where.path.exists():
            raise EventError(_("{file!r} already exists: choose another file name, or delete it first if you "
                               "really want to start over").format(file=loc))
        if where.path.parent and not where.path.parent.exists():
            raise EventError(_("folder {folder!r} does not exist: create it first").format(
                folder=str(where.path.parent)))
    db = database.connect(where)
    try:
        with db.begin() as conn:
            if where.schema is not None:
                taken = database.event_schemas(conn)
                if where.schema in taken:
                    raise EventError(_("{where!r} already holds an event: choose another ?event=NAME").format(
                        where=loc))
                if where.event is None and taken:
                    names = ", ".join(database.event_name(s) for s in taken)
                    raise EventError(_("{where!r} already holds events ({names}): name the new one with "
                                       "?event=NAME").format(where=loc, names=names))
                conn.execute(f'CREATE SCHEMA "{where.schema}"')
            for table in TABLES:
                conn.execute(table.create(conn.dialect))
            if conn.execute('SELECT "key" FROM meta').first() is not None:
                raise EventError(_("{where!r} already holds an event").format(where=loc))
            fill(conn)
    except OperationalError as exc:
        if where.path is None:
            raise database.server_error(where, exc) from None
        db.dispose()
        work_files = (where.path.with_name(where.path.name + s) for s in ("-wal", "-shm", "-journal"))
        for leftover in (where.path, *work_files):
            try:
                leftover.unlink(missing_ok=True)  # it did not exist before (checked above): no half-made event stays
            except OSError:
                pass  # a read-only folder: nothing was made there
        raise _file_problem(where, exc, "create") from None
    return db


def _file_problem(where: Location, exc: DatabaseError, doing: str) -> EventError:
    """A clear message for an event file SQLite can't create or open: a full disk, a folder
    that can't be written (SQLite writes its -wal and -shm files beside the event), or not an
    event file at all."""
    loc, path = where.display, where.path
    assert path is not None
    reason = str(exc.orig).lower()
    folder = path.resolve().parent
    create = doing == "create"
    if disk_full(where, exc):
        return EventError((_("can't create {file!r}: the disk is full: free some space, or use a folder on another "
                             "disk; nothing was changed") if create else
                           _("can't open {file!r}: the disk is full: free some space, or use a folder on another "
                             "disk; nothing was changed")).format(file=loc))
    if "readonly" in reason or "read-only" in reason or "unable to open" in reason or "disk i/o" in reason:
        if not os.access(folder, os.W_OK):
            return EventError((_("can't create {file!r}: the folder {folder!r} can't be written (read-only or no "
                                 "permission; SQLite keeps two work files beside the event): choose a writable "
                                 "folder") if create else
                               _("can't open {file!r}: the folder {folder!r} can't be written (read-only or no "
                                 "permission; SQLite keeps two work files beside the event): copy the event to a "
                                 "writable folder")).format(file=loc, folder=str(folder)))
        if path.exists() and not os.access(path, os.R_OK | os.W_OK):
            return EventError((_("can't create {file!r}: no permission to read and write the file: check its "
                                 "permissions") if create else
                               _("can't open {file!r}: no permission to read and write the file: check its "
                                 "permissions")).format(file=loc))
    return _not_an_event(loc, exc)


#: Less free space than this beside an event file: a "disk I/O error" is the disk being full.
#: (Opening an event file creates its 32 KiB shared-memory file; SQLite says "disk I/O error"
#: when that fails for want of space, "database or disk is full" only when a write does.)
DISK_NEARLY_FULL = 1 << 20


def disk_full(where: Location, exc: DatabaseError) -> bool:
    """Whether the database refused for want of disk space."""
    reason = str(exc.orig).lower()
    if "full" in reason or "no space left" in reason:
        return True
    if where.path is None or "disk i/o" not in reason:
        return False
    try:
        return shutil.disk_usage(where.path.resolve().parent).free < DISK_NEARLY_FULL
    except OSError:
        return False


def _not_an_event(loc: str, exc: DatabaseError) -> EventError:
    return EventError(_("{file!r} is not a tourney event file ({reason}): check the path").format(
        file=loc, reason=exc.orig))


def copy_event(source: Event, target: str | os.PathLike[str]) -> Event:
    """Copy a whole event (settings, players, seatings, draws, every result version, history)
    to a new file or database, row for row with the same ids, in one transaction."""
    where = database.parse_location(target)

    def fill(conn: Connection) -> None:
        with source.db.read() as src:
            for table in (t for t in TABLES if t.copied):  # parents before children, for the foreign keys
                found = src.execute(f"SELECT * FROM {table.name} ORDER BY {', '.join(table.key)}")
                if not found.rows:
                    continue
                names = found.columns
                # SQLite keeps a flag as 0 or 1, PostgreSQL as a boolean: the same value both ways.
                flags = {i for i, name in enumerate(names) if name in table.flags}
                columns = ", ".join(f'"{name}"' for name in names)
                values = ", ".join(f":c{i}" for i in range(len(names)))
                conn.execute_many(f"INSERT INTO {table.name} ({columns}) VALUES ({values})",
                                  [{f"c{i}": bool(v) if i in flags else v for i, v in enumerate(row)}
                                   for row in found.rows])
        if where.schema is not None:
            # Rows came with their ids: move each id sequence past them for later inserts.
            for table in TABLES:
                if table.serial is not None:
                    conn.execute(f"SELECT setval(pg_get_serial_sequence(:t, :c), "
                                 f"coalesce((SELECT max({table.serial}) FROM {table.name}), 0) + 1, false)",
                                 {"t": f'"{where.schema}".{table.name}', "c": table.serial})

    return Event(_create_tables(where, fill), where)


#: The columns of a player, in `Player`'s order.
PLAYER = "id, name, joined_round, dropped_after"


def players_named(conn: Connection, names: Collection[str]) -> list[Player]:
    """The players whose name is one of `names` exactly (a sheet's names, typed as the roster
    has them: a desk's form fills them in); another spelling of a name is not found here, see
    `players_by_key`."""
    rows = conn.execute(f"SELECT {PLAYER} FROM players WHERE name IN :names ORDER BY id",
                        {"names": sorted(set(names))})
    return [Player(*r) for r in rows]


#: Up to this many ids are asked for by value (`IN (...)`); more, by the query that found them.
_FEW = 500


# The reads of a desk's POST, one statement per shape, their values bound at each call.
@functools.cache
def _seats_query(by_round: bool, by_table: bool, by_player: bool) -> str:
    where = ["s.round = :round"] if by_round else []
    either = [*(["s.table_no IN :tables"] if by_table else []), *(["p.name IN :players"] if by_player else [])]
    if either:
        where.append(f"({' OR '.join(either)})")
    return ("SELECT s.round, s.table_no, s.seat, p.name, s.wonder FROM seats s JOIN players p ON p.id = s.player_id"
            + (f" WHERE {' AND '.join(where)}" if where else "") + " ORDER BY s.round, s.table_no, s.seat")


def _round_filters(upto: bool, rounds: bool, table: str) -> list[str]:
    return [*([f"{table}.round <= :upto"] if upto else []), *([f"{table}.round IN :rounds"] if rounds else [])]


#: The columns of a result's head, in `TableResult`'s order (its lines apart), after its id.
RESULT = "id, round, table_no, version, created_at, author, reason, source, warnings"


@functools.cache
def _results_query(upto: bool, rounds: bool, by_table: bool, by_player: bool) -> str:
    """The latest version of each table (of the rounds), those tables or of those players only."""
    filters = _round_filters(upto, rounds, "v")
    latest = ("SELECT v.round, v.table_no, max(v.version) AS version FROM results v"
              + (f" WHERE {' AND '.join(filters)}" if filters else "") + " GROUP BY v.round, v.table_no")
    either = []
    if by_table:
        either.append("(r.round, r.table_no) IN :tables")
    if by_player:
        # The lines of the rounds asked about (by the results' index): not every line stored.
        either.append("r.id IN (SELECT l.result_id FROM result_lines l JOIN players p ON p.id = l.player_id "
                      "JOIN results v ON v.id = l.result_id WHERE "
                      + " AND ".join(["p.name IN :players", *filters]) + ")")
    columns = ", ".join(f"r.{c.strip()}" for c in RESULT.split(","))
    # A removed table's latest version is the removal (no lines): the table is not stored.
    return (f"SELECT {columns} FROM results r JOIN ({latest}) m ON m.round = r.round AND m.table_no = r.table_no "
            f"AND m.version = r.version WHERE r.source <> '{REMOVED}'"
            + (f" AND ({' OR '.join(either)})" if either else "") + " ORDER BY r.round, r.table_no")


def stored_versions(conn: Connection, tables: Collection[tuple[int, int]]) -> dict[tuple[int, int], tuple[int, bool]]:
    """Each (round, table)'s latest version and whether it holds a sheet (False: a removal);
    tables never stored are left out."""
    if not tables:
        return {}
    rows = conn.execute("SELECT v.round, v.table_no, v.version, v.source FROM results v JOIN (SELECT round, table_no, "
                        "max(version) AS version FROM results WHERE round IN :rounds GROUP BY round, table_no) m "
                        "ON m.round = v.round AND m.table_no = v.table_no AND m.version = v.version",
                        {"rounds": sorted({r for r, _t in tables})}).all()
    wanted = set(tables)
    return {(r, t): (int(v), source != REMOVED) for r, t, v, source in rows if (r, t) in wanted}


def latest_version(conn: Connection, round_no: int, table_no: int) -> tuple[int, bool] | None:
    """The table's latest version and whether it holds a sheet (False: a removal); None when
    nothing was ever stored."""
    found = conn.execute("SELECT version, source FROM results WHERE round = :round AND table_no = :table "
                         "ORDER BY version DESC LIMIT 1", {"round": round_no, "table": table_no}).first()
    return None if found is None else (int(found[0]), found[1] != REMOVED)


def stored_version(conn: Connection, round_no: int, table_no: int) -> int | None:
    """The table's stored version: None when nothing is stored or its sheet was removed."""
    latest = latest_version(conn, round_no, table_no)
    return latest[0] if latest is not None and latest[1] else None


#: A stored line with its player's name, in `ResultLine`'s order after the result's id.
_LINES = ("SELECT l.result_id, l.seat, p.name, l.wonder, l.side, l.scores FROM result_lines l "
          "JOIN players p ON p.id = l.player_id")


@functools.cache
def _lines_query(few: bool, upto: bool, rounds: bool) -> str:
    """The lines of the result ids (`few`), else of the rounds (every version: the caller keeps the latest)."""
    order = " ORDER BY l.result_id, l.seat"
    if few:
        return f"{_LINES} WHERE l.result_id IN :ids{order}"
    filters = _round_filters(upto, rounds, "v")
    if not filters:
        return _LINES + order
    return f"{_LINES} JOIN results v ON v.id = l.result_id WHERE {' AND '.join(filters)}{order}"


def _table_results(heads: Sequence[Sequence[Any]], lines: dict[int, list[ResultLine]]) -> list[TableResult]:
    return [TableResult(round_no, table, version, at, author, reason, source, tuple(json.loads(warnings)),
                        tuple(lines[rid])) for rid, round_no, table, version, at, author, reason, source, warnings
            in heads]


class Event:
    """An open event. Read methods return frozen values; writes go through `transaction`."""

    def __init__(self, db: Database, location: Location) -> None:
        self._db = db
        self.where = location
        self.location = location.display  # what messages show (a URL's password masked)
        self._file_id = _file_id(location.path)
        self._open = threading.local()  # the transaction this thread has open (see `transaction`)

    @property
    def db(self) -> Database:
        """The event's database; inside a transaction of this thread, that transaction: reads
        see what it wrote so far, and a change begun in it is a savepoint of it. Inside
        `reading`, its reads share its connection."""
        conn = getattr(self._open, "conn", None)
        if conn is not None:
            return _Joined(self._db, conn)
        reading = getattr(self._open, "reading", None)
        return self._db if reading is None else _Reading(self._db, reading)

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Many reads as one: inside, this thread's reads share one connection (SQLite: one
        read transaction, one snapshot; PostgreSQL: one connection from the pool, each statement
        on its own as every read there), and the event's settings are read once. For code that
        only reads (a page being built, a sheet being checked); a change inside is its own
        transaction, as always. Inside a transaction, or nested, it adds nothing."""
        if getattr(self._open, "conn", None) is not None or getattr(self._open, "reading", None) is not None:
            yield
            return
        with self._db.read() as conn:
            self._open.reading, self._open.once = conn, {}
            try:
                yield
            finally:
                self._open.reading, self._open.once = None, None

    def pop_stamp(self) -> int | None:
        """The change stamp this thread's last committed transaction wrote (None: not known,
        read it with `change_stamp`), forgotten once asked: the live server learns the stamp
        of its own change without another round trip."""
        stamp, self._open.stamp = getattr(self._open, "stamp", None), None
        return stamp

    # --- opening -------------------------------------------------------------------
    @classmethod
    def create(cls, location: str | os.PathLike[str], *, name: str, game: str, scheme: str,
               rounds: int, seed: int, date: str | None) -> Event:
        where = database.parse_location(location)
        values = {"schema_version": str(SCHEMA_VERSION), "name": name, "game": game,
                  "scheme": scheme, "rounds": str(rounds), "seed": str(seed),
                  "date": date or "", "created_at": now()}

        def fill(conn: Connection) -> None:
            conn.execute_many('INSERT INTO meta ("key", value) VALUES (:key, :value)',
                              [{"key": k, "value": v} for k, v in values.items()])
            _log(conn, "new", {"event": name, "game": game, "scheme": scheme, "rounds": rounds, "seed": seed})
            journal.start(conn)

        return cls(_create_tables(where, fill), where)

    @classmethod
    def open(cls, location: str | os.PathLike[str]) -> Event:
        where = database.parse_location(location)
        loc = where.display
        if where.path is not None and not where.path.is_file():
            raise EventError(_("no event file {file!r}: create one with 'tourney new {file} --game 7wonders'").format(
                file=loc))
        db = database.connect(where)
        try:
            if where.schema is not None:
                where, db = _find_event(where, db)
            with db.read() as conn:
                rows = dict(conn.execute('SELECT "key", value FROM meta').all())
                missing = _missing_tables(conn, where)
                columns = _missing_columns(conn, missing)
        except OperationalError as exc:
            db.dispose()
            if where.path is None:
                raise database.server_error(where, exc) from None
            raise _file_problem(where, exc, "open") from None
        except DatabaseError as exc:
            db.dispose()
            raise _not_an_event(loc, exc) from None
        version = int(rows.get("schema_version", "0"))
        if version != SCHEMA_VERSION and version not in UPGRADES_FROM:
            db.dispose()
            raise EventError(_("{file!r} has event schema version {version}, this tourney reads version {reads}: "
                               "use the tourney version that created it").format(
                file=loc, version=version, reads=SCHEMA_VERSION))
        if missing or columns or version != SCHEMA_VERSION:
            _upgrade(db, missing, columns)
        return cls(db, where)

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One transaction: everything inside lands together or not at all.

        It starts by taking the event's write lock, so writers of one event are serialised:
        whether a table is already stored, its next version and player registration are
        decided inside the transaction that writes them, and two desks or two imports at once
        can never both store version 1. On SQLite the transaction begins IMMEDIATE (the file's
        write lock); on PostgreSQL it takes the event's transaction-level advisory lock (one
        per event schema, released by the commit or rollback), so the server's worker processes,
        on one machine or several, and the command line wait for each other, and events of one
        database don't. There we stay at READ COMMITTED on purpose: every statement after the
        lock sees what the previous writer committed, so no retry loop is needed, which
        SERIALIZABLE would demand. A tournament writes a few times a minute; waiting is free."""
        joined = getattr(self._open, "conn", None)
        if joined is not None:
            # Inside this thread's open transaction (the live server stores a request's
            # idempotency key in the transaction of its change): a savepoint of it, so a refused
            # change leaves nothing behind and the outer transaction decides the commit.
            with _savepoint(joined):
                yield joined
            return
        try:
            with self._db.begin() as conn:
                if conn.dialect == "postgresql":
                    # Sent with the stamp's update below: the lock and the stamp in one round trip.
                    conn.send("SELECT pg_advisory_xact_lock(:space, hashtext(current_schema()))",
                              {"space": ADVISORY_LOCK_SPACE})
                stamp = _count_change(conn)
                self._open.conn, self._open.bumped = conn, stamp
                try:
                    yield conn
                    journal.flush(conn)  # in the change's own transaction: journaled if and only if stored
                finally:
                    self._open.conn = self._open.bumped = None
                # SQLite writes on into a deleted or replaced file without complaint: check,
                # before the commit, that the change lands in the event file it was meant for.
                if self.where.path is not None and _file_id(self.where.path) != self._file_id:
                    raise EventError(_("the event file {file!r} was deleted or replaced while this change was "
                                       "being written: nothing was stored; restore the event file (or a backup) "
                                       "and run the command again").format(file=self.location))
            self._open.stamp = stamp  # committed
            once = getattr(self._open, "once", None)
            if once:
                once.clear()  # a change made inside `reading`: what it read once is read again
        except OperationalError as exc:
            if self.where.path is not None and _refused_as_read_only(exc):
                raise self._read_only_problem() from None
            if not disk_full(self.where, exc):
                raise
            # Said with the path: the event is intact (the transaction is undone as a whole).
            raise DiskFull(_("can't store the change in {file!r}: the disk is full: free some space, then try "
                             "again; the event is intact, nothing was changed").format(file=self.location),
                           self.location) from None
        except ProgrammingError as exc:
            # PostgreSQL: the event's schema was dropped while the change was being written.
            if "does not exist" not in str(exc.orig):
                raise
            raise EventError(_("the event {event!r} was deleted while this change was being written: nothing was "
                               "stored").format(event=self.location)) from None

    def close(self) -> None:
        self._db.dispose()

    def _read_only_problem(self) -> EventError:
        """Why a change can't be stored in an event file that can be read but not written."""
        assert self.where.path is not None
        if getattr(self._db, "media_read_only", False):
            return EventError(_("can't store the change in {file!r}: the folder {folder!r} can't be written (a "
                                "read-only folder or file system), so the event can only be read: copy it to a "
                                "writable folder to change it; nothing was changed").format(
                file=self.location, folder=str(self.where.path.resolve().parent)))
        return EventError(_("can't store the change in {file!r}: the file is read-only, so the event can only be "
                            "read: make it writable, or work on a copy; nothing was changed").format(
            file=self.location))

    def read_only(self) -> bool:
        """Whether the event can be read but not written (SQLite: a read-only event file):
        found by beginning a harmless change and undoing it."""
        try:
            with self.db.begin() as conn:
                conn.execute("UPDATE meta SET value = value WHERE \"key\" = 'schema_version'")
                raise _Undo
        except _Undo:
            return False
        except OperationalError as exc:
            return _refused_as_read_only(exc)

    # --- event settings ------------------------------------------------------------
    def _read_once(self, what: Hashable, read: Callable[[Connection], T]) -> T:
        """What `read` reads, read once per `reading` (the settings, the seated rounds, a sheet's
        players: a check and a page ask them several times), and again after a change made
        inside it; callers copy what they may change."""
        once = getattr(self._open, "once", None) if getattr(self._open, "conn", None) is None else None
        if once is not None and what in once:
            return cast("T", once[what])
        with self.db.read() as conn:
            value = read(conn)
        if once is not None:
            once[what] = value
        return value

    def _settings(self) -> dict[str, str]:
        return dict(self._read_once("settings", lambda conn: dict(conn.execute('SELECT "key", value FROM meta').all())))

    def seen_stamp(self) -> int:
        """The change stamp as the settings were read (once per `reading`: asked first thing in
        one, every read after it sees the event as of that stamp or later)."""
        return int(self._settings().get(CHANGES_KEY) or 0)

    def unchanged_since(self, seen: int) -> bool:
        """Inside this thread's transaction: whether no other change was stored since the stamp
        `seen` was read, so what was read then still holds under the write lock. False when not
        known (SQLite does not say the stamp its transaction wrote; there a read costs no trip)."""
        return getattr(self._open, "conn", None) is not None and getattr(self._open, "bumped", None) == seen + 1

    def setting(self, key: str) -> str | None:
        """A setting a game stored with `set_setting` (None when never set)."""
        return self._settings().get(key)

    def published_rounds(self) -> set[int]:
        """Rounds whose seating the organiser published on the live pages (played ones aside)."""
        return {int(r) for r in json.loads(self.setting(PUBLISHED_ROUNDS) or "[]")}

    def options(self) -> frozenset[str]:
        """The optional rules the event is played with (`tourney new --option NAME`): the names
        of its settings "option.NAME" that are on."""
        return frozenset(k.removeprefix(OPTION_PREFIX) for k, v in self._settings().items()
                         if k.startswith(OPTION_PREFIX) and v)

    def info(self) -> EventInfo:
        rows = self._settings()
        return EventInfo(name=rows["name"], game=rows["game"], scheme=rows["scheme"],
                         rounds=int(rows["rounds"]), seed=int(rows["seed"]),
                         date=rows.get("date") or None, created_at=rows["created_at"],
                         seed_revealed=rows.get("seed_revealed") or None,
                         lots=tuple(sorted(json.loads(rows[LOTS_SETTING]).items())) if rows.get(LOTS_SETTING) else ())

    # --- players -------------------------------------------------------------------
    def players(self) -> list[Player]:
        with self.db.read() as conn:
            return [Player(*r) for r in conn.execute(f"SELECT {PLAYER} FROM players ORDER BY id")]

    def players_named(self, names: Collection[str]) -> list[Player]:
        """The players whose name is one of `names` exactly (see `players_named`)."""
        return list(self._read_once(("players", frozenset(names)), lambda conn: players_named(conn, names)))

    def player_ids(self) -> dict[str, int]:
        """Player ids by `names.name_key` (names are unique ignoring case)."""
        return {name_key(p.name): p.id for p in self.players()}

    # --- rounds and seats ----------------------------------------------------------
    def seated_rounds(self) -> dict[int, str]:
        rounds: dict[int, str] = self._read_once("rounds", lambda conn: dict(conn.execute(
            "SELECT number, source FROM rounds").all()))
        return dict(rounds)

    def printed_rounds(self) -> set[int]:
        """Rounds whose score sheets were printed (their seating is then fixed)."""
        with self.db.read() as conn:
            return {r for (r,) in conn.execute("SELECT number FROM rounds WHERE printed_at IS NOT NULL")}

    def seats(self, round_no: int | None = None, *, tables: Collection[int] | None = None,
              players: Collection[str] | None = None) -> list[SeatRow]:
        """Every seat (of round `round_no`); given `tables` or `players` (names as the roster
        has them), only the seats at those tables and of those players."""
        narrow = tables is not None or players is not None
        if narrow and not tables and not players:
            return []
        params: dict[str, object] = {"round": round_no, "tables": sorted(tables or ()),
                                     "players": sorted(set(players or ()))}
        q = _seats_query(round_no is not None, bool(tables), bool(players))
        with self.db.read() as conn:
            return [SeatRow(*r) for r in conn.execute(q, params)]

    def roster_changes(self) -> list[RosterChange]:
        """Roster changes since each seated round was seated (oldest first)."""
        with self.db.read() as conn:
            rows = conn.execute("SELECT round, player_id, change, player, at FROM roster_changes ORDER BY id").all()
        return [RosterChange(*r) for r in rows]

    def past_seatings(self, round_no: int) -> list[PastSeating]:
        """The seatings round `round_no` had before it was seated again, newest first."""
        with self.db.read() as conn:
            rows = conn.execute("SELECT round, version, table_no, seat, player_id, replaced_at, printed_at "
                                "FROM past_seats WHERE round = :round", {"round": round_no}).all()
        versions: dict[int, PastSeating] = {}
        for round_, version, table_no, seat, player_id, replaced_at, printed_at in rows:
            v = versions.setdefault(version, PastSeating(round_, version, {}, replaced_at, printed_at))
            v.seats[(table_no, seat)] = player_id
        return [versions[v] for v in sorted(versions, reverse=True)]

    def photo(self, sha256: str) -> tuple[str, bytes] | None:
        """A scan pad's photo kept in the event's database (`keep_photo`): its suffix and bytes."""
        with self.db.read() as conn:
            found = conn.execute("SELECT suffix, data FROM photos WHERE sha256 = :sha", {"sha": sha256}).first()
        return None if found is None else (str(found[0]), bytes(found[1]))

    def draws(self, kind: str | None = None) -> list[StoredDraw]:
        """Every stored draw (of `kind`), oldest first."""
        q = "SELECT round, kind, seed, payload, at FROM draws" + (" WHERE kind = :kind" if kind is not None else "")
        with self.db.read() as conn:
            rows = conn.execute(q + " ORDER BY id", {"kind": kind}).all()
        return [StoredDraw(round_no, kind_, seed, json.loads(payload), at)
                for round_no, kind_, seed, payload, at in rows]

    # --- results -------------------------------------------------------------------
    def results(self, *, upto_round: int | None = None, rounds: Collection[int] | None = None,
                tables: Collection[tuple[int, int]] | None = None,
                players: Collection[str] | None = None) -> list[TableResult]:
        """The latest version of every table's sheet, by round and table; only of the rounds up
        to `upto_round` and of the `rounds`, when given; given `tables` ((round, table) pairs)
        or `players` (names as the roster has them), only those tables and the tables where one
        of those players has a line (a desk's POST reads these, not the event's every result)."""
        if (tables is not None or players is not None) and not tables and not players:
            return []
        params: dict[str, object] = {"upto": upto_round, "rounds": sorted(rounds or ()),
                                     "tables": sorted(tables or ()), "players": sorted(set(players or ()))}
        shape = (upto_round is not None, rounds is not None, bool(tables), bool(players))
        with self.db.read() as conn:
            heads = conn.execute(_results_query(*shape), params).all()
            lines: dict[int, list[ResultLine]] = {h[0]: [] for h in heads}
            if heads:
                # Only the lines of the versions asked about, when they are few or of a few rounds
                # (older versions' lines are skipped below).
                few = len(heads) <= _FEW
                found = conn.execute(_lines_query(few, *shape[:2]), {**params, "ids": list(lines)} if few else params)
                for rid, seat, name, wonder, side, scores in found:
                    if rid in lines:
                        lines[rid].append(ResultLine(seat, name, wonder, side, json.loads(scores)))
        return _table_results(heads, lines)

    def version_of(self, round_no: int, table_no: int) -> int | None:
        """The table's stored version (None: nothing stored, or its sheet was removed), without its lines."""
        with self.db.read() as conn:
            return stored_version(conn, round_no, table_no)

    def table_versions(self) -> list[TableResult]:
        """Every stored version of every table's sheet, by round, table and version."""
        with self.db.read() as conn:
            heads = conn.execute(f"SELECT {RESULT} FROM results ORDER BY round, table_no, version").all()
            lines: dict[int, list[ResultLine]] = {h[0]: [] for h in heads}
            for rid, seat, name, wonder, side, scores in conn.execute(f"{_LINES} ORDER BY l.result_id, l.seat"):
                lines[rid].append(ResultLine(seat, name, wonder, side, json.loads(scores)))
        return _table_results(heads, lines)

    def result_versions(self) -> list[dict[str, Any]]:
        """Every stored version of every table, oldest first (for `results history`)."""
        return self._rows(f"SELECT {RESULT} FROM results ORDER BY id")

    def history(self) -> list[LogEntry]:
        """The history, oldest first. (Every column: a read-only file of an older schema
        version, left as it is, has no `params`.)"""
        return [LogEntry(row["id"], row["at"], row["who"], row["action"], row["detail"],
                         json.loads(row["params"]) if row.get("params") is not None else None)
                for row in self._rows("SELECT * FROM history ORDER BY id")]

    def _rows(self, sql: str) -> list[dict[str, Any]]:
        with self.db.read() as conn:
            found = conn.execute(sql)
        return [dict(zip(found.columns, row)) for row in found]


class _Reading:
    """The event's database seen from inside `Event.reading` of this thread: reads share its
    connection; a change begins its own transaction."""

    def __init__(self, db: Database, conn: Connection) -> None:
        self._db, self._conn = db, conn
        self.dialect = db.dialect

    @property
    def trace(self) -> Callable[[str], None] | None:
        return self._db.trace

    @trace.setter
    def trace(self, value: Callable[[str], None] | None) -> None:
        self._db.trace = value

    @contextmanager
    def read(self) -> Iterator[Connection]:
        yield self._conn

    def begin(self) -> Any:
        return self._db.begin()

    def dispose(self) -> None:
        self._db.dispose()


def _refused_as_read_only(exc: DatabaseError) -> bool:
    said = str(exc.orig).lower()
    return "readonly" in said or "read-only" in said


class _Undo(Exception):
    """Ends `Event.read_only`'s probe: its transaction is rolled back."""


class _Joined(_Reading):
    """The event's database seen from inside a transaction of this thread (`Event.db`): a
    change nested in it is a savepoint."""

    def begin(self) -> Any:
        return _savepoint(self._conn)


@contextmanager
def _savepoint(conn: Connection) -> Iterator[Connection]:
    """A part of an open transaction that is undone alone when it fails."""
    name = f"part{threading.get_ident()}"
    conn.send(f"SAVEPOINT {name}")
    try:
        yield conn
    except BaseException:
        conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
        conn.send(f"RELEASE SAVEPOINT {name}")
        raise
    conn.send(f"RELEASE SAVEPOINT {name}")


def _missing_tables(conn: Connection, where: Location) -> list[str]:
    """The store's tables an event made by an earlier tourney does not have yet (e.g. desks)."""
    if conn.dialect == "sqlite":
        have = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    else:
        have = {r[0] for r in conn.execute("SELECT table_name FROM information_schema.tables "
                                           "WHERE table_schema = current_schema()")}
    return [t.name for t in TABLES if t.name not in have]


def _missing_columns(conn: Connection, missing: list[str]) -> list[tuple[str, str]]:
    """The (table, column definition) of `ADDED_COLUMNS` an older event's tables lack (a table
    it lacks altogether is made whole)."""
    out = []
    for _since, name, column in ADDED_COLUMNS:
        if name in missing:
            continue
        if conn.dialect == "sqlite":
            have = {r[1] for r in conn.execute(f"PRAGMA table_info({name})")}
        else:
            have = {r[0] for r in conn.execute("SELECT column_name FROM information_schema.columns WHERE "
                                               "table_schema = current_schema() AND table_name = :t", {"t": name})}
        if column.split()[0] not in have:
            out.append((name, column))
    return out


def _upgrade(db: Database, missing: list[str], columns: list[tuple[str, str]]) -> None:
    """Add the tables and columns an older event lacks and mark it as of the current schema
    version (nothing else changes: see `UPGRADES_FROM`). A read-only file is left as it is and
    read as it is."""
    try:
        with db.begin() as conn:
            for table in TABLES:
                if table.name in missing:
                    conn.execute(table.create(conn.dialect))
            for name, column in columns:
                conn.execute(f"ALTER TABLE {name} ADD COLUMN {column}")
            conn.execute("UPDATE meta SET value = :version WHERE \"key\" = 'schema_version'",
                         {"version": str(SCHEMA_VERSION)})
            if "journal" in missing:
                journal.start(conn)  # what the event held before it had a journal, journaled whole
    except OperationalError:
        pass


def _file_id(path: os.PathLike[str] | None) -> tuple[int, int] | None:
    """The device and inode of an event file (None when it is gone, or not a file)."""
    if path is None:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


@dataclass(frozen=True)
class LogEntry:
    """One stored history entry: what was done (`action`) with its parameters (`params`, data:
    `tourney.event.history` says it in the reader's language), or, written by a tourney before
    schema version 3, an English sentence (`detail`; `params` None)."""

    id: int
    at: str
    who: str
    action: str
    detail: str
    params: dict[str, Json] | None


#: What a history entry's parameters may hold: JSON values, lists and mappings of them, and
#: words (`Term`) and clauses (`Text`, `Joined`) translated when the entry is shown.
Params = Mapping[str, object]


def log_data(params: Params) -> dict[str, Json]:
    """A history entry's parameters as the store keeps them (JSON)."""
    return {str(key): _data(value) for key, value in params.items()}


def _data(value: object) -> Json:
    if isinstance(value, (list, tuple)):
        return [_data(v) for v in value]
    if isinstance(value, Mapping):
        return log_data(value)
    return params_data((("value", value),))["value"]


def _log(conn: Connection, action: str, params: Params | None = None, who: str | None = None) -> None:
    log_all(conn, [(action, params or {})], who)


def log_all(conn: Connection, entries: Sequence[tuple[str, Params]], who: str | None = None) -> None:
    """History entries (action, parameters), in order, in one statement."""
    if entries:
        at, by = now(), who or current_user()
        conn.execute_many("INSERT INTO history (at, who, action, detail, params) "
                          "VALUES (:at, :who, :action, '', :params)",
                          [{"at": at, "who": by, "action": action,
                            "params": json.dumps(log_data(params), ensure_ascii=False)} for action, params in entries])


log = _log


def _count_change(conn: Connection) -> int | None:
    """Count one more change; the new stamp where the database says it in the same statement
    (PostgreSQL's RETURNING; SQLite's is newer than some systems' SQLite, and a read there is
    no round trip)."""
    bump = "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE \"key\" = :key"
    returning = conn.dialect == "postgresql"
    bumped = conn.execute(bump + (" RETURNING value" if returning else ""), {"key": CHANGES_KEY})
    if (not bumped.rows) if returning else bumped.rowcount == 0:  # an event made before the counter
        conn.execute('INSERT INTO meta ("key", value) VALUES (:key, \'1\')', {"key": CHANGES_KEY})
        return 1
    return int(bumped.scalar()) if returning else None


def change_stamp(event: Event) -> int:
    """A number that grows with every committed change to the event, whichever process made it
    (this server, the command line, another desk machine): one indexed read, so the live pages
    can ask it often and rebuild only when it moved."""
    with event.db.read() as conn:
        value = conn.execute('SELECT value FROM meta WHERE "key" = :key', {"key": CHANGES_KEY}).scalar()
    return int(value or 0)
