"""The wonder cards an organiser copies from the box into a file and loads into a One Card
Wonder event (`tourney event EVENT --catalogue FILE`): the checks of every sheet then know each
card's stages, and a name not on the list is unknown. Bad files are refused with the row and
nothing stored."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from conftest import ROOT
from tourney.core import store

ROUND1 = (ROOT / "examples" / "onecardwonder" / "round1.csv").read_text(encoding="utf-8")
CARDS = "Wunder,Bauabschnitte,Schwierigkeit,Gebäude\nZeus-Statue,9,I,1\nLeuchtturm Pharos,10,II,1\n" \
        "Apollo-Tempel,8,1,2\nKhazne al-Firaun,11,III,2\nKolosseum,10,2,1\n"


@pytest.fixture
def ocw(run):
    run("demo", "--dir", ".", "--game", "ocw")
    Path("wonders.csv").write_text(CARDS, encoding="utf-8")
    return "onecardwonder.db"


def stored(event: str) -> Any:
    value = store.Event.open(event).setting("catalogue")
    return None if value is None else json.loads(value)


def test_a_loaded_list_is_shown_stored_and_logged(run, ocw):
    out = run("event", ocw, "--catalogue", "wonders.csv").output
    assert out.endswith(", language en, 5 wonder cards from wonders.csv\n")
    assert stored(ocw) == {"file": "wonders.csv", "cards": [
        {"name": "Zeus-Statue", "stages": 9, "difficulty": 1, "buildings": 1},
        {"name": "Leuchtturm Pharos", "stages": 10, "difficulty": 2, "buildings": 1},
        {"name": "Apollo-Tempel", "stages": 8, "difficulty": 1, "buildings": 2},
        {"name": "Khazne al-Firaun", "stages": 11, "difficulty": 3, "buildings": 2},
        {"name": "Kolosseum", "stages": 10, "difficulty": 2, "buildings": 1}]}
    assert store.Event.open(ocw).history()[-1].params == {"changes": [["catalogue", {
        "text": "{file}, {cards} cards", "params": {"file": "wonders.csv", "cards": 5}}]]}
    assert run("results", "history", ocw).output.endswith(" changed the event: card catalogue = 'wonders.csv, 5 cards'\n")


def test_the_checks_use_the_stages_of_the_loaded_cards(run, ocw):
    sheet = ROUND1.replace("Zeus-Statue,7,", "Zeus-Statue,10,")
    Path("r1.csv").write_text(sheet, encoding="utf-8")
    assert run("check", "--event", ocw, "r1.csv").output.endswith("0 errors, 0 warnings\n")  # built-in list
    run("event", ocw, "--catalogue", "wonders.csv")
    out = run("check", "--event", ocw, "r1.csv", ok=None)
    assert out.exit_code == 1
    assert out.output == ("r1.csv:2: round 1, table 1: error: stages 10 for 'Anna Schmidt', but 'Zeus-Statue' has "
                          "9 construction stages: check the sheet [stages.max]\n"
                          "checked 1 file: 2 tables, 9 players: 1 error, 0 warnings\n")


def test_an_import_is_checked_against_the_loaded_cards_too(run, ocw):
    # Round 1 of the example is stored: its sheet again, as a correction, meets the loaded list
    # (Anna Schmidt completed 7 stages of Zeus-Statue; this list gives the card 6).
    Path("cards.csv").write_text("wonder,stages\nZeus-Statue,6\n", encoding="utf-8")
    run("event", ocw, "--catalogue", "cards.csv")
    Path("r1.csv").write_text(ROUND1, encoding="utf-8")
    out = run("results", "import", ocw, "r1.csv", "--correct", "--reason", "recheck", ok=None)
    assert out.exit_code == 1
    assert "stages 7 for 'Anna Schmidt', but 'Zeus-Statue' has 6 construction stages" in out.output


def test_with_a_loaded_list_a_wonder_not_on_it_is_unknown(run, ocw):
    Path("r1.csv").write_text(ROUND1.replace("Zeus-Statue", "Atlantis"), encoding="utf-8")
    run("event", ocw, "--catalogue", "wonders.csv")
    out = run("check", "--event", ocw, "r1.csv").output
    assert out == ("r1.csv:2: round 1, table 1: warning: wonder 'Atlantis' of 'Anna Schmidt' is not a known wonder "
                   "card: check the spelling (its stages can't be checked) [wonder.unknown]\n"
                   "checked 1 file: 2 tables, 9 players: 0 errors, 1 warning\n")


def test_an_xlsx_list_with_english_names(run, ocw):
    book = openpyxl.Workbook()
    sheet = book.active
    for row in (["wonder", "stages", "english"], ["Zeus-Statue", 9, "Statue of Zeus"], [None, None, None],
                ["Kolosseum", 10.0, None]):
        sheet.append(row)
    book.save("cards.xlsx")
    run("event", ocw, "--catalogue", "cards.xlsx")
    assert stored(ocw) == {"file": "cards.xlsx", "cards": [
        {"name": "Zeus-Statue", "stages": 9, "english": "Statue of Zeus"}, {"name": "Kolosseum", "stages": 10}]}


@pytest.mark.parametrize("text,message", [
    ("Wunder,Bauabschnitte\nZeus-Statue,9\nzeus statue,9\n",
     "bad.csv:3: 'zeus statue' is listed twice (first in row 2): the box has each wonder card once; delete one row"),
    ("Wunder,Stufe\nZeus-Statue,9\n",
     "bad.csv:1: the header ['Wunder', 'Stufe'] has no stages column: the first row names the columns wonder and "
     "stages (Wunder, Bauabschnitte), optionally difficulty, buildings and english"),
    ("Wunder,Bauabschnitte\nZeus-Statue,9\nKolosseum,\n",
     "bad.csv:3: Bauabschnitte is empty: write the number printed on the card (1 to 50)"),
    ("Wunder,Bauabschnitte,Schwierigkeit\nZeus-Statue,9,IV\n",
     "bad.csv:2: Schwierigkeit 'IV': write a whole number from 1 to 3"),
    ("Wunder,Bauabschnitte\n,9\n", "bad.csv:2: the wonder's name is empty: write the name printed on the card"),
    ("wonder,stages\n", "bad.csv: no wonder cards below the header"),
    ("", "bad.csv: the file is empty: it needs a header row with the columns wonder and stages (Wunder, "
         "Bauabschnitte)"),
])
def test_a_bad_list_is_refused_and_the_loaded_one_kept(run, ocw, text, message):
    run("event", ocw, "--catalogue", "wonders.csv")
    Path("bad.csv").write_text(text, encoding="utf-8")
    out = run("event", ocw, "--catalogue", "bad.csv", ok=None)
    assert (out.exit_code, out.output) == (1, f"Error: {message}\n")
    assert stored(ocw)["file"] == "wonders.csv"


def test_removing_the_list_and_a_game_without_one(run, ocw):
    run("event", ocw, "--catalogue", "wonders.csv")
    assert run("event", ocw, "--catalogue", "").output.endswith(", language en\n")
    assert stored(ocw) is None
    run("new", "7w.db", "--game", "7wonders", "--seed", "1")
    out = run("event", "7w.db", "--catalogue", "wonders.csv", ok=None)
    assert out.exit_code == 2
    assert out.output.endswith("Error: --catalogue: a 7 Wonders event has no card list to load: its card data is "
                               "built in\n")
