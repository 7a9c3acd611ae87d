"""Self-reporting confirmed by the table (issue 27, item 3): one player reports the table's sheet
with their code, every other player confirms it with theirs; stored exactly as `results import`
stores the same rows; a dispute or a rule error goes to the organiser, who accepts, edits or
discards it. Every route with wrong codes, wrong tables and repeats."""
from __future__ import annotations

import sqlite3

import json
import re

import pytest
from click.testing import CliRunner
from conftest import HEADER, duel_row, write_duel_sheet, write_sheet
from live_event import LiveEvent, build_event, table_rows
from starlette.testclient import TestClient

from tourney.cli import cli
from tourney.core.store import Event, change_stamp, sheet_reports
from tourney.event.history import history
from tourney.event.players import player_codes
from tourney.event.setup import update_event
from tourney.games.duel.sheetformat import COLUMNS as DUEL_COLUMNS
from tourney.games.registry import find_game
from tourney.server import app as server_app
from tourney.server import create_app


@pytest.fixture
def ev(reporting) -> LiveEvent:
    return reporting[0]


@pytest.fixture
def codes(reporting) -> dict[str, str]:
    return reporting[1]


def report(client, codes, table, rows, player=None, **extra):
    who = player or str(rows[0]["player"])
    return client.post(f"/api/rounds/1/tables/{table}/report",
                       json={"player": who, "code": codes[who], "rows": rows, **extra})


def confirm(client, codes, table, report_id, player, agree=True, code=None):
    return client.post(f"/api/rounds/1/tables/{table}/confirm",
                       json={"player": player, "code": code or codes[player], "report": report_id, "agree": agree})


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def stored(path) -> list[tuple[object, ...]]:
    return [(t.round, t.table, t.version, t.warnings, t.lines) for t in Event.open(path).results()]


def test_a_table_of_five_stores_what_results_import_stores(ev, codes, client, tmp_path):
    rows = table_rows(ev.path, 1, 1)
    players = [str(r["player"]) for r in rows]
    sent = report(client, codes, 1, rows)
    assert (sent.status_code, sent.json()) == (202, {"report": 1, "status": "waiting", "waiting_for": players[1:]})
    for i, player in enumerate(players[1:-1], 2):
        answer = confirm(client, codes, 1, 1, player)
        assert (answer.status_code, answer.json()["waiting_for"]) == (202, players[i:])
    assert Event.open(ev.path).results() == []  # nothing stored before the last player agreed
    last = confirm(client, codes, 1, 1, players[-1])
    assert (last.status_code, last.json()) == (201, {"report": 1, "status": "stored", "version": 1, "warnings": []})

    (tmp_path / "twin").mkdir()
    twin = build_event(tmp_path / "twin")
    sheet = write_sheet(tmp_path / "t1.csv", [[1, 1] + [r.get(c, "") for c in HEADER[2:]] for r in rows])
    result = CliRunner().invoke(cli, ["results", "import", str(twin.path), str(sheet)])
    assert result.exit_code == 0, result.output
    assert stored(ev.path) == stored(twin.path)

    [line] = [h.text for h in history(Event.open(ev.path)) if h.action == "results.import"]
    assert line == (f"{players[0]} reported round 1, table 1; confirmed by "
                    + ", ".join(repr(p) for p in players[1:]))
    assert Event.open(ev.path).results()[0].author == players[0]
    page = client.get("/rounds/1/tables/1").text
    assert "Stored result" in page and "Report this table" not in page and 'id="sheet"' not in page


