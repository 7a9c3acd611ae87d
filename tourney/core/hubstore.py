"""A season hub's store: its venues (each with a token kept only as a salted hash), the events
they push and every journal entry applied to each (`tourney.core.store.journal`), in a SQLite
file or a PostgreSQL database (schema `tourneyhub`), the same statements on both.

`apply` takes one venue's batch of one event's entries and applies each exactly once, in one
transaction under the hub's write lock: entries the hub has are skipped, a gap is answered
with the entry to resume from, and a token writes only its own venue's events. The hub never
writes into a venue's event: it keeps what the venue sent."""
from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from tourney.core import database
from tourney.core.database import Location
from tourney.core.errors import TourneyError
from tourney.core.i18n import _
from tourney.core.sql import Connection, Database, OperationalError
from tourney.core.store.event import ADVISORY_LOCK_SPACE
from tourney.core.store.journal import KINDS, Entry
from tourney.core.store.schema import TABLES, Table, now

#: The PostgreSQL schema of a hub (not an event's: `tourney` or `tourney_NAME`); a URL's
#: `?event=NAME` names one of several hubs of a database (`tourneyhub_NAME`).
HUB_SCHEMA = "tourneyhub"
HUB_VERSION = 1
#: The most entries one push or one file section may carry.
MAX_BATCH = 5000
#: The meta row counting the hub's write transactions (the pages' change stamp).
CHANGES = "changes"

HUB_TABLES: tuple[Table, ...] = (
    Table("hub_meta", '"key" VARCHAR(64) NOT NULL, value TEXT NOT NULL, PRIMARY KEY ("key")', ("key",)),
    # removed_at: the venue's token writes no more (`tourney hub venue remove`); sign_key: the
    # key of its journal files' HMAC (`sign_key`), a hash of the token.
    Table("venues", "id {serial}, name VARCHAR(100) NOT NULL, salt VARCHAR(64) NOT NULL, "
          "token_hash VARCHAR(128) NOT NULL, sign_key VARCHAR(64) NOT NULL, created_at VARCHAR(40) NOT NULL, "
          "removed_at VARCHAR(40), "
          "PRIMARY KEY (id), UNIQUE (name)", ("id",), "id"),
    # One row per event a venue pushed: journal_id is the event's (its setting `journal_id`),
    # applied the last journal entry the hub has of it (every one before it too).
    Table("hub_events", "id {serial}, venue_id INTEGER NOT NULL, journal_id VARCHAR(64) NOT NULL, "
          "applied INTEGER NOT NULL, first_at VARCHAR(40) NOT NULL, last_at VARCHAR(40) NOT NULL, "
          "PRIMARY KEY (id), UNIQUE (journal_id), FOREIGN KEY(venue_id) REFERENCES venues (id)", ("id",), "id"),
    Table("hub_journal", "event_id INTEGER NOT NULL, seq INTEGER NOT NULL, at VARCHAR(40) NOT NULL, "
          "kind VARCHAR(20) NOT NULL, part VARCHAR(64) NOT NULL, data TEXT, PRIMARY KEY (event_id, seq), "
          "FOREIGN KEY(event_id) REFERENCES hub_events (id)", ("event_id", "seq")),
    # Wrong venue tokens per client address, as the event's live server counts wrong desk tokens
    # (`tourney.core.store.sessions`): the hub answers only so many per window.
    *(t for t in TABLES if t.name == "wrong_tries"),
)

_JOURNAL_ID = re.compile(r"[0-9a-f]{8,64}")


class HubError(TourneyError):
    """A hub can't be made, opened or written as asked."""


class Refused(HubError):
    """A push or file the hub refuses: a wrong or removed venue's token, another venue's event."""


class OtherVenue(Refused):
    """A venue's token used for another venue's event."""


@dataclass(frozen=True)
class Venue:
    id: int
    name: str
    created_at: str
    removed_at: str | None


@dataclass(frozen=True)
class HubEvent:
    """An event a venue pushed: the last entry the hub has of it."""

    id: int
    venue: str
    journal_id: str
    applied: int
    first_at: str
    last_at: str


@dataclass(frozen=True)
class Applied:
    """A batch's answer: how many entries were new, and the entry the venue sends next (after a
    gap: the first one the hub misses, nothing of the batch applied past it)."""

    new: int
    acknowledged: int
    gap: bool

    @property
    def resume(self) -> int:
        return self.acknowledged + 1

    def as_json(self) -> dict[str, object]:
        return {"applied": self.new, "acknowledged": self.acknowledged, "resume": self.resume, "gap": self.gap}


