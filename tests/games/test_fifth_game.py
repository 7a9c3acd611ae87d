"""A fifth game added as `docs/adding-a-game.md` says: its two packages (here under tests/: the
rules `toyrules`, the event workflow `toygame`) and its one registry line (`toygame.TOY`, which
`with_games` registers); every command then runs it, with no other change."""
from __future__ import annotations

import ast
import json
from fractions import Fraction
from pathlib import Path

from conftest import ROOT
from openpyxl import load_workbook
from pypdf import PdfReader
from toygame import TOY

from tourney.event.placepoints import bonn_scaled

NAMES = ["Anna", "Ben", "Cleo", "Dana", "Emil", "Frida", "Greta", "Hugo"]


def imports(package: str) -> set[str]:
    found = set()
    for path in (ROOT / "tests" / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
    return found


def test_a_fifth_game_is_its_two_packages_and_one_registry_line(with_games):
    from tourney.games import registry

    assert registry.GAMES[-1] is TOY and with_games["toy"] is TOY.workflow()
    # The rules know nothing of tourney; the workflow uses only the generic parts of tourney.games.
    assert not any(m.split(".")[0] == "tourney" for m in imports("toyrules"))
    assert {m for m in imports("toygame") if m.startswith("tourney.games")} == {
        "tourney.games.base", "tourney.games.registry", "tourney.games.tablegame", "tourney.games.tablegame.model"}


def seated_sheet(run, path: str) -> None:
    """Round 1's sheet as a CSV file: at each table seat 1 has most gold, seats 2 and 3 equal gold."""
    seats = json.loads(run("seating", "e.db", "--round", "1", "--format", "json").output)
    gold, silver = {1: 9, 2: 7, 3: 7, 4: 1}, {1: 0, 2: 2, 3: 1, 4: 0}
    Path(path).write_text("Runde,Tisch,Platz,Spieler,Gold,Silber\n" + "".join(
        f"1,{s['table']},{s['seat']},{s['player']},{gold[s['seat']]},{silver[s['seat']]}\n" for s in seats),
        encoding="utf-8")


def test_an_event_of_the_fifth_game_from_new_to_the_season(run, with_games):
    Path("roster.csv").write_text("name\n" + "\n".join(NAMES) + "\n", encoding="utf-8")
    created = run("new", "e.db", "--game", "toygame", "--rounds", "1", "--seed", "5", "--date", "2026-03-01").output
    assert created == "created 'e' in e.db: toy, scheme bonn, 1 round, draw fingerprint 7cdbd3ff126abdd8\n"
    run("players", "import", "e.db", "roster.csv")
    assert run("seat", "e.db", "--round", "1").output.startswith("round 1: 8 players at 2 tables (4+4)\n")
    assert run("sheets", "e.db", "--round", "1", "-o", "r1.xlsx", "--lang", "de").output.startswith("wrote r1.xlsx")
    header = [c.value for c in load_workbook("r1.xlsx").worksheets[1][4]]
    assert header == ["Runde", "Tisch", "Sitz", "Spieler", "Gold", "Silber"]
    seated_sheet(run, "r1.csv")
    # Without an event the header tells the game; with it the seating is checked too.
    checked = "checked 1 file: 2 tables, 8 players: 0 errors, 0 warnings\n"
    assert run("check", "r1.csv").output == checked
    assert run("check", "r1.csv", "--event", "e.db").output == checked
    assert run("results", "import", "e.db", "r1.csv").output.endswith("2 tables stored\n")

    csv_text = run("standings", "e.db", "--format", "csv").output
    assert csv_text.splitlines()[0] == "rank,player,points,gold,lot,games,dropped_after"
    rows = json.loads(run("standings", "e.db", "--format", "json").output)
    # Each table hands out its place points 5-3-2-1; equal gold does not share a place (silver breaks it).
    assert sorted(Fraction(str(r["points"])) for r in rows) == sorted([*bonn_scaled(4)] * 2)
    assert [r["gold"] for r in rows[:2]] == [9, 9]
    first = rows[0]["player"]
    assert "Place" in run("player", "e.db", first).output
    for out in ("s.xlsx", "s.csv", "s.json", "s.html", "s.pdf"):
        assert run("export", "e.db", "-o", out).output.startswith(f"wrote {out}")
    assert load_workbook("s.xlsx").sheetnames == ["Standings", "Games", "Players", "Draws", "tourney-draws"]
    assert run("print", "e.db", "--round", "1", "--what", "pads", "-o", "pads.pdf").output.startswith("wrote pads.pdf")
    assert "Hugo\ngold\nsilver\n" in PdfReader("pads.pdf").pages[0].extract_text()  # a column per score
    assert "Per seat" in run("stats", "e.db").output
    assert first in run("rating", "e.db").output
    season = run("season", "e.db", "--spots", "2", "--format", "csv").output
    assert season.splitlines()[1].split(",")[-1] in NAMES
    assert run("verify-draws", "s.xlsx", "--seed", "5").output == "all 1 round matches\n"


def test_the_live_desk_takes_a_sheet_of_the_fifth_game(run, with_games, monkeypatch):
    import re

    from starlette.testclient import TestClient

    from tourney.core.store import Event
    from tourney.event import live
    from tourney.server import app as server_app
    from tourney.server import create_app

    Path("roster.csv").write_text("name\n" + "\n".join(NAMES[:4]) + "\n", encoding="utf-8")
    run("new", "e.db", "--game", "toy", "--seed", "5")
    run("players", "import", "e.db", "roster.csv")
    run("seat", "e.db", "--round", "1")
    token = run("desk", "add", "e.db", "A").output.split("token: ")[1].strip()
    live.publish_round(Event.open("e.db"), 1, "test")
    monkeypatch.setattr(server_app, "SETTLE", 0.0)
    client = TestClient(create_app("e.db"))
    client.post("/desk/login", data={"token": token})
    form = client.get("/desk/rounds/1/tables/1").text
    assert {"gold", "silver"} <= set(re.findall(r'<input name="(\w+)"', form))
    seats = Event.open("e.db").seats(1)
    rows = [{"seat": s.seat, "player": s.player, "gold": 10 - s.seat, "silver": 0} for s in seats]
    saved = client.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": None},
                        headers={"Authorization": f"Bearer {token}"})
    assert saved.status_code == 201, saved.json()
    assert client.get("/api/standings").json()[0]["player"] == seats[0].player  # seat 1 has most gold