def test_report_wrong_codes_tables_and_repeats(ev, codes, client):
    rows = table_rows(ev.path, 1, 2)
    first = str(rows[0]["player"])
    other_table = str(table_rows(ev.path, 1, 3)[0]["player"])
    wrong = client.post("/api/rounds/1/tables/2/report", json={"player": first, "code": codes[other_table],
                                                              "rows": rows})
    assert wrong.status_code == 403 and "name and code don't match" in wrong.json()["error"]
    with sqlite3.connect(ev.path) as db:  # counted like a wrong desk token
        assert db.execute("SELECT client, tries FROM wrong_tries").fetchall() == [("testclient", 1)]
    elsewhere = report(client, codes, 2, rows, player=other_table)
    assert elsewhere.status_code == 403 and f"{other_table} does not play at round 1, table 2" in \
        elsewhere.json()["error"]
    assert report(client, codes, 99, rows).status_code == 404
    assert client.post("/api/rounds/2/tables/1/report", json={"player": first, "code": codes[first],
                                                              "rows": rows}).status_code == 409  # not published
    assert client.post("/api/rounds/1/tables/2/report", json={"player": first, "rows": rows}).status_code == 422
    assert client.post("/api/rounds/1/tables/2/report", content="{").status_code == 422
    assert sheet_reports(Event.open(ev.path)) == []

    sent = report(client, codes, 2, rows)
    assert sent.status_code == 202
    before = change_stamp(Event.open(ev.path))
    again = report(client, codes, 2, rows)  # a resend over the hall's Wi-Fi
    assert (again.status_code, again.json()) == (202, sent.json())
    assert change_stamp(Event.open(ev.path)) == before and len(sheet_reports(Event.open(ev.path))) == 1
    # The same sheet from another player of the table is their agreement.
    second = report(client, codes, 2, rows, player=str(rows[1]["player"]))
    assert second.json()["report"] == sent.json()["report"] and len(second.json()["waiting_for"]) == 3
    # Other numbers replace the waiting report: everyone answers again.
    corrected = [dict(r) for r in rows]
    corrected[0]["coins"] = 4
    newer = report(client, codes, 2, corrected)
    assert newer.status_code == 202 and newer.json()["report"] != sent.json()["report"]
    assert len(newer.json()["waiting_for"]) == 4
    old = confirm(client, codes, 2, sent.json()["report"], str(rows[2]["player"]))
    assert old.status_code == 409 and "replaced by a newer report" in old.json()["error"]


def test_confirm_wrong_codes_tables_and_repeats(ev, codes, client):
    rows = table_rows(ev.path, 1, 1)
    players = [str(r["player"]) for r in rows]
    rid = report(client, codes, 1, rows).json()["report"]
    other = table_rows(ev.path, 1, 2)
    other_rid = report(client, codes, 2, other).json()["report"]

    assert confirm(client, codes, 1, rid, players[1], code="AAAAAA").status_code == 403
    assert confirm(client, codes, 1, rid, players[1], code=codes[players[2]]).status_code == 403
    elsewhere = confirm(client, codes, 1, rid, str(other[1]["player"]))
    assert elsewhere.status_code == 403 and "does not play at round 1, table 1" in elsewhere.json()["error"]
    assert confirm(client, codes, 1, other_rid, players[1]).status_code == 404  # another table's report
    assert confirm(client, codes, 1, 999, players[1]).status_code == 404
    assert confirm(client, codes, 99, rid, players[1]).status_code == 404
    bad = client.post("/api/rounds/1/tables/1/confirm", json={"player": players[1], "code": codes[players[1]],
                                                             "report": rid, "agree": "yes"})
    assert bad.status_code == 422

    assert confirm(client, codes, 1, rid, players[1]).status_code == 202
    before = change_stamp(Event.open(ev.path))
    again = confirm(client, codes, 1, rid, players[1])
    assert (again.status_code, again.json()["waiting_for"]) == (202, players[2:])
    assert change_stamp(Event.open(ev.path)) == before  # the same confirmation twice changes nothing
    for p in players[2:]:
        done = confirm(client, codes, 1, rid, p)
    assert done.status_code == 201
    repeat = confirm(client, codes, 1, rid, players[-1])
    assert (repeat.status_code, repeat.json()["version"]) == (201, 1)
    assert [t.version for t in Event.open(ev.path).results()] == [1]
    late = report(client, codes, 1, rows)
    assert (late.status_code, late.json()) == (409, {"stored": 1, "error": "round 1, table 1 is stored already: a "
                                                                          "correction is made at the organiser's desk"})


