"""Check-in before round 1 and a player's own drop (issue 27, items 4 and 5): at the desk and
on the phone with the player's code; round 1 seats only who checked in."""
from __future__ import annotations

import json

from starlette.testclient import TestClient

from conftest import seed_line

from tourney.core.store import Event
from tourney.server.app import create_app

NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Fritz", "Greta", "Helmut"]


def event(run) -> dict[str, str]:
    run("new", "ci.db", "--game", "7wonders", "--seed", "4", "--name", "Cup")
    run("players", "add", "ci.db", *NAMES)
    run("event", "ci.db", "--check-in", "on")
    return {c["player"]: c["code"] for c in json.loads(run("players", "codes", "ci.db", "--format", "json").output)}


def test_round_one_seats_only_who_checked_in(run, monkeypatch):
    codes = event(run)
    assert run("players", "checkin", "ci.db", "anna", "BEN", "Cleo").output == "checked in: Anna, Ben, Cleo\n"
    assert run("players", "checkin", "ci.db", "Anna").output == "checked in before: Anna\n"
    client = TestClient(create_app("ci.db"))
    here = client.post("/api/check-in", json={"player": "dirk", "code": codes["Dirk"].lower()})
    assert (here.status_code, here.json()) == (200, {"player": "Dirk", "checked_in": True, "changed": True})
    assert client.post("/api/check-in", json={"player": "Dirk", "code": codes["Dirk"]}).json()["changed"] is False
    wrong = client.post("/api/check-in", json={"player": "Eva", "code": codes["Fritz"]})
    assert wrong.status_code == 403 and "name and code don't match" in wrong.json()["error"]
    assert client.post("/api/check-in", json={"player": "Eva"}).status_code == 422
    assert client.post("/api/check-in", json={"player": "Eva", "code": codes["Eva"]}).status_code == 200
    listed = run("players", "list", "ci.db").output.splitlines()
    assert listed[0].split() == ["Player", "First", "round", "Dropped", "after", "Checked", "in"]
    assert run("seat", "ci.db").output == ("round 1: 5 players at 1 table (5)\n"
                                           "not checked in (not seated; they play again once checked in): Fritz, "
                                           "Greta, Helmut\n" + seed_line(4))
    assert {s.player for s in Event.open("ci.db").seats(1)} == {"Anna", "Ben", "Cleo", "Dirk", "Eva"}
    # A late arrival: checked in, round 1 seated again with them.
    run("players", "checkin", "ci.db", "Fritz")
    assert run("seat", "ci.db", "--round", "1").output == "round 1: 6 players at 2 tables (3+3)\n" + seed_line(4)
    history = run("results", "history", "ci.db").output
    assert "  'Dirk' checked in with their code\n" in history and " checked 'Anna' in\n" in history


def test_check_in_is_refused_when_the_event_takes_none(run):
    run("new", "x.db", "--game", "7wonders", "--seed", "4")
    run("players", "add", "x.db", "Anna")
    r = run("players", "checkin", "x.db", "Anna", ok=None)
    assert (r.exit_code, r.output) == (1, "Error: this event takes no check-in: switch it on with 'tourney event "
                                          "x.db --check-in on'\n")
    code = run("players", "codes", "x.db", "--format", "csv").output.splitlines()[1].split(",")[1]
    answer = TestClient(create_app("x.db")).post("/api/check-in", json={"player": "Anna", "code": code})
    assert answer.status_code == 409


def test_a_player_drops_out_on_their_phone(run, monkeypatch):
    codes = event(run)
    client = TestClient(create_app("ci.db"))
    unconfirmed = client.post("/api/drop", json={"player": "Greta", "code": codes["Greta"], "confirm": "yes"})
    assert unconfirmed.status_code == 422
    done = client.post("/api/drop", json={"player": "Greta", "code": codes["Greta"], "confirm": "drop"})
    assert (done.status_code, done.json()) == (200, {"player": "Greta", "dropped_after": 0, "table": None})
    again = client.post("/api/drop", json={"player": "Greta", "code": codes["Greta"], "confirm": "drop"})
    assert again.status_code == 422 and "already dropped" in again.json()["error"]
    assert client.post("/api/drop", json={"player": "Greta", "code": "AAAAAA", "confirm": "drop"}).status_code == 403
    history = run("results", "history", "ci.db").output
    assert " dropped 'Greta' after round 0\n" in history and " handed out personal codes: 8\n" in history
