"""The event's journal: every stored change of what a season hub shows, appended in the
transaction that stores it, numbered 1, 2, 3, … per event (`tourney sync` sends it on).

An entry says the new state of one part of the event (the write functions `touch` the kinds
they change; `flush`, at the end of `Event.transaction`, compares each touched part with what
the journal said last and appends an entry for every part that differs):

- ``meta``, key: a setting's name, data: its value (the event's seed only once it is revealed;
  before, ``seed_fingerprint`` commits to it; the live server's working settings are left out);
- ``player``, key: the player's id, data: ``[name, added_at, joined_round, dropped_after]``;
- ``round``, key: its number, data: ``{"source", "seated_at", "printed_at", "seats": [[table,
  seat, player id, wonder], …]}``;
- ``draw``, key: its id, data: ``[round, kind, seed, payload, at]`` (the seed hidden, as
  outputs hide it, until it is revealed);
- ``result``, key: its id, data: one version of a table's sheet with its lines (versions are
  only ever added: a correction or a removal is a new one);
- ``meta``, key ``lots``: once the event is final (every round has a result) while its seed is
  still secret, each player's lot (the tiebreak's hash of seed and name) by the name folded, so
  a hub ranks lot-decided ties as the venue does; gone again when a round is added or the seed
  revealed. Not before: seatings are drawn in lot order. Journaled before the journal is sent
  (`append_lots`), as it is derived from what the other entries say.

``data`` null says the part is gone (a removed player, a round no longer seated). Applying the
entries in order rebuilds those tables row for row (`tourney.core.store.replica`)."""
from __future__ import annotations

import hashlib
import json
import secrets
import weakref
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from tourney.core.lots import lot_key
from tourney.core.sql import Connection
from tourney.core.store.schema import LOTS_SETTING, REMOVED, Json, now

#: The kinds of part, in the order a flush writes them (a part's parents first).
KINDS = ("meta", "player", "round", "draw", "result")
#: The setting naming the event for a hub: random, made with the event (or its upgrade).
JOURNAL_ID = "journal_id"
#: The setting holding the fingerprint of the seed until it is revealed.
SEED_FINGERPRINT = "seed_fingerprint"
#: Settings the journal leaves out: the store's own counters, the secret seed (sent once
#: revealed), and the live server's working settings on the venue's laptop (the clock, its
#: announcements and address, a rating snapshot it shows), which change often and mean
#: nothing to a season.
PRIVATE_SETTINGS = frozenset({"changes", "schema_version", "seed", "clock", "timer_end", "announcements", "url",
                              "url_by", "rating", LOTS_SETTING})
#: Settings of the venue's own sync state (`tourney sync`): never journaled.
SYNC_PREFIX = "sync."
#: Same as `tourney.event.drawproof.FINGERPRINT_PREFIX` (core can't import it; a test keeps them equal).
_FINGERPRINT_PREFIX = "tourney-seed-v1:"
_HIDDEN = "<seed>"

#: A touched key that stands for every draw stored in the transaction (their ids come later).
NEW = "*new*"
#: … and for every draw there is (their seeds are shown once the seed is revealed).
EVERY = "*every*"


@dataclass
class _Pending:
    """What a transaction touched: keys by kind, and the results it stored (with their data)."""

    keys: dict[str, set[str]] = field(default_factory=dict)
    results: list[tuple[str, Json]] = field(default_factory=list)


_pending: weakref.WeakKeyDictionary[Any, _Pending] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Entry:
    """One journal entry: the state of part (`kind`, `key`) after change `seq` (None: gone)."""

    seq: int
    at: str
    kind: str
    key: str
    data: Json

    def as_json(self) -> dict[str, Json]:
        return {"seq": self.seq, "at": self.at, "kind": self.kind, "key": self.key, "data": self.data}


def _of(conn: Connection) -> _Pending:
    found = _pending.get(conn)
    if found is None:
        found = _pending[conn] = _Pending()
    return found


