"""What a season hub shows and takes: each pushed event's replica (an event store rebuilt from
the journal the hub keeps, read by the same code as an event file), the events' list with their
status, the season report and rating over the replicas, and the journal file a venue without a
network writes (`tourney sync -o`) and the hub imports.

The replicas are a cache of what the hub's store holds: any process builds its own copies
(in a folder of its own) and brings them up to date from the hub's journal when it reads, so
no process keeps anything the store does not."""
from __future__ import annotations

import atexit
import functools
import hashlib
import hmac
import json
import shutil
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from tourney.core.errors import EventError
from tourney.core.hubstore import Applied, Hub, HubError, HubEvent, entry_from_json, sign_key
from tourney.core.i18n import _
from tourney.core.store import Event, journal
from tourney.core.store.replica import apply_entries, create_replica, replica_seq
from tourney.event.hubsync import settle_lots
from tourney.event.season import Alias, Aliases

#: A journal file's format name and version (`write_journal_file`).
FILE_FORMAT = "tourney-journal"
FILE_VERSION = 1

_folder: Path | None = None
_lock = threading.Lock()


def _replica_folder() -> Path:
    """This process's folder of replicas (a cache: removed when the process ends)."""
    global _folder
    with _lock:
        if _folder is None:
            _folder = Path(tempfile.mkdtemp(prefix="tourney-hub-replicas-"))
            atexit.register(shutil.rmtree, _folder, True)
        return _folder


#: The entries each replica of this process holds, by its location: a replica already up to
#: the hub's count is not opened again to ask (a page build reads every event's).
_holds: dict[str, int] = {}


def replica(hub: Hub, event: HubEvent) -> str:
    """The location of the event's replica, brought up to the last entry the hub has."""
    name = hashlib.sha256(f"{hub.where.url}|{event.journal_id}".encode()).hexdigest()[:20]
    path = _replica_folder() / f"{name}.db"
    location = str(path)
    with _lock:  # one thread of the process builds a replica at a time
        if _holds.get(location, -1) >= event.applied and path.exists():
            return location
        if not path.exists():
            create_replica(path).close()
        ev = Event.open(path)
        try:
            with ev.db.read() as conn:
                have = replica_seq(conn)
            if have < event.applied:
                with ev.transaction() as conn:
                    apply_entries(conn, hub.entries(event.id, replica_seq(conn)))
                    have = replica_seq(conn)
            _holds[location] = have
        finally:
            ev.close()
    return location


class Status:
    """An event's status words (the pages say them in the hub's language)."""

    PLANNED = "planned"
    RUNNING = "running"
    FINAL = "final"


@dataclass(frozen=True)
class EventRow:
    """One event on the hub: who sent it and how far it is."""

    id: int
    venue: str
    name: str
    date: str | None
    game: str
    status: str
    round: int | None  # the round running (RUNNING), else None
    rounds: int
    changes: int  # journal entries the hub has of it
    location: str  # its replica

    def status_text(self) -> str:
        if self.status == Status.FINAL:
            return _("final")
        if self.status == Status.RUNNING:
            return _("running round {round}").format(round=self.round)
        return _("planned")

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "venue": self.venue, "name": self.name, "date": self.date, "game": self.game,
                "status": self.status, "round": self.round, "rounds": self.rounds, "changes": self.changes}


@dataclass(frozen=True)
class _Facts:
    """What a row says of a replica: the same as long as its entries are."""

    name: str
    game: str
    date: str | None
    status: str
    round: int | None
    rounds: int


@functools.lru_cache(maxsize=4096)
def _facts_at(location: str, applied: int) -> _Facts | None:
    """The replica's facts once it holds `applied` entries: kept, so a push changing one event
    does not have the others read again."""
    ev = Event.open(location)
    try:
        settings = {k: ev.setting(k) for k in ("name", "game", "rounds", "date")}
        if not settings["name"] or not settings["game"]:
            return None
        rounds = int(settings["rounds"] or 0)
        played = {t.round for t in ev.results()}
        seated = set(ev.seated_rounds())
    finally:
        ev.close()
    if rounds and all(r in played for r in range(1, rounds + 1)):
        status, current = Status.FINAL, None
    elif played or seated:
        status, current = Status.RUNNING, max(played | seated)
    else:
        status, current = Status.PLANNED, None
    return _Facts(str(settings["name"]), str(settings["game"]), settings["date"] or None, status, current, rounds)


def event_rows(hub: Hub, label: Callable[[str], str]) -> list[EventRow]:
    """Every event the hub has a name for (its settings arrived), by date then arrival;
    `label` says a game's name."""
    rows = []
    for e in hub.events():
        location = replica(hub, e)
        facts = _facts_at(location, e.applied)
        if facts is not None:
            rows.append(EventRow(e.id, e.venue, facts.name, facts.date, label(facts.game), facts.status, facts.round,
                                 facts.rounds, e.applied, location))
    return sorted(rows, key=lambda r: (r.date or "9999", r.id))


#: The hub's setting holding the season's alias file (its rows and the name it was given by).
ALIASES_SETTING = "aliases"


def store_aliases(hub: Hub, aliases: Aliases | None) -> None:
    """Match the season's players with these aliases from now on (None: with none)."""
    hub.set_setting(ALIASES_SETTING, None if aliases is None else json.dumps(
        {"source": aliases.source, "entries": [[a.alias, a.name, a.row] for a in aliases.entries]},
        ensure_ascii=False))