def test_a_dispute_goes_to_the_organiser_who_edits_and_accepts(ev, codes, client):
    rows = table_rows(ev.path, 1, 3)
    players = [str(r["player"]) for r in rows]
    rid = report(client, codes, 3, rows).json()["report"]
    assert confirm(client, codes, 3, rid, players[1]).status_code == 202
    disputed = confirm(client, codes, 3, rid, players[2], agree=False)
    assert disputed.status_code == 409 and disputed.json()["disputed"] is True
    assert confirm(client, codes, 3, rid, players[2], agree=False).json()["disputed"] is True  # again: the same
    assert confirm(client, codes, 3, rid, players[3]).status_code == 409  # with the organiser now
    anew = report(client, codes, 3, [dict(r, coins=4) for r in rows], player=players[4])
    assert anew.status_code == 409 and "with the organiser" in anew.json()["error"]
    assert Event.open(ev.path).results() == []
    shown = client.get("/api/rounds/1/tables/3/report").json()
    assert (shown["status"], shown["confirmed"], shown["disputed"]) == ("disputed", [players[1]], [players[2]])
    assert shown["waiting_for"] == [players[3], players[4]]  # the disputer is not also waited for

    client.post("/desk/login", data={"token": ev.organiser})
    home = client.get("/desk").text
    assert "Reports for the organiser" in home and f"disputed by {players[2]}" in home
    page = client.get("/desk/rounds/1/tables/3").text
    assert 'id="report"' in page and "Accept as reported" in page and players[2] in page
    assert client.post(f"/api/rounds/1/tables/3/reports/{rid}/accept").status_code == 401
    assert client.post(f"/api/rounds/1/tables/3/reports/{rid}/accept", headers=bearer(ev.desk_a)).status_code == 403
    assert client.post(f"/api/rounds/1/tables/2/reports/{rid}/accept",
                       headers=bearer(ev.organiser)).status_code == 404  # the report of another table
    edited = [dict(r) for r in rows]
    edited[2].update(civilian=int(rows[2]["civilian"]) + 1, total=int(rows[2]["total"]) + 1)  # type: ignore[call-overload]
    accepted = client.post(f"/api/rounds/1/tables/3/reports/{rid}/accept", json={"rows": edited},
                           headers=bearer(ev.organiser))
    assert accepted.status_code == 201 and accepted.json()["version"] == 1
    [table] = Event.open(ev.path).results()
    assert table.author == "desk Org"
    again = client.post(f"/api/rounds/1/tables/3/reports/{rid}/accept", headers=bearer(ev.organiser))
    assert again.status_code == 409 and Event.open(ev.path).results()[0].version == 1
    [line] = [h.text for h in history(Event.open(ev.path)) if h.action == "results.import"]
    assert line == (f"desk Org stored round 1, table 3 as {players[0]!r} reported it, edited; confirmed by "
                    f"{players[1]!r}; disputed by {players[2]!r}")
    dispute = [h.text for h in history(Event.open(ev.path)) if h.action == "report.dispute"]
    assert dispute == [f"{players[2]!r} disputed report {rid} of round 1, table 3: the organiser decides"]


