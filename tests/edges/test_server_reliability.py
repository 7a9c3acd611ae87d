"""Issue 28: what a hostile or unlucky request gets from the live server: a clear answer in the
event's language, never a bare 500; what a removed desk, a busy or full disk and a read-only
event file do to it."""
from __future__ import annotations

import re
import sqlite3

import pytest
from click.testing import CliRunner
from live_event import LiveEvent, build_event, table_rows
from starlette.testclient import TestClient

from tourney.cli import cli
from tourney.core.store import Event, sessions
from tourney.server import app as server_app
from tourney.server import create_app

HUGE = "9" * 30  # beyond any 64-bit integer


@pytest.fixture
def ev(tmp_path) -> LiveEvent:
    return build_event(tmp_path)


@pytest.fixture
def client(ev, monkeypatch) -> TestClient:
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    return TestClient(create_app(str(ev.path)), raise_server_exceptions=False)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def desk_login(client: TestClient, token: str) -> str:
    response = client.post("/desk/login", data={"token": token})
    assert response.status_code == 200 and str(response.url).endswith("/desk"), response.text
    page = client.get("/desk/rounds/1/tables/1").text
    return re.search(r'name="csrf" content="([^"]+)"', page).group(1)  # type: ignore[union-attr]


# --- item 4: numbers beyond 64 bits, JSON nested too deep ---------------------------------
def test_a_round_number_beyond_64_bits_is_not_found(ev, client):
    for url in (f"/rounds/{HUGE}", f"/api/rounds/{HUGE}/seating", f"/rounds/1/tables/{HUGE}",
                f"/api/rounds/1/tables/{HUGE}/result", f"/api/rounds/{HUGE}/tables/1/result"):
        assert client.get(url, headers=bearer(ev.desk_a)).status_code == 404, url
    answer = client.post(f"/api/rounds/1/tables/{HUGE}/result", json={"rows": [], "version": None},
                         headers=bearer(ev.desk_a))
    assert answer.status_code == 404
    csrf = desk_login(client, ev.organiser)
    assert client.get(f"/desk/rounds/{HUGE}/tables/1").status_code == 404
    done = client.post("/desk/organiser/publish", data={"csrf": csrf, "round": HUGE})
    assert done.status_code == 200 and f"round {HUGE} is not seated" in done.text


def test_json_nested_too_deep_is_refused_as_not_json(ev, client):
    deep = "[" * 100_000 + "]" * 100_000
    checked = client.post("/api/rounds/1/tables/1/check", content=deep, headers=bearer(ev.desk_a))
    assert checked.status_code == 422 and checked.json()["error"].startswith("the body is not JSON")
    for url in ("/api/check-in", "/api/drop", "/api/rounds/1/tables/1/report", "/api/rounds/1/tables/1/confirm"):
        assert client.post(url, content=deep).status_code == 422, url
    assert client.post("/api/rounds/1/publish", content=deep, headers=bearer(ev.organiser)).status_code == 422


# --- item 6: no Host echoed, security headers on every answer ------------------------------
SECURITY = {"x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "same-origin"}


def test_the_static_redirect_is_relative_and_never_echoes_the_host(client):
    moved = client.get("/static", headers={"Host": "evil.example"}, follow_redirects=False)
    assert moved.status_code in (301, 307, 308) and moved.headers["location"] == "/static/"


def test_every_answer_carries_the_security_headers(ev, client):
    answers = [client.get("/"), client.get("/standings"), client.get("/static/style.css"), client.get("/api/stamp"),
               client.get("/nowhere"), client.get("/desk", follow_redirects=False),
               client.post("/api/check-in", content="x"),
               client.post("/desk/login", data={"token": ev.desk_a}, follow_redirects=False)]
    for answer in answers:
        assert {k: answer.headers.get(k) for k in SECURITY} == SECURITY, answer.url
        policy = answer.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "form-action 'self'" in policy


# --- item 7: score sheets downloaded leave no folder behind --------------------------------
def test_downloading_score_sheets_leaves_no_temporary_folder(ev, client, tmp_path, monkeypatch):
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(temp))
    desk_login(client, ev.organiser)
    sheets = client.get("/desk/rounds/1/sheets.xlsx")
    assert sheets.status_code == 200 and sheets.content[:2] == b"PK"
    assert sheets.headers["content-disposition"] == 'attachment; filename="round1-sheets.xlsx"'
    refused = client.get("/desk/rounds/3/sheets.xlsx")  # not seated: said on the desk page
    assert refused.status_code == 200 and "round 3" in refused.text
    assert list(temp.iterdir()) == []