def hub_aliases(hub: Hub) -> Aliases | None:
    """The alias file the hub matches the season's players with, as `tourney season --aliases` would."""
    stored = hub.settings().get(ALIASES_SETTING)
    if stored is None:
        return None
    data = json.loads(stored)
    return Aliases(str(data["source"]), tuple(Alias(str(a), str(n), int(r)) for a, n, r in data["entries"]))


#: The hub's setting holding the season's circuit rules (`tourney hub rules`).
CIRCUIT_SETTING = "circuit"


@dataclass(frozen=True)
class Circuit:
    """The season's circuit rules as a hub keeps them: the values of `tourney season`'s options
    (`--spots`, `--spots-by-size`, `--ranking`, `--points`, `--best`, `--min-events`), so the
    hub's report is what that command prints with them."""

    spots: int | None = None
    spots_by_size: str | None = None
    ranking: bool = False
    points: str | None = None
    best: int | None = None
    min_events: int | None = None

    def as_json(self) -> dict[str, object]:
        return {"spots": self.spots, "spots_by_size": self.spots_by_size, "ranking": self.ranking,
                "points": self.points, "best": self.best, "min_events": self.min_events}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Circuit:
        def number(key: str) -> int | None:
            return None if data.get(key) is None else int(data[key])

        def text(key: str) -> str | None:
            return None if data.get(key) is None else str(data[key])

        return cls(number("spots"), text("spots_by_size"), bool(data.get("ranking")), text("points"),
                   number("best"), number("min_events"))


def store_circuit(hub: Hub, circuit: Circuit | None) -> None:
    """The season's circuit rules from now on (None: none; a report then needs its spots given)."""
    hub.set_setting(CIRCUIT_SETTING, None if circuit is None else json.dumps(circuit.as_json(), sort_keys=True))


def hub_circuit(hub: Hub) -> Circuit | None:
    """The circuit rules the hub's season report follows (`tourney hub rules`), if set."""
    stored = hub.settings().get(CIRCUIT_SETTING)
    return None if stored is None else Circuit.from_json(json.loads(stored))


def season_circuit(hub: Hub, spots: int | None) -> Circuit | None:
    """The rules a season report of the hub follows: `spots` each event (`--spots K`,
    `?spots=K`) when given, else the hub's (`tourney hub rules`); None: neither."""
    return Circuit(spots=spots) if spots is not None else hub_circuit(hub)


# --- the journal file of a venue without a network -----------------------------------------
def _signed_body(journal_id: str, entries: list[dict[str, Any]]) -> bytes:
    return json.dumps({"format": FILE_FORMAT, "version": FILE_VERSION, "journal_id": journal_id,
                       "entries": entries}, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def journal_text(event: Event, token: str) -> tuple[str, int]:
    """The event's whole journal as a file's text, signed with the venue's token (an HMAC the
    hub checks with what it keeps of the token); and the number of entries."""
    settle_lots(event)
    with event.db.read() as conn:
        jid = journal.journal_id(conn)
        found = [e.as_json() for e in journal.entries(conn)]
    if jid is None:
        raise EventError(_("{event!r} has no journal: open it with this tourney once (it adds one), then sync "
                           "again").format(event=event.location))
    body = _signed_body(jid, found)
    signature = hmac.new(bytes.fromhex(sign_key(token)), body, hashlib.sha256).hexdigest()
    doc = {"format": FILE_FORMAT, "version": FILE_VERSION, "journal_id": jid, "entries": found,
           "signature": signature}
    return json.dumps(doc, ensure_ascii=False, indent=0) + "\n", len(found)


#: The largest journal file read (a 49-player event of 7 rounds writes some 300 KB).
MAX_FILE_BYTES = 64 * 2**20


def read_journal_file(path: str) -> str:
    """A journal file's text, refused clearly when it can't be read or is too large to be one."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise HubError(_("can't read {file!r}: {reason}").format(file=path, reason=exc.strerror)) from None
    if len(data) > MAX_FILE_BYTES:
        raise HubError(_("{file!r} is larger than a journal file can be: check the file").format(file=path))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise HubError(_("{file!r} is not a journal file 'tourney sync -o' writes").format(file=path)) from None


def import_journal(hub: Hub, text: str, source: str) -> tuple[str, Applied]:
    """Apply a journal file as a push would (its entries the hub has are skipped, so a file is
    imported as often as you like); returns the venue whose token signed it and the answer."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise HubError(_("{file!r} is not a journal file 'tourney sync -o' writes ({reason})").format(
            file=source, reason=exc)) from None
    if not isinstance(doc, dict) or doc.get("format") != FILE_FORMAT or not isinstance(doc.get("entries"), list):
        raise HubError(_("{file!r} is not a journal file 'tourney sync -o' writes").format(file=source))
    if doc.get("version") != FILE_VERSION:
        raise HubError(_("{file!r} is a journal file of another tourney version: write it again with this "
                         "one").format(file=source))
    jid, raw = str(doc.get("journal_id")), doc["entries"]
    entries = [entry_from_json(e) for e in raw]
    body = _signed_body(jid, raw)
    signature = str(doc.get("signature", ""))
    venue = hub.venue_for_signature(lambda key: hmac.compare_digest(
        hmac.new(bytes.fromhex(key), body, hashlib.sha256).hexdigest(), signature))
    if venue is None:
        raise HubError(_("{file!r} is not signed by a venue of this hub (or was changed since, or its venue "
                         "was removed): write it again with the venue's token").format(file=source))
    return venue.name, hub.apply_as(venue, jid, entries)

