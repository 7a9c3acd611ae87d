"""What the live server's hot paths ask of the database (issue 29, item 5: on PostgreSQL every
statement is a round trip): a desk's save with an Idempotency-Key, a player page built after it,
the stamp the save wrote learnt without reading it back, and reads grouped by `Event.reading`
on both stores. Counted statements, not times (the times: benchmarks/bench_requests.py)."""
from __future__ import annotations

import json
from typing import Any

from starlette.testclient import TestClient

from conftest import postgres_event_url
from live_event import build_event, table_rows
from tourney.core.store import Event, change_stamp
from tourney.core.store.answers import prunes
from tourney.event import live
from tourney.event.importing import Source
from tourney.server import app as server_app
from tourney.server.app import create_app
from tourney.server.once import DESK_SCOPE

SETTINGS = 'SELECT "key", value FROM meta'


def test_reading_shares_one_read_and_the_settings_on_both_backends(backend):
    from tourney.core.store import set_setting

    build_event_at(backend)
    event = Event.open(backend)
    statements: list[str] = []
    event.db.trace = statements.append
    event.info(), event.options(), event.setting("double_entry")
    assert statements.count(SETTINGS) == 3  # one read each, outside
    statements.clear()
    with event.reading():
        assert event.info().name == "Bonn Spielt live"
        event.options(), event.setting("double_entry"), event.seats(1)
        # A change inside is its own transaction: stored, and the reads after it go on.
        with event.transaction() as conn:
            set_setting(conn, "double_entry", "on")
        assert len(event.players()) == 23
    assert statements.count(SETTINGS) == 1
    assert event.setting("double_entry") == "on"


def test_a_transaction_says_the_stamp_it_wrote_on_postgresql(postgres_server, tmp_path):
    where = postgres_event_url(postgres_server)
    build_event(tmp_path, at=where)
    event = Event.open(where)
    live.publish_round(event, 1, "test")
    assert event.pop_stamp() == change_stamp(event)
    assert event.pop_stamp() is None  # forgotten once asked: the server reads it then


def _published_app(postgres_server: str, tmp_path: Any, monkeypatch: Any) -> tuple[str, Any, Any]:
    """(event URL, the built event's desks, the app) for the live test event on PostgreSQL with
    round 1 published; the stamp read at every request, pages built at once."""
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    monkeypatch.setattr(server_app, "SETTLE", 0.0)
    where = postgres_event_url(postgres_server)
    ev = build_event(tmp_path, at=where)
    live.publish_round(Event.open(where), 1, "test")
    return where, ev, create_app(where)


def test_a_desks_save_and_a_page_build_stay_few_statements_on_postgresql(postgres_server, tmp_path, monkeypatch):
    where, ev, app = _published_app(postgres_server, tmp_path, monkeypatch)
    event = app.state.tourney.event
    statements: list[str] = []
    with TestClient(app) as client:
        assert client.get("/").status_code == 200
        event.db.trace = statements.append
        head = {"authorization": f"Bearer {ev.desk_a}", "idempotency-key": "save-1"}
        body = json.dumps({"rows": table_rows(where, 1, 1), "version": None})
        saved = client.post("/api/rounds/1/tables/1/result", content=body, headers=head)
        assert saved.status_code == 201, saved.text
        save = list(statements)
        # The stamp the save wrote came back with its own UPDATE: no read of it afterwards.
        assert not any(s.startswith('SELECT value FROM meta') for s in save), save
        # A right token with no wrong tries counted: nothing to forget, no second look.
        assert sum("wrong_tries" in s for s in save) == 1, save
        # What a check reads twice (the seated rounds, the settings) is read once.
        assert sum("FROM rounds" in s for s in save) == 1 and save.count(SETTINGS) == 1, "\n".join(save)
        assert len(save) <= 20, "\n".join(save)
        # The sheet is checked before the save takes the event's write lock (saves of other
        # tables wait for the store alone): under the lock no settings, draws or roster are read.
        locked = save[next(i for i, s in enumerate(save) if "pg_advisory_xact_lock" in s):]
        assert not any(s == SETTINGS or "FROM draws" in s or "FROM rounds" in s for s in locked), "\n".join(locked)
        # Nothing was stored since the check: its version and players are not read again either.
        assert not any("max(version)" in s or "FROM players" in s for s in locked), "\n".join(locked)
        # The keys past their days are forgotten by one keyed write in PRUNE_EVERY, not this one.
        assert not prunes(DESK_SCOPE + "A", "save-1")
        assert not any(s.startswith("DELETE FROM idempotency_keys") for s in locked), "\n".join(locked)
        # (The journal's entry goes with the commit: a statement more, no wait more.)
        assert len(locked) <= 11, "\n".join(locked)
        statements.clear()
        page = client.get("/")
        built = list(statements)
        # The stamp, then the page's reads in one read transaction, the settings once.
        assert len(built) <= 9 and built.count(SETTINGS) == 1, "\n".join(built)
        assert page.status_code == 200 and int(page.headers["x-stamp"]) == change_stamp(event)
        statements.clear()
        again = client.post("/api/rounds/1/tables/1/result", content=body, headers=head)
        assert again.status_code == 201 and again.headers.get("idempotent-replayed") == "true"
    assert [t.table for t in Event.open(where).results()] == [1]