def _token_hash(salt: str, token: str) -> str:
    return hashlib.sha256(f"{salt}:{token}".encode()).hexdigest()


def sign_key(token: str) -> str:
    """The key (hex) of the HMAC that signs a venue's journal file: a hash of its token, so the
    hub checks a file without keeping the token (which alone pushes)."""
    return hashlib.sha256(f"tourney-journal-file:{token}".encode()).hexdigest()


class Hub:
    """An open hub."""

    def __init__(self, db: Database, where: Location) -> None:
        self.db = db
        self.where = where
        self.location = where.display

    # --- making and opening ------------------------------------------------------------
    @classmethod
    def create(cls, location: str, *, name: str, lang: str) -> Hub:
        where = database.parse_location(location)
        if where.path is not None:
            if where.path.exists():
                raise HubError(_("{file!r} already exists: choose another file name for the hub").format(
                    file=where.display))
            if where.path.parent and not where.path.parent.exists():
                raise HubError(_("folder {folder!r} does not exist: create it first").format(
                    folder=str(where.path.parent)))
        db = _connect(where)
        try:
            with db.begin() as conn:
                if where.path is None:
                    if conn.execute("SELECT schema_name FROM information_schema.schemata WHERE schema_name = :s",
                                    {"s": hub_schema(where)}).first() is not None:
                        raise HubError(_("{where!r} already holds a hub").format(where=where.display))
                    conn.execute(f'CREATE SCHEMA "{hub_schema(where)}"')
                for table in HUB_TABLES:
                    conn.execute(table.create(conn.dialect))
                conn.execute_many('INSERT INTO hub_meta ("key", value) VALUES (:key, :value)',
                                  [{"key": k, "value": v} for k, v in (
                                      ("hub_version", str(HUB_VERSION)), ("name", name), ("lang", lang),
                                      ("created_at", now()), (CHANGES, "0"))])
        except OperationalError as exc:
            db.dispose()
            if where.path is not None:
                where.path.unlink(missing_ok=True)
                raise HubError(_("can't create the hub {file!r}: {reason}").format(
                    file=where.display, reason=exc.orig)) from None
            raise database.server_error(where, exc) from None
        return cls(db, where)

    @classmethod
    def open(cls, location: str) -> Hub:
        where = database.parse_location(location)
        if where.path is not None and not where.path.is_file():
            raise HubError(_("no hub {file!r}: create one with 'tourney hub new {file}'").format(file=where.display))
        db = _connect(where)
        try:
            with db.read() as conn:
                version = conn.execute('SELECT value FROM hub_meta WHERE "key" = \'hub_version\'').scalar()
        except OperationalError as exc:
            db.dispose()
            if where.path is None:
                raise database.server_error(where, exc) from None
            raise HubError(_("{file!r} is not a tourney hub ({reason}): check the path").format(
                file=where.display, reason=exc.orig)) from None
        except Exception as exc:  # noqa: BLE001  (any database's "no such table")
            db.dispose()
            raise HubError(_("{file!r} is not a tourney hub ({reason}): check the path").format(
                file=where.display, reason=getattr(exc, "orig", exc))) from None
        if version != str(HUB_VERSION):
            db.dispose()
            raise HubError(_("{file!r} is not a tourney hub of this version: use the tourney that created it").format(
                file=where.display))
        try:  # a hub made before it counted wrong tokens gains the table (a read-only one counts none)
            with db.begin() as conn:
                conn.execute(next(t for t in HUB_TABLES if t.name == "wrong_tries").create(conn.dialect))
        except OperationalError:
            pass
        return cls(db, where)

    def __enter__(self) -> Hub:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.db.dispose()

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One write transaction under the hub's lock (SQLite: BEGIN IMMEDIATE; PostgreSQL: an
        advisory lock of the hub's schema, so every worker's pushes wait for each other)."""
        with self.db.begin() as conn:
            if conn.dialect == "postgresql":
                conn.execute("SELECT pg_advisory_xact_lock(:space, hashtext(current_schema()))",
                             {"space": ADVISORY_LOCK_SPACE})
            conn.execute('UPDATE hub_meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE "key" = :k',
                         {"k": CHANGES})
            yield conn

    # --- settings ----------------------------------------------------------------------
    def settings(self) -> dict[str, str]:
        with self.db.read() as conn:
            return {str(k): str(v) for k, v in conn.execute('SELECT "key", value FROM hub_meta').all()}

    @property
    def name(self) -> str:
        return self.settings().get("name", "")

    @property
    def lang(self) -> str:
        return self.settings().get("lang", "en")

    def stamp(self) -> int:
        return int(self.settings().get(CHANGES) or 0)

    def set_setting(self, key: str, value: str | None) -> None:
        """Set one of the hub's settings (None clears it): a change the pages show."""
        with self.transaction() as conn:
            conn.execute('DELETE FROM hub_meta WHERE "key" = :key', {"key": key})
            if value is not None:
                conn.execute('INSERT INTO hub_meta ("key", value) VALUES (:key, :value)', {"key": key, "value": value})

    # --- venues ------------------------------------------------------------------------
    def add_venue(self, name: str) -> str:
        """Register a venue; returns its token (shown once: only a salted hash is kept)."""
        clean = " ".join(name.split())
        if not clean:
            raise HubError(_("a venue name can't be empty"))
        token, salt = secrets.token_urlsafe(24), secrets.token_hex(16)
        with self.transaction() as conn:
            taken = conn.execute("SELECT name FROM venues WHERE lower(name) = :name", {"name": clean.lower()}).scalar()
            if taken is not None:
                raise HubError(_("there is already a venue {name!r}: choose another name").format(name=taken))
            conn.execute("INSERT INTO venues (name, salt, token_hash, sign_key, created_at) "
                         "VALUES (:name, :salt, :hash, :key, :at)",
                         {"name": clean, "salt": salt, "hash": _token_hash(salt, token), "key": sign_key(token),
                          "at": now()})
        return token

    def remove_venue(self, name: str) -> str:
        """End a venue's token at once (its events stay on the hub as they were sent)."""
        with self.transaction() as conn:
            row = conn.execute("SELECT id, name FROM venues WHERE lower(name) = :name AND removed_at IS NULL",
                               {"name": " ".join(name.split()).lower()}).first()
            if row is None:
                raise HubError(_("no venue {name!r} on this hub: see 'tourney hub venue list'").format(name=name))
            conn.execute("UPDATE venues SET removed_at = :at WHERE id = :id", {"at": now(), "id": row[0]})
        return str(row[1])

    def venues(self) -> list[Venue]:
        with self.db.read() as conn:
            return [Venue(*r) for r in conn.execute("SELECT id, name, created_at, removed_at FROM venues ORDER BY id")]

    def venue_for_token(self, token: str) -> Venue | None:
        with self.db.read() as conn:
            return _venue(conn, token)

    def venue_for_signature(self, signed_by: Callable[[str], bool]) -> Venue | None:
        """The venue (not removed) whose journal-file key `signed_by` accepts."""
        with self.db.read() as conn:
            for vid, name, created, key in conn.execute(
                    "SELECT id, name, created_at, sign_key FROM venues WHERE removed_at IS NULL ORDER BY id"):
                if signed_by(str(key)):
                    return Venue(int(vid), str(name), str(created), None)
        return None

    # --- events and their journals -----------------------------------------------------
    def events(self) -> list[HubEvent]:
        with self.db.read() as conn:
            return [HubEvent(*r) for r in conn.execute(
                "SELECT e.id, v.name, e.journal_id, e.applied, e.first_at, e.last_at FROM hub_events e "
                "JOIN venues v ON v.id = e.venue_id ORDER BY e.id")]

    def entries(self, event_id: int, after: int = 0) -> list[Entry]:
        with self.db.read() as conn:
            return [Entry(int(seq), at, kind, part, None if data is None else json.loads(data))
                    for seq, at, kind, part, data in conn.execute(
                        "SELECT seq, at, kind, part, data FROM hub_journal WHERE event_id = :e AND seq > :after "
                        "ORDER BY seq", {"e": event_id, "after": after})]

    def acknowledged(self, token: str, journal_id: str) -> int:
        """The last entry the hub has of the venue's event (0: none), for a venue to resume."""
        with self.db.read() as conn:
            venue = _venue(conn, token)
            if venue is None:
                raise Refused(_("the hub does not know this venue token, or the venue was removed: ask the hub's "
                                "organiser for the venue's token"))
            row = conn.execute("SELECT venue_id, applied FROM hub_events WHERE journal_id = :j",
                               {"j": journal_id}).first()
        if row is None:
            return 0
        if int(row[0]) != venue.id:
            raise OtherVenue(_("event {event} belongs to another venue: a venue's token writes only its own "
                               "events").format(event=journal_id))
        return int(row[1])

    def apply(self, token: str, journal_id: str, batch: Sequence[Entry]) -> Applied:
        """Apply a venue's batch of one event's entries, each exactly once, in one transaction."""
        return self._apply(lambda conn: _venue(conn, token), journal_id, batch)

    def apply_as(self, venue: Venue, journal_id: str, batch: Sequence[Entry]) -> Applied:
        """`apply` for a venue found otherwise (a signed file), refused if it was removed since."""
        return self._apply(lambda conn: venue if conn.execute(
            "SELECT id FROM venues WHERE id = :id AND removed_at IS NULL", {"id": venue.id}).first() else None,
            journal_id, batch)

    def _apply(self, find: Callable[[Connection], Venue | None], journal_id: str, batch: Sequence[Entry]) -> Applied:
        if not _JOURNAL_ID.fullmatch(journal_id):
            raise HubError(_("{event!r} is not an event's journal id").format(event=journal_id))
        if len(batch) > MAX_BATCH:
            raise HubError(_("a batch holds at most {n} entries, this one {count}: send it in parts").format(
                n=MAX_BATCH, count=len(batch)))
        for e in batch:
            _check_entry(e)
        with self.transaction() as conn:
            venue = find(conn)
            if venue is None:
                raise Refused(_("the hub does not know this venue token, or the venue was removed: ask the hub's "
                                "organiser for the venue's token"))
            row = conn.execute("SELECT id, venue_id, applied FROM hub_events WHERE journal_id = :j",
                               {"j": journal_id}).first()
            at = now()
            if row is None:
                conn.execute("INSERT INTO hub_events (venue_id, journal_id, applied, first_at, last_at) "
                             "VALUES (:v, :j, 0, :at, :at)", {"v": venue.id, "j": journal_id, "at": at})
                row = conn.execute("SELECT id, venue_id, applied FROM hub_events WHERE journal_id = :j",
                                   {"j": journal_id}).first()
                assert row is not None
            event_id, owner, applied = int(row[0]), int(row[1]), int(row[2])
            if owner != venue.id:
                raise OtherVenue(_("event {event} belongs to another venue: a venue's token writes only its own "
                                   "events").format(event=journal_id))
            new: list[Entry] = []
            gap = False
            for e in sorted(batch, key=lambda e: e.seq):
                if e.seq <= applied + len(new):
                    continue  # the hub has it: sent again after a lost answer
                if e.seq != applied + len(new) + 1:
                    gap = True
                    break
                new.append(e)
            if new:
                conn.execute_many("INSERT INTO hub_journal (event_id, seq, at, kind, part, data) "
                                  "VALUES (:e, :seq, :at, :kind, :part, :data)",
                                  [{"e": event_id, "seq": e.seq, "at": e.at, "kind": e.kind, "part": e.key,
                                    "data": None if e.data is None else json.dumps(e.data, ensure_ascii=False)}
                                   for e in new])
                conn.execute("UPDATE hub_events SET applied = :a, last_at = :at WHERE id = :id",
                             {"a": applied + len(new), "at": at, "id": event_id})
        return Applied(len(new), applied + len(new), gap)


