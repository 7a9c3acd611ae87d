"""The live server's JSON API and pages through an HTTP client against the app (same event,
same library calls as the CLI)."""
from __future__ import annotations

import json
import re
import sqlite3
from html import escape

import pytest
from click.testing import CliRunner
from conftest import HEADER, write_sheet
from live_event import LiveEvent, build_event, table_rows
from starlette.testclient import TestClient

from tourney.core.names import fold
from tourney.event import live
from tourney.cli import cli
from tourney.server import app as server_app
from tourney.server import create_app
from tourney.core.store import Event


@pytest.fixture
def ev(tmp_path) -> LiveEvent:
    return build_event(tmp_path, extra_players=("<script>alert(1)</script>",))


def cli_json(*args: str) -> object:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def post(client: TestClient, token: str, table: int, rows, version, **extra):
    return client.post(f"/api/rounds/1/tables/{table}/result", json={"rows": rows, "version": version, **extra},
                       headers=bearer(token))


def publish(ev: LiveEvent, round_no: int = 1) -> None:
    live.publish_round(Event.open(ev.path), round_no, "test")


def test_standings_and_seating_are_the_cli_json_rows(ev, client):
    publish(ev)
    assert post(client, ev.desk_a, 1, table_rows(ev.path, 1, 1), None).status_code == 201
    assert client.get("/api/standings").json() == cli_json("standings", str(ev.path), "--format", "json")
    assert client.get("/api/rounds/1/seating").json() == cli_json("seating", str(ev.path), "--round", "1",
                                                                  "--format", "json")


def test_unpublished_seating_is_hidden_from_players_but_not_from_desks(ev, client):
    first = escape(Event.open(ev.path).seats(1)[0].player)  # a page shows '<script>…' escaped
    assert client.get("/api/rounds/1/seating").status_code == 404
    assert client.get("/api/rounds/1/seating", headers=bearer(ev.desk_a)).status_code == 200
    page = client.get("/")
    assert "not out yet" in page.text and first not in page.text
    assert client.get("/rounds/1").status_code == 404
    publish(ev)
    assert first in client.get("/").text


def test_post_result_401_422_201_409(ev, client):
    rows = table_rows(ev.path, 1, 2)
    assert client.post("/api/rounds/1/tables/2/result", json={"rows": rows, "version": None}).status_code == 401
    assert post(client, "not-a-token", 2, rows, None).status_code == 401

    bad = [dict(r) for r in rows]
    bad[1]["total"] = 99
    refused = post(client, ev.desk_a, 2, bad, None)
    assert refused.status_code == 422
    [finding] = refused.json()["findings"]
    assert finding["rule"] == "sum" and finding["line"] == 2 and finding["player"] == rows[1]["player"]
    assert Event.open(ev.path).results() == []  # nothing stored

    saved = post(client, ev.desk_a, 2, rows, None)
    assert saved.status_code == 201
    assert saved.json() == {"round": 1, "table": 2, "version": 1, "warnings": []}

    conflict = post(client, ev.desk_b, 2, table_rows(ev.path, 1, 2, bump=1), None)
    assert conflict.status_code == 409
    stored = conflict.json()["stored"]
    assert stored["version"] == 1 and stored["author"] == "desk A"
    assert [r["total"] for r in stored["rows"]] == [r["total"] for r in rows]

    corrected = post(client, ev.desk_b, 2, table_rows(ev.path, 1, 2, bump=1), 1, reason="typo in civilian")
    assert corrected.status_code == 201 and corrected.json()["version"] == 2
    history = [(h.who, h.action, h.params) for h in Event.open(ev.path).history()[-2:]]
    assert history == [("desk A", "results.import", {"round": 1, "table": 2, "version": 1, "source": "desk A"}),
                       ("desk B", "results.correct", {"round": 1, "table": 2, "version": 2, "source": "desk B",
                                                      "reason": "typo in civilian"})]


