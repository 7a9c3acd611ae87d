"""An opened event (`Event`): find, create, open, upgrade and copy it; every change is one
transaction under the event's write lock, logged in the history and counted for the live pages."""
from __future__ import annotations

import functools
import json
import os
from contextlib import contextmanager
from typing import Any, Callable, Collection, Iterator, Sequence

import sqlalchemy as sa
from sqlalchemy.engine import Connection as Connection  # re-exported: the type of a transaction
from sqlalchemy.engine import Engine

from tourney.core import database
from tourney.core.database import Location
from tourney.core.errors import EventError
from tourney.core.i18n import _
from tourney.core.names import name_key
from tourney.core.store.schema import (
    EventInfo,
    PastSeating,
    Player,
    ResultLine,
    RosterChange,
    SCHEMA_VERSION,
    SeatRow,
    StoredDraw,
    TableResult,
    UPGRADES_FROM,
    current_user,
    draws_t,
    history_t,
    lines_t,
    meta_t,
    metadata,
    now,
    past_seats_t,
    players_t,
    results_t,
    roster_changes_t,
    rounds_t,
    seats_t,
)

#: The meta row counting the event's write transactions (the live pages' change stamp).
CHANGES_KEY = "changes"


def _find_event(where: Location, engine: Engine) -> tuple[Location, Engine]:
    """The event a PostgreSQL URL names; without ?event= the database's single event."""
    with engine.connect() as conn:
        schemas = database.event_schemas(conn)
    if where.schema in schemas:
        return where, engine
    if where.event is None and len(schemas) == 1:
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


def _create_tables(where: Location, fill: Callable[[Connection], None]) -> Engine:
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
    engine = database.connect(where)
    try:
        with engine.begin() as conn:
            if where.schema is not None:
                taken = database.event_schemas(conn)
                if where.schema in taken:
                    raise EventError(_("{where!r} already holds an event: choose another ?event=NAME").format(
                        where=loc))
                if where.event is None and taken:
                    names = ", ".join(database.event_name(s) for s in taken)
                    raise EventError(_("{where!r} already holds events ({names}): name the new one with "
                                       "?event=NAME").format(where=loc, names=names))
                conn.execute(sa.schema.CreateSchema(where.schema))
            metadata.create_all(conn)
            if conn.execute(sa.select(meta_t.c.key)).first() is not None:
                raise EventError(_("{where!r} already holds an event").format(where=loc))
            fill(conn)
    except sa.exc.OperationalError as exc:
        if where.path is None:
            raise database.server_error(where, exc) from None
        engine.dispose()
        work_files = (where.path.with_name(where.path.name + s) for s in ("-wal", "-shm", "-journal"))
        for leftover in (where.path, *work_files):
            try:
                leftover.unlink(missing_ok=True)  # it did not exist before (checked above): no half-made event stays
            except OSError:
                pass  # a read-only folder: nothing was made there
        raise _file_problem(where, exc, "create") from None
    return engine


def _file_problem(where: Location, exc: sa.exc.DBAPIError, doing: str) -> EventError:
    """A clear message for an event file SQLite can't create or open: a full disk, a folder
    that can't be written (SQLite writes its -wal and -shm files beside the event), or not an
    event file at all."""
    loc, path = where.display, where.path
    assert path is not None
    reason = str(exc.orig).lower()
    folder = path.resolve().parent
    create = doing == "create"
    if "full" in reason:
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


def _not_an_event(loc: str, exc: sa.exc.DBAPIError) -> EventError:
    return EventError(_("{file!r} is not a tourney event file ({reason}): check the path").format(
        file=loc, reason=exc.orig))


