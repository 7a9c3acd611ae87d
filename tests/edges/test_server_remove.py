"""Issue #46 item 1 on the organiser desk: a stored table's sheet removed with a reason, kept in
the history, brought back by entering it again."""
from __future__ import annotations

import re

import pytest
from live_event import LiveEvent, build_event, table_rows
from starlette.testclient import TestClient

from tourney.core.store import Event
from tourney.server.app import create_app


@pytest.fixture
def ev(tmp_path) -> LiveEvent:
    return build_event(tmp_path)


def login(client: TestClient, token: str) -> str:
    assert client.post("/desk/login", data={"token": token}).status_code == 200
    page = client.get("/desk/rounds/1/tables/1").text
    return re.search(r'name="csrf" content="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def save(client: TestClient, csrf: str, ev: LiveEvent, version: int | None):
    return client.post("/api/rounds/1/tables/2/result", headers={"X-CSRF-Token": csrf},
                       json={"rows": table_rows(ev.path, 1, 2), "version": version})


def test_the_organiser_removes_a_stored_sheet_and_a_desk_enters_it_anew(ev, client):
    csrf = login(client, ev.organiser)
    assert save(client, csrf, ev, None).status_code == 201
    page = client.get("/desk/rounds/1/tables/2").text
    assert 'action="/desk/organiser/remove"' in page and "Remove the stored sheet" in page
    done = client.post("/desk/organiser/remove", data={"csrf": csrf, "round": "1", "table": "2",
                                                       "reason": "sheet of table 3"})
    assert "removed round 1, table 2 (version 1 stays in the history" in done.text
    event = Event.open(ev.path)
    assert event.results() == [] and event.version_of(1, 2) is None
    assert (event.history()[-1].action, event.history()[-1].params) == (
        "results.remove", {"round": 1, "table": 2, "removed": 1, "reason": "sheet of table 3"})
    # No sheet stored now: the desk page offers no removal, and the table is entered as new.
    assert 'action="/desk/organiser/remove"' not in client.get("/desk/rounds/1/tables/2").text
    again = save(client, csrf, ev, None)
    assert again.status_code == 201 and again.json()["version"] == 3


def test_only_the_organiser_removes_and_a_reason_is_needed(ev, client):
    csrf = login(client, ev.desk_a)
    assert save(client, csrf, ev, None).status_code == 201
    assert 'action="/desk/organiser/remove"' not in client.get("/desk/rounds/1/tables/2").text
    refused = client.post("/desk/organiser/remove", data={"csrf": csrf, "round": "1", "table": "2", "reason": "x"},
                          follow_redirects=False)
    assert refused.status_code in (302, 303, 403)
    organiser = TestClient(create_app(str(ev.path)))
    csrf = login(organiser, ev.organiser)
    said = organiser.post("/desk/organiser/remove", data={"csrf": csrf, "round": "1", "table": "2", "reason": " "})
    assert "a reason is needed: say why the sheet of round 1, table 2 is removed" in said.text
    assert Event.open(ev.path).version_of(1, 2) == 1
