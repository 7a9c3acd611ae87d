"""The event store: one SQLite file per event (or a database URL), every change in one
transaction, results versioned (corrections add a version, nothing is overwritten)."""
from __future__ import annotations

import datetime as _dt
import getpass
import json
import os
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence, Union

import sqlalchemy as sa
from sqlalchemy.engine import Connection as Connection  # re-exported: the type of a transaction
from sqlalchemy.engine import Engine

from tourney import database
from tourney.database import Location
from tourney.errors import EventError, RegistrationError
from tourney.i18n import _
from tourney.names import clean_name, name_key

SCHEMA_VERSION = 2
#: Schema versions this tourney upgrades on open. Version 2 stores each warning found at a
#: table as data (rule, English template, values, where: `results.LocatedFinding.stored`)
#: rather than English text, so it is shown in the event's language; the text rows version 1
#: wrote stay as they are and are shown as stored. The version number keeps an older tourney,
#: which can't read such rows, from opening the file.
UPGRADES_FROM = (1,)

#: What the store keeps in its JSON columns (draw payloads, a result line's game data).
# A recursive alias: `|` can't join the quoted forward references at run time.
Json = Union[None, bool, int, float, str, list["Json"], dict[str, "Json"]]  # noqa: UP007
#: Event settings written by `tourney new` and `tourney event`; a game adds its own (`set_setting`).
CORE_SETTINGS = ("schema_version", "name", "game", "scheme", "rounds", "seed", "date", "created_at")

metadata = sa.MetaData()

meta_t = sa.Table(
    "meta", metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)