def copy_event(source: Event, target: str | os.PathLike[str]) -> Event:
    """Copy a whole event (settings, players, seatings, draws, every result version, history)
    to a new file or database, row for row with the same ids, in one transaction."""
    where = database.parse_location(target)
    tables = metadata.sorted_tables  # parents before children, for the foreign keys

    def fill(conn: Connection) -> None:
        with source.engine.connect() as src:
            for table in tables:
                rows = [dict(r._mapping) for r in src.execute(sa.select(table).order_by(*table.primary_key))]
                if rows:
                    conn.execute(sa.insert(table), rows)
        if where.schema is not None:
            # Rows came with their ids: move each id sequence past them for later inserts.
            for table in tables:
                if "id" in table.c and table.c.id.autoincrement is not False:
                    conn.execute(sa.text(
                        f"select setval(pg_get_serial_sequence(:t, 'id'), "
                        f"coalesce((select max(id) from {conn.dialect.identifier_preparer.quote_schema(where.schema)}"
                        f".{table.name}), 0) + 1, false)"),
                        {"t": f'"{where.schema}".{table.name}'})

    return Event(_create_tables(where, fill), where)


def players_named(conn: Connection, names: Collection[str]) -> list[Player]:
    """The players whose name is one of `names` exactly (a sheet's names, typed as the roster
    has them: a desk's form fills them in); another spelling of a name is not found here, see
    `players_by_key`."""
    rows = conn.execute(_PLAYERS_NAMED, {"names": sorted(set(names))}).all()
    return [Player(r.id, r.name, r.joined_round, r.dropped_after) for r in rows]


_PLAYERS_NAMED = (sa.select(players_t).where(players_t.c.name.in_(sa.bindparam("names", expanding=True)))
                  .order_by(players_t.c.id))


#: Up to this many ids are asked for by value (`IN (...)`); more, by the query that found them.
_FEW = 500


# The reads of a desk's POST, built once per shape with their values bound at each call: building
# a statement costs SQLAlchemy more than SQLite spends running it.
@functools.cache
def _seats_query(by_round: bool, by_table: bool, by_player: bool) -> sa.Select[Any]:
    q = (sa.select(seats_t.c.round, seats_t.c.table_no, seats_t.c.seat, players_t.c.name, seats_t.c.wonder)
         .join(players_t, players_t.c.id == seats_t.c.player_id)
         .order_by(seats_t.c.round, seats_t.c.table_no, seats_t.c.seat))
    if by_round:
        q = q.where(seats_t.c.round == sa.bindparam("round"))
    either = [*([seats_t.c.table_no.in_(sa.bindparam("tables", expanding=True))] if by_table else []),
              *([players_t.c.name.in_(sa.bindparam("players", expanding=True))] if by_player else [])]
    return q.where(sa.or_(*either)) if either else q


def _round_filters(upto: bool, rounds: bool) -> list[sa.ColumnElement[bool]]:
    return [*([results_t.c.round <= sa.bindparam("upto")] if upto else []),
            *([results_t.c.round.in_(sa.bindparam("rounds", expanding=True))] if rounds else [])]


@functools.cache
def _results_query(upto: bool, rounds: bool, by_table: bool, by_player: bool) -> sa.Select[Any]:
    """The latest version of each table (of the rounds), those tables or of those players only."""
    where = _round_filters(upto, rounds)
    latest = (sa.select(results_t.c.round, results_t.c.table_no, sa.func.max(results_t.c.version).label("version"))
              .where(*where)
              .group_by(results_t.c.round, results_t.c.table_no).subquery())
    q = (sa.select(results_t)
         .join(latest, sa.and_(latest.c.round == results_t.c.round, latest.c.table_no == results_t.c.table_no,
                               latest.c.version == results_t.c.version))
         .order_by(results_t.c.round, results_t.c.table_no))
    either = []
    if by_table:
        either.append(sa.tuple_(results_t.c.round, results_t.c.table_no).in_(sa.bindparam("tables", expanding=True)))
    if by_player:
        # The lines of the rounds asked about (by the results' index): not every line stored.
        having = (sa.select(lines_t.c.result_id).join(players_t, players_t.c.id == lines_t.c.player_id)
                  .join(results_t, results_t.c.id == lines_t.c.result_id)
                  .where(players_t.c.name.in_(sa.bindparam("players", expanding=True)), *where))
        either.append(results_t.c.id.in_(having))
    return q.where(sa.or_(*either)) if either else q