def test_a_sheet_with_a_rule_error_is_refused_or_sent_to_the_organiser(ev, codes, client):
    rows = table_rows(ev.path, 1, 4)
    bad = [dict(r) for r in rows]
    bad[1]["total"] = int(rows[1]["total"]) + 1  # type: ignore[call-overload]
    refused = report(client, codes, 4, bad)
    assert refused.status_code == 422
    assert any("totals don't add up" in f["message"] for f in refused.json()["findings"])
    assert sheet_reports(Event.open(ev.path)) == [] and client.get("/api/rounds/1/tables/4/report").json() == {
        "report": None}  # nothing held: the player corrects it
    held = report(client, codes, 4, bad, to_organiser=True)
    assert held.status_code == 202 and held.json()["organiser"] is True and held.json()["waiting_for"] == []
    assert report(client, codes, 4, bad, to_organiser=True).json()["report"] == held.json()["report"]  # repeat
    assert confirm(client, codes, 4, held.json()["report"], str(rows[1]["player"])).json()["organiser"] is True
    assert Event.open(ev.path).results() == []
    client.post("/desk/login", data={"token": ev.organiser})
    assert "rule errors" in client.get("/desk").text
    # As reported it can't be stored; the organiser discards it and the table reports again.
    rid = held.json()["report"]
    as_is = client.post(f"/api/rounds/1/tables/4/reports/{rid}/accept", headers=bearer(ev.organiser))
    assert as_is.status_code == 422 and Event.open(ev.path).results() == []
    gone = client.post(f"/api/rounds/1/tables/4/reports/{rid}/discard", headers=bearer(ev.organiser))
    assert (gone.status_code, gone.json()["changed"]) == (200, True)
    assert client.post(f"/api/rounds/1/tables/4/reports/{rid}/discard",
                       headers=bearer(ev.organiser)).json()["changed"] is False
    assert client.post(f"/api/rounds/1/tables/4/reports/{rid}/discard",
                       headers=bearer(ev.desk_a)).status_code == 403
    assert report(client, codes, 4, rows).status_code == 202
    assert [h.text for h in history(Event.open(ev.path)) if h.action == "report.discard"] == [
        f"desk Org discarded report {rid} of round 1, table 4"]


def test_the_players_check_as_they_type(ev, client):
    rows = table_rows(ev.path, 1, 5)
    ok = client.post("/api/rounds/1/tables/5/report/check", json={"rows": rows})
    assert ok.json() == {"ok": True, "findings": []}
    bad = [dict(r, total=1) for r in rows]
    found = client.post("/api/rounds/1/tables/5/report/check", json={"rows": bad}).json()
    assert found["ok"] is False and found["findings"][0]["line"] == 1
    assert client.post("/api/rounds/1/tables/99/report/check", json={"rows": rows}).status_code == 404
    assert client.post("/api/rounds/1/tables/5/report/check", json={"rows": 3}).status_code == 422
    assert client.get("/api/rounds/2/tables/1/report").status_code == 404  # round 2 is not published
    assert client.get("/rounds/2/tables/1").status_code == 404
    assert sheet_reports(Event.open(ev.path)) == []


def test_a_stored_table_is_corrected_only_at_a_desk(ev, codes, client):
    rows = table_rows(ev.path, 1, 1)
    rid = report(client, codes, 1, rows).json()["report"]
    desk = client.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": None},
                       headers=bearer(ev.desk_a))
    assert desk.status_code == 201
    late = confirm(client, codes, 1, rid, str(rows[1]["player"]))
    assert late.status_code == 409 and late.json()["stored"] == 1
    assert client.get("/api/rounds/1/tables/1/report").json() == {"report": None}  # moot once stored
    assert report(client, codes, 1, rows).status_code == 409
    assert client.post("/api/rounds/1/tables/1/report/check", json={"rows": rows}).status_code == 409


def test_self_reporting_off_is_refused_with_a_clear_message(ev, codes, client):
    update_event(Event.open(ev.path), self_report=False, game=find_game("7wonders"))
    rows = table_rows(ev.path, 1, 1)
    off = report(client, codes, 1, rows)
    assert off.status_code == 409 and off.json()["error"] == (
        "players don't report their tables in this event: hand the sheet to the organiser's desk")
    page = client.get("/rounds/1/tables/1")
    assert page.status_code == 200 and "Report this table" not in page.text
    assert "Report this table" not in client.get("/rounds/1").text