def build_event_at(where: str) -> None:
    """The live test event at `where` (a file path or a PostgreSQL event URL)."""
    from pathlib import Path

    build_event(Path(where).parent if "://" not in where else Path("."), at=where)


def test_a_checked_sheet_is_stored_without_reading_again_unless_something_was_stored_since(postgres_server,
                                                                                          tmp_path):
    """Under the write lock a checked sheet's version and players are not read again when the
    change stamp shows nothing stored since its check; when something was, they are (and a
    version stored meanwhile is a conflict, as before)."""
    import pytest

    from tourney.event import entry
    from tourney.event.errors import VersionConflict
    from tourney.games.registry import find_game

    where = postgres_event_url(postgres_server)
    build_event(tmp_path, at=where)
    event, game = Event.open(where), find_game("7wonders")
    statements: list[str] = []
    event.db.trace = statements.append

    checked = entry.checked_sheet(event, game, 1, 1, table_rows(where, 1, 1), None, "desk A")
    statements.clear()
    with event.transaction() as conn:
        assert entry.store_sheet(event, conn, checked, None, author="desk A", reason=None, source=Source.named("desk A")) == 1
    assert not any("FROM results WHERE round" in s or "FROM players" in s for s in statements), "\n".join(statements)

    first = entry.checked_sheet(event, game, 1, 2, table_rows(where, 1, 2), None, "desk A")
    second = entry.checked_sheet(event, game, 1, 2, table_rows(where, 1, 2, bump=1), None, "desk B")
    with event.transaction() as conn:  # desk A stores first: desk B's check is out of date
        entry.store_sheet(event, conn, first, None, author="desk A", reason=None, source=Source.named("desk A"))
    statements.clear()
    with pytest.raises(VersionConflict), event.transaction() as conn:
        entry.store_sheet(event, conn, second, None, author="desk B", reason=None, source=Source.named("desk B"))
    assert any("FROM results WHERE round" in s for s in statements), "\n".join(statements)
    assert {(t.table, t.version, t.author) for t in Event.open(where).results()} == {(1, 1, "desk A"), (2, 1, "desk A")}