def test_a_desk_stores_exactly_what_results_import_stores(ev, client, tmp_path):
    rows = table_rows(ev.path, 1, 3)
    (tmp_path / "twin").mkdir()
    twin = build_event(tmp_path / "twin", extra_players=("<script>alert(1)</script>",))
    sheet = write_sheet(tmp_path / "t3.csv", [[1, 3] + [r.get(c, "") for c in HEADER[2:]] for r in rows])
    result = CliRunner().invoke(cli, ["results", "import", str(twin.path), str(sheet)])
    assert result.exit_code == 0, result.output
    assert post(client, ev.desk_a, 3, rows, None).status_code == 201

    def stored(path):
        [t] = Event.open(path).results()
        return t.round, t.table, t.version, t.warnings, t.lines

    assert stored(ev.path) == stored(twin.path)


def test_bad_bodies_are_422_with_a_message(ev, client):
    def send(body):
        return client.post("/api/rounds/1/tables/1/result", content=body, headers=bearer(ev.desk_a))

    assert "not JSON" in send("{").json()["error"]
    # The field's path and what is wrong with it (issue 48: one body reader, the route's schema).
    assert send('{"rows": 3, "version": null}').json() == {"error": "rows: a list is expected", "field": "rows",
                                                           "findings": []}
    assert send('{"rows": [], "version": "1"}').json()["error"] == "version: a whole number is expected"
    assert send('{"rows": [{"seat": [1]}], "version": null}').json()["error"] == (
        "rows/0/seat: a whole number or text is expected")
    unknown = post(client, ev.desk_a, 1, [{"seat": 1, "player": "x", "colour": 2}], None)
    assert unknown.status_code == 422 and "unknown column(s) colour" in unknown.json()["error"]
    wrong_table = [dict(r, table=5) for r in table_rows(ev.path, 1, 1)]
    assert "for another round or table" in post(client, ev.desk_a, 1, wrong_table, None).json()["findings"][0][
        "message"]


def test_player_name_is_text_not_markup_and_pages_leak_nothing(ev, client):
    publish(ev)
    pages = [client.get(p).text for p in ("/", "/standings", "/projector", "/rounds/1")]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in pages[0]
    seed = str(Event.open(ev.path).info().seed)
    for html in pages:
        assert "<script>alert" not in html
        assert str(ev.path) not in html and ev.path.name not in html
        assert seed not in html
        assert ev.desk_a not in html and ev.organiser not in html


def test_find_my_name_ignores_case_and_umlauts(ev, client):
    for typed in ("lukas schroder", "LUKAS SCHRÖDER", "jurgen", "Jürgen Werner"):
        response = client.get("/find", params={"name": typed}, follow_redirects=False)
        assert response.status_code == 303, typed
    assert client.get("/find", params={"name": "lukas schroder"}, follow_redirects=False
                      ).headers["location"] == "/players/Lukas%20Schr%C3%B6der"
    assert fold("Jürgen Weiß") == fold("JURGEN  WEISS") == "jurgen weiss"
    assert client.get("/find", params={"name": "nobody here"}).status_code == 404


def test_player_page_shows_rounds_tables_opponents_and_scores(ev, client):
    publish(ev)
    rows = table_rows(ev.path, 1, 1)
    assert post(client, ev.desk_a, 1, rows, None).status_code == 201
    # A player whose name is plain text: a hostile name is escaped and has its own tests.
    me, other = [r["player"] for r in rows if str(r["player"]).replace(" ", "").isalnum()][:2]
    page = client.get(f"/players/{me}").text
    # The rounds as `tourney player` shows them: place and game points (not only the VP).
    [mine] = cli_json("player", str(ev.path), str(me), "--format", "json")
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", page)
    assert cells[:8] == [str(mine[k] if mine[k] is not None else "") for k in
                         ("round", "table", "seat", "wonder", "vp", "place", "points", "share")]
    assert str(other) in page and "rank " in page and "Place</th>" in page and "Points</th>" in page
    german = TestClient(create_app(str(ev.path), lang="de")).get(f"/players/{me}").text
    assert "Platz " in german and "Platz</th>" in german and "Punkte</th>" in german and "Rang" not in german
    assert mine["share"].replace(".", ",") in german  # a German page writes 0,2466


