"""Issue 48, items 1-2: the live server's routes are declared in routers, each with its guard,
and `/openapi.json` (OpenAPI 3.1) is made from those declarations: it describes every route the
app serves, matches the committed docs/openapi.json, and says what a client must know (the auth
schemes, the Idempotency-Key, every status with its body, Retry-After)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from live_event import build_event
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from tourney.server import create_app
from tourney.server.declare import Guard
from tourney.server.routes import ROUTES
from tourney.server.several import Served, create_server

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "docs" / "openapi.json"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return create_app(str(build_event(tmp_path_factory.mktemp("openapi")).path))


@pytest.fixture(scope="module")
def document(app):
    answer = TestClient(app).get("/openapi.json")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    return answer.json()


def test_the_served_document_is_the_committed_copy(document):
    assert document == json.loads(COMMITTED.read_text(encoding="utf-8")), (
        "docs/openapi.json is not what the server serves: run "
        "'.venv/bin/python -m tourney.server.routes > docs/openapi.json' and commit it")


def _documented_path(route_path: str) -> str:
    for kind in (":num", ":text"):
        route_path = route_path.replace(kind, "")
    return route_path


def test_every_route_the_app_serves_is_described(app, document):
    served = {(method, _documented_path(r.path)) for r in app.routes if isinstance(r, Route)
              for method in (r.methods or ()) if method != "HEAD"}
    described = {(method.upper(), path) for path, ops in document["paths"].items() for method in ops}
    assert served == described
    assert [r.path for r in app.routes if isinstance(r, Mount)] == ["/static"]  # files, not an API
    assert len(described) == len(ROUTES) == 37


def test_each_route_says_who_may_call_it_and_what_it_answers(document):
    schemes = document["components"]["securitySchemes"]
    assert schemes["bearer"] == {"type": "http", "scheme": "bearer", "description": "a desk's token ('tourney desk add')"}
    assert schemes["deskSession"]["in"] == "cookie" and schemes["csrf"]["name"] == "X-CSRF-Token"
    save = document["paths"]["/api/rounds/{n}/tables/{t}/result"]["post"]
    assert save["security"] == [{"bearer": []}, {"deskSession": [], "csrf": []}]
    assert sorted(save["responses"]) == ["201", "202", "401", "404", "409", "422", "429", "503", "507"]
    assert save["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Sheet"}
    key = next(p for p in save["parameters"] if p["name"] == "Idempotency-Key")
    assert key["in"] == "header" and key["schema"]["maxLength"] == 128
    for status in ("429", "503", "507"):
        assert "Retry-After" in save["responses"][status]["headers"], status
    assert [p["schema"]["maximum"] for p in save["parameters"] if p["in"] == "path"] == [10**18 - 1] * 2
    # The body's schema is the validator's: whole numbers within 64 bits, text without NUL.
    sheet = document["components"]["schemas"]["Sheet"]
    version = sheet["properties"]["version"]["anyOf"][0]
    assert version == {"maximum": 2**63 - 1, "minimum": -(2**63), "type": "integer"}
    assert sheet["required"] == ["rows", "version"]
    refusal = document["components"]["schemas"]["Refusal"]
    assert {"error", "field", "findings"} <= set(refusal["properties"])
    check_in = document["paths"]["/api/check-in"]["post"]
    assert "security" not in check_in and "a player, by the name and code in the body" in check_in["description"]
    assert sorted(check_in["responses"]) == ["200", "403", "409", "422", "429", "503", "507"]


def test_the_photo_route_says_every_status_it_answers_and_takes_a_desk_or_a_player(document):
    photo = document["paths"]["/api/rounds/{n}/tables/{t}/photo"]["post"]
    assert photo["security"] == [{"bearer": []}, {"deskSession": [], "csrf": []}, {}]
    assert sorted(photo["responses"]) == ["200", "201", "202", "401", "403", "404", "409", "413", "422", "429", "503",
                                          "507"]
    assert photo["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/PhotoReading"}
    body = document["components"]["schemas"]["Photo"]
    assert body["required"] == ["photo"] and body["properties"]["photo"]["maxLength"] == 16777216


def test_every_reference_resolves_and_every_write_takes_a_key(document):
    text = json.dumps(document)
    for name in {part.split('"')[0] for part in text.split('"$ref": "#/components/schemas/')[1:]}:
        assert name in document["components"]["schemas"], name
    for op in ROUTES:
        described = document["paths"][op.path][op.method.lower()]
        keyed = any(p["name"] == "Idempotency-Key" for p in described["parameters"])
        assert keyed == op.writes, op.path
        assert op.guard is not Guard.PLAYER or op.writes, op.path  # a player's code only ever goes with a write


def test_beside_other_events_each_event_serves_its_own_document(tmp_path):
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    a, b = build_event(tmp_path / "a"), build_event(tmp_path / "b")
    client = TestClient(create_server([Served("one", str(a.path)), Served("two", str(b.path))]))
    one, two = client.get("/e/one/openapi.json"), client.get("/e/two/openapi.json")
    assert one.status_code == two.status_code == 200
    assert one.json()["servers"] == [{"url": "/e/one"}] and two.json()["servers"] == [{"url": "/e/two"}]
    assert one.json()["paths"] == json.loads(COMMITTED.read_text(encoding="utf-8"))["paths"]


def test_the_links_say_what_a_client_may_do_next(document):
    """A report waiting for the others: they confirm it by its id; a sheet stored or in conflict:
    replaced with its version (issue 48, item 3: schemathesis follows them)."""
    ids = {op["operationId"]: (path, method) for path, ops in document["paths"].items() for method, op in ops.items()}
    links = {(path, method, status, name): link for path, ops in document["paths"].items()
             for method, op in ops.items() for status, answer in op["responses"].items()
             for name, link in answer.get("links", {}).items()}
    for (path, _method, _status, _name), link in links.items():
        target_path, _target_method = ids[link["operationId"]]
        taken = {p["name"] for p in document["paths"][target_path][_target_method]["parameters"] if p["in"] == "path"}
        assert set(link.get("parameters", {})) == taken, (path, link)
    T = "/api/rounds/{n}/tables/{t}"
    confirm = links[(T + "/report", "post", "202", "confirm")]
    assert confirm == {"operationId": "post_api_rounds_n_tables_t_confirm",
                       "parameters": {"n": "$request.path.n", "t": "$request.path.t"},
                       "requestBody": {"report": "$response.body#/report", "agree": True},
                       "description": "another player of the table confirms the report (with their name and code)"}
    assert links[(T + "/result", "post", "201", "replace")]["requestBody"] == {"version": "$response.body#/version"}
    assert links[(T + "/result", "post", "409", "replace")]["requestBody"] == {
        "version": "$response.body#/stored/version"}
    assert {name for (path, _m, status, name) in links if path == T + "/report" and status == "409"} == {
        "accept", "discard"}
