"""Honest standings (issue 13.6): nothing ranked before the first result, no round after the
last one with results, games played and drops in every format, the qualification cut, and
one player's event."""
from __future__ import annotations

import json

import openpyxl
import pytest
from conftest import line, write_sheet

FIVE = ["Anna", "Ben", "Cleo", "Dirk", "Eva"]


def event(run, *, results: bool = True):
    run("new", "ev.db", "--game", "7wonders", "--seed", "3", "--name", "Cup", "--rounds", "4")
    run("players", "add", "ev.db", *FIVE)
    if results:
        # VP 13..17 by seat: Eva first, Anna last.
        write_sheet(run.folder / "r1.csv", [line(1, 1, i, n, civilian=i + 9) for i, n in enumerate(FIVE, 1)])
        run("results", "import", "ev.db", "r1.csv")
        run("players", "drop", "ev.db", "Dirk")


def test_before_any_result_every_format_says_no_results_yet(run):
    event(run, results=False)
    assert run("standings", "ev.db").output == "Cup: standings\nno results yet\n"
    assert run("standings", "ev.db", "--format", "csv").output == \
        "rank,player,points,share,vp,coins,lot,games,dropped_after\n"
    assert run("standings", "ev.db", "--format", "json").output == "[]\n"
    run("export", "ev.db", "-o", "s.html")
    page = (run.folder / "s.html").read_text()
    assert '<p class="empty">no results yet</p>' in page and "<table>" not in page
    run("export", "ev.db", "-o", "s.xlsx")
    ws = openpyxl.load_workbook(run.folder / "s.xlsx")["Standings"]
    assert [c.value for c in ws["A"]] == ["Cup: standings", "no results yet"]
    assert run("export", "ev.db", "-o", "s.pdf").output == "wrote s.pdf: 1 page\n"


def test_after_round_past_the_last_round_with_results_is_refused(run):
    event(run)
    r = run("standings", "ev.db", "--after-round", "5", ok=None)
    assert r.exit_code == 2
    assert r.output.endswith("Error: --after-round 5: the last round with results is round 1; "
                             "use --after-round 1 or less\n")
    assert run("export", "ev.db", "-o", "s.csv", "--after-round", "2", ok=None).exit_code == 2
    assert not (run.folder / "s.csv").exists()
    assert run("standings", "ev.db", "--after-round", "1").output.startswith("Cup: standings after round 1\n")


# VP 14..18 at one table of 5 (80 in all): places 1-5 earn 6-4-3-2-1, share = VP / 80.
TABLE = ("Cup: standings\n"
         "Rank  Player          Points   Share  VP  Coins  Lot  Games\n"
         "----  --------------  ------  ------  --  -----  ---  -----\n"
         "   1  Eva                  6  0.2250  18      3    5      1\n"
         "   2  Dirk (dropped)       4  0.2125  17      3    1      1\n"
         "   3  Cleo                 3  0.2000  16      3    4      1\n"
         "----  --------------  ------  ------  --  -----  ---  -----\n"
         "   4  Ben                  2  0.1875  15      3    2      1\n"
         "   5  Anna                 1  0.1750  14      3    3      1\n")


def test_games_drops_and_the_cut_in_the_terminal(run):
    event(run)
    assert run("standings", "ev.db", "--cut", "3").output == TABLE
    without = TABLE.splitlines(keepends=True)
    del without[6]  # no cut: no second rule
    assert run("standings", "ev.db").output == "".join(without)
    # A cut at or past the field draws no line.
    assert run("standings", "ev.db", "--cut", "5").output == "".join(without)


