"""Issue #46 item 3: two desks typing one table's very numbers, or one desk sending its sheet
again after a dropped connection, is no conflict: the stored version stands, nothing is stored
twice. Other numbers than the stored ones still conflict."""
from __future__ import annotations

import pytest
from live_event import LiveEvent, build_event, table_rows
from starlette.testclient import TestClient

from tourney.cli import cli
from tourney.core.store import Event


@pytest.fixture
def ev(tmp_path) -> LiveEvent:
    return build_event(tmp_path)


def post(client: TestClient, token: str, rows, version=None):
    return client.post("/api/rounds/1/tables/2/result", json={"rows": rows, "version": version},
                       headers={"Authorization": f"Bearer {token}"})


def versions(ev: LiveEvent) -> list[int]:
    return [v["version"] for v in Event.open(ev.path).result_versions()]


def test_the_same_numbers_from_a_second_desk_or_sent_again_are_no_conflict(ev, client):
    rows = table_rows(ev.path, 1, 2)
    assert post(client, ev.desk_a, rows).json()["version"] == 1
    again = post(client, ev.desk_a, rows)  # the answer was lost on the hall's Wi-Fi: sent again, no key
    assert (again.status_code, again.json()["version"]) == (201, 1)
    other_desk = post(client, ev.desk_b, [{**r, "civilian": f"0{r['civilian']}"} for r in rows])  # '011' is 11
    assert (other_desk.status_code, other_desk.json()["version"]) == (201, 1)
    assert versions(ev) == [1]
    assert [h.action for h in Event.open(ev.path).history()].count("results.import") == 1
    # Other numbers than the stored version's: a conflict, as before.
    differs = post(client, ev.desk_b, table_rows(ev.path, 1, 2, bump=1))
    assert differs.status_code == 409 and differs.json()["stored"]["version"] == 1
    assert versions(ev) == [1]


def test_under_double_entry_the_numbers_stored_already_are_no_conflict_either(ev, client):
    from click.testing import CliRunner

    rows = table_rows(ev.path, 1, 2)
    assert CliRunner().invoke(cli, ["event", str(ev.path), "--double-entry", "on"]).exit_code == 0
    assert post(client, ev.desk_a, rows).status_code == 202
    assert post(client, ev.desk_b, rows).json()["version"] == 1
    late = post(client, ev.organiser, rows)  # a third desk, still on the page without a stored version
    assert (late.status_code, late.json()["version"]) == (201, 1)
    assert versions(ev) == [1]