def touch(conn: Connection, kind: str, keys: Iterable[object]) -> None:
    """Mark these parts (`NEW`, `EVERY`: of the draws) as possibly changed in this transaction."""
    _of(conn).keys.setdefault(kind, set()).update(str(k) for k in keys)


def touch_setting(conn: Connection, key: str) -> None:
    """A setting was set (the private ones mean nothing to the journal)."""
    if key == "seed_revealed":
        touch(conn, "meta", (key, "seed"))
        touch(conn, "draw", (EVERY,))
    elif key not in PRIVATE_SETTINGS and not key.startswith(SYNC_PREFIX):
        touch(conn, "meta", (key,))


def record_result(conn: Connection, result_id: int, data: Json) -> None:
    """A version of a table's sheet was stored (versions are only ever added: its data is the
    entry, nothing to read or compare)."""
    _of(conn).results.append((str(result_id), data))


def result_data(round_no: int, table: int, version: int, at: str, author: str, reason: str | None, source: str,
                warnings: Json, lines: Json) -> Json:
    return {"round": round_no, "table": table, "version": version, "created_at": at, "author": author,
            "reason": reason, "source": source, "warnings": warnings, "lines": lines}


def _fingerprint(seed: str) -> str:
    return hashlib.sha256(f"{_FINGERPRINT_PREFIX}{seed}".encode()).hexdigest()


def _hidden(text: str, seed: str) -> str:
    """A draw's seed as the journal sends it before the reveal: the event's seed at its start hidden."""
    if text == seed or text.startswith(seed + ":"):
        return _HIDDEN + text[len(seed):]
    return text


def _seed(conn: Connection) -> tuple[str | None, bool]:
    """The event's seed and whether it is revealed."""
    rows: dict[str, str] = dict(conn.execute('SELECT "key", value FROM meta WHERE "key" IN :keys',
                             {"keys": ["seed", "seed_revealed"]}).all())
    return (None if rows.get("seed") is None else str(rows["seed"])), bool(rows.get("seed_revealed"))


def _meta_state(conn: Connection, keys: set[str]) -> dict[str, Json]:
    asked = sorted(keys | {"seed", "seed_revealed"})
    rows = {str(k): str(v) for k, v in conn.execute('SELECT "key", value FROM meta WHERE "key" IN :keys',
                                                    {"keys": asked}).all()}
    state: dict[str, Json] = {k: v for k, v in rows.items()
                              if k not in PRIVATE_SETTINGS and not k.startswith(SYNC_PREFIX)}
    if "seed" in rows:
        state[SEED_FINGERPRINT] = _fingerprint(rows["seed"])
        if rows.get("seed_revealed"):
            state["seed"] = rows["seed"]
    return {k: v for k, v in state.items() if k in keys}


def _player_state(conn: Connection, keys: set[str]) -> dict[str, Json]:
    return {str(pid): [name, at, joined, dropped] for pid, name, at, joined, dropped in conn.execute(
        "SELECT id, name, added_at, joined_round, dropped_after FROM players WHERE id IN :ids",
        {"ids": sorted(int(k) for k in keys)})}


def _round_state(conn: Connection, keys: set[str]) -> dict[str, Json]:
    numbers = {"rounds": sorted(int(k) for k in keys)}
    seats: dict[int, list[Json]] = {}
    for r, t, s, pid, wonder in conn.execute("SELECT round, table_no, seat, player_id, wonder FROM seats "
                                             "WHERE round IN :rounds ORDER BY round, table_no, seat", numbers):
        seats.setdefault(r, []).append([t, s, pid, wonder])
    return {str(n): {"source": source, "seated_at": seated, "printed_at": printed, "seats": seats.get(n, [])}
            for n, source, seated, printed in conn.execute(
                "SELECT number, source, seated_at, printed_at FROM rounds WHERE number IN :rounds", numbers)}