def test_a_desks_save_takes_two_trips_to_a_worker_thread(tmp_path, monkeypatch):
    """Each trip from the event loop to a worker thread and back waits its turn behind what the
    loop is answering the phones: a desk's save makes two, its token read with its address's
    wrong tries, then the check and the store (a wrong token: the same first trip, then its
    count)."""
    from tourney.server import cache, guard, once
    from tourney.server.routes import context, desk_api

    ev = build_event(tmp_path)
    live.publish_round(Event.open(ev.path), 1, "test")
    trips: list[str] = []
    for module in (context, desk_api, guard, once, cache):
        original = module.run_in_threadpool

        async def counted(func: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            trips.append(getattr(func, "__name__", repr(func)))
            return await _original(func, *args, **kwargs)

        monkeypatch.setattr(module, "run_in_threadpool", counted)
    with TestClient(create_app(str(ev.path))) as client:
        body = json.dumps({"rows": table_rows(ev.path, 1, 1), "version": None})
        trips.clear()
        saved = client.post("/api/rounds/1/tables/1/result", content=body,
                            headers={"authorization": f"Bearer {ev.desk_a}", "idempotency-key": "trip-1"})
        assert saved.status_code == 201, saved.text
        assert len(trips) == 2, trips
        trips.clear()
        wrong = client.post("/api/rounds/1/tables/2/result", content=body, headers={"authorization": "Bearer nope"})
        assert wrong.status_code == 401 and len(trips) == 2, trips


def _libpq_traced(event: Event, trace: Any) -> list[Any]:
    """From now on every connection of the event's pool writes libpq's protocol trace (what
    the client sends and gets) to `trace`; the list holds the files to close."""
    from sqlalchemy import event as sa_event

    files: list[Any] = []

    def traced(dbapi_conn: Any, _record: Any) -> None:
        out = open(trace, "a")  # noqa: SIM115 - open while the connection lives
        files.append(out)
        dbapi_conn.pgconn.trace(out.fileno())

    sa_event.listen(event.db.engine, "connect", traced)
    event.db.engine.dispose()
    return files


def _waits(trace_lines: list[str]) -> list[list[str]]:
    """The statements the client sent, grouped by the round trip they went in (each simple
    Query, and each Sync of the extended protocol, is one wait for the database)."""
    trips: list[list[str]] = [[]]
    for line in trace_lines:
        parts = line.split("\t")
        if len(parts) < 4 or parts[1] != "F":
            continue
        if parts[3] == "Parse":  # F  Parse  "" "the statement" ...
            trips[-1].append(parts[4].split('"')[3])
        elif parts[3] in ("Query", "Sync"):
            trips[-1].append(parts[4].strip().strip('"') if parts[3] == "Query" else "")
            trips.append([])
    return [[s for s in trip if s] for trip in trips[:-1]]


def test_under_the_lock_a_save_waits_for_the_database_only_for_answers_on_postgresql(postgres_server, tmp_path,
                                                                                     monkeypatch):
    """The statements whose answer nobody reads (the lock, savepoints, the lines, the history,
    the idempotency key) go with the next statement that returns rows, or before the commit:
    under the event's lock a desk's save waits for the database 6 times, not once for each of
    its 10 statements and the commit, and everything it sent is stored."""
    where, ev, app = _published_app(postgres_server, tmp_path, monkeypatch)
    event = app.state.tourney.event
    trace = tmp_path / "libpq.trace"
    with TestClient(app) as client:
        assert client.get("/").status_code == 200
        files = _libpq_traced(event, trace)
        head = {"authorization": f"Bearer {ev.desk_a}", "idempotency-key": "save-1"}
        body = json.dumps({"rows": table_rows(where, 1, 1), "version": None})
        saved = client.post("/api/rounds/1/tables/1/result", content=body, headers=head)
        assert saved.status_code == 201, saved.text
        for out in files:
            out.flush()
        trips = _waits(trace.read_text(errors="replace").splitlines())
        again = client.post("/api/rounds/1/tables/1/result", content=body, headers=head)
    event.db.engine.dispose()  # the traced connections closed before their files
    for out in files:
        out.close()
    locked = trips[next(i for i, trip in enumerate(trips) if any("pg_advisory_xact_lock" in s for s in trip)):]
    shown = "\n".join(" | ".join(s[:60] for s in trip) for trip in locked)
    assert locked[-1] == ["COMMIT"], shown
    sent = [s for trip in locked for s in trip]
    assert any(s.startswith("INSERT INTO idempotency_keys") for s in sent), shown
    assert len(locked) <= 6, shown
    # The lock went in the same wait as the stamp's update, the key with the last inserts.
    assert any("UPDATE meta" in s for s in locked[0]), shown
    assert again.headers.get("idempotent-replayed") == "true"  # the key was stored
    stored = Event.open(where)
    assert [(t.table, t.version) for t in stored.results()] == [(1, 1)]
    assert len(stored.results()[0].lines) == 5
    assert any(h.action == "results.import" and h.params and (h.params["round"], h.params["table"], h.params["version"])
               == (1, 1, 1) for h in stored.history())


def test_an_error_in_a_statement_sent_without_waiting_undoes_the_whole_transaction_on_postgresql(postgres_server,
                                                                                                 tmp_path):
    """A statement sent without waiting for its answer fails at the next wait: the store's
    error is raised from the transaction, which stores nothing of what it did before."""
    import pytest

    from tourney.core.sql import IntegrityError
    from tourney.core.store import set_setting

    where = postgres_event_url(postgres_server)
    build_event(tmp_path, at=where)
    event = Event.open(where)
    before = change_stamp(event)
    with pytest.raises(IntegrityError), event.transaction() as conn:
        set_setting(conn, "double_entry", "on")
        conn.send("INSERT INTO meta (\"key\", value) VALUES ('schema_version', 'twice')")
        conn.send("INSERT INTO history (at, who, action, detail) VALUES ('now', 'test', 'x', 'never stored')")
    again = Event.open(where)
    assert again.setting("double_entry") != "on" and change_stamp(again) == before
    assert not any(h.detail == "never stored" for h in again.history())
