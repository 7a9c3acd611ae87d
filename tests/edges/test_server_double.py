"""Blind double entry on the live server (`tourney event --double-entry on`): the first entry
of a sheet is held, a second desk's equal entry stores it (exactly as `results import` would,
the history naming both desks), a different one stores nothing and goes to the organiser."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from conftest import HEADER, write_sheet
from live_event import LiveEvent, build_event, table_rows
from starlette.testclient import TestClient

from tourney.cli import cli
from tourney.core.store import Event, held_entries
from tourney.event.history import history as event_history


@pytest.fixture
def ev(tmp_path) -> LiveEvent:
    ev = build_event(tmp_path)
    out = CliRunner().invoke(cli, ["event", str(ev.path), "--double-entry", "on"]).output
    assert out == ("Bonn Spielt live: 7wonders, scheme bonn, 4 rounds, draw fingerprint a5f67fead1ebc324, date 2018-03-18, "
                   "language en, blind double entry\n")
    return ev


def post(client: TestClient, token: str, table: int, rows, version=None):
    return client.post(f"/api/rounds/1/tables/{table}/result", json={"rows": rows, "version": version},
                       headers={"Authorization": f"Bearer {token}"})


def history(ev: LiveEvent, n: int) -> list[tuple[str, str, str]]:
    """The last `n` entries of the event's history: who, the action, and what `results history` says."""
    return [(h.who, h.action, h.text) for h in event_history(Event.open(ev.path))[-n:]]


def test_the_first_entry_is_held_and_an_equal_second_stores_it(ev, client, tmp_path):
    rows = table_rows(ev.path, 1, 3)
    first = post(client, ev.desk_a, 3, table_rows(ev.path, 1, 3, bump=1))
    assert first.status_code == 202
    assert first.json() == {"round": 1, "table": 3, "held": True, "mismatch": False, "warnings": [],
                            "message": "round 1, table 3: entry held until a second desk's entry agrees"}
    assert post(client, ev.desk_a, 3, rows).status_code == 202  # desk A retyped: its own entry is replaced
    assert Event.open(ev.path).results() == []
    assert [h.desk for h in held_entries(Event.open(ev.path))] == ["A"]

    typed = [{k: f"0{v}" if k == "civilian" else v for k, v in r.items()} for r in rows]  # '011' reads as 11
    second = post(client, ev.desk_b, 3, typed)
    assert second.status_code == 201 and second.json() == {"round": 1, "table": 3, "version": 1, "warnings": []}
    assert held_entries(Event.open(ev.path)) == []
    assert history(ev, 1) == [("desk A + desk B", "results.import", "desk A + desk B entered round 1, table 3 from "
                                                                      "double entry by desk A and desk B")]

    (tmp_path / "twin").mkdir()
    twin = build_event(tmp_path / "twin")
    sheet = write_sheet(tmp_path / "t3.csv", [[1, 3] + [r.get(c, "") for c in HEADER[2:]] for r in rows])
    assert CliRunner().invoke(cli, ["results", "import", str(twin.path), str(sheet)]).exit_code == 0

    def stored(path):
        [t] = Event.open(path).results()
        return t.round, t.table, t.version, t.warnings, t.lines

    assert stored(ev.path) == stored(twin.path)


def test_a_mismatch_stores_nothing_and_the_organiser_sees_both_and_accepts_one(ev, client):
    rows, other = table_rows(ev.path, 1, 2), table_rows(ev.path, 1, 2, bump=2)
    assert post(client, ev.desk_a, 2, rows).status_code == 202
    clash = post(client, ev.desk_b, 2, other)
    assert clash.status_code == 409
    assert clash.json()["mismatch"] is True and "differs from another desk's: nothing stored" in clash.json()["error"]
    assert "stored" not in clash.json()  # blind: desk B does not see desk A's numbers
    assert Event.open(ev.path).results() == []

    client.post("/desk/login", data={"token": ev.organiser})
    assert "entries differ: A, B" in client.get("/desk").text
    page = client.get("/desk/rounds/1/tables/2").text
    cells = re.findall(r'<td class="differs">([^<]*)</td>', page)
    assert cells == [str(v) for r, o in zip(rows, other) for v in (r["civilian"], o["civilian"], r["total"],
                                                                    o["total"])]
    csrf = re.search(r'name="csrf" content="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    entry_b = re.search(r'name="entry" value="(\d+)"><button>Accept the entry of desk B', page).group(1)  # type: ignore[union-attr]
    done = client.post("/desk/organiser/accept", data={"csrf": csrf, "round": "1", "table": "2", "entry": entry_b})
    assert "round 1, table 2: stored version 1" in done.text
    [stored] = Event.open(ev.path).results()
    assert stored.author == "desk B" and [ln.data["total"] for ln in stored.lines] == [r["total"] for r in other]
    assert history(ev, 1) == [("desk B", "results.import",
                               "desk B entered round 1, table 2 from desk B, accepted by desk Org")]
    assert held_entries(Event.open(ev.path)) == []


def test_a_third_entry_settles_a_mismatch(ev, client):
    rows, other = table_rows(ev.path, 1, 1), table_rows(ev.path, 1, 1, bump=1)
    assert post(client, ev.desk_a, 1, rows).status_code == 202
    assert post(client, ev.desk_b, 1, other).status_code == 409
    client.post("/desk/login", data={"token": ev.organiser})
    csrf = re.search(r'name="csrf" content="([^"]+)"', client.get("/desk/rounds/1/tables/1").text).group(1)  # type: ignore[union-attr]
    client.post("/desk/organiser/third", data={"csrf": csrf, "round": "1", "table": "1"})
    assert "third entry wanted" in client.get("/desk").text
    third = post(client, ev.organiser, 1, rows)
    assert third.status_code == 201
    [stored] = Event.open(ev.path).results()
    assert stored.author == "desk A + desk Org"


def test_a_sheet_with_errors_is_refused_not_held(ev, client):
    bad = table_rows(ev.path, 1, 1)
    bad[0]["total"] = 99
    refused = post(client, ev.desk_a, 1, bad)
    assert refused.status_code == 422 and refused.json()["findings"][0]["rule"] == "sum"
    assert held_entries(Event.open(ev.path)) == []


def test_double_entry_off_stores_the_first_entry(ev, client):
    assert CliRunner().invoke(cli, ["event", str(ev.path), "--double-entry", "off"]).exit_code == 0
    assert post(client, ev.desk_a, 1, table_rows(ev.path, 1, 1)).status_code == 201