def _draw_state(conn: Connection, keys: set[str]) -> dict[str, Json]:
    seed, revealed = _seed(conn)
    hide = None if revealed else seed
    ids = sorted(int(k) for k in keys if k.isdigit())
    where = [*(["id IN :ids"] if ids else []),
             *(["id > (SELECT coalesce(max(CAST(part AS INTEGER)), 0) FROM journal_parts WHERE kind = 'draw')"]
               if NEW in keys else [])]
    sql = "SELECT id, round, kind, seed, payload, at FROM draws"
    if EVERY not in keys:
        sql += f" WHERE {' OR '.join(where)}"
    return {str(did): [r, kind, _hidden(s, hide) if hide is not None else s, json.loads(payload), at]
            for did, r, kind, s, payload, at in conn.execute(sql, {"ids": ids})}


_STATE = {"meta": _meta_state, "player": _player_state, "round": _round_state, "draw": _draw_state}


def _digest(data: Json) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def flush(conn: Connection) -> None:
    """Journal what this transaction touched: every touched part that differs from what the
    journal said last, and every result it stored. Called by `Event.transaction` inside the
    transaction, under the event's write lock, so the entries land if and only if the change
    does, numbered on from the journal's last."""
    pending = _pending.pop(conn, None)
    if pending is None:
        return
    changes: list[tuple[str, str, Json]] = []
    for kind in KINDS:
        keys = pending.keys.get(kind)
        if kind == "result":
            changes += [("result", key, data) for key, data in pending.results]
        if not keys:
            continue
        state = _STATE[kind](conn, keys)
        known_keys = sorted(set(state) | {k for k in keys if k not in (NEW, EVERY)})
        known: dict[str, str] = dict(conn.execute(
            "SELECT part, digest FROM journal_parts WHERE kind = :kind AND part IN :parts",
            {"kind": kind, "parts": known_keys}).all()) if known_keys else {}
        for key in sorted(state, key=_order):
            if known.get(key) != _digest(state[key]):
                changes.append((kind, key, state[key]))
        changes += [(kind, key, None) for key in sorted(known, key=_order) if key not in state]
    _append(conn, changes)


def lots_changes(conn: Connection) -> list[tuple[str, str, Json]]:
    """The ``lots`` entry to journal, when whether it is due or what it says changed since the
    journal said it last (see the module's docstring); else none. Asked before the journal is
    sent (`tourney.event.hubsync.settle_lots`), not by every save: a desk's save waits for no
    answer more."""
    rounds, seed, revealed, played, known = conn.execute(
        'SELECT (SELECT value FROM meta WHERE "key" = \'rounds\'), (SELECT value FROM meta WHERE "key" = \'seed\'), '
        '(SELECT value FROM meta WHERE "key" = \'seed_revealed\'), '
        "(SELECT count(DISTINCT r.round) FROM results r JOIN (SELECT round, table_no, max(version) AS version "
        "FROM results GROUP BY round, table_no) m ON m.round = r.round AND m.table_no = r.table_no "
        "AND m.version = r.version WHERE r.source <> :removed AND r.round BETWEEN 1 AND "
        "CAST((SELECT value FROM meta WHERE \"key\" = 'rounds') AS INTEGER)), "
        "(SELECT digest FROM journal_parts WHERE kind = 'meta' AND part = :part)",
        {"removed": REMOVED, "part": LOTS_SETTING}).first() or (None,) * 5
    final = bool(rounds) and seed is not None and not revealed and int(played or 0) >= int(rounds)
    if not final:
        return [("meta", LOTS_SETTING, None)] if known is not None else []
    lots: Json = {str(name).casefold(): lot_key(int(seed), str(name))
                  for (name,) in conn.execute("SELECT name FROM players ORDER BY id")}
    return [] if known == _digest(lots) else [("meta", LOTS_SETTING, lots)]


def append_lots(conn: Connection) -> None:
    """Journal the ``lots`` entry if it is due (`lots_changes`), inside a transaction."""
    _append(conn, lots_changes(conn))


