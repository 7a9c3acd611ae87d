"""Issue 48, item 4: the last 500s of the live server. Integers beyond 64 bits and text that
PostgreSQL can't store (a NUL character) in any body, path or form are refused with a clear
422 (or not found) before they reach the store; the wrong-try limit counts a guessed code or
login in one statement before it is evaluated, so 60 parallel wrong logins from one address
get no more than the limit evaluated, on SQLite and PostgreSQL alike."""
from __future__ import annotations

import json
import sqlite3
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from live_event import LiveEvent, Server, build_event, table_rows
from starlette.testclient import TestClient

from tourney.core.store import Event, sessions
from tourney.event import live
from tourney.event.players import player_codes
from tourney.event.setup import update_event
from tourney.games.registry import find_game
from tourney.server import create_app

HUGE = 2**70  # beyond 64 bits: SQLite's driver raises OverflowError, PostgreSQL's a DataError


@pytest.fixture
def ev(tmp_path, backend) -> LiveEvent:
    at = None if backend.endswith(".db") else backend
    ev = build_event(tmp_path, at=at)
    event = Event.open(ev.path)
    update_event(event, self_report=True, game=find_game("7wonders"))
    live.publish_round(event, 1, "test")
    event.close()
    return ev


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_integers_beyond_64_bits_in_a_body_are_refused_with_the_fields_path(ev):
    client = TestClient(create_app(str(ev.path)), raise_server_exceptions=False)
    codes = dict(player_codes(Event.open(ev.path)))
    rows = table_rows(ev.path, 1, 1)
    anna = str(rows[0]["player"])
    too_large = "a number from -9223372036854775808 to 9223372036854775807 is expected"
    confirm = client.post("/api/rounds/1/tables/1/confirm",
                          json={"player": anna, "code": codes[anna], "report": HUGE, "agree": True})
    assert confirm.status_code == 422 and confirm.json() == {"error": f"report: {too_large}", "field": "report",
                                                             "findings": []}
    big_cell = [dict(rows[0], military=HUGE), *rows[1:]]
    for url, body, head in (
            ("/api/rounds/1/tables/1/result", {"rows": rows, "version": HUGE}, bearer(ev.desk_a)),
            ("/api/rounds/1/tables/1/result", {"rows": big_cell, "version": None}, bearer(ev.desk_a)),
            ("/api/rounds/1/tables/1/check", {"rows": big_cell}, bearer(ev.desk_a)),
            ("/api/rounds/1/tables/1/report", {"player": anna, "code": codes[anna], "rows": big_cell}, {}),
            ("/api/rounds/1/tables/1/report/check", {"rows": big_cell}, {})):
        answer = client.post(url, json=body, headers=head)
        field = "version" if body.get("version") == HUGE else "rows/0/military"
        assert answer.status_code == 422 and answer.json()["field"] == field, (url, answer.text)
        assert answer.json()["error"] == f"{field}: {too_large}"
    assert Event.open(ev.path).results() == []