# --- item 1: sessions in the event's database, ending with their desk ----------------------
def logged_in(client: TestClient) -> bool:
    return client.get("/desk", follow_redirects=False).status_code == 200


def test_a_removed_desk_is_logged_out_at_once_and_stores_nothing(ev, client):
    csrf = desk_login(client, ev.desk_a)
    assert CliRunner().invoke(cli, ["desk", "remove", str(ev.path), "A"]).output == "removed desk 'A'\n"
    assert not logged_in(client)
    refused = client.post("/api/rounds/1/tables/1/result", headers={"X-CSRF-Token": csrf},
                          json={"rows": table_rows(ev.path, 1, 1), "version": None})
    assert refused.status_code == 401
    assert Event.open(ev.path).results() == []


def test_the_organiser_removes_a_desk_or_logs_every_desk_out_from_the_desk_page(ev, client):
    desk_b = TestClient(create_app(str(ev.path)))
    desk_login(desk_b, ev.desk_b)
    csrf = desk_login(client, ev.organiser)
    page = client.get("/desk").text
    assert 'action="/desk/organiser/desk-remove"' in page and "Log every desk out" in page
    done = client.post("/desk/organiser/desk-remove", data={"csrf": csrf, "desk": "B"})
    assert "removed desk &#39;B&#39;" in done.text and not logged_in(desk_b)
    assert [(h.action, h.params) for h in Event.open(ev.path).history()][-1] == ("desk.remove", {"desk": "B"})
    desk_a = TestClient(create_app(str(ev.path)))
    desk_login(desk_a, ev.desk_a)
    client.post("/desk/organiser/logout-all", data={"csrf": csrf})
    assert not logged_in(desk_a) and not logged_in(client)  # the organiser's own page too


def test_every_server_process_shares_the_sessions_and_keeps_only_their_hash(ev, client):
    csrf = desk_login(client, ev.desk_a)
    cookie = client.cookies["tourney_desk"]
    other = TestClient(create_app(str(ev.path)))  # a second worker over the same event file
    other.cookies.set("tourney_desk", cookie)
    assert logged_in(other)
    checked = other.post("/api/rounds/1/tables/1/check", headers={"X-CSRF-Token": csrf},
                         json={"rows": table_rows(ev.path, 1, 1), "version": None})
    assert checked.status_code == 200
    with sqlite3.connect(ev.path) as db:
        stored = repr(db.execute("SELECT * FROM desk_sessions").fetchall())
    assert cookie not in stored and csrf in stored  # the form secret goes with the session row
    client.post("/desk/logout", data={"csrf": csrf})
    assert not logged_in(other)