@functools.cache
def _lines_query(few: bool, upto: bool, rounds: bool) -> sa.Select[Any]:
    """The lines of the result ids (`few`), else of the rounds (every version: the caller keeps the latest)."""
    q = (sa.select(lines_t.c.result_id, lines_t.c.seat, players_t.c.name, lines_t.c.wonder, lines_t.c.side,
                   lines_t.c.scores)
         .join(players_t, players_t.c.id == lines_t.c.player_id)
         .order_by(lines_t.c.result_id, lines_t.c.seat))
    if few:
        return q.where(lines_t.c.result_id.in_(sa.bindparam("ids", expanding=True)))
    where = _round_filters(upto, rounds)
    return q.join(results_t, results_t.c.id == lines_t.c.result_id).where(*where) if where else q


class Event:
    """An open event. Read methods return frozen values; writes go through `transaction`."""

    def __init__(self, engine: Engine, location: Location) -> None:
        self.engine = engine
        self.where = location
        self.location = location.display  # what messages show (a URL's password masked)
        self._file_id = _file_id(location.path)

    # --- opening -------------------------------------------------------------------
    @classmethod
    def create(cls, location: str | os.PathLike[str], *, name: str, game: str, scheme: str,
               rounds: int, seed: int, date: str | None) -> Event:
        where = database.parse_location(location)
        values = {"schema_version": str(SCHEMA_VERSION), "name": name, "game": game,
                  "scheme": scheme, "rounds": str(rounds), "seed": str(seed),
                  "date": date or "", "created_at": now()}

        def fill(conn: Connection) -> None:
            conn.execute(sa.insert(meta_t), [{"key": k, "value": v} for k, v in values.items()])
            _log(conn, "new", f"event {name!r}: game {game}, scheme {scheme}, {rounds} rounds, seed {seed}")

        return cls(_create_tables(where, fill), where)

    @classmethod
    def open(cls, location: str | os.PathLike[str]) -> Event:
        where = database.parse_location(location)
        loc = where.display
        if where.path is not None and not where.path.is_file():
            raise EventError(_("no event file {file!r}: create one with 'tourney new {file} --game 7wonders'").format(
                file=loc))
        engine = database.connect(where)
        try:
            if where.schema is not None:
                where, engine = _find_event(where, engine)
            with engine.connect() as conn:
                rows = dict(conn.execute(sa.select(meta_t.c.key, meta_t.c.value)).all())
        except sa.exc.OperationalError as exc:
            if where.path is None:
                raise database.server_error(where, exc) from None
            raise _file_problem(where, exc, "open") from None
        except sa.exc.DatabaseError as exc:
            raise _not_an_event(loc, exc) from None
        version = int(rows.get("schema_version", "0"))
        if version != SCHEMA_VERSION and version not in UPGRADES_FROM:
            raise EventError(_("{file!r} has event schema version {version}, this tourney reads version {reads}: "
                               "use the tourney version that created it").format(
                file=loc, version=version, reads=SCHEMA_VERSION))
        try:  # event files made before a table was added get it (e.g. desks) on open
            metadata.create_all(engine, checkfirst=True)
        except sa.exc.OperationalError:  # a read-only file still opens for reading
            pass
        if version != SCHEMA_VERSION:
            _upgrade(engine)
        return cls(engine, where)

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One transaction: everything inside lands together or not at all.

        It starts by taking the event's write lock, so writers of one event are serialised:
        whether a table is already stored, its next version and player registration are
        decided inside the transaction that writes them, and two desks or two imports at once
        can never both store version 1. Updating the schema-version row takes SQLite's write
        lock at once (rather than at the first real write, which in WAL mode fails with
        "database is locked" when another writer committed since our first read) and a row
        lock in PostgreSQL. There we stay at READ COMMITTED on purpose: every statement after
        the lock sees what the previous writer committed, so no retry loop is needed, which
        SERIALIZABLE would demand. A tournament writes a few times a minute; waiting is free."""
        try:
            with self.engine.begin() as conn:
                conn.execute(sa.update(meta_t).where(meta_t.c.key == "schema_version")
                             .values(value=meta_t.c.value))
                _count_change(conn)
                yield conn
                # SQLite writes on into a deleted or replaced file without complaint: check,
                # before the commit, that the change lands in the event file it was meant for.
                if self.where.path is not None and _file_id(self.where.path) != self._file_id:
                    raise EventError(_("the event file {file!r} was deleted or replaced while this change was "
                                       "being written: nothing was stored; restore the event file (or a backup) "
                                       "and run the command again").format(file=self.location))
        except sa.exc.ProgrammingError as exc:
            # PostgreSQL: the event's schema was dropped while the change was being written.
            if "does not exist" not in str(exc.orig):
                raise
            raise EventError(_("the event {event!r} was deleted while this change was being written: nothing was "
                               "stored").format(event=self.location)) from None

    def close(self) -> None:
        self.engine.dispose()

    # --- event settings ------------------------------------------------------------
    def _settings(self) -> dict[str, str]:
        with self.engine.connect() as conn:
            return {key: value for key, value in conn.execute(sa.select(meta_t.c.key, meta_t.c.value))}

    def setting(self, key: str) -> str | None:
        """A setting a game stored with `set_setting` (None when never set)."""
        return self._settings().get(key)

    def info(self) -> EventInfo:
        rows = self._settings()
        return EventInfo(name=rows["name"], game=rows["game"], scheme=rows["scheme"],
                         rounds=int(rows["rounds"]), seed=int(rows["seed"]),
                         date=rows.get("date") or None, created_at=rows["created_at"])

    # --- players -------------------------------------------------------------------
    def players(self) -> list[Player]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(players_t).order_by(players_t.c.id)).all()
        return [Player(r.id, r.name, r.joined_round, r.dropped_after) for r in rows]

    def players_named(self, names: Collection[str]) -> list[Player]:
        """The players whose name is one of `names` exactly (see `players_named`)."""
        with self.engine.connect() as conn:
            return players_named(conn, names)

    def player_ids(self) -> dict[str, int]:
        """Player ids by `names.name_key` (names are unique ignoring case)."""
        return {name_key(p.name): p.id for p in self.players()}

    # --- rounds and seats ----------------------------------------------------------
    def seated_rounds(self) -> dict[int, str]:
        with self.engine.connect() as conn:
            return dict(conn.execute(sa.select(rounds_t.c.number, rounds_t.c.source)).all())

    def printed_rounds(self) -> set[int]:
        """Rounds whose score sheets were printed (their seating is then fixed)."""
        with self.engine.connect() as conn:
            return {r for (r,) in conn.execute(sa.select(rounds_t.c.number)
                                               .where(rounds_t.c.printed_at.is_not(None)))}

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
        with self.engine.connect() as conn:
            return [SeatRow(*r) for r in conn.execute(q, params).all()]

    def roster_changes(self) -> list[RosterChange]:
        """Roster changes since each seated round was seated (oldest first)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(roster_changes_t).order_by(roster_changes_t.c.id)).all()
        return [RosterChange(r.round, r.player_id, r.change, r.player, r.at) for r in rows]

    def past_seatings(self, round_no: int) -> list[PastSeating]:
        """The seatings round `round_no` had before it was seated again, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(past_seats_t).where(past_seats_t.c.round == round_no)).all()
        versions: dict[int, PastSeating] = {}
        for r in rows:
            v = versions.setdefault(r.version, PastSeating(r.round, r.version, {}, r.replaced_at, r.printed_at))
            v.seats[(r.table_no, r.seat)] = r.player_id
        return [versions[v] for v in sorted(versions, reverse=True)]

    def draws(self, kind: str | None = None) -> list[StoredDraw]:
        """Every stored draw (of `kind`), oldest first."""
        q = sa.select(draws_t).order_by(draws_t.c.id)
        if kind is not None:
            q = q.where(draws_t.c.kind == kind)
        with self.engine.connect() as conn:
            rows = conn.execute(q).all()
        return [StoredDraw(r.round, r.kind, r.seed, json.loads(r.payload), r.at) for r in rows]

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
        with self.engine.connect() as conn:
            heads = conn.execute(_results_query(*shape), params).all()
            ids = [h.id for h in heads]
            lines: dict[int, list[ResultLine]] = {i: [] for i in ids}
            if ids:
                # Only the lines of the versions asked about, when they are few or of a few rounds
                # (older versions' lines are skipped below).
                few = len(ids) <= _FEW
                found = conn.execute(_lines_query(few, *shape[:2]), {**params, "ids": ids} if few else params)
                for rid, seat, name, wonder, side, scores in found:
                    if rid in lines:
                        lines[rid].append(ResultLine(seat, name, wonder, side, json.loads(scores)))
        return [TableResult(h.round, h.table_no, h.version, h.created_at, h.author, h.reason, h.source,
                            tuple(json.loads(h.warnings)), tuple(lines[h.id])) for h in heads]

    def version_of(self, round_no: int, table_no: int) -> int | None:
        """The table's latest stored version (None: nothing stored), without its lines."""
        with self.engine.connect() as conn:
            latest = conn.execute(sa.select(sa.func.max(results_t.c.version))
                                  .where(results_t.c.round == round_no, results_t.c.table_no == table_no)).scalar()
        return int(latest) if latest else None

    def table_versions(self) -> list[TableResult]:
        """Every stored version of every table's sheet, by round, table and version."""
        with self.engine.connect() as conn:
            heads = conn.execute(sa.select(results_t).order_by(results_t.c.round, results_t.c.table_no,
                                                               results_t.c.version)).all()
            lines: dict[int, list[ResultLine]] = {h.id: [] for h in heads}
            lq = (sa.select(lines_t.c.result_id, lines_t.c.seat, players_t.c.name, lines_t.c.wonder,
                            lines_t.c.side, lines_t.c.scores)
                  .join(players_t, players_t.c.id == lines_t.c.player_id)
                  .order_by(lines_t.c.result_id, lines_t.c.seat))
            for rid, seat, name, wonder, side, scores in conn.execute(lq):
                lines[rid].append(ResultLine(seat, name, wonder, side, json.loads(scores)))
        return [TableResult(h.round, h.table_no, h.version, h.created_at, h.author, h.reason, h.source,
                            tuple(json.loads(h.warnings)), tuple(lines[h.id])) for h in heads]

    def result_versions(self) -> list[dict[str, Any]]:
        """Every stored version of every table, oldest first (for `results history`)."""
        q = sa.select(results_t).order_by(results_t.c.id)
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(q).all()]

    def history(self) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(history_t).order_by(history_t.c.id)).all()
        return [dict(r._mapping) for r in rows]