def test_text_with_a_nul_character_never_reaches_the_store(ev):
    client = TestClient(create_app(str(ev.path)), raise_server_exceptions=False)
    codes = dict(player_codes(Event.open(ev.path)))
    rows = table_rows(ev.path, 1, 1)
    anna = str(rows[0]["player"])
    nul = "can't be stored: remove it"
    for url, body, head, field in (
            ("/api/check-in", {"player": anna, "code": "AB\x00CD"}, {}, "code"),
            ("/api/check-in", {"player": "An\x00na", "code": codes[anna]}, {}, "player"),
            ("/api/drop", {"player": anna, "code": "\x00", "confirm": "drop"}, {}, "code"),
            ("/api/rounds/1/tables/1/confirm", {"player": anna, "code": "\x00", "report": 1, "agree": True}, {},
             "code"),
            ("/api/rounds/1/tables/1/result", {"rows": [dict(rows[0], wonder="Gi\x00za"), *rows[1:]],
                                               "version": None}, bearer(ev.desk_a), "rows/0/wonder"),
            ("/api/rounds/1/tables/1/result", {"rows": rows, "version": None, "reason": "\x00"},
             bearer(ev.desk_a), "reason"),
            ("/api/rounds/1/tables/1/report", {"player": anna, "code": codes[anna],
                                               "rows": [{"pla\x00yer": anna}]}, {}, "rows/0")):
        answer = client.post(url, json=body, headers=head)
        assert answer.status_code == 422, (url, answer.text)
        assert answer.json()["field"] == field and answer.json()["error"].endswith(nul), (url, answer.text)
    # In a URL and in a desk's forms: not found, or refused as the page says.
    assert client.get("/players/An%00na").status_code == 404
    assert client.get("/find", params={"name": "An\x00na"}).status_code == 404
    login = client.post("/desk/login", data={"token": "x\x00y"})
    assert login.status_code == 401
    client.post("/desk/login", data={"token": ev.organiser})
    page = client.get("/desk/players").text
    csrf = page.split('name="csrf" value="')[1].split('"')[0]
    refused = client.post("/desk/organiser/checkin", data={"csrf": csrf, "player": "An\x00na"})
    assert refused.status_code == 422 and "player: text with a NUL character can't be stored" in refused.text
    assert Event.open(ev.path).results() == []


# --- the wrong-try limit, counted in one statement -------------------------------------------
def _login(url: str, token: str) -> int:
    data = urllib.parse.urlencode({"token": token}).encode()
    request = urllib.request.Request(url + "/desk/login", data=data, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def test_parallel_wrong_logins_get_no_more_than_the_limit_evaluated(ev):
    server = Server(ev.path)
    try:
        with ThreadPoolExecutor(60) as pool:
            said = list(pool.map(lambda i: _login(server.url, f"guess-{i}"), range(60)))
    finally:
        server.stop()
    # Every login counted before its token is looked at: 10 answered "wrong", the rest "too many".
    assert said.count(401) == sessions.WRONG_TRIES and said.count(429) == 60 - sessions.WRONG_TRIES, said


def test_parallel_wrong_codes_get_no_more_than_the_limit_evaluated(ev):
    server = Server(ev.path)
    body = json.dumps({"player": "Anna", "code": "WRONG1"}).encode()

    def check_in(_i: int) -> int:
        request = urllib.request.Request(server.url + "/api/check-in", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as exc:
            return exc.code

    try:
        with ThreadPoolExecutor(60) as pool:
            said = list(pool.map(check_in, range(60)))
    finally:
        server.stop()
    assert said.count(403) == sessions.WRONG_TRIES and said.count(429) == 60 - sessions.WRONG_TRIES, said


def test_a_wrong_code_while_the_event_is_locked_is_a_503_not_an_uncounted_try(tmp_path, monkeypatch):
    from tourney.core import sql

    ev = build_event(tmp_path)
    monkeypatch.setattr(sql, "WRITE_WAIT", 0.3)
    client = TestClient(create_app(str(ev.path)), raise_server_exceptions=False)
    other = Event.open(ev.path)  # another program holds the event's write lock
    holding = other.transaction()
    holding.__enter__()
    try:
        answer = client.post("/api/check-in", json={"player": "Anna", "code": "WRONG1"})
        assert answer.status_code == 503 and answer.headers["retry-after"] == "2"
    finally:
        holding.__exit__(None, None, None)
    with sqlite3.connect(ev.path) as db:
        assert db.execute("SELECT tries FROM wrong_tries").fetchall() == []  # nothing evaluated, nothing counted
    assert client.post("/api/check-in", json={"player": "Anna", "code": "WRONG1"}).status_code == 403
    with sqlite3.connect(ev.path) as db:
        assert db.execute("SELECT tries FROM wrong_tries").fetchall() == [(1,)]
