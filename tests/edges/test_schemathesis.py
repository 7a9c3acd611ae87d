"""Issue 48, item 3: an outside client of the contract. schemathesis reads `/openapi.json` of a
real `tourney serve` on 127.0.0.1 and sends what it describes to every route (with the real
callers' token, session and codes: tests/contract_client.py), then follows the document's links
(a report, then its confirmation; a sheet saved, then replaced with its version). No answer may
be a 5xx, and every one must be documented: its status, content type, headers and body. The
examples are few and derandomized (the same ones every run); benchmarks/bench_schemathesis.py
sends many more."""
from __future__ import annotations

import json
from pathlib import Path

import contract_client
import pytest
from contract_client import Hall, follow_links, open_hall, send_examples
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode

#: Examples per route, and the stateful run's scenarios and steps.
EXAMPLES, SCENARIOS, STEPS = 8, 12, 6
SETTINGS = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    hall = open_hall(tmp_path_factory.mktemp("schemathesis"))
    yield hall
    out = hall.server.stop()
    assert "Traceback" not in out, out


@pytest.fixture(scope="module")
def api(hall: Hall):
    return contract_client.load(hall)


@pytest.fixture
def linked(tmp_path):
    """A hall of its own for the stateful run (what the other tests stored does not matter)."""
    # Two tables a scenario; Hypothesis runs more scenarios than asked (examples it rejects
    # while drawing them do not count: 27 for 12 asked), so seat enough for five times as many.
    hall = open_hall(tmp_path, players=50 * SCENARIOS)
    yield hall, contract_client.load(hall)
    out = hall.server.stop()
    assert "Traceback" not in out, out


def _operations() -> list[tuple[str, str, GenerationMode]]:
    """Every route of the committed document (tests/edges/test_openapi.py: the served one), with
    valid requests, and invalid ones where it takes something (parameters, headers, a body)."""
    document = json.loads((Path(__file__).resolve().parents[2] / "docs" / "openapi.json").read_text("utf-8"))
    return [(method.upper(), path, mode) for path, ops in document["paths"].items() for method, op in ops.items()
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
            if mode is GenerationMode.POSITIVE or _can_be_sent_wrong(op)]


def _can_be_sent_wrong(operation: dict) -> bool:
    """Whether a request the document does not allow can reach the route at all. A path's name
    segment is any text but a slash or NUL, and neither travels inside one URL segment: a route
    taking nothing else has no invalid request to send."""
    return "requestBody" in operation or any(
        p["in"] != "path" or p["schema"].get("type") != "string" for p in operation["parameters"])


@pytest.mark.parametrize(("method", "path", "mode"), _operations(),
                         ids=[f"{m} {p} {'valid' if g is GenerationMode.POSITIVE else 'invalid'}"
                              for m, p, g in _operations()])
def test_every_route_answers_as_documented(method, path, mode, api, hall):
    """Bodies, parameters and headers as the document describes them (valid), and not (invalid)."""
    send_examples(hall, api[path][method], mode, SETTINGS)


def test_only_name_segments_have_no_invalid_request():
    """The routes left without invalid requests are the ones taking a name in the path alone."""
    document = json.loads((Path(__file__).resolve().parents[2] / "docs" / "openapi.json").read_text("utf-8"))
    left = [f"{m.upper()} {p}" for p, ops in document["paths"].items() for m, op in ops.items()
            if op["parameters"] and not _can_be_sent_wrong(op)]
    assert left == ["GET /players/{name}"]


def test_the_links_lead_on_as_documented(linked):
    hall, api = linked
    try:
        follow_links(hall, api, settings(SETTINGS, max_examples=SCENARIOS, stateful_step_count=STEPS))
    except Exception:
        if hall.failed:  # what failed first (a live server's scenario is not replayed the same)
            pytest.fail(hall.failed[0], pytrace=False)
        raise
    tried = hall.tried
    # The links were followed: reports confirmed (or waiting for the others). Whether a scenario
    # also leads to a sheet replaced along its link is not the same in every process (it went
    # there in `make test`, not when run alone): the next test follows that link itself.
    assert any(k.startswith("POST /api/rounds/{n}/tables/{t}/confirm -> 20") for k in tried), tried


def test_a_stored_sheet_is_replaced_along_its_documented_link(tmp_path):
    """The save's `replace` link as the served document gives it: the next save's body takes
    the stored version from the save's answer (`$response.body#/version`) and replaces the sheet."""
    import urllib.request

    from live_event import post_json

    hall = open_hall(tmp_path)
    try:
        with urllib.request.urlopen(hall.url + "/openapi.json", timeout=30) as answer:
            document = json.loads(answer.read())
        path = "/api/rounds/{n}/tables/{t}/result"
        link = document["paths"][path]["post"]["responses"]["201"]["links"]["replace"]
        assert link["parameters"] == {"n": "$request.path.n", "t": "$request.path.t"}
        table = sorted(hall.tables)[0]
        url = hall.url + path.replace("{n}", "1").replace("{t}", str(table))
        status, first = post_json(url, {"version": None, "rows": contract_client.sheet(hall, table)}, hall.organiser)
        assert status == 201 and isinstance(first, dict) and first["version"] == 1, first
        again = {"version": None, "rows": contract_client.sheet(hall, table)}
        assert post_json(url, again, hall.organiser)[0] == 409  # not as a first entry again
        for field, expression in link["requestBody"].items():
            assert expression.startswith("$response.body#/"), expression
            again[field] = first[expression.split("#/", 1)[1]]
        status, second = post_json(url, again, hall.organiser)
        assert status == 201 and isinstance(second, dict) and second["version"] == 2, second
    finally:
        out = hall.server.stop()
    assert "Traceback" not in out, out
