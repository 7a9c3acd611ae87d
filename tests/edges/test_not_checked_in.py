"""Issue #46, item 6: players who never checked in took no part: they are listed as "not checked
in" (standings, players list, `tourney player`, the history, the live pages), not ranked as
"(dropped)" with 0 games below everyone who played."""
from __future__ import annotations

import csv
import io
import json

from openpyxl import load_workbook
from starlette.testclient import TestClient

from conftest import fill_sheet
from tourney.server import app as server_app
from tourney.server import create_app

NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Fritz", "Greta", "Helmut"]


def played_without_three(run, lang: str = "en") -> None:
    """Check-in on, five of eight checked in, round 1 seated (one table of five) and played."""
    run("new", "ci.db", "--game", "7wonders", "--seed", "4", "--name", "Cup", "--lang", lang)
    run("players", "add", "ci.db", *NAMES)
    run("event", "ci.db", "--check-in", "on")
    run("players", "checkin", "ci.db", *NAMES[:5])
    run("seat", "ci.db")
    run("sheets", "ci.db", "--round", "1", "-o", "r1.xlsx")
    wb = load_workbook(run.folder / "r1.xlsx")
    fill_sheet(wb["Table 1"] if "Table 1" in wb.sheetnames else wb.worksheets[1])
    wb.save(run.folder / "r1.xlsx")
    run("results", "import", "ci.db", "r1.xlsx")


def test_the_standings_rank_who_played_and_name_who_never_checked_in(run):
    played_without_three(run)
    assert run("standings", "ci.db").output == (
        "Cup: standings\n"
        "Rank  Player  Points   Share  VP  Coins  Lot  Games\n"
        "----  ------  ------  ------  --  -----  ---  -----\n"
        "   1  Anna         6  0.3000  18      4    4      1\n"
        "   2  Dirk         4  0.2500  15      4    5      1\n"
        "   3  Eva          3  0.2000  12      4    2      1\n"
        "   4  Ben          2  0.1500   9      4    8      1\n"
        "   5  Cleo         1  0.1000   6      4    6      1\n"
        "not checked in (not ranked): Fritz, Greta, Helmut\n")
    rows = list(csv.DictReader(io.StringIO(run("standings", "ci.db", "--format", "csv").output)))
    assert [r["player"] for r in rows] == ["Anna", "Dirk", "Eva", "Ben", "Cleo"]
    assert [r["player"] for r in json.loads(run("standings", "ci.db", "--format", "json").output)] == [
        "Anna", "Dirk", "Eva", "Ben", "Cleo"]
    assert run("player", "ci.db", "Fritz").output == "Fritz: not checked in\nnot seated yet\n"
    listed = run("players", "list", "ci.db").output.splitlines()
    assert listed[6].split() == ["Fritz", "1", "before", "round", "1", "not", "checked", "in"]
    assert "the organiser left 'Greta' out of round 1: not checked in" in run("results", "history", "ci.db").output
    run("export", "ci.db", "-o", "final.xlsx")
    wb = load_workbook(run.folder / "final.xlsx")
    ranked = [ws for ws in wb.worksheets if ws.title in ("Standings", "Players")]  # the Draws sheet: every lot
    assert len(ranked) == 2 and not any(c == "Fritz" for ws in ranked for row in ws.iter_rows(values_only=True)
                                        for c in row)


def test_in_french_and_german_they_are_not_checked_in(run):
    played_without_three(run, "fr")
    assert run("standings", "ci.db").output.splitlines()[-1] == "non pointés (non classés) : Fritz, Greta, Helmut"
    assert run("player", "ci.db", "Greta").output.splitlines()[0] == "Greta: non pointé"
    run("event", "ci.db", "--lang", "de")
    assert run("standings", "ci.db").output.splitlines()[-1] == ("nicht eingecheckt (nicht in der Wertung): Fritz, "
                                                                "Greta, Helmut")
    assert "Fritz (ausgeschieden)" not in run("standings", "ci.db").output


def test_a_player_dropped_before_round_one_is_named_so(run):
    played_without_three(run)
    run("players", "checkin", "ci.db", "Fritz")  # back in: plays from round 2
    run("players", "drop", "ci.db", "Fritz")
    assert run("standings", "ci.db").output.splitlines()[-1] == "not checked in (not ranked): Greta, Helmut"
    assert run("player", "ci.db", "Fritz").output.splitlines()[0] == "Fritz: rank 6 of 6 after 0 games, dropped after round 1"


def test_the_live_pages_say_not_checked_in(run, monkeypatch):
    played_without_three(run, "fr")
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    client = TestClient(create_app(str(run.folder / "ci.db")))
    standings = client.get("/standings").text
    assert "non pointés (non classés) : Fritz, Greta, Helmut" in standings and ">Fritz<" not in standings
    page = client.get("/players/Fritz").text
    assert "<p>non pointé</p>" in page and '<span class="tag">abandon</span>' not in page

