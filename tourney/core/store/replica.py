"""A replica of an event built from its journal (`tourney.core.store.journal`): an event store
whose settings, players, rounds, seats, draws and results are the venue's, row for row, so the
code that reads an event file (standings, `tourney season`, `tourney rating`) reads it unchanged.

A replica is made where the hub keeps its copies (`create_replica`) and brought up to date by
`apply_entries` in one transaction; it remembers the last entry applied (`REPLICA_SEQ`). Its
own journal stays empty: it is nobody's to send on."""
from __future__ import annotations

import json
import os
from typing import Sequence

from tourney.core import database
from tourney.core.sql import Connection
from tourney.core.store.event import CHANGES_KEY, Event, _create_tables
from tourney.core.store.journal import Entry
from tourney.core.store.schema import SCHEMA_VERSION

#: The replica's setting holding the last journal entry applied to it.
REPLICA_SEQ = "replica_seq"
#: The seed a replica keeps until the venue reveals it (the outputs show the fingerprint).
UNREVEALED = "0"


def create_replica(location: str | os.PathLike[str]) -> Event:
    """An empty replica at `location` (a new file or a new event of a database)."""
    where = database.parse_location(location)

    def fill(conn: Connection) -> None:
        conn.execute_many('INSERT INTO meta ("key", value) VALUES (:key, :value)',
                          [{"key": k, "value": v} for k, v in (("schema_version", str(SCHEMA_VERSION)),
                                                               (CHANGES_KEY, "0"), (REPLICA_SEQ, "0"),
                                                               ("seed", UNREVEALED))])

    return Event(_create_tables(where, fill), where)


def replica_seq(conn: Connection) -> int:
    return int(conn.execute('SELECT value FROM meta WHERE "key" = :key', {"key": REPLICA_SEQ}).scalar() or 0)


def _set(conn: Connection, key: str, value: str | None) -> None:
    conn.execute('DELETE FROM meta WHERE "key" = :key', {"key": key})
    if value is not None:
        conn.execute('INSERT INTO meta ("key", value) VALUES (:key, :value)', {"key": key, "value": value})


def apply_entries(conn: Connection, entries: Sequence[Entry]) -> int:
    """Apply journal entries (in order, those after the replica's last) inside a transaction
    of the replica; returns the last entry applied."""
    last = replica_seq(conn)
    for e in entries:
        if e.seq <= last:
            continue
        if e.seq != last + 1:
            raise ValueError(f"journal entry {e.seq} follows {last}")  # the hub hands entries in order
        _apply(conn, e)
        last = e.seq
    _set(conn, REPLICA_SEQ, str(last))
    return last


def _apply(conn: Connection, e: Entry) -> None:
    data, key = e.data, e.key
    if e.kind == "meta":
        if key == "seed":
            _set(conn, "seed", UNREVEALED if data is None else str(data))
        elif isinstance(data, (dict, list)):  # the venue's lots (`LOTS_SETTING`)
            _set(conn, key, json.dumps(data, sort_keys=True, ensure_ascii=False))
        else:
            _set(conn, key, None if data is None else str(data))
    elif e.kind == "player":
        pid = {"id": int(key)}
        if data is None:
            conn.execute("DELETE FROM seats WHERE player_id = :id", pid)
            conn.execute("DELETE FROM players WHERE id = :id", pid)
            return
        assert isinstance(data, list)
        name, at, joined, dropped = data
        if conn.execute("SELECT id FROM players WHERE id = :id", pid).first() is None:
            conn.execute("INSERT INTO players (id, name, added_at, joined_round, dropped_after) "
                         "VALUES (:id, :name, :at, :joined, :dropped)",
                         {**pid, "name": name, "at": at, "joined": joined, "dropped": dropped})
        else:
            conn.execute("UPDATE players SET name = :name, added_at = :at, joined_round = :joined, "
                         "dropped_after = :dropped WHERE id = :id",
                         {**pid, "name": name, "at": at, "joined": joined, "dropped": dropped})
    elif e.kind == "round":
        number = {"round": int(key)}
        conn.execute("DELETE FROM seats WHERE round = :round", number)
        conn.execute("DELETE FROM rounds WHERE number = :round", number)
        if data is None:
            return
        assert isinstance(data, dict)
        conn.execute("INSERT INTO rounds (number, source, seated_at, printed_at) VALUES (:round, :source, :at, "
                     ":printed)", {**number, "source": data["source"], "at": data["seated_at"],
                                   "printed": data["printed_at"]})
        seats = data["seats"]
        assert isinstance(seats, list)
        if seats:
            conn.execute_many("INSERT INTO seats (round, table_no, seat, player_id, wonder) "
                              "VALUES (:round, :t, :s, :pid, :wonder)",
                              [{**number, "t": s[0], "s": s[1], "pid": s[2], "wonder": s[3]}
                               for s in seats if isinstance(s, list)])
    elif e.kind == "draw":
        did = {"id": int(key)}
        conn.execute("DELETE FROM draws WHERE id = :id", did)
        if data is not None:
            assert isinstance(data, list)
            r, kind, seed, payload, at = data
            conn.execute("INSERT INTO draws (id, round, kind, seed, payload, at) VALUES (:id, :round, :kind, :seed, "
                         ":payload, :at)", {**did, "round": r, "kind": kind, "seed": seed,
                                            "payload": json.dumps(payload), "at": at})
    elif e.kind == "result":
        assert isinstance(data, dict)
        rid = {"id": int(key)}
        if conn.execute("SELECT id FROM results WHERE id = :id", rid).first() is not None:
            return  # versions are only ever added: this one is here
        conn.execute("INSERT INTO results (id, round, table_no, version, created_at, author, reason, source, warnings) "
                     "VALUES (:id, :round, :table, :version, :at, :author, :reason, :source, :warnings)",
                     {**rid, "round": data["round"], "table": data["table"], "version": data["version"],
                      "at": data["created_at"], "author": data["author"], "reason": data["reason"],
                      "source": data["source"], "warnings": json.dumps(data["warnings"])})
        lines = data["lines"]
        assert isinstance(lines, list)
        if lines:
            conn.execute_many("INSERT INTO result_lines (result_id, seat, player_id, wonder, side, scores) "
                              "VALUES (:id, :seat, :pid, :wonder, :side, :scores)",
                              [{**rid, "seat": ln[0], "pid": ln[1], "wonder": ln[2], "side": ln[3],
                                "scores": json.dumps(ln[4], sort_keys=True)} for ln in lines if isinstance(ln, list)])