def desk_login(client: TestClient, token: str) -> str:
    response = client.post("/desk/login", data={"token": token})
    assert response.status_code == 200 and str(response.url).endswith("/desk")
    page = client.get("/desk/rounds/1/tables/1").text
    return re.search(r'name="csrf" content="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def test_desk_session_needs_csrf_and_failed_logins_are_counted(ev, client, monkeypatch):
    bad = client.post("/desk/login", data={"token": "guess"})
    assert bad.status_code == 401 and "not valid" in bad.text
    with sqlite3.connect(ev.path) as db:  # in the event's database: every server process counts together
        assert db.execute("SELECT client, tries FROM wrong_tries").fetchall() == [("testclient", 1)]
    csrf = desk_login(client, ev.desk_a)
    rows = table_rows(ev.path, 1, 1)
    url = "/api/rounds/1/tables/1/check"
    assert client.post(url, json={"rows": rows, "version": None}).status_code == 401
    checked = client.post(url, json={"rows": rows, "version": None}, headers={"X-CSRF-Token": csrf})
    assert checked.json() == {"ok": True, "findings": []}
    forged = client.post("/desk/organiser/seat", data={"csrf": "x"}, follow_redirects=False)
    assert forged.status_code in (303, 403)  # desk A is no organiser: to the login page
    assert client.post("/desk/logout", data={"csrf": "wrong"}).status_code == 403


def test_organiser_seats_publishes_and_downloads_sheets(ev, client):
    csrf = desk_login(client, ev.organiser)
    client.post("/desk/organiser/publish", data={"csrf": csrf, "round": "1"})
    assert live.published_rounds(Event.open(ev.path)) == {1}
    for table in sorted({s.table for s in Event.open(ev.path).seats(1)}):
        assert post(client, ev.desk_a, table, table_rows(ev.path, 1, table), None).status_code == 201
    done = client.post("/desk/organiser/seat", data={"csrf": csrf})
    assert "round 2 seated" in done.text
    sheets = client.get("/desk/rounds/2/sheets.xlsx")
    assert sheets.status_code == 200 and sheets.content[:2] == b"PK"
    assert 2 not in live.published_rounds(Event.open(ev.path))
    assert "timer 50 minutes" in client.post("/desk/organiser/timer", data={"csrf": csrf, "minutes": "50"}).text
    assert client.get("/api/stamp").json()["timer_end"]


def test_the_organisers_desk_says_what_it_did_in_the_events_language(ev, monkeypatch):
    german = TestClient(create_app(str(ev.path), lang="de"))
    csrf = desk_login(german, ev.organiser)
    assert "Runde 1 veröffentlicht" in german.post("/desk/organiser/publish", data={"csrf": csrf, "round": "1"}).text
    assert "Uhr 1 Minute" in german.post("/desk/organiser/timer", data={"csrf": csrf, "minutes": "1"}).text
    refused = german.post("/desk/organiser/publish", data={"csrf": csrf, "round": "9"}).text
    assert "Runde 9 ist nicht ausgelost: zuerst auslosen" in refused  # the library's refusal, in German too
    assert post(german, ev.desk_a, 2, table_rows(ev.path, 1, 2), None).status_code == 201
    # Who entered a table, in the desk's language; the store keeps "desk A" (data, as the API returns it).
    assert "v1 · Eingabeplatz A" in german.get("/desk").text
    # The API's own refusals too: a desk page shows them to its volunteer as they are.
    assert post(german, "wrong", 3, [], None).json()["error"] == (
        "ungültiger Zugangscode: den Zugangscode verwenden, den 'tourney desk add' ausgegeben hat")
    assert post(german, ev.desk_a, 3, "x", None).json()["error"] == (
        "rows: eine Liste wird erwartet")
    english = TestClient(create_app(str(ev.path), lang="en"))
    desk_login(english, ev.organiser)
    assert "v1 · desk A" in english.get("/desk").text


def test_desk_cli_prints_a_token_stored_only_hashed(ev):
    runner = CliRunner()
    added = runner.invoke(cli, ["desk", "add", str(ev.path), "Desk  4"])
    assert added.exit_code == 0
    token = added.output.split("token: ")[1].strip()
    assert added.output == f"desk 'Desk 4' token: {token}\n"
    listed = runner.invoke(cli, ["desk", "list", str(ev.path)]).output.splitlines()
    assert [line.split("  ")[0] for line in listed] == ["Org", "A", "B", "Desk 4"]
    assert "(organiser)" in listed[0]
    with sqlite3.connect(ev.path) as db:
        assert token not in json.dumps(db.execute("select * from desks").fetchall())
    client = TestClient(create_app(str(ev.path)))
    assert client.get("/api/rounds/1/seating", headers=bearer(token)).status_code == 200
    assert runner.invoke(cli, ["desk", "remove", str(ev.path), "desk 4"]).output == "removed desk 'Desk 4'\n"
    assert client.get("/api/rounds/1/seating", headers=bearer(token)).status_code == 401
    again = runner.invoke(cli, ["desk", "add", str(ev.path), "A"])
    assert again.exit_code == 1 and "already a desk 'A'" in again.output


def test_pages_speak_the_event_language_from_the_catalogue(ev, client, monkeypatch):
    publish(ev)
    german = TestClient(create_app(str(ev.path), lang="de"))
    page = german.get("/").text
    assert '<html lang="de">' in page and ">Sitzplan</a>" in page and ">Tabelle</a>" in page
    assert "Noch keine Ergebnisse." in german.get("/standings").text
    assert "Dieser Zugangscode ist ungültig." in german.post("/desk/login", data={"token": "x"}).text


def test_a_german_desk_reads_the_findings_in_german_and_the_data_stays_english(ev, monkeypatch):
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    client = TestClient(create_app(str(ev.path), lang="de"))
    rows = table_rows(ev.path, 1, 1)
    rows[0] = dict(rows[0], total=rows[0]["total"] + 1)
    [f] = [f for f in post(client, ev.desk_a, 1, rows, None).json()["findings"] if f["rule"] == "sum"]
    assert f["severity"] == "error" and f["message"].startswith("totals don't add up for ")
    assert f["severity_text"] == "Fehler" and f["text"].startswith("die Summe stimmt nicht für ")


def test_a_desk_post_is_read_from_memory_without_a_temporary_file(ev, client, monkeypatch, tmp_path):
    # The temporary folder is gone (a full or read-only disk): the rows never go through a file.
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "no-such-folder"))
    publish(ev)
    assert post(client, ev.desk_a, 1, table_rows(ev.path, 1, 1), None).status_code == 201
    rows = table_rows(ev.path, 1, 2)
    rows[0]["player"] = "Anna\nBerta"   # a typed cell is one line: refused with its row, nothing stored
    answer = post(client, ev.desk_a, 2, rows, None)
    assert answer.status_code == 422
    assert [f["message"] for f in answer.json()["findings"]] == [
        "desk-A.csv:2: a cell holds the control character '\\n': type it again, as plain text on one line"]


