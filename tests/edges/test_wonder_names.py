"""Issue #46, item 8: the wonders named as the event language's edition beyond the printed
sheets: the terminal's `seating` and its draws, the live seating and table pages and the desk's
pad (French boards; German Gizeh); a sheet typed with those names is stored under the drawn
board's one name, so the same numbers typed again are unchanged."""
from __future__ import annotations

import re

from live_event import build_event, table_rows
from starlette.testclient import TestClient

from tourney.core.store import Event
from tourney.event import live
from tourney.games.registry import find_game
from tourney.server import app as server_app
from tourney.server import create_app

FIVE = ["Anna", "Ben", "Cleo", "Dirk", "Eva"]


def five_seated(run, lang: str) -> None:
    run("new", "ev.db", "--game", "7wonders", "--seed", "4", "--name", "Cup", "--lang", lang)
    run("players", "add", "ev.db", *FIVE)
    run("seat", "ev.db")


def test_the_terminal_seating_names_the_french_boards(run):
    five_seated(run, "fr")
    out = run("seating", "ev.db").output.splitlines()
    assert out[:6] == ["Ronde  Table  Siège  Joueur  Merveille",
                       "    1      1      1  Cleo    Gizeh",
                       "    1      1      2  Ben     Alexandrie",
                       "    1      1      3  Eva     Babylone",
                       "    1      1      4  Dirk    Halicarnasse",
                       "    1      1      5  Anna    Olympie"]
    assert out[6] == "ronde 1, merveilles : Gizeh, Alexandrie, Babylone, Halicarnasse, Olympie, Rhodes, Éphèse"
    # The machine formats keep the stored names.
    assert run("seating", "ev.db", "--format", "csv").output.splitlines()[1:3] == ["1,1,1,Cleo,Gizah",
                                                                                  "1,1,2,Ben,Alexandria"]


def test_the_terminal_player_view_names_the_french_board_and_csv_keeps_the_stored_one(run):
    five_seated(run, "fr")
    out = run("player", "ev.db", "Cleo").output.splitlines()
    assert out[1:3] == ["Ronde  Table  Siège  Merveille  PV  Place  Points  Part",
                        "    1      1      1  Gizeh"]
    assert run("player", "ev.db", "Cleo", "--format", "csv").output.splitlines()[1] == "1,1,1,Gizah,,,,"


def test_the_terminal_seating_names_gizeh_in_german_and_the_rest_as_the_german_boards(run):
    five_seated(run, "de")
    out = run("seating", "ev.db").output.splitlines()
    assert out[:3] == ["Runde  Tisch  Sitz  Spieler  Weltwunder",
                       "    1      1     1  Cleo     Gizeh",
                       "    1      1     2  Ben      Alexandria"]
    assert out[6] == "Runde 1, Weltwunder: Gizeh, Alexandria, Babylon, Halikarnassos, Olympia, Rhodos, Ephesos"


def test_live_pages_and_the_desk_pad_name_the_french_boards(tmp_path, monkeypatch):
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    monkeypatch.setattr(server_app, "SETTLE", 0.0)
    ev = build_event(tmp_path)
    event = Event.open(ev.path)
    from tourney.event.setup import update_event

    update_event(event, lang="fr", game=find_game("7wonders"))
    live.publish_round(event, 1, "test")
    french = {"Alexandria": "Alexandrie", "Babylon": "Babylone", "Ephesos": "Éphèse", "Gizah": "Gizeh",
              "Halikarnassos": "Halicarnasse", "Olympia": "Olympie", "Rhodos": "Rhodes"}
    seats = [s for s in event.seats(1) if s.table == 1]
    client = TestClient(create_app(str(ev.path)))
    seating = client.get("/rounds/1").text
    shown = re.findall(r'<span class="wonder">([^<]*)</span>', seating)
    assert shown and set(shown) <= set(french.values())
    table = client.get("/rounds/1/tables/1").text
    assert re.findall(r'<span class="wonder">([^<]*)</span>', table) == [french[s.wonder or ""] for s in seats]
    client.post("/desk/login", data={"token": ev.desk_a})
    pad = client.get("/desk/rounds/1/tables/1").text
    assert re.findall(r'<input name="wonder" data-seat="\d+" value="([^"]*)"', pad) == [french[s.wonder or ""]
                                                                                      for s in seats]
    # The desk sends the names it shows; the store keeps the drawn board, and the same sheet
    # sent again is unchanged.
    rows = [{**r, "wonder": french[str(r["wonder"])], "side": "A"}
            for r in ({**r, "wonder": s.wonder} for r, s in zip(table_rows(ev.path, 1, 1), seats))]
    token = {"Authorization": f"Bearer {ev.desk_a}"}
    saved = client.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": None}, headers=token)
    assert saved.status_code == 201, saved.json()
    [stored] = Event.open(ev.path).results()
    assert [ln.wonder for ln in stored.lines] == [s.wonder for s in seats]
    again = client.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": 1}, headers=token)
    assert again.status_code in (200, 201) and len(Event.open(ev.path).result_versions()) == 1, again.json()
    # The player's own page names their board as the French edition does, with its side.
    first = seats[0]
    page = client.get(f"/players/{first.player}").text
    assert f">{french[first.wonder or '']} A<" in page and f">{first.wonder} A<" not in page