players_t = sa.Table(
    "players", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(200), nullable=False, unique=True),
    sa.Column("added_at", sa.String(40), nullable=False),
    # Rounds already seated when the player joined: a late entry plays from the next one.
    sa.Column("joined_round", sa.Integer, nullable=False, default=1),
    sa.Column("dropped_after", sa.Integer, nullable=True),
)
rounds_t = sa.Table(
    "rounds", metadata,
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("source", sa.String(20), nullable=False),  # 'seat' (tool) or 'sheets' (paper)
    sa.Column("seated_at", sa.String(40), nullable=False),
    sa.Column("printed_at", sa.String(40), nullable=True),
)
seats_t = sa.Table(
    "seats", metadata,
    sa.Column("round", sa.Integer, sa.ForeignKey("rounds.number"), primary_key=True),
    sa.Column("table_no", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
    sa.Column("wonder", sa.String(40), nullable=True),
    sa.UniqueConstraint("round", "player_id"),
)
draws_t = sa.Table(
    "draws", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("round", sa.Integer, nullable=True),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("seed", sa.String(200), nullable=False),
    sa.Column("payload", sa.Text, nullable=False),
    sa.Column("at", sa.String(40), nullable=False),
)
results_t = sa.Table(
    "results", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("table_no", sa.Integer, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("created_at", sa.String(40), nullable=False),
    sa.Column("author", sa.String(100), nullable=False),
    sa.Column("reason", sa.Text, nullable=True),
    sa.Column("source", sa.Text, nullable=False),
    sa.Column("warnings", sa.Text, nullable=False, default="[]"),
    sa.UniqueConstraint("round", "table_no", "version"),
)
lines_t = sa.Table(
    "result_lines", metadata,
    sa.Column("result_id", sa.Integer, sa.ForeignKey("results.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
    sa.Column("wonder", sa.String(40), nullable=True),
    sa.Column("side", sa.String(1), nullable=True),
    # The game's serialisation of the line (JSON), see ResultLine.data.
    sa.Column("scores", sa.Text, nullable=False),
)
# Roster changes since a round was seated: the round's seating is out of date until it is
# seated again (`mark_seating_stale`, cleared by `store_seating`). No foreign key: the row
# of a player removed later stays, with the name as it was.
roster_changes_t = sa.Table(
    "roster_changes", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("player_id", sa.Integer, nullable=True),
    sa.Column("change", sa.String(20), nullable=False),  # joined, dropped, renamed, removed
    sa.Column("player", sa.String(400), nullable=False),  # the name(s) as messages show them
    sa.Column("at", sa.String(40), nullable=False),
)
# Every seating a round had before it was seated again, so sheets printed from an earlier
# seating are recognised on import.
past_seats_t = sa.Table(
    "past_seats", metadata,
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("table_no", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.Integer, nullable=False),
    sa.Column("replaced_at", sa.String(40), nullable=False),
    sa.Column("printed_at", sa.String(40), nullable=True),
)
history_t = sa.Table(
    "history", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("at", sa.String(40), nullable=False),
    sa.Column("who", sa.String(100), nullable=False),
    sa.Column("action", sa.String(40), nullable=False),
    sa.Column("detail", sa.Text, nullable=False),
)
# Live-server desks (`tourney desk add`): the token is kept only as a salted hash.
desks_t = sa.Table(
    "desks", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(100), nullable=False, unique=True),
    sa.Column("salt", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(128), nullable=False),
    sa.Column("organiser", sa.Boolean, nullable=False, default=False),
    sa.Column("created_at", sa.String(40), nullable=False),
)

# Blind double entry (the event's "double_entry" setting): a desk's sheet waits here until a
# second desk's entry agrees with it, or the organiser accepts one version.
held_t = sa.Table(
    "held_entries", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("table_no", sa.Integer, nullable=False),
    sa.Column("base_version", sa.Integer, nullable=False),  # the stored version it follows (0: none)
    sa.Column("desk", sa.String(100), nullable=False),
    sa.Column("rows", sa.Text, nullable=False),  # the rows as the desk sent them (JSON)
    sa.Column("reason", sa.Text, nullable=True),
    sa.Column("third_asked", sa.Boolean, nullable=False, default=False),
    sa.Column("at", sa.String(40), nullable=False),
)


def now() -> str:
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()


def current_user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name in some containers; history still needs a name
        return os.environ.get("USER", "unknown")


@dataclass(frozen=True)
class EventInfo:
    name: str
    game: str
    scheme: str
    rounds: int
    seed: int
    date: str | None
    created_at: str


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    joined_round: int
    dropped_after: int | None

    def active_in(self, round_no: int) -> bool:
        return self.joined_round <= round_no and (self.dropped_after is None or round_no <= self.dropped_after)


@dataclass(frozen=True)
class SeatRow:
    round: int
    table: int
    seat: int
    player: str
    wonder: str | None


@dataclass(frozen=True)
class RosterChange:
    """A roster change after a round was seated: `change` is joined, dropped, renamed or
    removed; `player` the name (for a rename "old → new")."""

    round: int
    player_id: int | None
    change: str
    player: str
    at: str


@dataclass(frozen=True)
class PastSeating:
    """A seating a round had before it was seated again: (table, seat) → player id."""

    round: int
    version: int
    seats: dict[tuple[int, int], int]
    replaced_at: str
    printed_at: str | None


@dataclass(frozen=True)
class EventSetting:
    """One setting a game keeps with the event; `note` says it in the history."""

    key: str
    value: str
    note: str


@dataclass(frozen=True)
class StoredDraw:
    """One stored draw: the game turns `payload` back into its typed draw."""

    round: int | None
    kind: str
    seed: str
    payload: Json
    at: str


@dataclass(frozen=True)
class ResultLine:
    """One seat of a stored sheet; `data` is the game's serialisation of the line
    (`tourney.games.<game>` writes and reads it)."""

    seat: int
    player: str
    wonder: str | None
    side: str | None
    data: Json


@dataclass(frozen=True)
class NewLine:
    """One seat of a sheet to store: the player's id and the game's serialised line."""

    seat: int
    player_id: int
    wonder: str | None
    side: str | None
    data: Json


@dataclass(frozen=True)
class TableResult:
    """The current (latest) version of one table's sheet in one round."""

    round: int
    table: int
    version: int
    created_at: str
    author: str
    reason: str | None
    source: str
    #: What was found at the table when it was stored: English text (schema version 1) or
    #: data (`results.stored_warning_text` says either in the current language).
    warnings: tuple[Json, ...]
    lines: tuple[ResultLine, ...]


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

    def seats(self, round_no: int | None = None) -> list[SeatRow]:
        q = (sa.select(seats_t.c.round, seats_t.c.table_no, seats_t.c.seat, players_t.c.name,
                       seats_t.c.wonder)
             .join(players_t, players_t.c.id == seats_t.c.player_id)
             .order_by(seats_t.c.round, seats_t.c.table_no, seats_t.c.seat))
        if round_no is not None:
            q = q.where(seats_t.c.round == round_no)
        with self.engine.connect() as conn:
            return [SeatRow(*r) for r in conn.execute(q).all()]

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
    def results(self, *, upto_round: int | None = None) -> list[TableResult]:
        """The latest version of every table's sheet, by round and table."""
        latest = (sa.select(results_t.c.round, results_t.c.table_no,
                            sa.func.max(results_t.c.version).label("version"))
                  .group_by(results_t.c.round, results_t.c.table_no).subquery())
        q = (sa.select(results_t)
             .join(latest, sa.and_(latest.c.round == results_t.c.round,
                                   latest.c.table_no == results_t.c.table_no,
                                   latest.c.version == results_t.c.version))
             .order_by(results_t.c.round, results_t.c.table_no))
        if upto_round is not None:
            q = q.where(results_t.c.round <= upto_round)
        with self.engine.connect() as conn:
            heads = conn.execute(q).all()
            ids = [h.id for h in heads]
            lines: dict[int, list[ResultLine]] = {i: [] for i in ids}
            if ids:
                lq = (sa.select(lines_t.c.result_id, lines_t.c.seat, players_t.c.name, lines_t.c.wonder,
                                lines_t.c.side, lines_t.c.scores)
                      .join(players_t, players_t.c.id == lines_t.c.player_id)
                      .order_by(lines_t.c.result_id, lines_t.c.seat))
                for rid, seat, name, wonder, side, scores in conn.execute(lq):
                    if rid in lines:
                        lines[rid].append(ResultLine(seat, name, wonder, side, json.loads(scores)))
        return [TableResult(h.round, h.table_no, h.version, h.created_at, h.author, h.reason, h.source,
                            tuple(json.loads(h.warnings)), tuple(lines[h.id])) for h in heads]

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


# --- write helpers used inside Event.transaction() -------------------------------------
def players_by_key(conn: Connection) -> dict[str, Player]:
    """Every player by `names.name_key` (one query; names are compared in Python because the
    database's lower() folds ASCII only)."""
    rows = conn.execute(sa.select(players_t).order_by(players_t.c.id)).all()
    return {name_key(r.name): Player(r.id, r.name, r.joined_round, r.dropped_after) for r in rows}


def _find_player(conn: Connection, name: str) -> Player:
    found = players_by_key(conn).get(name_key(name))
    if found is None:
        raise RegistrationError(_("no player {name!r} in this event: see 'tourney players list'").format(name=name))
    return found


def add_player(conn: Connection, name: str, joined_round: int) -> int:
    return register_players(conn, [(name, joined_round)])[0]


def register_players(conn: Connection, names: Sequence[tuple[str, int]]) -> list[int]:
    """Register (name, round joined) pairs in order, as `add_player` one at a time would, but
    with one roster read and a bulk insert per run of names joining in the same round (an
    import's new players: one statement, not a round trip each). Returns their ids."""
    players = players_by_key(conn)
    ids: list[int] = [0] * len(names)
    run: list[tuple[int, str]] = []  # (position, clean name): new names joining in `run_round`
    run_round = 0

    def flush() -> None:
        for (i, _name), new_id in zip(run, add_players(conn, [clean for _i, clean in run], run_round)):
            ids[i] = new_id
        run.clear()

    for i, (name, joined_round) in enumerate(names):
        clean = clean_name(name)
        key = name_key(clean)
        existing = players.get(key)
        if existing is not None:
            # A name seen before (ignoring case) is the same person; re-entering a dropped
            # player brings them back instead of creating a second record.
            if existing.dropped_after is None:
                raise RegistrationError(_("{name!r} is already registered (as {registered!r})").format(
                    name=clean, registered=existing.name))
            flush()  # the history keeps the order of the names
            reenter_player(conn, existing, joined_round)
            players[key] = Player(existing.id, existing.name, max(existing.joined_round, joined_round), None)
            ids[i] = existing.id
            continue
        if run and joined_round != run_round:
            flush()
        run.append((i, clean))
        run_round = joined_round
        players[key] = Player(0, clean, joined_round, None)  # registered below, in this transaction
    flush()
    return ids


def add_players(conn: Connection, names: list[str], joined_round: int) -> list[int]:
    """Insert new players in bulk: `names` are already cleaned and known to be new."""
    if not names:
        return []
    at = now()
    # Inside Event.transaction the write lock is held: the rows past the last id are ours.
    before = conn.execute(sa.select(sa.func.max(players_t.c.id))).scalar() or 0
    conn.execute(sa.insert(players_t), [{"name": n, "added_at": at, "joined_round": joined_round} for n in names])
    ids = dict(conn.execute(sa.select(players_t.c.name, players_t.c.id).where(players_t.c.id > before)).all())
    who = current_user()
    conn.execute(sa.insert(history_t), [{"at": at, "who": who, "action": "players.add",
                                         "detail": f"{n!r} from round {joined_round}"} for n in names])
    # mark_seating_stale for every name, with one query for the rounds and one insert.
    rounds = _open_rounds(conn, joined_round)
    if rounds:
        conn.execute(sa.insert(roster_changes_t), [
            {"round": r, "player_id": int(ids[n]), "change": "joined", "player": n, "at": at}
            for n in names for r in rounds])
    return [int(ids[n]) for n in names]


def reenter_player(conn: Connection, player: Player, joined_round: int) -> None:
    conn.execute(sa.update(players_t).where(players_t.c.id == player.id)
                 .values(dropped_after=None, joined_round=max(player.joined_round, joined_round)))
    _log(conn, "players.readd", f"{player.name!r} re-entered from round {joined_round}")
    mark_seating_stale(conn, joined_round, player.id, "joined", player.name)


def drop_player(conn: Connection, name: str, after_round: int) -> str:
    row = _find_player(conn, name)
    if row.dropped_after is not None:
        raise RegistrationError(_("{name!r} already dropped after round {round}").format(
            name=row.name, round=row.dropped_after))
    conn.execute(sa.update(players_t).where(players_t.c.id == row.id).values(dropped_after=after_round))
    _log(conn, "players.drop", f"{row.name!r} dropped after round {after_round}")
    mark_seating_stale(conn, after_round + 1, row.id, "dropped", row.name)
    return str(row.name)


def _renamed(value: Any, old: str, new: str) -> Any:
    """A draw payload with every string equal to `old` replaced by `new` (payloads such as a
    round robin's order or a top cut's seeds hold names)."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: _renamed(v, old, new) for k, v in value.items()}
    return value


def rename_player(conn: Connection, old: str, new: str) -> tuple[str, str]:
    """Rename a player everywhere (results, seats and standings follow the player's id; draws
    that store names are updated); returns (old name, new name) as stored."""
    player = _find_player(conn, old)
    clean = clean_name(new)
    other = players_by_key(conn).get(name_key(clean))
    if other is not None and other.id != player.id:
        raise RegistrationError(_("can't rename {old!r} to {new!r}: that is another registered player ({other!r}); "
                                  "choose a different name").format(old=player.name, new=clean, other=other.name))
    if clean == player.name:
        raise RegistrationError(_("{name!r} is already spelled {new!r}: nothing to rename").format(
            name=player.name, new=clean))
    conn.execute(sa.update(players_t).where(players_t.c.id == player.id).values(name=clean))
    for draw_id, payload in conn.execute(sa.select(draws_t.c.id, draws_t.c.payload)).all():
        before = json.loads(payload)
        after = _renamed(before, player.name, clean)
        if after != before:
            conn.execute(sa.update(draws_t).where(draws_t.c.id == draw_id).values(payload=json.dumps(after)))
    _log(conn, "players.rename", f"renamed {player.name!r} to {clean!r}")
    # Sheets printed with the old name are out of date (the seating itself follows the id).
    mark_seating_stale(conn, 1, player.id, "renamed", f"{player.name!r} → {clean!r}")
    return player.name, clean


def remove_player(conn: Connection, name: str) -> tuple[str, list[int]]:
    """Remove a mis-registered player who has no results and no seat in a printed round;
    their seats in unprinted rounds go too. Returns (name, the rounds that lost a seat)."""
    player = _find_player(conn, name)
    played = conn.execute(sa.select(results_t.c.round, results_t.c.table_no)
                          .join(lines_t, lines_t.c.result_id == results_t.c.id)
                          .where(lines_t.c.player_id == player.id)
                          .order_by(results_t.c.round, results_t.c.table_no)).first()
    if played is not None:
        raise RegistrationError(_("{name!r} has results (round {round}, table {table}): a player who played can't "
                                  "be removed; use 'tourney players drop' so they play no further rounds").format(
            name=player.name, round=played.round, table=played.table_no))
    seated = conn.execute(sa.select(seats_t.c.round, rounds_t.c.printed_at)
                          .join(rounds_t, rounds_t.c.number == seats_t.c.round)
                          .where(seats_t.c.player_id == player.id).order_by(seats_t.c.round)).all()
    printed = [r for r, at in seated if at is not None]
    if printed:
        raise RegistrationError(_("{name!r} is seated in round {round}, whose sheets are printed: use 'tourney "
                                  "players drop' instead").format(name=player.name, round=printed[0]))
    conn.execute(sa.delete(seats_t).where(seats_t.c.player_id == player.id))
    conn.execute(sa.delete(players_t).where(players_t.c.id == player.id))
    rounds = [r for r, _ in seated]
    if rounds:
        mark_seating_stale(conn, min(rounds), player.id, "removed", repr(player.name))
    _log(conn, "players.remove", f"removed {player.name!r}"
         + (f" (seated in round {', '.join(map(str, rounds))}: re-seat)" if rounds else ""))
    return player.name, rounds


def mark_seating_stale(conn: Connection, from_round: int, player_id: int | None, change: str, player: str) -> list[int]:
    """Record a roster change (`change`: joined, dropped, renamed, removed) in every round
    from `from_round` on that is seated and has no results: their seating is then out of
    date until the round is seated again. Call it in the transaction that changes the roster.
    Returns the rounds marked."""
    rounds = _open_rounds(conn, from_round)
    if rounds:
        at = now()
        conn.execute(sa.insert(roster_changes_t), [
            {"round": r, "player_id": player_id, "change": change, "player": player, "at": at} for r in rounds])
    return rounds


def _open_rounds(conn: Connection, from_round: int) -> list[int]:
    """The rounds from `from_round` on that are seated and have no results."""
    played = sa.select(results_t.c.round).distinct()
    return [r for (r,) in conn.execute(sa.select(rounds_t.c.number)
                                       .where(rounds_t.c.number >= from_round, rounds_t.c.number.not_in(played))
                                       .order_by(rounds_t.c.number))]


def clear_roster_changes(conn: Connection, round_no: int) -> None:
    """Round `round_no` was seated again (or kept as planned on purpose): it is up to date."""
    conn.execute(sa.delete(roster_changes_t).where(roster_changes_t.c.round == round_no))


def store_seating(conn: Connection, round_no: int, source: str,
                  tables: list[list[tuple[int, str | None]]]) -> None:
    """Replace a round's seating: `tables[t][s]` = (player id, wonder) at table t+1, seat s+1.
    The seating it replaces is kept (`Event.past_seatings`); the round is up to date again."""
    old = conn.execute(sa.select(seats_t.c.table_no, seats_t.c.seat, seats_t.c.player_id)
                       .where(seats_t.c.round == round_no)).all()
    if old:
        printed = conn.execute(sa.select(rounds_t.c.printed_at).where(rounds_t.c.number == round_no)).scalar()
        version = (conn.execute(sa.select(sa.func.max(past_seats_t.c.version))
                                .where(past_seats_t.c.round == round_no)).scalar() or 0) + 1
        at = now()
        conn.execute(sa.insert(past_seats_t), [
            {"round": round_no, "version": version, "table_no": t, "seat": s, "player_id": pid, "replaced_at": at,
             "printed_at": printed} for t, s, pid in old])
    conn.execute(sa.delete(roster_changes_t).where(roster_changes_t.c.round == round_no))
    conn.execute(sa.delete(seats_t).where(seats_t.c.round == round_no))
    conn.execute(sa.delete(rounds_t).where(rounds_t.c.number == round_no))
    conn.execute(sa.insert(rounds_t).values(number=round_no, source=source, seated_at=now()))
    rows = [{"round": round_no, "table_no": t, "seat": s, "player_id": pid, "wonder": wonder}
            for t, table in enumerate(tables, 1) for s, (pid, wonder) in enumerate(table, 1)]
    if rows:
        conn.execute(sa.insert(seats_t), rows)


def set_setting(conn: Connection, key: str, value: str | None) -> None:
    """Set one event setting (a core one, a game's own such as a bye's worth, or the live
    server's); None clears it."""
    conn.execute(sa.delete(meta_t).where(meta_t.c.key == key))
    if value is not None:
        conn.execute(sa.insert(meta_t).values(key=key, value=value))


def store_draw(conn: Connection, round_no: int | None, kind: str, seed: str, payload: Json) -> None:
    conn.execute(sa.insert(draws_t).values(round=round_no, kind=kind, seed=seed,
                                           payload=json.dumps(payload), at=now()))


def next_version(conn: Connection, round_no: int, table_no: int) -> int:
    return next_versions(conn, [(round_no, table_no)])[(round_no, table_no)]


def next_versions(conn: Connection, tables: Sequence[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """The next version of each (round, table) (1 when none is stored), in one query."""
    rounds = sorted({r for r, _t in tables})
    q = (sa.select(results_t.c.round, results_t.c.table_no, sa.func.max(results_t.c.version))
         .where(results_t.c.round.in_(rounds)).group_by(results_t.c.round, results_t.c.table_no))
    stored = {(r, t): v for r, t, v in conn.execute(q)}
    return {key: (stored.get(key) or 0) + 1 for key in tables}


def latest_lines(conn: Connection, round_no: int, table_no: int) -> list[NewLine]:
    """The lines of a table's latest stored version (empty when none), to compare a correction with."""
    rid = conn.execute(sa.select(results_t.c.id).where(results_t.c.round == round_no, results_t.c.table_no == table_no)
                       .order_by(results_t.c.version.desc()).limit(1)).scalar()
    if rid is None:
        return []
    rows = conn.execute(sa.select(lines_t).where(lines_t.c.result_id == rid).order_by(lines_t.c.seat)).all()
    return [NewLine(r.seat, r.player_id, r.wonder, r.side, json.loads(r.scores)) for r in rows]


def store_result(conn: Connection, *, round_no: int, table_no: int, version: int, author: str,
                 reason: str | None, source: str, warnings: list[Json], lines: list[NewLine]) -> None:
    """Add one version of a table's sheet."""
    store_results(conn, [NewResult(round_no, table_no, version, author, reason, source, warnings, lines)])


@dataclass(frozen=True)
class NewResult:
    """One version of a table's sheet to store; `seats` (player id, wonder) by seat when the
    sheet also gives the table's seats (a round seated from sheets), else None."""

    round: int
    table: int
    version: int
    author: str
    reason: str | None
    source: str
    warnings: list[Json]
    lines: list[NewLine]
    seats: list[tuple[int, str | None]] | None = None


#: Tables per statement where a statement names each (round, table): SQLite allows 999
#: parameters in old versions.
_CHUNK = 400


def store_results(conn: Connection, results: Sequence[NewResult]) -> None:
    """Add these versions of tables' sheets (and the seats of those that give them) with a
    few statements for all of them: over a network each statement is a round trip."""
    if not results:
        return
    seated = [(r.round, r.table, r.seats) for r in results if r.seats is not None]
    if seated:
        _store_sheet_seats(conn, seated)
    at = now()
    # Inside Event.transaction the write lock is held: the rows past the last id are ours.
    before = conn.execute(sa.select(sa.func.max(results_t.c.id))).scalar() or 0
    conn.execute(sa.insert(results_t), [
        {"round": r.round, "table_no": r.table, "version": r.version, "created_at": at, "author": r.author,
         "reason": r.reason, "source": r.source, "warnings": json.dumps(r.warnings)} for r in results])
    ids = {(r, t, v): rid for rid, r, t, v in conn.execute(
        sa.select(results_t.c.id, results_t.c.round, results_t.c.table_no, results_t.c.version)
        .where(results_t.c.id > before))}
    lines = [{"result_id": ids[(r.round, r.table, r.version)], "seat": line.seat, "player_id": line.player_id,
              "wonder": line.wonder, "side": line.side, "scores": json.dumps(line.data, sort_keys=True)}
             for r in results for line in r.lines]
    if lines:
        conn.execute(sa.insert(lines_t), lines)


def clear_sheet_seats(conn: Connection, tables: list[tuple[int, int]]) -> None:
    """Free the seats of these (round, table)s where the round was seated from sheets (the
    tool's own seating stays)."""
    from_sheets = {r for (r,) in conn.execute(sa.select(rounds_t.c.number).where(rounds_t.c.source == "sheets"))}
    freed = [(r, t) for r, t in tables if r in from_sheets]
    for i in range(0, len(freed), _CHUNK):
        conn.execute(sa.delete(seats_t).where(sa.tuple_(seats_t.c.round, seats_t.c.table_no).in_(freed[i:i + _CHUNK])))


def store_table_seats(conn: Connection, round_no: int, table_no: int,
                      seats: list[tuple[int, str | None]]) -> None:
    """Record one table's seats from a sheet, for rounds the tool did not seat (paper schedules)."""
    _store_sheet_seats(conn, [(round_no, table_no, seats)])


#: A table's seats as its sheet gives them: round, table, (player id, wonder) by seat.
SheetSeats = tuple[int, int, list[tuple[int, str | None]]]


def _store_sheet_seats(conn: Connection, tables: Sequence[SheetSeats]) -> None:
    """Record the tables' seats from their sheets; a round not seated yet becomes one seated
    from sheets."""
    rounds = list(dict.fromkeys(r for r, _t, _s in tables))
    known = {r for (r,) in conn.execute(sa.select(rounds_t.c.number).where(rounds_t.c.number.in_(rounds)))}
    new = [r for r in rounds if r not in known]
    if new:
        at = now()
        conn.execute(sa.insert(rounds_t), [{"number": r, "source": "sheets", "seated_at": at} for r in new])
    for i in range(0, len(tables), _CHUNK):
        conn.execute(sa.delete(seats_t).where(sa.tuple_(seats_t.c.round, seats_t.c.table_no)
                                              .in_([(r, t) for r, t, _s in tables[i:i + _CHUNK]])))
    rows = [{"round": r, "table_no": t, "seat": s, "player_id": pid, "wonder": wonder}
            for r, t, seats in tables for s, (pid, wonder) in enumerate(seats, 1)]
    if rows:
        conn.execute(sa.insert(seats_t), rows)


def mark_printed(conn: Connection, round_no: int) -> None:
    """Record that a round's score sheets were printed: later re-planning keeps its seating."""
    conn.execute(sa.update(rounds_t).where(rounds_t.c.number == round_no).values(printed_at=now()))


# --- blind double entry -------------------------------------------------------------------
@dataclass(frozen=True)
class HeldEntry:
    """A desk's entry of a table's sheet, held until a second entry agrees with it."""

    id: int
    round: int
    table: int
    base_version: int
    desk: str
    rows: tuple[dict[str, Json], ...]
    reason: str | None
    third_asked: bool
    at: str


def _held(rows: Any) -> list[HeldEntry]:
    return [HeldEntry(r.id, r.round, r.table_no, r.base_version, r.desk, tuple(json.loads(r.rows)), r.reason,
                      bool(r.third_asked), r.at) for r in rows]


def held_entries(event: Event) -> list[HeldEntry]:
    """Every held entry, by round, table and arrival."""
    with event.engine.connect() as conn:
        return _held(conn.execute(sa.select(held_t).order_by(held_t.c.round, held_t.c.table_no, held_t.c.id)))


def held_at(conn: Connection, round_no: int, table_no: int) -> list[HeldEntry]:
    """The table's held entries (inside a transaction), oldest first."""
    return _held(conn.execute(sa.select(held_t).where(held_t.c.round == round_no, held_t.c.table_no == table_no)
                              .order_by(held_t.c.id)))


def hold_entry(conn: Connection, round_no: int, table_no: int, base_version: int, desk: str,
               rows: list[dict[str, Json]], reason: str | None) -> None:
    """Hold a desk's entry; it replaces that desk's earlier entry of the table, and entries
    that follow an older stored version go (they were typed from a superseded sheet)."""
    conn.execute(sa.delete(held_t).where(held_t.c.round == round_no, held_t.c.table_no == table_no,
                                         sa.or_(held_t.c.desk == desk, held_t.c.base_version != base_version)))
    asked = conn.execute(sa.select(held_t.c.id).where(held_t.c.round == round_no, held_t.c.table_no == table_no,
                                                      held_t.c.third_asked)).first() is not None
    conn.execute(sa.insert(held_t).values(round=round_no, table_no=table_no, base_version=base_version, desk=desk,
                                          rows=json.dumps(rows), reason=reason, third_asked=asked, at=now()))
    _log(conn, "results.hold", f"round {round_no}, table {table_no}: entry held for a second entry", desk)


def ask_third_entry(conn: Connection, round_no: int, table_no: int, who: str) -> None:
    conn.execute(sa.update(held_t).where(held_t.c.round == round_no, held_t.c.table_no == table_no)
                 .values(third_asked=True))
    _log(conn, "results.third", f"round {round_no}, table {table_no}: a third entry asked for", who)


def clear_held(conn: Connection, round_no: int, table_no: int) -> None:
    conn.execute(sa.delete(held_t).where(held_t.c.round == round_no, held_t.c.table_no == table_no))

# --- live-server desks ------------------------------------------------------------------
@dataclass(frozen=True)
class Desk:
    id: int
    name: str
    organiser: bool
    created_at: str


def _token_hash(salt: str, token: str) -> str:
    # Tokens are long random strings, so one salted SHA-256 is enough (no password stretching).
    import hashlib

    return hashlib.sha256(f"{salt}:{token}".encode()).hexdigest()


def add_desk(conn: Connection, name: str, *, organiser: bool = False) -> str:
    """Register a desk and return its token (shown once; only a salted hash is stored)."""
    import secrets

    clean = " ".join(name.split())
    if not clean:
        raise RegistrationError(_("a desk name can't be empty"))
    if conn.execute(sa.select(desks_t.c.id).where(sa.func.lower(desks_t.c.name) == clean.lower())).first():
        raise RegistrationError(_("there is already a desk {name!r}: remove it first, or choose another name").format(
            name=clean))
    token, salt = secrets.token_urlsafe(24), secrets.token_hex(16)
    conn.execute(sa.insert(desks_t).values(name=clean, salt=salt, token_hash=_token_hash(salt, token),
                                           organiser=organiser, created_at=now()))
    _log(conn, "desk.add", f"desk {clean!r}" + (" (organiser)" if organiser else ""))
    return token


def remove_desk(conn: Connection, name: str) -> str:
    row = conn.execute(sa.select(desks_t).where(sa.func.lower(desks_t.c.name) == name.strip().lower())).first()
    if row is None:
        raise RegistrationError(_("no desk {name!r}: see 'tourney desk list'").format(name=name))
    conn.execute(sa.delete(desks_t).where(desks_t.c.id == row.id))
    _log(conn, "desk.remove", f"desk {row.name!r}")
    return str(row.name)


def desks(event: Event) -> list[Desk]:
    with event.engine.connect() as conn:
        rows = conn.execute(sa.select(desks_t).order_by(desks_t.c.id)).all()
    return [Desk(r.id, r.name, bool(r.organiser), r.created_at) for r in rows]


def desk_for_token(event: Event, token: str) -> Desk | None:
    """The desk whose token this is, or None."""
    import hmac

    with event.engine.connect() as conn:
        rows = conn.execute(sa.select(desks_t)).all()
    for r in rows:
        if hmac.compare_digest(r.token_hash, _token_hash(r.salt, token)):
            return Desk(r.id, r.name, bool(r.organiser), r.created_at)
    return None


#: The meta row counting committed changes (every `Event.transaction` adds one).
CHANGES_KEY = "changes"


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
