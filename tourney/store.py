"""The event store: one SQLite file per event (or a database URL), every change in one
transaction, results versioned (corrections add a version, nothing is overwritten)."""
from __future__ import annotations

import datetime as _dt
import getpass
import json
import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import sqlalchemy as sa
from sqlalchemy import event as sa_event
from sqlalchemy.engine import Connection, Engine

from tourney.errors import EventError, RegistrationError

SCHEMA_VERSION = 1

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
    # Category values, total, coins and optional extra columns by name (ints; Duel adds "victory").
    sa.Column("scores", sa.Text, nullable=False),
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


def now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def current_user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name in some containers; history still needs a name
        return os.environ.get("USER", "unknown")


def _url(location: str | os.PathLike[str]) -> str:
    text = str(location)
    return text if "://" in text else f"sqlite:///{text}"


def _on_sqlite_connect(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def _engine(location: str | os.PathLike[str]) -> Engine:
    engine = sa.create_engine(_url(location))
    if engine.dialect.name == "sqlite":
        sa_event.listen(engine, "connect", _on_sqlite_connect)
    return engine


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
class ResultLine:
    seat: int
    player: str
    wonder: str | None
    side: str | None
    scores: dict[str, int | str]  # category points, total, coins; Duel adds the victory type


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
    warnings: tuple[str, ...]
    lines: tuple[ResultLine, ...]


class Event:
    """An open event. Read methods return frozen values; writes go through `transaction`."""

    def __init__(self, engine: Engine, location: str) -> None:
        self.engine = engine
        self.location = location

    # --- opening -------------------------------------------------------------------
    @classmethod
    def create(cls, location: str | os.PathLike[str], *, name: str, game: str, scheme: str,
               rounds: int, seed: int, date: str | None) -> "Event":
        loc = str(location)
        if "://" not in loc:
            path = Path(loc)
            if path.exists():
                raise EventError(f"{loc!r} already exists: choose another file name, or delete it "
                                 "first if you really want to start over")
            if path.parent and not path.parent.exists():
                raise EventError(f"folder {str(path.parent)!r} does not exist: create it first")
        engine = _engine(loc)
        with engine.begin() as conn:
            metadata.create_all(conn)
            if conn.execute(sa.select(meta_t.c.key)).first() is not None:
                raise EventError(f"{loc!r} already holds an event")
            values = {"schema_version": str(SCHEMA_VERSION), "name": name, "game": game,
                      "scheme": scheme, "rounds": str(rounds), "seed": str(seed),
                      "date": date or "", "created_at": now()}
            conn.execute(sa.insert(meta_t), [{"key": k, "value": v} for k, v in values.items()])
            _log(conn, "new", f"event {name!r}: game {game}, scheme {scheme}, {rounds} rounds, seed {seed}")
        return cls(engine, loc)

    @classmethod
    def open(cls, location: str | os.PathLike[str]) -> "Event":
        loc = str(location)
        if "://" not in loc and not Path(loc).is_file():
            raise EventError(f"no event file {loc!r}: create one with 'tourney new {loc} --game 7wonders'")
        engine = _engine(loc)
        try:
            with engine.connect() as conn:
                rows = dict(conn.execute(sa.select(meta_t.c.key, meta_t.c.value)).all())
        except sa.exc.DatabaseError as exc:
            raise EventError(f"{loc!r} is not a tourney event file ({exc.orig}): "
                             "check the path") from None
        version = int(rows.get("schema_version", "0"))
        if version != SCHEMA_VERSION:
            raise EventError(f"{loc!r} has event schema version {version}, this tourney reads "
                             f"version {SCHEMA_VERSION}: use the tourney version that created it")
        try:  # event files made before a table was added get it (e.g. desks) on open
            metadata.create_all(engine, checkfirst=True)
        except sa.exc.OperationalError:  # a read-only file still opens for reading
            pass
        return cls(engine, loc)

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One transaction: everything inside lands together or not at all."""
        with self.engine.begin() as conn:
            yield conn

    def close(self) -> None:
        self.engine.dispose()

    # --- event settings ------------------------------------------------------------
    def info(self) -> EventInfo:
        with self.engine.connect() as conn:
            rows = dict(conn.execute(sa.select(meta_t.c.key, meta_t.c.value)).all())
        return EventInfo(name=rows["name"], game=rows["game"], scheme=rows["scheme"],
                         rounds=int(rows["rounds"]), seed=int(rows["seed"]),
                         date=rows.get("date") or None, created_at=rows["created_at"])

    # --- players -------------------------------------------------------------------
    def players(self) -> list[Player]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(players_t).order_by(players_t.c.id)).all()
        return [Player(r.id, r.name, r.joined_round, r.dropped_after) for r in rows]

    def player_ids(self) -> dict[str, int]:
        """Player ids by case-folded name (names are unique ignoring case)."""
        return {p.name.casefold(): p.id for p in self.players()}

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

    def draws(self) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(draws_t).order_by(draws_t.c.id)).all()
        return [{"round": r.round, "kind": r.kind, "seed": r.seed,
                 "payload": json.loads(r.payload), "at": r.at} for r in rows]

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

    def result_versions(self) -> list[dict[str, Any]]:
        """Every stored version of every table, oldest first (for `results history`)."""
        q = sa.select(results_t).order_by(results_t.c.id)
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(q).all()]

    def history(self) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(history_t).order_by(history_t.c.id)).all()
        return [dict(r._mapping) for r in rows]


def _log(conn: Connection, action: str, detail: str, who: str | None = None) -> None:
    conn.execute(sa.insert(history_t).values(at=now(), who=who or current_user(), action=action,
                                             detail=detail))


log = _log


# --- write helpers used inside Event.transaction() -------------------------------------
def add_player(conn: Connection, name: str, joined_round: int) -> int:
    clean = " ".join(name.split())
    if not clean:
        raise RegistrationError("a player name can't be empty")
    existing = conn.execute(sa.select(players_t).where(sa.func.lower(players_t.c.name) == clean.lower())).first()
    if existing is not None:
        # A name seen before (ignoring case) is the same person; re-entering a dropped
        # player brings them back instead of creating a second record.
        if existing.dropped_after is not None:
            conn.execute(sa.update(players_t).where(players_t.c.id == existing.id)
                         .values(dropped_after=None, joined_round=max(existing.joined_round, joined_round)))
            _log(conn, "players.readd", f"{existing.name!r} re-entered from round {joined_round}")
            return existing.id
        raise RegistrationError(f"{clean!r} is already registered (as {existing.name!r})")
    rid = conn.execute(sa.insert(players_t).values(name=clean, added_at=now(), joined_round=joined_round)
                       ).inserted_primary_key[0]
    _log(conn, "players.add", f"{clean!r} from round {joined_round}")
    return int(rid)


def drop_player(conn: Connection, name: str, after_round: int) -> str:
    row = conn.execute(sa.select(players_t).where(sa.func.lower(players_t.c.name) == name.strip().lower())).first()
    if row is None:
        raise RegistrationError(f"no player {name!r} in this event: see 'tourney players list'")
    if row.dropped_after is not None:
        raise RegistrationError(f"{row.name!r} already dropped after round {row.dropped_after}")
    conn.execute(sa.update(players_t).where(players_t.c.id == row.id).values(dropped_after=after_round))
    _log(conn, "players.drop", f"{row.name!r} dropped after round {after_round}")
    return row.name


def store_seating(conn: Connection, round_no: int, source: str,
                  tables: list[list[tuple[int, str | None]]]) -> None:
    """Replace a round's seating: `tables[t][s]` = (player id, wonder) at table t+1, seat s+1."""
    conn.execute(sa.delete(seats_t).where(seats_t.c.round == round_no))
    conn.execute(sa.delete(rounds_t).where(rounds_t.c.number == round_no))
    conn.execute(sa.insert(rounds_t).values(number=round_no, source=source, seated_at=now()))
    rows = [{"round": round_no, "table_no": t, "seat": s, "player_id": pid, "wonder": wonder}
            for t, table in enumerate(tables, 1) for s, (pid, wonder) in enumerate(table, 1)]
    if rows:
        conn.execute(sa.insert(seats_t), rows)


def store_draw(conn: Connection, round_no: int | None, kind: str, seed: str, payload: Any) -> None:
    conn.execute(sa.insert(draws_t).values(round=round_no, kind=kind, seed=seed,
                                           payload=json.dumps(payload), at=now()))


def next_version(conn: Connection, round_no: int, table_no: int) -> int:
    v = conn.execute(sa.select(sa.func.max(results_t.c.version))
                     .where(results_t.c.round == round_no, results_t.c.table_no == table_no)).scalar()
    return (v or 0) + 1


def store_result(conn: Connection, *, round_no: int, table_no: int, version: int, author: str,
                 reason: str | None, source: str, warnings: list[str],
                 lines: list[tuple[int, int, str | None, str | None, dict[str, int | str]]]) -> None:
    """Add one version of a table's sheet; `lines` = (seat, player id, wonder, side, scores)."""
    rid = conn.execute(sa.insert(results_t).values(
        round=round_no, table_no=table_no, version=version, created_at=now(), author=author,
        reason=reason, source=source, warnings=json.dumps(warnings))).inserted_primary_key[0]
    conn.execute(sa.insert(lines_t), [
        {"result_id": rid, "seat": seat, "player_id": pid, "wonder": wonder, "side": side,
         "scores": json.dumps(scores, sort_keys=True)}
        for seat, pid, wonder, side, scores in lines])


def store_table_seats(conn: Connection, round_no: int, table_no: int,
                      seats: list[tuple[int, str | None]]) -> None:
    """Record one table's seats from a sheet, for rounds the tool did not seat (paper schedules)."""
    if conn.execute(sa.select(rounds_t.c.number).where(rounds_t.c.number == round_no)).first() is None:
        conn.execute(sa.insert(rounds_t).values(number=round_no, source="sheets", seated_at=now()))
    conn.execute(sa.delete(seats_t).where(seats_t.c.round == round_no, seats_t.c.table_no == table_no))
    conn.execute(sa.insert(seats_t), [
        {"round": round_no, "table_no": table_no, "seat": s, "player_id": pid, "wonder": wonder}
        for s, (pid, wonder) in enumerate(seats, 1)])


def mark_printed(conn: Connection, round_no: int) -> None:
    """Record that a round's score sheets were printed: later re-planning keeps its seating."""
    conn.execute(sa.update(rounds_t).where(rounds_t.c.number == round_no).values(printed_at=now()))


# --- event settings beyond the fixed ones (meta rows), and live-server desks ------------
def setting(event: Event, key: str) -> str | None:
    """An optional event setting (e.g. `lang`, `published_rounds`), None when not set."""
    with event.engine.connect() as conn:
        return conn.execute(sa.select(meta_t.c.value).where(meta_t.c.key == key)).scalar()


def set_setting(conn: Connection, key: str, value: str | None) -> None:
    """Set (or with None, clear) an optional event setting inside a transaction."""
    conn.execute(sa.delete(meta_t).where(meta_t.c.key == key))
    if value is not None:
        conn.execute(sa.insert(meta_t).values(key=key, value=value))


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
        raise RegistrationError("a desk name can't be empty")
    if conn.execute(sa.select(desks_t.c.id).where(sa.func.lower(desks_t.c.name) == clean.lower())).first():
        raise RegistrationError(f"there is already a desk {clean!r}: remove it first, or choose another name")
    token, salt = secrets.token_urlsafe(24), secrets.token_hex(16)
    conn.execute(sa.insert(desks_t).values(name=clean, salt=salt, token_hash=_token_hash(salt, token),
                                           organiser=organiser, created_at=now()))
    _log(conn, "desk.add", f"desk {clean!r}" + (" (organiser)" if organiser else ""))
    return token


def remove_desk(conn: Connection, name: str) -> str:
    row = conn.execute(sa.select(desks_t).where(sa.func.lower(desks_t.c.name) == name.strip().lower())).first()
    if row is None:
        raise RegistrationError(f"no desk {name!r}: see 'tourney desk list'")
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


def change_stamp(event: Event) -> int:
    """A number that grows with every logged change (results, seating, publishing): pages
    compare it to know when to refresh."""
    with event.engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.max(history_t.c.id))).scalar() or 0)