def _upgrade(engine: Engine) -> None:
    """Mark an event file of an older schema version as the current one (nothing else
    changes: see `UPGRADES_FROM`). A read-only file is left as it is and read as it is."""
    try:
        with engine.begin() as conn:
            conn.execute(sa.update(meta_t).where(meta_t.c.key == "schema_version")
                         .values(value=str(SCHEMA_VERSION)))
    except sa.exc.OperationalError:
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


def _log(conn: Connection, action: str, detail: str, who: str | None = None) -> None:
    log_all(conn, [(action, detail)], who)


def log_all(conn: Connection, entries: Sequence[tuple[str, str]], who: str | None = None) -> None:
    """History lines (action, detail), in order, in one statement."""
    if entries:
        at, by = now(), who or current_user()
        conn.execute(sa.insert(history_t), [{"at": at, "who": by, "action": action, "detail": detail}
                                            for action, detail in entries])


log = _log


def _count_change(conn: Connection) -> None:
    bumped = sa.cast(sa.cast(meta_t.c.value, sa.Integer) + 1, sa.Text)
    if conn.execute(sa.update(meta_t).where(meta_t.c.key == CHANGES_KEY).values(value=bumped)).rowcount == 0:
        conn.execute(sa.insert(meta_t).values(key=CHANGES_KEY, value="1"))  # an event made before the counter


def change_stamp(event: Event) -> int:
    """A number that grows with every committed change to the event, whichever process made it
    (this server, the command line, another desk machine): one indexed read, so the live pages
    can ask it often and rebuild only when it moved."""
    with event.engine.connect() as conn:
        value = conn.execute(sa.select(meta_t.c.value).where(meta_t.c.key == CHANGES_KEY)).scalar()
    return int(value or 0)