def test_csv_and_json_have_games_drop_and_qualified(run):
    event(run)
    assert run("standings", "ev.db", "--format", "csv", "--cut", "3").output == (
        "rank,player,points,share,vp,coins,lot,games,dropped_after,qualified\n"
        "1,Eva,6,0.225,18,3,5,1,,yes\n"
        "2,Dirk,4,0.2125,17,3,1,1,1,yes\n"
        "3,Cleo,3,0.2,16,3,4,1,,yes\n"
        "4,Ben,2,0.1875,15,3,2,1,,no\n"
        "5,Anna,1,0.175,14,3,3,1,,no\n")
    data = json.loads(run("standings", "ev.db", "--format", "json", "--cut", "3").output)
    assert data[1] == {"rank": 2, "player": "Dirk", "points": 4, "share": 0.2125, "vp": 17, "coins": 3,
                       "lot": 1, "games": 1, "dropped_after": 1, "qualified": True}
    assert [d["qualified"] for d in data] == [True, True, True, False, False]
    assert "qualified" not in json.loads(run("standings", "ev.db", "--format", "json").output)[0]


def test_html_and_xlsx_mark_drops_games_and_the_cut(run):
    event(run)
    run("export", "ev.db", "-o", "s.html", "--cut", "3")
    page = (run.folder / "s.html").read_text()
    assert "<th>Games</th>" in page
    assert '<tr class="dropped"><td>2</td><td>Dirk (dropped)</td>' in page
    assert '<tr class="cut"><td>3</td><td>Cleo</td>' in page
    assert "Qualification line: the first 3 above the red line." in page
    run("export", "ev.db", "-o", "s.xlsx", "--cut", "3")
    ws = openpyxl.load_workbook(run.folder / "s.xlsx")["Standings"]
    assert [c.value for c in ws[1]] == ["Rank", "Player", "Points", "Share", "VP", "Coins", "Lot", "Games",
                                        "Dropped after", "Qualified"]
    assert [c.value for c in ws[3]][7:] == [1, 1, "yes"]
    assert ws["A4"].border.bottom.style == "thick" and ws["A5"].border.bottom.style is None
    assert run("export", "ev.db", "-o", "s.pdf", "--cut", "3").output == "wrote s.pdf: 1 page\n"


def test_the_event_cut_is_the_default_everywhere(run):
    event(run)
    assert run("event", "ev.db", "--cut", "3").output.endswith(", cut after rank 3\n")
    assert run("standings", "ev.db").output == TABLE
    run("export", "ev.db", "-o", "s.csv")
    assert (run.folder / "s.csv").read_text().splitlines()[0].endswith(",qualified")
    from starlette.testclient import TestClient

    from tourney.server.app import create_app

    page = TestClient(create_app(str(run.folder / "ev.db"))).get("/standings").text
    assert page.count('class=" cut"') + page.count('class="cut"') == 1
    run("event", "ev.db", "--cut", "0")
    assert "qualified" not in run("standings", "ev.db", "--format", "csv").output


def test_player_view(run):
    event(run)
    run("seat", "ev.db")  # round 2, not played yet
    out = run("player", "ev.db", "eva").output
    assert out.splitlines()[0] == "Eva: rank 1 of 5 after 1 game"
    assert out.splitlines()[1].split() == ["Round", "Table", "Seat", "Wonder", "VP", "Place", "Points", "Share"]
    assert out.splitlines()[2].split() == ["1", "1", "5", "18", "1", "6", "0.2250"]
    assert out.splitlines()[3].split() == ["2", "1", "1", "Alexandria"]  # seated, not played yet
    assert run("player", "ev.db", "DIRK").output.splitlines()[0] == \
        "Dirk: rank 2 of 5 after 1 game, dropped after round 1"
    assert run("player", "ev.db", "cleo", "--format", "csv").output.splitlines()[:2] == [
        "round,table,seat,wonder,vp,place,points,share", "1,1,3,,16,3,3,0.2000"]
    r = run("player", "ev.db", "Cloe", ok=None)
    assert r.exit_code == 1 and r.output == "Error: no registered player 'Cloe': did you mean 'Cleo'?\n"


@pytest.mark.parametrize("name", ["Jürgen Weiß", "jurgen weiss", "JÜRGEN WEISS"])
def test_player_names_match_case_and_umlaut_tolerantly(run, name):
    run("new", "ev.db", "--game", "7wonders", "--seed", "3")
    run("players", "add", "ev.db", "Jürgen Weiß", "Anna", "Ben")
    assert run("player", "ev.db", name).output == "Jürgen Weiß: no results yet\nnot seated yet\n"