class FakeClock:
    """The sessions' clock, moved on by the test: idle times and windows without waiting for
    them, and without a slow request on a busy machine counting as idle time."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(sessions, "time", fake)
    return fake


def test_a_session_ends_after_the_idle_time(ev, clock):
    client = TestClient(create_app(str(ev.path), desk_idle=3))  # seconds, kept as whole seconds
    desk_login(client, ev.desk_a)
    clock.now += 3
    assert logged_in(client)  # used within the idle time: still logged in
    clock.now += 3
    assert logged_in(client)  # the idle time counts from the last use
    clock.now += 4
    assert not logged_in(client)
    with sqlite3.connect(ev.path) as db:
        assert db.execute("SELECT count(*) FROM desk_sessions").fetchone() == (0,)


def test_desk_logout_all_ends_every_session(ev):
    a, b = TestClient(create_app(str(ev.path))), TestClient(create_app(str(ev.path)))
    desk_login(a, ev.desk_a)
    desk_login(b, ev.desk_b)
    said = CliRunner().invoke(cli, ["desk", "logout-all", str(ev.path)])
    assert said.output == "ended 2 desk sessions: each desk logs in again with its token\n"
    assert not logged_in(a) and not logged_in(b)
    assert logged_in(a) is False and a.post("/desk/login", data={"token": ev.desk_a}).status_code == 200


# --- item 5: wrong tokens and codes limited per address and window, in the database ---------
def wrong_tries(ev: LiveEvent) -> list[tuple[str, int]]:
    with sqlite3.connect(ev.path) as db:
        return db.execute("SELECT client, tries FROM wrong_tries").fetchall()


def test_wrong_tokens_are_answered_only_so_many_times_per_window(ev, client):
    for _ in range(sessions.WRONG_TRIES):
        assert client.get("/api/rounds/1/seating", headers=bearer("guess")).status_code == 401
    refused = client.get("/api/rounds/1/seating", headers=bearer(ev.desk_a))  # even the right one, now
    assert refused.status_code == 429 and 0 < int(refused.headers["retry-after"]) <= sessions.WRONG_WINDOW
    assert refused.json()["error"].startswith("too many wrong tokens or codes from this address: try again in ")
    login = client.post("/desk/login", data={"token": ev.desk_a})
    assert login.status_code == 429 and "too many wrong tokens" in login.text
    assert client.post("/api/check-in", json={"player": "Anna", "code": "x"}).status_code == 429
    assert client.get("/standings").status_code == 200  # reading stays open
    # Every server process over the event counts together; the answer speaks the event's language.
    german = TestClient(create_app(str(ev.path), lang="de"))
    said = german.post("/api/rounds/1/tables/1/check", headers=bearer("guess"), json={"rows": []})
    assert said.status_code == 429 and said.json()["error"].startswith(
        "zu viele falsche Zugangscodes von dieser Adresse: in ")


def test_the_count_starts_again_after_a_right_token_and_after_a_quiet_window(ev, client, monkeypatch, clock):
    for _ in range(sessions.WRONG_TRIES - 1):
        client.get("/api/rounds/1/seating", headers=bearer("guess"))
    assert wrong_tries(ev) == [("testclient", sessions.WRONG_TRIES - 1)]
    assert client.get("/api/rounds/1/seating", headers=bearer(ev.desk_a)).status_code == 200
    assert wrong_tries(ev) == []  # the API's right token resets it, as a login does
    monkeypatch.setattr(sessions, "WRONG_WINDOW", 2)
    for _ in range(sessions.WRONG_TRIES):
        client.post("/api/drop", json={"player": "Anna", "code": "nope", "confirm": "drop"})
    assert client.get("/api/rounds/1/seating", headers=bearer(ev.desk_a)).status_code == 429
    clock.now += 1
    assert client.get("/api/rounds/1/seating", headers=bearer(ev.desk_a)).status_code == 429  # the window lasts
    clock.now += 2
    assert client.get("/api/rounds/1/seating", headers=bearer(ev.desk_a)).status_code == 200


# --- item 2: a busy event answers 503 with Retry-After after a bounded wait -----------------
@pytest.mark.parametrize("where", ["sqlite", "postgresql"])
def test_a_write_lock_held_by_another_program_is_a_503_after_a_bounded_wait(ev, where, request, monkeypatch):
    from conftest import postgres_event_url

    from tourney.core import sql
    from tourney.core.store import copy_event

    location = str(ev.path)
    if where == "postgresql":
        location = postgres_event_url(request.getfixturevalue("postgres_server"))
        copy_event(Event.open(ev.path), location).close()
    monkeypatch.setattr(sql, "WRITE_WAIT", 0.5)
    client = TestClient(create_app(location), raise_server_exceptions=False)
    german = TestClient(create_app(location, lang="de"), raise_server_exceptions=False)
    csrf = desk_login(client, ev.organiser)
    other = Event.open(location)  # another program: its own connection holds the event's write lock
    holding = other.transaction()
    holding.__enter__()
    try:
        rows = table_rows(ev.path, 1, 1)
        busy = client.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": None},
                           headers=bearer(ev.desk_a))
        assert busy.status_code == 503 and busy.headers["retry-after"] == "2"
        assert busy.json() == {"error": "the event is busy: another program is writing to it; nothing was stored: "
                                        "try again in a moment"}
        assert german.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": None},
                           headers=bearer(ev.desk_a)).json()["error"].startswith("das Turnier ist beschäftigt")
        form = client.post("/desk/organiser/publish", data={"csrf": csrf, "round": "1"})
        assert form.status_code == 503 and "the event is busy" in form.text
    finally:
        holding.__exit__(None, None, None)
    assert Event.open(location).results() == []  # nothing half-stored
    stored = client.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": None},
                         headers=bearer(ev.desk_a))
    assert stored.status_code == 201  # sent again once the lock is gone
    other.close()
