"""Two `tourney serve` processes over one PostgreSQL event (two machines behind a load
balancer, say): a race on one table from both stores one version, a change made through one
shows on the other's pages within 2 s, a desk logged in at one is logged in at the other, and
a desk removed is out on both. (Events served at once keep their data apart:
test_server_several.py.)"""
from __future__ import annotations

import http.client
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from live_event import Server, build_event, table_rows, post_json as post

from conftest import postgres_event_url
from tourney.core.store import Event
from tourney.server.app import SESSION_COOKIE


def stamp(url: str) -> int:
    with urllib.request.urlopen(url + "/api/stamp", timeout=10) as resp:
        return int(json.loads(resp.read())["stamp"])


def test_two_servers_on_one_postgresql_event(postgres_server, tmp_path):
    where = postgres_event_url(postgres_server)
    ev = build_event(tmp_path, at=where)
    one, two = Server(where), Server(where)
    try:
        # The same table from a desk at each server at once, with other numbers, four tables
        # over: one version each, the later desk told of the conflict.
        for table in range(1, 5):
            answers: list[tuple[int, object]] = []
            go = threading.Barrier(2)

            def send(server: Server, token: str, bump: int, table=table, go=go, answers=answers) -> None:
                rows = table_rows(where, 1, table, bump=bump)
                go.wait()
                answers.append(post(f"{server.url}/api/rounds/1/tables/{table}/result",
                                    {"rows": rows, "version": None}, token))

            threads = [threading.Thread(target=send, args=(one, ev.desk_a, 0)),
                       threading.Thread(target=send, args=(two, ev.desk_b, 1))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(status for status, _ in answers) == [201, 409], answers
        # A change through one shows on the other (its pages are built from the database): it is
        # polled for, with a bound generous enough for a busy machine.
        before = stamp(two.url)
        assert post(f"{one.url}/api/rounds/1/tables/5/result", {"rows": table_rows(where, 1, 5), "version": None},
                    ev.desk_a)[0] == 201
        deadline = time.monotonic() + 60
        while stamp(two.url) == before:
            assert time.monotonic() < deadline, "the other server did not see the change within 60 s"
            time.sleep(0.1)
        with urllib.request.urlopen(two.url + "/api/standings", timeout=10) as resp:
            standings = json.loads(resp.read())
        played = {s.player for s in Event.open(where).seats(1) if s.table <= 5}
        assert {row["player"] for row in standings if row["games"] == 1} == played
    finally:
        out = one.stop() + two.stop()
    assert "Traceback" not in out
    stored = Event.open(where).results()
    assert sorted((t.table, t.version) for t in stored) == [(t, 1) for t in range(1, 6)]


def desk_answer(url: str, path: str, cookie: str | None = None, form: dict[str, str] | None = None
                ) -> tuple[int, str, str]:
    """(status, Location, session cookie set) of one request, redirects not followed."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
    body = urllib.parse.urlencode(form).encode() if form is not None else None
    headers = {"Cookie": f"{SESSION_COOKIE}={cookie}"} if cookie else {}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    conn.request("POST" if body is not None else "GET", path, body, headers)
    resp = conn.getresponse()
    resp.read()
    set_cookie = resp.getheader("Set-Cookie") or ""
    sid = set_cookie.split(";", 1)[0].partition("=")[2] if set_cookie.startswith(SESSION_COOKIE + "=") else ""
    conn.close()
    return resp.status, resp.getheader("Location") or "", sid


def test_a_login_on_one_server_works_on_the_other_and_a_removed_desk_is_out_on_both(postgres_server, tmp_path, run):
    where = postgres_event_url(postgres_server)
    ev = build_event(tmp_path, at=where)
    one, two = Server(where), Server(where)
    try:
        status, location, sid = desk_answer(one.url, "/desk/login", form={"token": ev.desk_a})
        assert (status, location) == (303, "/desk") and sid
        # The other process knows the session: its desk page opens, no login asked.
        assert desk_answer(two.url, "/desk", sid)[0] == 200
        assert desk_answer(two.url, "/desk", "forged")[:2] == (303, "/desk/login")
        run("desk", "remove", where, "A")
        # Removed through the command line: out at once on both.
        assert desk_answer(one.url, "/desk", sid)[:2] == (303, "/desk/login")
        assert desk_answer(two.url, "/desk", sid)[:2] == (303, "/desk/login")
    finally:
        out = one.stop() + two.stop()
    assert "Traceback" not in out