def _order(key: str) -> tuple[int, str]:
    return (int(key), "") if key.isdigit() else (0, key)


def _append(conn: Connection, changes: Sequence[tuple[str, str, Json]]) -> None:
    if not changes:
        return
    at = now()
    # Numbered by the database from the journal's last entry (the event's write lock is held):
    # no read, so a desk's save waits for no answer more.
    conn.execute_many("INSERT INTO journal (seq, at, kind, part, data) SELECT coalesce(max(seq), 0) + 1, :at, :kind, "
                      ":part, :data FROM journal",
                      [{"at": at, "kind": kind, "part": key,
                        "data": None if data is None else json.dumps(data, ensure_ascii=False)}
                       for kind, key, data in changes])
    parts = [(kind, key, data) for kind, key, data in changes if kind != "result"]
    for kind in sorted({k for k, _p, _d in parts}):
        conn.send("DELETE FROM journal_parts WHERE kind = :kind AND part IN :parts",
                  {"kind": kind, "parts": [p for k, p, _d in parts if k == kind]})
    kept = [{"kind": kind, "part": key, "digest": _digest(data)} for kind, key, data in parts if data is not None]
    if kept:
        conn.execute_many("INSERT INTO journal_parts (kind, part, digest) VALUES (:kind, :part, :digest)", kept)


def start(conn: Connection) -> None:
    """Give a new (or upgraded) event its journal id and journal everything it holds."""
    if conn.execute('SELECT value FROM meta WHERE "key" = :key', {"key": JOURNAL_ID}).scalar() is None:
        conn.execute('INSERT INTO meta ("key", value) VALUES (:key, :value)',
                     {"key": JOURNAL_ID, "value": secrets.token_hex(8)})
    pending = _of(conn)
    settings = [str(k) for (k,) in conn.execute('SELECT "key" FROM meta')]
    keys = {k for k in settings if k not in PRIVATE_SETTINGS and not k.startswith(SYNC_PREFIX)}
    pending.keys["meta"] = keys | ({SEED_FINGERPRINT, "seed"} if "seed" in settings else set())
    pending.keys["player"] = {str(k) for (k,) in conn.execute("SELECT id FROM players")}
    pending.keys["round"] = {str(k) for (k,) in conn.execute("SELECT number FROM rounds")}
    pending.keys["draw"] = {EVERY}
    lines: dict[int, list[Json]] = {}
    for rid, seat, pid, wonder, side, scores in conn.execute(
            "SELECT result_id, seat, player_id, wonder, side, scores FROM result_lines ORDER BY result_id, seat"):
        lines.setdefault(int(rid), []).append([seat, pid, wonder, side, json.loads(scores)])
    for rid, r, t, v, at, author, reason, source, warnings in conn.execute(
            "SELECT id, round, table_no, version, created_at, author, reason, source, warnings FROM results "
            "ORDER BY id"):
        pending.results.append((str(rid), result_data(r, t, v, at, author, reason, source, json.loads(warnings),
                                                      lines.get(int(rid), []))))
    flush(conn)

def _entries(rows: Iterable[Sequence[Any]]) -> list[Entry]:
    return [Entry(int(seq), at, kind, part, None if data is None else json.loads(data))
            for seq, at, kind, part, data in rows]


def entries(conn: Connection, after: int = 0, limit: int | None = None) -> list[Entry]:
    """The journal after entry `after`, in order (at most `limit` entries)."""
    sql = "SELECT seq, at, kind, part, data FROM journal WHERE seq > :after ORDER BY seq"
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    return _entries(conn.execute(sql, {"after": after}))


def last_seq(conn: Connection) -> int:
    return int(conn.execute("SELECT max(seq) FROM journal").scalar() or 0)


def journal_id(conn: Connection) -> str | None:
    value = conn.execute('SELECT value FROM meta WHERE "key" = :key', {"key": JOURNAL_ID}).scalar()
    return None if value is None else str(value)
