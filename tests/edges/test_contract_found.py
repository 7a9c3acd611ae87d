"""Issue 48, item 3: what schemathesis found (tests/edges/test_schemathesis.py), each kept fixed:
a JSON body that is not an object answered 500; a path no route takes (a number too long, a
negative one) answered `text/plain` where the route documents JSON or a page; a desk form's bad
`Idempotency-Key` answered JSON where the page route documents HTML; the event stream and a
table's unpublished report answered other than documented; `2.0`, an integer to JSON Schema
(and to /openapi.json), was refused."""
from __future__ import annotations

import json
import re

import pytest
from live_event import build_event, table_rows
from starlette.testclient import TestClient

from tourney.server import create_app
from tourney.server.contract import openapi
from tourney.server.routes import ROUTES


@pytest.fixture(scope="module")
def ev(tmp_path_factory):
    return build_event(tmp_path_factory.mktemp("found"))


@pytest.fixture(scope="module")
def client(ev):
    with TestClient(create_app(str(ev.path)), raise_server_exceptions=False) as client:
        yield client


def test_a_body_that_is_not_a_json_object_is_refused_not_a_500(ev, client):
    head = {"Content-Type": "application/json"}
    for url, auth in (("/api/check-in", {}), ("/api/rounds/1/tables/1/confirm", {}),
                      ("/api/rounds/1/tables/1/result", {"Authorization": f"Bearer {ev.desk_a}"})):
        for raw in ('"\\u000e text"', "[1, 2]", "3", "null", "true"):
            answer = client.post(url, content=raw, headers={**head, **auth})
            assert answer.status_code == 422, (url, raw, answer.text)
            assert answer.json() == {"error": "the body must be a JSON object: an object is expected", "field": "",
                                     "findings": []}


def test_a_path_no_route_takes_is_answered_as_documented(client):
    for url in ("/api/rounds/-6583/seating", "/api/rounds/1/tables/1234567890123456789/report", "/api/nothing"):
        answer = client.get(url)
        assert answer.status_code == 404 and answer.headers["content-type"] == "application/json", url
        assert answer.json() == {"error": f"there is nothing at {url} (the routes are described at /openapi.json)"}
    page = client.get("/rounds/-6583")
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert page.text == "there is nothing at /rounds/-6583 (the routes are described at /openapi.json)"
    wrong = client.delete("/api/standings")
    assert wrong.status_code == 405 and wrong.json() == {
        "error": "DELETE is not what /api/standings takes (the routes are described at /openapi.json)"}
    # Every route with a number or a name in its path says so in the document.
    document = openapi(ROUTES)
    for path, ops in document["paths"].items():
        for op in ops.values():
            if "{" in path:
                media = next(iter(op["responses"]["404"]["content"]))
                assert media == ("application/json" if path.startswith("/api/") else "text/html"), path


def test_a_desk_forms_bad_idempotency_key_is_answered_as_a_page(ev, client):
    client.post("/desk/login", data={"token": ev.organiser})
    csrf = re.search(r'name="csrf" content="([^"]+)"', client.get("/desk").text).group(1)  # type: ignore[union-attr]
    answer = client.post("/desk/organiser/timer", data={"csrf": csrf, "minutes": "50", "idempotency_key": "ä"})
    assert answer.status_code == 422 and answer.headers["content-type"].startswith("text/html")
    assert answer.text.startswith("the Idempotency-Key must be 1 to 128 visible ASCII characters")
    api = client.post("/api/rounds/1/publish", headers={"Authorization": f"Bearer {ev.organiser}",
                                                        "Idempotency-Key": ""})
    assert api.status_code == 422 and api.json()["error"].startswith("the Idempotency-Key must be")
    # Every write documents that 422.
    for path, ops in openapi(ROUTES)["paths"].items():
        for op in ops.values():
            if any(p["name"] == "Idempotency-Key" for p in op["parameters"]):
                assert "422" in op["responses"], path


def test_the_event_stream_and_an_unpublished_report_are_as_documented(client):
    document = openapi(ROUTES)
    event = document["paths"]["/api/stream"]["get"]["responses"]["200"]["content"]["text/event-stream"]["schema"]
    assert event["required"] == ["data"] and event["properties"]["data"]["contentSchema"] == {
        "$ref": "#/components/schemas/Stamp"}
    stamp = json.loads(client.get("/api/stamp").text)
    assert set(document["components"]["schemas"]["Stamp"]["required"]) <= set(stamp)
    report = client.get("/api/rounds/2/tables/1/report")  # round 2 is not seated nor published
    assert report.status_code == 404 and report.json() == {"report": None,
                                                            "error": "round 2's seating is not published"}
    said = document["paths"]["/api/rounds/{n}/tables/{t}/report"]["get"]["responses"]["404"]
    assert said["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


def test_a_whole_number_sent_as_a_float_is_that_number(ev, client):
    rows = table_rows(ev.path, 1, 1)
    floated = [{**r, "military": 0.0, "total": float(r["total"])} for r in rows]  # type: ignore[arg-type]
    bearer = {"Authorization": f"Bearer {ev.desk_a}"}
    checked = client.post("/api/rounds/1/tables/1/check", json={"rows": floated}, headers=bearer)
    assert checked.status_code == 200 and checked.json()["ok"] is True, checked.text
    half = client.post("/api/rounds/1/tables/1/check", json={"rows": [{**rows[0], "civilian": 12.5}, *rows[1:]]},
                       headers=bearer)
    assert half.status_code == 422 and half.json()["field"] == "rows/0/civilian"
    saved = client.post("/api/rounds/1/tables/1/result", json={"rows": floated, "version": None}, headers=bearer)
    assert saved.status_code == 201 and saved.json()["version"] == 1
    bumped = table_rows(ev.path, 1, 1, bump=1)
    again = client.post("/api/rounds/1/tables/1/result", json={"rows": bumped, "version": 1.0, "reason": "typo"},
                        headers=bearer)
    assert again.status_code == 201 and again.json()["version"] == 2
    stored = client.get("/api/rounds/1/tables/1/result", headers=bearer).json()["stored"]
    assert stored["version"] == 2 and [r["total"] for r in stored["rows"]] == [r["total"] for r in bumped]


def test_a_sheet_of_empty_rows_is_refused_not_a_500(ev, client):
    """Found after the photo field joined the sheet's body: rows with no cell in them read as no
    table at all, which the store could not take (500)."""
    auth = {"Authorization": f"Bearer {ev.desk_a}"}
    for url in ("/api/rounds/1/tables/1/result", "/api/rounds/1/tables/1/check"):
        answer = client.post(url, json={"rows": [{}], "version": None}, headers=auth)
        assert answer.status_code == 422, answer.text
        assert answer.json() == {"error": "round 1, table 1: the sheet has no filled row: type the table's numbers",
                                 "findings": []}


def test_a_correction_of_a_table_never_stored_says_so(ev, client):
    """A version given for a table that never had a sheet is not 'removed since': nothing was there."""
    auth = {"Authorization": f"Bearer {ev.desk_a}"}
    answer = client.post("/api/rounds/1/tables/3/result", json={"rows": table_rows(ev.path, 1, 3), "version": 1},
                         headers=auth)
    assert answer.status_code == 409, answer.text
    assert answer.json() == {"error": "round 1, table 3: no sheet was ever stored, so there is no version 1 to replace: "
                                      "reload the page and save the entry as the table's first sheet", "stored": None}