def test_the_stamp_phones_poll_is_answered_before_the_routing_as_the_route_answers_it(ev):
    app = create_app(str(ev.path))
    client = TestClient(app)
    quick = client.get("/api/stamp")  # a phone's: answered before the routing (tourney/server/quick.py)
    routed = client.get("/api/stamp", headers=bearer(ev.desk_a))  # with a token: the wrong-token limit, the route

    def same(a, b) -> None:
        assert (a.status_code, a.content) == (b.status_code, b.content)
        assert {k: v for k, v in a.headers.items() if k != "x-now"} == {k: v for k, v in b.headers.items()
                                                                      if k != "x-now"}

    same(quick, routed)
    assert quick.status_code == 200 and quick.headers["content-type"] == "application/json"
    assert quick.json()["stamp"] == int(quick.headers["x-stamp"]) and "x-now" in quick.headers
    held = {"if-none-match": quick.headers["etag"]}
    same(client.get("/api/stamp", headers=held), client.get("/api/stamp", headers={**held, **bearer(ev.desk_a)}))
    assert client.get("/api/stamp", headers=held).status_code == 304
    app.router.routes.clear()  # without the routes, only the quick answer is left
    assert client.get("/api/stamp").status_code == 200
    assert client.get("/api/stamp", headers=bearer(ev.desk_a)).status_code == 404


def test_a_stamp_that_cannot_be_read_quickly_is_answered_as_the_route_answers_it(ev, monkeypatch):
    from tourney.core.sql import Busy
    from tourney.server import board

    def busy(event):
        raise Busy("held")

    monkeypatch.setattr(board, "stamp_fields", busy)
    client = TestClient(create_app(str(ev.path)), raise_server_exceptions=False)
    for asked in ({}, bearer(ev.desk_a)):  # the quick answer, and the route's
        refused = client.get("/api/stamp", headers=asked)
        assert refused.status_code == 503 and refused.headers["retry-after"] == "2"
        assert refused.json()["error"].startswith("the event is busy")