def test_the_table_page_offers_the_report_and_the_confirmations(ev, codes, client):
    rows = table_rows(ev.path, 1, 2)
    players = [str(r["player"]) for r in rows]
    assert client.get("/rounds/1/tables/99").status_code == 404
    seating = client.get("/rounds/1").text
    assert 'id="table-2"' in seating and 'href="/rounds/1/tables/2"' in seating
    assert "Report this table&#39;s result" in seating
    page = client.get("/rounds/1/tables/2").text
    assert "Report this table&#39;s result" in page and 'id="sheet"' in page
    assert re.findall(r'<option>([^<]+)</option>', page) == players
    report(client, codes, 2, rows)
    confirm(client, codes, 2, 1, players[1])
    page = client.get("/rounds/1/tables/2").text
    assert f"Reported by {players[0]}" in page
    forms = re.findall(r'<form class="confirm" data-player="([^"]+)"', page)
    assert forms == players[2:]  # a code field and the buttons for each player who has not agreed
    assert "Confirm the reported result" in client.get("/rounds/1").text


def test_duel_the_opponent_confirms(tmp_path, monkeypatch):
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    path = str(tmp_path / "d.db")
    runner = CliRunner()
    for args in (["new", path, "--game", "duel", "--seed", "5"], ["players", "add", path, "Anna", "Ben", "Cleo",
                                                                  "Dirk"],
                 ["seat", path, "--publish"], ["event", path, "--self-report", "on"]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith(", players report their tables")
    codes = {c["player"]: c["code"] for c in json.loads(runner.invoke(cli, ["players", "codes", path, "--format",
                                                                            "json"]).output)}
    first, second = [s.player for s in sorted(Event.open(path).seats(1, tables={1}), key=lambda s: s.seat)]
    lines = [duel_row(1, 1, first, 1), duel_row(1, 1, second, 0, blue=4)]
    rows = [dict(zip(DUEL_COLUMNS, line)) for line in lines]
    client = TestClient(create_app(path))
    sent = client.post("/api/rounds/1/tables/1/report", json={"player": second, "code": codes[second],
                                                              "rows": rows})
    assert (sent.status_code, sent.json()["waiting_for"]) == (202, [first])
    page = client.get("/rounds/1/tables/1").text  # the reported numbers by player: Duel's sheet has no seats
    assert re.findall(r'data-key="blue" data-seat="\d">(\d+)<', page) == ["10", "4"]
    done = client.post("/api/rounds/1/tables/1/confirm", json={"player": first, "code": codes[first],
                                                               "report": sent.json()["report"], "agree": True})
    assert done.status_code == 201

    twin = str(tmp_path / "twin.db")
    for args in (["new", twin, "--game", "duel", "--seed", "5"], ["players", "add", twin, "Anna", "Ben", "Cleo",
                                                                  "Dirk"], ["seat", twin],
                 ["results", "import", twin, write_duel_sheet(tmp_path / "r1.csv", lines)]):
        assert runner.invoke(cli, args).exit_code == 0
    assert stored(path) == stored(twin)


def test_any_server_process_answers_any_request(backend, monkeypatch):
    """Reports live in the store: two apps on one event (two workers) take turns."""
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    runner = CliRunner()
    names = ["Anna", "Ben", "Cleo", "Dirk", "Eva"]
    for args in (["new", backend, "--game", "7wonders", "--seed", "3"], ["players", "add", backend, *names],
                 ["seat", backend, "--publish"], ["event", backend, "--self-report", "on"]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 0, result.output
    codes = dict(player_codes(Event.open(backend)))
    seats = sorted(Event.open(backend).seats(1), key=lambda s: s.seat)
    rows = [{"seat": s.seat, "player": s.player, "military": 0, "treasury": 1, "wonders": 3, "civilian": 10 + s.seat,
             "commercial": 0, "guilds": 0, "science": 0, "total": 14 + s.seat, "coins": 3} for s in seats]
    workers = [TestClient(create_app(backend)), TestClient(create_app(backend))]
    players = [s.player for s in seats]
    rid = workers[0].post("/api/rounds/1/tables/1/report", json={"player": players[0], "code": codes[players[0]],
                                                                 "rows": rows}).json()["report"]
    for i, p in enumerate(players[1:]):
        answer = confirm(workers[(i + 1) % 2], codes, 1, rid, p)
    assert answer.status_code == 201
    assert [t.version for t in Event.open(backend).results()] == [1]
    assert workers[0].get("/api/rounds/1/tables/1/report").json() == {"report": None}
