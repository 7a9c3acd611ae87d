"""Issue #46, item 6: a player who drops while seated in a published round whose table has no
sheet yet leaves after that round; their table's sheet is not refused on any path (`results
import`, `check`, a desk, the table's own report), and every way of dropping (`players drop`,
the organiser desk, POST /api/drop, the drop page: test_drop_browser.py) says so."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, write_sheet
from live_event import LiveEvent, self_reporting, table_rows
from starlette.testclient import TestClient
from test_desk_players import act, logged_in

from tourney.cli import cli
from tourney.core.store import Event
from tourney.event.players import drop_player
from tourney.server import app as server_app
from tourney.server import create_app

SAID = ("dropped {name!r} after round 1: they are seated at table 1 of round 1, already published, so that table's "
        "sheet counts with them")


@pytest.fixture
def reporting(tmp_path, monkeypatch) -> tuple[LiveEvent, dict[str, str], list[str]]:
    """Round 1 seated and published, players report their tables, nothing played: the event,
    the codes and table 1's players by seat."""
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    monkeypatch.setattr(server_app, "SETTLE", 0.0)
    ev, codes = self_reporting(tmp_path)
    return ev, codes, [str(r["player"]) for r in table_rows(ev.path, 1, 1)]


def tourney(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def table_one(ev: LiveEvent, folder: Path) -> Path:
    rows = table_rows(ev.path, 1, 1)
    return write_sheet(folder / "t1.csv", [[1, 1] + [r.get(c, "") for c in HEADER[2:]] for r in rows])


def dropped_after(ev: LiveEvent, name: str) -> int | None:
    return Event.open(ev.path).players_named([name])[0].dropped_after


def test_players_drop_while_seated_in_the_published_round_leaves_after_it(reporting, tmp_path):
    ev, _codes, players = reporting
    leaver = players[2]
    assert tourney("players", "drop", str(ev.path), leaver) == (0, SAID.format(name=leaver) + "\n")
    assert dropped_after(ev, leaver) == 1
    sheet = str(table_one(ev, tmp_path))
    code, out = tourney("check", sheet, "--event", str(ev.path))
    assert code == 0 and "[player.dropped]" not in out, out
    assert tourney("results", "import", str(ev.path), sheet) == (0, "stored round 1, table 1\n1 table stored\n")
    history = tourney("results", "history", str(ev.path))[1]
    assert (f" dropped {leaver!r} after round 1: seated at table 1 of round 1, whose sheet counts with them\n"
            in history)
    code, out = tourney("players", "list", str(ev.path), "--format", "json")
    assert {p["player"]: p["dropped_after"] for p in json.loads(out)}[leaver] == 1


def test_in_german_and_french_the_organiser_reads_which_round_counts(reporting):
    ev, _codes, players = reporting
    tourney("event", str(ev.path), "--lang", "de")
    assert tourney("players", "drop", str(ev.path), players[0]) == (0, (
        f"{players[0]!r} scheidet nach Runde 1 aus: {players[0]!r} sitzt in der schon veröffentlichten Runde 1 an "
        f"Tisch 1, dessen Spielbericht mit {players[0]!r} zählt\n"))
    tourney("event", str(ev.path), "--lang", "fr")
    assert tourney("players", "drop", str(ev.path), players[1]) == (0, (
        f"{players[1]!r} abandonne après la ronde 1 : placé(e) à la table 1 de la ronde 1, déjà publiée, la "
        f"feuille de cette table compte donc avec {players[1]!r}\n"))


def test_a_desk_stores_the_table_of_a_player_who_dropped_on_the_organiser_desk(reporting):
    ev, _codes, players = reporting
    client, csrf = logged_in(ev, "en")
    assert act(client, csrf, "drop", player=players[1]) == SAID.format(name=players[1])
    saved = client.post("/api/rounds/1/tables/1/result", json={"rows": table_rows(ev.path, 1, 1), "version": None},
                        headers={"Authorization": f"Bearer {ev.desk_a}"})
    assert saved.status_code == 201, saved.json()
    assert [t.table for t in Event.open(ev.path).results()] == [1]


def test_the_table_reports_itself_after_a_drop_from_the_phone(reporting):
    ev, codes, players = reporting
    client = TestClient(create_app(str(ev.path)))
    leaver = players[-1]
    done = client.post("/api/drop", json={"player": leaver, "code": codes[leaver], "confirm": "drop"})
    assert (done.status_code, done.json()) == (200, {"player": leaver, "dropped_after": 1, "table": 1})
    sent = client.post("/api/rounds/1/tables/1/report",
                       json={"player": players[0], "code": codes[players[0]], "rows": table_rows(ev.path, 1, 1)})
    assert sent.status_code == 202, sent.json()
    for p in players[1:]:
        answer = client.post("/api/rounds/1/tables/1/confirm",
                             json={"player": p, "code": codes[p], "report": sent.json()["report"], "agree": True})
    assert (answer.status_code, answer.json()["status"]) == (201, "stored"), answer.json()


def test_only_a_published_round_keeps_a_leaver_seated(reporting, tmp_path):
    """A round seated and printed but not published is the organiser's to seat again without
    the leaver (`seat --reprint`); once published, the leaver plays it."""
    ev, _codes, players = reporting
    from tourney.event import live

    live.publish_round(Event.open(ev.path), 1, "test", publish=False)
    assert tourney("sheets", str(ev.path), "--round", "1", "-o", str(tmp_path / "r1.xlsx"))[0] == 0  # printed
    first = drop_player(Event.open(ev.path), players[0])
    assert (first.after, first.table, first.said()) == (0, None, f"dropped {players[0]!r} before round 1")
    assert tourney("seat", str(ev.path), "--round", "1", "--reprint")[0] == 0  # without them
    live.publish_round(Event.open(ev.path), 1, "test")
    seat = next(s for s in Event.open(ev.path).seats(1) if s.player == players[1])
    second = drop_player(Event.open(ev.path), players[1])
    assert (second.after, second.table) == (1, seat.table)


def test_a_drop_an_older_tourney_stored_before_the_round_they_sat_at_is_moved_by_dropping_again(reporting, tmp_path):
    """An older tourney stored a drop while seated in the published round as a drop after the
    round before, so their table's sheet was refused: dropping them again moves the drop."""
    ev, _codes, players = reporting
    leaver = players[2]
    with sqlite3.connect(ev.path) as con:  # the event file as that tourney left it
        con.execute("UPDATE players SET dropped_after = 0 WHERE name = ?", (leaver,))
    sheet = str(table_one(ev, tmp_path))
    code, out = tourney("check", sheet, "--event", str(ev.path))
    assert code == 1 and (f"{leaver!r} is dropped from round 1 on, but was seated at this table: if they played it, "
                          f"'tourney players drop EVENT {leaver!r}' moves their drop after round 1 and this sheet "
                          "counts") in out, out
    assert tourney("players", "drop", str(ev.path), leaver) == (0, (
        f"moved the drop of {leaver!r} from after round 0 to after round 1: they were seated at table 1 of round 1, "
        "so that table's sheet counts with them\n"))
    assert dropped_after(ev, leaver) == 1
    assert tourney("results", "import", str(ev.path), sheet) == (0, "stored round 1, table 1\n1 table stored\n")
    assert (f"moved the drop of {leaver!r} to after round 1: seated at table 1 of round 1, whose sheet counts with "
            "them") in tourney("results", "history", str(ev.path))[1]
    # Once moved, dropping them again is refused as any second drop.
    assert tourney("players", "drop", str(ev.path), leaver)[0] == 1