def hub_schema(where: Location) -> str:
    """The PostgreSQL schema of the hub a URL names (`?event=NAME`: one of several hubs of a database)."""
    return HUB_SCHEMA if where.event is None else f"{HUB_SCHEMA}_{where.event.replace('-', '_')}"


def _connect(where: Location) -> Database:
    return database.connect(where, hub_schema(where)) if where.path is None else database.connect(where)


def _venue(conn: Connection, token: str) -> Venue | None:
    for vid, name, created, removed, salt, token_hash in conn.execute(
            "SELECT id, name, created_at, removed_at, salt, token_hash FROM venues WHERE removed_at IS NULL"):
        if hmac.compare_digest(str(token_hash), _token_hash(str(salt), token)):
            return Venue(int(vid), str(name), str(created), removed)
    return None


def _check_entry(e: Entry) -> None:
    if not (isinstance(e.seq, int) and e.seq > 0 and e.kind in KINDS and isinstance(e.key, str)
            and 0 < len(e.key) <= 64 and isinstance(e.at, str) and len(e.at) <= 40):
        raise HubError(_("journal entry {seq!r} is not one a tourney writes: send the event's journal as "
                         "'tourney sync' writes it").format(seq=e.seq))


def entry_from_json(value: Any) -> Entry:
    """A journal entry as a push or a file carries it ({"seq", "at", "kind", "key", "data"})."""
    if not isinstance(value, dict) or set(value) != {"seq", "at", "kind", "key", "data"}:
        raise HubError(_("a journal entry is an object with seq, at, kind, key and data"))
    seq = value["seq"]
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise HubError(_("a journal entry's seq is a whole number"))
    entry = Entry(seq, value["at"], value["kind"], value["key"], value["data"])
    _check_entry(entry)
    return entry

